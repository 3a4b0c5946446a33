"""A fixed set of seeded DDM Guild battles whose full event logs are digested (issue 23's speed work: a faster
board, search or player must leave every battle as it was). A deliberate rules change bumps the Guild game's
version and stores the new digest:

    .venv/bin/python -m tests.simulate.replays.guild_battles          # prints this checkout's digest
    .venv/bin/python -m tests.simulate.replays.guild_battles --store  # stores it (after a rules change)

The battles: heuristic players with random legal 200-point warbands on both stand-in maps, a heuristic player
against a random one, random players in smaller battles, and a seed map's layout."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from tests.simulate.guild import random_legal_warband
from tests.simulate.replays.digest import records_digest, write_stored

STORED = Path(__file__).resolve().parent / "guild-battles-digest.json"
MAPS = ["guild-standin-large", "guild-standin-small"]


def battles() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for i in range(6):
        rng = random.Random(f"guild-digest:{i}")
        lists = [random_legal_warband(rng)[0], random_legal_warband(rng)[0]]
        out.append({"lists": lists, "battle_map": MAPS[i % 2], "seed": f"guild:{i}",
                    "policies": ("heuristic", "heuristic"), "params": {"format": "standard-200"}})
    for i in range(2):
        rng = random.Random(f"guild-digest-mixed:{i}")
        lists = [random_legal_warband(rng)[0], random_legal_warband(rng)[0]]
        out.append({"lists": lists, "battle_map": MAPS[i], "seed": 50 + i,
                    "policies": ("heuristic", "random") if i == 0 else ("random", "heuristic"),
                    "params": {"format": "standard-200", "max_rounds": 10}})
    for i in range(3):
        rng = random.Random(f"guild-digest-small:{i}")
        lists = [random_legal_warband(rng, points=100, most=5)[0], random_legal_warband(rng, points=100, most=5)[0]]
        out.append({"lists": lists, "battle_map": MAPS[i % 2], "seed": 100 + i, "policies": ("random", "random"),
                    "params": {"format": "standard-200", "points_limit": 100, "max_rounds": 8}})
    rng = random.Random("guild-digest-seed-map")
    lists = [random_legal_warband(rng)[0], random_legal_warband(rng)[0]]
    out.append({"lists": lists, "battle_map": "broken-demongate", "seed": "seed-map",
                "policies": ("heuristic", "heuristic"), "params": {"format": "standard-200"}})
    return out


def digest() -> dict[str, Any]:
    """The digest of every battle's actions, events and result, and how many events that was."""
    return records_digest("ddm-guild", battles())


def store() -> dict[str, Any]:
    result = digest()
    write_stored(STORED, result)
    return result


if __name__ == "__main__":
    print(json.dumps(store() if "--store" in sys.argv[1:] else digest(), indent=1))
