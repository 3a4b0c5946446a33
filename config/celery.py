"""The Celery application. Tasks live in each app's ``tasks.py`` and are discovered here."""

from __future__ import annotations

import gc
import logging
import os
from typing import Any

from celery import Celery
from celery.signals import worker_init, worker_process_init, worker_ready

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("muster")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.task(name="muster.ping", acks_late=True)
def ping(value: int) -> dict[str, object]:
    """A health check through the broker and a worker: returns what it was sent, doubled."""
    import socket

    from simulate import compiled

    return {"pong": value * 2, "worker": socket.gethostname(), "engine": compiled.mode(),
            "frozen": gc.get_freeze_count()}


@worker_ready.connect
def _say_which_engine(**_: Any) -> None:
    """An operator reads in the worker's log whether it plays battles with the compiled engine (make engine);
    and the jobs the queue lost while no worker ran are put back (simulate/reconcile.py)."""
    from simulate import compiled

    logging.getLogger("muster.worker").warning("battle engine: %s", compiled.describe())
    app.send_task("simulate.matchup_reconcile")


@worker_init.connect
@worker_process_init.connect
def freeze_start_up_objects(**_: Any) -> None:
    """Battles allocate fast and their event logs outlive the young generations, so every few battles a full
    collection walked all of Django's start-up objects (~88,000, ~100 ms each: a quarter of a Dungeon Command
    battle's time, 5-10% of a D&D Miniatures one; docs/engine.md "Speed"). What the worker has loaded by now
    lives as long as the process: collect once, then move it out of the collector's sight (gc.freeze). Runs in
    the parent before the pool forks (no copy-on-write of those pages) and in each child after."""
    gc.collect()
    gc.freeze()


# celery beat: the reconciler every few seconds (make serve runs beat; docs/operations.md).
app.conf.beat_schedule = {
    "matchup-reconcile": {
        "task": "simulate.matchup_reconcile",
        "schedule": float(os.environ.get("MATCHUP_RECONCILE_EVERY", "10")),
        "options": {"expires": 30},
    },
}
