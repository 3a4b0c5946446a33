"""Subjects read as parts: 'each adjacent ally and each adjacent enemy' (every creature beside it, of both sides),
'each Raider in your warband' (its own side, itself included if it is one) and '1 Raider in your warband' (one of
them: the engine names the one nearest an enemy), with 'you may move ... up to its speed'."""

from __future__ import annotations

from simulate.games import ddm_guild_apply as FX
from simulate.games import ddm_guild_coverage as C
from simulate.games import ddm_guild_damage as DM
from simulate.games import ddm_guild_judge as J
from simulate.games import ddm_guild_triggers as TR
from simulate.games.ddm_guild_powers import parse_power
from simulate.games.ddm_guild_vocab import Filter
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

FLASH = "Death Flash: Use when this creature is destroyed: Each adjacent ally and each adjacent enemy is Dazed."
HEAL = "Use when this creature is bloodied: Each Raider in your warband heals 10 HP."
RECON = "Raider Recon: Use at start of round: You may move 1 Raider in your warband up to its speed."


def test_the_words() -> None:
    for text, kind, who, within, keyword in ((FLASH, "condition", "all", -1, ""),
                                             (HEAL, "heal", "friends", 0, "raider"),
                                             (RECON, "move", "chosen-friend", 0, "raider")):
        p = parse_power(0, "special", text)
        assert p.played and not C.engine_unplayed(p), (text, p.unplayed, C.engine_unplayed(p))
        (e,) = p.effects
        assert (e.kind, e.who, e.filter.within, e.filter.keyword) == (kind, who, within, keyword), text
    burst = parse_power(0, "special", "Vesuvian Burst: immediate action, whenever destroyed: Each enemy and ally "
                                      "within 2 squares of it takes 5 fire damage.")
    assert burst.played and [(e.who, e.filter.within) for e in burst.effects] == [("all", 2)], burst.unplayed


def test_both_sides_beside_it_are_dazed_when_it_is_destroyed() -> None:
    s = battle([card("Darkling", SWORD, FLASH, hp=10), card("Friend", SWORD), card("Far Friend", SWORD)],
               [card("Orc", SWORD), card("Far Orc", SWORD)], PurposeDice())
    put(s, "a1", 5, 3)
    put(s, "a2", 4, 3)
    put(s, "a3", 0, 0)
    put(s, "b1", 6, 3)
    put(s, "b2", 11, 7)
    DM.deal_damage(s.b, s.b.by_id["a1"], [(10, "")], s.b.by_id["b1"])
    assert not s.b.by_id["a1"].alive
    dazed = {f.id for f in s.b.fighters if f.has("dazed")}
    assert dazed == {"a2", "b1"}


def test_raiders_of_its_warband_heal_and_one_of_them_moves() -> None:
    s = battle([card("Gnoll", SWORD, HEAL, RECON, keywords=("Raider",), hp=40),
                card("Goblin", SWORD, keywords=("Raider",), hp=40), card("Guard", SWORD, hp=40)],
               [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 0, 0)
    put(s, "a2", 0, 7)
    put(s, "a3", 1, 7)
    put(s, "b1", 6, 7)
    gnoll, goblin, guard = s.b.by_id["a1"], s.b.by_id["a2"], s.b.by_id["a3"]
    for f in (gnoll, goblin, guard):
        f.hp = 15
    TR.fire(s.b, "bloodied", [gnoll])
    assert (gnoll.hp, goblin.hp, guard.hp) == (25, 25, 15)  # the Raiders, itself included
    TR.fire(s.b, "start-of-round", [gnoll])
    assert goblin.pos != (0, 7) and s.b.gap(goblin, s.b.by_id["b1"]) == 1  # the Raider nearest an enemy moved to it
    assert gnoll.pos == (0, 0) and guard.pos == (1, 7)


def test_a_moved_group_keeps_its_kinds_and_distance() -> None:
    """Before, 'Each Orc and Ogre ally moves up to its speed' moved every ally (the group's words were dropped for
    shifts, moves and teleports)."""
    p = parse_power(0, "special", "Use at start of round. Each Orc and Ogre ally moves up to its speed.")
    assert p.played and [(e.kind, e.who, e.filter.keyword) for e in p.effects] == [("move", "allies", "orc|ogre")]
    q = parse_power(0, "special", "Dancing Flame: Minor action: 1 Fire ally within 5 squares of this creature shifts "
                                  "up to 1 square as a free action.")
    assert q.played and [(e.who, e.filter.keyword, e.filter.within) for e in q.effects] == [("chosen-ally", "fire", 5)]
    chief = "Use at start of round. Each Orc and Ogre ally moves up to its speed."
    s = battle([card("Chief", SWORD, chief), card("Orc", SWORD, keywords=("Orc",)), card("Elf", SWORD)],
               [card("Foe", SWORD)], PurposeDice())
    put(s, "a1", 0, 0)
    put(s, "a2", 0, 4)
    put(s, "a3", 0, 7)
    put(s, "b1", 8, 4)
    TR.fire(s.b, "start-of-round", [s.b.by_id["a1"]])
    assert s.b.by_id["a2"].pos != (0, 4) and s.b.by_id["a3"].pos == (0, 7)  # the Orc moved, the Elf did not


def test_slides_of_enemies_levels_and_counts() -> None:
    slide = "Use at the start of this creature's turn. Slide 1 enemy within 5 squares of this creature 1 square."
    flurry = "Fiendish Flurry: Use at start of this creature's turn; 2 enemies adjacent to this creature each take 5 " \
             "Damage."
    order = ("Barbaric Order: Replaces attack action: 1 level 10 or lower ally makes a {B} attack as an immediate "
             "action.")
    fling = "Fling: Minor action: Slide an adjacent Immobilized enemy up to 3 squares."
    for text, who, keyword, within in ((slide, "chosen-enemy", "", 5), (flurry, "chosen-enemies:2", "", -1),
                                       (order, "chosen-ally", "level<=10", 0),
                                       (fling, "chosen-enemy", "immobilized", -1)):  # a state it is in now
        p = parse_power(0, "special", text)
        assert p.played and not C.engine_unplayed(p), (text, p.unplayed)
        assert [(e.who, e.filter.keyword, e.filter.within) for e in p.effects] == [(who, keyword, within)], text
    # its own creatures' slide 'up to' a distance: moved as the engine shifts them (since game 1.120:
    # test_ddm_guild_turn_start_creature.py); an exact one is not read
    slid = parse_power(0, "special", "Use at end of round: Slide each ally and each enemy up to 2 squares.")
    assert slid.played and [e.extra for e in slid.effects] == [("own-slide",)]
    assert not parse_power(0, "special", "Use at end of round: Slide each ally and each enemy 2 squares.").played
    s = battle([card("Imp", SWORD, flurry)], [card("A", SWORD), card("B", SWORD), card("C", SWORD)], PurposeDice())
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    put(s, "b2", 4, 3)
    put(s, "b3", 5, 4)
    TR.fire(s.b, "start-of-turn", [s.b.by_id["a1"]])
    assert sorted(f.hp for f in s.b.fighters if f.player == 1) == [45, 45, 50]  # two of the three adjacent


def test_an_ongoing_damage_effect_ends_on_that_ally() -> None:
    p = parse_power(0, "special", "Use at start of an ally's turn: End 1 ongoing damage effect on that ally.")
    assert p.played and not C.engine_unplayed(p)
    assert [(e.kind, e.who, e.what) for e in p.effects] == [("cleanse", "ally", "ongoing")]
    s = battle([card("Cleric", SWORD), card("Fighter", SWORD)], [card("Orc", SWORD)], PurposeDice())
    fighter, orc = s.b.by_id["a2"], s.b.by_id["b1"]
    FX.add_active(s.b, fighter, "ongoing", "fire", 5, "save", orc, Filter())
    FX.add_active(s.b, fighter, "condition", "slowed", 0, "save", orc, Filter())
    FX.apply_effects(s.b, p.effects, J.Ctx(s.b.by_id["a1"], ally=fighter))
    assert [e.kind for e in fighter.effects] == ["condition"]  # the ongoing damage ended, the condition stays


def test_a_subject_of_no_creature_kind_is_not_played() -> None:
    """'Human and lf allies', 'Tentacle allies': the words read as a kind no creature has, so the effect would reach
    nobody; such powers are listed as not played. (A state or a size — '1 adjacent Immobilized enemy', 'Small
    creatures in your warband' — is read since game 1.46: test_ddm_guild_subject_states.py; 'Lower-level allies', of a
    level below the power's creature's, since game 1.116: test_ddm_guild_turn_start_creature.py.)"""
    for text in ("Use at start of round: Human and lf allies have +2 attack and +5 damage until end of round.",
                 "Use at start of round: Tentacle allies have +4 attack and +10 damage until end of round."):
        p = parse_power(0, "special", text)
        assert p.played and "no creature kind" in C.engine_unplayed(p), (text, C.engine_unplayed(p))
    for text in ("Venomous Bite: Minor action; 1 adjacent Immobilized enemy has ongoing 10 poison Damage (save ends).",
                 "Use at start of round. Small creatures in your warband have +2 Speed until end of round."):
        p = parse_power(0, "special", text)
        assert p.played and not C.engine_unplayed(p), (text, C.engine_unplayed(p))
    ok = parse_power(0, "special", "Use at start of round: Human and Elf allies have +2 attack until end of round.")
    assert ok.played and not C.engine_unplayed(ok)
