"""Matchup jobs on a real Redis and real Celery workers: the chord plays every chunk and finishes, progress
is reported as the task's state and as stored counts, one worker and two give the same answer, and a worker
killed in the middle of a chunk loses nothing and counts nothing twice."""

from __future__ import annotations

import os
import signal
import socket
import time
from pathlib import Path

import pytest

from simulate.models import Matchup, MatchupChunk
from simulate.services import matchup_compute
from simulate.tasks import matchup_chunk, matchup_start
from tests.conftest import celery_worker
from tests.simulate.matchups import SMALL_LISTS, engine_list, spec_for, stored_matchup

pytestmark = [pytest.mark.celery, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]
FULL_LISTS = [
    engine_list("Heironeous", "LG", ["Sword of Heironeous", "Cleric of Order", "Hound Archon", "Large Earth Elemental",
                                     "Dwarf Axefighter", "Dwarf Axefighter", "Halfling Veteran"]),
    engine_list("Corellon", "CG", ["Arcane Archer", "Cleric of Corellon Larethian", "Axe Sister", "Axe Sister",
                                   "Centaur", "Centaur", "Jozan, Cleric Of Pelor"]),
]


def wait_until_over(matchup: Matchup, timeout: float = 180) -> Matchup:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        matchup.refresh_from_db()
        if matchup.status in (Matchup.Status.DONE, Matchup.Status.FAILED):
            return matchup
        time.sleep(0.2)
    raise AssertionError(f"matchup {matchup.id} still {matchup.status} after {timeout} s")


def test_a_chunk_reports_its_progress_and_the_chord_finishes_the_job(celery_worker_process):
    spec = spec_for(SMALL_LISTS, battles=24, seed=21)
    matchup = stored_matchup(spec, chunk_size=12)
    task = matchup_chunk.delay(str(matchup.id), 0)
    states: list[dict[str, int]] = []
    deadline = time.monotonic() + 120
    while not task.ready() and time.monotonic() < deadline:
        meta = task.backend.get_task_meta(task.id)  # state and info read at once: the chunk may end in between
        if meta["status"] == "PROGRESS":
            states.append(dict(meta["result"]))
        time.sleep(0.05)
    assert task.successful(), task.state
    assert states, "the chunk reported its progress as the task's state"
    assert all(s["total"] == 12 and 0 < s["done"] <= 12 and s["chunk"] == 0 for s in states)
    stored = MatchupChunk.objects.get(matchup=matchup, index=0)
    assert stored.done == 12 and stored.stats is not None and stored.worker.startswith("muster-test@")

    matchup_start.delay(str(matchup.id))  # chunk 0 is stored: only chunk 1 is sent out
    matchup = wait_until_over(matchup)
    assert matchup.status == Matchup.Status.DONE, matchup.error
    assert MatchupChunk.objects.filter(matchup=matchup).count() == 2
    assert matchup.result == matchup_compute(spec)


def test_one_worker_and_two_give_the_same_answer(celery_worker_process):
    spec = spec_for(SMALL_LISTS, battles=40, seed=77)
    alone = stored_matchup(spec, chunk_size=4)
    matchup_start.delay(str(alone.id))
    alone = wait_until_over(alone)
    assert alone.status == Matchup.Status.DONE, alone.error
    assert set(alone.chunks.values_list("worker", flat=True)) == {f"muster-test@{socket.gethostname()}"}

    with celery_worker("muster-test-2"):
        shared = stored_matchup(spec, chunk_size=4)
        matchup_start.delay(str(shared.id))
        shared = wait_until_over(shared)
    assert shared.status == Matchup.Status.DONE, shared.error
    assert len(set(shared.chunks.values_list("worker", flat=True))) == 2, "both workers played chunks"
    assert shared.result == alone.result == matchup_compute(spec)


def _children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.append(int(entry.name))
    return out


def test_a_worker_killed_in_the_middle_of_a_chunk_loses_no_chunk_and_counts_none_twice(celery_worker_process):
    spec = spec_for(FULL_LISTS, battles=40, seed=5, battle_map="broken-demongate")  # 4 chunks, for two workers
    matchup = stored_matchup(spec, chunk_size=10)
    name = "muster-test-prefork"
    with celery_worker(name, pool="prefork") as proc:
        hostname = f"{name}@{socket.gethostname()}"
        matchup_start.delay(str(matchup.id))
        deadline = time.monotonic() + 120
        killed = False
        while time.monotonic() < deadline and not killed:
            busy = MatchupChunk.objects.filter(matchup=matchup, worker=hostname, stats__isnull=True, done__gt=0)
            if busy.exists():
                for child in _children(proc.pid):
                    os.kill(child, signal.SIGKILL)  # the pool process playing the chunk dies mid-chunk
                    killed = True
            time.sleep(0.05)
        assert killed, "the prefork worker never got a chunk to play"
        matchup = wait_until_over(matchup)
    assert matchup.status == Matchup.Status.DONE, matchup.error
    assert MatchupChunk.objects.filter(matchup=matchup).count() == 4
    assert matchup.result is not None and matchup.result["battles"] == 40
    assert matchup.result == matchup_compute(spec)
