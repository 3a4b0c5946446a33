"""The quick start's first battle (Wood Elf Ranger against Orc Mauler on the first battlefield, ``ddm-basic.md`` §1),
played by the engine with heuristic players and by a minimal hand-written loop of the same battle, in one run:
both rates in battles per second of CPU and how many times slower the engine is.

The loop is the floor a general engine is measured against: it knows this battle only (two creatures in one
column, initiative, a charge or a double move toward the enemy, a full attack when adjacent, natural 1 and 20,
Hunter and Orc Foe, the half-hit-points morale save that ends the first battle, 0 hit points) and keeps nothing
but two numbers per creature. It does not play every rule the engine does (no map, no sight, no events, no
replay record), so its win rates are close to the engine's, not equal.

A plain script (``make bench`` runs it): ``.venv/bin/python bench/first_battle.py``. ``BENCH_FIRST_ENGINE``
(default 3000) and ``BENCH_FIRST_LOOP`` (default 300000) set the battles; ``BENCH_REPEAT`` (3) the alternations.
``--against REV`` (comma-separated revisions) also plays the same battles with REV's compiled engine, built in a
temporary git worktree as ``bench/engine.py --against`` does, alternating with this one (each engine in its own
process), and prints each revision's ratio to the loop and this engine's speed-up over it."""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from simulate import compiled  # noqa: E402
from simulate.games import play_battle  # noqa: E402
from tests.simulate.games.ddm_helpers import ORC_MAULER, WOOD_ELF_RANGER  # noqa: E402

LISTS = [{"name": "Wood Elf Ranger", "creatures": [WOOD_ELF_RANGER.to_json()]},
         {"name": "Orc Mauler", "creatures": [ORC_MAULER.to_json()]}]
PARAMS = {"scenario": "first-battle"}


def loop_battle(rng: random.Random) -> int:
    """One first battle by hand; returns the winner (0 the Ranger, 1 the Mauler)."""
    d20 = rng.random
    hp = [40, 55]  # Ranger (HP a test value), Mauler
    half = [20, 27]  # below half its starting hit points: a morale save (once)
    level = [5, 6]
    ac = [16, 18]
    gap = 10  # squares between them: start rows 0 and 11 of the 5 x 12 field
    shaken = [False, False]
    while True:
        a = int(d20() * 20) + 1
        b = int(d20() * 20) + 1
        while a == b:
            a = int(d20() * 20) + 1
            b = int(d20() * 20) + 1
        for me in ((0, 1) if a > b else (1, 0)):
            foe = 1 - me
            bonus = 0
            if gap:
                if gap > 12:
                    gap -= 12
                    continue
                gap = 0  # a charge (+2) or walking in
                bonus = 2
                attacks: tuple[tuple[int, int], ...] = ((10, 20),) if me == 0 else ((11, 15),)
            else:
                attacks = ((10, 20), (9, 15)) if me == 0 else ((11, 15),)
            for att, dmg in attacks:
                roll = int(d20() * 20) + 1
                if roll == 1 or (roll != 20 and roll + att + bonus < ac[foe]):
                    continue
                hp[foe] -= dmg * 2 if roll == 20 else dmg
                if hp[foe] <= 0:
                    return me
                if hp[foe] < half[foe] and not shaken[foe]:
                    shaken[foe] = True
                    save = int(d20() * 20) + 1
                    if save == 1 or (save != 20 and save + level[foe] < 20):
                        return me  # it routs: the first battle is over


def run_loop(n: int) -> tuple[float, list[int]]:
    rng = random.Random("first-battle-loop")
    wins = [0, 0]
    cpu = time.process_time()
    for _ in range(n):
        wins[loop_battle(rng)] += 1
    return n / (time.process_time() - cpu), wins


def run_engine(n: int, offset: int) -> tuple[float, list[int]]:
    wins = [0, 0, 0]
    play_battle(game="ddm", lists=LISTS, battle_map="first-battle", seed="warm-up", policies=("heuristic", "heuristic"),
                params=PARAMS)
    cpu = time.process_time()
    for seed in range(offset, offset + n):
        result = play_battle(game="ddm", lists=LISTS, battle_map="first-battle", seed=seed,
                             policies=("heuristic", "heuristic"), params=PARAMS).state.result()
        wins[2 if result.winner is None else result.winner] += 1
    return n / (time.process_time() - cpu), wins


# Run in a child process whose working directory is an engine's checkout (this one or another revision's): plays
# the battles it reads on stdin with that engine's public play_battle and prints its rate.
CHILD = r"""
import json, sys, time
sys.path.insert(0, ".")
job = json.loads(sys.stdin.read())
from simulate import compiled
from simulate.games import play_battle
def one(seed):
    return play_battle(game="ddm", lists=job["lists"], battle_map="first-battle", seed=seed,
                       policies=("heuristic", "heuristic"), params=job["params"]).state.result()
one("warm-up")
wins = [0, 0, 0]
cpu = time.process_time()
for seed in range(job["offset"], job["offset"] + job["battles"]):
    r = one(seed)
    wins[2 if r.winner is None else r.winner] += 1
cpu = time.process_time() - cpu
print(json.dumps({"mode": compiled.describe(), "rate": job["battles"] / cpu, "wins": wins}))
"""


def run_child(checkout: Path, n: int, offset: int) -> tuple[float, list[int]]:
    import subprocess

    job = {"lists": LISTS, "params": PARAMS, "battles": n, "offset": offset}
    env = {**os.environ, "PYTHONPATH": str(checkout), "MUSTER_PURE_ENGINE": "0"}
    run = subprocess.run([sys.executable, "-c", CHILD], cwd=checkout, input=json.dumps(job), capture_output=True,
                         text=True, env=env)
    if run.returncode != 0:
        raise SystemExit(f"the engine at {checkout} failed:\n{run.stderr[-3000:]}")
    out = json.loads(run.stdout.strip().splitlines()[-1])
    if not out["mode"].startswith("compiled"):
        raise SystemExit(f"the engine at {checkout} is not compiled: {out['mode']}")
    return float(out["rate"]), list(out["wins"])


def against(revs: list[str], engine_n: int, loop_n: int, repeat: int, keep: bool) -> None:
    """This engine and each of ``revs``, alternating with the loop, each engine in its own process."""
    from bench import engine as ddm_bench  # its worktree helpers (it sets up Django: imported only here)

    others = [(rev, *ddm_bench.worktree_for(rev, keep)) for rev in revs]
    to_loop: dict[str, list[float]] = {rev: [] for rev in ["this engine", *revs]}
    speedup: dict[str, list[float]] = {rev: [] for rev in revs}
    try:
        for i in range(repeat):
            mine, mine_wins = run_child(ROOT, engine_n, i * engine_n)
            loop_rate, _ = run_loop(loop_n)
            to_loop["this engine"].append(loop_rate / mine)
            print(f"  [{i + 1}] this engine {mine:,.0f} battles/s of CPU (Ranger wins {mine_wins[0] / engine_n:.0%}); "
                  f"minimal loop {loop_rate:,.0f}: {loop_rate / mine:.0f}x slower")
            for rev, checkout, commit in others:
                theirs, their_wins = run_child(checkout, engine_n, i * engine_n)
                to_loop[rev].append(loop_rate / theirs)
                speedup[rev].append(mine / theirs)
                print(f"  [{i + 1}] {rev} ({commit[:12]}) {theirs:,.0f} battles/s of CPU (Ranger wins "
                      f"{their_wins[0] / engine_n:.0%}): {loop_rate / theirs:.0f}x slower than the loop; this engine "
                      f"{mine / theirs:.2f}x its rate")
        for name, ratios in to_loop.items():
            print(f"  {name} / minimal loop: {statistics.median(ratios):.0f}x slower (median of {repeat}, spread "
                  f"{min(ratios):.0f}-{max(ratios):.0f}x)")
        for rev, ratios in speedup.items():
            print(f"  this engine / {rev}: {statistics.median(ratios):.2f}x the battles/s (median of {repeat}, spread "
                  f"{min(ratios):.2f}-{max(ratios):.2f})")
    finally:
        if not keep:
            for _rev, checkout, _commit in others:
                ddm_bench.remove_worktree(checkout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default="", help="git revisions to compare with, comma-separated")
    parser.add_argument("--keep", action="store_true", help="keep the other revisions' worktrees and builds")
    args = parser.parse_args()
    engine_n = int(os.environ.get("BENCH_FIRST_ENGINE", "3000"))
    loop_n = int(os.environ.get("BENCH_FIRST_LOOP", "300000"))
    repeat = int(os.environ.get("BENCH_REPEAT", "3"))
    print(f"the quick start's first battle (Wood Elf Ranger vs Orc Mauler), heuristic players; engine "
          f"{compiled.describe()}")
    revs = [r.strip() for r in args.against.split(",") if r.strip()]
    if revs:
        against(revs, engine_n, loop_n, repeat, args.keep)
        return
    ratios = []
    for i in range(repeat):
        engine_rate, engine_wins = run_engine(engine_n, i * engine_n)
        loop_rate, loop_wins = run_loop(loop_n)
        ratios.append(loop_rate / engine_rate)
        print(f"  [{i + 1}] engine {engine_rate:,.0f} battles/s of CPU (Ranger wins {engine_wins[0] / engine_n:.0%}); "
              f"minimal loop {loop_rate:,.0f} battles/s (Ranger wins {loop_wins[0] / loop_n:.0%}); "
              f"the engine is {ratios[-1]:.0f}x slower")
    print(f"  engine / minimal loop: {statistics.median(ratios):.0f}x slower (median of {repeat}, spread "
          f"{min(ratios):.0f}-{max(ratios):.0f}x)")


if __name__ == "__main__":
    main()
