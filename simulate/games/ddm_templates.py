"""Area templates (``ddm.md`` §12.3, §20.4): radius 2 and 4 around a 2 × 2 hole, 90° cones from a corner of the
caster, 12-square lines from corner to corner; each square counts only if the effect's origin has a clear line to
it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from simulate.engine.grid import Sq, grid_distance, segment_touches_square, square_corners
from simulate.games.ddm_model import Creature

if TYPE_CHECKING:
    from simulate.games.ddm import DdmState


def hole_options(state: DdmState, tgt: Creature) -> list[Sq]:
    """Radius templates: the 2×2 hole contains a small target, is a Large target, or lies in a Huge one."""
    assert tgt.anchor is not None
    x, y = tgt.anchor
    if tgt.size == 1:
        return [(x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)]
    if tgt.size == 2:
        return [(x, y)]
    return [(x + i, y + j) for j in range(tgt.size - 1) for i in range(tgt.size - 1)]


def area_radius(state: DdmState, hole: Sq, radius: int) -> set[Sq]:
    grid = state.map.grid
    hs = [(hole[0] + i, hole[1] + j) for j in range(2) for i in range(2)]
    origin = (hole[0] + 1, hole[1] + 1)
    out = set()
    for y in range(hole[1] - radius, hole[1] + 2 + radius):
        for x in range(hole[0] - radius, hole[0] + 2 + radius):
            s = (x, y)
            if not grid.in_bounds(s) or min(grid_distance(s, h) for h in hs) > radius:
                continue
            if any(grid.segment_clear(origin, q) for q in square_corners(s)):
                out.add(s)
    return out


def cone_aims(state: DdmState, c: Creature, tgt: Creature) -> list[str]:
    assert c.anchor is not None
    x, y, n = c.anchor[0], c.anchor[1], c.size
    aims = []
    for px, py, dx, dy in ((x, y, -1, -1), (x + n, y, 1, -1), (x, y + n, -1, 1), (x + n, y + n, 1, 1)):
        for ddx, ddy in ((dx, dy), (dx, 0), (0, dy)):
            aim = f"cone:{px},{py},{ddx},{ddy}"
            if any(s in area_cone(state, aim) for s in tgt.squares()):
                aims.append(aim)
    return aims


def area_cone(state: DdmState, aim: str) -> set[Sq]:
    """A 6-square, 90° cone from a corner of the caster's space (§12.3, reconstruction §20.4)."""
    px, py, dx, dy = (int(v) for v in aim.split(":")[1].split(","))
    grid = state.map.grid
    origin = (px, py)
    out = set()
    for y in range(py - 7, py + 7):
        for x in range(px - 7, px + 7):
            vx, vy = 2 * x + 1 - 2 * px, 2 * y + 1 - 2 * py
            if dx and dy:
                inside = vx * dx > 0 and vy * dy > 0
            elif dx:
                inside = vx * dx > 0 and abs(vy) <= vx * dx
            else:
                inside = vy * dy > 0 and abs(vx) <= vy * dy
            if not inside or not grid.in_bounds((x, y)):
                continue
            ax, ay = abs(vx), abs(vy)
            if max(ax, ay) + min(ax, ay) // 2 > 12:
                continue
            if any(grid.segment_clear(origin, q) for q in square_corners((x, y))):
                out.add((x, y))
    return out


def line_aims(state: DdmState, c: Creature, tgt: Creature) -> list[str]:
    aims = []
    seen: set[frozenset[Sq]] = set()
    for p in sorted({q for s in c.squares() for q in square_corners(s)}):
        for q in sorted({q for s in tgt.squares() for q in square_corners(s)}):
            if p == q:
                continue
            aim = f"line:{p[0]},{p[1]},{q[0]},{q[1]}"
            area = frozenset(area_line(state, c, aim))
            if area and area not in seen and any(s in area for s in tgt.squares()):
                seen.add(area)
                aims.append(aim)
    return aims


def area_line(state: DdmState, c: Creature, aim: str) -> set[Sq]:
    """line 12: every square the line from a corner of the caster to a corner of the target passes through
    or touches, to 12 squares, until it meets a wall; not squares touching only its start point (§12.3)."""
    px, py, qx, qy = (int(v) for v in aim.split(":")[1].split(","))
    grid = state.map.grid
    dx, dy = qx - px, qy - py
    length = max(abs(dx), abs(dy)) + min(abs(dx), abs(dy)) // 2
    k = 12 // max(length, 1) + 1
    end = (px + dx * k, py + dy * k)
    own = set(c.squares())
    cells = []
    for s in grid.cells_near_segment((px, py), end):
        if s in own or not segment_touches_square((px, py), end, s, allow_endpoints=True):
            continue
        if not segment_touches_square((px, py), end, s, allow_endpoints=False):
            continue
        cells.append(s)
    # order by distance from the origin along the line, stop at the first wall
    cells.sort(key=lambda s: (2 * s[0] + 1 - 2 * px) * dx + (2 * s[1] + 1 - 2 * py) * dy)
    out = set()
    for s in cells:
        if grid.is_solid(s):
            break
        if min(grid_distance(s, o) for o in own) > 12:
            break
        out.add(s)
    return out
