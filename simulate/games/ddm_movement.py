"""Movement and squeezing (``ddm.md`` §7): steps and their cost (the 1-2-1 diagonal count, slowing terrain, Q15,
Q22), allies and enemies in the way (§7.3), Large and Huge spaces and squeezing (§7.5), Flight, Burrow and
Incorporeal (§7.6), the engine's path search, a turn's moves (§6.2, the minimum 1 square), forced movement and the
legal position (§7.7)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from simulate.engine.game import Action, IllegalAction
from simulate.engine.grid import DIRECTIONS, Sq, grid_distance
from simulate.games import ddm_attacks as attacks
from simulate.games import ddm_damage as damage
from simulate.games import ddm_terrain as terrain
from simulate.games import ddm_turns as turns
from simulate.games.ddm_actions import Move
from simulate.games.ddm_model import INF, SLOW_TERRAIN, Creature, StepEntry, Turn

if TYPE_CHECKING:
    from simulate.games.ddm import DdmState


def fits(state: DdmState, size: int, anchor: Sq) -> bool:
    """The whole space is on the map, free of walls, and not split by a thin wall."""
    w, h = state.map.grid.width, state.map.grid.height
    if not (0 <= anchor[0] < w and 0 <= anchor[1] < h):
        return False
    return _flags(state, "fits", size)[anchor[1] * w + anchor[0]]


def _fits_uncached(state: DdmState, size: int, anchor: Sq) -> bool:
    grid = state.map.grid
    squares = [(anchor[0] + i, anchor[1] + j) for j in range(size) for i in range(size)]
    ok = all(grid.in_bounds(s) and not grid.is_solid(s) for s in squares)
    if ok and size > 1:
        sset = set(squares)
        for s in squares:
            for d in ((1, 0), (0, 1)):
                n = (s[0] + d[0], s[1] + d[1])
                if n in sset and grid.wall_between(s, n):
                    ok = False
    return ok


def _flags(state: DdmState, what: str, size: int) -> list[bool]:
    """A flag per anchor index of the map, for a space of ``size``: ``fits`` (:func:`fits`), ``endable``
    (:func:`endable_anchors`) or ``squeeze`` (a place it fits only by squeezing, :func:`squeezable`). Worked out
    once per map: walls and terrain never change."""
    tables: dict[int, list[bool]] = state.map.table("anchor-flags")
    key = size * 4 + (0 if what == "fits" else 1 if what == "endable" else 2)  # (a number: cheaper to look up)
    hit = tables.get(key)
    if hit is None:
        squares = square_of(state)
        if what == "fits":
            hit = [_fits_uncached(state, size, a) for a in squares]
        elif what == "endable":
            table = endable_anchors(state, size)
            hit = [table[a] for a in squares]
        else:
            hit = [not fits(state, size, a) and squeezable(state, size, a) for a in squares]
        tables[key] = hit
    return hit


def squeezable(state: DdmState, size: int, anchor: Sq) -> bool:
    """Squeezing (§7.5): a strip half as wide as the creature (rounded up) is free of walls."""
    grid = state.map.grid
    if any(not grid.in_bounds((anchor[0] + i, anchor[1] + j)) for i in range(size) for j in range(size)):
        return False
    w = (size + 1) // 2
    for k in range(size - w + 1):
        rows = [(anchor[0] + i, anchor[1] + j) for j in range(k, k + w) for i in range(size)]
        cols = [(anchor[0] + i, anchor[1] + j) for i in range(k, k + w) for j in range(size)]
        if all(not grid.is_solid(s) for s in rows) or all(not grid.is_solid(s) for s in cols):
            return True
    return False


def move_mode(state: DdmState, c: Creature, burrow: bool) -> tuple[bool, bool, bool]:
    """(flies, passes walls and terrain (incorporeal), burrows) for a move."""
    return (c.traits.flight and not burrow, c.traits.incorporeal, burrow)


def step_table(state: DdmState, size: int, mode: tuple[bool, bool, bool]) -> dict[Sq, list[StepEntry]]:
    """The static part of every step for a space of ``size`` in a movement ``mode``, per anchor:
    (direction, new anchor, diagonal, slowed, pit entered, new space). Cached per map: walls and terrain
    never change during a battle."""
    fly, phase, dig = mode
    key = ("steps", size, fly, phase or dig)
    store: dict[tuple[object, ...], Any] = state.map.table("step-tables")
    table: dict[Sq, list[StepEntry]] | None = store.get(key)
    if table is not None:
        return table
    grid = state.map.grid
    table = {}
    ghost = phase or dig
    for a in grid.cells():
        out = []
        old = [(a[0] + i, a[1] + j) for j in range(size) for i in range(size)]
        if any(not grid.in_bounds(s) for s in old):
            continue
        oldset = set(old)
        for d in DIRECTIONS:
            b = (a[0] + d[0], a[1] + d[1])
            new = tuple((b[0] + i, b[1] + j) for j in range(size) for i in range(size))
            if any(not grid.in_bounds(s) for s in new):
                continue
            diag = d[0] != 0 and d[1] != 0
            squeeze = False
            if not ghost:
                if size == 1:
                    if grid.is_solid(b) or not grid.step_allowed(a, d):
                        continue
                else:
                    if not fits(state, size, b):
                        if not squeezable(state, size, b):
                            continue
                        squeeze = True
                    blocked = False
                    for s in old:
                        n = (s[0] + d[0], s[1] + d[1])
                        if not grid.is_solid(s) and not grid.is_solid(n) and not grid.step_allowed(s, d):
                            blocked = True
                            break
                    if blocked:
                        continue
            entering = [s for s in new if s not in oldset]
            slow = squeeze
            pit = False
            if not ghost:
                for s in entering:
                    t = grid.terrain_at(s)
                    if t:
                        if "pit" in t:
                            pit = True
                        if t & SLOW_TERRAIN and not fly:
                            slow = True
            out.append((d, b, diag, slow, pit, new))
        table[a] = out
    store[key] = table
    return table


def blocking_squares(state: DdmState, c: Creature, mode: tuple[bool, bool, bool]) -> set[Sq]:
    """Squares ``c`` may not enter: enemies' spaces, unless it flies, burrows, or is incorporeal (§7.3)."""
    fly, phase, dig = mode
    out: set[Sq] = set()
    if c.hp <= 5 and not c.routing and not (fly or phase or dig):
        # spike stones (§14): a creature may not walk into the 5 damage that would destroy it
        out.update(s for s, t in state.map.grid.terrain.items() if "spike-stones" in t)
    if fly or dig:
        return out
    for o in state.creatures.values():
        if o.on_map and o.player != c.player and not o.helpless and not (phase and not o.traits.incorporeal):
            out.update(o.squares())
    return out


def squeeze_blocked(state: DdmState, c: Creature, mode: tuple[bool, bool, bool]) -> set[Sq]:
    """Anchors where ``c`` would squeeze past an enemy: a space it fits only by squeezing, beside an enemy
    (§7.5: "it cannot squeeze past enemies"; seed 003 "obok wrogów"). Burrowing and incorporeal movement
    does not squeeze."""
    if c.size == 1 or mode[1] or mode[2]:
        return set()
    beside: set[Sq] = set()
    for o in state.enemies_of(c):
        for s in o.squares():
            beside.update(state.neighbours(s))
    if not beside:
        return set()
    w = state.map.grid.width
    squeeze = _flags(state, "squeeze", c.size)
    return {(i % w, i // w) for i in spread(state, beside, c.size) if squeeze[i]}


def blocked_flags(state: DdmState, c: Creature, mode: tuple[bool, bool, bool]) -> list[bool]:
    """For each anchor (as an integer), whether ``c`` may not step to it in this movement mode: its space would
    cover an enemy's (§7.3, §7.5) or squeeze past one. The last answer is kept until something it reads changes
    (who stands where, who is on the map, who is helpless, its own hit points and routing, who controls the turn):
    a move's search, its price and the check for a move left after it ask the same. Callers only read it."""
    t = state.turn
    helpless = 0  # who is helpless, a bit per creature (their number never changes in a battle)
    bit = 1
    for o in state.creatures.values():
        if o.helpless:
            helpless |= bit
        bit <<= 1
    key = (c.id, mode, state.moves, state.roster_version, c.hp <= 5, c.routing,
           None if t is None else (t.creature, t.controller), helpless)
    memo = state.blocked_memo
    if memo is not None and memo[0] == key:
        return memo[1]
    blocked = _blocked_uncached(state, c, mode)
    state.blocked_memo = (key, blocked)
    return blocked


def _blocked_uncached(state: DdmState, c: Creature, mode: tuple[bool, bool, bool]) -> list[bool]:
    blocked = spread_flags(state, blocking_squares(state, c, mode), c.size)
    squeeze = squeeze_blocked(state, c, mode)
    if squeeze:
        w = state.map.grid.width
        for x, y in squeeze:
            blocked[y * w + x] = True
    return blocked


def step_from(
    state: DdmState, c: Creature, a: Sq, d: Sq, parity: int, mode: tuple[bool, bool, bool], blocked: list[bool]
) -> tuple[int, int] | None:
    """Cost and new diagonal parity of one step of ``c`` from anchor ``a`` in direction ``d`` (§7), with
    ``blocked`` from :func:`blocked_flags` (the same for every step of a move: ask it once)."""
    w = state.map.grid.width
    for dd, b, diag, slow, pit, _new in step_table(state, c.size, mode).get(a, ()):
        if dd != d:
            continue
        if (pit and not mode[0]) or blocked[b[1] * w + b[0]]:
            return None
        return step_cost(diag, slow, parity)
    return None


def endable_anchors(state: DdmState, size: int) -> dict[Sq, bool]:
    key = f"end:{size}"
    table: dict[Sq, bool] | None = state.map.cache.get(key)
    if table is None:
        grid = state.map.grid
        table = {}
        for a in grid.cells():
            ok = fits(state, size, a)
            if ok:
                for j in range(size):
                    for i in range(size):
                        t = grid.terrain_at((a[0] + i, a[1] + j))
                        if t and t & {"statue", "pit"}:
                            ok = False
            table[a] = ok
        state.map.cache[key] = table
    return table


def endable_flags(state: DdmState, size: int) -> list[bool]:
    """:func:`endable_anchors` as one flag per anchor index."""
    return _flags(state, "endable", size)


def touch_anchors(state: DdmState, anchor: Sq, size: int, my_size: int) -> list[int]:
    """The anchor indices (on the map) where a ``my_size`` space is next to a ``size`` space standing at
    ``anchor`` (adjacent as the rules read it: walls respected), each once. Kept per map."""
    cache: dict[tuple[Sq, int, int], list[int]] = state.map.table("touch-anchors")
    key = (anchor, size, my_size)
    hit = cache.get(key)
    if hit is None:
        hit = []
        w, h = state.map.grid.width, state.map.grid.height
        seen: set[int] = set()
        for j in range(size):
            for i in range(size):
                for n in state.neighbours((anchor[0] + i, anchor[1] + j)):
                    for oj in range(my_size):
                        for oi in range(my_size):
                            x, y = n[0] - oi, n[1] - oj
                            if 0 <= x < w and 0 <= y < h and y * w + x not in seen:
                                seen.add(y * w + x)
                                hit.append(y * w + x)
        cache[key] = hit
    return hit


def can_end_at(state: DdmState, c: Creature, ia: int) -> bool:
    """:func:`can_end` with the anchor as an index (y × width + x) and the occupancy as it stands."""
    if not _flags(state, "endable", c.size)[ia]:
        return False
    return space_free(state.occupant_cells(), ia, state.map.grid.width, c.size, c)


def space_free(cells: list[Creature | None], ia: int, w: int, size: int, c: Creature) -> bool:
    """No creature but ``c`` in the ``size`` × ``size`` space anchored at index ``ia`` of a map ``w`` wide, by the
    occupancy ``cells`` (:meth:`DdmState.occupant_cells`); the space is on the map."""
    if size == 1:
        o = cells[ia]
        return o is None or o is c
    for j in range(size):
        for i in range(size):
            o = cells[ia + j * w + i]
            if o is not None and o is not c:
                return False
    return True


def can_end(state: DdmState, c: Creature, b: Sq, occ: Mapping[Sq, Creature]) -> bool:
    """May ``c`` end its move with its anchor at ``b``? (§7.3, §7.5, §14)."""
    w, h = state.map.grid.width, state.map.grid.height
    if not (0 <= b[0] < w and 0 <= b[1] < h) or not _flags(state, "endable", c.size)[b[1] * w + b[0]]:
        return False
    if c.size == 1:
        o = occ.get(b)
        return o is None or o is c
    for s in c.squares(b):
        o = occ.get(s)
        if o is not None and o is not c:
            return False
    return True


def int_steps(state: DdmState, size: int, mode: tuple[bool, bool, bool]) -> list[list[tuple[int, int, bool]]]:
    """:func:`step_table` with squares as integers (y × width + x) and the step's cost class
    (0 straight, 1 diagonal, 2 slowed straight, 3 slowed diagonal): the path search's hot loop."""
    key = size * 8 + (4 if mode[0] else 0) + (2 if mode[1] else 0) + (1 if mode[2] else 0)  # (a number, not a tuple)
    store: dict[int, list[list[tuple[int, int, bool]]]] = state.map.table("int-step-tables")
    table = store.get(key)
    if table is None:
        grid = state.map.grid
        w = grid.width
        table = [[] for _ in range(w * grid.height)]
        for a, entries in step_table(state, size, mode).items():
            row = table[a[1] * w + a[0]]
            for _d, b, diag, slow, pit, _new in entries:
                row.append((b[1] * w + b[0], (2 if slow else 0) + (1 if diag else 0), pit))
        store[key] = table
    return table


def parity_steps(
    state: DdmState, size: int, mode: tuple[bool, bool, bool], no_slow: bool
) -> tuple[list[list[int]], list[list[int]]]:
    """:func:`int_steps` as the path search reads it, one table per diagonal parity: per anchor, each step
    packed in one integer, the search key of the new anchor and parity shifted left 2 bits over the step's cost
    (1-3): one number to read per step instead of a tuple of four (boxed integers are the search's main cost
    when compiled). In the same order as :func:`int_steps`. Pits are left out unless the creature flies;
    slowed steps too under ``no_slow`` (§7.2, Q15)."""
    key = ("psteps", size, mode, no_slow)
    store: dict[tuple[object, ...], Any] = state.map.table("step-tables")
    hit: tuple[list[list[int]], list[list[int]]] | None = store.get(key)
    if hit is None:
        fly = mode[0]
        tables: list[list[list[int]]] = [[], []]
        for entries in int_steps(state, size, mode):
            for par, table in enumerate(tables):
                row = []
                for ib, kind, pit in entries:
                    if pit and not fly:
                        continue
                    if kind >= 2:
                        if no_slow:
                            continue
                        step, np = (3 if kind == 3 else 2), par
                    elif kind == 1:
                        step, np = (1, 1) if par == 0 else (2, 0)
                    else:
                        step, np = 1, par
                    row.append((ib * 2 + np) << 2 | step)
                table.append(row)
        hit = store[key] = (tables[0], tables[1])
    return hit


def spread(state: DdmState, squares: Iterable[Sq], size: int) -> set[int]:
    """The anchors (as integers) whose space would cover any of ``squares``."""
    w, h = state.map.grid.width, state.map.grid.height
    out = set()
    for x, y in squares:
        for j in range(size):
            for i in range(size):
                ax, ay = x - i, y - j
                if 0 <= ax < w and 0 <= ay < h:
                    out.add(ay * w + ax)
    return out


def spread_flags(state: DdmState, squares: Iterable[Sq], size: int, flags: list[bool] | None = None) -> list[bool]:
    """:func:`spread` as one flag per anchor (the search reads flags: far cheaper than sets when compiled)."""
    grid = state.map.grid
    w, h = grid.width, grid.height
    out = flags if flags is not None else [False] * (w * h)
    for x, y in squares:
        for j in range(size):
            ay = y - j
            if 0 <= ay < h:
                for i in range(size):
                    ax = x - i
                    if 0 <= ax < w:
                        out[ay * w + ax] = True
    return out


def reach(
    state: DdmState, c: Creature, budget: int, *, burrow: bool = False, parity: int = 0, safe: bool = True,
    terminal: set[Sq] | None = None, no_slow: bool = False, until: Iterable[Sq] | None = None,
) -> MoveSearch:
    """Dijkstra over (anchor, diagonal parity): cheapest cost, then fewest threatened squares left.

    ``terminal``: squares that may be reached but not moved through (a charge's occupied squares);
    ``no_slow``: steps into slowing terrain are not allowed (Stagger); ``until``: anchors to stop at: once every
    anchor as cheap as the cheapest of these is settled (what is found up to there is what the whole search
    finds: nothing settled later is cheaper)."""
    assert c.anchor is not None
    mode = move_mode(state, c, burrow)
    even, odd = parity_steps(state, c.size, mode, no_slow)
    size = c.size
    w, h = state.map.grid.width, state.map.grid.height
    n = w * h
    blocked = blocked_flags(state, c, mode)
    threat = attacks.threat_squares(state, c) if safe and not burrow else set()
    risky = spread_flags(state, threat, size) if threat else None  # anchors whose space stands in a threat
    stops = spread_flags(state, terminal, size) if terminal else None
    goals: list[bool] | None = None
    if until is not None:
        goals = [False] * n
        for x, y in until:
            if 0 <= x < w and 0 <= y < h:
                goals[y * w + x] = True
    a0 = c.anchor[1] * w + c.anchor[0]
    start = a0 * 2 + parity
    # value per search key (anchor × 2 + parity): cost << 10 | squares-left-under-threat; UNSEEN until
    # found. ``order`` keeps the order keys were first found in: the answer lists them so.
    dist = [_UNSEEN] * (2 * n)
    dist[start] = 0
    order = [start]
    prev = [-1] * (2 * n)
    # a bucket per cost: a step costs at least 1, so a bucket is complete when its turn comes. Every entry of
    # bucket ``cost`` has a value cost << 10 | risk: packed as risk << shift | key, sorting a bucket pops
    # (value, key) in exactly the order a heap would.
    shift = (2 * n).bit_length()
    mask = (1 << shift) - 1
    buckets: list[list[int]] = [[] for _ in range(budget + 1)]
    buckets[0].append(start)
    found = INF
    for cost in range(budget + 1):
        bucket = buckets[cost]
        if not bucket:
            continue
        if cost > found:
            break
        bucket.sort()
        room = budget - cost
        high = cost << 10
        for packed in bucket:
            k = packed & mask
            v = high | (packed >> shift)
            if dist[k] < v:
                continue
            ia = k >> 1
            if goals is not None and goals[ia] and cost < found:
                found = cost
            if k & 1:
                # parity 0 (next diagonal costs 1) dominates parity 1 at the same or a lower cost
                if dist[k - 1] >> 10 <= cost:
                    continue
                row = odd[ia]
            else:
                row = even[ia]
            if stops is not None and ia != a0 and stops[ia]:
                continue
            base = v + 1 if risky is not None and risky[ia] else v
            for packed_step in row:
                step = packed_step & 3
                if step > room:
                    continue
                nk = packed_step >> 2
                if blocked[nk >> 1]:
                    continue
                nv = base + (step << 10)
                old = dist[nk]
                if nv < old:
                    if old == _UNSEEN:
                        order.append(nk)
                    dist[nk] = nv
                    prev[nk] = k
                    buckets[cost + step].append(((nv & 1023) << shift) | nk)
    return MoveSearch(w, dist, order, prev)


def square_of(state: DdmState) -> list[Sq]:
    """The square of each integer index (y × width + x), kept per map."""
    table: list[Sq] | None = state.map.cache.get("square-of")
    if table is None:
        w = state.map.grid.width
        table = state.map.cache["square-of"] = [(i % w, i // w) for i in range(w * state.map.grid.height)]
    return table


def move_snapshot(state: DdmState) -> tuple[object, ...]:
    """What the move and charge searches depend on that changes during a battle (their memos' key)."""
    return tuple((o.anchor, o.place, o.routing, o.stunned, o.helpless, o.confused_dc, o.invisible, o.hp > 5)
                 for o in state.creatures.values())


def destinations(
    state: DdmState, c: Creature, budget: int, *, burrow: bool = False, parity: int = 0
) -> tuple[dict[Sq, tuple[int, int, int]], MoveSearch]:
    """Every square ``c`` may end a move on within ``budget`` (cost, threatened squares left, search key),
    and the search to read the engine's path from. The last answer is kept: the legal moves and the move then
    chosen ask the same question."""
    memo_key = (c.id, burrow, parity, state.turn_counter, move_snapshot(state))
    memo = state.dest_memo
    if memo is not None and memo[0] == memo_key and memo[1] >= budget:
        # the same search with a larger budget: its cheapest paths within this budget are the same
        dests, paths = memo[2]
        return {a: v for a, v in dests.items() if v[0] <= budget}, paths
    result = _destinations_uncached(state, c, budget, burrow=burrow, parity=parity)
    state.dest_memo = (memo_key, budget, result)
    return result


def stopping_places(
    state: DdmState, c: Creature, found: MoveSearch, endable: list[bool] | None
) -> dict[Sq, tuple[int, int, int]]:
    """The squares of a search where ``c`` may stop (other than where it stands, among ``endable`` anchors if
    given): each with its cheapest (cost, threatened squares left) and that search key, in the order found."""
    w = found.width
    n = len(found.value) // 2
    best = [-1] * n  # the best key per anchor
    firsts: list[int] = []
    a0 = -1 if c.anchor is None else c.anchor[1] * w + c.anchor[0]
    value = found.value
    for key in found.order:
        ia = key >> 1
        if ia == a0 or (endable is not None and not endable[ia]):
            continue
        cur = best[ia]
        if cur < 0:
            firsts.append(ia)
            best[ia] = key
        elif value[key] < value[cur]:
            best[ia] = key
    sq = square_of(state)
    out: dict[Sq, tuple[int, int, int]] = {}
    # :func:`can_end_at` for each, with its tables read once
    may_end = _flags(state, "endable", c.size)
    cells = state.occupant_cells()
    size = c.size
    for ia in firsts:
        if not may_end[ia] or not space_free(cells, ia, w, size, c):
            continue
        key = best[ia]
        out[sq[ia]] = (value[key] >> 10, value[key] & 1023, key)
    return out


def _destinations_uncached(
    state: DdmState, c: Creature, budget: int, *, burrow: bool, parity: int
) -> tuple[dict[Sq, tuple[int, int, int]], MoveSearch]:
    found = reach(state, c, budget, burrow=burrow, parity=parity)
    return stopping_places(state, c, found, endable_flags(state, c.size)), found


def path_cost(
    state: DdmState, c: Creature, path: Sequence[Sq], *, burrow: bool = False, parity: int = 0
) -> tuple[int, int]:
    """(cost, final parity) of walking ``path`` from ``c``'s anchor; IllegalAction if a step is illegal."""
    if c.anchor is None:
        raise IllegalAction(f"{c.id} is not on the map")
    mode = move_mode(state, c, burrow)
    blocked = blocked_flags(state, c, mode)
    steps = int_steps(state, c.size, mode)  # :func:`step_from` for each step, with squares as integers
    w, h = state.map.grid.width, state.map.grid.height
    no_pits = not mode[0]
    cx, cy = c.anchor
    total = 0
    for bx, by in path:
        dx, dy = bx - cx, by - cy
        if not (-1 <= dx <= 1 and -1 <= dy <= 1) or dx == dy == 0:
            raise IllegalAction(f"path step {(cx, cy)}->{(bx, by)} is not to a neighbouring square")
        step: tuple[int, int] | None = None
        if 0 <= bx < w and 0 <= by < h:
            ib = by * w + bx
            for nb, kind, pit in steps[cy * w + cx]:
                if nb == ib:  # the step in that direction (each leads to its own square)
                    if not ((pit and no_pits) or blocked[ib]):
                        step = step_cost(kind & 1 == 1, kind >= 2, parity)
                    break
        if step is None:
            raise IllegalAction(f"{c.id} cannot step {(cx, cy)}->{(bx, by)}")
        total += step[0]
        parity = step[1]
        cx, cy = bx, by
    return total, parity


def walk(
    state: DdmState, c: Creature, path: Sequence[Sq], *, burrow: bool = False, forced: bool = False,
    sidestep: bool = False,
) -> bool:
    """Move ``c`` square by square; enemies take attacks of opportunity as it leaves threatened squares
    (§8.6). Returns False if the move was cut short (destroyed, routed away, or stopped)."""
    was_routing = c.routing
    flying = c.traits.flight and not burrow
    # each enemy's space grown by a square, as the walk starts: leaving a square outside them all provokes nobody
    # (§8.6). Looked at again if anyone else has moved, arrived or left meanwhile (what an attack of opportunity
    # set off); None: every step is asked in full
    boxes: list[tuple[int, int, int, int]] | None = None
    moves_at = roster_at = -1
    for i, b in enumerate(path):
        if not c.on_map or c.anchor is None:
            return False
        old = c.anchor
        if not forced and not burrow and not sidestep and not (flying and (i > 0 or (state.turn is not None
                                                                                    and state.turn.flew))):
            if moves_at != state.moves or roster_at != state.roster_version:
                boxes = attacks.enemy_reach(state, c)
                moves_at, roster_at = state.moves, state.roster_version
            if c.size == 1:
                if b != old and (boxes is None or _in_boxes(old, boxes)):
                    attacks.provoke(state, c, {old})
            else:
                left = set(c.squares(old)) - set(c.squares(b))
                if boxes is None or any(_in_boxes(s, boxes) for s in left):
                    attacks.provoke(state, c, left)
            if not c.on_map or c.anchor != old or c.routing != was_routing:
                return False
            if c.stunned or c.helpless:  # stopped where it stands (moved to a legal square if it must)
                fix_position(state, c)
                return False
        state.put(c, b)
        if moves_at == state.moves - 1:
            moves_at = state.moves  # only the walker moved: the enemies' reach is the same
        state.event("step", {"round": state.round, "creature": c.id, "x": b[0], "y": b[1]})
        if flying and state.turn is not None and state.turn.creature == c.id:
            state.turn.flew = True
        if not burrow:
            terrain.spike_stones(state, c, old)
            if not c.on_map or c.routing != was_routing:
                return False  # destroyed, or routed (and fled) by the damage: the rest of the path is gone
    return True


def _in_boxes(s: Sq, boxes: list[tuple[int, int, int, int]]) -> bool:
    x, y = s
    return any(x0 <= x <= x1 and y0 <= y <= y1 for x0, y0, x1, y1 in boxes)


def push(state: DdmState, actor: Creature, tgt: Creature, squares: int) -> None:
    """Push (§7.7): each square farther from the acting creature, never into or through another creature, a
    statue or a wall. Forced movement follows its own rule, not the walking rules: entering slowing terrain
    costs 2 (3 diagonally) of the push unless the creature ignores terrain (Flight, Incorporeal), diagonals
    count 1-2-1, it never provokes, and a pit may be entered: the creature then saves (DC 15) at the end of
    the turn or is eliminated (§14 Pit). The pusher's choice, made by the engine: a pit first, then the
    lowest square."""
    ignores = tgt.traits.flight or tgt.traits.incorporeal
    steps = step_table(state, tgt.size, (ignores, False, False))
    grid = state.map.grid
    left, parity = squares, 0
    while left > 0 and tgt.anchor is not None and tgt.on_map:
        occ = state.occupancy()
        here = state.space_distance(actor, tgt)
        old = set(tgt.squares())
        best: tuple[bool, Sq, int, int, bool] | None = None
        for _d, b, diag, slow, pit, new in steps.get(tgt.anchor, ()):
            cost, new_parity = step_cost(diag, slow, parity)
            if cost > left:
                continue
            entered = [s for s in new if s not in old]
            if any((o := occ.get(s)) is not None and o is not tgt for s in new):
                continue
            if any(grid.has_terrain(s, "statue") for s in entered):
                continue
            if min(grid_distance(x, y) for x in actor.squares() for y in new) <= here:
                continue
            key = (not pit, b, cost, new_parity, pit)
            if best is None or key[:2] < best[:2]:
                best = key
        if best is None:
            return
        _, to, cost, parity, pit = best
        left -= cost
        state.put(tgt, to)
        state.event("push", {"round": state.round, "actor": actor.id, "creature": tgt.id, "x": to[0], "y": to[1]})
        t = state.turn
        if pit and not tgt.traits.flight and t is not None and all(m != tgt.id for m, _ in t.pit_checks):
            t.pit_checks.append((tgt.id, actor.id))


def fix_position(state: DdmState, c: Creature, force: bool = False) -> None:
    """A creature left in an illegal place is moved to the nearest legal square (§7.7)."""
    if c.anchor is None:
        return
    if not force:
        ax, ay = c.anchor
        w = state.map.grid.width
        if 0 <= ax < w and 0 <= ay < state.map.grid.height and endable_flags(state, c.size)[ay * w + ax]:
            return  # its own squares count as its own here: only the walls and terrain under it matter
    occ = {s: o for s, o in state.occupancy().items() if o is not c}
    grid = state.map.grid
    best: tuple[int, Sq] | None = None
    for s in grid.cells():
        if can_end(state, c, s, occ):
            if force and s == c.anchor:
                continue
            d = grid_distance(s, c.anchor)
            if best is None or (d, s) < best:
                best = (d, s)
    if best is not None and best[1] != c.anchor:
        state.put(c, best[1])
        state.event("placed", {
            "round": state.round, "creature": c.id, "x": best[1][0], "y": best[1][1], "why": "illegal position",
        })


def has_move(state: DdmState, c: Creature, t: Turn) -> bool:
    """``bool(move_actions(state, c, t))``: a step to a neighbouring square where the creature may stop is a
    destination (and the minimum move's step is one); otherwise ask the full search."""
    if t.move_blocked or c.anchor is None:
        return False
    if not t.burrowing:
        allow = turns.move_allowance(state, c, t)
        minimum = t.moved == 0 and t.attacks_made == 0 and not t.acted and t.speed > 0
        if allow > 0 or minimum:
            mode = move_mode(state, c, False)
            blocked = blocked_flags(state, c, mode)
            w = state.map.grid.width
            no_pits = not mode[0]
            may_end = endable_flags(state, c.size)
            cells = state.occupant_cells()
            ax, ay = c.anchor
            # :func:`step_from` for every direction and :func:`can_end` there, squares as integers
            for ib, kind, pit in int_steps(state, c.size, mode)[ay * w + ax]:
                if (pit and no_pits) or blocked[ib]:
                    continue
                if ((minimum or step_cost(kind & 1 == 1, kind >= 2, t.parity)[0] <= allow) and may_end[ib]
                        and space_free(cells, ib, w, c.size, c)):
                    return True
        if allow > 0 and destinations(state, c, allow, parity=t.parity)[0]:
            return True
    if c.traits.burrow and (t.steps == 0 or t.burrowing):
        allow = turns.move_allowance(state, c, t, speed=c.traits.burrow)
        if allow > 0 and destinations(state, c, allow, burrow=True, parity=t.parity)[0]:
            return True
    return False


def move_actions(state: DdmState, c: Creature, t: Turn) -> list[Action]:
    acts: list[Action] = []
    if t.move_blocked:
        return acts
    if not t.burrowing:
        allow = turns.move_allowance(state, c, t)
        have: set[Sq] = set()
        if allow > 0:
            dests, _ = destinations(state, c, allow, parity=t.parity)
            have = set(dests)
            acts.extend(Move(to=dest) for dest in sorted(dests))
        if t.moved == 0 and t.attacks_made == 0 and not t.acted and t.speed > 0:  # minimum 1 square (§6.2)
            occ = state.occupancy()
            assert c.anchor is not None
            walking = move_mode(state, c, False)
            blocked = blocked_flags(state, c, walking)
            for d in DIRECTIONS:
                b = (c.anchor[0] + d[0], c.anchor[1] + d[1])
                if b in have:
                    continue
                if step_from(state, c, c.anchor, d, t.parity, walking, blocked) and can_end(state, c, b, occ):
                    acts.append(Move(to=b))
    if c.traits.burrow and (t.steps == 0 or t.burrowing):
        allow = turns.move_allowance(state, c, t, speed=c.traits.burrow)
        if allow > 0:
            dests, _ = destinations(state, c, allow, burrow=True, parity=t.parity)
            acts.extend(Move(burrow=True, to=dest) for dest in sorted(dests))
    return acts


def engine_path(state: DdmState, c: Creature, t: Turn, to: Sq, burrow: bool) -> tuple[Sq, ...]:
    """The path the engine takes to ``to`` (a legal destination, or a single step under the minimum rule)."""
    allow = turns.move_allowance(state, c, t, speed=c.traits.burrow if burrow else None)
    if allow > 0:
        dests, paths = destinations(state, c, allow, burrow=burrow, parity=t.parity)
        if to in dests:
            return paths.path(dests[to][2])
    if c.anchor is not None and max(abs(to[0] - c.anchor[0]), abs(to[1] - c.anchor[1])) == 1:
        return (to,)
    raise IllegalAction(f"{c.id} cannot move to {to}")


def apply_move(state: DdmState, c: Creature, t: Turn, a: Move) -> None:
    if not a.path:
        if a.to is None:
            raise IllegalAction("a move needs a path or a destination")
        a = Move(engine_path(state, c, t, (a.to[0], a.to[1]), a.burrow), burrow=a.burrow)
    if a.burrow and not c.traits.burrow:
        raise IllegalAction(f"{c.id} cannot burrow")
    if (a.burrow and t.steps and not t.burrowing) or (t.burrowing and not a.burrow):
        raise IllegalAction("a burrowing creature burrows for its whole move")
    cost, parity = path_cost(state, c, a.path, burrow=a.burrow, parity=t.parity)
    allow = turns.move_allowance(state, c, t, speed=c.traits.burrow if a.burrow else None)
    minimum = len(a.path) == 1 and t.moved == 0 and t.attacks_made == 0 and not t.acted and t.speed > 0
    if cost > allow and not minimum:
        raise IllegalAction(f"{c.id} has {allow} squares of movement left; the path costs {cost}")
    if not can_end(state, c, a.path[-1], state.occupancy()):
        raise IllegalAction(f"{c.id} cannot end its move at {a.path[-1]}")
    if c.entangled_dc is not None and not c.traits.flight:
        if damage.save(state, c, c.entangled_dc, "entangle"):
            c.entangled_dc = None
        else:
            t.move_blocked = True  # entangled: cannot move this turn
            state.event("entangled", {"round": state.round, "creature": c.id})
            return
    if a.burrow:
        t.burrowing = True
    sidestep = c.traits.sidestep and t.steps == 0 and len(a.path) == 1  # moves only 1 square: no AoO
    if t.attacks_made == 0 and not t.acted:
        t.moved_before_attack = True
    else:
        t.moved_after_attack = True
    # the minimum 1-square move spends the whole turn
    t.moved += max(cost, 2 * t.speed + 1) if minimum and cost > allow else cost
    t.steps += len(a.path)
    t.parity = parity
    state.event("move", {
        "round": state.round, "creature": c.id, "path": [list(p) for p in a.path], "cost": cost, "burrow": a.burrow,
    })
    completed = walk(state, c, a.path, burrow=a.burrow, sidestep=sidestep)
    if not completed and c.on_map and not c.routing:
        t.no_actions = True  # stopped mid-move (stunned, paralysed...)


class MoveSearch:
    """A move search's answer: per search key (anchor index × 2 + diagonal parity, the anchor y × width + x) its
    value (cost << 10 | threatened squares left; ``_UNSEEN`` if not found), the keys in the order first found,
    and the key each was reached from, read back into anchor paths on demand."""

    def __init__(self, width: int, value: list[int], order: list[int], prev: list[int]) -> None:
        self.width, self.value, self.order, self.prev = width, value, order, prev

    def cost(self, key: int) -> int:
        return self.value[key] >> 10

    def square(self, key: int) -> Sq:
        ia = key >> 1
        return (ia % self.width, ia // self.width)

    def path(self, key: int) -> tuple[Sq, ...]:
        w = self.width
        out: list[Sq] = []
        prev = self.prev
        k = key
        while prev[k] >= 0:
            ia = k >> 1
            out.append((ia % w, ia // w))
            k = prev[k]
        return tuple(reversed(out))


def step_cost(diag: bool, slow: bool, parity: int) -> tuple[int, int]:
    """One step's cost and the new diagonal parity: 1-2-1-2 diagonals; 2 (3 diagonally) into slowing terrain or
    while squeezing, which does not advance the diagonal count (§7.2, Q15)."""
    if slow:
        return (3 if diag else 2), parity
    if diag:
        return (1, 1) if parity == 0 else (2, 0)
    return 1, parity


_UNSEEN = 1 << 60  # the move search's mark for a key not reached yet (above any cost << 10)
