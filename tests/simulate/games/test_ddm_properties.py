"""Properties over random small maps (hypothesis): sight is symmetric, every offered move is legal and
within the creature's movement, and its path costs what the 1-2-1 rule says."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from simulate.engine.grid import SquareGrid, grid_distance
from simulate.games import ddm_movement as movement
from simulate.games.ddm import Activate, Move
from tests.simulate.games.ddm_helpers import battle, creature

SYMBOLS = st.sampled_from(list("......#d"))


@st.composite
def small_maps(draw):
    rows = [["." for _ in range(7)] for _ in range(7)]
    for y in range(7):
        for x in range(7):
            rows[y][x] = draw(SYMBOLS)
    rows[0][0] = "."
    rows[6][6] = "."
    return ["".join(r) for r in rows]


def grid_of(rows):
    solid = frozenset((x, y) for y, r in enumerate(rows) for x, ch in enumerate(r) if ch == "#")
    return SquareGrid(width=7, height=7, solid=solid)


@settings(max_examples=40, deadline=None)
@given(small_maps(), st.integers(0, 6), st.integers(0, 6), st.integers(0, 6), st.integers(0, 6))
def test_sight_is_symmetric(rows, x1, y1, x2, y2):
    g = grid_of(rows)
    assert g.square_los((x1, y1), (x2, y2)) == g.square_los((x2, y2), (x1, y1))


@settings(max_examples=25, deadline=None)
@given(small_maps(), st.integers(1, 6))
def test_every_offered_move_is_legal_and_within_double_speed(rows, speed):
    state, _ = battle([creature(speed=speed)], [creature()], [(0, 0)], [(6, 6)], rows=rows)
    state.apply(Activate("a1"))
    c = state.creatures["a1"]
    moves = [a for a in state.legal_actions() if isinstance(a, Move)]
    grid = state.map.grid
    for m in moves:
        assert m.destination is not None
        dest = m.destination
        assert not grid.is_solid(dest) and dest != (6, 6)
        if m.to is not None and max(abs(dest[0]), abs(dest[1])) > 1:
            path = movement.engine_path(state, c, state.turn, dest, False)  # type: ignore[arg-type]
            cost, _ = movement.path_cost(state, c, path)
            assert cost <= 2 * speed
            assert cost >= grid_distance((0, 0), dest)
