"""Attacks a triggered power spells out in words: 'Roll +11 vs. Reflex against that enemy. On hit, that enemy takes 10
fire damage' (Boiling Blood), 'Roll +12 vs. Will against 1 adjacent enemy. On success, that creature is Dominated (save
ends)' (Bane's Tyranny), 'Attack each adjacent enemy, +26 vs. AC; 20 Damage' (Death Burst), 'roll +20 vs. AC on each
enemy and ally within 3 squares. On hit, 15 damage. On miss, 5 damage' (Trapped Chest)."""

from __future__ import annotations

from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, assert_played, attack_with, battle, card, put

BOILING = ("Boiling Blood: Use when an enemy adjacent to this creature damages this creature with a {m} attack: Roll "
           "+11 vs. Reflex against that enemy. On hit, that enemy takes 10 fire damage.")
TYRANNY = ("Bane's Tyranny: Use when this creature is destroyed: Roll +12 vs. Will against 1 adjacent enemy. On "
           "success, that creature is Dominated (save ends).")
BURST = "Death Burst: Immediate, when destroyed: Attack each adjacent enemy, +26 vs. AC; 20 Damage."
CHEST = ("Trapped Chest: When this creature is destroyed by an enemy, roll +20 vs. AC on each enemy and ally within 3 "
         "squares. On hit, 15 damage. On miss, 5 damage.")
BOW = "Bow: (range 10) +10 vs. AC; 10 damage."


def test_the_worded_attacks_are_read() -> None:
    for text in (BOILING, TYRANNY, BURST, CHEST):
        assert_played(card("Any", SWORD, text), 1)


def test_boiling_blood_answers_the_melee_attack_that_damaged_it() -> None:
    s = battle([card("Guulvorg", SWORD, BOILING)], [card("Orc", SWORD)], PurposeDice(attack=[15, 15]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    attack_with(s, s.b.by_id["b1"], s.b.by_id["a1"])
    assert s.b.by_id["b1"].hp == 40


def test_banes_tyranny_dominates_an_adjacent_enemy_when_destroyed_from_afar() -> None:
    s = battle([card("Bolraza", SWORD, TYRANNY, hp=10)], [card("Archer", BOW), card("Orc", SWORD)],
               PurposeDice(attack=[15, 15]))
    put(s, "a1", 5, 3)
    put(s, "b1", 10, 3)
    put(s, "b2", 6, 3)
    attack_with(s, s.b.by_id["b1"], s.b.by_id["a1"])
    assert not s.b.by_id["a1"].in_play()
    assert s.b.by_id["b2"].has("dominated") and not s.b.by_id["b1"].has("dominated")


def test_death_burst_attacks_each_adjacent_enemy_and_no_ally() -> None:
    s = battle([card("Stone Golem", SWORD, BURST, hp=10), card("Ally", SWORD)],
               [card("Orc", SWORD), card("Elf", SWORD), card("Far", BOW)], PurposeDice(attack=[15, 10, 10]))
    put(s, "a1", 5, 3)
    put(s, "a2", 5, 4)
    put(s, "b1", 6, 3)
    put(s, "b2", 4, 3)
    put(s, "b3", 10, 3)
    attack_with(s, s.b.by_id["b1"], s.b.by_id["a1"])
    assert [s.b.by_id[x].hp for x in ("a2", "b1", "b2", "b3")] == [50, 30, 30, 50]


def test_trapped_chest_hits_or_grazes_everyone_within_3() -> None:
    s = battle([card("Trapped Chest", SWORD, CHEST, hp=10), card("Ally", SWORD, ac=40)],
               [card("Orc", SWORD), card("Far", BOW)], PurposeDice(attack=[15, 10, 10]))
    put(s, "a1", 5, 3)
    put(s, "a2", 5, 5)
    put(s, "b1", 6, 3)
    put(s, "b2", 10, 3)
    attack_with(s, s.b.by_id["b1"], s.b.by_id["a1"])
    assert [s.b.by_id[x].hp for x in ("a2", "b1", "b2")] == [45, 35, 50]  # the ally missed (AC 40): 5 damage
