"""Terrain (``ddm.md`` §14): what a creature's squares stand on, risky terrain at the end of a turn, pits
(ending a move on one, or a save for a creature moved onto one), spike stones, and teleport squares (a swift action
once a round)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from simulate.engine.game import Action, IllegalAction
from simulate.engine.grid import Sq
from simulate.games import ddm_damage as damage
from simulate.games import ddm_movement as movement
from simulate.games import ddm_victory as victory
from simulate.games.ddm_actions import Teleport
from simulate.games.ddm_model import Creature, Turn

if TYPE_CHECKING:
    from simulate.games.ddm import DdmState


def on_terrain(state: DdmState, c: Creature, name: str) -> bool:
    if name not in terrain_kinds(state):
        return False  # none of it on this map (most maps have few kinds): no square to look at
    grid = state.map.grid
    return any(grid.has_terrain(s, name) for s in c.squares())


def terrain_kinds(state: DdmState) -> frozenset[str]:
    """Every kind of terrain on the map. Kept per map."""
    hit: frozenset[str] | None = state.map.cache.get("terrain-kinds")
    if hit is None:
        hit = state.map.cache["terrain-kinds"] = frozenset(k for t in state.map.grid.terrain.values() for k in t)
    return hit


def apply_teleport(state: DdmState, c: Creature, t: Turn, a: Teleport) -> None:
    if Teleport(a.x, a.y) not in teleport_actions(state, c, t):
        raise IllegalAction(f"{c.id} cannot teleport to ({a.x}, {a.y})")
    state.put(c, (a.x, a.y))
    c.teleported_round = state.round
    state.event("teleport", {"round": state.round, "creature": c.id, "x": a.x, "y": a.y})


def teleport_actions(state: DdmState, c: Creature, t: Turn) -> list[Action]:
    """Teleport squares (§14): a swift action once per round, not while routing."""
    grid = state.map.grid
    if c.routing or c.teleported_round == state.round or c.anchor is None:
        return []
    here = [s for s in c.squares() if grid.has_terrain(s, "teleport")]
    if not here:
        return []
    occ = state.occupancy()
    out: list[Action] = []
    pads = sorted(s for s, tr in grid.terrain.items() if "teleport" in tr and s not in here)
    for pad in pads:
        if pad in occ:
            continue
        for j in range(c.size):
            for i in range(c.size):
                anchor = (pad[0] - i, pad[1] - j)
                if movement.can_end(state, c, anchor, occ):
                    out.append(Teleport(anchor[0], anchor[1]))
                    break
            else:
                continue
            break
    return out


def risky_terrain(state: DdmState, c: Creature) -> None:
    """A creature ending its turn on risky terrain rolls 1d20: 1-5, 10 damage (§14 Risky)."""
    if on_terrain(state, c, "risky"):
        r = state.d20("risky-terrain")
        state.event("risky-terrain", {"round": state.round, "creature": c.id, "roll": r})
        if r <= 5:
            damage.deal_damage(state, c, [(10, "terrain")], source=None, kind="terrain")


def pits_at_end_of_turn(state: DdmState, c: Creature, t: Turn) -> None:
    """§14 Pit: a creature moved onto a pit during this turn saves DC 15 (success: to the nearest legal square;
    failure: it falls, for the points of whoever moved it); the creature whose turn it was and that ends it on a
    pit is eliminated."""
    for cid, mover in t.pit_checks:
        o = state.creatures[cid]
        if o.on_map and state.stage != "over" and on_terrain(state, o, "pit"):
            if damage.save(state, o, 15, "pit"):
                movement.fix_position(state, o, force=True)
            else:
                victory.eliminate(state, o, "fell into a pit", state.creatures[mover])
    if c.on_map and state.stage != "over" and on_terrain(state, c, "pit"):
        victory.eliminate(state, c, "ended its turn on a pit", None)


def spike_stones(state: DdmState, c: Creature, old: Sq) -> None:
    """§14 Spike stones: a creature slowed by difficult terrain takes 5 magic damage as it moves into new squares
    with spike stones (from ``old``, its anchor before the step)."""
    if c.traits.flight or c.traits.incorporeal:
        return
    spikes = _spike_squares(state)
    if not spikes:
        return
    before = set(c.squares(old))
    if any(s not in before and s in spikes for s in c.squares()):
        damage.deal_damage(state, c, [(5, "magic")], source=None, kind="terrain")


def _spike_squares(state: DdmState) -> frozenset[Sq]:
    """The map's spike stones (§14). Kept per map: most maps have none, and every step asks."""
    hit: frozenset[Sq] | None = state.map.cache.get("spike-stones")
    if hit is None:
        hit = state.map.cache["spike-stones"] = frozenset(
            s for s, t in state.map.grid.terrain.items() if "spike-stones" in t)
    return hit
