"""The Dungeon Command battlefield: tiles in a map format, joined into a battlefield (``dungeon-command.md`` §5.2,
§5.3, §5.5; ``docs/engine.md``).

**Tile** (``muster-dc-tile/1``): one side of a printed tile, rows of squares drawn from the owner's side (the
owner sits below the last row)::

    {"format": "muster-dc-tile/1", "slug": "heart-of-cormyr-large-tile-1", "name": "…", "size": "large",
     "width": 10, "height": 10, "stand_in": true, "note": "…",
     "rows": ["..........", …], "edge_walls": [[x1, y1, x2, y2], …]}

Symbols: ``.`` floor, ``#`` wall (a whole square), ``d`` difficult terrain, ``h`` hazardous terrain, ``o`` an
obstacle, ``m`` a magic-circle square, ``T`` a treasure square, ``S`` the start area. ``edge_walls`` are thin
walls between two orthogonal neighbours. No source prints the tiles' layouts (``dungeon-command.md`` Q3): the
bundled ones are stand-ins (``stand_in``: true, with a note), and a player who owns a tile can replace its
layout in the catalogue; every battle then uses it.

**Battlefield** (``muster-dc-battlefield/1``): the tiles joined, as the replay draws it::

    {"format": "muster-dc-battlefield/1", "name": "…", "scenario": "standard", "width": 20, "height": 30,
     "rows": […], "edge_walls": […], "stand_in": true,
     "tiles": [{"slug", "name", "player", "x", "y", "width", "height", "rotated", "stand_in"}, …],
     "start_areas": [[[x, y], …], [[x, y], …]], "deploy_anywhere": [false, false]}

Joining (§5.2): each player builds a half from 2 large and 2 small tiles, the 4 large tiles form a square in
the middle and each player's small tiles lie along that player's edge, the start area nearest the player.
Player 0 sits at the bottom, player 1 at the top (its tiles turned half a turn). The first game (§5.5) uses 1
large and 1 small tile each; player 2 deploys anywhere on its small tile.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from mypy_extensions import mypyc_attr

from simulate.engine.board import Area
from simulate.engine.grid import SquareGrid, segment_crosses_interior

Sq = tuple[int, int]
Point = tuple[int, int]

TILE_FORMAT = "muster-dc-tile/1"
BATTLEFIELD_FORMAT = "muster-dc-battlefield/1"
TILES_FORMAT = "muster-dc-tiles/1"
SYMBOLS = frozenset(".#dhomTS")


@mypyc_attr(native_class=False)  # mypyc cannot compile a subclass of this builtin exception
class MapError(ValueError):
    """A tile or battlefield document the engine cannot build (the message says what is wrong)."""


@dataclass(frozen=True)
class Tile:
    slug: str
    name: str
    size: str  # large / small
    width: int
    height: int
    rows: tuple[str, ...]
    edge_walls: tuple[tuple[int, int, int, int], ...]
    stand_in: bool
    start_area: bool

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> Tile:
        if raw.get("format") not in (TILE_FORMAT, None):
            raise MapError(f"tile {raw.get('slug')!r}: format {raw.get('format')!r} is not {TILE_FORMAT}")
        slug = str(raw.get("slug") or "")
        rows = raw.get("rows")
        if not isinstance(rows, list | tuple) or not rows or not all(isinstance(r, str) for r in rows):
            raise MapError(f"tile {slug!r} has no rows of squares")
        width = len(rows[0])
        if any(len(r) != width for r in rows):
            raise MapError(f"tile {slug!r}: rows of different lengths")
        bad = {ch for r in rows for ch in r} - SYMBOLS
        if bad:
            raise MapError(f"tile {slug!r}: unknown symbols {sorted(bad)} (known: {''.join(sorted(SYMBOLS))})")
        walls = []
        for w in raw.get("edge_walls") or ():
            if len(w) != 4 or abs(w[0] - w[2]) + abs(w[1] - w[3]) != 1:
                raise MapError(f"tile {slug!r}: an edge wall must join two orthogonal neighbours, not {w!r}")
            walls.append((int(w[0]), int(w[1]), int(w[2]), int(w[3])))
        size = str(raw.get("size") or ("large" if len(rows) == width else "small"))
        return cls(
            slug=slug, name=str(raw.get("name") or slug), size=size, width=width, height=len(rows),
            rows=tuple(rows), edge_walls=tuple(walls), stand_in=bool(raw.get("stand_in", True)),
            start_area=any("S" in r for r in rows),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "format": TILE_FORMAT, "slug": self.slug, "name": self.name, "size": self.size, "width": self.width,
            "height": self.height, "stand_in": self.stand_in, "rows": list(self.rows),
            "edge_walls": [list(w) for w in self.edge_walls],
        }


def _rotate(tile: Tile) -> tuple[list[str], list[tuple[int, int, int, int]]]:
    """The tile turned half a turn (for the player across the table)."""
    rows = [r[::-1] for r in reversed(tile.rows)]
    w, h = tile.width, tile.height
    walls = [(w - 1 - a, h - 1 - b, w - 1 - c, h - 1 - d) for a, b, c, d in tile.edge_walls]
    return rows, walls


def _pick(tiles: Sequence[Tile], size: str, start: bool | None) -> Tile:
    for t in tiles:
        if t.size == size and (start is None or t.start_area == start):
            return t
    want = f"{size} tile" + ("" if start is None else (" with a start area" if start else " without a start area"))
    raise MapError(f"a half of the battlefield needs a {want}")


def assemble(halves: Sequence[Sequence[Mapping[str, Any]]], scenario: str = "standard",
             name: str = "") -> dict[str, Any]:
    """Join two players' tiles into a battlefield document (``muster-dc-battlefield/1``)."""
    if len(halves) != 2:
        raise MapError("a two-player battlefield needs two halves of tiles")
    parsed = [[Tile.from_json(t) for t in half] for half in halves]
    placements: list[tuple[Tile, int, int, int, bool]] = []  # tile, player, x, y, rotated
    if scenario == "first-game":
        # §5.5: 1 large + 1 small each, in a column; player 0 (gold) has the small tile with the start area
        big = [_pick(parsed[p], "large", None) for p in (0, 1)]
        small0 = _pick(parsed[0], "small", True)
        small1 = next((t for t in parsed[1] if t.size == "small" and t is not small0 and not t.start_area), None)
        if small1 is None:
            small1 = _pick(parsed[1], "small", None)
        w = big[0].width
        hs, hl = small0.height, big[0].height
        placements = [
            (small1, 1, 0, 0, True), (big[1], 1, 0, hs, True),
            (big[0], 0, 0, hs + hl, False), (small0, 0, 0, hs + 2 * hl, False),
        ]
        width, height = w, 2 * (hs + hl)
    else:
        for p in (0, 1):
            if sum(1 for t in parsed[p] if t.size == "large") < 2 or sum(1 for t in parsed[p] if t.size == "small") < 2:
                raise MapError(f"player {p + 1}'s half needs 2 large and 2 small tiles")
        larges = [[t for t in parsed[p] if t.size == "large"][:2] for p in (0, 1)]
        starts = [_pick(parsed[p], "small", True) for p in (0, 1)]
        others = [next(t for t in parsed[p] if t.size == "small" and t is not starts[p]) for p in (0, 1)]
        lw, lh = larges[0][0].width, larges[0][0].height
        sh = starts[0].height
        if any(t.width != lw or t.height != lh for half in larges for t in half):
            raise MapError("the large tiles must all have the same size to form a square")
        # player 1 at the top (turned): small tiles in row 0, large tiles below; player 0 mirrored at the bottom
        placements = [
            (others[1], 1, 0, 0, True), (starts[1], 1, lw, 0, True),
            (larges[1][0], 1, 0, sh, True), (larges[1][1], 1, lw, sh, True),
            (larges[0][0], 0, 0, sh + lh, False), (larges[0][1], 0, lw, sh + lh, False),
            (starts[0], 0, 0, sh + 2 * lh, False), (others[0], 0, lw, sh + 2 * lh, False),
        ]
        width, height = 2 * lw, 2 * (sh + lh)
    grid = [["#"] * width for _ in range(height)]
    edge_walls: list[list[int]] = []
    start_areas: list[list[list[int]]] = [[], []]
    tiles_out: list[dict[str, Any]] = []
    for tile, player, x0, y0, rotated in placements:
        rows, walls = _rotate(tile) if rotated else (list(tile.rows), list(tile.edge_walls))
        if x0 + len(rows[0]) > width or y0 + len(rows) > height:
            raise MapError(f"tile {tile.slug!r} does not fit its place on the battlefield")
        for dy, row in enumerate(rows):
            for dx, ch in enumerate(row):
                grid[y0 + dy][x0 + dx] = ch
        edge_walls += [[a + x0, b + y0, c + x0, d + y0] for a, b, c, d in walls]
        tiles_out.append({
            "slug": tile.slug, "name": tile.name, "player": player, "x": x0, "y": y0, "width": len(rows[0]),
            "height": len(rows), "rotated": rotated, "stand_in": tile.stand_in,
        })
    # the start areas: the S squares of each player's tiles
    for t in tiles_out:
        for y in range(t["y"], t["y"] + t["height"]):
            for x in range(t["x"], t["x"] + t["width"]):
                if grid[y][x] == "S":
                    start_areas[t["player"]].append([x, y])
    deploy_anywhere = [False, False]
    if scenario == "first-game":
        # §5.5: player 2's small tile has no start area; player 2 may deploy on any free square of it
        t = tiles_out[0]
        deploy_anywhere[1] = True
        start_areas[1] = [[x, y] for y in range(t["y"], t["y"] + t["height"])
                          for x in range(t["x"], t["x"] + t["width"]) if grid[y][x] not in "#o"]
    for p in (0, 1):
        if not start_areas[p]:
            raise MapError(f"player {p + 1}'s half has no start area")
    return {
        "format": BATTLEFIELD_FORMAT,
        "name": name or " + ".join(t["name"] for t in tiles_out),
        "scenario": scenario,
        "width": width,
        "height": height,
        "rows": ["".join(r) for r in grid],
        "edge_walls": edge_walls,
        "stand_in": any(t["stand_in"] for t in tiles_out),
        "tiles": tiles_out,
        "start_areas": start_areas,
        "deploy_anywhere": deploy_anywhere,
    }


def battlefield_document(battle_map: Mapping[str, Any] | str) -> dict[str, Any]:
    """A battlefield document from what a battle is given: a battlefield, or two halves of tiles."""
    if isinstance(battle_map, str):
        raise MapError("a Dungeon Command battlefield is built from tiles: give the two halves (muster-dc-tiles/1)")
    fmt = battle_map.get("format")
    if fmt == BATTLEFIELD_FORMAT:
        return dict(battle_map)
    if fmt == TILES_FORMAT:
        halves = battle_map.get("halves")
        if not isinstance(halves, list | tuple):
            raise MapError("muster-dc-tiles/1 needs 'halves': two lists of tiles")
        return assemble(halves, str(battle_map.get("scenario") or "standard"), str(battle_map.get("name") or ""))
    raise MapError(f"unknown battlefield format {fmt!r}: give {TILES_FORMAT} or {BATTLEFIELD_FORMAT}")


# --- the battlefield as the rules read it ---------------------------------------------------------------

ORTHO: tuple[Sq, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIRS: tuple[Sq, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))


def chebyshev(a: Sq, b: Sq) -> int:
    dx = a[0] - b[0]
    dy = a[1] - b[1]
    if dx < 0:
        dx = -dx
    if dy < 0:
        dy = -dy
    return dx if dx > dy else dy


class Battlefield:
    """The joined tiles on the shared :class:`SquareGrid` (walls, thin walls, adjacency, lines between
    corners), with Dungeon Command's terrain and the per-square tables the rules and the AI read. Built once
    per battlefield document and shared by every battle played on it (its caches only grow)."""

    def __init__(self, doc: Mapping[str, Any]) -> None:
        self.doc = dict(doc)
        rows: list[str] = list(doc["rows"])
        self.width = int(doc["width"])
        self.height = int(doc["height"])
        if len(rows) != self.height or any(len(r) != self.width for r in rows):
            raise MapError("battlefield rows do not match its width and height")
        solid: set[Sq] = set()
        terrain: dict[Sq, frozenset[str]] = {}
        self.difficult: set[Sq] = set()
        self.hazardous: set[Sq] = set()
        self.obstacles: set[Sq] = set()
        self.circles: set[Sq] = set()
        self.treasure_squares: list[Sq] = []
        names = {"d": "difficult", "h": "hazardous", "o": "obstacle", "m": "magic-circle", "T": "treasure"}
        for y, row in enumerate(rows):
            for x, ch in enumerate(row):
                sq = (x, y)
                if ch == "#":
                    solid.add(sq)
                elif ch in names:
                    terrain[sq] = frozenset({names[ch]})
                if ch in "dho":
                    self.difficult.add(sq)
                if ch == "h":
                    self.hazardous.add(sq)
                if ch == "o":
                    self.obstacles.add(sq)
                if ch == "m":
                    self.circles.add(sq)
                if ch == "T":
                    self.treasure_squares.append(sq)
        walls: list[tuple[Sq, Sq]] = []
        for a, b, c, d in doc.get("edge_walls") or ():
            walls.append(((int(a), int(b)), (int(c), int(d))))
        raw_areas: list[list[list[int]]] = list(doc.get("start_areas") or ([], []))
        self.start_areas: list[frozenset[Sq]] = [frozenset((int(x), int(y)) for x, y in ar) for ar in raw_areas]
        areas = [Area("start", "AB"[p], self.start_areas[p]) for p in (0, 1)]
        areas.append(Area("treasure", "", frozenset(self.treasure_squares)))
        areas.append(Area("magic-circle", "", frozenset(self.circles)))
        self.grid = SquareGrid(self.width, self.height, frozenset(solid), frozenset(walls), terrain, tuple(areas),
                               opaque_terrain=frozenset(), screening_terrain=frozenset())
        self.solid = frozenset(solid)
        self.tile_of: dict[Sq, int] = {}
        for i, t in enumerate(doc.get("tiles") or ()):
            for y in range(int(t["y"]), int(t["y"]) + int(t["height"])):
                for x in range(int(t["x"]), int(t["x"]) + int(t["width"])):
                    self.tile_of[(x, y)] = i
        self.squares: list[Sq] = [(x, y) for y in range(self.height) for x in range(self.width) if (x, y) not in solid]
        # legal one-square steps (no thin wall crossed, no diagonal past a wall's corner, into a square that is
        # not a wall) and adjacency (diagonals that connect around their corner): walls never change
        self.steps: dict[Sq, list[Sq]] = {}
        self.adjacent_of: dict[Sq, list[Sq]] = {}
        for sq in self.squares:
            st = []
            adj = []
            for d in DIRS:
                n = (sq[0] + d[0], sq[1] + d[1])
                if n in solid or not self.grid.in_bounds(n):
                    continue
                if self.grid.step_allowed(sq, d):
                    st.append(n)
                if self.grid.adjacent(sq, n):
                    adj.append(n)
            self.steps[sq] = st
            self.adjacent_of[sq] = adj
        self._adj_set: dict[Sq, frozenset[Sq]] = {sq: frozenset(v) for sq, v in self.adjacent_of.items()}
        # the same on integer squares (index = y * width + x), which the searches walk: a flat list per table,
        # and one tuple per square made here, so a search makes no new square
        self.sq_at: list[Sq] = [(i % self.width, i // self.width) for i in range(self.width * self.height)]
        self.index: dict[Sq, int] = {sq: i for i, sq in enumerate(self.sq_at)}
        self.step_ix: list[list[int]] = [[] for _ in self.sq_at]
        for sq, st in self.steps.items():
            self.step_ix[self.index[sq]] = [self.index[t] for t in st]
        self.difficult_ix: list[bool] = [sq in self.difficult for sq in self.sq_at]
        self.hazardous_ix: list[bool] = [sq in self.hazardous for sq in self.sq_at]
        self.adjacent_ix: list[list[int]] = [[self.index[t] for t in self.adjacent_of.get(sq, ())] for sq in self.sq_at]
        self._values: list[list[tuple[int, int, Sq] | None]] = []  # see :meth:`reached_value`
        # prefix sums of the squares that can stop a line (walls, obstacles, a thin wall's sides): a box with none
        # of them, off the battlefield's edge, sees corner to corner at once
        stoppers = set(solid) | self.obstacles
        for a2, b2 in walls:
            stoppers.add(a2)
            stoppers.add(b2)
        w, h = self.width, self.height
        self._prefix = [[0] * (w + 1) for _ in range(h + 1)]
        for y in range(h):
            run = 0
            for x in range(w):
                run += (x, y) in stoppers
                self._prefix[y + 1][x + 1] = self._prefix[y][x + 1] + run
        self._segments: dict[tuple[Sq, Sq], tuple[tuple[Point, Point], ...]] = {}
        self._around: dict[Sq, dict[Sq, int]] = {}
        self._fields: dict[frozenset[Sq], _Walk] = {}
        self._blocks: dict[tuple[Sq, int], list[tuple[Sq, list[Sq]]]] = {}
        self.deploy_anywhere: list[bool] = [bool(v) for v in (doc.get("deploy_anywhere") or [False, False])]
        self.by_wall: list[Sq] = [sq for sq in self.squares if self.near_wall(sq)]  # Shadow Stalker's squares

    # -- squares

    def open(self, sq: Sq) -> bool:
        return 0 <= sq[0] < self.width and 0 <= sq[1] < self.height and sq not in self.solid

    def adjacent(self, a: Sq, b: Sq) -> bool:
        """Neighbours (diagonals included) not separated by a wall (``dungeon-command.md`` Q20)."""
        s = self._adj_set.get(a)
        return s is not None and b in s

    def near_wall(self, sq: Sq) -> bool:
        """A square next to a wall square, a thin wall or the battlefield's edge (Shadow Stalker)."""
        x, y = sq
        for d in DIRS:
            n = (x + d[0], y + d[1])
            if not self.open(n):
                return True
        return any(self.grid.wall_between(sq, (x + d[0], y + d[1])) for d in ORTHO)

    # -- lines of sight (``dungeon-command.md`` §10.4)

    def segments(self, a: Sq, b: Sq) -> tuple[tuple[Point, Point], ...]:
        """The corner-to-corner lines from square ``a`` to square ``b`` that no wall or obstacle blocks
        (touching a wall blocks; an obstacle blocks a line through its inside)."""
        key = (a, b)
        hit = self._segments.get(key)
        if hit is not None:
            return hit
        out: list[tuple[Point, Point]] = []
        ca = ((a[0], a[1]), (a[0] + 1, a[1]), (a[0], a[1] + 1), (a[0] + 1, a[1] + 1))
        cb = ((b[0], b[1]), (b[0] + 1, b[1]), (b[0], b[1] + 1), (b[0] + 1, b[1] + 1))
        x0, x1 = min(a[0], b[0]), max(a[0], b[0])
        y0, y1 = min(a[1], b[1]), max(a[1], b[1])
        if x0 > 0 and y0 > 0 and x1 < self.width - 1 and y1 < self.height - 1:
            pre = self._prefix
            if pre[y1 + 1][x1 + 1] - pre[y0][x1 + 1] - pre[y1 + 1][x0] + pre[y0][x0] == 0:
                res = tuple((p, q) for p in ca for q in cb if p != q)
                self._segments[key] = res
                return res
        obstacles = [o for o in self.obstacles if x0 <= o[0] <= x1 and y0 <= o[1] <= y1 and o != a and o != b]
        for p in ca:
            for q in cb:
                if p == q:
                    continue
                if not self.grid.segment_clear(p, q):
                    continue
                if any(segment_crosses_interior(p, q, o) for o in obstacles):
                    continue
                out.append((p, q))
        res = tuple(out)
        self._segments[key] = res
        return res

    @staticmethod
    def blocked_by(p: Point, q: Point, blockers: Sequence[Sq]) -> bool:
        return any(segment_crosses_interior(p, q, sq) for sq in blockers)

    def distances_around_walls(self, source: Sq, limit: int = 12) -> dict[Sq, int]:
        """Squares within ``limit`` of ``source``, counted square by square around walls (each step 1,
        diagonals included; §10.6). Kept per square (walls never change)."""
        hit = self._around.get(source)
        if hit is None:
            hit = self._around[source] = _rings([source], self.adjacent_of, limit)
        return hit

    def block_steps(self, a: Sq, size: int) -> list[tuple[Sq, list[Sq]]]:
        """The steps of a ``size`` × ``size`` creature whose top-left square is ``a``: each new anchor with the
        squares it newly enters; every square of the block must step legally (no thin wall crossed, no corner
        cut) into an open square. Kept per anchor (walls never change)."""
        key = (a, size)
        hit = self._blocks.get(key)
        if hit is not None:
            return hit
        out: list[tuple[Sq, list[Sq]]] = []
        old = {(a[0] + i, a[1] + j) for j in range(size) for i in range(size)}
        for d in DIRS:
            b = (a[0] + d[0], a[1] + d[1])
            ok = True
            for j in range(size):
                for i in range(size):
                    src = (a[0] + i, a[1] + j)
                    dst = (src[0] + d[0], src[1] + d[1])
                    if dst not in self.steps.get(src, ()):
                        ok = False
            if ok:
                out.append((b, [(b[0] + i, b[1] + j) for j in range(size) for i in range(size)
                                 if (b[0] + i, b[1] + j) not in old]))
        self._blocks[key] = out
        return out

    def reached_value(self, cost: int, haz: int, prev: int) -> tuple[int, int, Sq]:
        """A search's answer for a square, ``(cost, hazards entered, previous square)``, made once per battlefield
        (a search reaches a hundred squares; making each answer anew was much of its time)."""
        if cost >= VALUE_COSTS or haz >= VALUE_COSTS:
            return (cost, haz, self.sq_at[prev])
        if not self._values:
            self._values = [[] for _ in range(VALUE_COSTS * VALUE_COSTS)]
        row = self._values[cost * VALUE_COSTS + haz]
        if not row:
            row.extend([None] * len(self.sq_at))
        v = row[prev]
        if v is None:
            v = row[prev] = (cost, haz, self.sq_at[prev])
        return v

    def walk_field(self, goals: frozenset[Sq], until: Sq | None = None, limit: int = 60) -> list[int]:
        """Steps from each square (by index, see :attr:`index`) to the nearest of ``goals``, around walls
        (creatures ignored; :data:`FAR` beyond ``limit``): where a creature heads when nothing is in reach.

        With ``until``, the search may stop once that square's distance is known: every square nearer the goals
        is then known too, the others read :data:`FAR`. Kept for the last few goal sets, and taken further when
        a later question needs more of it."""
        hit = self._fields.get(goals)
        if hit is None:
            if len(self._fields) > 16:
                self._fields.clear()
            starts = [self.index[g] for g in goals if g in self.index]
            hit = self._fields[goals] = _Walk([FAR] * len(self.sq_at), starts)
            for i in hit.frontier:
                hit.dist[i] = 0
        dist = hit.dist
        stop = -1 if until is None else self.index.get(until, -1)
        steps = self.step_ix
        while hit.frontier and hit.d < limit and (stop < 0 or dist[stop] == FAR):
            hit.d += 1
            d = hit.d
            nxt: list[int] = []
            for i in hit.frontier:
                for j in steps[i]:
                    if dist[j] == FAR:
                        dist[j] = d
                        nxt.append(j)
            hit.frontier = nxt
        return dist


class _Walk:
    """A walking field in progress: the distances known, the squares last reached, their distance."""

    def __init__(self, dist: list[int], frontier: list[int]) -> None:
        self.dist = dist
        self.frontier = frontier
        self.d = 0


FAR: Final = 999  # no way within a walking field's limit
VALUE_COSTS: Final = 24  # searches' answers kept for costs and hazard counts below this (any other is made anew)


def _rings(sources: list[Sq], neighbours: Mapping[Sq, list[Sq]], limit: int) -> dict[Sq, int]:
    """Breadth-first distances (each step 1) from ``sources``, up to ``limit``."""
    dist = dict.fromkeys(sources, 0)
    frontier = sources
    d = 0
    while frontier and d < limit:
        d += 1
        nxt = []
        for sq in frontier:
            for n in neighbours.get(sq, ()):
                if n not in dist:
                    dist[n] = d
                    nxt.append(n)
        frontier = nxt
    return dist


_CACHE: dict[str, Battlefield] = {}
_RECENT: list[tuple[dict[str, Any], Battlefield]] = []  # the documents asked for last, newest first


def battlefield(doc: Mapping[str, Any]) -> Battlefield:
    """The :class:`Battlefield` of a document, shared by every battle on it. A matchup asks for the same
    document battle after battle: the last few are found by comparing documents, before any key is written."""
    for seen, hit in _RECENT:
        if seen == doc:
            return hit
    key = repr((doc.get("rows"), doc.get("edge_walls"), doc.get("start_areas"), doc.get("tiles"),
                doc.get("deploy_anywhere")))
    found = _CACHE.get(key)
    if found is None:
        if len(_CACHE) > 64:
            _CACHE.clear()
        found = _CACHE[key] = Battlefield(doc)
    _RECENT.insert(0, (copy.deepcopy(dict(doc)), found))
    del _RECENT[4:]
    return found
