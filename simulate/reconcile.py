"""The job reconciler: the database is the truth about a matchup; the broker's queue is only how work reaches
the workers. Run by the worker at start and every ``RECONCILE_EVERY`` seconds (celery beat), it reads the jobs
that are not over and puts back into the queue what the queue lost:

- a job **queued** whose start task never reached a worker (the web process died between saving the job and
  sending it, or Redis restarted without its data) is started again;
- a job **running** that made no progress for ``STALE_AFTER`` seconds while nothing waits in the queue (its
  chunks were lost with Redis, or are held by a worker that died) gets its missing chunks sent again;
- a job whose chunks are all stored but which is not done (its chord was lost) is finished;
- a job older than ``GIVE_UP_AFTER`` seconds ends ``failed``, with the reason shown on its page.

Sending a chunk twice is harmless: a chunk already stored is not played again, and storing is an upsert, so
every battle is counted exactly once. Progress is judged from the database alone (battles stored or played so
far, summed over the job's chunks), remembered between runs in the cache.
"""

from __future__ import annotations

import logging
import os
import time
from dataclasses import dataclass, field
from typing import Any

from django.core.cache import cache
from django.db.models import Count, Q, Sum
from django.utils import timezone

from simulate.models import Matchup

log = logging.getLogger("muster.reconcile")

RECONCILE_EVERY = float(os.environ.get("MATCHUP_RECONCILE_EVERY", "10"))
STALE_AFTER = float(os.environ.get("MATCHUP_STALE_AFTER", "20"))
GIVE_UP_AFTER = float(os.environ.get("MATCHUP_GIVE_UP_AFTER", str(3 * 3600)))


@dataclass
class ReconcileReport:
    started: list[str] = field(default_factory=list)
    resent: dict[str, list[int]] = field(default_factory=dict)
    finished: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)


def _progress(job: Matchup) -> tuple[int, int]:
    """(chunks stored, battles played so far): what moves while a job is alive."""
    row = job.chunks.aggregate(stored=Count("pk", filter=Q(stats__isnull=False)), played=Sum("done"))
    return int(row["stored"] or 0), int(row["played"] or 0)


def _stalled(job: Matchup, progress: tuple[int, int], now: float, stale_after: float) -> bool:
    """Whether the job's progress has not moved for ``stale_after`` seconds (first sighting: not yet)."""
    key = f"muster-reconcile:{job.pk}"
    seen = cache.get(key)
    if seen is None or tuple(seen[0]) != progress:
        cache.set(key, (list(progress), now), timeout=int(GIVE_UP_AFTER) + 60)
        return False
    return now - float(seen[1]) >= stale_after


def matchup_reconcile(*, queue_waiting: int = 0, stale_after: float = STALE_AFTER,
                      give_up_after: float = GIVE_UP_AFTER, send: Any = None) -> ReconcileReport:
    """One pass over the jobs that are not over (see the module). ``queue_waiting``: tasks waiting in the
    broker's queue now (while work waits there, a quiet job is waiting its turn, not lost). ``send``: how to
    queue work (the Celery tasks by default; a test may record instead)."""
    from simulate import services

    if send is None:
        from simulate import tasks

        send = tasks
    report = ReconcileReport()
    now = time.time()
    for job in Matchup.objects.filter(status__in=[Matchup.Status.QUEUED, Matchup.Status.RUNNING]).order_by("created"):
        job_id = str(job.pk)
        stored, played = _progress(job)
        age = (timezone.now() - job.created).total_seconds()
        if stored == job.chunk_count:
            send.matchup_finish.delay(job_id)
            report.finished.append(job_id)
            continue
        if age >= give_up_after:
            services.matchup_fail(matchup_id=job_id, message=(
                f"The workers did not finish this matchup within {give_up_after / 3600:g} hours "
                f"({stored} of {job.chunk_count} parts played); start it again."))
            report.failed.append(job_id)
            continue
        if not _stalled(job, (stored, played), now, stale_after) or queue_waiting:
            continue
        if job.status == Matchup.Status.QUEUED:
            send.matchup_start.delay(job_id)
            report.started.append(job_id)
        else:
            missing = [i for i in range(job.chunk_count)
                       if i not in set(job.chunks.filter(stats__isnull=False).values_list("index", flat=True))]
            for index in missing:
                send.matchup_chunk.delay(job_id, index)
            report.resent[job_id] = missing
        cache.delete(f"muster-reconcile:{job.pk}")  # judge it afresh from now on
    if report.started or report.resent or report.finished or report.failed:
        log.warning("reconciled matchups: started %s, sent again %s, finished %s, failed %s",
                    report.started, report.resent, report.finished, report.failed)
    return report


def broker_queue_length(app: Any, queue: str = "celery") -> int:
    """Tasks waiting in the broker's queue (Redis: the list's length); 0 when it cannot be read."""
    try:
        with app.connection_for_read() as conn:
            client = conn.default_channel.client
            return int(client.llen(queue))
    except Exception:  # noqa: BLE001 - an unreadable queue is judged as empty: resending is harmless
        return 0
