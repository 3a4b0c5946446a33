"""Placements and sight limits read since ddm-guild/1.81: a creature off the battle map (Delayed Appearance) that
a power places ('Use at end of round: Place this creature on the battle map adjacent to a Divine or Arcane Drow ally',
'Use at start of any round after the first: ... adjacent to a wall') comes on there; 'in your start area, or adjacent
to an allied champion' (either); an attack's target placed beside its attacker; 'line of sight is limited to 6 squares
until end of round' (profile ddm-guild.made-terrain, ddm-guild.delayed-appearance)."""

from __future__ import annotations

from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_coverage as C
from simulate.games import ddm_guild_damage as DM
from simulate.games import ddm_guild_moves as MV
from simulate.games import ddm_guild_triggers as TR
from simulate.games.ddm_guild import GuildAttack, GuildGame, GuildPower, GuildState
from simulate.games.ddm_guild_powers import parse_power
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put, turn_of

DELAYED = "Delayed Appearance: Starts off the battlemap."
BOW = "Bow: (range 10) +10 vs. AC; 10 damage."
WALLED = {
    "format": "muster-ddm-map/1", "slug": "test-walled", "name": "A wall", "width": 12, "height": 8,
    "rows": ["." * 12] * 3 + ["......#....."] * 2 + ["." * 12] * 3,
    "areas": [{"kind": "start", "letter": "A", "rects": [[0, 0, 2, 8]]},
              {"kind": "start", "letter": "B", "rects": [[10, 0, 2, 8]]},
              {"kind": "victory", "letter": "A", "rects": [[8, 3, 1, 1]]},
              {"kind": "victory", "letter": "B", "rects": [[3, 3, 1, 1]]}],
}


def test_the_words() -> None:
    cases = {
        "Dark Ritual: Use at end of round: Place this creature on the battle map adjacent to a Divine or Arcane Drow "
        "ally.": ("end-of-round", "", "near:ally", "drow+divine|drow+arcane"),
        "Bones: Use at start of round; place this creature in your start area or in a space adjacent to a non-Good "
        "Arcane or Divine ally.": ("start-of-round", "", "start", ""),
        "There it Is: Use at start of any round after the first: Place this creature on the battle map adjacent to a "
        "wall.": ("start-of-round", "after-first-round", "wall", ""),
        "Waylay: Use before you roll for initiative on any round after the first. Place this creature in any victory "
        "area.": ("before-initiative", "after-first-round", "victory", ""),
        "Greater Teleport: Free action, usable at end of this creature's turn only. Place this creature in any square "
        "within its line of sight.": ("end-of-turn", "", "seen", ""),
        "Tenacious Grip: Use after an enemy shifts out of a square adjacent to this creature; place this creature "
        "adjacent to that enemy.": ("enemy-shifts", "", "adjacent:target", ""),
    }
    for text, (trigger, requirement, where, kinds) in cases.items():
        p = parse_power(0, "special", text)
        assert p.played and C.engine_unplayed(p) == "", (text, p.unplayed, C.engine_unplayed(p))
        assert (p.trigger, p.requirement, p.effects[0].what, p.effects[0].filter.keyword) == (
            trigger, requirement, where, kinds), text
    bones = parse_power(0, "special", next(t for t in cases if t.startswith("Bones")))
    second = bones.effects[0].options[0][0]
    assert (second.what, second.amount, second.filter.keyword) == ("near:ally", -1, "!good+arcane|!good+divine")


def test_an_off_map_creature_comes_on_beside_the_ally_its_power_names_at_the_end_of_the_first_round() -> None:
    ritual = "Dark Ritual: Use at end of round: Place this creature on the battle map adjacent to a Divine or Arcane " \
             "Drow ally."
    s = battle([card("Draegloth", SWORD, DELAYED, ritual), card("Priestess", SWORD, keywords=("Drow", "Divine")),
                card("Guard", SWORD, keywords=("Drow",))], [card("Orc", SWORD)], PurposeDice())
    put(s, "a2", 6, 2)
    put(s, "a3", 6, 6)
    put(s, "b1", 9, 2)
    draegloth = s.b.by_id["a1"]
    assert not draegloth.on_map
    s.b.round = 1
    s._end_round()
    assert draegloth.on_map and draegloth.pos is not None
    assert s.b.adjacent(draegloth, s.b.by_id["a2"]) and not s.b.adjacent(draegloth, s.b.by_id["a3"])
    assert s.b.gap(draegloth, s.b.by_id["b1"]) == 2  # (a square beside the priestess nearest the orc)
    s._start_round()  # it is on the map: no arrival in its start area
    assert [e.data["creature"] for e in s.log.of_kind("deploy") if e.data["creature"] == "a1"] == ["a1"]


def test_after_the_first_round_and_the_arrival_at_the_start_of_the_second() -> None:
    there = "There it Is: Use at start of any round after the first: Place this creature on the battle map " \
            "adjacent to a wall."
    s = GuildGame().new_initial_state(
        lists=[{"name": "A", "creatures": [card("Darkmantle", SWORD, DELAYED, there), card("Guard", SWORD)]},
               {"name": "B", "creatures": [card("Orc", SWORD)]}], battle_map=WALLED, dice=PurposeDice(),
        params={"format": "standard-200"})
    assert isinstance(s, GuildState)
    darkmantle = s.b.by_id["a1"]
    put(s, "b1", 2, 4)
    s.b.round = 1
    s._start_round()
    assert darkmantle.on_map and darkmantle.pos == (0, 2)  # beside a wall (the edge), nearest the orc (the first)
    assert [e.data["power"] for e in s.log.of_kind("power")] == ["There it Is"]
    s2 = battle([card("Darkmantle", SWORD, there), card("Guard", SWORD)], [card("Orc", SWORD)], PurposeDice())
    s2.b.round = 1
    piercer = s2.b.by_id["a1"]
    p = piercer.powers[1]
    assert not TR.requirement_ok(piercer, p, False, s2.b)  # the first round
    s2.b.round = 2
    assert TR.requirement_ok(piercer, p, False, s2.b)


def test_either_place_reaches_both() -> None:
    onyx = "Onyx Figurine: Use before you roll for initiative on any round after the first. Place this creature " \
           "in your start area, or adjacent to an allied chanpion."
    s = battle([card("Panther", SWORD, onyx), card("Drizzt", SWORD, rating=2)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 5, 5)
    put(s, "a2", 8, 2)
    put(s, "b1", 10, 2)
    squares = MV.placement_squares(s.b, s.b.by_id["a1"], s.b.by_id["a1"].powers[1].effects[0])
    start = s.map.start_squares(s.b.letters[0])
    assert any(a in start for a in squares) and (7, 1) in squares and (9, 1) in squares


def test_an_attack_places_its_target_beside_its_attacker() -> None:
    swallow = "Swallow Whole: (reach 3, Large or smaller target only) +20 vs. Reflex; ongoing 20 damage AND " \
              "Immobilized (save ends both) AND place target in any square adjacent to this creature."
    p = parse_power(0, "attack", swallow)
    assert p.attack is not None and C.engine_unplayed(p) == ""
    assert [(e.kind, e.who, e.what) for e in p.attack.hit][-1] == ("place", "target", "beside:self")
    s = battle([card("Remorhaz", swallow)], [card("Orc", SWORD)], PurposeDice(attack=[18]))
    put(s, "a1", 4, 4)
    put(s, "b1", 7, 4)
    remorhaz, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    turn_of(s, "a1")
    AT.attack(s.b, remorhaz, remorhaz.powers[0], p.attack, [orc])
    assert s.b.adjacent(remorhaz, orc) and orc.has("immobilized")


def test_sight_limited_until_the_end_of_the_round_and_while_a_creature_is_on_the_map() -> None:
    wight = "Use when you win initiative: Line of sight is limited to 6 squares until end of round."
    fog = "Unearthly Fog: While this creature is on the battlemap, line of sight is limited to 10 squares."
    assert C.engine_unplayed(parse_power(0, "special", fog)) == ""
    s = battle([card("Wight", SWORD, wight), card("Archer", BOW)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 1, 1)
    put(s, "a2", 2, 4)
    put(s, "b1", 10, 4)
    archer, orc = s.b.by_id["a2"], s.b.by_id["b1"]
    if s.b.made:  # (its side won the first round's champion test)
        s._end_round()
    assert s.b.sees(archer, orc) and not s.b.made
    TR.fire(s.b, "win-initiative", [s.b.by_id["a1"]])
    assert not s.b.sees(archer, orc) and s.b.board.sight_limit == 6
    MV.place(s.b, orc, (8, 4))
    assert s.b.sees(archer, orc)  # 6 squares away
    s._end_round()
    MV.place(s.b, orc, (10, 4))
    assert s.b.sees(archer, orc) and not s.b.made
    s2 = battle([card("Kerestra", SWORD, fog), card("Archer", BOW)], [card("Orc", SWORD)], PurposeDice())
    put(s2, "a1", 0, 0)
    put(s2, "a2", 0, 4)
    put(s2, "b1", 11, 4)
    MV.refresh_while(s2.b)
    assert not s2.b.sees(s2.b.by_id["a2"], s2.b.by_id["b1"])
    DM.deal_damage(s2.b, s2.b.by_id["a1"], [(60, "")], None)  # gone from the map: no limit
    assert s2.b.sees(s2.b.by_id["a2"], s2.b.by_id["b1"])


def test_after_a_charge_and_a_misprinted_turn() -> None:
    overrun = parse_power(0, "special", "Diving Overrun: Use after this creature makes a charge attack: Place this "
                                       "creature in any space adjacent to target of that charge.")
    assert (overrun.trigger, overrun.trigger_filter.attack_form) == ("attack-made", "charge")
    assert [(e.kind, e.what) for e in overrun.effects] == [("place", "adjacent:target")]
    assert C.engine_unplayed(overrun) == ""
    heatsink = parse_power(0, "special", "Heatsink: Use at start f turn, if this creature occupies fire terrain: "
                                        "Recharge Spitfire and +2 attack until end of turn.")
    assert heatsink.played and heatsink.trigger == "start-of-turn", heatsink.unplayed
    s = battle([card("Hippogriff", SWORD, overrun.text)], [card("Orc", SWORD)], PurposeDice(attack=[15]))
    put(s, "a1", 2, 2)
    put(s, "b1", 9, 2)
    griff, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    turn_of(s, "a1")
    charge = [a for a in s.legal_actions() if type(a).__name__ == "GuildCharge"]
    assert charge
    s.apply(charge[0])
    assert [e.data["power"] for e in s.log.of_kind("power")] == ["Diving Overrun"]
    assert s.b.adjacent(griff, orc)


def test_placed_at_set_up_and_recharged_in_its_start_area() -> None:
    wander = "Tends to Wander: During setup, you may place this creature within 5 squares of your start area."
    p = parse_power(0, "special", wander)
    assert (p.trigger, [(e.kind, e.amount, e.what) for e in p.effects]) == ("setup", [("place", 5, "near-start")])
    s = battle([card("Skirmisher", SWORD, wander)], [card("Orc", SWORD)], PurposeDice())
    skirmisher = s.b.by_id["a1"]
    start = s.map.start_squares(s.b.letters[0])
    assert skirmisher.pos is not None and skirmisher.pos not in start  # forward, toward the enemy
    assert min(abs(skirmisher.pos[0] - x) for x, _ in start) == 5
    hop = "Astral Hop: +17 vs. Fortitude; 15 damage AND this creature teleports up to 10 squares, then place " \
          "target in any space adjacent to this creature. RECHARGE at end of round if this creature occupies " \
          "your start area."
    ctallun = card("Ctallun", hop)
    ctallun["powers"][0]["uses"] = 1
    s2 = battle([ctallun, card("Guard", SWORD)], [card("Orc", SWORD)], PurposeDice())
    hunter = s2.b.by_id["a1"]
    power = hunter.powers[0]
    assert C.engine_unplayed(power) == "" and power.recharge_filter.self_state == "in-start-area"
    hunter.uses[power.index] = 0
    put(s2, "a1", 5, 4)
    s2._end_round()
    assert not hunter.uses_left(power)
    put(s2, "a1", next(iter(s2.map.start_squares(s2.b.letters[0])))[0], 4)
    s2._end_round()
    assert hunter.uses_left(power)


def test_an_ally_of_a_kind_placed_beside_an_enemy_it_sees() -> None:
    words = "Use at start of round: Place a Vermin ally adjacent to an enemy within line of sight ofthis creature."
    p = parse_power(0, "special", words)
    assert [(e.kind, e.who, e.what, e.filter.keyword) for e in p.effects] == [
        ("place", "chosen-ally", "beside:seen-enemy", "vermin")] and C.engine_unplayed(p) == ""
    s = battle([card("Kerestra", SWORD, words), card("Rat", SWORD, keywords=("Vermin",)), card("Guard", SWORD)],
               [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 2, 2)
    put(s, "a2", 0, 7)
    put(s, "a3", 1, 5)
    put(s, "b1", 9, 3)
    rat, guard, orc = s.b.by_id["a2"], s.b.by_id["a3"], s.b.by_id["b1"]
    TR.fire(s.b, "start-of-round", [s.b.by_id["a1"]])
    assert s.b.adjacent(rat, orc) and guard.pos == (1, 5)


def test_sight_through_walls_and_terrain_for_a_turn() -> None:
    eye = "Mind's eye: Minor action: Until end of turn, terrain and walls do not block this creature's line of sight " \
          "and invisible creatures are visible to this creature."
    p = parse_power(0, "special", eye)
    assert [(e.kind, e.what, e.duration) for e in p.effects] == [("gain", "clear-sight", "end-turn")]
    assert C.engine_unplayed(p) == ""
    s = GuildGame().new_initial_state(
        lists=[{"name": "A", "creatures": [card("Ragnara", BOW, eye)]},
               {"name": "B", "creatures": [card("Orc", SWORD), card("Shade", SWORD, "Invisible.")]}],
        battle_map=WALLED, dice=PurposeDice(), params={"format": "standard-200"})
    assert isinstance(s, GuildState)
    put(s, "a1", 5, 3)
    put(s, "b1", 7, 4)
    put(s, "b2", 9, 1)
    ragnara, orc, shade = s.b.by_id["a1"], s.b.by_id["b1"], s.b.by_id["b2"]
    MV.refresh_while(s.b)
    assert not s.b.sees(ragnara, orc) and not s.b.sees(ragnara, shade)
    turn_of(s, "a1")
    s.apply(GuildPower(1))
    assert s.b.sees(ragnara, orc) and s.b.sees(ragnara, shade) and not s.b.sees(orc, ragnara)
    assert GuildAttack(0, ("b1",)) in s.legal_actions()
    s._end_turn(ragnara)
    assert not s.b.sees(ragnara, orc)


def test_ranged_attacks_that_ignore_forest() -> None:
    soil = "Native Soil: This creature's {r} attacks ignore forest terrain."
    assert C.engine_unplayed(parse_power(0, "special", soil)) == ""
    forest = dict(WALLED, rows=["." * 12] + ["......f....."] * 6 + ["." * 12])
    s = GuildGame().new_initial_state(
        lists=[{"name": "A", "creatures": [card("Mound", BOW, soil), card("Archer", BOW)]},
               {"name": "B", "creatures": [card("Orc", SWORD)]}],
        battle_map=forest, dice=PurposeDice(), params={"format": "standard-200"})
    assert isinstance(s, GuildState)
    put(s, "a1", 4, 3)
    put(s, "a2", 4, 4)
    put(s, "b1", 8, 3)
    mound, archer, orc = s.b.by_id["a1"], s.b.by_id["a2"], s.b.by_id["b1"]
    MV.refresh_while(s.b)
    bow = mound.powers[0]
    assert bow.attack is not None and not s.b.sees(mound, orc) and not s.b.sees(archer, orc)
    assert AT.in_range(s.b, mound, bow, bow.attack, orc)  # through the forest
    assert not AT.in_range(s.b, archer, archer.powers[0], bow.attack, orc)


def test_allies_beside_forest_healed_and_shifted() -> None:
    words = "Use at end of round: An ally adjacent to forest terrain heals 10 HP, then, each ally adjacent to forest " \
            "terrain may shift up to two squares."
    p = parse_power(0, "special", words)
    assert [(e.kind, e.who, e.amount, e.filter.target_state) for e in p.effects] == [
        ("heal", "chosen-ally", 10, "at:adjacent-terrain:forest"), ("shift", "allies", 2, "at:adjacent-terrain:forest")]
    assert C.engine_unplayed(p) == ""
    forest = dict(WALLED, rows=["." * 12] + ["......f....."] * 6 + ["." * 12])
    s = GuildGame().new_initial_state(
        lists=[{"name": "A", "creatures": [card("Loxodon", SWORD, words), card("Scout", SWORD), card("Far", SWORD)]},
               {"name": "B", "creatures": [card("Orc", SWORD)]}],
        battle_map=forest, dice=PurposeDice(), params={"format": "standard-200"})
    assert isinstance(s, GuildState)
    put(s, "a1", 0, 0)
    put(s, "a2", 5, 3)
    put(s, "a3", 2, 6)
    put(s, "b1", 10, 3)
    scout, far = s.b.by_id["a2"], s.b.by_id["a3"]
    scout.hp = far.hp = 30
    TR.fire(s.b, "end-of-round", [s.b.by_id["a1"]])
    assert scout.hp == 40 and far.hp == 30  # the one beside the forest
    assert scout.pos is not None and scout.pos[0] > 5 and far.pos == (2, 6)  # it shifted toward the orc


def test_sight_through_terrain_but_not_walls_for_a_turn() -> None:
    keen = "Keen Senses: Move action: Until end of turn, terrain does not block this creature's line of sight."
    p = parse_power(0, "special", keen)
    assert [(e.kind, e.what) for e in p.effects] == [("gain", "terrain-sight")] and C.engine_unplayed(p) == ""
    rows = ["." * 12] + ["......f....."] * 6 + ["." * 12]
    s = GuildGame().new_initial_state(
        lists=[{"name": "A", "creatures": [card("Scout", BOW, keen)]},
               {"name": "B", "creatures": [card("Orc", SWORD)]}],
        battle_map=dict(WALLED, rows=rows), dice=PurposeDice(), params={"format": "standard-200"})
    assert isinstance(s, GuildState)
    put(s, "a1", 4, 3)
    put(s, "b1", 8, 3)
    scout, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    assert not s.b.sees(scout, orc)
    turn_of(s, "a1")
    s.apply(GuildPower(1))
    assert s.b.sees(scout, orc) and not s.b.sees(orc, scout)  # through the forest, its own sight only
    s._end_turn(scout)
    assert not s.b.sees(scout, orc)


def test_an_attacks_target_teleported_away_or_beside_its_attacker() -> None:
    ray = "Dimensional Ray: (nearest) +22 vs. Reflex; 20 damage AND teleport target up to 5 squares."
    grasp = "Inescapable Grasp: (range 10) +23 vs. DEF(Ref); teleport the target to any space within 3 squares of " \
            "this creature"
    for text, what in ((ray, "away"), (grasp, "near-self")):
        p = parse_power(0, "attack", text)
        assert p.attack is not None and C.engine_unplayed(p) == ""
        assert [(e.kind, e.who, e.what) for e in p.attack.hit][-1] == ("teleport", "target", what)
    s = battle([card("Weaver", ray), card("Aspect", grasp)], [card("Orc", SWORD, hp=90), card("Goblin", SWORD)],
               PurposeDice(attack=[18, 18]))
    put(s, "a1", 4, 3)
    put(s, "a2", 4, 6)
    put(s, "b1", 6, 3)
    put(s, "b2", 11, 7)
    weaver, aspect, orc, goblin = s.b.by_id["a1"], s.b.by_id["a2"], s.b.by_id["b1"], s.b.by_id["b2"]
    ray_spec, grasp_spec = weaver.powers[0].attack, aspect.powers[0].attack
    assert ray_spec is not None and grasp_spec is not None
    turn_of(s, "a1")
    AT.attack(s.b, weaver, weaver.powers[0], ray_spec, [orc])
    assert s.b.gap(weaver, orc) == 7  # 5 squares farther from it (as far as the orc sees)
    turn_of(s, "a2")
    AT.attack(s.b, aspect, aspect.powers[0], grasp_spec, [goblin])
    assert s.b.adjacent(aspect, goblin)


def test_after_its_basic_attack_a_target_that_ends_beside_a_wall() -> None:
    push = "Damaging Push: Use after this creature's {b} attack, only if the target ends adjacent to a wall or " \
           "difficult terrain: The target takes 10 damage."
    p = parse_power(0, "special", push)
    assert (p.trigger, p.trigger_filter.attack_form, p.trigger_filter.target_state) == (
        "attack-made", "basic", "at:adjacent-wall-or-terrain:difficult") and C.engine_unplayed(p) == ""
    s = GuildGame().new_initial_state(
        lists=[{"name": "A", "creatures": [card("Elemental", "Slam: +10 vs. AC; 5 damage AND push target 1 square.",
                                                push)]},
               {"name": "B", "creatures": [card("Orc", SWORD, hp=80), card("Goblin", SWORD, hp=80)]}],
        battle_map=WALLED, dice=PurposeDice(attack=[18, 18]), params={"format": "standard-200"})
    assert isinstance(s, GuildState)
    put(s, "a1", 3, 3)
    put(s, "b1", 4, 3)  # pushed beside the wall
    put(s, "b2", 3, 6)  # pushed to (3, 7): beside the map's edge, a wall too
    elemental, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    slam = elemental.powers[0]
    assert slam.attack is not None
    turn_of(s, "a1")
    AT.attack(s.b, elemental, slam, slam.attack, [orc])
    assert orc.pos is not None and orc.pos[0] == 5 and orc.hp == 80 - 5 - 10  # (beside the wall)
    put(s, "b1", 9, 3)
    put(s, "a1", 8, 3)  # pushed a square: no wall, no difficult terrain beside it
    orc.hp = 80
    AT.attack(s.b, elemental, slam, slam.attack, [orc])
    assert orc.pos is not None and 1 <= orc.pos[1] <= 6 and orc.pos[0] == 10 and orc.hp == 75


def test_a_teleport_that_ends_beside_forest() -> None:
    stride = "Tree Stride: Move action, if adjacent to forest terrain: Teleport 9, ending adjacent to forest terrain."
    p = parse_power(0, "special", stride)
    assert [(e.kind, e.amount, e.what) for e in p.effects] == [("place", 9, "seen:beside-forest")]
    assert C.engine_unplayed(p) == ""
    rows = ["." * 12] * 2 + ["f..........."] + ["." * 12] * 3 + [".........f.."] + ["." * 12]
    s = GuildGame().new_initial_state(
        lists=[{"name": "A", "creatures": [card("Trostani", SWORD, stride)]},
               {"name": "B", "creatures": [card("Orc", SWORD)]}],
        battle_map=dict(WALLED, rows=rows), dice=PurposeDice(), params={"format": "standard-200"})
    assert isinstance(s, GuildState)
    put(s, "a1", 1, 3)
    put(s, "b1", 11, 7)
    trostani = s.b.by_id["a1"]
    squares = MV.placement_squares(s.b, trostani, p.effects[0])
    assert squares and all(any(abs(x - fx) <= 1 and abs(y - fy) <= 1 for fx, fy in ((0, 2), (9, 6)))
                           for x, y in squares)
    MV.place_at(s.b, trostani, p.effects[0])
    assert trostani.pos is not None and abs(trostani.pos[0] - 9) <= 1 and abs(trostani.pos[1] - 6) <= 1


def test_an_enemy_entering_forest() -> None:
    snare = "Use when an enemy enters forest terrain: That enemy is Immobilized (save ends)."
    p = parse_power(0, "special", snare)
    assert p.trigger == "enemy-enters-forest" and C.engine_unplayed(p) == ""
    rows = ["." * 12] + ["......f....."] * 6 + ["." * 12]
    s = GuildGame().new_initial_state(
        lists=[{"name": "A", "creatures": [card("Druid", SWORD, snare)]},
               {"name": "B", "creatures": [card("Orc", SWORD), card("Goblin", SWORD)]}],
        battle_map=dict(WALLED, rows=rows), dice=PurposeDice(), params={"format": "standard-200"})
    assert isinstance(s, GuildState)
    put(s, "a1", 1, 1)
    put(s, "b1", 8, 3)
    put(s, "b2", 8, 5)
    orc, goblin = s.b.by_id["b1"], s.b.by_id["b2"]
    MV.walk(s.b, orc, [(7, 3), (6, 3), (5, 3)])
    assert orc.has("immobilized") and orc.pos == (6, 3)  # held in the forest square it entered
    MV.walk(s.b, goblin, [(7, 5)])
    assert not goblin.has("immobilized")
