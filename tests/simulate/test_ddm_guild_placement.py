"""'Place this creature' [where]: within N squares of (or adjacent to) an ally or enemy of some kind, state or level
('within 6 squares of an Arcane ally of level 8 or greater', 'adjacent to a Bloodied enemy'), in your start area, in a
victory area, adjacent to a wall, in a square it can see — read as parts and played as a placement (no path, no
opportunity attack) to the square the engine would move the creature to, only when it is better than where it
stands (docs/rules/ddm-guild-play.md, how the engine uses powers)."""

from __future__ import annotations

from simulate.games import ddm_guild_apply as FX
from simulate.games import ddm_guild_coverage as C
from simulate.games import ddm_guild_judge as J
from simulate.games import ddm_guild_triggers as TR
from simulate.games.ddm_guild import GuildGame, GuildState
from simulate.games.ddm_guild_powers import parse_power
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

CONJURATION = ("Conjuration 8: Use at end of round; Place this creature within 6 squares of an Arcane ally of level 8 "
               "or greater.")
BOW = "Bow: (range 10) +10 vs. AC; 10 damage."


def _place(text: str, ptype: str = "special") -> tuple[str, int, str, str]:
    p = parse_power(0, ptype, text)
    assert p.played and not C.engine_unplayed(p), (text, p.unplayed, C.engine_unplayed(p))
    (e,) = p.effects
    assert e.kind == "place" and e.who == "self"
    return e.what, e.amount, e.filter.keyword, e.filter.target_state


def test_the_words() -> None:
    assert _place(CONJURATION) == ("near:ally", 6, "arcane+level>=8", "")
    assert _place("Planar Hunter: Use at start of round. Place this creature on the battle map in a space adjacent to "
                  "a Bloodied enemy") == ("near:enemy", -1, "", "bloodied")
    assert _place("Infiltration: Use at the start of any round: Place this creature in an unoccupied square adjacent "
                  "to an enemy.") == ("near:enemy", -1, "", "")
    assert _place("Contingency: Minor action: Place this creature in any space in your start area.")[0] == "start"
    assert _place("Basilica Portal: Move action: Place this creature in any victory area.")[0] == "victory"
    assert _place("Sight Teleport: Move action: Place this creature in a square it can see.")[:2] == ("seen", 0)
    assert _place("Tends to Wander: Use during setup: Place this creature up to 5 squares away from your start "
                  "area.")[:2] == ("near-start", 5)
    assert _place("From Above: Use at start of round: Place this creature adjacent to wall terrain.")[0] == "wall"
    # where an attack is being resolved, a placement is not played (does the attack still reach it?)
    p = parse_power(0, "special", "Simulacrum: Use when this creature is targeted by an attack: Place it in one of "
                                  "your start areas.")
    assert p.played and C.engine_unplayed(p)
    # kinds that are no creature keyword, and a place no words describe, stay unread
    for text in ("Use at end of round: Place this creature within 6 squares of a Wizardly ally.",
                 "Use at end of round: Place this creature in the nicest square."):
        assert not parse_power(0, "special", text).played, text


def test_a_conjuration_goes_near_its_arcane_ally_of_that_level_and_the_enemy() -> None:
    mage = card("Mage", BOW, keywords=("Arcane",), level=8)
    apprentice = card("Apprentice", BOW, keywords=("Arcane",), level=5)
    s = battle([card("Hand", SWORD, CONJURATION), mage, apprentice], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 0, 0)
    put(s, "a2", 6, 7)  # the level-8 Arcane ally
    put(s, "a3", 1, 0)  # a level-5 Arcane ally beside it: too low a level
    put(s, "b1", 11, 7)
    hand, mage_f, orc = s.b.by_id["a1"], s.b.by_id["a2"], s.b.by_id["b1"]
    TR.fire(s.b, "end-of-round", [hand])
    assert hand.pos is not None and s.b.gap(hand, mage_f) <= 6
    assert s.b.gap(hand, orc) == 1  # the square within 6 of the mage nearest the orc (a melee creature)
    assert [e.data["where"] for e in s.log.of_kind("place")] == ["near:ally"]


def test_no_placement_when_nothing_is_better_or_no_ally_qualifies() -> None:
    s = battle([card("Hand", SWORD, CONJURATION), card("Mage", BOW, keywords=("Arcane",), level=4)],
               [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 0, 0)
    put(s, "a2", 6, 7)
    put(s, "b1", 11, 7)
    hand = s.b.by_id["a1"]
    TR.fire(s.b, "end-of-round", [hand])
    assert hand.pos == (0, 0) and not s.log.of_kind("place")  # its only Arcane ally is level 4


def test_a_ranged_creature_placed_in_its_start_area_steps_back() -> None:
    back = "Retreat: Use at start of round: Place this creature in your start area."
    s = battle([card("Archer", BOW, back)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 6, 4)
    put(s, "b1", 7, 4)
    archer = s.b.by_id["a1"]
    TR.fire(s.b, "start-of-round", [archer])
    assert archer.pos in s.map.start_squares(s.b.letters[0])  # its own side's start area
    assert s.b.gap(archer, s.b.by_id["b1"]) > 1  # away from the enemy beside it
    assert not s.log.of_kind("opportunity")  # a placement provokes nothing


WALLED = {
    "format": "muster-ddm-map/1", "slug": "test-walled", "name": "A wall", "width": 12, "height": 8,
    "rows": ["." * 12] * 3 + ["......#....."] + ["." * 12] * 4,
    "areas": [{"kind": "start", "letter": "A", "rects": [[0, 0, 2, 8]]},
              {"kind": "start", "letter": "B", "rects": [[10, 0, 2, 8]]},
              {"kind": "victory", "letter": "A", "rects": [[8, 3, 1, 1]]},
              {"kind": "victory", "letter": "B", "rects": [[3, 3, 1, 1]]}],
}


def test_placed_beside_a_wall_and_in_sight() -> None:
    above = "From Above: Use at start of round: Place this creature adjacent to wall terrain."
    state = GuildGame().new_initial_state(
        lists=[{"name": "A", "creatures": [card("Piercer", SWORD, above)]}, {"name": "B", "creatures": [card(
            "Orc", SWORD)]}], battle_map=WALLED, dice=PurposeDice(), params={"format": "standard-200"})
    assert isinstance(state, GuildState)
    put(state, "a1", 0, 7)
    put(state, "b1", 8, 4)  # (away from the map's edge, which is a wall too: ddm-guild.stand-in-terrain)
    piercer, orc = state.b.by_id["a1"], state.b.by_id["b1"]
    TR.fire(state.b, "start-of-round", [piercer])
    assert piercer.pos is not None and max(abs(piercer.pos[0] - 6), abs(piercer.pos[1] - 3)) == 1  # touching it
    assert state.b.gap(piercer, orc) == 1  # the squares beside the wall nearest the orc
    s = battle([card("Nycaloth", SWORD, "Sight Teleport: Move action: Place this creature in a square it can see.")],
               [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 0, 0)
    put(s, "b1", 11, 7)
    nyc = s.b.by_id["a1"]
    p = nyc.powers[1]
    FX.apply_effects(s.b, p.effects, J.Ctx(nyc))
    assert s.b.gap(nyc, s.b.by_id["b1"]) == 1


def test_a_teleport_that_must_end_beside_a_wall() -> None:
    jump = "Shadow Jump: Move action: Teleport up to 5 squares to a square adjacent to a wall."
    p = parse_power(0, "special", jump)
    assert p.played and not C.engine_unplayed(p), p.unplayed
    assert [(e.kind, e.amount, e.what) for e in p.effects] == [("place", 5, "seen:wall")]
    assert parse_power(0, "special", "Tree Step: Move action: Teleport 10, must end in forest terrain.").played
    state = GuildGame().new_initial_state(
        lists=[{"name": "A", "creatures": [card("Dragon", SWORD, jump)]}, {"name": "B", "creatures": [card(
            "Orc", SWORD)]}], battle_map=WALLED, dice=PurposeDice(), params={"format": "standard-200"})
    assert isinstance(state, GuildState)
    put(state, "a1", 3, 3)
    put(state, "b1", 9, 3)
    dragon = state.b.by_id["a1"]
    FX.apply_effects(state.b, dragon.powers[1].effects, J.Ctx(dragon))
    assert dragon.pos is not None and max(abs(dragon.pos[0] - 6), abs(dragon.pos[1] - 3)) == 1  # beside the wall
    assert max(abs(dragon.pos[0] - 3), abs(dragon.pos[1] - 3)) <= 5
