"""An attack's target turned on its own side or on itself (profile ddm-guild.turned-attack): 'target makes a {m}
attack as though Dominated' (its melee basic attack against a creature of its own warband in reach, as a dominated
creature does), 'target makes a {b} attack against itself' (its basic attack rolled against its own defence)."""

from __future__ import annotations

from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, assert_played, attack_with, battle, card, put

BEWILDER = "Bewildering Strike: +15 vs. Will; 25 damage AND target makes a {m} attack as though Dominated."
ENEMY_MINE = ("Enemy Mine: (range 10) +20 vs. Will; 10 psychic damage AND target makes a melee basic attack as though "
              "Dominated.")
DEATH_URGE = "Death Urge: (range 5) +15 vs. DEF(Will);target makes a {b} attack against itself"
BACKBITER = "Backbiter: (range 5) +13 vs. DEF Will); target makes an immediate {b} attack against itself"
BOW = "Bow: (range 10) +10 vs. AC; 5 damage."


def test_the_powers_are_played() -> None:
    for text in (BEWILDER, ENEMY_MINE, DEATH_URGE, BACKBITER):
        assert_played(card("Caster", text), 0)


def _bewildered(orc_x: int) -> tuple[int, int, int]:
    """The cultist's Bewildering Strike hits the brute, beside it, whose ally the orc stands at ``orc_x``: the hit
    points of the cultist, the brute and the orc after it."""
    s = battle([card("Cultist", BEWILDER, hp=100)], [card("Brute", SWORD, hp=100), card("Orc", SWORD, hp=60)],
               PurposeDice(attack=[15, 15]))
    for fid, x in (("a1", 5), ("b1", 6), ("b2", orc_x)):
        put(s, fid, x, 3)
    cultist, brute, orc = s.b.by_id["a1"], s.b.by_id["b1"], s.b.by_id["b2"]
    attack_with(s, cultist, brute)
    assert [e.data["target"] for e in s.log.of_kind("dominated-attack")] == (["b2"] if orc_x == 7 else [])
    return cultist.hp, brute.hp, orc.hp


def test_as_though_dominated_its_melee_basic_attack_on_an_ally_in_reach() -> None:
    assert _bewildered(7) == (100, 75, 50)  # its Sword on the orc, not on the cultist


def test_as_though_dominated_with_no_ally_in_reach_does_nothing() -> None:
    assert _bewildered(9) == (100, 75, 60)


def test_against_itself_its_basic_attack_on_its_own_defence() -> None:
    s = battle([card("Caller", DEATH_URGE, hp=100)], [card("Archer", BOW, hp=100, ac=24)],
               PurposeDice(attack=[15, 13, 15, 14]))
    put(s, "a1", 5, 3)
    put(s, "b1", 9, 3)
    caller, archer = s.b.by_id["a1"], s.b.by_id["b1"]
    attack_with(s, caller, archer)  # its Bow: 13 + 10 against its own AC 24: a miss
    assert archer.hp == 100 and caller.hp == 100
    attack_with(s, caller, archer)  # 14 + 10: a hit on itself
    assert archer.hp == 95 and caller.hp == 100
    assert not s.log.of_kind("opportunity-attack")
