"""Burrow in a Guild battle (reading ddm-guild.burrow, carried over from the seed rules' Burrow): on any move but a
charge the creature goes underground — under walls and enemies, every square 1, no opportunity attack — and ends
where it may stand. A creature without Burrow walks around the same wall and provokes as it leaves an enemy."""

from __future__ import annotations

from typing import Any

from simulate.games import ddm_guild_moves as MV
from simulate.games.ddm_guild import GuildGame, GuildMove, GuildState
from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, card, put

# a wall across the map but for its last row: (5, 0) to (5, 6) is wall, (5, 7) open
WALL_LINE = {
    "format": "muster-ddm-map/1", "slug": "test-wall-line", "name": "A long wall", "width": 12, "height": 8,
    "rows": ["....." + "#" + "......"] * 7 + ["." * 12],
    "areas": [{"kind": "start", "letter": "A", "rects": [[0, 0, 2, 8]]},
              {"kind": "start", "letter": "B", "rects": [[10, 0, 2, 8]]},
              {"kind": "victory", "letter": "A", "rects": [[8, 3, 1, 1]]},
              {"kind": "victory", "letter": "B", "rects": [[3, 3, 1, 1]]}],
}
BURROW = "Burrow"


def _state(mover: dict[str, Any]) -> GuildState:
    state = GuildGame().new_initial_state(
        lists=[{"name": "A", "creatures": [mover]}, {"name": "B", "creatures": [card("Guard", SWORD)]}],
        battle_map=WALL_LINE, dice=PurposeDice(attack=[15] * 5), params={"format": "standard-200"})
    assert isinstance(state, GuildState)
    return state


def _move(state: GuildState, to: tuple[int, int]) -> None:
    f = state.b.by_id["a1"]
    state.b.active = f
    state.phase_player = f.player
    f.attack_action = f.move_action = f.minor_action = True
    f.provoked_by = set()
    state.apply(GuildMove(to))


def test_burrow_is_read_and_played() -> None:
    c = card_from_json(card("Earth Elemental", SWORD, BURROW))
    assert any(s.kind == "burrow" for p in c.powers for s in p.statics)
    assert [p.name for p in unplayed_powers(c)] == []


def test_a_burrower_passes_under_a_wall_and_leaves_an_enemy_without_provoking() -> None:
    s = _state(card("Earth Elemental", SWORD, BURROW, speed=6))
    put(s, "a1", 4, 2)
    put(s, "b1", 4, 3)  # adjacent: walking away would provoke
    assert (7, 2) in MV.reachable(s.b, s.b.by_id["a1"], 6)  # 3 squares through the wall
    _move(s, (7, 2))
    assert s.b.by_id["a1"].pos == (7, 2)
    assert not s.log.of_kind("opportunity-attack")


def test_a_walker_goes_around_the_wall_and_provokes() -> None:
    s = _state(card("Ogre", SWORD, speed=6))
    put(s, "a1", 4, 2)
    put(s, "b1", 4, 3)
    assert (7, 2) not in MV.reachable(s.b, s.b.by_id["a1"], 6)  # around the wall's end is 11 squares
    _move(s, (3, 2))
    assert [e.data["attacker"] for e in s.log.of_kind("opportunity-attack")] == ["b1"]


def test_a_burrower_cannot_end_under_a_wall_or_on_an_enemy() -> None:
    s = _state(card("Earth Elemental", SWORD, BURROW, speed=6))
    put(s, "a1", 4, 2)
    put(s, "b1", 6, 2)
    ends = MV.reachable(s.b, s.b.by_id["a1"], 6)
    assert (5, 2) not in ends and (6, 2) not in ends and (7, 2) in ends


def test_a_burrower_charges_on_the_surface() -> None:
    s = _state(card("Earth Elemental", SWORD, BURROW, speed=6))
    put(s, "a1", 4, 2)
    f = s.b.by_id["a1"]
    assert f.burrowing()
    f.charging_now = True
    try:
        assert not f.burrowing()
        assert (7, 2) not in MV.reachable(s.b, f, 6)
    finally:
        f.charging_now = False


def test_burrow_until_end_of_turn_from_a_power_at_the_start_of_its_turn() -> None:
    """'Earthglide: Use at start of this creature's turn: This creature has Burrow until end of turn.'"""
    glide = "Earthglide: Use at start of this creature's turn: This creature has Burrow until end of turn."
    c = card_from_json(card("Earth Cult Warrior", SWORD, glide))
    assert len(c.powers) == 2 and unplayed_powers(c) == []
    s = _state(card("Earth Cult Warrior", SWORD, glide, speed=6))
    put(s, "a1", 4, 2)
    put(s, "b1", 11, 7)
    f = s.b.by_id["a1"]
    f.effects = [e for e in f.effects if e.what != "burrow"]  # as before its turn (the set-up may have begun one)
    assert not f.burrowing()
    s._start_turn(f)
    assert f.burrowing()
    _move(s, (7, 2))
    assert f.pos == (7, 2)
