"""'If that attack caused its target to become bloodied' after its attack: 'Use after this creature resolves a {m}
attack: If that attack caused its target to become bloodied, make 1 {b} attack against that enemy as a free action'
(Wyrmstrike), 'Use after hitting with a {m} attack, if that attack caused target to become bloodied: Each adjacent
enemy takes 5 thunder damage' (Thunderborn Wrath): a hit whose target was not bloodied before it and is now."""

from __future__ import annotations

import pytest

from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, assert_played, attack_with, battle, card, put

WYRMSTRIKE = ("Wyrmstrike: Use after this creature resolves a {m} attack: If that attack caused its target to become "
              "bloodied, make 1 {b} attack against that enemy as a free action.")
WRATH = ("Thunderborn Wrath: Use after hitting with a {m} attack, if that attack caused target to become bloodied: "
         "Each adjacent enemy takes 5 thunder damage.")
AXE = "Axe: +10 vs. AC; 20 damage."


@pytest.mark.parametrize("hp, after", [
    (60, 40),  # 60 -> 40: not bloodied (30 or less): no more
    (40, 0),  # 40 -> 20: bloodied by it, then the basic attack's 20
    (25, 5),  # bloodied before it: no more
])
def test_wyrmstrike_follows_a_hit_that_bloodies(hp: int, after: int) -> None:
    assert_played(card("Hero", AXE, WYRMSTRIKE), 1)
    s = battle([card("Hero", AXE, WYRMSTRIKE)], [card("Orc", SWORD, hp=60)], PurposeDice(attack=[15, 15]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    orc = s.b.by_id["b1"]
    orc.hp = hp
    attack_with(s, s.b.by_id["a1"], orc)
    assert max(orc.hp, 0) == after


def test_thunderborn_wrath_once_the_hit_bloodies() -> None:
    assert_played(card("Minotaur", AXE, WRATH), 1)
    s = battle([card("Minotaur", AXE, WRATH)], [card("Orc", SWORD, hp=60), card("Elf", SWORD)],
               PurposeDice(attack=[15, 15]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    put(s, "b2", 4, 3)
    orc, elf = s.b.by_id["b1"], s.b.by_id["b2"]
    attack_with(s, s.b.by_id["a1"], orc)  # 60 -> 40: not bloodied
    assert (orc.hp, elf.hp) == (40, 50)
    attack_with(s, s.b.by_id["a1"], orc)  # 40 -> 20: bloodied by it
    assert (orc.hp, elf.hp) == (15, 45)
