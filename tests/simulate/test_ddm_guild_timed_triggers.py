"""'Until end of round, whenever an enemy hits this creature with a {m} attack, that enemy takes 10 fire damage': a
triggered power its creature has while the effect lasts — used whenever its event happens, gone when it ends."""

from __future__ import annotations

from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_triggers as TR
from simulate.games.ddm_guild_coverage import engine_unplayed
from simulate.games.ddm_guild_judge import Ctx
from simulate.games.ddm_guild_powers import parse_power
from simulate.games.ddm_guild_state import GRANTED_INDEX
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

FIRE_SHIELD = ("Fire Shield: Minor action: Until end of round, whenever an enemy hits this creature with a {m} attack, "
               "that enemy takes 10 fire damage.")
CRAZED = ("Battle-Crazed: Use when first Bloodied; until end of round, make an immediate {m} attack whenever an "
          "adjacent ally is targeted by an attack.")
RADIANT = ("Use at start of round: Until end of round, whenever an ally hits with an attack, that attack deals +5 "
           "radiant damage.")


def test_the_words() -> None:
    for text, trigger in ((FIRE_SHIELD, ""), (CRAZED, "first-bloodied"), (RADIANT, "start-of-round")):
        p = parse_power(1, "special", text, 1)
        assert p.played and not engine_unplayed(p) and p.trigger == trigger, (text, p.unplayed, engine_unplayed(p))
        assert [(e.kind, e.duration) for e in p.effects] == [("grant", "end-round")]
    # what it gives must be a power the engine plays ('maximum 1 per turn per enemy' is since 1.70 its use rate
    # "turn-each": test_ddm_guild_event_parts plays it); an event the engine has not is not
    circle = parse_power(1, "special", "Circle of Forbiddance: Replaces attack action: Until end of round, whenever an "
                                       "enemy enters a space within 3 squares of this creature, that enemy takes 15 "
                                       "damage (maximum 1 per turn per enemy).", 1)
    assert circle.played and not engine_unplayed(circle)
    moves = parse_power(1, "special", "Use when you win initiative. Until end of round, whenever an ally moves 3 or "
                                      "more squares during its turn, that ally has +4 Attack until end of turn.", 1)
    assert not moves.played or engine_unplayed(moves)


def test_the_shield_answers_each_melee_hit_until_the_round_ends() -> None:
    s = battle([card("Silver Sorcerer", SWORD, FIRE_SHIELD, hp=80)], [card("Orc", SWORD, hp=60)],
               PurposeDice(attack=[15, 15, 15]))
    put(s, "a1", 0, 0)
    put(s, "b1", 1, 0)
    sorcerer, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    shield = sorcerer.powers[1]
    assert shield.played and shield.action == "minor"
    osword = orc.powers[0]
    assert osword.attack is not None
    AT.attack(s.b, orc, osword, osword.attack, [sorcerer])  # no shield yet
    assert sorcerer.hp == 70 and orc.hp == 60
    TR.apply_power(s.b, sorcerer, shield, Ctx(sorcerer))
    assert [p.index for p in sorcerer.powers if p.index >= GRANTED_INDEX]
    AT.attack(s.b, orc, osword, osword.attack, [sorcerer])
    AT.attack(s.b, orc, osword, osword.attack, [sorcerer])
    assert sorcerer.hp == 50 and orc.hp == 40  # 10 fire damage for each hit
    s._end_round()  # the round ends: the effect, and the power with it
    assert not [e for e in sorcerer.effects if e.kind == "grant"]
    assert not [p for p in sorcerer.powers if p.index >= GRANTED_INDEX]
    AT.attack(s.b, orc, osword, osword.attack, [sorcerer])
    assert orc.hp == 40


def test_used_again_it_starts_over_and_is_not_had_twice() -> None:
    s = battle([card("Silver Sorcerer", SWORD, FIRE_SHIELD, hp=80)], [card("Orc", SWORD, hp=60)],
               PurposeDice(attack=[15]))
    put(s, "a1", 0, 0)
    put(s, "b1", 1, 0)
    sorcerer, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    shield = sorcerer.powers[1]
    TR.apply_power(s.b, sorcerer, shield, Ctx(sorcerer))
    TR.apply_power(s.b, sorcerer, shield, Ctx(sorcerer))
    assert len([p for p in sorcerer.powers if p.index >= GRANTED_INDEX]) == 1
    osword = orc.powers[0]
    assert osword.attack is not None
    AT.attack(s.b, orc, osword, osword.attack, [sorcerer])
    assert orc.hp == 50  # once, not twice


def test_an_allys_hits_deal_more_while_the_round_lasts() -> None:
    s = battle([card("Paladin of Bahamut", SWORD, RADIANT), card("Squire", SWORD)], [card("Orc", SWORD, hp=80)],
               PurposeDice(attack=[15, 15]))
    put(s, "a1", 0, 0)
    put(s, "a2", 4, 4)
    put(s, "b1", 5, 4)
    paladin, squire, orc = s.b.by_id["a1"], s.b.by_id["a2"], s.b.by_id["b1"]
    TR.fire(s.b, "start-of-round", [paladin])
    ssword = squire.powers[0]
    assert ssword.attack is not None
    AT.attack(s.b, squire, ssword, ssword.attack, [orc])
    assert orc.hp == 65  # 10 + 5 radiant
    s._end_round()
    AT.attack(s.b, squire, ssword, ssword.attack, [orc])
    assert orc.hp == 55


MANTLE = ("Dragonflame Mantle: Immediate, when hit by a {m} attack; attacker takes 10 fire Damage; until end of round, "
          "whenever an enemy hits this creature with a {m} attack, that enemy takes 10 fire damage.")


def test_a_power_given_by_an_answer_to_a_hit_does_not_answer_that_hit_too() -> None:
    s = battle([card("Silver Sorcerer", SWORD, MANTLE, hp=80)], [card("Orc", SWORD, hp=60)],
               PurposeDice(attack=[15, 15]))
    put(s, "a1", 0, 0)
    put(s, "b1", 1, 0)
    sorcerer, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    assert sorcerer.powers[1].played
    osword = orc.powers[0]
    assert osword.attack is not None
    AT.attack(s.b, orc, osword, osword.attack, [sorcerer])
    assert orc.hp == 50  # the Mantle's 10; the power it gives answers the next hit
    AT.attack(s.b, orc, osword, osword.attack, [sorcerer])
    assert orc.hp == 40


def test_a_printed_it_after_another_creatures_event_is_not_played() -> None:
    """'Use when an enemy becomes bloodied: It takes 20 ongoing necrotic damage' (Valindra Shadowmantle): the card's
    "It" is that enemy, while the reader's "it" spells "this creature" — the engine had Valindra burn herself. Which
    creature is meant is not known, so such a power is listed as not played (and so is a power given for a while)."""
    for text in ("Use when an enemy becomes bloodied: It takes 20 ongoing necrotic damage (save ends).",
                 "Shield of Moradin: Whenever an adjacent ally fails a save, it has +2 AC and +2 DEF until end of its "
                 "next turn.",
                 "Use at start of round. Until end of round, whenever an ally becomes Bloodied, it takes 5 Damage and "
                 "has +5 Damage until end of battle."):
        p = parse_power(1, "special", text)
        assert p.played and engine_unplayed(p) == "'it' after another creature's event (that creature or this one?)"
    # "this creature" printed: no doubt
    p = parse_power(1, "special", "Use when an enemy becomes bloodied: This creature takes 5 damage.")
    assert p.played and not engine_unplayed(p)
