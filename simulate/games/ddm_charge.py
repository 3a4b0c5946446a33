"""Charging (``ddm.md`` §8.7): the nearest enemy in sight by charge path, its nearest adjacent square, at least
2 squares, a clear corridor (Q16) from every square of the charger's space, and the charge itself (Pounce,
Powerful Charge, Hurling Charge, Set against Charge, Stagger, a lost target)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from simulate.engine.game import Action, IllegalAction
from simulate.engine.grid import Sq, segment_crosses_interior
from simulate.games import ddm_attacks as attacks
from simulate.games import ddm_damage as damage
from simulate.games import ddm_movement as movement
from simulate.games import ddm_sight as sight
from simulate.games.ddm_actions import Charge
from simulate.games.ddm_model import SLOW_TERRAIN, Creature, Turn

if TYPE_CHECKING:
    from simulate.games.ddm import DdmState


def charge_plan(state: DdmState, c: Creature, t: Turn) -> list[tuple[Creature, tuple[Sq, ...]]]:
    """Every legal charge: the nearest visible enemy by charge path, to its nearest adjacent square, at
    least 2 squares, along a clear line (§8.7). Empty if anything stops a charge at the nearest enemy.

    The answers are kept across battles (:func:`_kept_plans`): a matchup plays the same two lists on the same map
    battle after battle, and its opening charges start from the same squares. The key is everything a charge
    plan reads that changes during a battle: the charger, what its turn has done, who controls it, and who
    stands where in what state (:func:`movement.move_snapshot`); the rest (the map, the cards, the parameters)
    is the same for every battle sharing the store."""
    if (t.moved or t.attacks_made or t.acted or t.charged or t.no_actions or t.burrowing or t.move_blocked
            or not c.melee_attacks or t.speed <= 0 or t.max_attacks == 0 or c.anchor is None):
        return []  # what the turn has done (or the creature is) rules a charge out: no key to build
    key = (c.id, t.controller, t.moved, t.attacks_made, t.acted, t.charged, t.no_actions, t.burrowing,
           t.move_blocked, t.speed, t.max_attacks,
           tuple(sorted(t.seen_at_start)) if state.params.charge_needs_sight_at_start else (),
           movement.move_snapshot(state))
    kept = _kept_plans(state)
    hit = kept.get(key)
    if hit is None:
        hit = [(tgt.id, path) for tgt, path in _charge_plan_uncached(state, c, t)]
        if len(kept) >= 20_000:  # bounded: a worker's memory stays flat however many battles it plays
            kept.clear()
        kept[key] = hit
    return [(state.creatures[eid], path) for eid, path in hit]


def _kept_plans(state: DdmState) -> dict[tuple[object, ...], list[tuple[str, tuple[Sq, ...]]]]:
    """The charge plans found on this map in battles of the same setting, by :func:`charge_plan`'s key. The
    setting is the parameters and each creature's card and rules reading, the objects themselves (a matchup's
    battles read the same ones: ``ddm._warband``, ``ddm._card_reading``), so a battle whose creatures read
    differently never sees another's plans. Kept per map for the last setting: another starts an empty store. A
    battle finds its store once (its setting never changes) and keeps it."""
    own = state.charge_plans
    if own is not None and own[0] is state.map:
        return own[1]  # this battle found its store already
    setting: list[object] = [state.params]
    for o in state.creatures.values():
        setting.append(o.card)
        setting.append(o.traits)
    store: tuple[list[object], dict[tuple[object, ...], list[tuple[str, tuple[Sq, ...]]]]] | None
    store = state.map.cache.get("charge-plans")
    if store is None or not _same_setting(store[0], setting):
        store = state.map.cache["charge-plans"] = (setting, {})
    state.charge_plans = (state.map, store[1])
    return store[1]


def _same_setting(kept: list[object], setting: list[object]) -> bool:
    # the parameters: equal values (the very same object, a matchup's battles share it, is equal: a frozen
    # dataclass's == runs interpreted code)
    if len(kept) != len(setting) or (kept[0] is not setting[0] and kept[0] != setting[0]):
        return False
    return all(kept[i] is setting[i] for i in range(1, len(kept)))  # the cards and readings: the same objects


def _charge_plan_uncached(state: DdmState, c: Creature, t: Turn) -> list[tuple[Creature, tuple[Sq, ...]]]:
    if t.moved or t.attacks_made or t.acted or t.charged or t.no_actions or t.burrowing or t.move_blocked:
        return []
    if not c.melee_attacks or t.speed <= 0 or t.max_attacks == 0 or c.anchor is None:
        return []
    # an enemy farther than this cannot be reached (no path is shorter than the straight count), so it
    # cannot be the nearest by charge path either
    reach = 2 * t.speed + c.size + 1
    visible = [e for e in state.enemies_of(c) if state.space_distance(c, e) <= reach and sight.can_see(state, c, e)]
    if state.params.charge_needs_sight_at_start:  # the printed rule, deleted by the 2007 errata
        visible = [e for e in visible if e.id in t.seen_at_start]
    if not visible:
        return []
    through = c.traits.flight or c.traits.incorporeal
    occ = state.occupancy()
    if not _some_end_in_reach(state, c, visible, 2 * t.speed):
        return []  # most turns: no square next to an enemy in sight can end a charge, so no search is needed

    others = set() if through else {s for s, o in occ.items() if o is not c}

    w = state.map.grid.width
    # the anchors from which c's space would touch each enemy: a bit per enemy of ``visible``
    touch = [0] * (w * state.map.grid.height)
    goals: list[Sq] = []
    for n, e in enumerate(visible):
        assert e.anchor is not None
        for ia in movement.touch_anchors(state, e.anchor, e.size, c.size):
            if not touch[ia]:
                goals.append((ia % w, ia // w))
            touch[ia] |= 1 << n
    # only the nearest enemy by charge path can be charged: the search may stop there
    found = movement.reach(state, c, 2 * t.speed, safe=False, terminal=others, no_slow=c.traits.stagger,
                           until=goals)
    per_enemy: dict[str, tuple[int, list[int]]] = {}
    for key in found.order:
        mask = touch[key >> 1]
        if not mask:
            continue
        cost = found.cost(key)
        for n, e in enumerate(visible):
            if mask >> n & 1:
                cur = per_enemy.get(e.id)
                if cur is None or cost < cur[0]:
                    per_enemy[e.id] = (cost, [key])
                elif cost == cur[0] and key not in cur[1]:
                    cur[1].append(key)
    if not per_enemy:
        return []
    nearest = min(v[0] for v in per_enemy.values())
    out: list[tuple[Creature, tuple[Sq, ...]]] = []
    for eid, (cost, keys) in sorted(per_enemy.items()):
        if cost != nearest or cost < 2:
            continue
        seen: set[Sq] = set()
        for key in keys:
            a = found.square(key)
            if a in seen or not movement.can_end(state, c, a, occ):
                continue
            seen.add(a)
            if not c.traits.stagger and not charge_line_clear(state, c, a):
                continue
            out.append((state.creatures[eid], found.path(key)))
    return out


def _some_end_in_reach(state: DdmState, c: Creature, visible: list[Creature], budget: int) -> bool:
    """Whether some square next to an enemy in sight could end a charge: not where ``c`` stands, within
    ``budget`` in a straight count (no path is cheaper), a place it may stop, with a clear line (or Stagger).
    What every charge needs, found without searching: when nothing qualifies, the charge plan is empty."""
    assert c.anchor is not None
    ax0, ay0 = c.anchor
    w = state.map.grid.width
    here = ay0 * w + ax0
    seen: set[int] = set()
    may_end = movement.endable_flags(state, c.size)
    cells = state.occupant_cells()
    n = c.size
    for e in visible:
        assert e.anchor is not None
        for ia in movement.touch_anchors(state, e.anchor, e.size, n):
            if ia == here or ia in seen:
                continue
            seen.add(ia)
            dx, dy = abs(ia % w - ax0), abs(ia // w - ay0)
            if max(dx, dy) + min(dx, dy) // 2 > budget or not may_end[ia]:
                continue
            if not movement.space_free(cells, ia, w, n, c):  # movement.can_end_at with its tables read once
                continue
            if c.traits.stagger or charge_line_clear(state, c, (ia % w, ia // w)):
                return True
    return False


def _static_blockers(state: DdmState) -> list[list[tuple[int, bool, bool]]]:
    """Per row of the map, the squares that can stop a charge's line whatever stands on them: (x, a wall or
    solid rock, slowing terrain or a pit). Kept per map."""
    rows: list[list[tuple[int, bool, bool]]] | None = state.map.cache.get("charge-blockers")
    if rows is None:
        grid = state.map.grid
        rows = [[] for _ in range(grid.height)]
        for y in range(grid.height):
            for x in range(grid.width):
                t = grid.terrain_at((x, y))
                solid = grid.is_solid((x, y))
                slows = bool(t) and bool(t & SLOW_TERRAIN or "pit" in t)
                if solid or slows:
                    rows[y].append((x, solid, slows))
        state.map.cache["charge-blockers"] = rows
    return rows


def _blocker_flags(state: DdmState) -> list[int]:
    """Per square index of the map: 1 for a wall or solid rock, 2 for slowing terrain or a pit (the squares of
    :func:`_static_blockers`). Kept per map."""
    flags: list[int] | None = state.map.cache.get("charge-blocker-flags")
    if flags is None:
        w = state.map.grid.width
        flags = [0] * (w * state.map.grid.height)
        for y, row in enumerate(_static_blockers(state)):
            for x, solid, slows in row:
                flags[y * w + x] = (1 if solid else 0) | (2 if slows else 0)
        state.map.cache["charge-blocker-flags"] = flags
    return flags


def charge_line_clear(state: DdmState, c: Creature, end: Sq) -> bool:
    """No line between start and end spaces passes through a slowing or blocking square or a creature
    (§8.7 requirement 5, Q16: the corridor of corner-to-corner lines plus the centre line of each square the
    charger covers; touching does not count). A Large or Huge charger sweeps every row and column its
    space covers, so each of its squares draws its own lines. What walls and terrain say is kept per map (they
    never change); the squares the corridor crosses are the same wherever a charge of that size and offset
    starts (kept per offset), so only who stands on them is looked at each time."""
    assert c.anchor is not None
    a, b = c.anchor, end
    n = c.size
    through = c.traits.flight or c.traits.incorporeal
    if not _terrain_clear(state, n, a, b, c.traits.incorporeal, through):
        return False
    if through:
        return True
    cells = state.occupant_cells()
    w, h = state.map.grid.width, state.map.grid.height
    ax, ay = a
    for ox, oy in _corridor_squares(n, b[0] - ax, b[1] - ay):
        x, y = ax + ox, ay + oy
        if 0 <= x < w and 0 <= y < h:
            o = cells[y * w + x]
            if o is not None and o is not c:
                return False
    return True


def _corridor_squares(n: int, dx: int, dy: int) -> list[Sq]:
    """The squares, relative to the charger's anchor, whose interior some line of an ``n`` × ``n`` charge moving
    its anchor by (``dx``, ``dy``) crosses, outside its starting space (the lines of :func:`_corridor`; exact
    integer geometry, so the same wherever the charge starts)."""
    key = (n, dx, dy)
    hit = _CROSSED.get(key)
    if hit is None:
        segs = _corridor(n, (0, 0), (dx, dy))
        x0, x1 = min(0, dx), max(0, dx) + n
        y0, y1 = min(0, dy), max(0, dy) + n
        # every line of the corridor is parallel to (dx, dy): a square's open interior meets the line through
        # p only if its centre (2x + 1, 2y + 1) is nearer that line than its half-width along the normal,
        # |cross| < |dx| + |dy| (doubled coordinates); the exact test runs on those squares only
        span = 2 * (abs(dx) + abs(dy))
        hit = []
        for y in range(y0, y1):
            for x in range(x0, x1):
                if 0 <= x < n and 0 <= y < n:
                    continue
                for p, q in segs:
                    if (abs(2 * dx * (2 * y + 1 - p[1]) - 2 * dy * (2 * x + 1 - p[0])) < span
                            and segment_crosses_interior(p, q, (x, y), scale=2)):
                        hit.append((x, y))
                        break
        if len(_CROSSED) >= 50_000:  # bounded (offsets are within a charge's reach: far fewer in practice)
            _CROSSED.clear()
        _CROSSED[key] = hit
    return hit


_CROSSED: dict[tuple[int, int, int], list[Sq]] = {}  # per (size, offset): the squares a charge's corridor crosses


def _corridor(n: int, a: Sq, b: Sq) -> list[tuple[Sq, Sq]]:
    """The lines of a charge from anchor ``a`` to anchor ``b`` of an ``n`` × ``n`` space, in doubled
    coordinates: each of its squares' four corner-to-corner lines and its centre line."""
    offsets = _OFFSETS.get(n)
    if offsets is None:
        offsets = _OFFSETS[n] = sorted({(2 * i + ox, 2 * j + oy) for j in range(n) for i in range(n)
                                        for ox, oy in ((0, 0), (2, 0), (0, 2), (2, 2), (1, 1))})
    return [((2 * a[0] + ox, 2 * a[1] + oy), (2 * b[0] + ox, 2 * b[1] + oy)) for ox, oy in offsets]


_OFFSETS: dict[int, list[Sq]] = {}  # per space size: where a charge's lines start within its space


_TERRAIN_TABLES = tuple(f"charge-terrain:{n}" for n in range(8))  # the per-map tables' names, built once


def _terrain_clear(state: DdmState, n: int, a: Sq, b: Sq, incorporeal: bool, through: bool) -> bool:
    """The walls and terrain part of :func:`charge_line_clear`: no line crosses a wall (unless incorporeal), a
    thin wall (likewise), or slowing terrain or a pit (unless it flies or is incorporeal). Kept per map."""
    grid = state.map.grid
    w, cells = grid.width, grid.width * grid.height
    name = _TERRAIN_TABLES[n] if n < len(_TERRAIN_TABLES) else f"charge-terrain:{n}"
    table: dict[int, bool] | None = state.map.cache.get(name)
    if table is None:
        table = state.map.cache[name] = {}
    key = (((a[1] * w + a[0]) * cells + b[1] * w + b[0]) * 2 + incorporeal) * 2 + through
    hit = table.get(key)
    if hit is not None:
        return hit
    segs = _corridor(n, a, b)
    clear = True
    # the squares whose interior a line crosses are the corridor's (the same for every charge of this size and
    # offset): a wall or solid rock there stops it (unless incorporeal), slowing terrain or a pit (unless through)
    stops = (0 if incorporeal else 1) | (0 if through else 2)
    if stops:
        flags = _blocker_flags(state)
        ax, ay = a
        for ox, oy in _corridor_squares(n, b[0] - ax, b[1] - ay):
            if flags[(ay + oy) * w + ax + ox] & stops:
                clear = False
                break
    if clear and not incorporeal:
        for wa, wb in grid.edge_walls:
            p0, p1 = grid.edge_segment(wa, wb)
            w0, w1 = (2 * p0[0], 2 * p0[1]), (2 * p1[0], 2 * p1[1])
            if any(_proper_cross(p, q, w0, w1) for p, q in segs):
                clear = False
                break
    if len(table) >= 200_000:  # bounded: a worker's memory stays flat however many battles it plays
        table.clear()
    table[key] = clear
    return clear


def charge_actions(state: DdmState, c: Creature, t: Turn) -> list[Action]:
    acts: list[Action] = []
    for tgt, path in charge_plan(state, c, t):
        for i, spec in enumerate(c.card.attacks):
            if spec.kind != "melee" or not c.attack_left(i):
                continue
            for decl in attacks.declare_options(state, c, t, spec, tgt):
                acts.append(Charge(tgt.id, path, i, decl))
            if c.traits.pounce:
                break  # Pounce makes every melee attack: one option per path
    return acts


def apply_charge(state: DdmState, c: Creature, t: Turn, a: Charge) -> None:
    plan = charge_plan(state, c, t)
    if not any(tgt.id == a.target and path == tuple(a.path) for tgt, path in plan):
        raise IllegalAction(f"{c.id} cannot charge {a.target} along {a.path}")
    spec = c.card.attacks[a.attack] if 0 <= a.attack < len(c.card.attacks) else None
    if spec is None or spec.kind != "melee":
        raise IllegalAction("a charge ends in a melee attack")
    tgt = state.c(a.target)
    cost, parity = movement.path_cost(state, c, a.path, parity=t.parity)
    t.charged = True
    t.moved, t.steps, t.parity = cost, len(a.path), parity
    t.moved_before_attack = True
    target_anchor = tgt.anchor
    state.event("charge", {
        "round": state.round, "creature": c.id, "target": tgt.id, "path": [list(p) for p in a.path], "cost": cost,
    })
    if not movement.walk(state, c, a.path) or not c.on_map or c.routing:
        return
    if not tgt.on_map or tgt.anchor != target_anchor:
        state.event("charge-lost-target", {"round": state.round, "creature": c.id, "target": tgt.id})
        return
    if c.traits.hurling_charge and c.ranged_attacks:
        ri = next(i for i, x in enumerate(c.card.attacks) if x.kind == "ranged")
        attacks.attack(state, c, tgt, ri, charge=False)
        if not tgt.on_map or tgt.anchor != target_anchor or not c.on_map:
            state.event("charge-lost-target", {"round": state.round, "creature": c.id, "target": tgt.id})
            return
    if tgt.traits.set_against_charge:
        state.event("set-against-charge", {
            "round": state.round, "creature": tgt.id, "target": c.id, "amount": tgt.traits.set_against_charge,
        })
        damage.deal_damage(state, c, [(tgt.traits.set_against_charge, "ability")], source=tgt, kind="ability")
        if not c.on_map or c.routing:
            return
    indices = [i for i, x in enumerate(c.card.attacks) if x.kind == "melee"] if c.traits.pounce else [a.attack]
    for i in indices:
        if not tgt.on_map or not c.on_map or c.routing or not state.adjacent(c, tgt):
            break
        t.attacks_made += 1
        t.attack_kind = "melee"
        t.used_attacks.add(i)
        attacks.attack(state, c, tgt, i, charge=True, declare=a.declare if i == a.attack else ())


def _proper_cross(p: Sq, q: Sq, a: Sq, b: Sq) -> bool:
    def orient(o: Sq, x: Sq, y: Sq) -> int:
        v = (x[0] - o[0]) * (y[1] - o[1]) - (x[1] - o[1]) * (y[0] - o[0])
        return (v > 0) - (v < 0)

    return orient(p, q, a) * orient(p, q, b) < 0 and orient(a, b, p) * orient(a, b, q) < 0
