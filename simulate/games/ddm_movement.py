"""Movement and squeezing (``ddm.md`` §7): steps and their cost (the 1-2-1 diagonal count, slowing terrain, Q15,
Q22), allies and enemies in the way (§7.3), Large and Huge spaces and squeezing (§7.5), Flight, Burrow and
Incorporeal (§7.6), the engine's path search, a turn's moves (§6.2, the minimum 1 square), forced movement and the
legal position (§7.7)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

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
    cache: dict[tuple[int, Sq], bool] = state.map.cache.setdefault("fits", {})
    key = (size, anchor)
    hit = cache.get(key)
    if hit is not None:
        return hit
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
    cache[key] = ok
    return ok


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
    key = f"steps:{size}:{int(fly)}{int(phase or dig)}"
    table: dict[Sq, list[StepEntry]] | None = state.map.cache.get(key)
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
    state.map.cache[key] = table
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
    return {(i % w, i // w) for i in spread(state, beside, c.size)
            if not fits(state, c.size, (i % w, i // w)) and squeezable(state, c.size, (i % w, i // w))}


def blocked_anchors(state: DdmState, c: Creature, mode: tuple[bool, bool, bool]) -> set[int]:
    """The anchors (as integers) ``c`` may not step to in this movement mode: its space would cover an
    enemy's (§7.3, §7.5) or squeeze past one."""
    blockers = blocking_squares(state, c, mode)
    blocked = spread(state, blockers, c.size) if blockers else set()
    squeeze = squeeze_blocked(state, c, mode)
    if squeeze:
        w = state.map.grid.width
        blocked |= {y * w + x for x, y in squeeze}
    return blocked


def step_from(
    state: DdmState, c: Creature, a: Sq, d: Sq, parity: int, mode: tuple[bool, bool, bool], occ: Mapping[Sq, Creature]
) -> tuple[int, int] | None:
    """Cost and new diagonal parity of one step of ``c`` from anchor ``a`` in direction ``d`` (§7)."""
    for dd, b, diag, slow, pit, new in step_table(state, c.size, mode).get(a, ()):
        if dd != d:
            continue
        if pit and not mode[0]:
            return None
        blockers = blocking_squares(state, c, mode)
        if any(s in blockers for s in new):
            return None
        if c.size > 1 and b in squeeze_blocked(state, c, mode):
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


def can_end(state: DdmState, c: Creature, b: Sq, occ: Mapping[Sq, Creature]) -> bool:
    """May ``c`` end its move with its anchor at ``b``? (§7.3, §7.5, §14)."""
    if not endable_anchors(state, c.size).get(b, False):
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
    key = f"isteps:{size}:{mode}"
    table: list[list[tuple[int, int, bool]]] | None = state.map.cache.get(key)
    if table is None:
        grid = state.map.grid
        w = grid.width
        table = [[] for _ in range(w * grid.height)]
        for a, entries in step_table(state, size, mode).items():
            row = table[a[1] * w + a[0]]
            for _d, b, diag, slow, pit, _new in entries:
                row.append((b[1] * w + b[0], (2 if slow else 0) + (1 if diag else 0), pit))
        state.map.cache[key] = table
    return table


def parity_steps(
    state: DdmState, size: int, mode: tuple[bool, bool, bool], no_slow: bool
) -> tuple[list[list[tuple[int, int, int, int]]], list[list[tuple[int, int, int, int]]]]:
    """:func:`int_steps` as the path search reads it, one table per diagonal parity: per anchor, each step
    as (new anchor, cost, search key of the new anchor and parity, cost << 10), in the same order.
    Pits are left out unless the creature flies; slowed steps too under ``no_slow`` (§7.2, Q15)."""
    key = f"psteps:{size}:{mode}:{no_slow}"
    hit: tuple[list[list[tuple[int, int, int, int]]], list[list[tuple[int, int, int, int]]]] | None
    hit = state.map.cache.get(key)
    if hit is None:
        fly = mode[0]
        tables: list[list[list[tuple[int, int, int, int]]]] = [[], []]
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
                    row.append((ib, step, ib * 2 + np, step << 10))
                table.append(row)
        hit = state.map.cache[key] = (tables[0], tables[1])
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


def reach(
    state: DdmState, c: Creature, budget: int, *, burrow: bool = False, parity: int = 0, safe: bool = True,
    terminal: set[Sq] | None = None, no_slow: bool = False, until: set[Sq] | None = None,
) -> tuple[dict[tuple[Sq, int], tuple[int, int]], Paths]:
    """Dijkstra over (anchor, diagonal parity): cheapest cost, then fewest threatened squares left.

    ``terminal``: squares that may be reached but not moved through (a charge's occupied squares);
    ``no_slow``: steps into slowing terrain are not allowed (Stagger); ``until``: stop once every anchor
    as cheap as the cheapest of these is settled (what is found up to there is what the whole search
    finds: nothing settled later is cheaper)."""
    assert c.anchor is not None
    mode = move_mode(state, c, burrow)
    even, odd = parity_steps(state, c.size, mode, no_slow)
    size = c.size
    w = state.map.grid.width
    blocked = blocked_anchors(state, c, mode)
    threat = attacks.threat_squares(state, c) if safe and not burrow else set()
    risky = spread(state, threat, size) if threat else set()
    stops = spread(state, terminal, size) if terminal else set()
    a0 = c.anchor[1] * w + c.anchor[0]
    start = a0 * 2 + parity
    h = state.map.grid.height
    # value per search key (anchor × 2 + parity): cost << 10 | squares-left-under-threat; UNSEEN until
    # found. ``found_order`` keeps the order keys were first found in: the answer lists them so.
    dist = [_UNSEEN] * (2 * w * h)
    dist[start] = 0
    found_order = [start]
    prev: dict[int, int] = {}
    # a bucket per cost: a step costs at least 1, so a bucket is complete when its turn comes, and
    # sorting it pops (value, key) in exactly the order a heap would
    buckets: list[list[tuple[int, int]]] = [[] for _ in range(budget + 1)]
    buckets[0].append((0, start))
    goals = {y * w + x for x, y in until if 0 <= x < w and 0 <= y < h} if until is not None else None
    found = INF
    for cost, bucket in enumerate(buckets):
        if not bucket:
            continue
        if cost > found:
            break
        bucket.sort()
        room = budget - cost
        for v, k in bucket:
            if dist[k] < v:
                continue
            ia = k >> 1
            if goals is not None and ia in goals and cost < found:
                found = cost
            if k & 1:
                # parity 0 (next diagonal costs 1) dominates parity 1 at the same or a lower cost
                if dist[k - 1] >> 10 <= cost:
                    continue
                row = odd[ia]
            else:
                row = even[ia]
            if stops and ia != a0 and ia in stops:
                continue
            base = v + (1 if ia in risky else 0)
            for ib, step, nk, sv in row:
                if step > room or ib in blocked:
                    continue
                nv = base + sv
                old = dist[nk]
                if nv < old:
                    if old == _UNSEEN:
                        found_order.append(nk)
                    dist[nk] = nv
                    prev[nk] = k
                    buckets[cost + step].append((nv, nk))

    sq = square_of(state)
    return ({(sq[k >> 1], k & 1): (dist[k] >> 10, dist[k] & 1023) for k in found_order},
            Paths(prev, w))


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
) -> tuple[dict[Sq, tuple[int, int, tuple[Sq, int]]], Paths]:
    """Every square ``c`` may end a move on within ``budget`` (cost, threatened squares left, search key),
    and the back-pointers to read the engine's path from. The last answer is kept: the legal moves and
    the move then chosen ask the same question."""
    memo_key = (c.id, burrow, parity, state.turn_counter, move_snapshot(state))
    memo = state.dest_memo
    if memo is not None and memo[0] == memo_key and memo[1] >= budget:
        # the same search with a larger budget: its cheapest paths within this budget are the same
        dests, paths = memo[2]
        return {a: v for a, v in dests.items() if v[0] <= budget}, paths
    result = _destinations_uncached(state, c, budget, burrow=burrow, parity=parity)
    state.dest_memo = (memo_key, budget, result)
    return result


def _destinations_uncached(
    state: DdmState, c: Creature, budget: int, *, burrow: bool, parity: int
) -> tuple[dict[Sq, tuple[int, int, tuple[Sq, int]]], Paths]:
    dist, prev = reach(state, c, budget, burrow=burrow, parity=parity)
    occ = state.occupancy()
    endable = endable_anchors(state, c.size)
    best: dict[Sq, tuple[int, int, tuple[Sq, int]]] = {}
    for key, (cost, risk) in dist.items():
        a = key[0]
        if a == c.anchor or not endable.get(a, False):
            continue
        cur = best.get(a)
        if cur is None or (cost, risk) < (cur[0], cur[1]):
            best[a] = (cost, risk, key)
    out = {a: v for a, v in best.items() if can_end(state, c, a, occ)}
    return out, prev


def path_cost(
    state: DdmState, c: Creature, path: Sequence[Sq], *, burrow: bool = False, parity: int = 0
) -> tuple[int, int]:
    """(cost, final parity) of walking ``path`` from ``c``'s anchor; IllegalAction if a step is illegal."""
    if c.anchor is None:
        raise IllegalAction(f"{c.id} is not on the map")
    occ = state.occupancy()
    mode = move_mode(state, c, burrow)
    cur = c.anchor
    total = 0
    for b in path:
        d = (b[0] - cur[0], b[1] - cur[1])
        if max(abs(d[0]), abs(d[1])) != 1:
            raise IllegalAction(f"path step {cur}->{b} is not to a neighbouring square")
        step = step_from(state, c, cur, d, parity, mode, occ)
        if step is None:
            raise IllegalAction(f"{c.id} cannot step {cur}->{b}")
        total += step[0]
        parity = step[1]
        cur = b
    return total, parity


def walk(
    state: DdmState, c: Creature, path: Sequence[Sq], *, burrow: bool = False, forced: bool = False,
    sidestep: bool = False,
) -> bool:
    """Move ``c`` square by square; enemies take attacks of opportunity as it leaves threatened squares
    (§8.6). Returns False if the move was cut short (destroyed, routed away, or stopped)."""
    was_routing = c.routing
    flying = c.traits.flight and not burrow
    for i, b in enumerate(path):
        if not c.on_map or c.anchor is None:
            return False
        old = c.anchor
        if not forced and not burrow and not sidestep and not (flying and (i > 0 or (state.turn is not None
                                                                                    and state.turn.flew))):
            left = set(c.squares(old)) - set(c.squares(b))
            attacks.provoke(state, c, left)
            if not c.on_map or c.anchor != old or c.routing != was_routing:
                return False
            if c.stunned or c.helpless:  # stopped where it stands (moved to a legal square if it must)
                fix_position(state, c)
                return False
        c.anchor = b
        state.ev("step", creature=c.id, x=b[0], y=b[1])
        if flying and state.turn is not None and state.turn.creature == c.id:
            state.turn.flew = True
        if not burrow:
            terrain.spike_stones(state, c, old)
            if not c.on_map or c.routing != was_routing:
                return False  # destroyed, or routed (and fled) by the damage: the rest of the path is gone
    return True


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
        tgt.anchor = to
        state.ev("push", actor=actor.id, creature=tgt.id, x=to[0], y=to[1])
        t = state.turn
        if pit and not tgt.traits.flight and t is not None and all(m != tgt.id for m, _ in t.pit_checks):
            t.pit_checks.append((tgt.id, actor.id))


def fix_position(state: DdmState, c: Creature, force: bool = False) -> None:
    """A creature left in an illegal place is moved to the nearest legal square (§7.7)."""
    if c.anchor is None:
        return
    if not force and endable_anchors(state, c.size).get(c.anchor, False):
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
        c.anchor = best[1]
        state.ev("placed", creature=c.id, x=best[1][0], y=best[1][1], why="illegal position")


def has_move(state: DdmState, c: Creature, t: Turn) -> bool:
    """``bool(move_actions(state, c, t))``: a step to a neighbouring square where the creature may stop is a
    destination (and the minimum move's step is one); otherwise ask the full search."""
    if t.move_blocked or c.anchor is None:
        return False
    if not t.burrowing:
        allow = turns.move_allowance(state, c, t)
        minimum = t.moved == 0 and t.attacks_made == 0 and not t.acted and t.speed > 0
        if allow > 0 or minimum:
            occ = state.occupancy()
            mode = move_mode(state, c, False)
            for d in DIRECTIONS:
                b = (c.anchor[0] + d[0], c.anchor[1] + d[1])
                step = step_from(state, c, c.anchor, d, t.parity, mode, occ)
                if step is not None and (step[0] <= allow or minimum) and can_end(state, c, b, occ):
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
            for d in DIRECTIONS:
                b = (c.anchor[0] + d[0], c.anchor[1] + d[1])
                if b in have:
                    continue
                walking = move_mode(state, c, False)
                if step_from(state, c, c.anchor, d, t.parity, walking, occ) and can_end(state, c, b, occ):
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
            state.ev("entangled", creature=c.id)
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
    state.ev("move", creature=c.id, path=[list(p) for p in a.path], cost=cost, burrow=a.burrow)
    completed = walk(state, c, a.path, burrow=a.burrow, sidestep=sidestep)
    if not completed and c.on_map and not c.routing:
        t.no_actions = True  # stopped mid-move (stunned, paralysed...)


class Paths:
    """The path search's back-pointers (integer-coded), read back into anchor paths on demand."""

    def __init__(self, prev: dict[int, int], width: int) -> None:
        self.prev, self.width = prev, width

    def path(self, key: tuple[Sq, int]) -> tuple[Sq, ...]:
        w = self.width
        k = (key[0][1] * w + key[0][0]) * 2 + key[1]
        out: list[Sq] = []
        prev = self.prev
        while k in prev:
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
