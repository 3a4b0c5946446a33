"""``make run`` (scripts/run.sh) serves on the port it is given and sends its tasks to a queue of this
checkout's own, so two checkouts sharing one Redis never run each other's tasks; a signal stops all of it.

It runs the real script: Redis (the suite's, reused and left running), migrations and the catalogue import
against a copy of the test database (already imported: nothing to change), a Celery worker and the server.
"""

from __future__ import annotations

import hashlib
import os
import signal
import socket
import sqlite3
import subprocess
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.db import connection

ROOT = Path(__file__).resolve().parent.parent

pytestmark = [pytest.mark.celery, pytest.mark.django_db(transaction=True)]


def _run_control(app: Any) -> Any:
    """Celery's remote control on the control channel of ``make run``'s worker (the site's settings): a suite run
    in several processes gives each its own channel (config/settings_test.py), which that worker does not hear.
    Ask through its ``broadcast``/``ping`` only: ``Control.inspect`` sends through ``app.control`` (this suite
    process's own channel), whatever Control it came from."""
    from celery.app.control import Control

    mine = app.conf.control_exchange
    app.conf.control_exchange = "celery"
    try:
        return Control(app)
    finally:
        app.conf.control_exchange = mine


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return bool(response.status == 200)
    except OSError:
        return False


def test_make_run_takes_its_port_and_a_queue_of_its_own_and_stops_everything_on_a_signal(tmp_path: Path) -> None:
    from celery.app.control import flatten_reply

    from catalogue.models import Card
    from catalogue.services import DATA_DIR, catalogue_import
    from config.celery import app

    if not Card.objects.exists():  # an earlier transactional test emptied the database
        catalogue_import(paths=[DATA_DIR])
    database = tmp_path / "run.sqlite3"
    # Through SQLite's backup API, never a plain file copy: opening and closing the live database file outside
    # SQLite drops every POSIX lock this process holds on it, and the suite's Celery worker may then take itself
    # for the last connection and delete the write-ahead log under this process's open connections (every later
    # connection here then fails with "disk I/O error"). The backup also carries what is still in the log.
    source, target = sqlite3.connect(connection.settings_dict["NAME"]), sqlite3.connect(database)
    try:
        source.backup(target)
    finally:
        source.close()
        target.close()
    port = _free_port()
    redis_port = settings.CELERY_BROKER_URL.rsplit(":", 1)[1].split("/")[0]
    env: dict[str, Any] = {**os.environ, "PORT": str(port), "REDIS_PORT": redis_port,
                           "DATABASE_URL": f"sqlite:///{database}", "DEBUG": "1", "CELERY_CONCURRENCY": "1"}
    for name in ("REDIS_URL", "CELERY_QUEUE", "DJANGO_SETTINGS_MODULE", "MUSTER_TEST_DB"):
        env.pop(name, None)
    log = tmp_path / "run.log"
    with log.open("wb") as out:
        run = subprocess.Popen([str(ROOT / "scripts" / "run.sh")], cwd=ROOT, env=env, stdout=out,
                               stderr=subprocess.STDOUT, start_new_session=True)
    control = _run_control(app)
    queue = "muster-" + hashlib.sha1((str(ROOT.resolve()) + "\n").encode()).hexdigest()[:10]
    worker = f"muster-run-{port}@{socket.gethostname()}"
    marker = ROOT / ".run" / f"redis-{redis_port}.ours"
    suite_owns_redis = marker.exists()
    try:
        deadline = time.monotonic() + 240
        while not _answers(f"http://127.0.0.1:{port}/healthz"):
            assert run.poll() is None, log.read_text()
            assert time.monotonic() < deadline, "make run did not serve in time:\n" + log.read_text()
            time.sleep(1)
        queues: dict[str, Any] | None = None
        while time.monotonic() < deadline and not queues:
            queues = flatten_reply(control.broadcast("active_queues", destination=[worker], reply=True, timeout=2))
        assert queues, "the worker did not answer:\n" + log.read_text()
        assert [q["name"] for q in queues[worker]] == [queue], "the worker reads this checkout's queue only"
        text = log.read_text()
        assert f"Serving Muster on http://127.0.0.1:{port}" in text and queue in text
        if os.geteuid() == 0:
            assert "runs as root because the SQLite database" in text, "as root it says why the worker is root"
    finally:
        os.kill(run.pid, signal.SIGTERM)  # the script alone: it stops what it started
        try:
            run.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(run.pid, signal.SIGKILL)
            raise
    assert "Stopped." in log.read_text()
    assert not _answers(f"http://127.0.0.1:{port}/healthz")
    assert not control.ping(destination=[worker], timeout=1), "the worker stopped too"
    assert marker.exists() == suite_owns_redis, "the suite's Redis is still the suite's to stop"


def test_a_port_that_is_not_a_number_is_refused() -> None:
    result = subprocess.run([str(ROOT / "scripts" / "run.sh")], cwd=ROOT, env={**os.environ, "PORT": "80; rm"},
                            capture_output=True, text=True, timeout=30)
    assert result.returncode == 2 and "PORT must be a number" in result.stderr
