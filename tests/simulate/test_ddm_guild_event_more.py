"""Triggers in more of the cards' words (3): 'Make a followup attack, +12 vs. Fortitude; Helpless' after a hit, 'only if
this creature flanks that enemy', 'when an enemy within reach activates', 'the target of that attack is also pushed 2
squares', 'Repeat the attack' after a miss, 'the first creature you activate in a round'."""

from __future__ import annotations

from simulate.games import ddm_guild_triggers as TR
from simulate.games.ddm_guild_powers import parse_power
from tests.simulate.test_ddm_guild_granted_bonus import swing
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

SLEEP = "Sleep Poison: Use after this creature hits with an attack: Make a followup attack, +12 vs. Fortitude; " \
        "Helpless."
PACK = "Pack Attack: Use when a Beast ally attacks an enemy, only if this creature flanks that enemy: Make a {b} " \
       "attack vs. that enemy as an immediate action."
SWARM = "Swarm Attack: Immediate action, when an enemy within reach activates: Make a melee basic attack against " \
        "that enemy."
FERAL = "Feral Charge: Whenever this creature hits with a charge attack, the target of that attack is also pushed 2 " \
        "squares."


def test_the_words_read() -> None:
    for text in (SLEEP, PACK, SWARM, FERAL):
        assert parse_power(0, "special", text).played, text
    assert parse_power(0, "special", PACK).trigger_filter.target_state == "enemy&flanking"
    assert (parse_power(0, "special", SWARM).trigger, parse_power(0, "special", SWARM).trigger_filter.within) == (
        "enemy-starts-turn", -3)
    assert [(e.kind, e.amount) for e in parse_power(0, "special", FERAL).effects] == [("push", 2)]


def test_a_followup_after_its_hit() -> None:
    s = battle([card("Drow", SWORD, SLEEP)], [card("Orc", SWORD, hp=200)], PurposeDice(attack=[15, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    orc = s.b.by_id["b1"]
    swing(s, s.b.by_id["a1"], orc)
    assert orc.hp == 190 and orc.has("helpless")


def test_only_when_it_flanks_that_enemy() -> None:
    for spot, made in (((6, 3), 1), ((6, 4), 0)):
        s = battle([card("Dog", SWORD, PACK), card("Wolf", SWORD, keywords=("beast",))],
                   [card("Orc", SWORD, hp=200)], PurposeDice(attack=[15] * 3))
        put(s, "a1", *spot)
        put(s, "a2", 4, 3)
        put(s, "b1", 5, 3)
        swing(s, s.b.by_id["a2"], s.b.by_id["b1"])
        assert len([e for e in s.log.of_kind("attack") if e.data["attacker"] == "a1"]) == made, spot


def test_an_enemy_that_activates_within_reach() -> None:
    s = battle([card("Rats", SWORD, SWARM)], [card("Orc", SWORD, hp=200)], PurposeDice(attack=[15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    s.b.by_id["a1"].immediate_used = False
    TR.turn_started(s.b, s.b.by_id["b1"])
    assert s.b.by_id["b1"].hp == 190


def test_damage_then_modifiers_for_a_while() -> None:
    warp = parse_power(0, "special", "Warp the Flesh: Use when this creature damages a living enemy; that enemy "
                                     "takes 10 necrotic Damage and has -2 Speed and -2 Attack until end of battle.")
    assert [(e.kind, e.who, e.amount, e.what, e.duration) for e in warp.effects] == [
        ("damage", "target", 10, "necrotic", ""), ("mod", "target", -2, "speed", "battle"),
        ("mod", "target", -2, "attack", "battle")]
    arrow = parse_power(0, "special", "Blood Arrow: Immediate, when an enemy's {m} attack causes this creature to "
                                      "become Bloodied; shift an make a {r} attack against that enemy.")
    assert arrow.played and [e.kind for e in arrow.effects] == ["shift", "attack"]


def test_a_missed_attack_is_repeated() -> None:
    slaying = "Sword of Slaying: Immediate action, when this creature misses with a basic melee attack: Repeat the " \
              "attack."
    s = battle([card("Paladin", SWORD, slaying)], [card("Orc", SWORD, hp=200)], PurposeDice(attack=[1, 15, 1, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    paladin = s.b.by_id["a1"]
    paladin.immediate_used = False
    swing(s, paladin, s.b.by_id["b1"])  # a 1, then the same attack again: 15, a hit
    assert s.b.by_id["b1"].hp == 190 and paladin.immediate_used


def test_the_first_creature_you_activate() -> None:
    incited = parse_power(0, "special", "Incited: Whenever this is the first creature you activate in a round, it has "
                                        "+2 Speed until end of its turn. RECHARGE Frenzied Slash.")
    assert incited.played and (incited.trigger, incited.requirement) == ("start-of-turn", "first-you-activate")
    assert [(e.kind, e.what) for e in incited.effects] == [("mod", "speed"), ("recharge", "power:frenzied slash")]
