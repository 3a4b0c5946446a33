"""A 1,000-battle Dungeon Command preview of two faction packs against a 1,000-battle D&D Miniatures 200-point
one, each a real job on the same 2 Celery workers, one after the other (the issue's aim: the first no slower).

A plain script (``make bench`` runs it), not a timed test. It uses ``bench/matchup.py``'s machinery: its own
Redis (BENCH_REDIS_PORT, default 6391, reused if one answers), a throwaway SQLite database, the workers, and
stops what it started. BENCH_DC_JOB_BATTLES sets both jobs' battles (default 1000), BENCH_DC_JOB_PACKS the two
packs (default ``heart-of-cormyr,sting-of-lolth``)."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import matchup as job_bench  # noqa: E402  (sets up Django on its throwaway database: first)

# isort: split

from simulate import compiled  # noqa: E402
from simulate.games import GAMES  # noqa: E402
from simulate.models import Matchup  # noqa: E402
from simulate.services import MatchupSpec, chunk_size_for  # noqa: E402
from simulate.tasks import matchup_start  # noqa: E402
from tests.simulate.games.dc_helpers import battle_map, pack_list  # noqa: E402


def dc_spec(a: str, b: str, battles: int, seed: int) -> MatchupSpec:
    """The job as ``matchup_prepare`` stores it: the warbands as the engine describes them, the battlefield the
    bridge's set-up assembles from the two packs' tiles once (not the tiles, assembled again for every battle)."""
    game = GAMES["dungeon-command"]
    return MatchupSpec(game="dungeon-command", ruleset="default",
                       lists=[game.describe_list(pack_list(a)), game.describe_list(pack_list(b))],
                       battle_map="own-tiles", map_layout=game.describe_map(battle_map(a, b)), params={},
                       battles=battles, seed=seed, ai="heuristic", catalogue_version="bench")


def run_job(s: MatchupSpec) -> tuple[float, Matchup]:
    """Store the job as the API would and time it from queueing to its stored result."""
    empty = {"legal": True, "violations": [], "warnings": [], "totals": {}}
    m = Matchup.objects.create(
        game=s.game, ruleset=s.ruleset, a_document={"name": s.lists[0]["name"]},
        b_document={"name": s.lists[1]["name"]}, a_validation=empty, b_validation=empty, lists=s.lists,
        battle_map=s.battle_map, map_layout=s.map_layout, params=s.params, battles=s.battles, seed=s.seed, ai=s.ai,
        chunk_size=chunk_size_for(battles=s.battles, bounds=s.bridge.players[s.ai].chunk),
        catalogue_version=s.catalogue_version, unmodelled=s.unmodelled,
    )
    start = time.perf_counter()
    matchup_start.delay(str(m.id))
    while True:
        m.refresh_from_db()
        if m.status in ("done", "failed"):
            break
        time.sleep(0.1)
    if m.status != "done":
        raise RuntimeError(f"the job failed: {m.error}")
    return time.perf_counter() - start, m


def main() -> None:
    n = int(os.environ.get("BENCH_DC_JOB_BATTLES", "1000"))
    a, b = os.environ.get("BENCH_DC_JOB_PACKS", "heart-of-cormyr,sting-of-lolth").split(",")
    print(f"a {n}-battle preview on 2 workers, Dungeon Command against D&D Miniatures; engine {compiled.describe()}")
    job_bench.redis("start")
    try:
        job_bench.create_job_tables()
        procs = job_bench.start_workers(2)
        try:
            run_job(dc_spec(a, b, 20, seed=999))  # warm up: each worker imports everything, fills its caches
            run_job(job_bench.standard(20, seed=999))
            dc_t, dc = run_job(dc_spec(a, b, n, seed=7))
            ddm_t, ddm = run_job(job_bench.standard(n, seed=7))
        finally:
            job_bench.stop_workers(procs)
    finally:
        job_bench.redis("stop")
    result = dc.result or {}
    print(f"  Dungeon Command, {a} v {b} (each pack as it comes, its own tiles), heuristic players: {dc_t:.1f} s "
          f"({n / dc_t:.1f} battles/s, {dc.chunk_count} chunks of {dc.chunk_size}); wins "
          f"{result.get('a_wins')}/{result.get('b_wins')}, draws {result.get('draws')}, "
          f"{result.get('rounds_mean')} turns a battle")
    print(f"  D&D Miniatures, the standard 200-point matchup of bench/matchup.py: {ddm_t:.1f} s ({n / ddm_t:.1f} "
          f"battles/s, {ddm.chunk_count} chunks of {ddm.chunk_size})")
    print(f"  Dungeon Command's time / D&D Miniatures': {dc_t / ddm_t:.2f} (the aim: at most 1)")


if __name__ == "__main__":
    main()
