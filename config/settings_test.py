"""Settings for the test suite: the real settings with a throwaway key and fast password hashing."""

from __future__ import annotations

import os

os.environ.setdefault("MUSTER_ALLOW_LOCAL_SECRET", "1")

from .settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES["staticfiles"]["BACKEND"] = "django.contrib.staticfiles.storage.StaticFilesStorage"  # noqa: F405
