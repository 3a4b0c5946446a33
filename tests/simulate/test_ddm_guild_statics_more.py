"""Keyword abilities and effects read as parts: 'Resist 15 All vs. critical hits', 'Takes half damage from {R}
attacks', 'Cannot make opportunity attacks', 'Never considered Bloodied', 'Opponent scores +5 VP when this creature is
destroyed', '10 + 25 ongoing poison damage (save ends)', 'a {B} attack against a different target'."""

from __future__ import annotations

from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_coverage as C
from simulate.games.ddm_guild_powers import parse_power
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

BOW = "Bow: (range 10) +10 vs. AC; 10 damage."


def test_the_words() -> None:
    for text, kind, amount in (("Fortified 15: Resist 15 All vs. critical hits.", "resist-crit", 15),
                               ("Holy Mantle: Takes half damage from {r} attacks.", "half-ranged", 0),
                               ("Shortened Reach: Cannot make opportunity attacks.", "no-opportunity", 0),
                               ("Resilient: Never considered Bloodied.", "never-bloodied", 0)):
        p = parse_power(0, "special", text)
        assert p.played and not C.engine_unplayed(p), text
        assert [(s.kind, s.amount) for s in p.statics] == [(kind, amount)], text
    doomed = parse_power(0, "special", "Doomed Soul: Opponent scores +5 VP when this creature is destroyed.")
    assert doomed.played and doomed.trigger == "destroyed" and not C.engine_unplayed(doomed), doomed.unplayed
    assert [(e.kind, e.who, e.amount) for e in doomed.effects] == [("vp", "opponent", 5)]
    sting = parse_power(0, "attack", "Sting: (reach 6) +20 vs. AC; 10 + 25 ongoing poison damage (save ends).")
    assert sting.played and sting.attack is not None
    assert [(e.kind, e.amount, e.what) for e in sting.attack.hit] == [("damage", 10, ""), ("ongoing", 25, "poison")]


def test_criticals_ranged_attacks_and_bloodied() -> None:
    knight = card("Knight", SWORD, "Fortified 15: Resist 15 All vs. critical hits.",
                  "Holy Mantle: Takes half damage from {r} attacks.", "Resilient: Never considered Bloodied.", hp=100)
    s = battle([knight], [card("Orc", SWORD, BOW)], PurposeDice(attack=[20, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    k, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    sword, bow = orc.powers[0], orc.powers[1]
    assert sword.attack is not None and bow.attack is not None
    AT.attack(s.b, orc, sword, sword.attack, [k])  # a critical: 20, less 15
    assert k.hp == 95
    put(s, "b1", 9, 3)
    AT.attack(s.b, orc, bow, bow.attack, [k])  # a ranged hit: half of 10
    assert k.hp == 90
    k.hp = 10
    assert not k.bloodied


def test_no_opportunity_attack_and_points_for_the_opponent() -> None:
    imp = card("Imp", SWORD, "Shortened Reach: Cannot make opportunity attacks.",
               "Doomed Soul: Opponent scores +5 VP when this creature is destroyed.", hp=10, cost=10)
    s = battle([imp], [card("Archer", BOW, hp=60)], PurposeDice(attack=[15, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    archer = s.b.by_id["b1"]
    bow = archer.powers[0]
    assert bow.attack is not None
    AT.attack(s.b, archer, bow, bow.attack, [s.b.by_id["a1"]])  # a ranged attack beside the imp: no opportunity attack
    assert not s.log.of_kind("opportunity-attack")
    assert s.b.scores[1] == 10 + 5  # its cost, and 5 more


def test_an_attack_against_a_different_target() -> None:
    retort = ("Skullcleaver: Use after this creature scores a critical hit: This creature makes a {b} attack against a "
              "different target as an immediate action.")
    s = battle([card("Warrior", SWORD, retort)], [card("Orc", SWORD, hp=100), card("Elf", SWORD, hp=100)],
               PurposeDice(attack=[20, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 3, 3)
    w = s.b.by_id["a1"]
    sword = w.powers[0]
    assert sword.attack is not None
    AT.attack(s.b, w, sword, sword.attack, [s.b.by_id["b1"]])
    assert (s.b.by_id["b1"].hp, s.b.by_id["b2"].hp) == (80, 90)  # the critical on the orc, then the elf
