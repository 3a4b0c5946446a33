"""Battles per second for a standard 200-point D&D Miniatures matchup, between random players and between
heuristic ones.

A plain script (``make bench`` runs it), not a timed test. ``BENCH_BATTLES`` sets the number of heuristic
battles (default 50), ``BENCH_RANDOM_BATTLES`` the random ones (default 10: a random battle lists every
legal action at every decision and lasts the 40-round cap far more often).

With the engine compiled (``make engine``), the heuristic battles are played again from source in a second
process, and the ratio printed: both measured in one run."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from simulate import compiled  # noqa: E402
from simulate.games import play_battle  # noqa: E402
from tests.simulate.harbinger import harbinger_cards  # noqa: E402

LAWFUL_GOOD = ["Sword of Heironeous", "Cleric of Order", "Hound Archon", "Large Earth Elemental",
               "Ember, Human Monk", "Dwarf Axefighter", "Dwarf Axefighter", "Halfling Veteran"]
CHAOTIC_GOOD = ["Arcane Archer", "Cleric of Corellon Larethian", "Axe Sister", "Axe Sister", "Centaur", "Centaur",
                "Centaur", "Jozan, Cleric Of Pelor"]
BATTLE_MAP = "broken-demongate"


def warband(name: str, faction: str, names: list[str]) -> dict:
    cards = harbinger_cards()
    return {"name": name, "faction": faction, "creatures": [cards[n].to_json() for n in names]}


def run(policy: str, battles: int, lists: list[dict]) -> float:
    cold = time.perf_counter()
    play_battle(game="ddm", lists=lists, battle_map=BATTLE_MAP, seed=f"warm-up:{policy}", policies=(policy, policy))
    cold = time.perf_counter() - cold
    wall, cpu = time.perf_counter(), time.process_time()
    decisions: list[int] = []
    rounds: list[int] = []
    wins = [0, 0, 0]
    for seed in range(battles):
        out = play_battle(game="ddm", lists=lists, battle_map=BATTLE_MAP, seed=seed, policies=(policy, policy))
        result = out.state.result()
        decisions.append(len(out.state.history))
        rounds.append(result.rounds)
        wins[2 if result.winner is None else result.winner] += 1
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"  {policy} players, {battles} battles: {battles / cpu:.2f} battles/s of CPU "
          f"({battles / wall:.2f}/s wall clock); first battle (cold caches) {cold:.2f} s; "
          f"{statistics.mean(decisions):.0f} decisions and {statistics.mean(rounds):.1f} rounds a battle; "
          f"wins {wins[0]}/{wins[1]}, draws {wins[2]}")
    return battles / cpu


def main() -> None:
    lists = [warband("Lawful Good (Harbinger)", "LG", LAWFUL_GOOD),
             warband("Chaotic Good (Harbinger)", "CG", CHAOTIC_GOOD)]
    points = [sum(c["cost"] for c in lst["creatures"]) for lst in lists]
    child = os.environ.get("BENCH_ENGINE_CHILD") == "1"
    if not child:
        print(f"ddm skirmish {points[0]} vs {points[1]} points on {BATTLE_MAP}, one process; "
              f"engine {compiled.describe()}")
    rate = run("heuristic", int(os.environ.get("BENCH_BATTLES", "50")), lists)
    if child:
        print(f"rate {rate}")
        return
    run("random", int(os.environ.get("BENCH_RANDOM_BATTLES", "10")), lists)
    if compiled.mode() == "compiled":
        env = {**os.environ, compiled.PURE_ENV: "1", "BENCH_ENGINE_CHILD": "1"}
        out = subprocess.run([sys.executable, __file__], env=env, capture_output=True, text=True, check=True).stdout
        lines = out.splitlines()
        pure = float(lines[-1].split()[1])
        print("  the same from source (interpreted):" + lines[0].split(":", 1)[1])
        print(f"  compiled / interpreted: {rate / pure:.2f}x battles/s of CPU")


if __name__ == "__main__":
    main()
