"""'Whenever this is the first creature you activate in a round, it has +2 Speed until end of its turn. RECHARGE
Frenzied Slash.' (its side's first), 'Use when first to activate in a round: +2 attack until end of round' and 'Use
when this creature takes the first turn in a round' (the round's first, of either side): as its turn starts, when it
is. Also 'attacked by an enemy while this creature is not bloodied' and 'declares and opportunity attack' ('an')."""

from __future__ import annotations

import pytest

from simulate.games import ddm_guild_attacks as AT
from simulate.games.ddm_guild import GuildCharge
from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from simulate.games.ddm_guild_state import Fighter
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put, turn_of
from tests.simulate.test_ddm_guild_when import battle_on

INCITED = ("Incited: Whenever this is the first creature you activate in a round, it has +2 Speed until end of its "
           "turn. RECHARGE Frenzied Slash.")
FRENZIED = "Frenzied Slash: +10 vs. AC; 10 damage."
VANGUARD = "Vanguard: Use when first to activate in a round: +2 attack until end of round."
PRESENCE = ("Awesome Presence: Use when attacked by an enemy while this creature is not bloodied: -2 Attack on that "
            "attack.")
AGILITY = "Agility: Use when an enemy declares and opportunity attack against this creature; that attack misses."


@pytest.mark.parametrize("text, trigger, requirement", [
    (INCITED, "start-of-turn", "first-you-activate"), (VANGUARD, "start-of-turn", "first-to-activate"),
    (PRESENCE, "attacked", "not-bloodied"), (AGILITY, "attacked", "")])
def test_the_powers_are_read_and_played(text: str, trigger: str, requirement: str) -> None:
    c = card_from_json(card("Any", SWORD, FRENZIED, text))
    p = c.powers[2]
    assert (p.trigger, p.requirement) == (trigger, requirement)
    assert unplayed_powers(c) == []


def _speed_mods(f: Fighter) -> list[int]:
    return [e.amount for e in f.effects if e.kind == "mod" and e.what == "speed"]


def test_its_sides_first_activation_only() -> None:
    s = battle_on([card("Squire", SWORD), card("Mad Slasher", SWORD, FRENZIED, INCITED)], [card("Orc", SWORD)])
    squire, slasher, orc = (s.b.by_id[i] for i in ("a1", "a2", "b1"))
    s._start_round()
    s._activate(orc)  # the other side's first: it is still its side's first
    s.b.active = None
    slasher.spend(slasher.powers[1])
    s._activate(slasher)
    assert _speed_mods(slasher) == [2] and slasher.uses_left(slasher.powers[1])
    s.b.active = None
    s.b.round = 2
    s._start_round()
    slasher.effects.clear()
    s._activate(squire)
    s.b.active = None
    s._activate(slasher)  # not its side's first this round
    assert _speed_mods(slasher) == []


@pytest.mark.parametrize("orc_first, bonus", [(False, [2]), (True, [])])
def test_the_rounds_first_activation_of_either_side(orc_first: bool, bonus: list[int]) -> None:
    s = battle_on([card("Boros Reckoner", SWORD, VANGUARD)], [card("Orc", SWORD)])
    reckoner, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    s._start_round()
    reckoner.effects.clear()
    if orc_first:
        s._activate(orc)
        s.b.active = None
    s._activate(reckoner)
    assert [e.amount for e in reckoner.effects if e.kind == "mod" and e.what == "attack"] == bonus


CAVALRY = ("Cavalry Charge: Use when this creature charges: Each ally has +2 Attack and +5 Damage against target of "
           "that charge until end of round.")


def test_its_allies_gain_against_the_enemy_it_charged() -> None:
    c = card_from_json(card("Griffon Cavalry", SWORD, CAVALRY))
    assert (c.powers[1].trigger, c.powers[1].trigger_filter.attack_form) == ("attack-made", "charge")
    assert unplayed_powers(c) == []
    s = battle([card("Griffon Cavalry", SWORD, CAVALRY), card("Squire", SWORD)],
               [card("Deer", SWORD, hp=80), card("Orc", SWORD)], PurposeDice(attack=[15] * 4))
    put(s, "a1", 1, 3)
    put(s, "a2", 1, 8)
    put(s, "b1", 6, 3)
    put(s, "b2", 9, 9)
    turn_of(s, "a1")
    griffon, squire = s.b.by_id["a1"], s.b.by_id["a2"]
    squire.effects.clear()
    s.apply(GuildCharge("b1", (5, 3), griffon.powers[0].index))
    assert sorted((e.what, e.amount, e.filter.target_state) for e in squire.effects if e.kind == "mod") == [
        ("attack", 2, "id:b1"), ("damage", 5, "id:b1")]


ELEVEN = ("Mad Fascination with the Number 11: Use when a player rolls a natural 11 on an attack: This creature "
          "makes a Melee Basic attack as an immediate action.)")


@pytest.mark.parametrize("face, answers", [(11, True), (12, False)])
def test_a_natural_11_on_any_attack_roll(face: int, answers: bool) -> None:
    c = card_from_json(card("Derro Maniac", SWORD, ELEVEN))
    assert (c.powers[1].trigger, c.powers[1].trigger_filter.natural) == ("any-rolls", "11-11")
    assert unplayed_powers(c) == []
    s = battle([card("Derro Maniac", SWORD, ELEVEN), card("Squire", SWORD)], [card("Orc", SWORD, hp=80)],
               PurposeDice(attack=[face, 15, 15]))
    put(s, "a1", 4, 4)
    put(s, "a2", 5, 5)
    put(s, "b1", 5, 4)
    squire = s.b.by_id["a2"]
    sword = squire.powers[0]
    assert sword.attack is not None
    before = len(s.log.of_kind("attack"))
    AT.attack(s.b, squire, sword, sword.attack, [s.b.by_id["b1"]])
    made = sorted(str(e.data["attacker"]) for e in s.log.of_kind("attack")[before:])
    assert made == (["a1", "a2"] if answers else ["a2"])
