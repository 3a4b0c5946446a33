"""'Use when an enemy or ally scores a critical hit against this creature: This creature takes 10 less damage from that
attack (minimum 10 damage)' (Fortified Armor): before the critical hit's damage, 10 less of it, never below 10."""

from __future__ import annotations

import pytest

from simulate.games import ddm_guild_attacks as AT
from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

FORTIFIED = ("Fortified Armor: Use when an enemy or ally scores a critical hit against this creature: This creature "
             "takes 10 less damage from that attack (minimum 10 damage).")


def test_the_power_is_read_and_played() -> None:
    c = card_from_json(card("Warforged Barbarian", SWORD, FORTIFIED))
    p = c.powers[1]
    assert p.trigger == "crit-by"
    assert [(e.kind, e.amount, e.extra) for e in p.effects] == [("reduce", 10, ("min:10",))]
    assert unplayed_powers(c) == []


@pytest.mark.parametrize("weapon, face, hp", [
    ("Sword: +10 vs. AC; 10 damage.", 20, 90),  # a critical hit: 20, 10 less
    ("Sword: +10 vs. AC; 6 damage.", 20, 90),  # 12: 10 left at least
    ("Sword: +10 vs. AC; 10 damage.", 15, 90),  # no critical hit: 10
])
def test_less_damage_from_a_critical_hit(weapon: str, face: int, hp: int) -> None:
    s = battle([card("Warforged Barbarian", SWORD, FORTIFIED, hp=100)], [card("Orc", weapon)],
               PurposeDice(attack=[face] * 2))
    put(s, "a1", 4, 4)
    put(s, "b1", 5, 4)
    orc = s.b.by_id["b1"]
    p = orc.powers[0]
    assert p.attack is not None
    AT.attack(s.b, orc, p, p.attack, [s.b.by_id["a1"]])
    assert s.b.by_id["a1"].hp == hp
