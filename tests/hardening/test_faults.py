"""Faults lose nothing, on the real pieces (Redis, Celery workers, the database): the whole worker killed with
SIGKILL mid-job and a new one started, Redis restarted mid-job, the start lost with the web process, the same
start sent twice. Each job completes and every battle is counted exactly once (the result equals the one
computed in one process). The reconciler runs in the new worker's beat every 2 s, judging a job stalled after
5 s (MATCHUP_RECONCILE_EVERY, MATCHUP_STALE_AFTER).

The Redis-restart test gives its worker a Redis of its own (a free port, no persistence: it comes back empty,
the worst case) and restarts that one for real, so the suite's shared Redis and its connections are never
touched."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from simulate.models import Matchup, MatchupChunk
from simulate.services import matchup_compute
from simulate.tasks import matchup_start
from tests.conftest import ROOT, _worker_database_url
from tests.simulate.matchups import SMALL_LISTS, spec_for, stored_matchup

pytestmark = [pytest.mark.celery, pytest.mark.django_db(transaction=True)]

RECOVER_WITHIN = 120.0  # seconds, from the fault to the job done


@contextmanager
def worker(name: str, *, beat: bool = True, broker: str | None = None) -> Iterator[subprocess.Popen[bytes]]:
    """A real worker (prefork, 1 process) with the reconciler's beat inside it, on the suite's Redis or on
    ``broker``."""
    from django.conf import settings

    from config.celery import app

    own = broker is None  # on the suite's Redis, asked through this process's connections
    broker = broker or settings.CELERY_BROKER_URL
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings_test", "DATABASE_URL": _worker_database_url(),
           "REDIS_URL": broker, "MATCHUP_RECONCILE_EVERY": "2", "MATCHUP_STALE_AFTER": "5"}
    log_path = ROOT / ".run" / f"test-celery-{name}.log"
    log_path.unlink(missing_ok=True)
    log = open(log_path, "ab")  # noqa: SIM115 - closed below
    args = [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=prefork", "--concurrency=1",
            "--loglevel=INFO", "--without-gossip", "--without-mingle", "--without-heartbeat",
            f"--hostname={name}@%h"]
    if beat:
        args += ["-B", "--schedule", str(ROOT / ".run" / f"beat-{name}")]
    proc = subprocess.Popen(args, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    hostname = f"{name}@{socket.gethostname()}"
    try:
        deadline = time.monotonic() + 60
        while not (app.control.ping(destination=[hostname], timeout=0.5) if own else _said_ready(log_path, hostname)):
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the worker {hostname} did not start; see .run/test-celery-{name}.log")
            if not own:
                time.sleep(0.2)
        yield proc
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
        log.close()


def _said_ready(log: Path, hostname: str) -> bool:
    """Whether the worker wrote that it is ready (a worker on another Redis than this process's)."""
    return log.exists() and f"{hostname} ready." in log.read_text(errors="replace")


def _kill_all(proc: subprocess.Popen[bytes]) -> None:
    """SIGKILL the worker and its pool: a machine that died."""
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)


def _wait_done(job: Matchup, timeout: float = RECOVER_WITHIN) -> float:
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        job.refresh_from_db()
        if job.status in (Matchup.Status.DONE, Matchup.Status.FAILED):
            return time.monotonic() - start
        time.sleep(0.2)
    raise AssertionError(f"matchup {job.pk} still {job.status} after {timeout:.0f} s "
                         f"({job.chunks.filter(stats__isnull=False).count()} of {job.chunk_count} chunks)")


def _wait_playing(job: Matchup, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if MatchupChunk.objects.filter(matchup=job, stats__isnull=True, done__gt=0).exists():
            return
        time.sleep(0.05)
    raise AssertionError("no chunk started")


def _exact(job: Matchup, spec: object) -> None:
    job.refresh_from_db()
    assert job.status == Matchup.Status.DONE, job.error
    assert job.chunks.filter(stats__isnull=False).count() == job.chunk_count
    assert job.result is not None and job.result["battles"] == job.battles
    assert job.result == matchup_compute(spec)  # type: ignore[arg-type]


def _purge() -> None:
    """Drop what earlier tests left queued (after a Redis restart the first call may meet a closed connection)."""
    from redis.exceptions import ConnectionError as RedisConnectionError

    from config.celery import app

    for _attempt in range(3):
        try:
            app.control.purge()
            return
        except (RedisConnectionError, OSError):
            time.sleep(0.5)


def test_kill_9_of_the_whole_worker_then_a_new_worker_finishes_the_job_exactly_within_2_minutes() -> None:
    _purge()
    spec = spec_for(SMALL_LISTS, battles=40, seed=9)
    job = stored_matchup(spec, chunk_size=10)
    with worker("fault-doomed", beat=False) as doomed:
        matchup_start.delay(str(job.pk))
        _wait_playing(job)
        _kill_all(doomed)
    killed = time.monotonic()
    with worker("fault-new"):
        _wait_done(job)
    recovery = time.monotonic() - killed
    print(f"kill -9 of the whole worker, then a new worker: done {recovery:.1f} s after the kill")
    assert recovery < RECOVER_WITHIN
    _exact(job, spec)


def test_a_start_lost_with_the_web_process_is_started_by_the_reconciler() -> None:
    _purge()
    spec = spec_for(SMALL_LISTS, battles=20, seed=11)
    job = stored_matchup(spec, chunk_size=10)  # saved, but the web process died before sending its start
    with worker("fault-web"):
        _wait_done(job)
    _exact(job, spec)


def test_the_same_start_sent_twice_counts_every_battle_once() -> None:
    _purge()
    spec = spec_for(SMALL_LISTS, battles=40, seed=12)
    job = stored_matchup(spec, chunk_size=10)
    with worker("fault-double"):
        matchup_start.delay(str(job.pk))
        matchup_start.delay(str(job.pk))
        _wait_done(job)
    _exact(job, spec)
    assert MatchupChunk.objects.filter(matchup=job).count() == job.chunk_count


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def own_redis() -> Iterator[tuple[int, Callable[[], None]]]:
    """A Redis of this test's own on a free port (no persistence), and a function that restarts it: SHUTDOWN
    NOSAVE, then a new server on the same port, empty, as after a crash of a Redis that keeps nothing."""
    port = _free_port()
    log = ROOT / ".run" / f"test-redis-fault-{port}.log"

    def start() -> subprocess.Popen[bytes]:
        proc = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                                 "--appendonly", "no", "--dir", str(ROOT / ".run"), "--logfile", str(log)])
        deadline = time.monotonic() + 30
        while subprocess.run(["redis-cli", "-p", str(port), "ping"], capture_output=True).stdout.strip() != b"PONG":
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"Redis did not start on {port}; see {log}")
            time.sleep(0.1)
        return proc

    server = [start()]

    def restart() -> None:
        subprocess.run(["redis-cli", "-p", str(port), "shutdown", "nosave"], capture_output=True, timeout=30)
        server[0].wait(timeout=30)
        server[0] = start()

    try:
        yield port, restart
    finally:
        server[0].terminate()
        server[0].wait(timeout=30)


def test_redis_restarted_mid_job_loses_no_battle() -> None:
    from kombu import Connection

    spec = spec_for(SMALL_LISTS, battles=40, seed=10)
    job = stored_matchup(spec, chunk_size=10)
    with own_redis() as (port, restart):
        broker = f"redis://127.0.0.1:{port}/0"
        with worker("fault-redis", broker=broker):
            with Connection(broker) as connection:
                matchup_start.apply_async(args=(str(job.pk),), connection=connection)  # type: ignore[call-arg]
            _wait_playing(job)
            # Redis stops and comes back empty: the queued chunks and the chord's counter are gone; the worker
            # and its beat reconnect, and the database still knows the job.
            restart()
            restarted = time.monotonic()
            _wait_done(job)
    took = time.monotonic() - restarted
    print(f"Redis restarted mid-job: done {took:.1f} s after the restart")
    assert took < RECOVER_WITHIN
    _exact(job, spec)
