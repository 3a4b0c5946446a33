"""DDM Guild: the cards' words about terrain and movement read this session (profile ``ddm-guild.difficult-terrain``,
``ddm-guild.stand-in-terrain``): more spellings of Stable Footing, 'may not enter squares occupied by allies', terrain
the stand-in maps never have (river, fire, slippery)."""

from __future__ import annotations

from simulate.games import ddm_guild_apply as FX
from simulate.games import ddm_guild_coverage as C
from simulate.games import ddm_guild_judge as J
from simulate.games import ddm_guild_moves as MV
from simulate.games import ddm_guild_triggers as TR
from simulate.games.ddm_guild import GuildGame, GuildState
from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from simulate.games.ddm_guild_powers import parse_power
from tests.simulate.test_ddm_guild_made_terrain import FURY
from tests.simulate.test_ddm_guild_rules import (
    OPEN,
    SWORD,
    PurposeDice,
    assert_played,
    attack_with,
    battle,
    card,
    put,
)

OCTAPED = "Octaped: Never pays extra MP for entering terrain."
ICE_WALKER = "Ice Walker: Ignores the additional cost for entering difficult terrain. Ignores slippery terrain."
MONOLITHIC = "Monolithic: May not enter squares occupied by allies. Ignores the extra movement cost to enter " \
             "difficult terrain."
STOMPING = "Stomping Stride: Never pays additional MP cost for entering terrain; Immune Slow."
NATURES_STEP = "Nature’s Step: Ignores the extra cost for entering difficult, forest, and river terrain."


def test_more_spellings_of_stable_footing_pay_1_for_difficult_squares() -> None:
    for text in (OCTAPED, ICE_WALKER, MONOLITHIC, STOMPING, NATURES_STEP):
        assert_played(card("Walker", text), 0)
    assert {s.what for s in parse_power(0, "special", STOMPING).statics if s.kind == "immune"} == {"slowed"}
    s = battle([card("Thunderer", SWORD, FURY, keywords=("Giant",))],
               [card("Orc", SWORD), card("Scaladar", SWORD, OCTAPED), card("Yeti", SWORD, ICE_WALKER)], PurposeDice())
    put(s, "a1", 5, 3)
    put(s, "b1", 9, 2)
    put(s, "b2", 9, 3)
    put(s, "b3", 9, 4)
    MV.refresh_while(s.b)
    TR.fire(s.b, "any-time", [s.b.by_id["a1"]])  # (each square within 2 squares of the Thunderer is difficult)
    assert MV.reach(s.b, s.b.by_id["b1"], 6).cost_to((6, 2)) == 5
    assert MV.reach(s.b, s.b.by_id["b2"], 6).cost_to((6, 3)) == 3
    assert MV.reach(s.b, s.b.by_id["b3"], 6).cost_to((6, 4)) == 3


def test_a_creature_that_may_not_enter_its_allies_squares_goes_around_them() -> None:
    s = battle([card("Juggernaut", SWORD, MONOLITHIC), card("Orc", SWORD), card("Ogre", SWORD)],
               [card("Goblin", SWORD)], PurposeDice())
    put(s, "a1", 5, 3)
    put(s, "a2", 6, 3)
    put(s, "a3", 6, 4)
    put(s, "b1", 10, 7)
    MV.refresh_while(s.b)
    juggernaut, orc = s.b.by_id["a1"], s.b.by_id["a2"]
    assert MV.reach(s.b, juggernaut, 6).cost_to((6, 3)) > 6  # never into the Orc's square
    assert MV.reach(s.b, juggernaut, 6).cost_to((7, 4)) == 3  # around the Orc and the Ogre: (6, 2), (7, 3), (7, 4)
    assert MV.reach(s.b, orc, 6).cost_to((6, 4)) == 1  # (an ally without it crosses its allies)
    assert not C.engine_unplayed(parse_power(0, "special", MONOLITHIC))


NOMAD = "Use at end of round: Place this creature adjacent to an enemy that occupies a victory area. (This creature " \
        "may score end of round VP normally.)"
ARISE = "Arise from Buried: Use at the start of any round: Place this creature adjacent to, but not occupying, a " \
        "victory area."


def test_placed_beside_an_enemy_in_a_victory_area_at_the_end_of_the_round() -> None:
    assert_played(card("Gold Dragon", SWORD, NOMAD), 1)
    s = battle([card("Gold Dragon", SWORD, NOMAD)], [card("Orc", SWORD), card("Goblin", SWORD)], PurposeDice())
    put(s, "a1", 0, 0)
    put(s, "b1", 5, 6)  # (nearer, but in no victory area)
    put(s, "b2", 8, 3)  # (in the victory area at (8, 3))
    dragon = s.b.by_id["a1"]
    options = MV.placement_squares(s.b, dragon, dragon.powers[1].effects[0])
    assert options and all(max(abs(x - 8), abs(y - 3)) == 1 for x, y in options)
    TR.fire(s.b, "end-of-round", [dragon])
    assert dragon.pos is not None and max(abs(dragon.pos[0] - 8), abs(dragon.pos[1] - 3)) == 1


def test_placed_beside_a_victory_area_but_not_in_it() -> None:
    assert_played(card("Iron Golem", SWORD, ARISE), 1)
    s = battle([card("Iron Golem", SWORD, ARISE)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 0, 0)
    put(s, "b1", 10, 3)
    golem = s.b.by_id["a1"]
    options = MV.placement_squares(s.b, golem, golem.powers[1].effects[0])
    assert sorted(options) == sorted((x, y) for c in (3, 8) for x in (c - 1, c, c + 1) for y in (2, 3, 4)
                                     if (x, y) != (c, 3))  # (the victory areas at (3, 3) and (8, 3))
    TR.fire(s.b, "start-of-round", [golem])
    assert golem.pos in ((9, 2), (9, 3), (9, 4))  # (beside the area nearest the Orc, a melee creature's choice)


CURSE = "Kraken Curse: Takes 5 damage at the start of each of its turns, unless adjacent to River terrain or " \
        "adjacent to an Aquatic ally."
PACT = "Kraken Pact: +5 poison damage when adjacent to river terrain or when adjacent to an Aquatic ally."
WATERBORN = "Waterborn Regeneration: Use at start of this creature's turn, only if adjacent to an Aquatic ally or " \
            "river terrain: Heal 20 HP."
MUD = "Gathering Mud: Minor action, whenever adjacent to, but not occupying, river terrain: This creature heals 5 HP."


def test_either_of_two_states_and_neither_of_them() -> None:
    """River terrain is on no stand-in map (ddm-guild.stand-in-terrain): the Aquatic ally decides."""
    assert [s.filter.self_state for s in parse_power(0, "special", PACT).statics] == [
        "adjacent-terrain:river/adjacent-ally:aquatic"]
    assert parse_power(0, "special", WATERBORN).requirement == "adjacent-ally:aquatic/adjacent-terrain:river"
    assert parse_power(0, "special", CURSE).requirement == "!adjacent-terrain:river&!adjacent-ally:aquatic"
    assert parse_power(0, "special", MUD).requirement == "adjacent-terrain:river&!in-terrain:river"
    s = battle([card("Sea Spawn", SWORD, CURSE, PACT, hp=60), card("Troll Scrag", SWORD, WATERBORN, hp=60),
                card("Merrow", SWORD, keywords=("Aquatic",))], [card("Orc", SWORD, hp=80)],
               PurposeDice(attack=[15, 15]))
    for i in (1, 2):
        assert_played(card("Sea Spawn", SWORD, CURSE, PACT), i)
    assert_played(card("Mud Mephit", SWORD, MUD), 1)
    put(s, "a1", 5, 3)
    put(s, "a2", 5, 5)
    put(s, "a3", 1, 0)
    put(s, "b1", 6, 3)
    spawn, scrag, orc = (s.b.by_id[x] for x in ("a1", "a2", "b1"))
    scrag.hp = 30
    TR.fire(s.b, "start-of-turn", [spawn])
    TR.fire(s.b, "start-of-turn", [scrag])
    assert spawn.hp == 55 and scrag.hp == 30  # no Aquatic ally beside them
    attack_with(s, spawn, orc)
    assert orc.hp == 70  # (Sword's 10; no poison damage)
    put(s, "a3", 5, 4)  # the Merrow beside both
    TR.fire(s.b, "start-of-turn", [spawn])
    TR.fire(s.b, "start-of-turn", [scrag])
    assert spawn.hp == 55 and scrag.hp == 50
    attack_with(s, spawn, orc)
    assert orc.hp == 55


FOREST_MAP = {**OPEN, "slug": "test-forest", "rows": ["." * 12] * 3 + ["......ff...."] + ["." * 12] * 4}


def test_adjacent_to_but_not_occupying_a_terrain() -> None:
    p = parse_power(0, "special", MUD.replace("river", "forest"))
    s = _forest_battle([card("Mephit", SWORD)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    mephit, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    assert J.holds(s.b, p.requirement, mephit) and not J.holds(s.b, p.requirement, orc)
    put(s, "a1", 5, 6)
    assert not J.holds(s.b, p.requirement, mephit)


HEKATON = "Use when a creature starts a turn in river terrain: That creature has +2 speed until end of turn."
PRIEST = "Use when an Aquatic ally activates adjacent to river terrain: that creature moves up to its speed."


def test_a_creature_that_starts_its_turn_in_or_beside_a_terrain() -> None:
    p, q = parse_power(0, "special", HEKATON), parse_power(0, "special", PRIEST)
    assert (p.trigger, p.trigger_filter.self_state) == ("any-starts-turn", "at:in-terrain:river")
    assert (q.trigger, q.trigger_filter.self_state, q.effects[0].who) == (
        "ally-starts-turn", "at:adjacent-terrain:river", "ally")
    assert_played(card("King Hekaton", SWORD, HEKATON), 1)
    assert_played(card("Priest", SWORD, PRIEST), 1)
    # (no stand-in map has river terrain: the same words of forest terrain, on a map that has some)
    s = _forest_battle([card("Giant", SWORD, HEKATON.replace("river", "forest")),
                        card("Merrow", SWORD, keywords=("Aquatic",))],
                       [card("Orc", SWORD), card("Goblin", SWORD)], PurposeDice())
    put(s, "a1", 0, 0)
    put(s, "a2", 0, 7)
    put(s, "b1", 6, 3)  # in forest
    put(s, "b2", 10, 7)
    orc, goblin = s.b.by_id["b1"], s.b.by_id["b2"]
    TR.turn_started(s.b, orc)
    TR.turn_started(s.b, goblin)
    assert orc.speed() == 8 and goblin.speed() == 6
    s2 = _forest_battle([card("Priest", SWORD, PRIEST.replace("river", "forest")),
                         card("Merrow", SWORD, keywords=("Aquatic",))], [card("Orc", SWORD)], PurposeDice())
    put(s2, "a1", 0, 0)
    put(s2, "a2", 5, 4)  # beside forest
    put(s2, "b1", 11, 0)
    merrow = s2.b.by_id["a2"]
    TR.turn_started(s2.b, merrow)
    assert merrow.pos != (5, 4)  # it moved (toward the Orc, a melee creature's way)


EARLY_FREEZE = "Early Freeze: Minor action; when adjacent to river terrain only. All river terrain becomes slippery " \
               "terrain instead until end of round."
WINTER = "Winter Comes: Use at start of this creature's turn: Line of sight is limited to 10 squares, river terrain " \
         "becomes slippery terrain, and non-Cold creatures have -1 speed until end of next round."


def test_river_terrain_made_slippery_changes_no_square_and_a_list_with_one_duration() -> None:
    p = parse_power(0, "special", EARLY_FREEZE)
    assert (p.action, p.requirement, [(e.kind, e.what) for e in p.effects]) == (
        "minor", "adjacent-terrain:river", [("terrain", "river-slippery")])
    w = parse_power(0, "special", WINTER)
    assert [(e.kind, e.what, e.duration) for e in w.effects] == [
        ("terrain", "sight-limit", "end-next-round"), ("terrain", "river-slippery", "end-next-round"),
        ("mod", "speed", "end-next-round")]
    assert_played(card("Frostrager", SWORD, EARLY_FREEZE), 1)
    assert_played(card("Icefiend", SWORD, WINTER), 1)
    s = battle([card("Icefiend", SWORD, WINTER, keywords=("Cold",))], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 0, 0)
    put(s, "b1", 11, 7)
    icefiend, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    TR.fire(s.b, "start-of-turn", [icefiend])
    assert [m.what for m in s.b.made] == ["sight-limit"] and not s.b.sees(icefiend, orc)  # (11 squares away)
    assert orc.speed() == 5 and icefiend.speed() == 6


def _forest_battle(a: list[dict[str, object]], b: list[dict[str, object]], dice: PurposeDice) -> GuildState:
    s = GuildGame().new_initial_state(lists=[{"name": "A", "creatures": a}, {"name": "B", "creatures": b}],
                                      battle_map=FOREST_MAP, dice=dice, params={"format": "standard-200"})
    assert isinstance(s, GuildState)
    return s


STRIKE = "Lightning Strike: +20 vs. Fortitude; 25 lightning damage + 10 lightning damage if target occupies river " \
         "terrain."
CROC = "Croc Roll: Immobilized target occupying river terrain: +13 vs. AC; 20 damage AND Helpless."
LURKER = "Swamp Lurker: Invisible to nonadjacent enemies while each square in its space occupies river terrain."


def test_the_targets_terrain_in_an_attack_and_every_square_of_a_space_in_a_terrain() -> None:
    strike, croc = parse_power(0, "attack", STRIKE), parse_power(0, "attack", CROC)
    assert strike.attack is not None and croc.attack is not None
    assert [e.gate.target_state for e in strike.attack.hit] == ["", "at:in-terrain:river"]
    assert croc.attack.target_filter.target_state == "cond:immobilized&at:in-terrain:river"
    assert [s.filter.self_state for s in parse_power(0, "special", LURKER).statics] == ["in-terrain-all:river"]
    for text in (STRIKE, CROC, LURKER):
        assert_played(card("Bronze Dragon", SWORD, text), 1)
    # (no stand-in map has river terrain: the same words of forest terrain, on a map that has some)
    s = _forest_battle([card("Dragon", STRIKE.replace("river", "forest"), hp=80)],
                       [card("Orc", SWORD, hp=80), card("Ogre", SWORD, hp=80, size="Large")],
                       PurposeDice(attack=[15, 15]))
    put(s, "a1", 5, 2)
    put(s, "b1", 6, 3)  # in forest
    put(s, "b2", 4, 3)
    dragon, orc, ogre = (s.b.by_id[x] for x in ("a1", "b1", "b2"))
    attack_with(s, dragon, orc)
    attack_with(s, dragon, ogre)
    assert (orc.hp, ogre.hp) == (45, 55)
    put(s, "b2", 6, 3)
    put(s, "b1", 10, 0)
    assert J.holds(s.b, "in-terrain:forest", ogre) and not J.holds(s.b, "in-terrain-all:forest", ogre)
    put(s, "b1", 7, 3)
    put(s, "b2", 0, 6)
    assert J.holds(s.b, "in-terrain-all:forest", orc)


HYDROPHILIC = "Hydrophilic: Use when this creature occupies river terrain and takes damage: This creature takes -5 " \
              "damage."


def test_less_damage_taken_while_it_stands_in_a_terrain() -> None:
    p = parse_power(0, "special", HYDROPHILIC)
    assert (p.trigger, p.requirement, [(e.kind, e.what, e.amount) for e in p.effects]) == (
        "takes-damage", "in-terrain:river", [("reduce", "taken", 5)])
    assert_played(card("Water Elemental", SWORD, HYDROPHILIC), 1)
    # (no stand-in map has river terrain: the same words of forest terrain, on a map that has some)
    s = _forest_battle([card("Orc", SWORD)], [card("Water Elemental", SWORD, HYDROPHILIC.replace("river", "forest"))],
                       PurposeDice(attack=[15, 15]))
    put(s, "a1", 5, 2)
    put(s, "b1", 6, 3)  # in forest
    orc, elemental = s.b.by_id["a1"], s.b.by_id["b1"]
    attack_with(s, orc, elemental)
    assert elemental.hp == 45
    put(s, "b1", 5, 1)
    attack_with(s, orc, elemental)
    assert elemental.hp == 35


FIREFIEND = "Firefiend: Scores critical hits on attack rolls of natural 19-20 whenever adjacent to fire terrain, a " \
            "Fire ally, or a Fire enemy."


def test_a_keen_critical_while_a_state_of_its_own_holds() -> None:
    p = parse_power(0, "special", FIREFIEND)
    assert [(s.kind, s.amount, s.filter.self_state) for s in p.statics] == [
        ("keen-critical", 19, "adjacent-terrain:fire/adjacent-ally:fire/adjacent-enemy:kinds:fire")]
    assert_played(card("Fire Cult Warrior", SWORD, FIREFIEND), 1)
    s = battle([card("Warrior", SWORD, FIREFIEND), card("Firenewt", SWORD, keywords=("Fire",))],
               [card("Orc", SWORD, hp=80), card("Salamander", SWORD, keywords=("Fire",))],
               PurposeDice(attack=[19, 19, 19]))
    put(s, "a1", 5, 3)
    put(s, "a2", 0, 0)
    put(s, "b1", 6, 3)
    put(s, "b2", 11, 7)
    warrior, newt, orc, salamander = (s.b.by_id[x] for x in ("a1", "a2", "b1", "b2"))
    attack_with(s, warrior, orc)
    assert orc.hp == 70  # no Fire creature beside it: a hit
    put(s, "a2", 4, 3)
    attack_with(s, warrior, orc)
    assert orc.hp == 50  # beside a Fire ally: a critical hit (double damage)
    put(s, "a2", 0, 0)
    put(s, "b2", 5, 4)
    attack_with(s, warrior, orc)
    assert orc.hp == 30 and newt.pos == (0, 0) and salamander.pos == (5, 4)  # beside a Fire enemy


IYMRITH = "Use when an ally starts its turn adjacent to an enemy or Dragon: That ally teleports 10."
BOW = "Bow: (range 10) +10 vs. AC; 10 damage."


def test_an_ally_that_starts_its_turn_beside_an_enemy_or_a_creature_of_a_kind() -> None:
    p = parse_power(0, "special", IYMRITH)
    assert (p.trigger, p.trigger_filter.self_state, p.effects[0].who) == (
        "ally-starts-turn", "at:adjacent-enemy/adjacent-to:dragon", "ally")
    assert_played(card("Iymrith", SWORD, IYMRITH), 1)
    s = battle([card("Iymrith", SWORD, IYMRITH), card("Archer", BOW), card("Wyrmling", SWORD, keywords=("Dragon",))],
               [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 0, 0)
    put(s, "a2", 5, 3)
    put(s, "a3", 0, 7)
    put(s, "b1", 8, 6)
    archer = s.b.by_id["a2"]
    TR.turn_started(s.b, archer)
    assert archer.pos == (5, 3)  # beside neither (3 squares from the Orc: it would go farther)
    put(s, "a3", 5, 4)  # beside a Dragon (an ally)
    TR.turn_started(s.b, archer)
    assert archer.pos != (5, 3)
    put(s, "a3", 0, 7)
    put(s, "a2", 7, 6)  # beside the Orc
    TR.turn_started(s.b, archer)
    assert archer.pos != (7, 6)


VICTORY_MAP = {**OPEN, "slug": "test-victory",
               "areas": [{"kind": "start", "letter": "A", "rects": [[0, 0, 2, 8]]},
                         {"kind": "start", "letter": "B", "rects": [[10, 0, 2, 8]]},
                         {"kind": "victory", "letter": "A", "rects": [[7, 2, 2, 2]]},
                         {"kind": "victory", "letter": "B", "rects": [[3, 2, 2, 2]]}]}
AREA_A = {(7, 2), (8, 2), (7, 3), (8, 3)}
AREA_B = {(3, 2), (4, 2), (3, 3), (4, 3)}
TRESPASS = "Trespass Summons: Move action: Place this creature in a victory area that is occupied by an enemy."
SHADOW = "Shadow Teleport: Replaces move action: Place this creature in an occupied victory area."
LABYRINTH = "Labyrinthian Step: Move action, if this creature occupies any victory area: Place this creature in any " \
            "other victory area."
DISK = "Special Conjuration: Use at end of round; Place this creature adjacent to an Arcane ally that occupies one " \
       "of your victory areas."
NOBLE = "Use when an ally ends a turn: Place that ally in a victory area."
HIGHEST = "Use at start of turn: Place this creature adjacent to the enemy creature with the highest HP."


def _victory_battle(a: list[dict[str, object]], b: list[dict[str, object]]) -> GuildState:
    s = GuildGame().new_initial_state(lists=[{"name": "A", "creatures": a}, {"name": "B", "creatures": b}],
                                      battle_map=VICTORY_MAP, dice=PurposeDice(), params={"format": "standard-200"})
    assert isinstance(s, GuildState)
    return s


def _placed(s: GuildState, fid: str, index: int) -> set[tuple[int, int]]:
    f = s.b.by_id[fid]
    return set(MV.placement_squares(s.b, f, f.powers[index].effects[0]))


def test_placements_in_victory_areas_by_who_stands_in_them() -> None:
    for text in (TRESPASS, SHADOW, LABYRINTH, DISK, NOBLE, HIGHEST):
        assert_played(card("Placer", SWORD, text), 1)
    s = _victory_battle([card("Wraith", SWORD, TRESPASS, SHADOW, LABYRINTH), card("Disk", SWORD, DISK),
                         card("Mage", SWORD, keywords=("Arcane",))], [card("Orc", SWORD), card("Goblin", SWORD)])
    put(s, "a1", 0, 0)
    put(s, "a2", 0, 7)
    put(s, "a3", 1, 7)
    put(s, "b1", 11, 0)
    put(s, "b2", 11, 7)
    assert not _placed(s, "a1", 1) and not _placed(s, "a1", 2) and not _placed(s, "a2", 1)  # both areas empty
    put(s, "b1", 3, 3)  # an enemy in area B
    assert _placed(s, "a1", 1) == AREA_B - {(3, 3)} and _placed(s, "a1", 2) == AREA_B - {(3, 3)}
    put(s, "a3", 8, 3)  # the Arcane ally in area A
    assert _placed(s, "a1", 2) == (AREA_A | AREA_B) - {(3, 3), (8, 3)}
    beside_a = {(x, y) for x in (7, 8, 9) for y in (2, 3, 4)} - {(8, 3)}
    assert _placed(s, "a2", 1) == (beside_a if s.b.letters[0] == "A" else set())  # (one of its side's areas only)
    put(s, "a1", 7, 2)  # in area A: any other area
    assert _placed(s, "a1", 3) == AREA_B - {(3, 3)}
    put(s, "b1", 11, 0)
    put(s, "a3", 4, 3)  # the Arcane ally in area B
    beside_b = {(x, y) for x in (3, 4, 5) for y in (2, 3, 4)} - {(4, 3)}
    assert _placed(s, "a2", 1) == (beside_b if s.b.letters[0] == "B" else set())


def test_an_ally_placed_in_a_victory_area_and_a_placement_beside_the_enemy_with_the_most_hit_points() -> None:
    s = _victory_battle([card("Djinn", SWORD, NOBLE), card("Orc", SWORD), card("Pit Fiend", SWORD, HIGHEST)],
                        [card("Goblin", SWORD, hp=30), card("Ogre", SWORD, hp=90), card("Kobold", SWORD, hp=20)])
    put(s, "a1", 0, 0)
    put(s, "a2", 0, 7)
    put(s, "a3", 1, 4)
    put(s, "b1", 11, 0)
    put(s, "b2", 10, 7)
    put(s, "b3", 5, 5)
    orc, fiend, ogre = s.b.by_id["a2"], s.b.by_id["a3"], s.b.by_id["b2"]
    TR.fire(s.b, "ally-ends-turn", [s.b.by_id["a1"]], ally=orc)
    assert orc.pos in AREA_A | AREA_B  # (nearer the enemies: a melee creature's choice)
    TR.fire(s.b, "start-of-turn", [fiend])
    assert fiend.pos is not None and s.b.adjacent(fiend, ogre)


WAVE = "Wave of Sorrow: (range 5) +26 vs. AC; 30 damage AND this creature teleports to a square adjacent to target."
BALLISTA = "Powerful Shot: Smoke and forest terrain do not block line of sight for this creature."


def test_a_teleport_beside_the_target_and_sight_through_smoke_and_forest() -> None:
    assert_played(card("Graz'zt", WAVE), 0)
    assert_played(card("Ballista", SWORD, BALLISTA), 1)
    s = GuildGame().new_initial_state(
        lists=[{"name": "A", "creatures": [card("Graz'zt", WAVE), card("Ballista", SWORD, BALLISTA),
                                           card("Archer", SWORD)]},
               {"name": "B", "creatures": [card("Orc", SWORD, hp=80)]}],
        battle_map={**OPEN, "slug": "test-woods", "rows": ["......ff...."] * 8}, dice=PurposeDice(attack=[15]),
        params={"format": "standard-200"})
    assert isinstance(s, GuildState)
    put(s, "a1", 9, 0)
    put(s, "a2", 5, 3)
    put(s, "a3", 5, 4)
    put(s, "b1", 8, 3)  # behind the forest of columns 6 and 7
    grazzt, ballista, archer, orc = (s.b.by_id[x] for x in ("a1", "a2", "a3", "b1"))
    MV.refresh_while(s.b)
    assert s.b.sees(ballista, orc) and not s.b.sees(archer, orc)
    attack_with(s, grazzt, orc)
    assert orc.hp == 50 and s.b.adjacent(grazzt, orc)


PORTAL = "Summon Portal: Use before rolling initiative: Place this creature in any space no closer than 10 squares " \
         "from any enemy or ally."
DEATHPORT = "Deathport: Use after any creature is destroyed: Place this creature in a space adjacent to the space " \
            "occupied by that creature."


def test_a_placement_far_from_every_creature_and_beside_where_a_destroyed_creature_stood() -> None:
    assert_played(card("Portal", SWORD, PORTAL), 1)
    assert_played(card("Shadow Demon", SWORD, DEATHPORT), 1)
    s = battle([card("Portal", SWORD, PORTAL.replace("10 squares", "5 squares")), card("Shadow Demon", SWORD,
                DEATHPORT), card("Orc", SWORD)],
               [card("Goblin", SWORD, hp=10)], PurposeDice(attack=[15]))
    put(s, "a1", 5, 3)
    put(s, "a2", 0, 0)
    put(s, "a3", 10, 6)
    put(s, "b1", 11, 7)
    portal, demon, orc, goblin = (s.b.by_id[x] for x in ("a1", "a2", "a3", "b1"))
    options = set(MV.placement_squares(s.b, portal, portal.powers[1].effects[0]))
    assert options == {(x, y) for x in range(12) for y in range(8)
                       if all(max(abs(x - p[0]), abs(y - p[1])) >= 5 for p in ((0, 0), (10, 6), (11, 7)))} - {(5, 3)}
    assert (5, 0) in options  # (not its own square)
    attack_with(s, orc, goblin)
    assert not goblin.alive and demon.pos is not None and max(abs(demon.pos[0] - 11), abs(demon.pos[1] - 7)) == 1


def test_a_placement_beside_a_creature_its_unplayed_power_affects_is_not_played() -> None:
    angel = card("Angel", SWORD, "Sign of Vengeance: (range 10) Until end of battle, this creature can use Vengeful "
                 "Step against target.", "Vengeful Step: Relaces move action: place this creature adjacent to target "
                 "affected by this creature's Sign of Vengeance.")
    p = card_from_json(angel).powers[2]
    assert (p.action, p.effects[0].what, p.effects[0].filter.target_state) == (
        "move", "near:enemy", "affected-by:sign of vengeance")
    assert [q.unplayed for q in unplayed_powers(card_from_json(angel)) if q.index == 2] == [
        "creatures affected by a power of its card the engine does not play"]


TRAP_DOOR = "Trap Door: Use at start of any round after the first: Place this creature in a random victory area."


def test_a_placement_in_a_victory_area_a_die_names() -> None:
    assert_played(card("Wolf Spider", SWORD, TRAP_DOOR), 1)
    for face, area in ((1, AREA_A), (2, AREA_B)):
        dice = PurposeDice(area=[face])
        s = GuildGame().new_initial_state(
            lists=[{"name": "A", "creatures": [card("Wolf Spider", SWORD, TRAP_DOOR)]},
                   {"name": "B", "creatures": [card("Orc", SWORD)]}],
            battle_map=VICTORY_MAP, dice=dice, params={"format": "standard-200"})
        assert isinstance(s, GuildState)
        put(s, "a1", 0, 0)
        put(s, "b1", 11, 7)
        spider = s.b.by_id["a1"]
        s.b.round = 2
        TR.fire(s.b, "start-of-round", [spider])
        assert spider.pos in area  # (the map's first victory area is A's, the second B's)
        assert ("area", face) in dice.rolled


JUSTICE = "Swift Justice: Immediate, when an ally within 10 squares of this creature is destroyed by an enemy; place " \
          "this creature in a square that was occupied by that ally, then make a {b} attack against that enemy."


def test_placed_where_a_destroyed_ally_stood_then_an_attack_on_its_destroyer() -> None:
    assert_played(card("Justicator", SWORD, JUSTICE), 1)
    s = battle([card("Justicator", SWORD, JUSTICE), card("Squire", SWORD, hp=10)], [card("Orc", SWORD, hp=50)],
               PurposeDice(attack=[15, 15]))
    put(s, "a1", 0, 0)
    put(s, "a2", 6, 3)
    put(s, "b1", 7, 3)
    justicator, squire, orc = (s.b.by_id[x] for x in ("a1", "a2", "b1"))
    attack_with(s, orc, squire)
    assert not squire.alive and justicator.pos == (6, 3) and orc.hp == 40


GROUNDED = "Grounded: Immediate action, use when this creature fails a save and occupies difficult terrain: Reroll " \
           "that save."
WEAKEN = "Weaken: +10 vs. AC; Weakened (save ends)."  # (not Dazed: a Dazed creature takes no immediate action)


def test_a_save_rolled_again_while_it_stands_in_difficult_terrain() -> None:
    p = parse_power(0, "special", GROUNDED)
    assert (p.trigger, p.requirement, p.effects[0].kind) == ("fails-save", "in-terrain:difficult", "reroll")
    assert_played(card("Earth Genasi", SWORD, GROUNDED), 1)
    for where, saved in (((6, 3), True), ((5, 6), False)):  # (forest is difficult terrain)
        s = _forest_battle([card("Earth Genasi", SWORD, GROUNDED)], [card("Orc", WEAKEN)],
                           PurposeDice(attack=[15], save=[5, 15]))
        put(s, "a1", *where)
        put(s, "b1", where[0], where[1] - 1)
        genasi, orc = s.b.by_id["a1"], s.b.by_id["b1"]
        attack_with(s, orc, genasi)
        weak = [e for e in genasi.effects if e.what == "weakened"]
        assert weak and TR.roll_save(s.b, genasi, weak[0]) is saved


COMBAT_TELEPORT = "Combat Teleport: Use when a {m} attack misses this creature: Teleport attacker up to 3 squares."


def test_an_attacker_that_missed_teleported_away() -> None:
    assert_played(card("Drow Wand Mage", SWORD, COMBAT_TELEPORT), 1)
    s = battle([card("Drow Wand Mage", SWORD, COMBAT_TELEPORT)], [card("Orc", SWORD)], PurposeDice(attack=[2, 18]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    mage, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    attack_with(s, orc, mage)  # a miss: the Orc teleported 3 squares away
    assert orc.pos is not None and s.b.gap(mage, orc) == 4 and mage.hp == 50
    put(s, "b1", 6, 3)
    attack_with(s, orc, mage)  # a hit: it stays
    assert orc.pos == (6, 3) and mage.hp == 40


SPINNING = "Spinning Strike: +16 vs. Reflex; 20 Damage AND if target is Medium or smaller, this creature and target " \
           "switch positions."


def test_an_attack_that_switches_places_with_a_target_of_a_size() -> None:
    assert_played(card("Tiefling Gladiator", SPINNING), 0)
    s = battle([card("Tiefling Gladiator", SPINNING)], [card("Orc", SWORD), card("Ogre", SWORD, size="Large")],
               PurposeDice(attack=[15, 15]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    put(s, "b2", 3, 3)
    gladiator, orc, ogre = (s.b.by_id[x] for x in ("a1", "b1", "b2"))
    attack_with(s, gladiator, orc)
    assert (gladiator.pos, orc.pos, orc.hp) == ((6, 3), (5, 3), 30)
    put(s, "a1", 5, 4)
    attack_with(s, gladiator, ogre)  # (Large: no switch)
    assert (gladiator.pos, ogre.pos, ogre.hp) == ((5, 4), (3, 3), 30)


SELESNYA = "Use at end of round: One ally adjacent to forest terrain or to this creature heals 20 HP."


def test_an_ally_beside_a_terrain_or_beside_it() -> None:
    p = parse_power(0, "special", SELESNYA)
    assert p.effects[0].filter.target_state == "at:adjacent-terrain:forest/adjacent"
    assert_played(card("Selesnya Druid", SWORD, SELESNYA), 1)
    s = _forest_battle([card("Druid", SWORD, SELESNYA), card("Elf", SWORD), card("Centaur", SWORD),
                        card("Wolf", SWORD)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 0, 0)
    put(s, "a2", 5, 3)  # beside the forest
    put(s, "a3", 1, 1)  # beside the Druid
    put(s, "a4", 3, 7)  # beside neither
    put(s, "b1", 11, 7)
    elf, centaur, wolf = (s.b.by_id[x] for x in ("a2", "a3", "a4"))
    elf.hp, centaur.hp, wolf.hp = 45, 45, 10
    TR.fire(s.b, "end-of-round", [s.b.by_id["a1"]])
    assert wolf.hp == 10 and elf.hp + centaur.hp == 95  # one of the two healed (5 of its 20: its full hit points)


RESILIENCE = "Minotaur Resilience: Considered bloodied at one-third of its starting HP, instead of one-half."
VALHALLA = "Valhalla Bound: Use when this creature destroys an enemy: Until end of battle, opponents score 0 VP " \
           "instead of this creature's cost for destroying this creature."


def test_bloodied_at_a_third_and_worth_nothing_once_it_has_destroyed_an_enemy() -> None:
    assert_played(card("Minotaur", SWORD, RESILIENCE), 1)
    assert_played(card("Hero", SWORD, VALHALLA), 1)
    s = battle([card("Minotaur", SWORD, RESILIENCE, hp=60), card("Hero", SWORD, VALHALLA, hp=10, cost=30)],
               [card("Orc", SWORD, hp=10, cost=15), card("Goblin", SWORD)], PurposeDice(attack=[15, 15]))
    put(s, "a1", 0, 0)
    put(s, "a2", 5, 3)
    put(s, "b1", 6, 3)
    put(s, "b2", 4, 3)
    minotaur, hero, orc, goblin = (s.b.by_id[x] for x in ("a1", "a2", "b1", "b2"))
    minotaur.hp = 21
    assert not minotaur.bloodied
    minotaur.hp = 20
    assert minotaur.bloodied
    attack_with(s, hero, orc)
    assert not orc.alive and s.b.scores == [15, 0]
    attack_with(s, goblin, hero)
    assert not hero.alive and s.b.scores == [15, 0]  # the Hero is worth nothing now


STAFF = "Staff of Entangling: +10 vs. AC; 10 damage AND Immobilized."
LEHTO = "Use when this creature's basic melee attack hits: The target is Helpless instead of Immobilized."


def test_a_condition_put_instead_of_its_attacks_own() -> None:
    p = parse_power(0, "special", LEHTO)
    assert (p.trigger, [(e.kind, e.what) for e in p.effects]) == ("hits", [("cond-swap", "immobilized>helpless")])
    assert_played(card("Lehto", STAFF, LEHTO), 1)
    s = battle([card("Lehto", STAFF, LEHTO)], [card("Orc", SWORD)], PurposeDice(attack=[15]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    lehto, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    attack_with(s, lehto, orc)
    assert sorted(e.what for e in orc.effects if e.kind == "condition") == ["helpless"] and orc.hp == 40


PLACE_MAGIC = "Place Magic: Replaces attack action: Each enemy occupying one of your enemy's victory areas takes 15 " \
              "damage. Slide each enemy occupying one of your victory areas up to 1 square."


def test_enemies_in_its_sides_and_in_the_other_sides_victory_areas() -> None:
    p = parse_power(0, "special", PLACE_MAGIC)
    assert [(e.kind, e.who, e.filter.target_state) for e in p.effects] == [
        ("damage", "enemies", "in-enemy-victory-area"), ("slide", "enemies", "in-your-victory-area")]
    assert_played(card("Rashemi Witch", SWORD, PLACE_MAGIC), 1)
    s = _victory_battle([card("Rashemi Witch", SWORD, PLACE_MAGIC)],
                        [card("Orc", SWORD), card("Goblin", SWORD), card("Kobold", SWORD)])
    own, other = (AREA_A, AREA_B) if s.b.letters[0] == "A" else (AREA_B, AREA_A)
    put(s, "a1", 0, 0)
    put(s, "b1", *sorted(own)[0])
    put(s, "b2", *sorted(other)[0])
    put(s, "b3", 11, 7)
    orc, goblin, kobold = (s.b.by_id[x] for x in ("b1", "b2", "b3"))
    FX.apply_effects(s.b, list(p.effects), J.Ctx(s.b.by_id["a1"]))
    assert (orc.hp, goblin.hp, kobold.hp) == (50, 35, 50)
    assert orc.pos != sorted(own)[0] and goblin.pos == sorted(other)[0]


SMOKE = "Smoke: Has Conceal 6 against adjacent enemies and Conceal 11 against non-adjacent enemies."


def test_conceal_against_adjacent_and_against_non_adjacent_enemies() -> None:
    assert_played(card("Blackguard", SWORD, SMOKE), 1)
    s = battle([card("Blackguard", SWORD, SMOKE)], [card("Orc", SWORD), card("Archer", BOW)],
               PurposeDice(attack=[8, 8]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    put(s, "b2", 10, 3)
    blackguard, orc, archer = (s.b.by_id[x] for x in ("a1", "b1", "b2"))
    MV.refresh_while(s.b)
    assert (blackguard.conceal_vs(True), blackguard.conceal_vs(False)) == (6, 11)
    attack_with(s, orc, blackguard)  # conceal 6: a roll of 8 hits
    attack_with(s, archer, blackguard)  # conceal 11: a roll of 8 misses
    assert blackguard.hp == 40


BRACHIATE = "Brachiate: Minor action, when adjacent to a wall or forest terrain: Shift 4 with Flight."


def test_a_shift_with_flight_crosses_a_pit() -> None:
    p = parse_power(0, "special", BRACHIATE)
    assert (p.requirement, p.effects[0].kind, p.effects[0].extra) == (
        "adjacent-wall/adjacent-terrain:forest", "shift", ("mode:flight",))
    assert_played(card("Girallon", SWORD, BRACHIATE), 1)
    s = GuildGame().new_initial_state(
        lists=[{"name": "A", "creatures": [card("Girallon", SWORD, BRACHIATE)]},
               {"name": "B", "creatures": [card("Orc", SWORD)]}],
        battle_map={**OPEN, "slug": "test-chasm", "rows": ["..p........."] * 8}, dice=PurposeDice(),
        params={"format": "standard-200"})
    assert isinstance(s, GuildState)
    put(s, "a1", 0, 3)  # (beside the map's edge: a wall)
    put(s, "b1", 9, 3)
    girallon = s.b.by_id["a1"]
    assert J.holds(s.b, p.requirement, girallon)
    FX.apply_effects(s.b, list(girallon.powers[1].effects), J.Ctx(girallon))
    assert girallon.pos is not None and girallon.pos[0] == 4  # over the pit column, 4 squares toward the Orc


SPEAR = "Spear of the Hunt: (Reach 3) (Ignores redirect powers and effects) +15 vs. AC; 15 + 5 fire damage."
ELF_SHIELD = "Use when this creature is targeted by an attack: Redirect that attack to an adjacent Elf ally."


def test_a_reach_attack_that_ignores_redirect_powers() -> None:
    spear = parse_power(0, "attack", SPEAR)
    assert spear.attack is not None and (spear.attack.reach, spear.attack.ignores) == (3, ("redirect",))
    assert_played(card("Master of the Hunt", SPEAR), 0)
    s = battle([card("Master of the Hunt", SPEAR)],
               [card("Elf Ambassador", SWORD, ELF_SHIELD), card("Elf Guard", SWORD, hp=60, keywords=("Elf",))],
               PurposeDice(attack=[15]))
    put(s, "a1", 1, 3)
    put(s, "b1", 4, 3)  # 3 squares away (Reach 3)
    put(s, "b2", 4, 4)  # an adjacent Elf it would give the attack to
    hunter, ambassador, guard = (s.b.by_id[x] for x in ("a1", "b1", "b2"))
    attack_with(s, hunter, ambassador)
    assert (ambassador.hp, guard.hp) == (30, 60)


FLAMESTRIDER = "Use when any creature hits with an attack: That attack's base damage becomes fire damage instead of " \
               "its normal type."


def test_an_attacks_base_damage_turned_to_fire() -> None:
    p = parse_power(0, "special", FLAMESTRIDER)
    assert (p.trigger, [(e.kind, e.what) for e in p.effects]) == ("any-hits", [("base-type", "fire")])
    assert_played(card("Efreeti Flamestrider", SWORD, FLAMESTRIDER), 1)
    s = battle([card("Efreeti", SWORD, FLAMESTRIDER), card("Salamander", SWORD, "Resist 10 fire")],
               [card("Orc", "Axe: +10 vs. AC; 15 damage.")], PurposeDice(attack=[15]))
    put(s, "a1", 0, 0)
    put(s, "a2", 5, 3)
    put(s, "b1", 6, 3)
    salamander, orc = s.b.by_id["a2"], s.b.by_id["b1"]
    attack_with(s, orc, salamander)
    assert salamander.hp == 45  # the 15 as fire damage, 10 of it resisted
