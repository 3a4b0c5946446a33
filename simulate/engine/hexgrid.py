"""A hex board in axial coordinates (BattleLore 2E, ``battlelore2.md`` §4): how a hex game plugs in.

Only the geometry lives here; BattleLore's rules (orders, retreats, terrain that ends movement) would go
in ``simulate/games/battlelore2.py`` and talk to this board the way the DDM rules talk to
:class:`~simulate.engine.grid.SquareGrid`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from simulate.engine.board import Area

Hex = tuple[int, int]  # axial (q, r)

HEX_DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def hex_distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


@dataclass
class HexGrid:
    """A set of playable hexes (partial edge hexes simply are not in ``hexes``)."""

    hexes: frozenset[Hex]
    terrain: Mapping[Hex, str] = field(default_factory=dict)
    area_list: tuple[Area, ...] = ()

    def cells(self) -> Iterator[Hex]:
        return iter(sorted(self.hexes))

    def neighbours(self, cell: Hex) -> Iterator[Hex]:
        for dq, dr in HEX_DIRECTIONS:
            n = (cell[0] + dq, cell[1] + dr)
            if n in self.hexes:
                yield n

    def distance(self, a: Hex, b: Hex) -> int:
        return hex_distance(a, b)

    def areas(self, kind: str | None = None, letter: str | None = None) -> list[Area]:
        return [
            a for a in self.area_list if (kind is None or a.kind == kind) and (letter is None or a.letter == letter)
        ]

    def directly_away(self, unit: Hex, source: Hex) -> Hex:
        """BattleLore's retreat direction: the hex on the far side of ``unit`` from adjacent ``source``."""
        return (2 * unit[0] - source[0], 2 * unit[1] - source[1])

    @classmethod
    def rectangle(cls, columns: int, rows: int, **kwargs: object) -> HexGrid:
        """Rows of ``columns`` hexes, odd rows shifted right (offset layout), as axial coordinates."""
        hexes = set()
        for row in range(rows):
            for col in range(columns):
                q = col - (row - (row & 1)) // 2
                hexes.add((q, row))
        return cls(hexes=frozenset(hexes), **kwargs)  # type: ignore[arg-type]
