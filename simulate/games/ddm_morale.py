"""Morale and routing (``ddm.md`` §11.5–§11.7): morale saves (DC 20 + the best commander's rating, Fearless,
Tyrannical Morale), the first drop below half hit points, a rout and the routing creature's flight to its exit
(2 × Speed by the shortest route, off the map from an exit square). Rallying is at the start of a turn
(``ddm_turns``)."""

from __future__ import annotations

import heapq
from typing import TYPE_CHECKING

from simulate.engine.grid import DIRECTIONS, Sq
from simulate.games import ddm_command as command
from simulate.games import ddm_damage as damage
from simulate.games import ddm_movement as movement
from simulate.games import ddm_victory as victory
from simulate.games.ddm_model import INF, MORALE_DC, SLOW_TERRAIN, Creature

if TYPE_CHECKING:
    from simulate.games.ddm import DdmState


def exit_field(state: DdmState, c: Creature) -> dict[Sq, int]:
    """Distance (ignoring creatures) from every square to ``c``'s exit: where a routing creature runs."""
    letter = state.players[c.player].letter
    key = (letter, c.size, c.traits.flight or c.traits.incorporeal)
    fields: dict[tuple[str, int, bool], dict[Sq, int]] = state.map.table("exit-fields")
    hit = fields.get(key)  # walls and terrain never change: kept per map, for every battle on it
    if hit is not None:
        return hit
    grid = state.map.grid
    exits = state.map.exit_squares(letter)
    dist: dict[Sq, int] = {}
    heap: list[tuple[int, Sq]] = []
    for s in exits:
        dist[s] = 0
        heap.append((0, s))
    heapq.heapify(heap)
    ignore = key[2]
    while heap:
        cost, s = heapq.heappop(heap)
        if dist.get(s, INF) < cost:
            continue
        for d in DIRECTIONS:
            n = (s[0] + d[0], s[1] + d[1])
            if not grid.in_bounds(n) or grid.is_solid(n) or not grid.step_allowed(s, d):
                continue
            slow = not ignore and bool(grid.terrain_at(n) & SLOW_TERRAIN)
            if not ignore and grid.has_terrain(n, "pit"):
                continue
            nc = cost + (2 if slow else 1)
            if nc < dist.get(n, INF):
                dist[n] = nc
                heapq.heappush(heap, (nc, n))
    fields[key] = dist
    return dist


def flee(state: DdmState, c: Creature) -> None:
    """A routing creature's move: 2 × Speed by the shortest route to its exit; off the map if it gets there
    with movement left (§11.6)."""
    if not c.on_map or c.stunned or c.helpless or c.anchor is None:
        return
    budget = 2 * max(c.card.speed, 0)
    if budget <= 0:
        return
    letter = state.players[c.player].letter
    exits = state.map.exit_squares(letter)
    on_exit = _on_exit_flags(state, c, letter)
    # the search may stop once the nearest exit is settled: an exit it can leave by is the cheapest one, and
    # when no exit is within reach it is complete for the fallback below
    found = movement.reach(state, c, budget, safe=False, until=_exit_anchors(state, c, letter))
    best_exit: tuple[int, Sq, int, int] | None = None  # (cost, anchor, parity, search key)
    if c.anchor is not None and any(s in exits for s in c.squares()):
        best_exit = (0, c.anchor, 0, found.order[0])
    for key in found.order:
        cost = found.cost(key)
        if cost <= budget - 1 and on_exit[key >> 1]:
            candidate = (cost, found.square(key), key & 1, key)
            if best_exit is None or candidate < best_exit:
                best_exit = candidate
    if best_exit is not None:
        path = found.path(best_exit[3])
        state.event("flee", {"round": state.round, "creature": c.id, "to": "exit", "squares": len(path)})
        if movement.walk(state, c, path) and c.on_map and c.routing:
            victory.eliminate(state, c, "routed off the map", None)
        return
    closeness = _closeness(state, c)
    occ = state.occupancy()
    assert c.anchor is not None
    w = state.map.grid.width
    a0 = c.anchor[1] * w + c.anchor[0]
    here = closeness[a0]
    best: tuple[int, int, Sq, int, int] | None = None  # (closeness, cost, anchor, parity, key): the nearest
    for key in found.order:
        ia = key >> 1
        if ia == a0:
            continue
        nearer = (closeness[ia], found.cost(key), found.square(key), key & 1, key)
        if (best is None or nearer < best) and movement.can_end(state, c, nearer[2], occ):
            best = nearer
    if best is None:
        return
    if best[0] >= here:
        state.event("flee", {"round": state.round, "creature": c.id, "to": "nowhere", "squares": 0})
        return
    path = found.path(best[4])
    state.event("flee", {"round": state.round, "creature": c.id, "to": "toward-exit", "squares": len(path)})
    movement.walk(state, c, path)


def _on_exit_flags(state: DdmState, c: Creature, letter: str) -> list[bool]:
    """For each anchor, whether ``c``'s space there covers one of its exit squares. Kept per map."""
    key = f"on-exit:{letter}:{c.size}"
    flags: list[bool] | None = state.map.cache.get(key)
    if flags is None:
        exits = state.map.exit_squares(letter)
        flags = state.map.cache[key] = [any(s in exits for s in c.squares(a)) for a in movement.square_of(state)]
    return flags


def _exit_anchors(state: DdmState, c: Creature, letter: str) -> list[Sq]:
    """The anchors where ``c``'s space covers one of its exit squares (:func:`_on_exit_flags`). Kept per map."""
    key = f"exit-anchors:{letter}:{c.size}"
    hit: list[Sq] | None = state.map.cache.get(key)
    if hit is None:
        squares = movement.square_of(state)
        hit = state.map.cache[key] = [squares[i] for i, on in enumerate(_on_exit_flags(state, c, letter)) if on]
    return hit


def _closeness(state: DdmState, c: Creature) -> list[int]:
    """For each anchor, how far ``c``'s space there is from its exit by :func:`exit_field` (its nearest square).
    Kept per map."""
    letter = state.players[c.player].letter
    key = f"exit-closeness:{letter}:{c.size}:{c.traits.flight or c.traits.incorporeal}"
    table: list[int] | None = state.map.cache.get(key)
    if table is None:
        field_ = exit_field(state, c)
        table = state.map.cache[key] = [min(field_.get(s, INF) for s in c.squares(a))
                                        for a in movement.square_of(state)]
    return table


def check_half(state: DdmState, c: Creature, source: Creature | None) -> None:
    if c.morale_done or c.routing or not c.on_map:
        return
    below = 2 * c.hp < c.start_hp if state.params.morale_threshold == "below-half" else 2 * c.hp <= c.start_hp
    if not below:
        return
    c.morale_done = True
    if not morale_save(state, c, cause=source, reason="half-hp", routs=True):
        rout(state, c, source)


def morale_save(state: DdmState, c: Creature, *, cause: Creature | None, reason: str, turn_undead: bool = False,
                routs: bool = False) -> bool:
    """1d20 + Level + the best commander's rating ≥ 20; natural 1 fails, natural 20 succeeds (§11.5).

    ``routs``: failing it routs the creature (half hit points, Turn Undead; not a rally check). Then a
    commander with Tyrannical Morale +# may add +#; if the save still fails the creature is destroyed instead
    of routing, for the VP of the opponent whose creature caused it (§11.5, §15.2). The engine gives the bonus
    whenever it turns at least one failing roll into a success (it never makes a lost cause fatal)."""
    if c.traits.fearless and not turn_undead:
        state.event("morale", {
            "round": state.round, "creature": c.id, "reason": reason, "fearless": True, "success": True,
        })
        return True
    roll = state.d20("morale")
    rating = command.morale_rating(state, c)
    total = roll + damage.save_bonus(state, c, morale=True) + rating
    tyrant = _tyrannical_morale(state, c, MORALE_DC - (total - roll)) if routs else 0
    total += tyrant
    ok = roll == 20 or (roll != 1 and total >= MORALE_DC)
    if tyrant:
        state.event("morale", {
            "round": state.round, "creature": c.id, "reason": reason, "roll": roll, "rating": rating, "total": total,
            "dc": MORALE_DC, "success": ok, "tyrannical": tyrant,
        })
    else:
        state.event("morale", {
            "round": state.round, "creature": c.id, "reason": reason, "roll": roll, "rating": rating, "total": total,
            "dc": MORALE_DC, "success": ok,
        })
    if cause is not None and cause.player != c.player:
        state.fighting_this_round = True
    if tyrant and not ok:
        victory.eliminate(state, c, "destroyed", cause if cause is not None and cause.player != c.player else None)
    return ok


def _tyrannical_morale(state: DdmState, c: Creature, need: int) -> int:
    """The Tyrannical Morale bonus a commander gives ``c`` on a save it passes on ``need`` or more: the best
    reaching it (a Commander Effect), if it turns a failing roll (2-19 below ``need``) into a success."""
    if need <= 2 or "tyrannical_morale" not in state.ce_stats:
        return 0  # (no creature of this battle has that Commander Effect)
    best = max((e.amount for e in command.commander_effects_on(state, c) if e.stat == "tyrannical_morale"), default=0)
    return best if best and need - best <= 19 else 0


def rout(state: DdmState, c: Creature, cause: Creature | None) -> None:
    """A failed morale save (§11.6): the creature flees at once. Routing ends what it may do: one that routs
    during its own turn (an attack of opportunity, a Death Burst it set off, Spiker Barbs...) takes no further
    action that turn. The enemy that caused it makes no attack of opportunity against it that turn."""
    if c.routing or not c.on_map:
        return
    c.routing = True
    t = state.turn
    if t is not None and t.creature == c.id:
        t.no_actions = True
    if cause is not None and cause.player != c.player:
        c.no_aoo_from[cause.id] = state.turn_counter
    state.event("rout", {"round": state.round, "creature": c.id, "cause": cause.id if cause else None})
    if state.params.scenario == "first-battle":
        victory.finish(state, state.opponent(c.player), "rout")  # ddm-basic §1.7: a failed morale save ends it
        return
    flee(state, c)
