"""Battles per second for a standard 200-point D&D Miniatures matchup between random policies.

A plain script (``make bench`` runs it), not a timed test. ``BENCH_BATTLES`` sets the number of battles."""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

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


def main() -> None:
    battles = int(os.environ.get("BENCH_BATTLES", "30"))
    lists = [warband("Lawful Good (Harbinger)", "LG", LAWFUL_GOOD),
             warband("Chaotic Good (Harbinger)", "CG", CHAOTIC_GOOD)]
    points = [sum(c["cost"] for c in lst["creatures"]) for lst in lists]
    cold = time.perf_counter()
    play_battle(game="ddm", lists=lists, battle_map=BATTLE_MAP, seed="warm-up")  # fills the map's caches
    cold = time.perf_counter() - cold
    wall, cpu = time.perf_counter(), time.process_time()
    decisions: list[int] = []
    rounds: list[int] = []
    wins = [0, 0, 0]
    for seed in range(battles):
        out = play_battle(game="ddm", lists=lists, battle_map=BATTLE_MAP, seed=seed)
        result = out.state.result()
        decisions.append(len(out.state.history))
        rounds.append(result.rounds)
        wins[2 if result.winner is None else result.winner] += 1
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"ddm skirmish {points[0]} vs {points[1]} points on {BATTLE_MAP}, random policy, {battles} battles")
    print(f"  {battles / wall:.2f} battles/s wall clock ({battles / cpu:.2f}/s of CPU time); "
          f"first battle (cold caches) {cold:.2f} s")
    print(f"  {statistics.mean(decisions):.0f} decisions and {statistics.mean(rounds):.1f} rounds per battle; "
          f"wins {wins[0]}/{wins[1]}, draws {wins[2]}")


if __name__ == "__main__":
    main()
