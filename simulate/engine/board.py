"""What every board offers the rules: cells, neighbours, distances and named areas.

Three boards plug in: :class:`~simulate.engine.grid.SquareGrid` (D&D Miniatures, Dungeon Command),
:class:`~simulate.engine.hexgrid.HexGrid` (BattleLore 2E) and
:class:`~simulate.engine.fields.FieldGraph` (Stronghold's fields joined by paths). A game's rules talk
to its own board type; shared helpers (area look-ups, path searches) only need this protocol.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

Cell = TypeVar("Cell", bound=Hashable)


@dataclass(frozen=True)
class Area:
    """A named set of cells: a start area, a victory area, an exit, a section, a banner hex."""

    kind: str  # "start", "victory", "exit", ... (game vocabulary)
    letter: str  # owner key: "A"/"B" on DDM maps; "" when shared by all
    cells: frozenset[Any]  # the board's cells: squares, hexes or field names
    keywords: tuple[str, ...] = ()
    name: str = ""
    extra: dict[str, object] = field(default_factory=dict, compare=False, hash=False)


class Board(Protocol[Cell]):
    def cells(self) -> Iterable[Cell]: ...

    def neighbours(self, cell: Cell) -> Iterable[Cell]: ...

    def distance(self, a: Cell, b: Cell) -> int: ...

    def areas(self, kind: str | None = None, letter: str | None = None) -> list[Area]: ...
