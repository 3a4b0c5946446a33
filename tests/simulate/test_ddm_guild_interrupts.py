"""Answers to a hit that undo it: 'Spell Deflection: Immediate, when hit by an attack from an Arcane creature, the
attack misses instead', 'Scale Rune: when an attack scores a Critical hit vs. an adjacent ally: The attack scores a
normal hit instead', 'Roll 1d20. If the result equals or exceeds the base damage of that attack, that attack misses
instead'."""

from __future__ import annotations

from simulate.games import ddm_guild_coverage as C
from simulate.games import ddm_guild_play as P
from simulate.games.ddm_guild_cards import card_from_json
from simulate.games.ddm_guild_state import Fighter
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

BOW = "Bow: (range 10) +10 vs. AC; 10 damage."


def _played(raw: dict[str, object], index: int) -> None:
    p = card_from_json(raw).powers[index]
    assert p.played and not C.engine_unplayed(p), (p.name, p.unplayed or C.engine_unplayed(p))


def _attack(s: object, attacker: Fighter, target: Fighter, index: int = 0) -> int:
    p = attacker.powers[index]
    assert p.attack is not None
    return P.attack(s.b, attacker, p, p.attack, [target])  # type: ignore[attr-defined]


def test_a_hit_from_an_arcane_enemy_misses_instead() -> None:
    golem = card("Iron Golem", SWORD, "Spell Deflection: Immediate, when hit by an attack from an Arcane creature, "
                                      "the attack misses instead.")
    _played(golem, 1)
    s = battle([golem], [card("Wizard", SWORD, keywords=("Arcane",)), card("Orc", SWORD)],
               PurposeDice(attack=[15, 15, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 4, 4)
    g, wiz, orc = (s.b.by_id[i] for i in ("a1", "b1", "b2"))
    assert _attack(s, wiz, g) == 0
    assert _attack(s, orc, g) == 1
    assert _attack(s, wiz, g) == 1  # its immediate action is spent for the round
    assert g.hp == 30


def test_a_critical_hit_on_an_adjacent_ally_is_a_normal_hit() -> None:
    fighter = card("Dragonborn Fighter", SWORD, "Scale Rune: Immediate action, when an attack scores a Critical hit "
                                                "vs. an adjacent ally: The attack scores a normal hit instead.")
    _played(fighter, 1)
    s = battle([fighter, card("Cleric", SWORD)], [card("Orc", SWORD)], PurposeDice(attack=[20]))
    put(s, "a1", 4, 3)
    put(s, "a2", 4, 4)
    put(s, "b1", 5, 4)
    cleric, orc = s.b.by_id["a2"], s.b.by_id["b1"]
    assert _attack(s, orc, cleric) == 1
    assert cleric.hp == 40  # 10, not doubled


def test_a_d20_against_the_attacks_base_damage() -> None:
    blade = card("Epic Bladebearer", SWORD, "Dual Sword Defense: Use when this creature is hit by a {r} attack: Roll "
                                            "1d20. If the result equals or exceeds the base damage of that attack, "
                                            "that attack misses instead.")
    _played(blade, 1)
    s = battle([blade], [card("Archer", "Bow: (range 10) +10 vs. AC; 10 + 5 fire damage.")],
               PurposeDice(attack=[15, 15], power=[15, 14]))
    put(s, "a1", 4, 3)
    put(s, "b1", 9, 3)
    b_, archer = s.b.by_id["a1"], s.b.by_id["b1"]
    assert _attack(s, archer, b_) == 0  # 15 >= 10 + 5
    assert _attack(s, archer, b_) == 1  # 14
    assert b_.hp == 35
