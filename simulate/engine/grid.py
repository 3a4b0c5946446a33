"""A square grid with the diagonal rule, terrain, walls and areas (D&D Miniatures ``ddm.md`` §7, §8.8, §20).

Geometry: square ``(x, y)`` covers the closed unit square ``[x, x+1] × [y, y+1]``; corners are integer
points, so every line-of-sight and cover test is exact integer arithmetic (no floating point).

Walls come in two kinds (``ddm.md`` §20.1): *solid* squares (walls, solid rock, impassable terrain) and
*edge walls* (thin walls along the edge between two orthogonal neighbours). Terrain is a set of names
per square; the grid knows only what the geometry needs:

- ``opaque`` terrain (fog, smoke) blocks sight except between adjacent squares (§14 Fog);
- ``screening`` terrain (forest) blocks a line that passes *through* such a square (§14 Forest);
- everything else (difficult, statue, pit, ...) is the rules' business.

Distances use the diagonal rule, 1-2-1-2 (§7.2): ``max(dx, dy) + min(dx, dy) // 2`` on an open grid.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from simulate.engine.board import Area

Sq = tuple[int, int]
Point = tuple[int, int]

ORTHOGONAL: tuple[Sq, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL: tuple[Sq, ...] = ((1, 1), (1, -1), (-1, 1), (-1, -1))
DIRECTIONS: tuple[Sq, ...] = ORTHOGONAL + DIAGONAL
# each direction with its bit in the adjacency table (:meth:`SquareGrid.adjacent`)
_DIRECTION_BITS: tuple[tuple[int, int, int], ...] = tuple((dx, dy, (dx + 1) * 3 + dy + 1) for dx, dy in DIRECTIONS)


def grid_distance(a: Sq, b: Sq) -> int:
    """Distance on an open grid with the 1-2-1 diagonal rule (``ddm.md`` §7.2, §20.2)."""
    dx = abs(a[0] - b[0])
    dy = abs(a[1] - b[1])
    if dx < dy:
        dx, dy = dy, dx
    return dx + dy // 2


def edge_key(a: Sq, b: Sq) -> tuple[Sq, Sq]:
    return (a, b) if a <= b else (b, a)


# --- exact segment geometry ---------------------------------------------------------------------------

def _lt(an: int, ad: int, bn: int, bd: int) -> bool:
    """an/ad < bn/bd for positive denominators."""
    return an * bd < bn * ad


def _clip_closed(p: Point, q: Point, x0: int, y0: int, x1: int, y1: int) -> tuple[int, int, int, int] | None:
    """Liang–Barsky: the parameter interval [t0, t1] (as fractions n/d) of segment p→q inside a closed box."""
    dx = q[0] - p[0]
    dy = q[1] - p[1]
    ln, ld, un, ud = 0, 1, 1, 1
    for pi, qi in ((-dx, p[0] - x0), (dx, x1 - p[0]), (-dy, p[1] - y0), (dy, y1 - p[1])):
        if pi == 0:
            if qi < 0:
                return None
            continue
        # pi * t <= qi
        if pi < 0:
            n, d = -qi, -pi  # t >= qi/pi
            if _lt(ln, ld, n, d):
                ln, ld = n, d
        else:
            n, d = qi, pi  # t <= qi/pi
            if _lt(n, d, un, ud):
                un, ud = n, d
        if _lt(un, ud, ln, ld):
            return None
    return ln, ld, un, ud


def segment_touches_square(p: Point, q: Point, sq: Sq, allow_endpoints: bool = True) -> bool:
    """Does the closed segment p→q meet the closed square (other than at p or q, if ``allow_endpoints``)?"""
    clip = _clip_closed(p, q, sq[0], sq[1], sq[0] + 1, sq[1] + 1)
    if clip is None:
        return False
    ln, ld, un, ud = clip
    if not allow_endpoints:
        return True
    if ln * ud == un * ld:  # a single point
        return not (ln == 0 or ln == ld)
    return True


def segment_crosses_interior(p: Point, q: Point, sq: Sq, scale: int = 1) -> bool:
    """Does segment p→q pass through the open interior of the square (not merely along or at its edge)?

    With ``scale`` 2 the points are in doubled coordinates (so square centres are integer points)."""
    x0, y0 = sq[0] * scale, sq[1] * scale
    clip = _clip_closed(p, q, x0, y0, x0 + scale, y0 + scale)
    if clip is None:
        return False
    ln, ld, un, ud = clip
    if ln * ud == un * ld:
        return False
    # the chord's midpoint is interior iff the chord is not along the boundary (the square is convex)
    tn = ln * ud + un * ld
    td = 2 * ld * ud
    dx = q[0] - p[0]
    dy = q[1] - p[1]
    # point = p + t * d; compare scaled by td > 0
    mx = p[0] * td + tn * dx
    my = p[1] * td + tn * dy
    return x0 * td < mx < (x0 + scale) * td and y0 * td < my < (y0 + scale) * td


def _passes_through(p: Point, q: Point, sq: Sq, region: frozenset[Sq], ends: tuple[Sq, Sq]) -> bool:
    """Does segment p→q pass through square ``sq`` of an obscuring region: through its interior, or along an
    edge it shares with another square of the region (a seam inside a forest or a fog bank)?"""
    clip = _clip_closed(p, q, sq[0], sq[1], sq[0] + 1, sq[1] + 1)
    if clip is None:
        return False
    ln, ld, un, ud = clip
    if ln * ud == un * ld:
        return False
    tn, td = ln * ud + un * ld, 2 * ld * ud
    mx = p[0] * td + tn * (q[0] - p[0])
    my = p[1] * td + tn * (q[1] - p[1])
    x0, x1, y0, y1 = sq[0] * td, (sq[0] + 1) * td, sq[1] * td, (sq[1] + 1) * td
    if x0 < mx < x1 and y0 < my < y1:
        return True
    across = None
    if mx == x0:
        across = (sq[0] - 1, sq[1])
    elif mx == x1:
        across = (sq[0] + 1, sq[1])
    elif my == y0:
        across = (sq[0], sq[1] - 1)
    elif my == y1:
        across = (sq[0], sq[1] + 1)
    return across is not None and across in region and across not in ends


def _orient(a: Point, b: Point, c: Point) -> int:
    v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (v > 0) - (v < 0)


def _on_segment(a: Point, b: Point, c: Point) -> bool:
    return min(a[0], b[0]) <= c[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= c[1] <= max(a[1], b[1])


def segment_meets_segment(p: Point, q: Point, a: Point, b: Point, allow_endpoints: bool = True) -> bool:
    """Does segment p→q meet the closed segment a–b anywhere but at p or q (if ``allow_endpoints``)?"""
    o1, o2, o3, o4 = _orient(p, q, a), _orient(p, q, b), _orient(a, b, p), _orient(a, b, q)
    if o1 == 0 and o2 == 0:  # collinear
        if (p[0], p[1]) == (q[0], q[1]):
            return _on_segment(a, b, p) and not allow_endpoints
        # project onto the dominant axis
        axis = 0 if p[0] != q[0] else 1
        lo1, hi1 = sorted((p[axis], q[axis]))
        lo2, hi2 = sorted((a[axis], b[axis]))
        lo, hi = max(lo1, lo2), min(hi1, hi2)
        if lo > hi:
            return False
        if lo < hi:
            return True
        # a single common point
        return not allow_endpoints or lo not in (p[axis], q[axis])
    if o1 != o2 and o3 != o4:
        if not allow_endpoints:
            return True
        # the single intersection point is p (o3 == 0) or q (o4 == 0): touching at an endpoint
        return o3 != 0 and o4 != 0
    if o1 == 0 and _on_segment(p, q, a):
        return not allow_endpoints or a not in (p, q)
    if o2 == 0 and _on_segment(p, q, b):
        return not allow_endpoints or b not in (p, q)
    if o3 == 0 and _on_segment(a, b, p):
        return not allow_endpoints
    if o4 == 0 and _on_segment(a, b, q):
        return not allow_endpoints
    return False


def _convex_hull(points: Iterable[Point]) -> list[Point]:
    pts = sorted(set(points))
    if len(pts) <= 2:
        return pts

    def cross(o: Point, a: Point, b: Point) -> int:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[Point] = []
    for pt in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], pt) <= 0:
            lower.pop()
        lower.append(pt)
    upper: list[Point] = []
    for pt in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], pt) <= 0:
            upper.pop()
        upper.append(pt)
    return lower[:-1] + upper[:-1]  # counter-clockwise


def _axes(poly: list[Point]) -> list[Point]:
    n = len(poly)
    return [(-(poly[(i + 1) % n][1] - poly[i][1]), poly[(i + 1) % n][0] - poly[i][0]) for i in range(n)]


def _project(poly: list[Point], axis: Point) -> tuple[int, int]:
    vals = [pt[0] * axis[0] + pt[1] * axis[1] for pt in poly]
    return min(vals), max(vals)


def polygons_overlap_open(a: list[Point], b: list[Point]) -> bool:
    """Do the interiors of two convex polygons (each with a non-empty interior) intersect?"""
    for axis in _axes(a) + _axes(b):
        amin, amax = _project(a, axis)
        bmin, bmax = _project(b, axis)
        if amax <= bmin or bmax <= amin:
            return False
    return True


def segment_enters_open_polygon(a: Point, b: Point, poly: list[Point]) -> bool:
    """Does the closed segment a–b meet the open interior of a counter-clockwise convex polygon?"""
    lo_n, lo_d, lo_strict = 0, 1, False
    hi_n, hi_d, hi_strict = 1, 1, False
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = len(poly)
    for i in range(n):
        p0, p1 = poly[i], poly[(i + 1) % n]
        # inside (left of p0→p1): cross(p1-p0, x-p0) > 0
        ex, ey = p1[0] - p0[0], p1[1] - p0[1]
        c0 = ex * (a[1] - p0[1]) - ey * (a[0] - p0[0])  # value at t=0
        c1 = ex * dy - ey * dx  # slope
        # need c0 + c1 t > 0
        if c1 == 0:
            if c0 <= 0:
                return False
            continue
        if c1 > 0:  # t > -c0/c1
            tn, td = -c0, c1
            if _lt(lo_n, lo_d, tn, td) or (lo_n * td == tn * lo_d):
                lo_n, lo_d, lo_strict = tn, td, True
        else:  # t < -c0/c1 = c0/(-c1)
            tn, td = c0, -c1
            if _lt(tn, td, hi_n, hi_d) or (hi_n * td == tn * hi_d):
                hi_n, hi_d, hi_strict = tn, td, True
    if _lt(lo_n, lo_d, hi_n, hi_d):
        return True
    if lo_n * hi_d == hi_n * lo_d:
        return not lo_strict and not hi_strict
    return False


def square_corners(sq: Sq) -> tuple[Point, Point, Point, Point]:
    x, y = sq
    return ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1))


def _hull_cells(dx: int, dy: int) -> list[Sq]:
    """The squares, relative to a corner point, whose open interior the convex hull of that point and the square
    at (``dx``, ``dy``) from it overlaps: what the lines from the corner to that square pass through (exact
    integer geometry, so the same for every corner). Kept per offset."""
    key = (dx, dy)
    hit = _HULL_CELLS.get(key)
    if hit is None:
        hull = _convex_hull([(0, 0), *square_corners((dx, dy))])
        hit = []
        if len(hull) >= 3:
            xs = [pt[0] for pt in hull]
            ys = [pt[1] for pt in hull]
            # :func:`polygons_overlap_open` against each unit square of the hull's box, with the hull's axes and
            # projections worked out once; a square's own axes separate nothing inside the box
            axes = [(ax, ay, *_project(hull, (ax, ay))) for ax, ay in _axes(hull)]
            for y in range(min(ys), max(ys)):
                for x in range(min(xs), max(xs)):
                    for ax, ay, lo, hi in axes:
                        base = x * ax + y * ay
                        if hi <= base + min(ax, 0) + min(ay, 0) or base + max(ax, 0) + max(ay, 0) <= lo:
                            break
                    else:
                        hit.append((x, y))
        if len(_HULL_CELLS) >= 100_000:
            _HULL_CELLS.clear()
        _HULL_CELLS[key] = hit
    return hit


_HULL_CELLS: dict[Sq, list[Sq]] = {}


def square_poly(sq: Sq) -> list[Point]:
    x, y = sq
    return [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)]


# --- the grid -----------------------------------------------------------------------------------------

@dataclass
class SquareGrid:
    """A rectangular battle map of squares. Off-map squares count as solid (map edges are walls)."""

    width: int
    height: int
    solid: frozenset[Sq] = frozenset()
    edge_walls: frozenset[tuple[Sq, Sq]] = frozenset()
    terrain: Mapping[Sq, frozenset[str]] = field(default_factory=dict)
    area_list: tuple[Area, ...] = ()
    opaque_terrain: frozenset[str] = frozenset({"fog", "smoke"})
    screening_terrain: frozenset[str] = frozenset({"forest"})

    def __post_init__(self) -> None:
        self.edge_walls = frozenset(edge_key(a, b) for a, b in self.edge_walls)
        corner_pts: set[Point] = set()
        for sq in self.solid:
            corner_pts.update(square_corners(sq))
        self._walls_at: dict[Sq, list[tuple[Point, Point]]] = {}
        for a, b in self.edge_walls:
            seg = self.edge_segment(a, b)
            corner_pts.update(seg)
            for sq in (a, b):
                self._walls_at.setdefault(sq, []).append(seg)
        self._corner_walls: frozenset[Point] = frozenset(corner_pts)
        self._opaque = frozenset(sq for sq, t in self.terrain.items() if t & self.opaque_terrain)
        self._screening = frozenset(sq for sq, t in self.terrain.items() if t & self.screening_terrain)
        ring = {(x, y) for x in range(-1, self.width + 1) for y in (-1, self.height)}
        ring |= {(x, y) for y in range(-1, self.height + 1) for x in (-1, self.width)}
        self._blocking: frozenset[Sq] = frozenset(self.solid) | frozenset(ring)  # walls and the map's edge
        # prefix sums of every square that can stop sight (walls, fog, forest, a thin wall's sides): a clear
        # box between two squares means clear sight at once
        stoppers = set(self.solid) | set(self._opaque) | set(self._screening) | set(self._walls_at)
        w, h = self.width, self.height
        self._prefix = [[0] * (w + 1) for _ in range(h + 1)]
        for y in range(h):
            run = 0
            for x in range(w):
                run += (x, y) in stoppers
                self._prefix[y + 1][x + 1] = self._prefix[y][x + 1] + run
        self._wall_dist_cache: dict[tuple[Sq, int], dict[Sq, int]] = {}
        # squares as integers (y × width + x) for the tables read most: which of its 8 neighbours each square
        # is adjacent to (a bit per direction), and sight between two squares (0 not known yet, 1 no, 2 yes)
        self._adjacent_bits: list[int] | None = None
        self._melee_cover_cache: dict[tuple[Sq, Sq], bool] = {}
        self._cover_cells_cache: dict[tuple[Point, Sq], tuple[list[Sq], list[Sq]]] = {}
        self._los_rows: list[list[int] | None] = [None] * (w * h)
        # per cell of the map and its edge ring, (y + 1) × (width + 2) + x + 1: 1 blocks sight (solid, the edge),
        # 2 has thin walls (:meth:`segment_clear`)
        self._segment_flags: list[int] = [0] * ((w + 2) * (h + 2))
        self._corner_exit_table: list[list[int] | None] = [None] * (w * h)
        for x, y in self._blocking:
            if -1 <= x <= w and -1 <= y <= h:
                self._segment_flags[(y + 1) * (w + 2) + x + 1] |= 1
        for x, y in self._walls_at:
            if -1 <= x <= w and -1 <= y <= h:
                self._segment_flags[(y + 1) * (w + 2) + x + 1] |= 2

    # -- basic queries

    def cells(self) -> Iterator[Sq]:
        for y in range(self.height):
            for x in range(self.width):
                yield (x, y)

    def in_bounds(self, sq: Sq) -> bool:
        return 0 <= sq[0] < self.width and 0 <= sq[1] < self.height

    def is_solid(self, sq: Sq) -> bool:
        return sq in self.solid or not self.in_bounds(sq)

    def terrain_at(self, sq: Sq) -> frozenset[str]:
        return self.terrain.get(sq, frozenset())

    def has_terrain(self, sq: Sq, name: str) -> bool:
        return name in self.terrain.get(sq, ())

    def wall_between(self, a: Sq, b: Sq) -> bool:
        """A thin wall on the edge shared by two orthogonal neighbours."""
        return edge_key(a, b) in self.edge_walls

    @staticmethod
    def edge_segment(a: Sq, b: Sq) -> tuple[Point, Point]:
        (ax, ay), (bx, by) = a, b
        if ay == by:  # vertical edge at x = max
            x = max(ax, bx)
            return ((x, ay), (x, ay + 1))
        y = max(ay, by)
        return ((ax, y), (ax + 1, y))

    def neighbours(self, cell: Sq) -> Iterator[Sq]:
        for d in DIRECTIONS:
            n = (cell[0] + d[0], cell[1] + d[1])
            if self.in_bounds(n) and self.adjacent(cell, n):
                yield n

    def distance(self, a: Sq, b: Sq) -> int:
        return grid_distance(a, b)

    def areas(self, kind: str | None = None, letter: str | None = None) -> list[Area]:
        return [
            a for a in self.area_list if (kind is None or a.kind == kind) and (letter is None or a.letter == letter)
        ]

    def area_squares(self, kind: str, letter: str | None = None) -> frozenset[Sq]:
        out: set[Sq] = set()
        for a in self.areas(kind, letter):
            out.update(a.cells)
        return frozenset(out)

    # -- adjacency and steps

    def adjacent(self, a: Sq, b: Sq) -> bool:
        """Neighbours (diagonals included) not separated by a wall (``ddm.md`` glossary *adjacent*).
        Worked out once per map for every square and direction: walls never change."""
        dx, dy = b[0] - a[0], b[1] - a[1]
        if dx < -1 or dx > 1 or dy < -1 or dy > 1 or (dx == 0 and dy == 0):
            return False
        if not (0 <= a[0] < self.width and 0 <= a[1] < self.height):
            return False  # off the map counts as solid
        bits = self._adjacent_bits
        if bits is None:
            bits = self._adjacent_bits = self._adjacency_table()
        return bool(bits[a[1] * self.width + a[0]] >> ((dx + 1) * 3 + dy + 1) & 1)

    def _adjacency_table(self) -> list[int]:
        out = []
        for y in range(self.height):
            for x in range(self.width):
                bits = 0
                for dx, dy in DIRECTIONS:
                    if self._neighbours_adjacent((x, y), (x + dx, y + dy)):
                        bits |= 1 << ((dx + 1) * 3 + dy + 1)
                out.append(bits)
        return out

    def _neighbours_adjacent(self, a: Sq, b: Sq) -> bool:
        dx, dy = b[0] - a[0], b[1] - a[1]
        if self.is_solid(a) or self.is_solid(b):
            return False
        if dx == 0 or dy == 0:
            return not self.wall_between(a, b)
        # diagonal: connected around the shared corner through one of the two other squares
        c1 = (a[0] + dx, a[1])
        c2 = (a[0], a[1] + dy)
        via1 = not self.is_solid(c1) and not self.wall_between(a, c1) and not self.wall_between(c1, b)
        via2 = not self.is_solid(c2) and not self.wall_between(a, c2) and not self.wall_between(c2, b)
        return via1 or via2

    def step_allowed(self, a: Sq, d: Sq) -> bool:
        """May a 1-square piece step from ``a`` by ``d``? No crossing a thin wall, no diagonal past a wall's
        corner or end (``ddm.md`` §7.2, §14 Wall). Whether the target square may be entered is the rules' call."""
        b = (a[0] + d[0], a[1] + d[1])
        if not self.in_bounds(b):
            return False
        if d[0] == 0 or d[1] == 0:
            return not self.wall_between(a, b)
        corner = (a[0] + max(d[0], 0), a[1] + max(d[1], 0))
        return corner not in self._corner_walls

    def corner_has_wall(self, corner: Point) -> bool:
        return corner in self._corner_walls

    # -- line of sight

    def segment_clear(self, p: Point, q: Point) -> bool:
        """No solid square or edge wall meets the segment except at its endpoints (touching blocks). The cells
        of :meth:`cells_near_segment` are walked here directly, read from a flag per cell of the map and its
        edge ring (solid or the edge; has thin walls): most cells need no geometry at all."""
        flags = self._segment_flags
        pw = self.width + 2
        px, py, qx, qy = p[0], p[1], q[0], q[1]
        x0, x1 = (px, qx) if px <= qx else (qx, px)
        dx = qx - px
        dy = qy - py
        for cx in range(x0 - 1, x1 + 1):
            if cx < -1 or cx > self.width:
                continue
            if dx == 0:
                ylo, yhi = (py, qy) if py <= qy else (qy, py)
                lo, hi = ylo - 1, yhi
            else:
                xa = cx if cx > x0 else x0
                xb = cx + 1 if cx + 1 < x1 else x1
                if xa > xb:
                    continue
                ya = py * dx + (xa - px) * dy  # scaled by dx
                yb = py * dx + (xb - px) * dy
                if dx < 0:
                    ya, yb = -ya, -yb
                    adx = -dx
                else:
                    adx = dx
                ymin, ymax = (ya, yb) if ya <= yb else (yb, ya)
                lo = ymin // adx - 1
                hi = -((-ymax) // adx)
            if lo < -1:
                lo = -1
            if hi > self.height:
                hi = self.height
            for cy in range(lo, hi + 1):
                f = flags[(cy + 1) * pw + cx + 1]
                if f == 0:
                    continue
                cell = (cx, cy)
                if f & 1 and segment_touches_square(p, q, cell):
                    return False  # walls, and the map's edge (a line along it runs along a wall)
                if f & 2:
                    for a, b in self._walls_at[cell]:
                        if segment_meets_segment(p, q, a, b):
                            return False
        return True

    def cells_near_segment(self, p: Point, q: Point) -> Iterator[Sq]:
        """Every cell whose closed square the segment may meet (a superset; exact tests follow)."""
        x0, x1 = sorted((p[0], q[0]))
        dx = q[0] - p[0]
        dy = q[1] - p[1]
        for cx in range(x0 - 1, x1 + 1):
            if dx == 0:
                ylo, yhi = sorted((p[1], q[1]))
                lo, hi = ylo - 1, yhi
            else:
                # y at x = cx and x = cx + 1, clamped to the segment
                xa = max(cx, x0)
                xb = min(cx + 1, x1)
                if xa > xb:
                    continue
                ya = p[1] * dx + (xa - p[0]) * dy  # scaled by dx
                yb = p[1] * dx + (xb - p[0]) * dy
                if dx < 0:
                    ya, yb = -ya, -yb
                    adx = -dx
                else:
                    adx = dx
                ymin, ymax = min(ya, yb), max(ya, yb)
                lo = ymin // adx - 1
                hi = -((-ymax) // adx)
            for cy in range(lo, hi + 1):
                yield (cx, cy)  # one column per cx: no cell comes twice

    def _segment_sight(self, p: Point, q: Point, ends: tuple[Sq, Sq]) -> bool:
        if not self.segment_clear(p, q):
            return False
        if self._screening or self._opaque:
            for cell in self.cells_near_segment(p, q):
                if cell in ends:
                    continue
                for region in (self._screening, self._opaque):
                    if cell in region and _passes_through(p, q, cell, region, ends):
                        return False
        return True

    def square_los(self, a: Sq, b: Sq) -> bool:
        """Line of sight between two squares (``ddm.md`` §8.8, §20.3): some segment between their corners
        neither crosses nor touches a wall (touching at its own end corners is allowed). Fog blocks sight
        unless the squares are adjacent; forest blocks a line passing through a forest square."""
        if a == b:
            return True
        w, h = self.width, self.height
        if not (0 <= a[0] < w and 0 <= a[1] < h and 0 <= b[0] < w and 0 <= b[1] < h):
            return False  # off the map counts as solid
        ia, ib = a[1] * w + a[0], b[1] * w + b[0]
        row = self._los_rows[ia]
        if row is None:
            row = self._los_rows[ia] = [0] * (w * h)
        hit = row[ib]
        if hit:
            return hit == 2
        key = (a, b) if a <= b else (b, a)
        result = self._compute_los(key[0], key[1])
        row[ib] = 2 if result else 1
        other = self._los_rows[ib]
        if other is not None:
            other[ia] = row[ib]
        return result

    def _box_is_clear(self, a: Sq, b: Sq) -> bool:
        x0, x1 = min(a[0], b[0]), max(a[0], b[0]) + 1
        y0, y1 = min(a[1], b[1]), max(a[1], b[1]) + 1
        p = self._prefix
        return p[y1][x1] - p[y0][x1] - p[y1][x0] + p[y0][x0] == 0

    def _compute_los(self, a: Sq, b: Sq) -> bool:
        if self.is_solid(a) or self.is_solid(b):
            return False
        if self._box_is_clear(a, b):
            return True  # the box's diagonal, corner to corner, meets nothing
        if self._opaque and (a in self._opaque or b in self._opaque) and not self.adjacent(a, b):
            return False
        if self.adjacent(a, b):
            return True
        exits_a, exits_b = self._corner_exits(a), self._corner_exits(b)
        corners_b = square_corners(b)
        for i, p in enumerate(square_corners(a)):
            from_a = exits_a[i]
            for j, q in enumerate(corners_b):
                if p == q:
                    continue
                sx = (q[0] > p[0]) - (q[0] < p[0])
                sy = (q[1] > p[1]) - (q[1] < p[1])
                # :meth:`_leaves_corner` both ways, read from the table
                if not from_a >> ((sx + 1) * 3 + sy + 1) & 1 or not exits_b[j] >> ((1 - sx) * 3 + 1 - sy) & 1:
                    continue
                if self._segment_sight(p, q, (a, b)):
                    return True
        return False

    def _corner_exits(self, own: Sq) -> list[int]:
        """For each corner of ``own`` (in :func:`square_corners`' order), the directions a line may leave it in
        (:meth:`_leaves_corner`), a bit per sign of (dx, dy): (sx + 1) × 3 + sy + 1. Kept per square."""
        i = own[1] * self.width + own[0]
        hit = self._corner_exit_table[i]
        if hit is None:
            hit = []
            for p in square_corners(own):
                bits = 0
                for sx in (-1, 0, 1):
                    for sy in (-1, 0, 1):
                        if (sx or sy) and self._leaves_corner(p, own, (p[0] + sx, p[1] + sy)):
                            bits |= 1 << ((sx + 1) * 3 + sy + 1)
                hit.append(bits)
            self._corner_exit_table[i] = hit
        return hit

    def _leaves_corner(self, p: Point, own: Sq, toward: Point) -> bool:
        """A line drawn from the corner ``p`` of square ``own`` toward ``toward`` stands for lines from points of
        ``own`` near ``p``; they reach the square the line enters only if it connects to ``own`` around ``p``
        (no line squeezes between two walls that meet at a corner)."""
        dx, dy = toward[0] - p[0], toward[1] - p[1]
        xs = [p[0]] if dx > 0 else [p[0] - 1] if dx < 0 else [p[0] - 1, p[0]]
        ys = [p[1]] if dy > 0 else [p[1] - 1] if dy < 0 else [p[1] - 1, p[1]]
        for x in xs:
            for y in ys:
                sq = (x, y)
                if sq == own or (self.in_bounds(sq) and self.adjacent(own, sq)):
                    return True
        return False

    def los(self, space_a: Iterable[Sq], space_b: Iterable[Sq]) -> bool:
        bs = list(space_b)
        return any(self.square_los(a, b) for a in space_a for b in bs)

    # -- cover

    def ranged_cover(
        self, attacker: Iterable[Sq], target: Iterable[Sq], cover_squares: frozenset[Sq] | set[Sq]
    ) -> bool:
        """Cover against a ranged attack (``ddm.md`` §8.10): the attacker picks one corner of its space; the
        target has cover if every such corner sees some line to the target's space pass *through* a wall, an
        edge wall or a cover square (another creature, a statue). Grazing lines give no cover."""
        tsq = list(target)
        asq = list(attacker)
        own = set(asq) | set(tsq)
        corners = {c for s in asq for c in square_corners(s)}
        return all(self._corner_gives_cover(c, tsq, own, cover_squares) for c in sorted(corners))

    def _corner_gives_cover(
        self, corner: Point, target: list[Sq], own: set[Sq], cover_squares: frozenset[Sq] | set[Sq]
    ) -> bool:
        """Some line from ``corner`` to the target's space passes through a wall, an edge wall or a cover square.
        Only the squares the lines pass through are looked at (:meth:`_cover_cells`)."""
        for t in target:
            walls, crossed = self._cover_cells(corner, t)
            for cell in walls:
                if cell not in own:
                    return True
            for cell in crossed:
                if cell in cover_squares and cell not in own:
                    return True
        return False

    def _cover_cells(self, corner: Point, t: Sq) -> tuple[list[Sq], list[Sq]]:
        """For the lines from ``corner`` to square ``t`` (their convex hull): the squares whose interior it
        overlaps (:func:`_hull_cells`, the same wherever it is drawn), and those of the map that give cover by
        themselves: the walls among them and the squares beside a thin wall that enters it. Kept per map: walls
        never change."""
        key = (corner, t)
        hit = self._cover_cells_cache.get(key)
        if hit is not None:
            return hit
        cx, cy = corner
        crossed = [(cx + x, cy + y) for x, y in _hull_cells(t[0] - cx, t[1] - cy)]
        h = self.height
        walls = [cell for cell in crossed if 0 <= cell[1] < h and cell in self.solid]
        if self._walls_at:
            hull = _convex_hull([corner, *square_corners(t)])
            xs = [pt[0] for pt in hull]
            ys = [pt[1] for pt in hull]
            x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
            for cell, segments in self._walls_at.items():
                if x0 <= cell[0] < x1 and y0 <= cell[1] < y1 and cell not in walls and any(
                        segment_enters_open_polygon(a, b, hull) for a, b in segments):
                    walls.append(cell)
        if len(self._cover_cells_cache) >= 200_000:  # bounded: a worker's memory stays flat
            self._cover_cells_cache.clear()
        hit = self._cover_cells_cache[key] = (walls, crossed)
        return hit

    def melee_cover_squares(self, a: Sq, d: Sq) -> bool:
        """Melee cover between two adjacent squares: a line between them passes through a wall (§8.5). Kept per
        map: walls never change."""
        key = (a, d)
        hit = self._melee_cover_cache.get(key)
        if hit is None:
            hit = self._melee_cover_cache[key] = self._melee_cover_uncached(a, d)
        return hit

    def _melee_cover_uncached(self, a: Sq, d: Sq) -> bool:
        hull = _convex_hull([*square_corners(a), *square_corners(d)])
        xs = [pt[0] for pt in hull]
        ys = [pt[1] for pt in hull]
        for cy in range(min(ys), max(ys)):
            for cx in range(min(xs), max(xs)):
                cell = (cx, cy)
                if cell in (a, d):
                    continue
                if self.is_solid(cell) and polygons_overlap_open(hull, square_poly(cell)):
                    return True
                for p, q in self._walls_at.get(cell, ()):
                    if segment_enters_open_polygon(p, q, hull):
                        return True
        return False

    # -- flanking

    @staticmethod
    def flanks(attacker: Sq, ally: Sq, target: Sq) -> bool:
        """The line between the centres of attacker and ally passes through opposite edges (or opposite
        corners) of the target's square (``ddm.md`` §8.4). Doubled coordinates keep it exact."""
        p = (2 * attacker[0] + 1, 2 * attacker[1] + 1)
        q = (2 * ally[0] + 1, 2 * ally[1] + 1)
        x0, y0, x1, y1 = 2 * target[0], 2 * target[1], 2 * target[0] + 2, 2 * target[1] + 2
        clip = _clip_closed(p, q, x0, y0, x1, y1)
        if clip is None:
            return False
        ln, ld, un, ud = clip
        if ln * ud == un * ld:
            return False
        dx, dy = q[0] - p[0], q[1] - p[1]

        def sides(tn: int, td: int) -> set[str]:
            px = p[0] * td + tn * dx
            py = p[1] * td + tn * dy
            out = set()
            if px == x0 * td:
                out.add("W")
            if px == x1 * td:
                out.add("E")
            if py == y0 * td:
                out.add("N")
            if py == y1 * td:
                out.add("S")
            return out

        s_in, s_out = sides(ln, ld), sides(un, ud)
        return ("W" in s_in and "E" in s_out) or ("E" in s_in and "W" in s_out) or (
            "N" in s_in and "S" in s_out
        ) or ("S" in s_in and "N" in s_out)

    # -- distance around walls

    def wall_distances(self, source: Sq, limit: int) -> dict[Sq, int]:
        """Distances from ``source`` counted around walls, never through them, ignoring creatures and terrain
        cost (command range, ``ddm.md`` §11.2, §20.2); diagonal steps past a wall corner are allowed. Kept per
        source square: walls never change. Searched on square indices with the adjacency table (a bucket per
        cost: every step costs 1 or 2)."""
        key = (source, limit)
        hit = self._wall_dist_cache.get(key)
        if hit is not None:
            return hit
        out: dict[Sq, int] = {source: 0}
        w, h = self.width, self.height
        if 0 <= source[0] < w and 0 <= source[1] < h and limit > 0:
            bits = self._adjacent_bits
            if bits is None:
                bits = self._adjacent_bits = self._adjacency_table()
            unseen = limit + 1
            best = [unseen] * (2 * w * h)  # per square index × 2 + diagonal parity
            dist = [unseen] * (w * h)
            start = (source[1] * w + source[0]) * 2
            best[start] = 0
            dist[start >> 1] = 0
            found = [start >> 1]
            buckets: list[list[int]] = [[] for _ in range(limit + 1)]
            buckets[0].append(start)
            for cost in range(limit + 1):
                for k in buckets[cost]:
                    if best[k] < cost:
                        continue
                    ia, parity = k >> 1, k & 1
                    x, y = ia % w, ia // w
                    m = bits[ia]
                    for dx, dy, bit in _DIRECTION_BITS:
                        if not m >> bit & 1:
                            continue
                        nx, ny = x + dx, y + dy
                        if not (0 <= nx < w and 0 <= ny < h):
                            continue
                        if dx != 0 and dy != 0:
                            step, np = (1, 1) if parity == 0 else (2, 0)
                        else:
                            step, np = 1, parity
                        nc = cost + step
                        if nc > limit:
                            continue
                        ib = ny * w + nx
                        nk = ib * 2 + np
                        if nc < best[nk]:
                            best[nk] = nc
                            if nc < dist[ib]:
                                if dist[ib] == unseen:
                                    found.append(ib)
                                dist[ib] = nc
                            buckets[nc].append(nk)
            for ib in found[1:]:
                out[(ib % w, ib // w)] = dist[ib]
        self._wall_dist_cache[key] = out
        return out
