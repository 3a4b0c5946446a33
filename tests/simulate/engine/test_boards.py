"""The other two board shapes plug into the same protocol (``docs/engine.md``)."""

from __future__ import annotations

from simulate.engine.board import Area, Board
from simulate.engine.fields import FieldGraph
from simulate.engine.grid import SquareGrid
from simulate.engine.hexgrid import HexGrid, hex_distance


def test_a_hex_board_has_six_neighbours_and_hex_distance():
    board = HexGrid.rectangle(13, 9)
    inner = (4, 4)
    assert len(list(board.neighbours(inner))) == 6
    assert hex_distance((0, 0), (3, -1)) == 3
    assert board.distance((0, 0), (0, 3)) == 3


def test_battlelore_retreat_is_directly_away_from_the_attacker():
    board = HexGrid.rectangle(13, 9)
    assert board.directly_away((5, 4), (4, 4)) == (6, 4)


def test_a_field_board_moves_forward_along_paths_only():
    board = FieldGraph(
        fields=("gathering-west", "rampart-a", "wall-1", "wall-2"),
        paths=frozenset({("gathering-west", "rampart-a"), ("rampart-a", "wall-1"), ("rampart-a", "wall-2")}),
        capacity={"gathering-west": 10, "rampart-a": 7},
        area_list=(Area("side", "west", frozenset({"gathering-west", "rampart-a"})),),
    )
    assert board.distance("gathering-west", "wall-2") == 2
    assert board.distance("wall-1", "gathering-west") > 100
    assert board.reachable("gathering-west", 1) == {"gathering-west", "rampart-a"}
    assert board.areas("side")[0].letter == "west"


def test_every_board_satisfies_the_protocol():
    boards: list[Board] = [SquareGrid(3, 3), HexGrid.rectangle(3, 3), FieldGraph(("a", "b"), frozenset({("a", "b")}))]
    for b in boards:
        cells = list(b.cells())
        assert cells
        assert b.distance(cells[0], cells[0]) == 0
