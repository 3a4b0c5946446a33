"""Battles per second for a standard 200-point D&D Miniatures matchup, this engine against another revision's,
both compiled, measured in one run.

    .venv/bin/python bench/engine.py                     # against BASELINE, the commit before issue 14's work
    .venv/bin/python bench/engine.py --against HEAD~3    # any git revision
    .venv/bin/python bench/engine.py --against 6636271,main   # several, each measured beside this engine
    .venv/bin/python bench/engine.py --against none      # this engine only (and from source, for the ratio)

A plain script (``make bench`` runs it), not a timed test. ``--against REV`` checks REV out in a temporary git
worktree, compiles its engine there with its own ``scripts/build_engine.py``, and plays the same battles (the
same lists, map and seeds, heuristic players) with both engines, each in its own process, alternating
``--repeat`` times; it prints both rates in battles per second of CPU, the ratio of each pair, and their median
and spread (the machine is shared: only ratios measured side by side mean anything). ``--keep`` leaves the
worktree (and its build) for the next run. ``BENCH_BATTLES`` sets the battles per measurement (default 50)."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import django  # noqa: E402

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings_test")
django.setup()  # the Harbinger cards are read with the catalogue's parser (tests/simulate/printed.py)

from tests.simulate.harbinger import harbinger_cards  # noqa: E402

BASELINE = "6636271"  # main before issue 14 (the rule fixes, the split by mechanic, the integer geometry)
LAWFUL_GOOD = ["Sword of Heironeous", "Cleric of Order", "Hound Archon", "Large Earth Elemental",
               "Ember, Human Monk", "Dwarf Axefighter", "Dwarf Axefighter", "Halfling Veteran"]
CHAOTIC_GOOD = ["Arcane Archer", "Cleric of Corellon Larethian", "Axe Sister", "Axe Sister", "Centaur", "Centaur",
                "Centaur", "Jozan, Cleric Of Pelor"]
BATTLE_MAP = "broken-demongate"

# Run in a child process whose working directory is the engine's checkout: plays the battles it reads on stdin
# and prints what it measured. It uses nothing but the engine's public play_battle, which every revision has.
CHILD = r"""
import json, sys, time
sys.path.insert(0, ".")
job = json.loads(sys.stdin.read())
from simulate import compiled
from simulate.games import play_battle
def one(seed):
    return play_battle(game="ddm", lists=job["lists"], battle_map=job["map"], seed=seed, policies=job["policies"])
one("warm-up")
cpu, wall = time.process_time(), time.perf_counter()
wins, rounds, decisions = [0, 0, 0], 0, 0
for seed in job["seeds"]:
    out = one(seed)
    r = out.state.result()
    wins[2 if r.winner is None else r.winner] += 1
    rounds += r.rounds
    decisions += len(out.state.history)
cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
print(json.dumps({"mode": compiled.describe(), "cpu": cpu, "wall": wall, "wins": wins, "rounds": rounds,
                  "decisions": decisions, "battles": len(job["seeds"])}))
"""


def warband(name: str, faction: str, names: list[str]) -> dict[str, Any]:
    cards = harbinger_cards()
    return {"name": name, "faction": faction, "creatures": [cards[n].to_json() for n in names]}


def warbands() -> list[dict[str, Any]]:
    return [warband("Lawful Good (Harbinger)", "LG", LAWFUL_GOOD),
            warband("Chaotic Good (Harbinger)", "CG", CHAOTIC_GOOD)]


def run(policy: str, battles: int, lists: list[dict[str, Any]]) -> float:
    """This engine's battles per second of CPU in this process (what ``bench/dungeon_command.py`` compares
    with), after one battle to warm the caches; prints the figures."""
    from simulate.games import play_battle

    play_battle(game="ddm", lists=lists, battle_map=BATTLE_MAP, seed=f"warm-up:{policy}", policies=(policy, policy))
    wall, cpu = time.perf_counter(), time.process_time()
    decisions = rounds = 0
    wins = [0, 0, 0]
    for seed in range(battles):
        out = play_battle(game="ddm", lists=lists, battle_map=BATTLE_MAP, seed=seed, policies=(policy, policy))
        result = out.state.result()
        decisions += len(out.state.history)
        rounds += result.rounds
        wins[2 if result.winner is None else result.winner] += 1
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"  {policy} players, {battles} battles: {battles / cpu:.2f} battles/s of CPU ({battles / wall:.2f}/s "
          f"wall clock), {decisions / battles:.0f} decisions and {rounds / battles:.1f} rounds a battle, wins "
          f"{wins[0]}/{wins[1]}, draws {wins[2]}")
    return battles / cpu


def measure(checkout: Path, job: dict[str, Any], pure: bool = False) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(checkout), "MUSTER_PURE_ENGINE": "1" if pure else "0"}
    run = subprocess.run([sys.executable, "-c", CHILD], cwd=checkout, input=json.dumps(job), capture_output=True,
                         text=True, env=env)
    if run.returncode != 0:
        raise SystemExit(f"the engine at {checkout} failed:\n{run.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(run.stdout.strip().splitlines()[-1])
    return result


def build(checkout: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # mypy would read the checkout as installed
    run = subprocess.run([sys.executable, "scripts/build_engine.py", "--strict"], cwd=checkout, capture_output=True,
                         text=True, env=env)
    if run.returncode != 0:
        raise SystemExit(f"could not compile the engine at {checkout}:\n{(run.stdout + run.stderr)[-3000:]}")


def worktree_for(rev: str, keep: bool) -> tuple[Path, str]:
    sha = subprocess.run(["git", "rev-parse", "--verify", f"{rev}^{{commit}}"], cwd=ROOT, capture_output=True,
                         text=True)
    if sha.returncode != 0:
        raise SystemExit(f"no git revision {rev!r} here")
    commit = sha.stdout.strip()
    base = Path(tempfile.gettempdir()) / f"muster-bench-{commit[:12]}"
    if not (base / "simulate").is_dir():
        shutil.rmtree(base, ignore_errors=True)
        subprocess.run(["git", "worktree", "prune"], cwd=ROOT, check=True)
        subprocess.run(["git", "worktree", "add", "--detach", "--quiet", str(base), commit], cwd=ROOT, check=True)
    current = subprocess.run([sys.executable, "-c", "import sys; sys.path.insert(0, '.'); from simulate import "
                              "compiled; print(compiled.build_is_current()[0])"], cwd=base, capture_output=True,
                             text=True, env={**os.environ, "PYTHONPATH": str(base)})
    if current.stdout.strip() != "True":
        print(f"  compiling {rev} ({commit[:12]}) in {base} ...", flush=True)
        build(base)
    if not keep:
        print(f"  (the worktree {base} is removed at the end; --keep keeps it and its build)")
    return base, commit


def remove_worktree(path: Path) -> None:
    subprocess.run(["git", "worktree", "remove", "--force", str(path)], cwd=ROOT, capture_output=True)
    shutil.rmtree(path, ignore_errors=True)


def line(label: str, r: dict[str, Any]) -> str:
    n = r["battles"]
    return (f"{label}: {n / r['cpu']:.2f} battles/s of CPU ({n / r['wall']:.2f}/s wall clock), "
            f"{r['decisions'] / n:.0f} decisions and {r['rounds'] / n:.1f} rounds a battle, wins {r['wins'][0]}/"
            f"{r['wins'][1]}, draws {r['wins'][2]}; engine {r['mode']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default=os.environ.get("BENCH_AGAINST", BASELINE),
                        help=f"git revisions to compare with, comma-separated (default {BASELINE}); 'none' to skip")
    parser.add_argument("--repeat", type=int, default=int(os.environ.get("BENCH_REPEAT", "3")))
    parser.add_argument("--battles", type=int, default=int(os.environ.get("BENCH_BATTLES", "50")))
    parser.add_argument("--keep", action="store_true", help="keep the other revisions' worktrees and builds")
    args = parser.parse_args()
    job: dict[str, Any] = {"lists": warbands(), "map": BATTLE_MAP, "seeds": list(range(args.battles)),
           "policies": ["heuristic", "heuristic"]}
    points = [sum(c["cost"] for c in lst["creatures"]) for lst in job["lists"]]
    print(f"ddm skirmish {points[0]} vs {points[1]} points on {BATTLE_MAP}, heuristic players, {args.battles} "
          f"battles a measurement")
    here = measure(ROOT, job)
    if args.against.lower() == "none":
        print(line("  this engine", here))
        pure = measure(ROOT, job, pure=True)
        print(line("  from source", pure))
        print(f"  compiled / from source: {(here['battles'] / here['cpu']) / (pure['battles'] / pure['cpu']):.2f}x")
        return
    revs = [r.strip() for r in args.against.split(",") if r.strip()]
    others = [(rev, *worktree_for(rev, args.keep)) for rev in revs]
    try:
        ratios: dict[str, list[float]] = {rev: [] for rev in revs}
        for i in range(args.repeat):
            mine = here if i == 0 else measure(ROOT, job)
            print(line(f"  [{i + 1}] this engine", mine))
            for rev, other, commit in others:
                theirs = measure(other, job)
                ratio = (mine["battles"] / mine["cpu"]) / (theirs["battles"] / theirs["cpu"])
                ratios[rev].append(ratio)
                print(line(f"  [{i + 1}] {rev} ({commit[:12]})", theirs))
                print(f"  [{i + 1}] ratio to {rev} {ratio:.2f}x")
        for rev in revs:
            spread = f"{min(ratios[rev]):.2f}-{max(ratios[rev]):.2f}"
            print(f"  this engine / {rev}: median {statistics.median(ratios[rev]):.2f}x battles/s of CPU "
                  f"over {len(ratios[rev])} alternating measurements (spread {spread})")
    finally:
        if not args.keep:
            for _rev, other, _commit in others:
                remove_worktree(other)


if __name__ == "__main__":
    main()
