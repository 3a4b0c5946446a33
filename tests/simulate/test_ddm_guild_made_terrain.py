"""Terrain a power makes for a while (profile ``ddm-guild.made-terrain``): 'each square adjacent to this creature
gains smoke terrain until start of its next turn', 'squares occupied by this creature are smoke terrain until the
start of its next turn', '... until end of next round'. The battle's own terrain over the map: smoke blocks sight as
the map's fog does (except between adjacent squares), and it ends when its words say."""

from __future__ import annotations

import pytest
from django.utils import translation

from simulate.bridges.ddm_guild_events import describe_event
from simulate.games import ddm_guild_apply as FX
from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_coverage as C
from simulate.games import ddm_guild_damage as DM
from simulate.games import ddm_guild_judge as J
from simulate.games import ddm_guild_moves as MV
from simulate.games import ddm_guild_triggers as TR
from simulate.games.ddm_guild import GuildAttack, GuildPower
from simulate.games.ddm_guild_powers import parse_power
from simulate.games.ddm_guild_state import Made
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put, turn_of

BOW = "Bow: (range 10) +10 vs. AC; 10 damage."
SULFUR = "Sulfurborn: Minor action: Squares occupied by this creature are smoke terrain until the start of its " \
         "next turn."
MIST = "Obscuring Mist: Replaces attack action: Each square within 1 squares becomes smoke terrain until start of " \
       "this creature's next turn."
DARK = "Killing Dark: Immediate, when destroyed; this creature's space and adjacent squares contain smoke terrain " \
       "(in addition to existing terrain) until end of next round."
BREATH = "Ignan Breath: (blast 3) +10 vs. Reflex; 10 fire damage. Hit or miss, each square adjacent to this " \
         "creature gains smoke terrain until start of its next turn."
ZOMBIE = "Obscuring Mist: Replaces attack action: Until end of this creature's next turn, each square within 2 " \
         "squares of it contains smoke (in addition to existing terrain)."


@pytest.mark.parametrize(("text", "squares", "shape", "duration"), [
    (SULFUR, 0, (), "start-next-turn"),
    (MIST, 1, (), "start-next-turn"),
    (DARK, 1, (), "end-next-round"),
    (ZOMBIE, 2, (), "end-next-turn"),
    ("Call Fog: Use at start of round: Each square gains smoke terrain until end of round.", 0, ("all",),
     "end-round"),
    ("Cloud of Darkness: Minor action; until start of this creature's next turn, squares adjacent to this creature "
     "contain smoke terrain (in addition to existing terrain).", 1, ("ring",), "start-next-turn"),
])
def test_the_words(text: str, squares: int, shape: tuple[str, ...], duration: str) -> None:
    p = parse_power(0, "special", text)
    assert p.played, p.unplayed
    assert [(e.kind, e.amount, e.what, e.extra, e.duration) for e in p.effects] == [
        ("terrain", squares, "smoke", shape, duration)]
    assert C.engine_unplayed(p) == ""


def test_an_attacks_smoke_and_the_terrain_not_made() -> None:
    p = parse_power(0, "attack", BREATH)
    assert p.attack is not None and C.engine_unplayed(p) == ""
    assert [(e.kind, e.amount, e.extra) for e in p.attack.always] == [("terrain", 1, ("ring",))]
    fire = parse_power(0, "attack", "Fiery Confluence: (blast 3) +18 vs. Reflex; 20 fire damage. Hit or miss, each "
                                    "square in blast gains fire terrain until end of round.")
    assert fire.unplayed or C.engine_unplayed(fire)  # fire terrain: what it does is not known


def test_smoke_on_its_space_hides_it_from_afar_until_the_start_of_its_next_turn() -> None:
    s = battle([card("Nightmare", SWORD, SULFUR), card("Squire", SWORD)], [card("Archer", BOW)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "a2", 5, 3)
    put(s, "b1", 9, 3)
    horse, squire, archer = s.b.by_id["a1"], s.b.by_id["a2"], s.b.by_id["b1"]
    assert s.b.sees(archer, horse)
    turn_of(s, "a1")
    s.apply(GuildPower(1))
    assert not s.b.sees(archer, horse) and not s.b.sees(horse, archer)  # smoke on its square: no sight past it
    assert s.b.sees(squire, horse)  # (adjacent squares still see each other)
    s._end_turn(horse)
    turn_of(s, "b1")
    assert GuildAttack(0, ("a1",)) not in s.legal_actions()
    assert GuildAttack(0, ("a2",)) in s.legal_actions()
    s.b.active = None
    s._start_turn(horse)
    assert s.b.sees(archer, horse) and not s.b.made
    assert [e.data["why"] for e in s.log.of_kind("terrain-end")] == ["start-turn"]
    names = {"a1": "Nightmare"}
    made, ended = s.log.of_kind("terrain")[0], s.log.of_kind("terrain-end")[0]
    with translation.override("en"):
        assert describe_event({"kind": made.kind, **made.data}, names, ["A", "B"]) == \
            "Nightmare (a1) fills 1 square with smoke."
        assert describe_event({"kind": ended.kind, **ended.data}, names, ["A", "B"]) == \
            "The smoke clears from 1 square."


def test_smoke_around_it_blocks_sight_through_it_and_the_engine_uses_it_against_archers() -> None:
    s = battle([card("Mage", SWORD, MIST)], [card("Archer", BOW)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 9, 3)
    mage, archer = s.b.by_id["a1"], s.b.by_id["b1"]
    turn_of(s, "a1")
    mist = mage.powers[1]
    assert FX.smoke_worth(s.b, mist.effects[0], J.Ctx(mage)) > 0  # it cuts an archer's sight of it
    s.apply(GuildPower(1))
    assert s.b.made and len(s.b.made[0].squares) == 9
    assert not s.b.sees(archer, mage)


def test_smoke_left_when_destroyed_lasts_until_the_end_of_the_next_round() -> None:
    s = battle([card("Creeper", SWORD, DARK), card("Squire", SWORD)], [card("Archer", BOW), card("Orc", SWORD)],
               PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "a2", 0, 7)
    put(s, "b1", 9, 3)
    put(s, "b2", 1, 3)
    creeper, archer, orc = s.b.by_id["a1"], s.b.by_id["b1"], s.b.by_id["b2"]
    assert s.b.sees(archer, orc)
    DM.deal_damage(s.b, creeper, [(60, "")], archer)
    assert not creeper.alive
    assert not s.b.sees(archer, orc)  # its square and those around it: the line from the archer passes through
    s._end_round()
    assert not s.b.sees(archer, orc)
    s.b.round += 1
    s._end_round()
    assert s.b.sees(archer, orc) and not s.b.made


def test_an_attacks_smoke_is_made_hit_or_miss() -> None:
    s = battle([card("Mephit", BREATH)], [card("Orc", SWORD), card("Archer", BOW)], PurposeDice(attack=[1]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 9, 3)
    mephit, archer = s.b.by_id["a1"], s.b.by_id["b2"]
    turn_of(s, "a1")
    breath = mephit.powers[0]
    assert breath.attack is not None
    AT.attack(s.b, mephit, breath, breath.attack, [s.b.by_id["b1"]])
    assert s.b.made and s.b.made[0].squares == frozenset(
        (x, y) for x in (3, 4, 5) for y in (2, 3, 4) if (x, y) != (4, 3))
    assert not s.b.sees(archer, mephit)


CLOUD = "Dark Cloud: Minor action: Choose a square in line of sight. Until the start of this creature's next turn, " \
        "that square and each adjacent square gain smoke terrain."


def test_smoke_on_a_chosen_square_goes_where_it_cuts_an_archers_sight() -> None:
    p = parse_power(0, "special", CLOUD)
    assert [(e.kind, e.who) for e in p.effects] == [("choose", "square"), ("terrain", "square")]
    assert C.engine_unplayed(p) == ""
    s = battle([card("Archmage", SWORD, CLOUD), card("Squire", SWORD)], [card("Archer", BOW), card("Orc", SWORD)],
               PurposeDice())
    put(s, "a1", 2, 1)
    put(s, "a2", 4, 6)
    put(s, "b1", 9, 6)
    put(s, "b2", 9, 1)
    mage, squire, archer = s.b.by_id["a1"], s.b.by_id["a2"], s.b.by_id["b1"]
    turn_of(s, "a1")
    s.apply(GuildPower(1))
    made = s.b.made[0].squares
    assert len(made) == 9 and (9, 6) in made  # around the archer, who saw both
    assert not s.b.sees(archer, squire) and not s.b.sees(archer, mage)
    assert s.b.sees(mage, s.b.by_id["b2"])


CLOAK = "Cloaking Shadow: Whenever it is not this creature's turn: this creature's space is smoke terrain."
GLOOM = "Gloomsight: Ignores smoke terrain."


def test_a_space_that_is_smoke_when_it_is_not_its_turn_and_a_creature_that_sees_through_smoke() -> None:
    for text, kind in ((CLOAK, "smoke-space"), (GLOOM, "ignores-smoke")):
        p = parse_power(0, "special", text)
        assert [(s.kind, s.what) for s in p.statics] == [("gain", kind)] and C.engine_unplayed(p) == ""
    s = battle([card("Shadowdancer", SWORD, CLOAK)], [card("Archer", BOW), card("Demon", BOW, GLOOM)],
               PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 9, 3)
    put(s, "b2", 9, 5)
    dancer, archer, demon = s.b.by_id["a1"], s.b.by_id["b1"], s.b.by_id["b2"]
    s.b.active = None  # (not its turn)
    MV.refresh_while(s.b)
    assert s.b.carried == frozenset({(4, 3)})
    assert not s.b.sees(archer, dancer) and s.b.sees(demon, dancer)  # the demon sees through the smoke
    turn_of(s, "b2")
    assert GuildAttack(0, ("a1",)) in s.legal_actions()
    s.b.active = dancer
    s._start_turn(dancer)  # its own turn: no smoke
    assert s.b.sees(archer, dancer) and not s.b.carried
    MV.walk(s.b, dancer, [(3, 3)])
    s._end_turn(dancer)
    assert s.b.carried == frozenset({(3, 3)}) and not s.b.sees(archer, dancer)


FURY = "Storm Fury: Use at any time: This creature has +4 AC and +4 Reflex against r attacks until start of its " \
       "next turn. Each square within 2 squares of this creature counts as difficult terrain to non-Giant and " \
       "non-Thunder creatures until start of this creature's next turn."
WATERBOUND = "Waterbound: Treats non-river terrain as difficult terrain."


def test_difficult_terrain_made_for_some_creatures_and_a_creature_for_which_every_square_is() -> None:
    p = parse_power(0, "special", FURY)
    assert [(e.kind, e.what, e.filter.keyword) for e in p.effects][-1] == ("terrain", "difficult", "!giant+!thunder")
    assert C.engine_unplayed(p) == "" and C.engine_unplayed(parse_power(0, "special", WATERBOUND)) == ""
    s = battle([card("Thunderer", SWORD, FURY, keywords=("Giant",)), card("Giant", SWORD, keywords=("Giant",))],
               [card("Orc", SWORD), card("Merrow", SWORD, WATERBOUND)], PurposeDice())
    put(s, "a1", 5, 3)
    put(s, "a2", 5, 6)
    put(s, "b1", 9, 3)
    put(s, "b2", 9, 6)
    giant, orc, merrow = s.b.by_id["a2"], s.b.by_id["b1"], s.b.by_id["b2"]
    MV.refresh_while(s.b)
    assert MV.reach(s.b, merrow, 6).cost_to((6, 6)) == 6  # every square costs 2
    assert MV.reach(s.b, orc, 6).cost_to((6, 3)) == 3
    TR.fire(s.b, "any-time", [s.b.by_id["a1"]])
    assert s.b.made and s.b.made[0].kinds == "!giant+!thunder"
    assert MV.reach(s.b, orc, 6).cost_to((6, 3)) == 5  # (8, 3) 1, then (7, 3) and (6, 3), within 2 squares: 2 each
    assert MV.reach(s.b, giant, 6).cost_to((5, 4)) == 2  # not for a Giant
    MV.place(s.b, orc, (7, 3))
    assert J.holds(s.b, "in-terrain:difficult", orc) and not J.holds(s.b, "in-terrain:difficult", giant)


def test_the_maps_edge_is_a_wall_for_a_placement_beside_a_wall() -> None:
    s = battle([card("Piercer", SWORD)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 5, 3)
    put(s, "b1", 9, 3)
    there = parse_power(0, "special", "There it Is: Use at start of any round after the first: Place this creature "
                                      "on the battle map adjacent to a wall.")
    squares = MV.placement_squares(s.b, s.b.by_id["a1"], there.effects[0])
    assert (9, 0) in squares and (5, 5) not in squares  # (the top row: beside the map's edge)


def test_an_areas_squares_made_difficult_for_the_rest_of_the_battle() -> None:
    eruption = "Eruption: (radius 1 within sight) +16 vs. Reflex; 10 + 10 fire damage AND each square in area of " \
               "effect gains diffcult terrain until end of battle."
    p = parse_power(0, "attack", eruption)
    assert p.attack is not None and C.engine_unplayed(p) == ""
    assert [(e.kind, e.what, e.extra, e.duration) for e in p.attack.hit][-1] == (
        "terrain", "difficult", ("area",), "battle")
    s = battle([card("Druid", eruption)], [card("Orc", SWORD, hp=80), card("Goblin", SWORD)], PurposeDice(attack=[18]))
    put(s, "a1", 1, 3)
    put(s, "b1", 7, 3)
    put(s, "b2", 9, 6)
    orc, goblin = s.b.by_id["b1"], s.b.by_id["b2"]
    turn_of(s, "a1")
    s.apply(GuildAttack(0, (), (7, 3)))
    assert s.b.made and s.b.made[0].squares == frozenset((x, y) for x in (6, 7, 8) for y in (2, 3, 4))
    assert J.holds(s.b, "in-terrain:difficult", orc)
    assert MV.reach(s.b, goblin, 6).cost_to((8, 5)) == 1 and MV.reach(s.b, goblin, 6).cost_to((8, 4)) == 3
    s._end_round()
    assert s.b.made  # until the end of the battle


def test_unseen_from_afar_while_in_difficult_terrain() -> None:
    blend = "Blend with Rubble: While it occupies diffcult terrain, nonadjacent enemies may not trace line of sight " \
            "to this creature."
    p = parse_power(0, "special", blend)
    assert [(s.kind, s.what, s.filter.self_state) for s in p.statics] == [
        ("while", "invisible-far", "in-terrain:difficult")] and C.engine_unplayed(p) == ""


def test_confused_when_it_starts_a_turn_seeing_no_ally_of_a_kind() -> None:
    servant = "Unstable Servant: Whenever this creature starts a turn with no line of sight to a Drow or Demon ally, " \
              "it is Confused until end of turn."
    p = parse_power(0, "special", servant)
    assert (p.trigger, p.requirement) == ("start-of-turn", "sees-no-ally:drow|demon") and C.engine_unplayed(p) == ""
    s = battle([card("Draegloth", SWORD, servant), card("Priestess", SWORD, keywords=("Drow",))],
               [card("Orc", SWORD)], PurposeDice(confused=[10, 10]))
    put(s, "a1", 4, 3)
    put(s, "a2", 6, 3)
    put(s, "b1", 10, 7)
    draegloth = s.b.by_id["a1"]
    s.b.active = draegloth
    s._start_turn(draegloth)
    assert not draegloth.has("confused")  # it sees the Drow
    s._end_turn(draegloth)
    s.b.made.append(Made("smoke", frozenset({(5, 3), (5, 2), (5, 4), (6, 3)}), "battle", "", 0, 0, ("", -1), 99))
    FX._terrain_changed(s.b)
    s.b.active = draegloth
    s._start_turn(draegloth)
    assert draegloth.has("confused")


def test_smoke_on_a_square_chosen_within_some_squares() -> None:
    ink = "Ink Cloud: Immediate action, use any time: Choose a square within 6 of this creature. Until the start of " \
          "this creature's next turn, that square and each square adjacent to it gain smoke terrain."
    p = parse_power(0, "special", ink)
    assert (p.trigger, [(e.kind, e.who, e.amount) for e in p.effects]) == (
        "any-time", [("choose", "square", 6), ("terrain", "square", 1)]) and C.engine_unplayed(p) == ""
    s = battle([card("Slaver", SWORD, ink), card("Squire", SWORD)], [card("Archer", BOW), card("Far", BOW)],
               PurposeDice())
    put(s, "a1", 2, 3)
    put(s, "a2", 3, 6)
    put(s, "b1", 7, 3)
    put(s, "b2", 11, 0)
    archer, slaver = s.b.by_id["b1"], s.b.by_id["a1"]
    s.b.made = []  # (used at the start of the first round, from where it was set up)
    slaver.immediate_used = False
    FX._terrain_changed(s.b)
    TR.fire(s.b, "any-time", [slaver])
    assert s.b.made and (7, 3) in s.b.made[0].squares  # the archer within 6 squares, not the one beyond
    assert not s.b.sees(archer, s.b.by_id["a2"])
