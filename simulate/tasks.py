"""Matchup jobs on Celery: one task starts a chord (a group of chunk tasks, then the finishing task).

Each task takes ids, calls a service and stores what it made; arguments and results are JSON. Tasks are
acknowledged late and a task whose worker dies is requeued (``CELERY_TASK_ACKS_LATE``,
``CELERY_TASK_REJECT_ON_WORKER_LOST``): a chunk then runs again, and since its tallies are stored under
(matchup, index) by an upsert, it is counted once. Progress is the task state (``PROGRESS`` with
``done``/``total``) and the battles each chunk has stored.
"""

from __future__ import annotations

from typing import Any

from celery import Task, chord, shared_task
from celery.exceptions import SoftTimeLimitExceeded

from simulate import services

# Seconds. A chunk is at most 100 heuristic battles (~20 s of CPU) or 10 random ones (~20 s).
CHUNK_SOFT_LIMIT, CHUNK_HARD_LIMIT = 240, 300
FINISH_SOFT_LIMIT, FINISH_HARD_LIMIT = 60, 90
START_SOFT_LIMIT, START_HARD_LIMIT = 30, 60
FINISH_RETRIES, FINISH_RETRY_SECONDS = 120, 5  # wait up to 10 minutes for a redelivered chunk


@shared_task(name="simulate.matchup_start", acks_late=True, soft_time_limit=START_SOFT_LIMIT,
             time_limit=START_HARD_LIMIT)
def matchup_start(matchup_id: str) -> dict[str, Any]:
    """Send the job's chunks out as a chord; the finishing task runs when every chunk is stored."""
    chunks = services.matchup_dispatch(matchup_id=matchup_id)
    if chunks is None:  # over already, or gone
        return {"matchup": matchup_id, "chunks": 0}
    if not chunks:  # every chunk is stored (a start sent again): only the sum is left to do
        matchup_finish.delay(matchup_id)
        return {"matchup": matchup_id, "chunks": 0}
    finish = matchup_finish.si(matchup_id)
    finish.link_error(matchup_failed.si(matchup_id))
    chord([matchup_chunk.si(matchup_id, index) for index in chunks])(finish)
    return {"matchup": matchup_id, "chunks": len(chunks)}


@shared_task(bind=True, name="simulate.matchup_chunk", acks_late=True, soft_time_limit=CHUNK_SOFT_LIMIT,
             time_limit=CHUNK_HARD_LIMIT)
def matchup_chunk(self: Task, matchup_id: str, index: int) -> dict[str, Any]:
    """Play one chunk and store its tallies (reporting progress as the task's state)."""

    def progress(done: int, total: int) -> None:
        if self.request.id:  # not when called directly (tests, eager runs)
            self.update_state(state="PROGRESS", meta={"matchup": matchup_id, "chunk": index, "done": done,
                                                      "total": total})

    try:
        played = services.matchup_chunk_run(matchup_id=matchup_id, index=index, progress=progress,
                                            worker=str(self.request.hostname or ""))
    except SoftTimeLimitExceeded:
        services.matchup_fail(matchup_id=matchup_id, message=f"chunk {index} took longer than {CHUNK_SOFT_LIMIT} s")
        raise
    return {"matchup": matchup_id, "chunk": index, "played": played}


@shared_task(bind=True, name="simulate.matchup_finish", acks_late=True, soft_time_limit=FINISH_SOFT_LIMIT,
             time_limit=FINISH_HARD_LIMIT, max_retries=FINISH_RETRIES)
def matchup_finish(self: Task, matchup_id: str) -> dict[str, Any]:
    """Sum the stored chunks into the result. If the chord fired early (a chunk redelivered after its worker
    died is counted twice by the chord), wait for the missing chunk: it is still queued."""
    try:
        services.matchup_finish(matchup_id=matchup_id)
    except services.ChunksPending as exc:
        raise self.retry(exc=exc, countdown=FINISH_RETRY_SECONDS) from None
    return {"matchup": matchup_id}


@shared_task(name="simulate.matchup_failed", acks_late=True, soft_time_limit=START_SOFT_LIMIT,
             time_limit=START_HARD_LIMIT)
def matchup_failed(matchup_id: str) -> None:
    """The chord's error callback: a chunk or the finishing task failed for good."""
    services.matchup_fail(matchup_id=matchup_id, message="a worker could not finish this matchup")


@shared_task(name="simulate.matchup_reconcile", acks_late=True, soft_time_limit=START_SOFT_LIMIT,
             time_limit=START_HARD_LIMIT, ignore_result=True)
def matchup_reconcile() -> dict[str, Any]:
    """Put back into the queue what it lost (simulate/reconcile.py); run at worker start and by celery beat."""
    from celery import current_app

    from simulate.reconcile import broker_queue_length
    from simulate.reconcile import matchup_reconcile as reconcile

    report = reconcile(queue_waiting=broker_queue_length(current_app))
    return {"started": report.started, "resent": report.resent, "finished": report.finished,
            "failed": report.failed}
