"""Who takes part in an event, in more of the cards' words: 'when an adjacent enemy attempts a {M} attack against this
creature; make a {B} attack against this enemy' (an attack made against it, and that enemy), 'when a Small Beast ally
hits an enemy' (an ally of that size and kind only), 'whenever an adjacent creature hits this creature with a melee
attack: that creature takes ...' (a creature of either side). Each power is read and played, then played in a battle
with set positions and dice."""

from __future__ import annotations

import pytest

from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_moves as MV
from simulate.games.ddm_guild import GuildState
from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

RIPOSTE = ("Riposte: Immediate, when an adjacent enemy attempts a {M} attack against this creature; make a {B} attack "
           "against this enemy.")
HARRIER = ("Harrier: Immediate action, use when a Small Beast ally hits an enemy with a Melee attack: Make a Melee "
           "Basic attack vs. that enemy.")
PUSTULES = ("Poison Pustules: Whenever an adjacent creature hits this creature with a melee attack: That creature "
            "takes 5 ongoing poison damage, (save ends).")


@pytest.mark.parametrize("text, trigger", [(RIPOSTE, "attacked"), (HARRIER, "ally-hits"), (PUSTULES, "hit-by")])
def test_the_powers_are_read_and_played(text: str, trigger: str) -> None:
    c = card_from_json(card("Any", SWORD, text))
    assert c.powers[1].trigger == trigger
    assert unplayed_powers(c) == []


def _attacks(s: GuildState, since: int) -> list[tuple[str, str]]:
    return sorted((str(e.data["attacker"]), str(e.data["target"])) for e in s.log.of_kind("attack")[since:])


def test_it_answers_an_adjacent_enemys_melee_attack_against_it() -> None:
    s = battle([card("Drow Enforcer", SWORD, RIPOSTE)], [card("Orc", SWORD, hp=80)], PurposeDice(attack=[15] * 4))
    put(s, "a1", 4, 4)
    put(s, "b1", 5, 4)
    orc = s.b.by_id["b1"]
    sword = orc.powers[0]
    assert sword.attack is not None
    before = len(s.log.of_kind("attack"))
    AT.attack(s.b, orc, sword, sword.attack, [s.b.by_id["a1"]])
    assert _attacks(s, before) == [("a1", "b1"), ("b1", "a1")]


@pytest.mark.parametrize("size, answers", [("Small", True), ("Medium", False), ("Tiny", False)])
def test_only_a_small_beast_allys_hit_calls_it(size: str, answers: bool) -> None:
    s = battle([card("Velociraptor", SWORD, HARRIER), card("Beast", SWORD, size=size, keywords=("Beast",))],
               [card("Orc", SWORD, hp=80)], PurposeDice(attack=[15] * 4))
    put(s, "a1", 4, 4)
    put(s, "a2", 4, 5)
    put(s, "b1", 5, 5)
    beast = s.b.by_id["a2"]
    sword = beast.powers[0]
    assert sword.attack is not None
    before = len(s.log.of_kind("attack"))
    AT.attack(s.b, beast, sword, sword.attack, [s.b.by_id["b1"]])
    assert _attacks(s, before) == ([("a1", "b1")] if answers else []) + [("a2", "b1")]


@pytest.mark.parametrize("attacker", ["a2", "b1"])
def test_a_creature_of_either_side_that_hits_it_takes_the_poison(attacker: str) -> None:
    s = battle([card("Toad", SWORD, PUSTULES, hp=80), card("Squire", SWORD)], [card("Orc", SWORD)],
               PurposeDice(attack=[15] * 4))
    put(s, "a1", 4, 4)
    put(s, "a2", 4, 5)
    put(s, "b1", 5, 4)
    hitter = s.b.by_id[attacker]
    sword = hitter.powers[0]
    assert sword.attack is not None
    AT.attack(s.b, hitter, sword, sword.attack, [s.b.by_id["a1"]])
    assert [(e.kind, e.amount, e.what) for e in hitter.effects] == [("ongoing", 5, "poison")]
    other = s.b.by_id["b1" if attacker == "a2" else "a2"]
    assert other.effects == []


SET_SPEAR = ("Set Spear: Use when an enemy enters an adjacent square while charging: Make 1 opportunity attack against "
             "that enemy.")


def test_set_spear_is_read_and_played() -> None:
    c = card_from_json(card("Soldier", SWORD, SET_SPEAR))
    p = c.powers[1]
    assert (p.trigger, p.trigger_filter.self_state) == ("enemy-enters-adjacent", "charging")
    assert [(e.kind, e.what) for e in p.effects] == [("attack", "opportunity")]
    assert unplayed_powers(c) == []


@pytest.mark.parametrize("charging, answers", [(True, True), (False, False)])
def test_an_opportunity_attack_against_an_enemy_charging_next_to_it(charging: bool, answers: bool) -> None:
    s = battle([card("Shieldwall Soldier", SWORD, SET_SPEAR)], [card("Orc", SWORD, hp=80)],
               PurposeDice(attack=[15] * 4))
    put(s, "a1", 4, 4)
    put(s, "b1", 8, 4)
    orc = s.b.by_id["b1"]
    s.b.active, orc.charged = orc, charging
    before = len(s.log.of_kind("attack"))
    MV.walk(s.b, orc, [(7, 4), (6, 4), (5, 4)])
    assert _attacks(s, before) == ([("a1", "b1")] if answers else [])
    assert [e.data["why"] for e in s.log.of_kind("opportunity-attack")] == (["power"] if answers else [])


LASH = ("Punishing Lash: Immediate, when an enemy within 2 squares of this creature damages an ally; make a Tail Lash "
        "attack against that enemy.")
TAIL = "Tail Lash: (reach 2) +10 vs. AC; 10 damage."


@pytest.mark.parametrize("x, answers", [(6, True), (8, False)])
def test_it_lashes_an_enemy_within_2_squares_that_damages_an_ally(x: int, answers: bool) -> None:
    c = card_from_json(card("Salamander", TAIL, LASH))
    assert (c.powers[1].trigger, c.powers[1].trigger_filter.target_state) == ("ally-damaged", "within:2&enemy")
    assert unplayed_powers(c) == []
    s = battle([card("Salamander", TAIL, LASH), card("Squire", SWORD, hp=80)], [card("Orc", SWORD, hp=80)],
               PurposeDice(attack=[15] * 4))
    put(s, "a1", 4, 4)
    put(s, "a2", 7, 4)
    put(s, "b1", x, 4)
    orc = s.b.by_id["b1"]
    sword = orc.powers[0]
    assert sword.attack is not None
    before = len(s.log.of_kind("attack"))
    AT.attack(s.b, orc, sword, sword.attack, [s.b.by_id["a2"]])
    assert _attacks(s, before) == ([("a1", "b1")] if answers else []) + [("b1", "a2")]
