"""Matchup previews: battles per second per worker, a 1,000-battle job on 1 and 2 Celery workers (parallel
efficiency), 10,000 battles against 1,000 (linearity), a worker's peak memory, and the quick start's first
battle over 10,000 battles.

A plain script (``make bench`` runs it), not a timed test. It starts its own Redis (scripts/redis.sh on
BENCH_REDIS_PORT, default 6391, reused if one answers), a throwaway SQLite database and the workers, and
stops what it started. Environment: BENCH_RATE_BATTLES (100), BENCH_JOB_BATTLES (1000), BENCH_LINEAR
(10000: the long job, of the quick-start matchup unless BENCH_FULL=1 plays the 200-point one),
BENCH_FIRST_BATTLES (10000)."""

from __future__ import annotations

import os
import resource
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
PORT = int(os.environ.get("BENCH_REDIS_PORT", "6391"))
WORK = Path(tempfile.mkdtemp(prefix="muster-bench-"))
os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings_test"
os.environ["DATABASE_URL"] = f"sqlite:///{WORK / 'bench.sqlite3'}"
os.environ["REDIS_URL"] = f"redis://127.0.0.1:{PORT}/0"

import django  # noqa: E402

django.setup()

from django.contrib.auth.models import User  # noqa: E402
from django.db import connection  # noqa: E402

from builder.models import SavedList  # noqa: E402
from config.celery import app  # noqa: E402
from simulate import compiled  # noqa: E402
from simulate.games import GAMES  # noqa: E402
from simulate.models import Matchup, MatchupChunk  # noqa: E402
from simulate.services import MatchupSpec, chunk_size_for, matchup_compute, play_one  # noqa: E402
from simulate.tasks import matchup_start  # noqa: E402
from tests.simulate.games.ddm_helpers import ORC_MAULER, WOOD_ELF_RANGER  # noqa: E402
from tests.simulate.harbinger import harbinger_cards  # noqa: E402

LAWFUL_GOOD = ["Sword of Heironeous", "Cleric of Order", "Hound Archon", "Large Earth Elemental",
               "Ember, Human Monk", "Dwarf Axefighter", "Dwarf Axefighter", "Halfling Veteran"]
CHAOTIC_GOOD = ["Arcane Archer", "Cleric of Corellon Larethian", "Axe Sister", "Axe Sister", "Centaur", "Centaur",
                "Centaur", "Jozan, Cleric Of Pelor"]
ASSUMED = ("Wood Elf Ranger HP 40, Level 5, cost 10; Orc Mauler cost 12 (the seeds give neither); "
           "Ranger: +10/+9 melee (10/5 magic), AC 16, Speed 6, Hunter +5, Orc Foe +5; Mauler: +11 (15), AC 18, "
           "HP 55, Level 6, Speed 6")


def spec(lists: list[dict[str, Any]], *, battles: int, seed: int, battle_map: str,
         params: dict[str, Any]) -> MatchupSpec:
    game = GAMES["ddm"]
    return MatchupSpec(game="ddm", ruleset="seed", lists=[game.describe_list(x) for x in lists], battle_map=battle_map,
                       map_layout=game.describe_map(battle_map), params=params, battles=battles, seed=seed,
                       ai="heuristic", catalogue_version="bench", unmodelled=game.unmodelled(lists))


def standard(battles: int, seed: int = 1) -> MatchupSpec:
    cards = harbinger_cards()
    lists = [{"name": "Lawful Good (Harbinger)", "faction": "LG",
              "creatures": [cards[n].to_json() for n in LAWFUL_GOOD]},
             {"name": "Chaotic Good (Harbinger)", "faction": "CG",
              "creatures": [cards[n].to_json() for n in CHAOTIC_GOOD]}]
    return spec(lists, battles=battles, seed=seed, battle_map="broken-demongate", params={"format": "skirmish-200"})


def first_battle(battles: int, seed: int = 1) -> MatchupSpec:
    lists = [{"name": "Wood Elf Ranger", "creatures": [WOOD_ELF_RANGER.to_json()]},
             {"name": "Orc Mauler", "creatures": [ORC_MAULER.to_json()]}]
    return spec(lists, battles=battles, seed=seed, battle_map="first-battle", params={"scenario": "first-battle"})


def redis(action: str) -> None:
    subprocess.run([str(ROOT / "scripts" / "redis.sh"), action, str(PORT)], check=True, stdout=subprocess.DEVNULL)


def start_workers(count: int) -> list[subprocess.Popen[bytes]]:
    procs = []
    for i in range(count):
        log = open(WORK / f"worker-{i}.log", "wb")  # noqa: SIM115 - the worker's output, kept with the database
        procs.append(subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo", "--loglevel=WARNING",
             "--without-gossip", "--without-mingle", "--without-heartbeat", f"--hostname=bench-{i}@%h"],
            cwd=ROOT, env=dict(os.environ), stdout=log, stderr=subprocess.STDOUT,
        ))
    names = [f"bench-{i}@{socket.gethostname()}" for i in range(count)]
    deadline = time.monotonic() + 60
    while len(app.control.ping(destination=names, timeout=0.5) or []) < count:
        if time.monotonic() > deadline:
            raise RuntimeError(f"workers did not start; see {WORK}")
    return procs


def stop_workers(procs: list[subprocess.Popen[bytes]]) -> None:
    for p in procs:
        p.terminate()
    for p in procs:
        p.wait(timeout=60)


def peak_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0


def run_job(s: MatchupSpec) -> tuple[float, Matchup, float]:
    """Store the job as the API would and time it from queueing to its stored result; also when the first
    chunk was stored (the page's first estimate of the answer)."""
    empty = {"legal": True, "violations": [], "warnings": [], "totals": {}}
    m = Matchup.objects.create(
        game="ddm", ruleset="seed", a_document={"name": s.lists[0]["name"]}, b_document={"name": s.lists[1]["name"]},
        a_validation=empty, b_validation=empty, lists=s.lists, battle_map=s.battle_map, map_layout=s.map_layout,
        params=s.params, battles=s.battles, seed=s.seed, ai=s.ai,
        chunk_size=chunk_size_for(battles=s.battles, bounds=s.bridge.players[s.ai].chunk),
        catalogue_version=s.catalogue_version,
        unmodelled=s.unmodelled,
    )
    start = time.perf_counter()
    first = 0.0
    matchup_start.delay(str(m.id))
    while True:
        m.refresh_from_db()
        if m.status in ("done", "failed"):
            break
        if not first and m.chunks.filter(stats__isnull=False).exists():
            first = time.perf_counter() - start
        time.sleep(0.1)
    if m.status != "done":
        raise RuntimeError(f"the job failed: {m.error}")
    total = time.perf_counter() - start
    return total, m, first or total


def create_job_tables() -> None:
    """Only the tables a job touches (and those they refer to), in the throwaway database."""
    with connection.schema_editor() as editor:
        for model in (User, SavedList, Matchup, MatchupChunk):
            editor.create_model(model)


def warm_up(procs: list[subprocess.Popen[bytes]]) -> None:
    """One small job so each worker has imported everything and cached the map (as a running worker has)."""
    run_job(standard(len(procs) * 10, seed=999))


def main() -> None:
    rate_n = int(os.environ.get("BENCH_RATE_BATTLES", "100"))
    job_n = int(os.environ.get("BENCH_JOB_BATTLES", "1000"))
    linear_n = int(os.environ.get("BENCH_LINEAR", "10000"))
    first_n = int(os.environ.get("BENCH_FIRST_BATTLES", "10000"))
    full = os.environ.get("BENCH_FULL") == "1"

    # 1. one worker's rate: the battles alone, in this process (cold: the first battle fills the map's caches)
    s = standard(rate_n)
    cold = time.perf_counter()
    play_one(s, 0)
    cold = time.perf_counter() - cold
    rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    wall, cpu = time.perf_counter(), time.process_time()
    rounds = decisions = 0
    for i in range(1, rate_n + 1):
        out = play_one(s, i)
        rounds += out.state.result().rounds
        decisions += len(out.state.history)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"standard 200-point matchup ({sum(c['cost'] for c in s.lists[0]['creatures'])} vs "
          f"{sum(c['cost'] for c in s.lists[1]['creatures'])} points, Harbinger LG vs CG, broken-demongate), "
          f"heuristic AI on both sides; engine {compiled.describe()} (the workers load the same build)")
    print(f"  one worker: {rate_n / cpu:.1f} battles/s of CPU ({rate_n / wall:.1f}/s wall clock on this shared "
          f"machine), {rounds / rate_n:.1f} rounds and {decisions / rate_n:.0f} decisions a battle; "
          f"first battle (cold caches) {cold:.2f} s")
    print(f"  this process's peak memory: {rss0 // 1024} MiB after 1 battle, "
          f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024} MiB after {rate_n + 1}")

    redis("start")
    try:
        create_job_tables()
        times: dict[int, float] = {}
        for workers in (1, 2):
            procs = start_workers(workers)
            try:
                warm_up(procs)
                times[workers], m, first = run_job(standard(job_n, seed=7))
                peaks = [peak_kib(p.pid) // 1024 for p in procs]
            finally:
                stop_workers(procs)
            print(f"  a {job_n}-battle job on {workers} worker{'s' if workers > 1 else ''}: {times[workers]:.1f} s "
                  f"({job_n / times[workers]:.1f} battles/s, {m.chunk_count} chunks of {m.chunk_size}); "
                  f"worker peak memory {', '.join(f'{p} MiB' for p in peaks)}; the first estimate (first chunk "
                  f"stored) after {first:.1f} s")
        print(f"  parallel efficiency (1 worker's time / 2 workers'): {times[1] / times[2]:.2f} (ideal 2.0)")

        long = standard if full else first_battle
        label = "200-point" if full else "quick-start (one creature a side)"
        procs = start_workers(2)
        try:
            warm_up(procs)
            short_t, _, _ = run_job(long(linear_n // 10, seed=3))
            mid_peaks = [peak_kib(p.pid) // 1024 for p in procs]
            long_t, _, _ = run_job(long(linear_n, seed=3))
            end_peaks = [peak_kib(p.pid) // 1024 for p in procs]
        finally:
            stop_workers(procs)
        print(f"linearity, {label} matchup on 2 workers: {linear_n // 10} battles {short_t:.1f} s, {linear_n} "
              f"battles {long_t:.1f} s: ratio {long_t / short_t:.1f} (linear: 10.0)")
        print(f"  worker peak memory: {', '.join(f'{p} MiB' for p in mid_peaks)} after {linear_n // 10} battles, "
              f"{', '.join(f'{p} MiB' for p in end_peaks)} after {linear_n + linear_n // 10} more")
    finally:
        redis("stop")

    # the quick start's first battle over many battles (in this process: the same answer the workers give)
    s = first_battle(first_n, seed=2024)
    t = time.perf_counter()
    result = matchup_compute(s)
    t = time.perf_counter() - t
    rate = result["a_win_rate"]
    print(f"the first battle (Wood Elf Ranger vs Orc Mauler, first-battle area, heuristic AI, seed 2024), "
          f"{first_n} battles in {t:.1f} s:")
    print(f"  Ranger wins {result['a_wins']} ({rate['p']:.1%}, 95% {rate['low']:.1%}–{rate['high']:.1%}), "
          f"Mauler wins {result['b_wins']}, draws {result['draws']}; endings {result['endings']}; "
          f"mean length {result['rounds_mean']} rounds")
    print(f"  assumed (not in the seeds): {ASSUMED}")


if __name__ == "__main__":
    main()
