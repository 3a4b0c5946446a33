"""DDM Guild triggers read as parts (who acts, what it does, to whom, with what attack): each reading is checked
in a battle, and the words the engine's events cannot honour stay unread."""

from __future__ import annotations

import pytest

from simulate.games import ddm_guild_play as P
from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from simulate.games.ddm_guild_powers import parse_power
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

SPEAR = "Spear: (range 6, does not provoke opportunity attacks) +10 vs. AC; 10 damage."


def swing(s: object, attacker: str, target: str, power: int = 0) -> int:
    b = s.b  # type: ignore[attr-defined]
    f = b.by_id[attacker]
    p = f.powers[power]
    assert p.attack is not None
    return P.attack(b, f, p, p.attack, [b.by_id[target]])


@pytest.mark.parametrize(("text", "trigger", "keyword", "state", "within", "target_state", "form"), [
    ("Flame Shield: Use when an adjacent enemy hits this creature with a {m} attack: That enemy takes 5 fire damage.",
     "hit-by", "", "", -1, "", "melee"),
    ("Dragon Defender: Immediate, when an enemy adjacent to this creature targets a Dragon ally with a {m} attack; "
     "make a {b} attack against that enemy.", "ally-attacked", "dragon", "", 0, "adjacent", "melee"),
    ("Use when an ally hits a Bloodied enemy: +10 Damage on that attack.", "ally-hits", "", "", 0, "bloodied", ""),
    ("Paralysis: Use when an adjacent Immobilized enemy fails a save: That enemy is also Helpless until end of its "
     "next turn.", "enemy-fails-save", "", "cond:immobilized", -1, "", ""),
    ("Menacing Counterattack: Immediate, when an enemy's {m} attack misses this creature; make a {b} attack against "
     "that enemy.", "missed-by", "", "", 0, "", "melee"),
    ("Use when a Beast or Orc ally hits with a {m} attack: +15 Damage on that attack.", "ally-hits", "beast|orc", "",
     0, "", "melee"),
    ("Use when an enemy hits a Dwarf ally with an attack: That enemy takes ongoing 10 radiant damage (save ends).",
     "ally-hit", "dwarf", "", 0, "", ""),
    ("Wand of Accuracy: Use when this creature declares a {m} or {r} attack: +5 Attack on that attack.", "declares",
     "", "", 0, "", "melee|ranged"),
])
def test_an_event_is_read_as_its_parts(text: str, trigger: str, keyword: str, state: str, within: int,
                                       target_state: str, form: str) -> None:
    p = parse_power(0, "special", text)
    assert p.played, p.unplayed
    f = p.trigger_filter
    assert (p.trigger, f.keyword, f.self_state, f.within, f.target_state, f.attack_form) == (
        trigger, keyword, state, within, target_state, form)


@pytest.mark.parametrize("text", [
    # after the attack, not as it is declared (the engine's event is the declaration)
    "Loyal Protector: Use after an enemy makes an attack against a champion ally: Make a {b} attack against that "
    "enemy as an immediate action.",
    "Furious Retort: Immediate action, after an adjacent enemy attacks this creature: Make a BASIC attack against "
    "that enemy.",
    # the victim's state before the attack is not what the engine sees once it is destroyed
    "Threatening Advance: Immediate, when this creature's {b} attack destroys a Bloodied target; shift 1 square",
    # no event of the engine says who is missed when an enemy misses an ally
    "Use when an enemy misses an ally with an attack: That enemy takes 10 damage.",
    # an enemy hit by someone: by whom is not known to the engine's event
    "Use when an enemy is hit by a {r} attack: That enemy is slowed.",
])
def test_an_event_the_engine_cannot_honour_stays_unread(text: str) -> None:
    assert not parse_power(0, "special", text).played


def test_a_shield_burns_only_an_adjacent_enemy_that_hits_it_in_melee() -> None:
    shield = "Flame Shield: Use when an adjacent enemy hits this creature with a {m} attack: That enemy takes 5 fire " \
             "damage."
    s = battle([card("Salamander", SWORD, shield, ac=5)], [card("Orc", SWORD, SPEAR), card("Archer", SPEAR)],
               PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 9, 3)
    orc, archer = s.b.by_id["b1"], s.b.by_id["b2"]
    assert swing(s, "b2", "a1") == 1
    assert archer.hp == 50  # a ranged attack from afar: no burn
    assert swing(s, "b1", "a1", power=1) == 1
    assert orc.hp == 50  # adjacent, but a ranged attack
    assert swing(s, "b1", "a1") == 1
    assert orc.hp == 45


def test_a_defender_strikes_an_adjacent_enemy_that_attacks_a_dragon_ally() -> None:
    defender = "Dragon Defender: Immediate, when an enemy adjacent to this creature targets a Dragon ally with a {m} " \
               "attack; make a {b} attack against that enemy."
    s = battle([card("Knight", SWORD, defender), card("Wyrmling", SWORD, keywords=("Dragon",)), card("Squire", SWORD)],
               [card("Orc", SWORD, ac=5)], PurposeDice(attack=[15, 15, 1, 1]))
    put(s, "a1", 4, 3)
    put(s, "a2", 5, 4)
    put(s, "a3", 5, 2)
    put(s, "b1", 5, 3)
    orc = s.b.by_id["b1"]
    swing(s, "b1", "a3")  # the Squire is not a Dragon
    assert orc.hp == 50
    swing(s, "b1", "a2")  # the Knight's sword strikes first (15: a hit), then the orc's attack (1) misses
    assert orc.hp == 40
    put(s, "a1", 2, 3)  # no longer adjacent to the orc
    swing(s, "b1", "a2")
    assert orc.hp == 40


def test_an_allys_hit_on_a_bloodied_enemy_deals_more() -> None:
    cheer = "Use when an ally hits a Bloodied enemy: +10 Damage on that attack."
    s = battle([card("Bard", SWORD, cheer), card("Fighter", SWORD)], [card("Orc", SWORD, ac=5, hp=60)],
               PurposeDice(attack=[15, 15, 15]))
    put(s, "a1", 0, 0)
    put(s, "a2", 4, 3)
    put(s, "b1", 5, 3)
    orc = s.b.by_id["b1"]
    swing(s, "a2", "b1")
    assert orc.hp == 50  # not bloodied: 10
    orc.hp = 30
    swing(s, "a2", "b1")
    assert orc.hp == 10  # bloodied: 10 + 10
    put(s, "a1", 6, 3)
    swing(s, "a1", "b1")
    assert orc.hp == 0  # the bard's own hit is not an ally's: 10
    assert not unplayed_powers(card_from_json(card("Bard", SWORD, cheer)))


def test_paralysis_follows_a_failed_save_of_an_adjacent_immobilized_enemy() -> None:
    paralysis = "Paralysis: Use when an adjacent Immobilized enemy fails a save: That enemy is also Helpless until " \
                "end of its next turn."
    s = battle([card("Ghoul", SWORD, paralysis)], [card("Orc", SWORD), card("Elf", SWORD)],
               PurposeDice(save=[2, 2, 2]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 9, 3)
    orc, elf = s.b.by_id["b1"], s.b.by_id["b2"]
    for f in (orc, elf):
        P.add_active(s.b, f, "condition", "immobilized", 0, "save", s.b.by_id["a1"], P.Filter())
    assert not P.roll_save(s.b, elf, elf.effects[0])
    assert not elf.has("helpless")  # not adjacent
    assert not P.roll_save(s.b, orc, orc.effects[0])
    assert orc.has("helpless")
