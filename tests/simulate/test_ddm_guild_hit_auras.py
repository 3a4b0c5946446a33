"""What an aura gives its allies' own hits and misses: '(Aura 1) Allies in aura heal 5 HP whenever hitting with a {m}
attack' (Image of Valor), '(aura 3) While in aura, allies have Resist 5 Necrotic and heal 5 HP each time they hit an
enemy with a {m} attack' (Aura of Life), '(Aura 5) Allies in aura have +2 attack and take 5 damage whenever they miss'
(Dominion of Fear)."""

from __future__ import annotations

import pytest

from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, assert_played, attack_with, battle, card, put

VALOR = "Image of Valor: (Aura 1) Allies in aura heal 5 HP whenever hitting with a {m} attack."
LIFE = ("Aura of Life: (aura 3) While in aura, allies have Resist 5 Necrotic and heal 5 HP each time they hit an enemy "
        "with a {m} attack.")
FEAR = "Dominion of Fear: (Aura 5) Allies in aura have +2 attack and take 5 damage whenever they miss."
BOW = "Bow: (range 10) +10 vs. AC; 10 damage."


@pytest.mark.parametrize("aura", [VALOR, LIFE])
def test_an_ally_in_the_aura_heals_as_its_melee_attack_hits(aura: str) -> None:
    assert_played(card("Angel", SWORD, aura), 1)
    s = battle([card("Angel", SWORD, aura), card("Soldier", SWORD, BOW)],
               [card("Orc", SWORD, hp=100), card("Archer", SWORD, hp=100)], PurposeDice(attack=[15, 1, 15, 1, 15]))
    put(s, "a1", 4, 4)
    put(s, "a2", 5, 3)
    put(s, "b1", 6, 3)
    put(s, "b2", 5, 7)
    angel, soldier, orc, archer = (s.b.by_id[x] for x in ("a1", "a2", "b1", "b2"))
    soldier.hp = angel.hp = 30
    assert attack_with(s, soldier, orc) == 1
    assert soldier.hp == 35
    assert attack_with(s, soldier, archer, 1) == 1  # its bow: not a {m} attack
    assert attack_with(s, soldier, orc) == 0  # a miss
    assert soldier.hp == 35
    assert attack_with(s, angel, orc) == 1
    assert angel.hp == 30  # (the aura's own creature is not among its allies)


def test_the_aura_of_life_resists_necrotic_too() -> None:
    s = battle([card("Healer", SWORD, LIFE), card("Soldier", SWORD)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 4, 4)
    put(s, "a2", 5, 3)
    assert s.b.by_id["a2"].resist_now().get("necrotic") == 5


def test_dominion_of_fear_hurts_an_ally_that_misses() -> None:
    assert_played(card("Ogre", SWORD, FEAR), 1)
    s = battle([card("Ogre", SWORD, FEAR), card("Goblin", SWORD)], [card("Orc", SWORD, ac=20)],
               PurposeDice(attack=[7, 8]))  # +10 (+2) against AC 20: 7 misses (19), 8 hits (20)
    put(s, "a1", 4, 4)
    put(s, "a2", 5, 3)
    put(s, "b1", 6, 3)
    goblin, orc = s.b.by_id["a2"], s.b.by_id["b1"]
    assert attack_with(s, goblin, orc) == 0
    assert goblin.hp == 45
    assert attack_with(s, goblin, orc) == 1
    assert goblin.hp == 45
