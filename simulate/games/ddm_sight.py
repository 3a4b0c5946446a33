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
    return _sees(state, viewer, viewer.squares(), target, target.squares())


def _sees(state: DdmState, viewer: Creature, vsq: list[Sq], target: Creature, tsq: list[Sq]) -> bool:
    """:func:`can_see` between two spaces given as their squares (where the creatures stand, or where one of
    them would stand: :func:`targets_from`)."""
    if target.invisible and not viewer.traits.blindsight:
        return False
    grid = state.map.grid
    if len(vsq) == 1 and len(tsq) == 1:
        if not grid.square_los(vsq[0], tsq[0]):
            return False
    elif not grid.los(vsq, tsq):
        return False
    # Hide: invisible to a non-adjacent enemy it has (non-creature) cover against
    return not (target.traits.hide and not viewer.traits.blindsight and not _touching(state, vsq, tsq)
                and grid.ranged_cover(vsq, tsq, statue_squares(state)))


def _touching(state: DdmState, asq: list[Sq], bsq: list[Sq]) -> bool:
    """:meth:`DdmState.adjacent` of two spaces given as their squares (walls respected)."""
    grid = state.map.grid
    return any(grid.adjacent(x, y) for x in asq for y in bsq)


def statue_squares(state: DdmState) -> frozenset[Sq]:
    """The map's statues (cover, §14 Statue). Kept per map."""
    hit: frozenset[Sq] | None = state.map.cache.get("statues")
    if hit is None:
        hit = state.map.cache["statues"] = frozenset(s for s, t in state.map.grid.terrain.items() if "statue" in t)
    return hit


def melee_cover(state: DdmState, att: Creature, tgt: Creature) -> bool:
    """+4 AC in melee around a wall's corner or end (§8.5): the attacker picks its best pair of squares."""
    return _melee_cover(state, att.squares(), tgt.squares())


def _melee_cover(state: DdmState, asq: list[Sq], tsq: list[Sq]) -> bool:
    grid = state.map.grid
    if not grid.solid and not grid.edge_walls:
        return False  # a map without walls (solid squares or thin ones) gives no melee cover anywhere
    pairs = [(a, d) for a in asq for d in tsq if grid.adjacent(a, d)]
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


def targets_from(state: DdmState, c: Creature, anchor: Sq, max_range: int | None) -> list[Creature]:
    """What ``ddm_attacks.ranged_targets`` would answer if ``c`` stood with its anchor at ``anchor``, worked out
    without moving it (a player weighing squares to shoot from): nothing when an enemy that sees it there
    threatens it without melee cover (hampered, §8.3), else the nearest enemies it sees from there within
    ``max_range`` (§8.9). Creatures block neither sight nor this answer, so where ``c`` stands now does not
    matter."""
    n = c.size
    ax, ay = anchor
    mine = c.squares(anchor)
    enemies = state.enemies_of(c)
    for e in enemies:  # hampered there?
        if (e.active and e.anchor is not None and _apart(ax, ay, n, e) <= 1 and _touching(state, e.squares(), mine)
                and _sees(state, e, e.squares(), c, mine) and not _melee_cover(state, e.squares(), mine)):
            return []
    by_distance = sorted((_space_distance(ax, ay, n, e), e.id, e) for e in enemies if e.id != c.id)
    out: list[Creature] = []
    at = -1
    for d, _id, e in by_distance:
        if out and d > at:
            break
        if max_range is not None and d > max_range:
            return []
        if e.on_map and _sees(state, c, mine, e, e.squares()):
            out.append(e)
            at = d
    return out


def _axis_gaps(ax: int, ay: int, n: int, e: Creature) -> tuple[int, int]:
    """Squares between a space of size ``n`` at (``ax``, ``ay``) and ``e``'s along each axis (0: they overlap)."""
    assert e.anchor is not None
    ex, ey = e.anchor
    m = e.size
    return max(ex - ax - n + 1, ax - ex - m + 1, 0), max(ey - ay - n + 1, ay - ey - m + 1, 0)


def _apart(ax: int, ay: int, n: int, e: Creature) -> int:
    dx, dy = _axis_gaps(ax, ay, n, e)
    return max(dx, dy)


def _space_distance(ax: int, ay: int, n: int, e: Creature) -> int:
    """:meth:`DdmState.space_distance` from a space of size ``n`` at (``ax``, ``ay``) to ``e``'s."""
    dx, dy = _axis_gaps(ax, ay, n, e)
    return dx + dy // 2 if dx >= dy else dy + dx // 2
