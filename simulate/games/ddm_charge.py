"""Charging (``ddm.md`` §8.7): the nearest enemy in sight by charge path, its nearest adjacent square, at least
2 squares, a clear corridor (Q16) from every square of the charger's space, and the charge itself (Pounce,
Powerful Charge, Hurling Charge, Set against Charge, Stagger, a lost target)."""

from __future__ import annotations

from collections.abc import Mapping
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
    The last answer is kept: a player looking at its charges and the charge then played ask the same."""
    key = (c.id, state.turn_counter, t.moved, t.attacks_made, t.acted, t.charged, t.no_actions, t.burrowing,
           t.move_blocked, t.speed, t.max_attacks, movement.move_snapshot(state))
    if state.charge_memo is not None and state.charge_memo[0] == key:
        return list(state.charge_memo[1])
    plan = _charge_plan_uncached(state, c, t)
    state.charge_memo = (key, plan)
    return list(plan)


def _charge_plan_uncached(state: DdmState, c: Creature, t: Turn) -> list[tuple[Creature, tuple[Sq, ...]]]:
    if t.moved or t.attacks_made or t.acted or t.charged or t.no_actions or t.burrowing or t.move_blocked:
        return []
    if not c.card.melee() or t.speed <= 0 or t.max_attacks == 0 or c.anchor is None:
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

    others = set() if through else {s for s, o in occ.items() if o is not c}

    offsets = [(i, j) for j in range(c.size) for i in range(c.size)]
    # the anchors from which c's space would touch each enemy
    adjacent_to = {
        e.id: {(n[0] - i, n[1] - j) for x in e.squares() for n in state.neighbours(x) for i, j in offsets}
        for e in visible
    }
    # only the nearest enemy by charge path can be charged: the search may stop there
    dist, prev = movement.reach(state, c, 2 * t.speed, safe=False, terminal=others, no_slow=c.traits.stagger,
                             until=set().union(*adjacent_to.values()))
    per_enemy: dict[str, tuple[int, list[tuple[Sq, int]]]] = {}
    for key, (cost, _) in dist.items():
        a = key[0]
        for e in visible:
            if a in adjacent_to[e.id]:
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
            a = key[0]
            if a in seen or not movement.can_end(state, c, a, occ):
                continue
            seen.add(a)
            if not c.traits.stagger and not charge_line_clear(state, c, a, occ):
                continue
            out.append((state.creatures[eid], prev.path(key)))
    return out


def charge_line_clear(state: DdmState, c: Creature, end: Sq, occ: Mapping[Sq, Creature]) -> bool:
    """No line between start and end spaces passes through a slowing or blocking square or a creature
    (§8.7 requirement 5, Q16: the corridor of corner-to-corner lines plus the centre line of each square the
    charger covers; touching does not count). A Large or Huge charger sweeps every row and column its
    space covers, so each of its squares draws its own lines."""
    assert c.anchor is not None
    grid = state.map.grid
    n = c.size
    a, b = c.anchor, end
    offsets = sorted({(2 * i + ox, 2 * j + oy) for j in range(n) for i in range(n)
                      for ox, oy in ((0, 0), (2, 0), (0, 2), (2, 2), (1, 1))})
    segs = [((2 * a[0] + ox, 2 * a[1] + oy), (2 * b[0] + ox, 2 * b[1] + oy)) for ox, oy in offsets]
    start = set(c.squares())
    through = c.traits.flight or c.traits.incorporeal
    x0, x1 = min(a[0], b[0]), max(a[0], b[0]) + n
    y0, y1 = min(a[1], b[1]), max(a[1], b[1]) + n
    for y in range(y0, y1):
        for x in range(x0, x1):
            s = (x, y)
            if s in start:
                continue
            blocking = grid.is_solid(s) and not c.traits.incorporeal
            t = grid.terrain_at(s)
            if not through and t and (t & SLOW_TERRAIN or "pit" in t):
                blocking = True
            o = occ.get(s)
            if o is not None and o is not c and not through:
                blocking = True
            if blocking and any(segment_crosses_interior(p, q, s, scale=2) for p, q in segs):
                return False
    if not c.traits.incorporeal:
        for wa, wb in grid.edge_walls:
            p0, p1 = grid.edge_segment(wa, wb)
            w0, w1 = (2 * p0[0], 2 * p0[1]), (2 * p1[0], 2 * p1[1])
            for p, q in segs:
                if _proper_cross(p, q, w0, w1):
                    return False
    return True


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
    state.ev("charge", creature=c.id, target=tgt.id, path=[list(p) for p in a.path], cost=cost)
    if not movement.walk(state, c, a.path) or not c.on_map or c.routing:
        return
    if not tgt.on_map or tgt.anchor != target_anchor:
        state.ev("charge-lost-target", creature=c.id, target=tgt.id)
        return
    if c.traits.hurling_charge and c.card.ranged():
        ri = next(i for i, x in enumerate(c.card.attacks) if x.kind == "ranged")
        attacks.attack(state, c, tgt, ri, charge=False)
        if not tgt.on_map or tgt.anchor != target_anchor or not c.on_map:
            state.ev("charge-lost-target", creature=c.id, target=tgt.id)
            return
    if tgt.traits.set_against_charge:
        state.ev("set-against-charge", creature=tgt.id, target=c.id, amount=tgt.traits.set_against_charge)
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
