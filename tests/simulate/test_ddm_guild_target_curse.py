"""Curses an attack puts on its target (profile ddm-guild.target-curse): 'target takes 10 damage whenever it declares a
non-{b} attack (save ends)', 'until this creature is destroyed, target takes 10 damage whenever it hits with a {m}
attack', '... whenever it rolls a natural 10-20 on an attack roll (maximum 1 per turn) until end of battle' — the
target has that triggered power of its own for the while; 'target takes 10 additional cold damage whenever it takes
cold damage' (Vulnerable 10 cold), '... 5 additional damage whenever it takes damage' (Vulnerable 5 All); durations
'until this creature is destroyed' (ongoing damage and modifiers too)."""

from __future__ import annotations

from simulate.games import ddm_guild_damage as DM
from simulate.games.ddm_guild import GuildState
from simulate.games.ddm_guild_judge import stat_mods
from simulate.games.ddm_guild_state import Fighter
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, assert_played, attack_with, battle, card, put

EYES = ("Eyes of Asmodeus: (range 10) +16 vs. Will; 15 damage. Hit or miss, target takes 10 damage whenever it "
        "declares a non-{b} attack (save ends).")
BLOODFANG = ("Bloodfang Beast Curse: (range 6) +6 vs. Reflex; until this creature is destroyed, target takes 10 damage "
             "whenever it hits with a {m} attack.")
PRIDE = ("Price of Pride: (range 10) +10 vs. Will; target takes 10 damage whenever it rolls a natural 10-20 on an "
         "attack roll (maximum 1 per turn) until end of battle")
CHILL = ("Chilling Strike: +20 vs. AC; 20 + 10 cold damage AND target takes 10 additional cold damage whenever it "
         "takes cold damage (save ends).")
ENTROPY = "Ray of Entropy: (range 10) +10 vs. Fortitude; 10 damage AND target takes 5 additional damage whenever it " \
          "takes damage (save ends)."
KNIFE = "Mordenkainen's Knife: (range 10) Automatic hit; ongoing 10 Damage until this creature is destroyed"
HEX = ("Bestow Curse: (sight) +14 vs. DEF(Will); 10 Damage AND until this creature is destroyed, target has -4 Attack, "
       "-5 Damage, and -4 DEF")
BOLT = "Bolt: (range 10) +10 vs. Reflex; 10 damage."
FROST = "Frost Bolt: (range 10) +10 vs. Reflex; 10 cold damage."


def _pair(power: str, dice: PurposeDice, *theirs: str) -> tuple[GuildState, Fighter, Fighter]:
    s = battle([card("Caster", power, hp=200)], [card("Brute", SWORD, *theirs, hp=200)], dice)
    put(s, "a1", 5, 3)
    put(s, "b1", 8, 3)  # (apart: a ranged attack provokes no opportunity attack)
    return s, s.b.by_id["a1"], s.b.by_id["b1"]


def test_the_powers_are_played() -> None:
    for text in (EYES, BLOODFANG, PRIDE, CHILL, ENTROPY, KNIFE, HEX):
        assert_played(card("Caster", text), 0)


def test_a_curse_on_declaring_other_than_basic_attacks_until_saved() -> None:
    s, caster, brute = _pair(EYES, PurposeDice(attack=[1, 15], save=[9, 10]), BOLT)
    attack_with(s, caster, brute)  # a miss: hit or miss, the curse is on
    assert brute.hp == 200 and [e.duration for e in brute.effects if e.kind == "grant"] == ["save"]
    attack_with(s, brute, caster, 1)  # Bolt (one target, no recharge) is a basic attack: nothing
    assert brute.hp == 200
    s._end_turn(brute)  # rolls 9: still cursed
    assert [e for e in brute.effects if e.kind == "grant"]
    s._end_turn(brute)  # rolls 10: saved
    assert not [e for e in brute.effects if e.kind == "grant"]


def test_a_curse_on_a_non_basic_attack() -> None:
    s, caster, brute = _pair(EYES, PurposeDice(attack=[15, 15, 15], save=[10]),
                             "Big Bolt: (range 10) +10 vs. Reflex; 10 damage AND Dazed. Recharge when first bloodied.")
    attack_with(s, caster, brute)
    assert brute.hp == 185
    attack_with(s, brute, caster, 1)  # a power that recharges is no basic attack: 10 damage as it is declared
    assert brute.hp == 175
    s._end_turn(brute)  # saved
    attack_with(s, brute, caster, 0)
    assert brute.hp == 175


def test_a_curse_on_hitting_in_melee_until_its_creature_is_destroyed() -> None:
    s, caster, brute = _pair(BLOODFANG, PurposeDice(attack=[15, 15, 1, 15]), BOLT)
    attack_with(s, caster, brute)
    put(s, "b1", 6, 3)
    attack_with(s, brute, caster, 0)  # a melee hit: 10 damage
    assert brute.hp == 190
    attack_with(s, brute, caster, 0)  # a miss: nothing
    assert brute.hp == 190
    DM.destroy(s.b, caster, None)  # the curse ends with its creature
    assert not [e for e in brute.effects if e.kind == "grant"]
    assert not [q for q in brute.powers if "whenever it hits" in q.text]


def test_a_curse_on_natural_rolls_once_a_turn() -> None:
    s, caster, brute = _pair(PRIDE, PurposeDice(attack=[15, 12, 12, 9, 14]))
    attack_with(s, caster, brute)
    put(s, "b1", 6, 3)
    s._start_turn(brute)
    attack_with(s, brute, caster, 0)  # a natural 12: 10 damage
    attack_with(s, brute, caster, 0)  # again this turn: no more
    assert brute.hp == 190
    s._end_turn(brute)
    s._start_turn(brute)  # its next turn
    attack_with(s, brute, caster, 0)  # a natural 9: nothing
    assert brute.hp == 190
    attack_with(s, brute, caster, 0)  # a natural 14: 10 damage
    assert brute.hp == 180


def test_additional_damage_of_a_type_or_of_any_damage() -> None:
    s, caster, brute = _pair(CHILL, PurposeDice(attack=[15, 15]), FROST)
    put(s, "b1", 6, 3)
    attack_with(s, caster, brute)
    assert brute.hp == 170  # (20 + 10 cold: the cold is 10 more from now only)
    attack_with(s, caster, brute)
    assert brute.hp == 130  # 20 + 10 cold + 10 more cold
    s, caster, brute = _pair(ENTROPY, PurposeDice(attack=[15, 15]))
    attack_with(s, caster, brute)
    attack_with(s, caster, brute)
    assert brute.hp == 200 - 10 - 15


def test_ongoing_damage_and_modifiers_until_its_creature_is_destroyed() -> None:
    s, caster, brute = _pair(KNIFE, PurposeDice(save=[20]))
    attack_with(s, caster, brute)
    s._start_turn(brute)
    assert brute.hp == 190
    s._end_turn(brute)  # a save does not end it
    s._start_turn(brute)
    assert brute.hp == 180
    DM.destroy(s.b, caster, None)
    s._start_turn(brute)
    assert brute.hp == 180
    s, caster, brute = _pair(HEX, PurposeDice(attack=[15]))
    attack_with(s, caster, brute)
    assert stat_mods(s.b, brute, "attack") == -4
    DM.destroy(s.b, caster, None)
    assert stat_mods(s.b, brute, "attack") == 0
