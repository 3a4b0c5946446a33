"""The Celery application. Tasks live in each app's ``tasks.py`` and are discovered here."""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("muster")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.task(name="muster.ping", acks_late=True)
def ping(value: int) -> dict[str, object]:
    """A health check through the broker and a worker: returns what it was sent, doubled."""
    import socket

    return {"pong": value * 2, "worker": socket.gethostname()}
