"""Square-grid geometry: the diagonal rule, walls, line of sight, cover, flanking (``ddm.md`` §7, §8, §20)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from simulate.engine.grid import SquareGrid, grid_distance


def grid_from(rows: list[str], edge_walls=()) -> SquareGrid:
    solid = frozenset((x, y) for y, r in enumerate(rows) for x, ch in enumerate(r) if ch == "#")
    terrain = {(x, y): frozenset({"forest"}) for y, r in enumerate(rows) for x, ch in enumerate(r) if ch == "f"}
    terrain.update({(x, y): frozenset({"fog"}) for y, r in enumerate(rows) for x, ch in enumerate(r) if ch == "~"})
    return SquareGrid(width=len(rows[0]), height=len(rows), solid=solid, edge_walls=frozenset(edge_walls),
                      terrain=terrain)


OPEN = grid_from(["." * 12] * 12)


def test_four_diagonal_squares_cost_six():
    """E1: a gnoll moves 4 squares diagonally: 1 + 2 + 1 + 2 = 6."""
    assert grid_distance((0, 0), (4, 4)) == 6


def test_reach_two_does_not_cover_two_diagonal_squares():
    """E2: an enemy two squares away diagonally is 1 + 2 = 3 squares away."""
    assert grid_distance((5, 5), (7, 7)) == 3


@given(st.integers(0, 40), st.integers(0, 40), st.integers(0, 40), st.integers(0, 40))
def test_distance_is_symmetric_and_follows_the_closed_form(x1, y1, x2, y2):
    d = grid_distance((x1, y1), (x2, y2))
    dx, dy = abs(x1 - x2), abs(y1 - y2)
    assert d == grid_distance((x2, y2), (x1, y1)) == max(dx, dy) + min(dx, dy) // 2


def test_open_squares_see_each_other():
    assert OPEN.square_los((0, 0), (11, 7))


def test_a_wall_between_blocks_sight():
    g = grid_from(["......", "..##..", "......"])
    assert not g.square_los((0, 1), (5, 1))
    assert g.square_los((0, 0), (5, 0))


def test_a_line_grazing_a_wall_corner_gives_no_sight():
    """§8.8: lines along a wall or touching its corner do not count."""
    g = grid_from([".#.", "#..", "..."])
    # (0,0) is boxed in by two walls meeting diagonally: only lines through their touching corner remain
    assert not g.square_los((0, 0), (2, 2))


def test_a_thin_wall_between_neighbours_blocks_sight_and_adjacency():
    g = grid_from(["...", "..."], edge_walls=[((0, 0), (1, 0))])
    assert not g.adjacent((0, 0), (1, 0))
    assert g.adjacent((0, 0), (1, 1))
    assert g.square_los((0, 0), (1, 1))


def test_no_diagonal_step_past_a_wall_corner():
    """§7.2: no diagonal step past the corner or end of a wall."""
    g = grid_from([".#", ".."])
    assert not g.step_allowed((0, 0), (1, 1))
    assert g.step_allowed((0, 0), (0, 1))


def test_squares_around_a_wall_corner_are_adjacent_with_cover_both_ways():
    """E18: orc and dwarf around a wall corner have cover against each other."""
    g = grid_from(["#.", ".."])
    assert g.adjacent((1, 0), (0, 1))
    assert g.melee_cover_squares((1, 0), (0, 1))
    assert g.melee_cover_squares((0, 1), (1, 0))


def test_no_melee_cover_in_the_open():
    assert not OPEN.melee_cover_squares((3, 3), (4, 4))
    assert not OPEN.melee_cover_squares((3, 3), (4, 3))


def test_a_creature_between_gives_ranged_cover():
    """§8.10: creatures give cover against ranged attacks."""
    assert OPEN.ranged_cover([(0, 5)], [(6, 5)], {(3, 5)})
    assert not OPEN.ranged_cover([(0, 5)], [(6, 5)], {(3, 8)})


def test_the_attacker_picks_its_best_corner():
    """A square beside the line from some corner does not give cover if another corner clears it."""
    assert not OPEN.ranged_cover([(0, 0)], [(6, 6)], {(6, 0)})


def test_shooting_past_a_wall_corner_without_cover():
    """The book's orc: lines from the chosen corner run along the wall, not through it."""
    g = grid_from(["....", "##..", "...."])
    assert not g.ranged_cover([(2, 0)], [(2, 2)], set())  # along the wall's end
    assert g.ranged_cover([(2, 0)], [(1, 2)], set())  # around the corner: every line cuts the wall
    assert g.ranged_cover([(0, 0)], [(1, 2)], set())


def test_flanking_needs_opposite_sides_or_corners():
    """§8.4 / E20: the line between the two attackers' centres crosses opposite edges of the target."""
    assert SquareGrid.flanks((3, 4), (5, 4), (4, 4))
    assert SquareGrid.flanks((3, 3), (5, 5), (4, 4))
    assert not SquareGrid.flanks((3, 4), (4, 5), (4, 4))
    assert not SquareGrid.flanks((3, 3), (5, 3), (4, 4))


def test_command_distance_goes_around_walls():
    """§11.2: counted around walls, never through them."""
    g = grid_from([".#.", ".#.", "..."])
    d = g.wall_distances((0, 0), 10)
    assert d[(2, 0)] > grid_distance((0, 0), (2, 0))
    assert d[(2, 0)] == 5


def test_fog_hides_everything_but_neighbours():
    """§14 Fog: a creature in fog sees and is seen only by adjacent creatures."""
    g = grid_from(["..~...", "..~...", "..~..."])
    assert not g.square_los((2, 1), (5, 1))
    assert g.square_los((2, 1), (3, 1))
    assert not g.square_los((0, 1), (5, 1))


def test_a_line_through_a_forest_square_is_blocked_but_one_ending_in_it_is_not():
    g = grid_from(["..f...", "..f...", "..f..."])
    assert not g.square_los((0, 1), (5, 1))
    assert g.square_los((0, 1), (2, 1))
