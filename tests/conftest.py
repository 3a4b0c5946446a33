"""Shared fixtures: the real Celery worker (against the real Redis that ``make test`` starts)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _worker_database_url() -> str:
    from django.db import connection

    settings = connection.settings_dict
    if settings["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{settings['NAME']}"
    user = settings.get("USER") or ""
    password = settings.get("PASSWORD") or ""
    auth = f"{user}:{password}@" if password else (f"{user}@" if user else "")
    host = settings.get("HOST") or "localhost"
    port = f":{settings['PORT']}" if settings.get("PORT") else ""
    return f"postgres://{auth}{host}{port}/{settings['NAME']}"


@pytest.fixture(scope="session")
def celery_worker_process(django_db_setup: None, django_db_blocker: object) -> Iterator[subprocess.Popen[bytes]]:
    """A real ``celery worker`` in a subprocess, on the test database and the test Redis.

    Tests that need it also need ``transactional_db`` (the worker is another connection and must see
    committed rows)."""
    from django.conf import settings

    env = dict(os.environ)
    env["DJANGO_SETTINGS_MODULE"] = "config.settings_test"
    env["DATABASE_URL"] = _worker_database_url()
    env["REDIS_URL"] = settings.CELERY_BROKER_URL
    log = open(ROOT / ".run" / "test-celery-worker.log", "wb")  # noqa: SIM115 - closed at teardown
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--pool=solo",
            "--loglevel=INFO",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
            "--hostname=muster-test@%h",
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    from config.celery import app

    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("the Celery worker exited; see .run/test-celery-worker.log")
        if app.control.ping(timeout=0.5):
            break
    else:
        proc.terminate()
        raise RuntimeError("the Celery worker did not answer within 60 s; see .run/test-celery-worker.log")
    yield proc
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
    log.close()
