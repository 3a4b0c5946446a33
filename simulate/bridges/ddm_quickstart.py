"""The quick start's first battle (``ddm-basic.md`` §2.1 and its worked battle): the Wood Elf Ranger against the
Orc Mauler on the first battlefield, from the numbers the seed prints.

The seed prints no cost for either creature and no Level or HP for the Ranger. The preview assumes them, says
so with its result, and never writes them into the catalogue (``docs/rules-choices.md``, "The quick start's
preview").
"""

from __future__ import annotations

from typing import Any

from simulate.bridge import QuickStart, SideReading
from simulate.games.ddm_cards import AbilitySpec, AttackSpec, CreatureCard
from simulate.games.ddm_maps import get_map
from validation.core.text import msg

SOURCE = "seed 000 (War Drums quick start, worked battle), digested in shared/rules/ddm-basic.md §2.1"
RANGER_HP, RANGER_LEVEL, COST = 40, 5, 10

WOOD_ELF_RANGER = CreatureCard(
    name="Wood Elf Ranger", slug="wood-elf-ranger", cost=COST, level=RANGER_LEVEL, speed=6, ac=16, hp=RANGER_HP,
    creature_type="Humanoid", subtypes=("Elf",),
    attacks=(AttackSpec("melee", 10, 10, text="+10/+9 (10/5)"), AttackSpec("melee", 9, 5, text="+10/+9 (10/5)")),
    abilities=(AbilitySpec("Hunter", text="+5 damage when only one enemy is adjacent to it"),
               AbilitySpec("Orc Foe", text="+5 damage against Orcs")),
)
ORC_MAULER = CreatureCard(
    name="Orc Mauler", slug="orc-mauler", cost=COST, level=6, speed=6, ac=18, hp=55, creature_type="Humanoid",
    subtypes=("Orc",), attacks=(AttackSpec("melee", 11, 15, text="+11 (15)"),),
)
ASSUMPTIONS = (
    msg("The Wood Elf Ranger's HP: {value}. The seed prints none; its worked battle shows more than 30 (15 damage "
        "brought no morale save).", value=RANGER_HP),
    msg("The Wood Elf Ranger's Level: {value}. The seed prints none.", value=RANGER_LEVEL),
    msg("Both creatures' cost: {value}. The seed prints none, and the first battle does not use it (the first "
        "creature destroyed or routed loses).", value=COST),
)


def quick_start() -> QuickStart:
    cards = (WOOD_ELF_RANGER.to_json(), ORC_MAULER.to_json())
    lists: tuple[dict[str, Any], dict[str, Any]] = (
        {"name": "Wood Elf Ranger", "faction": "", "commander_zero": None, "creatures": [cards[0]]},
        {"name": "Orc Mauler", "faction": "", "commander_zero": None, "creatures": [cards[1]]},
    )
    documents = ({"game": "ddm", "ruleset": "seed", "format": "skirmish-200", "name": "Wood Elf Ranger",
                  "entries": [{"card": "Wood Elf Ranger"}]},
                 {"game": "ddm", "ruleset": "seed", "format": "skirmish-200", "name": "Orc Mauler",
                  "entries": [{"card": "Orc Mauler"}]})
    from simulate.bridges.ddm import unplayed_of

    played = {}
    for key, engine_list, card in zip(("a", "b"), lists, cards, strict=True):
        reading = SideReading(engine_list=engine_list, cost=COST, pieces=1)
        reading.unplayed = unplayed_of([card], COST)
        played[key] = reading.played_json()
    return QuickStart(lists=lists, battlefield="first-battle", layout=dict(get_map("first-battle").raw),
                      params={"scenario": "first-battle"}, assumptions=ASSUMPTIONS, documents=documents,
                      source=SOURCE, played=played)
