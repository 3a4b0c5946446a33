"""DDM Guild battles per second of CPU, against the seed rules' battles in the same run (issue 23: a 200-point
Guild battle costs no more CPU than a seed battle).

Two 200-point Guild warbands drawn from the bundled catalogue (fixed seeds; legal by ddm-guild.md) on the large
stand-in map, heuristic players; then the seed engine's standard matchup (bench/engine.py's Harbinger
warbands on Broken Demongate), heuristic players. Both after a warm-up battle (the maps' sight caches filled),
both measured in this one process, so the ratio holds on a noisy machine. ``BENCH_BATTLES`` sets the number of
battles of each (default 30).
"""

from __future__ import annotations

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


def measure(label: str, battle: Callable[[list[dict], int | str], BattleOutcome], lists: list[dict], n: int) -> float:
    battle(lists, "warm-up")
    cpu = time.process_time()
    rounds = []
    for i in range(n):
        rounds.append(battle(lists, i).state.result().rounds)
    cpu = time.process_time() - cpu
    print(f"  {label}: {n / cpu:.2f} battles/s of CPU ({cpu / n * 1000:.0f} ms a battle, "
          f"{statistics.mean(rounds):.1f} rounds)")
    return n / cpu


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
    guild = measure("DDM Guild 200 points", guild_battle, glists, n)
    seed_rate = measure("seed rules 200 points", seed_battle, seed_lists, n)
    print(f"  Guild / seed: {guild / seed_rate:.2f}x battles/s (1.00 or more: a Guild battle costs no more CPU)")


if __name__ == "__main__":
    main()
