"""Sight, threat and cover (``ddm.md`` §8.3–§8.5, §8.8–§8.10): whether a creature sees another (line of sight,
invisibility, Hide), the threatened area and who is hampered by it, flanking, melee and ranged cover, and the
nearest enemy in sight."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from simulate.engine.grid import Sq
from simulate.games.ddm_model import Creature

if TYPE_CHECKING:
    from simulate.games.ddm import DdmState


def can_see(state: DdmState, viewer: Creature, target: Creature) -> bool:
    if not viewer.on_map or not target.on_map:
        return False
    if viewer.id == target.id:
        return True
    if target.invisible and not viewer.traits.blindsight:
        return False
    grid = state.map.grid
    if viewer.size == 1 and target.size == 1:
        if not grid.square_los(viewer.squares()[0], target.squares()[0]):
            return False
    elif not grid.los(viewer.squares(), target.squares()):
        return False
    # Hide: invisible to a non-adjacent enemy it has (non-creature) cover against
    return not (target.traits.hide and not viewer.traits.blindsight and not state.adjacent(viewer, target)
                and grid.ranged_cover(viewer.squares(), target.squares(), statue_squares(state)))


def statue_squares(state: DdmState) -> frozenset[Sq]:
    """The map's statues (cover, §14 Statue). Kept per map."""
    hit: frozenset[Sq] | None = state.map.cache.get("statues")
    if hit is None:
        hit = state.map.cache["statues"] = frozenset(s for s, t in state.map.grid.terrain.items() if "statue" in t)
    return hit


def melee_cover(state: DdmState, att: Creature, tgt: Creature) -> bool:
    """+4 AC in melee around a wall's corner or end (§8.5): the attacker picks its best pair of squares."""
    grid = state.map.grid
    pairs = [(a, d) for a in att.squares() for d in tgt.squares() if grid.adjacent(a, d)]
    if not pairs:
        return False
    return all(grid.melee_cover_squares(a, d) for a, d in pairs)


def ranged_cover(state: DdmState, att: Creature, tgt: Creature) -> bool:
    grid = state.map.grid
    cover = {s for o in state.on_map() if o.id not in (att.id, tgt.id) for s in o.squares()}
    cover.update(statue_squares(state))
    return grid.ranged_cover(att.squares(), tgt.squares(), cover)


def threatening(state: DdmState, c: Creature) -> list[Creature]:
    """Active enemies whose threatened area ``c`` stands in."""
    return [e for e in state.enemies_of(c) if e.active and state.adjacent(e, c)]


def hampered(state: DdmState, c: Creature) -> bool:
    """In an enemy's threatened area, in its sight and without melee cover against it: no ranged attacks
    and no spells but touch (§8.3)."""
    return any(can_see(state, e, c) and not melee_cover(state, e, c) for e in threatening(state, c))


def in_melee_with_ally(state: DdmState, att: Creature, tgt: Creature) -> bool:
    """Shooting into melee (§9.2 note): an ally of the attacker and the target threaten one another."""
    return any(state.adjacent(a, tgt) and (a.active or tgt.active) for a in state.allies_of(att))


def flanked(state: DdmState, att: Creature, tgt: Creature) -> bool:
    """§8.4: an ally that threatens the target stands on the opposite side or corner."""
    if "flanking" in tgt.traits.immune:
        return False
    if att.traits.phantom_threat:
        return True
    grid = state.map.grid
    for ally in state.allies_of(att):
        if not ally.active or not state.adjacent(ally, tgt):
            continue
        for a in att.squares():
            for b in ally.squares():
                for t in tgt.squares():
                    if grid.flanks(a, b, t):
                        return True
    return False


def nearest_visible(
    state: DdmState, c: Creature, pool: Iterable[Creature], max_range: int | None = None
) -> list[Creature]:
    """The nearest creatures of ``pool`` that ``c`` can see, distance ignoring creatures and terrain (§8.9).
    Sight is asked nearest first, and no farther than the nearest distance at which some creature is seen."""
    by_distance = sorted((state.space_distance(c, e), e.id, e) for e in pool if e.id != c.id)
    out: list[Creature] = []
    at = -1
    for d, _id, e in by_distance:
        if out and d > at:
            break
        if max_range is not None and d > max_range:
            return []  # the nearest it sees is out of range (or it sees none within it)
        if can_see(state, c, e):
            out.append(e)
            at = d
    return out
