"""A 1,000-battle D&D Miniatures preview of the standard 200-point matchup on 2 Celery workers, measured as a player
waits for it: a real job, from queueing to its stored result (issue 14's aim: at most 10 s).

A plain script (``make bench`` runs it), not a timed test. It uses ``bench/matchup.py``'s machinery: its own Redis
(BENCH_REDIS_PORT, default 6391, reused if one answers), a throwaway SQLite database, the workers, and stops what it
started. Besides the wall-clock time it prints the CPU time each worker spent on the job and the machine's load: on
this shared 2-core machine the wall clock also counts other people's work, so the time the job would take on two
idle cores is the busier worker's CPU time (printed as such, never passed off as measured). BENCH_PREVIEW_BATTLES
sets the battles (default 1000), BENCH_REPEAT the number of jobs (default 2; the fastest and every time printed)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import matchup as job_bench  # noqa: E402  (sets up Django on its throwaway database: first)

# isort: split
from simulate import compiled  # noqa: E402

AIM_SECONDS = 10.0
TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """A process's CPU time so far (user and system), from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def main() -> None:
    n = int(os.environ.get("BENCH_PREVIEW_BATTLES", "1000"))
    repeat = int(os.environ.get("BENCH_REPEAT", "2"))
    print(f"a {n}-battle D&D Miniatures preview (the standard 200-point Harbinger matchup, heuristic players) on 2 "
          f"Celery workers; engine {compiled.describe()}")
    job_bench.redis("start")
    try:
        job_bench.create_job_tables()
        procs = job_bench.start_workers(2)
        try:
            job_bench.warm_up(procs)  # each worker has imported everything and filled the map's caches
            walls: list[float] = []
            for i in range(repeat):
                before = [cpu_seconds(p.pid) for p in procs]
                load = os.getloadavg()[0]
                wall, m, first = job_bench.run_job(job_bench.standard(n, seed=7 + i))
                cpus = [cpu_seconds(p.pid) - b for p, b in zip(procs, before, strict=True)]
                walls.append(wall)
                result = m.result or {}
                print(f"  [{i + 1}] {wall:.1f} s from queueing to the stored result ({n / wall:.0f} battles/s; "
                      f"{m.chunk_count} chunks of {m.chunk_size}; first estimate after {first:.1f} s); the workers' "
                      f"CPU {cpus[0]:.1f} s and {cpus[1]:.1f} s, so {max(cpus):.1f} s on two idle cores; load "
                      f"average {load:.1f} at the start; wins {result.get('a_wins')}/{result.get('b_wins')}, "
                      f"draws {result.get('draws')}")
        finally:
            job_bench.stop_workers(procs)
    finally:
        job_bench.redis("stop")
    best = min(walls)
    verdict = "met" if best <= AIM_SECONDS else "not met"
    print(f"  fastest of {repeat}: {best:.1f} s (the aim: at most {AIM_SECONDS:.0f} s: {verdict})")


if __name__ == "__main__":
    main()
