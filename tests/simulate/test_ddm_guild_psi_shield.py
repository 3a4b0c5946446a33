"""'Use when attacked by a {R},{C}, or {A} attack. Roll 1d20; on a roll of 11+, the attack misses.' (Psi Shield): an
attack of any of the three forms, the list's spacing as printed."""

from __future__ import annotations

import pytest

from simulate.games import ddm_guild_attacks as AT
from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

PSI = "Psi Shield: Use when attacked by a {R},{C}, or {A} attack. Roll 1d20; on a roll of 11+, the attack misses."
BOW = "Bow: (range 10) +10 vs. AC; 10 damage."


def test_the_power_is_read_and_played() -> None:
    c = card_from_json(card("Intellect Devourer", SWORD, PSI))
    assert (c.powers[1].trigger, c.powers[1].trigger_filter.attack_form) == ("attacked", "ranged|close|area")
    assert unplayed_powers(c) == []


@pytest.mark.parametrize("power, face, hp", [(1, 15, 50), (1, 5, 40), (0, 15, 40)])
def test_a_ranged_attack_misses_on_11_or_more(power: int, face: int, hp: int) -> None:
    s = battle([card("Intellect Devourer", SWORD, PSI)], [card("Archer", SWORD, BOW)],
               PurposeDice(attack=[15] * 4, power=[face]))
    put(s, "a1", 4, 4)
    put(s, "b1", 5, 4)
    archer = s.b.by_id["b1"]
    p = archer.powers[power]  # its sword (a melee attack): not answered
    assert p.attack is not None
    AT.attack(s.b, archer, p, p.attack, [s.b.by_id["a1"]])
    assert s.b.by_id["a1"].hp == hp
