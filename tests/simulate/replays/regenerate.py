"""Rewrite the stored replays after a deliberate rules change (and bump ``GAME_VERSION``).

    .venv/bin/python -m tests.simulate.replays.regenerate

Each replay is a seeded battle between random policies, kept small (few creatures, few rounds). The digest of a
fixed set of larger battles (``battles.py``) is stored too."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings_test")
django.setup()  # the Harbinger cards are read with the catalogue's parser (tests/simulate/printed.py)

from simulate.games import play_battle  # noqa: E402
from tests.simulate.games.ddm_helpers import ORC_MAULER, WOOD_ELF_RANGER  # noqa: E402
from tests.simulate.harbinger import harbinger_cards  # noqa: E402
from tests.simulate.replays import battles  # noqa: E402

HERE = Path(__file__).resolve().parent


def warband(name: str, faction: str, names: list[str]) -> dict[str, Any]:
    cards = harbinger_cards()
    return {"name": name, "faction": faction, "creatures": [cards[n].to_json() for n in names]}


BATTLES: dict[str, dict[str, Any]] = {
    "ddm-first-battle": {
        "lists": [{"name": "Ranger", "creatures": [WOOD_ELF_RANGER.to_json()]},
                  {"name": "Mauler", "creatures": [ORC_MAULER.to_json()]}],
        "battle_map": "first-battle", "seed": 7, "params": {"scenario": "first-battle"},
    },
    "ddm-skirmish-60": {
        "lists": [warband("Heironeous", "LG", ["Sword of Heironeous", "Dwarf Axefighter", "Ember, Human Monk"]),
                  warband("Corellon", "CG", ["Cleric of Corellon Larethian", "Axe Sister", "Jozan, Cleric Of Pelor"])],
        "battle_map": "broken-demongate", "seed": 2024, "params": {"vp_target": 60, "max_rounds": 8},
    },
    "ddm-epic-casters": {
        "lists": [warband("Order", "LG", ["Cleric of Order", "Hound Archon", "Large Earth Elemental"]),
                  warband("Archers", "CG", ["Arcane Archer", "Centaur", "Cleric of Corellon Larethian"])],
        "battle_map": "teleport-temple", "seed": 11, "params": {"vp_target": 100, "max_rounds": 6},
    },
}


def main() -> None:
    for name, spec in BATTLES.items():
        record = play_battle(game="ddm", catalogue_version="test-fixtures", **spec).record
        path = HERE / f"{name}.json"
        path.write_text(json.dumps(record.to_json(), separators=(",", ":")) + "\n", encoding="utf-8")
        print(f"{path.name}: {len(record.actions)} actions, {len(record.events)} events, {record.result['reason']}")
    stored = battles.store()
    print(f"{battles.STORED.name}: {stored['battles']} battles, {stored['events']} events, {stored['sha256'][:12]}")


if __name__ == "__main__":
    main()
