"""The job reconciler (simulate/reconcile.py) judges jobs from the database alone: what it starts, sends again,
finishes or fails. The fault tests on real Redis and Celery are in test_faults.py."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client

from simulate.models import Matchup, MatchupChunk
from simulate.reconcile import matchup_reconcile
from tests.simulate.matchups import SMALL_LISTS, spec_for, stored_matchup

pytestmark = pytest.mark.django_db


class Recorder:
    """Stands in for the Celery tasks: records what the reconciler would queue."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, tuple[Any, ...]]] = []
        for name in ("matchup_start", "matchup_chunk", "matchup_finish"):
            setattr(self, name, self._task(name))

    def _task(self, name: str) -> Any:
        recorder = self

        class Task:
            @staticmethod
            def delay(*args: Any) -> None:
                recorder.sent.append((name, args))

        return Task


@pytest.fixture(autouse=True)
def _forget() -> None:
    cache.clear()


def _job(status: str = Matchup.Status.QUEUED, stored: tuple[int, ...] = ()) -> Matchup:
    job = stored_matchup(spec_for(SMALL_LISTS, battles=40, seed=3), chunk_size=10)
    Matchup.objects.filter(pk=job.pk).update(status=status)
    for index in stored:
        MatchupChunk.objects.create(matchup=job, index=index, done=10, stats={"battles": 10})
    job.refresh_from_db()
    return job


def _twice(**kwargs: Any) -> Recorder:
    """A first pass sees the job; a second, with no progress in between, judges it stalled."""
    send = Recorder()
    matchup_reconcile(stale_after=0, send=send, **kwargs)
    assert send.sent == []
    matchup_reconcile(stale_after=0, send=send, **kwargs)
    return send


def test_a_queued_job_whose_start_was_lost_is_started_again() -> None:
    job = _job()
    assert _twice().sent == [("matchup_start", (str(job.pk),))]


def test_a_stalled_running_job_gets_its_missing_chunks_sent_again() -> None:
    job = _job(Matchup.Status.RUNNING, stored=(0, 2))
    assert _twice().sent == [("matchup_chunk", (str(job.pk), 1)), ("matchup_chunk", (str(job.pk), 3))]


def test_nothing_is_sent_again_while_work_waits_in_the_queue() -> None:
    _job(Matchup.Status.RUNNING, stored=(0,))
    assert _twice(queue_waiting=3).sent == []


def test_a_job_that_moves_is_left_alone() -> None:
    job = _job(Matchup.Status.RUNNING, stored=(0,))
    send = Recorder()
    matchup_reconcile(stale_after=0, send=send)
    MatchupChunk.objects.create(matchup=job, index=1, done=4)  # a worker is playing chunk 1
    matchup_reconcile(stale_after=0, send=send)
    assert send.sent == []


def test_a_job_with_every_chunk_stored_but_not_done_is_finished() -> None:
    job = _job(Matchup.Status.RUNNING, stored=(0, 1, 2, 3))
    send = Recorder()
    matchup_reconcile(send=send)
    assert send.sent == [("matchup_finish", (str(job.pk),))]


def test_a_job_that_cannot_finish_ends_failed_with_a_reason_the_page_shows(client: Client) -> None:
    job = _job(Matchup.Status.RUNNING, stored=(0,))
    Matchup.objects.filter(pk=job.pk).update(created=job.created - dt.timedelta(hours=4))
    report = matchup_reconcile(send=Recorder())
    job.refresh_from_db()
    assert report.failed == [str(job.pk)]
    assert job.status == Matchup.Status.FAILED
    assert "did not finish this matchup within 3 hours (1 of 4 parts played)" in job.error
    assert "did not finish this matchup within 3 hours" in client.get(f"/matchups/{job.pk}/").content.decode()
    assert client.get(f"/api/v1/matchups/{job.pk}/").json()["error"] == job.error
