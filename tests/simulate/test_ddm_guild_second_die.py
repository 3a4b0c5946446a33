"""A second d20 whose higher result counts: on its saves ('Whenever this creature rolls a save, roll 1 extra d20 and use
the higher result', Resolute Faith; 'Whenever making a saving throw, roll 2d20 and take the higher result',
Resilient), on its attack roll (Lucky Weapon) and against a target's Conceal (Scent)."""

from __future__ import annotations

import pytest

from simulate.games import ddm_guild_rules as R
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, assert_played, attack_with, battle, card, put

RESOLUTE = ("Resolute Faith: Whenever this creature rolls a save, roll 1 extra d20 and use the higher result.")
RESILIENT = "Resilient: Whenever making a saving throw, roll 2d20 and take the higher result."
LUCKY = ("Lucky Weapon: Use when this creature declares an attack: Roll 1d20 twice and use the higher result as the "
         "attack roll.")
SCENT = "Scent: Use when rolling for Conceal: Roll an extra 1d20 and use the higher result."
SCENT_ADJACENT = ("Scent: Use when attacking an adjacent enemy with Conceal. Roll an extra 1d20 against the enemy's "
                  "Conceal and use the higher result.")
ACID = "Acid: +30 vs. Reflex; 5 ongoing acid damage (save ends)."
BLUR = "Conceal 11"


@pytest.mark.parametrize("power", [RESOLUTE, RESILIENT])
def test_a_failed_save_is_rolled_again(power: str) -> None:
    assert_played(card("Cleric", SWORD, power), 1)
    s = battle([card("Wizard", ACID)], [card("Cleric", SWORD, power)], PurposeDice(attack=[15], save=[4, 12]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    attack_with(s, s.b.by_id["a1"], s.b.by_id["b1"])
    cleric = s.b.by_id["b1"]
    assert cleric.effects
    s._end_turn(cleric)  # 4, then 12: saved
    assert not cleric.effects


def test_without_it_the_save_fails() -> None:
    s = battle([card("Wizard", ACID)], [card("Cleric", SWORD)], PurposeDice(attack=[15], save=[4, 12]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    attack_with(s, s.b.by_id["a1"], s.b.by_id["b1"])
    cleric = s.b.by_id["b1"]
    s._end_turn(cleric)
    assert cleric.effects


def test_lucky_weapon_rolls_a_miss_again_once() -> None:
    raw = card("Kalashtar", SWORD, LUCKY)
    raw["powers"][1]["uses"] = 1  # (its one check box)
    assert_played(raw, 1)
    s = battle([raw], [card("Orc", SWORD, hp=100, ac=20)],
               PurposeDice(attack=[3, 14, 2, 18]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    kalashtar, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    assert attack_with(s, kalashtar, orc) == 1  # 3 misses, 14 (+10) hits
    assert attack_with(s, kalashtar, orc) == 0  # its one use is spent: 2 misses
    assert orc.hp == 90


@pytest.mark.parametrize("power, gap, hits", [
    (SCENT, 1, 1),  # the attack roll 8 is under Conceal 11; the second d20, 16, is not
    (SCENT, 3, 1),
    (SCENT_ADJACENT, 1, 1),
    (SCENT_ADJACENT, 3, 0),  # not an adjacent enemy: Conceal 11 makes the 8 miss
    ("", 1, 0),
    ("", 3, 0),
])
def test_scent_rolls_a_second_d20_against_conceal(power: str, gap: int, hits: int) -> None:
    weapon = "Bite: +20 vs. AC; 10 damage." if gap == 1 else "Bow: (range 10) +20 vs. AC; 10 damage."
    wolf = card("Wolf", weapon, *((power,) if power else ()))
    if power:
        assert_played(wolf, 1)
    s = battle([wolf], [card("Elf", SWORD, BLUR, ac=15)], PurposeDice(attack=[8], conceal=[16]))
    put(s, "a1", 5, 3)
    put(s, "b1", 5 + gap, 3)
    assert attack_with(s, s.b.by_id["a1"], s.b.by_id["b1"]) == hits


def test_scent_is_not_rolled_when_the_attack_roll_beats_conceal() -> None:
    s = battle([card("Wolf", SWORD, SCENT)], [card("Elf", SWORD, BLUR, ac=15)], PurposeDice(attack=[12]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    assert attack_with(s, s.b.by_id["a1"], s.b.by_id["b1"]) == 1
    assert not [r for r in s.b.dice.rolled if r[0] == "conceal"]  # type: ignore[attr-defined]
    assert R.SAVE_TARGET == 10
