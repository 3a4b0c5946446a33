"""D&D Miniatures battle maps as data (``data/ddm/maps/*.json``), read into a :class:`SquareGrid`.

The format (``muster-ddm-map/1``) fits the catalogue's battle-map ``layout`` field::

    {"format": "muster-ddm-map/1", "slug": "broken-demongate", "name": "Broken Demongate", "epic": false,
     "width": 30, "height": 23, "approximation": true, "note": "why and how it differs from the print",
     "rows": ["#####...", ...],                 # one string per row, y = 0 at the top; legend below
     "legend": {"x": ["difficult", "statue"]},  # optional extra symbols
     "edge_walls": [[x1, y1, x2, y2], ...],      # thin walls between orthogonal neighbours
     "areas": [{"kind": "start" | "victory" | "exit", "letter": "A" | "B" | "", "keywords": ["Cave"],
                "rects": [[x, y, w, h], ...], "squares": [[x, y], ...]}]}

A victory area with letter ``""`` scores for every player (a shared area).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from mypy_extensions import mypyc_attr

from simulate.engine.board import Area
from simulate.engine.grid import Sq, SquareGrid

MAP_FORMAT = "muster-ddm-map/1"
MAPS_DIR = Path(__file__).resolve().parent / "data" / "ddm" / "maps"

LEGEND: dict[str, tuple[str, ...]] = {
    ".": (),
    "#": ("wall",),
    "d": ("difficult",),
    "s": ("statue",),
    "p": ("pit",),
    "f": ("forest",),
    "c": ("sacred-circle",),
    "t": ("teleport",),
    "r": ("risky",),
    "k": ("spike-stones",),
    "b": ("blood-rock",),
    "~": ("fog",),
}
TERRAIN_NAMES = {name for names in LEGEND.values() for name in names} | {"smoke"}


@mypyc_attr(native_class=False)  # mypyc cannot compile a subclass of this builtin exception
class UnknownMap(KeyError):
    pass


@dataclass
class DdmMap:
    slug: str
    name: str
    epic: bool
    grid: SquareGrid
    raw: dict[str, Any]
    approximation: bool = False
    note: str = ""
    cache: dict[str, Any] = field(default_factory=dict, repr=False)  # per-map caches shared by battles

    def table(self, name: str) -> dict[Any, Any]:
        """The per-map cache called ``name`` (made empty the first time)."""
        hit: dict[Any, Any] | None = self.cache.get(name)
        if hit is None:
            hit = self.cache[name] = {}
        return hit

    def start_squares(self, letter: str) -> frozenset[Sq]:
        return self._area_squares("start", letter)

    def exit_squares(self, letter: str) -> frozenset[Sq]:
        return self._area_squares("exit", letter)

    def _area_squares(self, kind: str, letter: str) -> frozenset[Sq]:
        """Kept per map: areas never change."""
        table = self.table("area-squares")
        key = (kind, letter)
        hit: frozenset[Sq] | None = table.get(key)
        if hit is None:
            hit = table[key] = self.grid.area_squares(kind, letter)
        return hit

    def victory_areas(self, letter: str) -> list[Area]:
        """Areas that score for ``letter``: its own, and shared ones (letter ``""``)."""
        return [a for a in self.grid.areas("victory") if a.letter in (letter, "")]

    @property
    def letters(self) -> list[str]:
        return sorted({a.letter for a in self.grid.areas("start") if a.letter})

    @property
    def centre(self) -> tuple[int, int]:
        """The centre as doubled coordinates (an intersection on an even-sized map)."""
        return (self.grid.width, self.grid.height)


def map_from_json(raw: Mapping[str, Any]) -> DdmMap:
    if raw.get("format") != MAP_FORMAT:
        raise ValueError(f"map {raw.get('slug')!r}: format must be {MAP_FORMAT!r}")
    width, height = int(raw["width"]), int(raw["height"])
    legend = {k: tuple(v) for k, v in LEGEND.items()}
    for sym, names in (raw.get("legend") or {}).items():
        legend[sym] = tuple(names)
    rows = raw.get("rows") or ["." * width] * height
    if len(rows) != height or any(len(r) != width for r in rows):
        raise ValueError(f"map {raw.get('slug')!r}: rows must be {height} strings of {width} symbols")
    solid: set[Sq] = set()
    terrain: dict[Sq, frozenset[str]] = {}
    for y, row in enumerate(rows):
        for x, sym in enumerate(row):
            if sym not in legend:
                raise ValueError(f"map {raw.get('slug')!r}: unknown symbol {sym!r} at ({x}, {y})")
            names = set(legend[sym])
            if "wall" in names:
                solid.add((x, y))
                names.discard("wall")
            unknown = names - TERRAIN_NAMES
            if unknown:
                raise ValueError(f"map {raw.get('slug')!r}: unknown terrain {sorted(unknown)}")
            if names:
                terrain[(x, y)] = frozenset(names)
    edges = set()
    for x1, y1, x2, y2 in raw.get("edge_walls") or ():
        if abs(x1 - x2) + abs(y1 - y2) != 1:
            raise ValueError(f"map {raw.get('slug')!r}: edge wall {[x1, y1, x2, y2]} is not between neighbours")
        edges.add(((x1, y1), (x2, y2)))
    areas = []
    for spec in raw.get("areas") or ():
        cells: set[Sq] = set()
        for x, y, w, h in spec.get("rects") or ():
            cells.update((x + i, y + j) for i in range(w) for j in range(h))
        cells.update((x, y) for x, y in spec.get("squares") or ())
        outside = [c for c in cells if not (0 <= c[0] < width and 0 <= c[1] < height)]
        if outside:
            raise ValueError(f"map {raw.get('slug')!r}: area {spec.get('kind')} {spec.get('letter')} leaves the map")
        areas.append(
            Area(kind=str(spec["kind"]), letter=str(spec.get("letter") or ""), cells=frozenset(cells),
                 keywords=tuple(spec.get("keywords") or ()), name=str(spec.get("name") or ""))
        )
    grid = SquareGrid(
        width=width, height=height, solid=frozenset(solid), edge_walls=frozenset(edges), terrain=terrain,
        area_list=tuple(areas),
    )
    return DdmMap(
        slug=str(raw["slug"]), name=str(raw.get("name") or raw["slug"]), epic=bool(raw.get("epic")), grid=grid,
        raw=dict(raw), approximation=bool(raw.get("approximation")), note=str(raw.get("note") or ""),
    )


def bundled_map_slugs() -> list[str]:
    return sorted(p.stem for p in MAPS_DIR.glob("*.json"))


@cache
def load_map_json(slug: str) -> dict[str, Any]:
    path = MAPS_DIR / f"{slug}.json"
    if not path.is_file():
        raise UnknownMap(f"unknown battle map {slug!r}; bundled: {bundled_map_slugs()}")
    with open(path, encoding="utf-8") as fh:
        data: dict[str, Any] = json.load(fh)
    return data


_GRID_CACHE: dict[str, DdmMap] = {}


_RECENT: list[DdmMap] = []  # the maps asked for last, most recent first: a matchup asks for one map a battle


def get_map(source: Mapping[str, Any] | str) -> DdmMap:
    """A bundled map by slug, or a map document. Maps are cached by their JSON text, so the line-of-sight
    caches of a map are shared by every battle played on it; the last few are found by comparing documents,
    without writing the text again."""
    raw = load_map_json(source) if isinstance(source, str) else source
    for recent in _RECENT:
        if recent.raw == raw:
            return recent
    hit = _by_text(raw)
    _RECENT.insert(0, hit)
    del _RECENT[4:]
    return hit


def _by_text(raw: Mapping[str, Any]) -> DdmMap:
    key = json.dumps(raw, sort_keys=True)
    hit = _GRID_CACHE.get(key)
    if hit is None:
        hit = map_from_json(raw)
        if len(_GRID_CACHE) > 32:
            _GRID_CACHE.clear()
        _GRID_CACHE[key] = hit
    return hit
