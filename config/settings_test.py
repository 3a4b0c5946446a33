"""Settings for the test suite: the real settings with a throwaway key and fast password hashing."""

from __future__ import annotations

import os

os.environ.setdefault("MUSTER_ALLOW_LOCAL_SECRET", "1")

from .settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES["staticfiles"]["BACKEND"] = "django.contrib.staticfiles.storage.StaticFilesStorage"  # noqa: F405

# pytest -n (make test runs the suite in two processes): each process of the suite, and the Celery workers it
# starts (they inherit PYTEST_XDIST_WORKER), has a queue and a control channel of its own on the test Redis, so
# one process's worker never takes another's tasks or answers its pings. pytest-django gives each its own database.
_XDIST_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
if _XDIST_WORKER:
    CELERY_TASK_DEFAULT_QUEUE = f"{CELERY_TASK_DEFAULT_QUEUE}-{_XDIST_WORKER}"  # noqa: F405
    CELERY_CONTROL_EXCHANGE = f"celery-{_XDIST_WORKER}"
