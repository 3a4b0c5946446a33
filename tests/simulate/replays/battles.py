"""A fixed set of seeded battles whose full event logs are digested: a change meant to keep behaviour (a split
of a module, a faster search) must leave the digest as it was; a deliberate rules change bumps ``GAME_VERSION``
and stores the new digest (``python -m tests.simulate.replays.regenerate``).

    .venv/bin/python -m tests.simulate.replays.battles      # prints the digest of this checkout's engine

The battles: heuristic players on the four starter maps with the Harbinger warbands of ``bench/engine.py`` and of
random legal warbands, random players in small battles, and the quick start's first battle."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings_test")
django.setup()  # the Harbinger cards are read with the catalogue's parser (tests/simulate/printed.py)

from tests.simulate.games.ddm_helpers import ORC_MAULER, WOOD_ELF_RANGER  # noqa: E402
from tests.simulate.harbinger import harbinger_cards, random_warband  # noqa: E402
from tests.simulate.replays.digest import records_digest, write_stored  # noqa: E402

STORED = Path(__file__).resolve().parent / "battles-digest.json"
MAPS = ["broken-demongate", "dragon-shrine", "field-of-ruin", "teleport-temple"]
LAWFUL_GOOD = ["Sword of Heironeous", "Cleric of Order", "Hound Archon", "Large Earth Elemental",
               "Ember, Human Monk", "Dwarf Axefighter", "Dwarf Axefighter", "Halfling Veteran"]
CHAOTIC_GOOD = ["Arcane Archer", "Cleric of Corellon Larethian", "Axe Sister", "Axe Sister", "Centaur", "Centaur",
                "Centaur", "Jozan, Cleric Of Pelor"]


def battles() -> list[dict[str, Any]]:
    cards = harbinger_cards()
    standard = [{"name": "LG", "faction": "LG", "creatures": [cards[n].to_json() for n in LAWFUL_GOOD]},
                {"name": "CG", "faction": "CG", "creatures": [cards[n].to_json() for n in CHAOTIC_GOOD]}]
    out: list[dict[str, Any]] = []
    for i, m in enumerate(MAPS):
        out.append({"lists": standard, "battle_map": m, "seed": f"digest:{i}", "policies": ("heuristic",) * 2,
                    "params": {"format": "skirmish-200"}})
    for i in range(8):
        rng = random.Random(f"digest-lists:{i}")
        lists = [random_warband(rng), random_warband(rng)]
        out.append({"lists": lists, "battle_map": MAPS[i % 4], "seed": i, "policies": ("heuristic",) * 2,
                    "params": {"max_rounds": 15}})
    for i in range(4):
        rng = random.Random(f"digest-small:{i}")
        lists = [random_warband(rng, points=60), random_warband(rng, points=60)]
        out.append({"lists": lists, "battle_map": MAPS[i], "seed": 100 + i, "policies": ("random",) * 2,
                    "params": {"vp_target": 60, "max_rounds": 6}})
    first = [{"name": "Ranger", "creatures": [WOOD_ELF_RANGER.to_json()]},
             {"name": "Mauler", "creatures": [ORC_MAULER.to_json()]}]
    for seed in range(2):
        out.append({"lists": first, "battle_map": "first-battle", "seed": seed, "policies": ("heuristic",) * 2,
                    "params": {"scenario": "first-battle"}})
    return out


def digest() -> dict[str, Any]:
    """The digest of every battle's actions, events and result, and how many events that was."""
    return records_digest("ddm", battles())


def store() -> dict[str, Any]:
    result = digest()
    write_stored(STORED, result)
    return result


if __name__ == "__main__":
    print(json.dumps(digest(), indent=1))
