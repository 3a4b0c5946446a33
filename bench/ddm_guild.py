"""DDM Guild battles per second of CPU, against the seed rules' battles in the same run (issue 23: a 200-point
Guild battle costs no more CPU than a seed battle).

Two 200-point Guild warbands drawn from the bundled catalogue (fixed seeds; legal by ddm-guild.md) on the large
stand-in map, heuristic players; then the seed engine's standard matchup (bench/engine.py's Harbinger
warbands on Broken Demongate), heuristic players. Both after a warm-up battle (the maps' sight caches filled),
both measured in this one process, so the ratio holds on a noisy machine. ``BENCH_BATTLES`` sets the number of
battles of each (default 30).

How: the process is first set as the battle worker sets itself (config/celery.py, ``freeze_start_up_objects``):
garbage collected, and what lives on (Django, the catalogue, the readers' caches, the warm-ups) frozen out of the
cycle collector's sight. Then the two engines take turns, ``SLICE`` battles at a time, each turn's CPU added to its
engine's total; each turn ends by collecting its own garbage on its own clock, so each engine pays for all its
garbage and none of the other's. Measured
in one window each, one after the other, the ratio swung by +-0.1 on a shared machine: with where the collector's
full passes fell (walking a heap the worker never walks), with which engine went first, and with the load that came
and went between the windows.
"""

from __future__ import annotations

import gc
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings_test")
import django  # noqa: E402

django.setup()  # the seed matchup's cards are read with the catalogue's parser (tests/simulate/printed.py)

from bench import engine as ddm_bench  # noqa: E402  (its standard seed matchup's warbands)
from simulate import compiled  # noqa: E402
from simulate.engine.replay import BattleOutcome, play  # noqa: E402
from simulate.games import play_battle  # noqa: E402
from simulate.games.ddm_guild import GuildGame  # noqa: E402
from simulate.games.ddm_guild_ai import GuildHeuristicPolicy  # noqa: E402
from tests.simulate.guild import random_legal_warband  # noqa: E402
from tests.simulate.harbinger import harbinger_cards  # noqa: E402

GUILD = GuildGame()


def guild_lists() -> list[dict]:
    a, _ = random_legal_warband(random.Random("bench:a"))
    b, _ = random_legal_warband(random.Random("bench:b"))
    return [a, b]


def guild_battle(lists: list[dict], seed: int | str) -> BattleOutcome:
    return play(GUILD, lists=lists, battle_map="guild-standin-large", seed=seed,
                policies=[GuildHeuristicPolicy(seed, 0), GuildHeuristicPolicy(seed, 1)],
                params={"format": "standard-200"})


def seed_battle(lists: list[dict], seed: int | str) -> BattleOutcome:
    return play_battle(game="ddm", lists=lists, battle_map=SEED_MAP, seed=seed, policies=("heuristic", "heuristic"))


SEED_MAP = ddm_bench.BATTLE_MAP


SLICE = 5  # battles an engine plays in one turn of the measurement


class Measured:
    """One engine's battles in the measurement: its CPU seconds and the battles' rounds so far."""

    def __init__(self, label: str, battle: Callable[[list[dict], int | str], BattleOutcome], lists: list[dict]) -> None:
        self.label, self.battle, self.lists = label, battle, lists
        self.cpu = 0.0
        self.rounds: list[int] = []

    def play(self, seeds: range) -> None:
        cpu = time.process_time()
        for i in seeds:
            self.rounds.append(self.battle(self.lists, i).state.result().rounds)
        gc.collect()  # its battles' garbage, collected on its own clock: none is left for the other engine's turn
        self.cpu += time.process_time() - cpu

    def rate(self) -> float:
        n = len(self.rounds)
        print(f"  {self.label}: {n / self.cpu:.2f} battles/s of CPU ({self.cpu / n * 1000:.0f} ms a battle, "
              f"{statistics.mean(self.rounds):.1f} rounds)")
        return n / self.cpu


def measure(engines: list[Measured], n: int) -> None:
    """Battles 0..n-1 of each engine, the engines taking turns ``SLICE`` battles at a time (module docstring)."""
    for e in engines:
        e.battle(e.lists, "warm-up")
    gc.collect()  # as the battle worker starts (config/celery.py)
    gc.freeze()
    for start in range(0, n, SLICE):
        for e in engines:
            e.play(range(start, min(n, start + SLICE)))


def main() -> None:
    n = int(os.environ.get("BENCH_BATTLES", "30"))
    glists = guild_lists()
    points = [sum(c["cost"] for c in x["creatures"]) for x in glists]
    counts = [len(x["creatures"]) for x in glists]
    print(f"DDM Guild {points[0]} ({counts[0]} creatures) vs {points[1]} ({counts[1]}) points on the large stand-in "
          f"map, against the seed rules' Harbinger matchup; heuristic players; engine {compiled.describe()}")
    cards = harbinger_cards()
    seed_lists = [{"name": name, "faction": faction, "creatures": [cards[n].to_json() for n in names]}
                  for name, faction, names in (("Lawful Good (Harbinger)", "LG", ddm_bench.LAWFUL_GOOD),
                                               ("Chaotic Good (Harbinger)", "CG", ddm_bench.CHAOTIC_GOOD))]
    guild_m, seed_m = Measured("DDM Guild 200 points", guild_battle, glists), \
        Measured("seed rules 200 points", seed_battle, seed_lists)
    measure([guild_m, seed_m], n)
    guild, seed_rate = guild_m.rate(), seed_m.rate()
    print(f"  Guild / seed: {guild / seed_rate:.2f}x battles/s (1.00 or more: a Guild battle costs no more CPU)")


if __name__ == "__main__":
    main()
