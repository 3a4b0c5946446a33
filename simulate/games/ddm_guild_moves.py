"""The DDM Guild rules in play: movement — walking and its provocations, shifting, teleports and placing,
forced moves (push, pull, slide), switching positions (ddm-guild.switch) and the squares a move aims for. Each
rule's id in ``docs/rules/ddm-guild-play.md`` is named where it is applied; the board's search and sight are
``ddm_guild_board``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Final

from simulate.engine.board import Area
from simulate.engine.grid import Sq
from simulate.games import ddm_guild_apply as FX
from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_damage as DM
from simulate.games import ddm_guild_triggers as TR
from simulate.games.ddm_guild_board import Reach, gap, no_reach, space_of
from simulate.games.ddm_guild_judge import (
    Ctx,
    aura_reaches,
    has_kinds,
    holds,
    target_state_ok,
    unaffected_by_auras,
)
from simulate.games.ddm_guild_state import Active, Battle, Fighter
from simulate.games.ddm_guild_vocab import (
    Effect,
    Filter,
    move_mode,
)

# --- movement ----------------------------------------------------------------------------------------------------

def threats_for(b: Battle, mover: Fighter) -> bytearray:
    """1 for each anchor (index on the board) of ``mover`` whose leaving provokes an opportunity attack from
    some enemy."""
    out = bytearray(b.board.size)
    if mover.burrowing() or mover.gained("no-provoke"):
        return out  # underground: leaving a square next to an enemy provokes nothing
    for e in b.enemies_of(mover):
        if not e.can_react() or e.pos is None or e.id in mover.provoked_by or e.melee_basic() is None \
                or not e.makes_opportunity_attacks():
            continue
        mb = e.melee_basic()
        reach_e = e.reach_of(mb) if mb is not None and e.gained("threatening-reach") else 1
        if reach_e <= 1:
            b.board.mark_ring(out, e.pos, e.side, mover.side)
            continue
        w = b.board.width  # 'Threatening Reach': every anchor within its reach
        for y in range(max(0, e.pos[1] - mover.side - reach_e + 1), min(b.board.height, e.pos[1] + e.side + reach_e)):
            for x in range(max(0, e.pos[0] - mover.side - reach_e + 1), min(w, e.pos[0] + e.side + reach_e)):
                if 1 <= gap((x, y), mover.side, e.pos, e.side) <= reach_e:
                    out[y * w + x] = 1
    return out


def _blockers(b: Battle, mover: Fighter) -> list[tuple[Fighter, bool]]:
    """Profile ``ddm-guild.moving``: each other creature on the map, and whether ``mover`` may not enter its squares
    (else it may cross them but not end on them)."""
    out: list[tuple[Fighter, bool]] = []
    through = mover.through_enemies or mover.phasing or mover.burrowing()
    no_allies = bool(mover.while_on) and mover.while_on.get("no-ally-squares", 0) > 0  # 'Monolithic: May not enter
    for f in b.fighters:  # squares occupied by allies'
        if not f.in_play() or f is mover or f.pos is None:
            continue
        # Towering (profile ddm-guild.towering): into the squares of Medium (Stomp: Large) or smaller enemies
        # (unknown size: Medium, ddm-guild.size-unknown), never to stop there
        over = f.card.squares <= mover.over_squares
        out.append((f, (f.player != mover.player and not through and not over) or (no_allies
                                                                                     and f.player == mover.player)))
    return out


def blocked_for(b: Battle, mover: Fighter) -> tuple[set[Sq], set[Sq]]:
    """(squares it may not enter, squares it may cross but not end on) — profile ``ddm-guild.moving``."""
    blocked: set[Sq] = set()
    passable: set[Sq] = set()
    for f, blocks in _blockers(b, mover):
        (blocked if blocks else passable).update(f.space())
    return blocked, passable


def blocked_marks(b: Battle, mover: Fighter) -> tuple[bytes, bytes]:
    """:func:`blocked_for` by anchor index of ``mover``'s space (1 each; b"" for none): the anchors whose space holds
    a square it may not enter, and those whose space holds a square it may cross but not end on."""
    board = b.board
    blocked: bytearray | None = None
    passable: bytearray | None = None
    for f, blocks in _blockers(b, mover):
        assert f.pos is not None
        if blocks:
            if blocked is None:
                blocked = bytearray(board.size)
            board.mark_space(blocked, f.pos, f.side, mover.side)
        else:
            if passable is None:
                passable = bytearray(board.size)
            board.mark_space(passable, f.pos, f.side, mover.side)
    return bytes(blocked) if blocked is not None else b"", bytes(passable) if passable is not None else b""


def reach(b: Battle, mover: Fighter, budget: int) -> Reach:
    """Kept until anything moves or a creature's reactions change (the state's version)."""
    if mover.pos is None:
        return no_reach(b.board)
    key = (mover.id, budget, b.version, len(mover.provoked_by), mover.pos, mover.charging_now, mover.move_mode)
    hit = b.reach_cache.get(key)
    if isinstance(hit, Reach):
        return hit
    blocked, passable = blocked_marks(b, mover)
    out = b.board.reach(mover.pos, mover.mover(), budget, blocked, passable, threats_for(b, mover),
                        slow_for(b, mover))
    if len(b.reach_cache) > 16:
        b.reach_cache.clear()
    b.reach_cache[key] = out
    return out


def slow_for(b: Battle, mover: Fighter) -> bytearray | None:
    """Anchors of ``mover`` whose space enters a square an aura makes difficult terrain for it ('each square within 2
    squares of this creature counts as difficult terrain for enemies', profile ``ddm-guild.auras``); None if none."""
    if mover.while_on and mover.while_on.get("all-difficult"):  # 'Treats non-river terrain as difficult terrain'
        return bytearray(b"\x01" * b.board.size)
    out: bytearray | None = None
    w, h = b.board.width, b.board.height
    for m in b.made:  # 'each square within 2 squares of it counts as difficult terrain to non-Giant creatures'
        if m.what != "difficult" or (m.kinds and not has_kinds(mover, m.kinds)):
            continue
        if out is None:
            out = bytearray(b.board.size)
        for sq in m.squares:  # each anchor whose space holds that square
            for y in range(max(0, sq[1] - mover.side + 1), min(h, sq[1] + 1)):
                for x in range(max(0, sq[0] - mover.side + 1), min(w, sq[0] + 1)):
                    out[y * w + x] = 1
    for g in b.fighters:
        if not g.difficult_auras or g is mover or not g.in_play() or g.pos is None:
            continue
        for size, flt in g.difficult_auras:
            if flt.side == "enemy" and g.player == mover.player:
                continue
            if g.player != mover.player and unaffected_by_auras(mover):
                continue
            if flt.keyword and not has_kinds(mover, flt.keyword):  # 'for non-Plant enemies'
                continue
            if out is None:
                out = bytearray(b.board.size)
            for y in range(max(0, g.pos[1] - mover.side - size + 1), min(h, g.pos[1] + g.side + size)):
                for x in range(max(0, g.pos[0] - mover.side - size + 1), min(w, g.pos[0] + g.side + size)):
                    if gap((x, y), mover.side, g.pos, g.side) <= size:
                        out[y * w + x] = 1
    return out


def reachable(b: Battle, mover: Fighter, budget: int) -> dict[Sq, tuple[int, int, Sq]]:
    return reach(b, mover, budget).ends


def walk(b: Battle, mover: Fighter, path: list[Sq], provokes: bool = True, shifting: bool = False) -> None:
    """Move along ``path`` (anchors), provoking when leaving a square next to an enemy; stops if the mover is
    destroyed, stunned or immobilized on the way (then profile ``ddm-guild.legal-position``)."""
    if mover.reloading() == "move" and b.active is mover:  # Slow Reload: not after a ranged attack this turn
        return
    watchers = [e for e in b.enemies_of(mover) if any(p.trigger in _MOVE_WATCH for p in e.powers)]
    own = any(p.trigger == "enters-square" for p in mover.powers)
    beside = any(p.trigger == "enters-beside-enemy" for p in mover.powers)
    for step in path:
        if b.over or not mover.in_play():
            return
        if provokes and not mover.burrowing() and not mover.gained("no-provoke"):  # ('does not provoke opportunity
            AT.provoke(b, mover, "move")  # attacks' until end of turn: its moves)
            if not mover.in_play() or mover.stunned() or mover.held():
                settle(b, mover)
                return
        if shifting and _aware_beside(b, mover):  # 'Awareness': a shift out of its adjacent square provokes it
            AT.provoke(b, mover, "shift")
            if not mover.in_play() or mover.stunned() or mover.held():
                settle(b, mover)
                return
        near = [e for e in watchers if b.adjacent(e, mover)] if watchers else []
        apart = [e for e in b.enemies_of(mover) if not b.adjacent(e, mover)] if beside else []
        came_from = mover.pos
        place(b, mover, step)
        mover.moved += 1
        if apart:
            _beside_enemy(b, mover, apart)
        if mover.effects:  # ('invisible to non-adjacent enemies until it moves')
            b.end_until(mover, "until-moves", "moved")
        if watchers:
            _entered(b, mover, [e for e in watchers if e not in near])
            _moved_near(b, mover, watchers, near, came_from)
        if own and mover.in_play() and not b.over:  # 'whenever it enters river terrain': the square it entered
            TR.fire(b, "enters-square", [mover])
    if provokes and path and mover.in_play() and not b.over:  # 'when an enemy ends its move adjacent to it'
        TR.fire(b, "enemy-ends-move-adjacent", [e for e in b.enemies_of(mover) if b.adjacent(e, mover)], target=mover)
    settle(b, mover)


# the triggers a move calls for the enemies of the creature moving, square by square
_MOVE_WATCH: Final = frozenset({"enemy-enters-adjacent", "enemy-leaves-adjacent", "enemy-enters-within",
                                "enemy-enters-at", "enemy-enters-forest"})


def _moved_near(b: Battle, mover: Fighter, watchers: Sequence[Fighter], near: Sequence[Fighter],
                came_from: Sq | None = None) -> None:
    """After one square of an enemy's move: 'when an enemy moves out of an adjacent square' (the creatures it was next
    to and is not now), 'when an enemy enters a square within 2 squares / exactly 3 squares away' (each square),
    'when an enemy enters forest terrain' (a square of its space in forest that was not in its space before)."""
    left = [e for e in near if e.in_play() and not b.adjacent(e, mover)]
    if left:
        TR.fire(b, "enemy-leaves-adjacent", left, target=mover)
    if mover.in_play() and not b.over:
        TR.fire(b, "enemy-enters-within", [e for e in watchers if e.in_play()], target=mover)
        TR.fire(b, "enemy-enters-at", [e for e in watchers if e.in_play()], target=mover)
    if came_from is not None:
        _entered_forest(b, mover, watchers, came_from)


def _entered_forest(b: Battle, mover: Fighter, watchers: Sequence[Fighter], came_from: Sq | None) -> None:
    """'When an enemy enters forest terrain': a square of its space now in forest that was not in its space before."""
    if came_from is None or not mover.in_play() or b.over or mover.pos is None:
        return
    before = set(space_of(came_from, mover.side))
    grid = b.board.grid
    if any(sq not in before and grid.has_terrain(sq, "forest") for sq in mover.space()):
        TR.fire(b, "enemy-enters-forest", [e for e in watchers if e.in_play()], target=mover)


def _beside_enemy(b: Battle, mover: Fighter, before_apart: list[Fighter]) -> None:
    """'Use when this creature enters a space adjacent to an enemy': each enemy it has just come next to (its own
    move or shift, square by square)."""
    for e in before_apart:
        if b.over or not mover.in_play():
            return
        if e.in_play() and b.adjacent(e, mover):
            TR.fire(b, "enters-beside-enemy", [mover], target=e)


def _entered(b: Battle, mover: Fighter, before_apart: list[Fighter]) -> None:
    """'When an enemy enters an adjacent square': the enemies it has just come next to."""
    now = [e for e in before_apart if e.in_play() and b.adjacent(e, mover)]
    if now:
        TR.fire(b, "enemy-enters-adjacent", now, target=mover)


def _aware_beside(b: Battle, mover: Fighter) -> bool:
    """An enemy beside ``mover`` has Awareness (a shift out of its adjacent square provokes it)."""
    return any(e.awareness and b.adjacent(e, mover) for e in b.enemies_of(mover))


def shift_to(b: Battle, f: Fighter, to: Sq) -> None:
    """A shift of one move action (profile ``ddm-guild.shift``): the powers that answer an adjacent enemy's shift
    and an enemy entering an adjacent square act after it."""
    if f.reloading() == "move" and b.active is f:  # Slow Reload: not after a ranged attack this turn
        return
    enemies = b.enemies_of(f)
    beside = [e for e in enemies if b.adjacent(e, f)]
    apart = [e for e in enemies if e not in beside]
    if _aware_beside(b, f):  # 'Awareness: can make opportunity attacks against enemies for shifting out of an
        AT.provoke(b, f, "shift")  # adjacent square'
        if not f.in_play() or f.stunned() or f.held():
            return
    if b.challenges:  # 'Use when an enemy shifts or ...: make an opportunity attack against that enemy' (Eyes on
        TR.fire(b, "enemy-ignores", enemies, target=f)  # Me): before it leaves, as an opportunity attack is
        if not f.in_play() or f.stunned() or f.held() or b.over:
            return
    came_from = f.pos
    place(b, f, to)
    f.moved += 1
    if f.effects:
        b.end_until(f, "until-moves", "moved")
    if beside:
        TR.fire(b, "enemy-shifts", beside, target=f)
    if f.in_play() and not b.over and any(p.trigger == "enters-beside-enemy" for p in f.powers):
        _beside_enemy(b, f, apart)
    if f.in_play() and not b.over:
        _entered(b, f, apart)
    if f.in_play() and not b.over:
        _moved_near(b, f, enemies, beside, came_from)
    if f.in_play() and not b.over and any(p.trigger == "enters-square" for p in f.powers):
        TR.fire(b, "enters-square", [f])


def settle(b: Battle, f: Fighter) -> None:
    """Profile ``ddm-guild.legal-position``: a creature left where it may not stay (on another creature, a
    statue, a pit) goes to the nearest square it may occupy (ties: the first in reading order)."""
    pos = f.pos
    if pos is None or not f.in_play():
        return
    occ = b.occupied()

    def free(a: Sq) -> bool:
        return b.board.can_end(a, f.side, f.statue_ok) and all(occ.get(sq) in (None, f) for sq in space_of(a, f.side))

    if free(pos):
        return
    for radius in range(1, max(b.board.width, b.board.height)):
        ring = [(x, y) for y in range(pos[1] - radius, pos[1] + radius + 1)
                for x in range(pos[0] - radius, pos[0] + radius + 1)
                if max(abs(x - pos[0]), abs(y - pos[1])) == radius]
        for a in sorted(ring, key=lambda q: (q[1], q[0])):
            if free(a):
                place(b, f, a)
                b.event("legal-position", creature=f.id, to=list(a))
                return


def teleport_target(b: Battle, t: Fighter, src: Fighter, e: Effect) -> None:
    """An attack's target teleported (profile ``ddm-guild.teleport``): 'teleport target up to 5 squares' to the free
    space within that many squares that it sees, farthest from its attacker (as a push goes; an ally of the attacker:
    where the engine would move it); 'teleport the target to any space within 3 squares of this creature' to the free
    space within that many squares of the attacker, in the attacker's sight, nearest the attacker."""
    if not t.in_play() or t.pos is None or src.pos is None or t is src:
        return
    if e.what == "away":
        options = _teleport_squares(b, t, e.amount)
        if t.player == src.player:
            to = best_square(b, t, options, False)
        else:
            pos = src.pos
            to = max(options, key=lambda a: (gap(a, t.side, pos, src.side), (-a[1], -a[0])), default=None)
            if to is not None and gap(to, t.side, pos, src.side) <= b.gap(t, src):
                to = None  # (no farther than it stands)
    else:
        occ = b.occupied()
        pos = src.pos
        options = [a for a in b.board.squares if gap(a, t.side, pos, src.side) <= e.amount and a != t.pos
                   and b.board.can_end(a, t.side, t.statue_ok) and all(occ.get(sq) in (None, t) for sq in
                                                                        space_of(a, t.side))
                   and b.sight_board(src).sees(pos, src.side, a, t.side)]
        to = min(options, key=lambda a: (gap(a, t.side, pos, src.side), a), default=None)
        if to is not None and gap(to, t.side, pos, src.side) >= b.gap(t, src):
            to = None
    if to is None:
        return
    place(b, t, to)
    b.event("teleport", creature=t.id, to=list(to))


def place_by_enemy(b: Battle, e: Effect, ctx: Ctx) -> None:
    """'Place a Vermin ally adjacent to an enemy within line of sight of this creature': of its allies of those kinds
    not yet beside an enemy, the one farthest from the enemies (most to gain), beside the enemy it sees nearest that
    ally (``place_beside``); nothing when every such ally is beside an enemy already."""
    src = ctx.source
    seen = [x for x in b.enemies_of(src) if b.sees(src, x)]
    if not seen:
        return
    allies = [a for a in b.allies_of(src) if has_kinds(a, e.filter.keyword) and not any(b.adjacent(a, x)
                                                                                        for x in b.enemies_of(a))]
    for a in sorted(allies, key=lambda a: (-FX._enemy_gap(b, a), a.id)):
        for x in sorted(seen, key=lambda x: (b.gap(a, x), x.id)):
            place_beside(b, a, x)
            if b.adjacent(a, x):
                return


def place_beside(b: Battle, f: Fighter, near: Fighter | None, seen: bool = False, space: bool = False) -> None:
    """'Place this creature in a space adjacent to that ally': a free space touching ``near``'s where ``f`` may end,
    the one nearest where ``f`` stands (then by square); nothing if it is already beside it or none is free.
    ``seen``: 'teleports to a square adjacent to target', one it sees from where it stands (ddm-guild.teleport);
    ``space``: 'adjacent to the space occupied by that creature', the space it stood in (destroyed or not)."""
    if near is None or not (near.in_play() or space) or near.pos is None or f.pos is None or not f.in_play() \
            or near is f:
        return
    if b.board.adjacent(f.pos, f.side, near.pos, near.side):
        return
    occ = b.occupied()
    best: tuple[int, Sq] | None = None
    for y in range(near.pos[1] - f.side, near.pos[1] + near.side + 1):
        for x in range(near.pos[0] - f.side, near.pos[0] + near.side + 1):
            a = (x, y)
            if not b.board.can_end(a, f.side, f.statue_ok) or not b.board.adjacent(a, f.side, near.pos, near.side):
                continue
            if any(occ.get(sq) not in (None, f) for sq in space_of(a, f.side)):
                continue
            if seen and not b.sight_board(f).sees(f.pos, f.side, a, f.side):
                continue
            key = (gap(a, f.side, f.pos, f.side), a)
            if best is None or key < best:
                best = key
    if best is None:
        return
    place(b, f, best[1])
    b.event("place", creature=f.id, to=list(best[1]), beside=near.id)


def place_in_space(b: Battle, f: Fighter, gone: Fighter | None) -> None:
    """'Place this creature in a square that was occupied by that ally' (an ally just destroyed): a free space of
    ``f`` holding one of the squares ``gone`` stood in, where the engine would move ``f`` (else the first in reading
    order); nothing if none is free."""
    if gone is None or gone.pos is None or gone.in_play() or f.pos is None or not f.in_play():
        return
    occ = b.occupied()
    was = set(space_of(gone.pos, gone.side))
    options = sorted({(x - i, y - j) for x, y in was for i in range(f.side) for j in range(f.side)},
                     key=lambda a: (a[1], a[0]))
    options = [a for a in options if b.board.can_end(a, f.side, f.statue_ok)
               and all(occ.get(sq) in (None, f) for sq in space_of(a, f.side))]
    if not options:
        return
    to = best_square(b, f, options, False) or options[0]
    place(b, f, to)
    b.event("place", creature=f.id, to=list(to), where="in-space")


def place(b: Battle, f: Fighter, anchor: Sq) -> None:
    f.pos = anchor
    b.moved()
    refresh_while(b)


def refresh_while(b: Battle) -> None:
    """What each creature has while a state of its own holds ('Conceal 6 while adjacent to a wall'), as it is now."""
    if b.carriers:
        FX._carry_smoke(b)
    givers = [g for g in b.fighters if g.aura_gains and g.in_play()]
    for f in b.fighters:
        if not f.while_gains and not f.own_gains and not givers and not f.while_on:
            continue
        now: dict[str, int] = {}
        if f.in_play():
            for what, amount, state in f.while_gains:
                if amount > now.get(what, 0) and _holds_here(b, state, f):
                    now[what] = amount
            for what, amount in f.own_gains:  # 'Invisible', 'Stationary: Cannot move'
                now[what] = max(now.get(what, 0), amount)
            for g in givers:  # what the auras it stands in give it (profile ddm-guild.auras)
                for what, amount, flt, size in g.aura_gains:
                    summed = what == "more-damage"  # ('that enemy takes +5 Damage': each aura's adds up)
                    if (summed or amount > now.get(what, 0)) and aura_reaches(b, g, f, flt, size) and (
                            not flt.target_state or target_state_ok(b, flt, g, f)):  # (the state of the one it
                        # reaches: 'a Bloodied enemy within 5 squares')
                        now[what] = now.get(what, 0) + amount if summed else amount
        if now != f.while_on:
            f.while_on = now
            b.version += 1  # what it can do changed (its moves, its reach)
        if "destroyed" in now and not b.over:
            DM.destroy(b, f, None)
    _end_apart(b)


# states of where a creature stands alone: its space's terrain and walls on the board (the map's, or a view's with
# terrain made for a while), unless difficult terrain a power made counts too ('difficult' names it)
_PLACE_STATES: Final = ("in-terrain:", "in-terrain-all:", "adjacent-terrain:")
_place_only: dict[str, bool] = {}


def _holds_here(b: Battle, state: str, f: Fighter) -> bool:
    """``holds(b, state, f)``; a state of where it stands alone (``_PLACE_STATES``, 'adjacent-wall') is kept per
    board by (state, anchor, side): refresh_while asks it of every creature after every square of every move."""
    only = _place_only.get(state)
    if only is None:
        only = (state == "adjacent-wall" or state.startswith(_PLACE_STATES)) and not any(
            c in state for c in ("&", "/", "!", "difficult"))
        _place_only[state] = only
    if not only or f.pos is None:
        return holds(b, state, f)
    board = b.board
    if board.place_terrain is not board.grid.terrain:  # (other terrain than the states were kept for)
        board.place_states.clear()
        board.place_terrain = board.grid.terrain
    kept = board.place_states
    key = (state, f.pos, f.side)
    hit = kept.get(key)
    if hit is None:
        hit = holds(b, state, f)
        kept[key] = hit
    return hit


def _end_apart(b: Battle) -> None:
    """'Immobilized (save ends, or ends if this creature becomes nonadjacent to target)', '(also ends if affected
    creature becomes 4 or more squares away from this creature)' (extra "apart:0" / "apart:4"): ended once the two
    are apart, or the creature that put it on has left the battle map."""
    ended: list[tuple[Fighter, Active]] = []
    for f in b.fighters:
        for x in f.effects:
            apart = next((int(w[6:]) for w in x.extra if w.startswith("apart:")), -1) if x.extra else -1
            if apart < 0:
                continue
            src = b.by_id.get(x.source)
            if src is None or not src.in_play() or not f.in_play() or (
                    not b.adjacent(src, f) if apart == 0 else b.gap(src, f) >= apart):
                ended.append((f, x))
    for f, x in ended:
        b.end_effect(f, x, "apart")


def place_at(b: Battle, f: Fighter, e: Effect) -> None:
    """'Place this creature within 6 squares of an Arcane ally / in your start area / adjacent to a wall ...'
    (profile, how the engine uses powers): the square the engine would move it to (``best_square``) among the
    free spaces there; nothing when none is better than where it stands."""
    options = placement_squares(b, f, e)
    to = best_square(b, f, options, False)
    if to is None:
        return
    if e.what == "victory:random":  # 'Place this creature in a random victory area': used when some victory area
        areas = b.board.grid.areas("victory")  # would be worth it; then a die names the area (each alike), and
        cells = areas[b.dice.roll(len(areas), "area") - 1].cells  # it goes to its best free space there
        there = [a for a in options if all(sq in cells for sq in space_of(a, f.side))]
        if not there:
            return
        to = best_square(b, f, there, False) or there[0]
    place(b, f, to)
    b.event("place", creature=f.id, to=list(to), where=e.what)


def placement_squares(b: Battle, f: Fighter, e: Effect, arriving: bool = False) -> list[Sq]:
    """The free spaces a placement allows ``f`` (its own space excepted); ``arriving``: it is off the battle map
    (Delayed Appearance) and the placement brings it on ('Place this creature on the battle map adjacent to ...')."""
    if "or" in e.extra and e.options:  # 'in your start area, or adjacent to an allied champion': either
        first = placement_squares(b, f, replace(e, extra=(), options=()), arriving)
        return first + [a for a in placement_squares(b, f, e.options[0][0], arriving) if a not in first]
    if arriving:
        if f.pos is not None or f.on_map or not f.alive or e.what.startswith("seen") or e.what == "near-here":
            return []
    elif f.pos is None or not f.in_play():
        return []
    board = b.board
    kind = e.what
    if kind == "seen":  # 'in a square it can see' / 'up to 4 squares away and in line of sight'
        return _teleport_squares(b, f, e.amount or max(board.width, board.height))
    if kind.startswith("seen:"):  # 'teleport 10, must end in a square adjacent to a wall / in forest terrain'
        terrain = kind[5:]
        if not e.amount:  # 'in any space adjacent to a wall and to which it has line of sight': as far as it sees
            e = replace(e, amount=max(board.width, board.height))
        if terrain.startswith("beside-"):  # 'teleport 9, ending adjacent to forest terrain': a square beside it
            name = terrain[7:]
            return [a for a in _teleport_squares(b, f, e.amount)
                    if any(n not in space_of(a, f.side) and name in board.grid.terrain.get(n, ())
                           for sq in space_of(a, f.side) for n in _neighbours8(sq))]
        return [a for a in _teleport_squares(b, f, e.amount)
                if (_beside_wall(b, space_of(a, f.side)) if terrain == "wall"
                    else all(terrain in board.grid.terrain.get(sq, ()) for sq in space_of(a, f.side)))]
    refs: list[Fighter] = []
    cells: frozenset[Sq] = frozenset()
    own = b.letters[f.player]
    if kind.startswith("near:"):
        pool = b.allies_of(f) if kind == "near:ally" else b.enemies_of(f)
        state = Filter(target_state=e.filter.target_state)
        refs = [x for x in pool if x.pos is not None and has_kinds(x, e.filter.keyword)
                and target_state_ok(b, state, f, x)]
        if not refs:
            return []
    elif kind == "near-here" and f.pos is not None:  # 'up to 5 squares away from its current location'
        cells = frozenset((f.pos,))
    elif kind in ("start", "near-start"):
        cells = board.map.start_squares(own)
    elif kind.startswith("victory") or kind == "beside-victory":
        here = b.occupied() if kind in ("victory:enemy", "victory:occupied", "victory:other") else {}
        cells = frozenset(sq for a in board.grid.areas("victory") if _area_fits(kind, a, own, here, f)
                          for sq in a.cells)
    elif kind not in ("wall", "far"):
        return []
    occ = b.occupied()
    others = [x for x in b.fighters if x is not f and x.in_play() and x.pos is not None] if kind == "far" else []
    out = []
    for a in board.squares:
        if a == f.pos or not board.can_end(a, f.side, f.statue_ok):
            continue
        space = space_of(a, f.side)
        if any(occ.get(sq) not in (None, f) for sq in space):
            continue
        if kind.startswith("near:"):
            n = e.amount
            if not any((board.adjacent(a, f.side, x.pos, x.side) if n < 0 else gap(a, f.side, x.pos, x.side) <= n)
                       for x in refs if x.pos is not None):
                continue
        elif kind == "near-start":
            if not any(gap(a, f.side, c, 1) <= e.amount for c in cells):
                continue
        elif kind == "near-here":
            if f.pos is None or gap(a, f.side, f.pos, f.side) > e.amount:
                continue
        elif kind == "wall":
            if not _beside_wall(b, space):
                continue
        elif kind == "far":  # 'no closer than 10 squares from any enemy or ally'
            if any(x.pos is not None and gap(a, f.side, x.pos, x.side) < e.amount for x in others):
                continue
        elif kind == "beside-victory":  # 'adjacent to, but not occupying, a victory area'
            if any(sq in cells for sq in space) or not any(n in cells for sq in space for n in _neighbours8(sq)):
                continue
        elif not all(sq in cells for sq in space):
            continue
        out.append(a)
    return out


def _area_fits(kind: str, area: Area, own: str, here: Mapping[Sq, Fighter], f: Fighter) -> bool:
    """A victory area a placement allows: any; its side's ("victory:own"); one an enemy of ``f`` stands in
    ("victory:enemy"); one another creature stands in ("victory:occupied"); one ``f`` does not stand in
    ("victory:other"). ``here``: the creatures by square."""
    if kind == "victory:own":
        return area.letter in (own, "")
    if kind == "victory:enemy":
        return any(x is not None and x.player != f.player for x in (here.get(sq) for sq in area.cells))
    if kind == "victory:occupied":
        return any(here.get(sq) not in (None, f) for sq in area.cells)
    if kind == "victory:other":
        return not any(here.get(sq) is f for sq in area.cells)
    return True


def arrive(b: Battle, f: Fighter, triggers: tuple[str, ...]) -> str:
    """A creature off the battle map (Delayed Appearance) whose power at this moment places it ('Use at end of round:
    Place this creature on the battle map adjacent to a Divine or Arcane Drow ally', 'Use at start of any round after
    the first: Place this creature on the battle map adjacent to a wall') comes on there instead of its start area:
    where the engine would move it (``best_square``'s measure). The trigger of the power that placed it ("" when no
    such power places it now): the creature answers that moment no more this round (its other powers of that moment
    included)."""
    for p in f.powers:
        if p.trigger not in triggers or p.unplayed or not p.effects or not f.uses_left(p) \
                or any(e.kind != "place" or e.who != "self" for e in p.effects) \
                or not TR.requirement_ok(f, p, False, b):
            continue
        options = placement_squares(b, f, p.effects[0], arriving=True)
        if not options:
            continue
        to = min(options, key=lambda a: _arrival_value(b, f, a))
        TR.spend(b, f, p)
        b.event("power", creature=f.id, power=p.name, trigger=p.trigger)
        f.on_map = True
        place(b, f, to)
        b.event("deploy", creature=f.id, at=list(to))
        return p.trigger
    return ""


# --- switching positions (profile ddm-guild.switch) -------------------------------------------------------------

def switch_ok(b: Battle, x: Fighter, y: Fighter) -> bool:
    """Both creatures may end in the other's place: each one's space, anchored where the other's is, fits the map and
    holds no third creature ('Both creatures must end in legal positions')."""
    if x is y or x.pos is None or y.pos is None or not x.in_play() or not y.in_play():
        return False
    occ = b.occupied()
    for f, to in ((x, y.pos), (y, x.pos)):
        if not b.board.can_end(to, f.side, f.statue_ok) or any(
                occ.get(sq) not in (None, x, y) for sq in space_of(to, f.side)):
            return False
    return True


def switch_gain(b: Battle, side: int, x: Fighter, y: Fighter) -> int:
    """What switching ``x`` and ``y`` does for player ``side``, by ``best_square``'s measure (a creature whose best
    attack is melee nearer the nearest enemy, another farther, up to 6 squares), each creature's counted by its cost
    (the stronger one forward): its own creatures' gain less the other side's."""
    total = 0
    for f, to in ((x, y.pos), (y, x.pos)):
        if f.pos is None or to is None:
            continue
        enemies = [e for e in b.enemies_of(f) if e.pos is not None and e is not x and e is not y]
        if not enemies:
            continue

        def near(a: Sq, f: Fighter = f, enemies: list[Fighter] = enemies) -> int:
            d = min(gap(a, f.side, e.pos, e.side) for e in enemies if e.pos is not None)
            return d if f.ranged_basic() is None else -min(d, 6)

        gain = (near(f.pos) - near(to)) * f.card.cost
        total += gain if f.player == side else -gain
    return total


def switch_pair(b: Battle, e: Effect, ctx: Ctx) -> tuple[Fighter, Fighter] | None:
    """The two creatures a switch moves: ``who`` (itself, or the attack's target) and the other ('that enemy', or the
    ally of the power's creature — of the kinds and within the squares it names — whose switch is worth most to its
    side, ``switch_gain``). An attack's rider ('1 ally within 5 squares of this creature switches positions with
    target') is made with the best ally there is; its own switch with an ally ('This creature switches positions with
    1 Shadow ally') only when that is worth something; with 'that enemy', always (its player chose to use it)."""
    src = ctx.source
    if e.who == "pair":  # '2 creatures (enemy or ally) adjacent to each other and within 10 squares of it': the pair
        # worth most to its side, when that is worth something
        near = [x for x in b.in_play() if x.pos is not None and b.gap(src, x) <= e.amount]
        pairs = [(x, y) for i, x in enumerate(near) for y in near[i + 1:] if b.adjacent(x, y) and switch_ok(b, x, y)]
        if not pairs:
            return None
        x, y = max(pairs, key=lambda p: (switch_gain(b, src.player, *p), p[0].id, p[1].id))
        return (x, y) if switch_gain(b, src.player, x, y) > 0 else None
    mover = src if e.who == "self" else ctx.target
    if mover is None:
        return None
    if e.what in ("target", "that-ally"):  # 'that enemy'; 'that ally' (the event's: 'when an adjacent ally is hit')
        other = ctx.target if e.what == "target" else ctx.ally
        if other is None or not switch_ok(b, mover, other):
            return None
        return mover, other
    pool = [a for a in b.allies_of(src) if a is not mover and has_kinds(a, e.filter.keyword)
            and (e.amount <= 0 or b.gap(src, a) <= e.amount) and switch_ok(b, mover, a)]
    if not pool:
        return None
    best = max(pool, key=lambda a: (switch_gain(b, src.player, mover, a), a.id))
    if e.who == "self" and switch_gain(b, src.player, mover, best) <= 0:
        return None
    return mover, best


def switch(b: Battle, x: Fighter, y: Fighter) -> None:
    """The two trade places: no move, no opportunity attack (a placement)."""
    to_x, to_y = y.pos, x.pos
    if to_x is None or to_y is None:
        return
    x.pos = to_x
    y.pos = to_y
    b.moved()
    refresh_while(b)
    b.event("switch", creature=x.id, other=y.id, at=list(to_x), other_at=list(to_y))


def _arrival_value(b: Battle, f: Fighter, a: Sq) -> tuple[int, Sq]:
    """``best_square``'s measure for a creature not yet on the map: nearest an enemy for a creature whose best attack
    is melee, away from enemies (up to 6 squares) otherwise."""
    near = min((gap(a, f.side, e.pos, e.side) for e in b.enemies_of(f) if e.pos is not None), default=0)
    return (near if f.ranged_basic() is None else -min(near, 6)), a


def _neighbours8(sq: Sq) -> list[Sq]:
    return [(sq[0] + dx, sq[1] + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]


def _beside_wall(b: Battle, space: list[Sq]) -> bool:
    """A space touching a wall: a solid square around it, or a wall along one of its squares' sides."""
    grid = b.board.grid
    for sq in space:
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                n = (sq[0] + dx, sq[1] + dy)
                if (dx or dy) and n not in space and (  # (the map's edge is a wall: ddm-guild.stand-in-terrain)
                        grid.is_solid(n) or (dx * dy == 0 and not grid.adjacent(sq, n))):
                    return True
    return False


def forced_move(b: Battle, f: Fighter, source: Fighter, kind: str, n: int, exactly: bool,
                provokes: bool = False) -> None:
    """Profile ``ddm-guild.forced-movement``: the engine pushes (or slides) straight away from the source as far
    as it can, and pulls toward it; walls, creatures and statues stop it. A movement the card says provokes ('this
    movement provokes opportunity attacks') draws one from each enemy of the moved creature it leaves, once each this
    turn (profile ``ddm-guild.opportunity-attack``)."""
    if not f.in_play() or f.pos is None or source.pos is None or f is source:
        return
    immune = f.immune_now()  # (its own, an aura's, while a state holds, or for a while)
    if any(w in immune for w in ("forced movement", kind)) or (
            "enemy forced movement" in immune and source.player != f.player):  # ('... effects of enemies')
        return
    occupied = b.occupied()
    start = f.pos
    own_turn = f.provoked_by
    if provokes:
        f.provoked_by = set()  # this turn's opportunity attacks (its own set is of its own turn)
    for _ in range(n):
        pos = f.pos
        if pos is None:
            return
        best: Sq | None = None
        cur = gap(pos, f.side, source.pos, source.side)
        best_gap = cur
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if dx == 0 and dy == 0:
                    continue
                n2 = (pos[0] + dx, pos[1] + dy)
                if not b.board.step_ok(pos, f.side, (dx, dy), False):
                    continue
                if not b.board.can_end(n2, f.side, f.statue_ok) and not b.board.has_pit(n2, f.side):
                    continue
                if any(occupied.get(sq) not in (None, f) for sq in space_of(n2, f.side)):
                    continue
                g = gap(n2, f.side, source.pos, source.side)
                if kind == "pull":
                    if g < best_gap and g >= 1:
                        best, best_gap = n2, g
                elif g > best_gap:
                    best, best_gap = n2, g
        if best is None:
            break
        if provokes:  # as it leaves this square
            AT.provoke(b, f, "forced")
            if not f.in_play() or b.over:
                return
        place(b, f, best)
        if b.board.has_pit(best, f.side) and not f.flight:
            b.event("pit", creature=f.id)
            DM.destroy(b, f, source)
            return
    if provokes:
        f.provoked_by = own_turn | f.provoked_by if b.active is f else own_turn
    if f.pos != start:
        b.event("forced", creature=f.id, how=kind, to=list(f.pos) if f.pos else None, by=source.id)
        watchers = [e for e in b.enemies_of(f) if any(p.trigger == "enemy-enters-forest" for p in e.powers)]
        if watchers and f.in_play() and not b.over:  # ('when an enemy enters forest terrain': pushed in too)
            _entered_forest(b, f, watchers, start)


def reposition(b: Battle, f: Fighter, kind: str, n: int, toward_enemy: bool, mode: str = "") -> None:
    """Shift, move or teleport by an effect; the engine chooses the square: toward the nearest enemy for a
    creature whose best attack is melee, away from adjacent enemies otherwise. ``mode`` ('flight', 'burrow'): how
    this move goes ('move up to its speed with Flight'), for this move only."""
    best = reposition_square(b, f, kind, n, toward_enemy, mode)
    if best is None:
        return
    if kind == "teleport":
        place(b, f, best)
        b.event("teleport", creature=f.id, to=list(best))
        if f.effects:
            b.end_until(f, "until-moves", "moved")
        return
    f.move_mode = mode
    try:
        path = reach(b, f, n).path(best)
        b.event("reposition", creature=f.id, how=kind, to=list(best), **({"mode": mode} if mode else {}))
        walk(b, f, path, provokes=kind == "move", shifting=kind == "shift")
    finally:
        f.move_mode = ""


def reposition_square(b: Battle, f: Fighter, kind: str, n: int, toward_enemy: bool, mode: str = "") -> Sq | None:
    """The anchor ``reposition`` moves ``f`` to (None: it stays), so a player can weigh the move beforehand."""
    if not f.in_play() or f.pos is None or n <= 0:
        return None
    if kind != "teleport" and (f.held() or f.stunned()):
        return None
    if kind == "teleport":
        options = _teleport_squares(b, f, n)
    else:
        f.move_mode = mode
        try:
            found = reachable(b, f, n)
        finally:
            f.move_mode = ""
        options = [a for a in found if a != f.pos]
    return best_square(b, f, options, toward_enemy)




def self_move_square(b: Battle, f: Fighter, e: Effect, ctx: Ctx) -> Sq | None:
    """Where a shift, move or teleport effect takes ``f`` (None: it stays), as ``apply_effect`` will play it."""
    if e.what.startswith(("end:", "closer:")):
        return end_square(b, f, e, ctx)
    n = e.amount if e.amount >= 0 else f.speed() * -e.amount
    return reposition_square(b, f, e.kind, n, "toward-enemy" in e.extra, move_mode(e))


def end_refs(b: Battle, f: Fighter, e: Effect, ctx: Ctx) -> list[Fighter]:
    """The creatures a shift, move or teleport must end beside: 'that enemy' / 'that ally' (the event's, else the one
    its requirement names, adjacent to it now: within -1 and the requirement's kinds), 'a Bloodied enemy', 'an Evil,
    Demon, or Spider ally', 'a creature taking ongoing fire damage'."""
    what = e.what[4:]
    pool: Sequence[Fighter]
    if what == "target" and ctx.target is not None:
        pool = [ctx.target]
    elif what == "that-ally" and ctx.ally is not None:
        pool = [ctx.ally]
    elif what in ("target", "enemy"):
        pool = b.enemies_of(f)
    elif what in ("ally", "that-ally"):
        pool = b.allies_of(f)
    else:
        pool = [x for x in b.fighters if x is not f]
    state = Filter(target_state=e.filter.target_state)
    return [x for x in pool if x.in_play() and x.pos is not None and x is not f and has_kinds(x, e.filter.keyword)
            and target_state_ok(b, state, f, x) and (e.filter.within != -1 or b.adjacent(f, x))]


def end_square(b: Battle, f: Fighter, e: Effect, ctx: Ctx) -> Sq | None:
    """Where a shift, move or teleport that must end beside a creature or a wall takes ``f`` (None: it stays). Its
    spaces: those the shift, move or teleport reaches (no number: a teleport anywhere it sees, a shift around 'that
    enemy' square by square, each square beside it) that touch such a creature or a wall. Of them, the engine takes
    one from which ``f`` flanks an enemy it is beside with an ally when it does not already flank one, else the one
    ``best_square`` takes (nearest an enemy)."""
    if not f.in_play() or f.pos is None or (e.kind != "teleport" and (f.held() or f.stunned())):
        return None
    closer = e.what == "closer:target"  # ('shifts 1 square closer to target': to a square nearer it than its own)
    refs = [ctx.target] if closer and ctx.target is not None and ctx.target.pos is not None else \
        end_refs(b, f, e, ctx) if e.what not in ("end:wall", "closer:target") else []
    if not refs and e.what != "end:wall":
        return None
    n = e.amount if e.amount >= 0 else f.speed() * -e.amount
    if e.kind == "teleport":
        base = _teleport_squares(b, f, n or max(b.board.width, b.board.height))
    elif n == 0:
        base = _around_squares(b, f, refs)
    else:
        base = [a for a in reachable(b, f, n) if a != f.pos]
    board = b.board
    if e.what == "end:wall":
        options = [a for a in base if _beside_wall(b, space_of(a, f.side))]
    elif closer:
        t = refs[0]
        assert t.pos is not None
        now = gap(f.pos, f.side, t.pos, t.side)
        options = [a for a in base if gap(a, f.side, t.pos, t.side) < now]
    else:
        options = [a for a in base if any(board.adjacent(a, f.side, x.pos, x.side) for x in refs if x.pos is not None)]
    if not options:
        return None
    foes = [x for x in b.enemies_of(f) if x.pos is not None and not x.no_flank]
    if f.melee_basic() is not None and not any(flanks_from(b, f, f.pos, x) for x in foes):
        flank = [a for a in options if any(flanks_from(b, f, a, x) for x in foes)]
        if flank:
            here = f.pos
            return min(flank, key=lambda a: (gap(a, f.side, here, f.side), a))
    if e.what == "end:target" and all(board.adjacent(f.pos, f.side, x.pos, x.side) for x in refs if x.pos):
        return None  # beside that enemy already, and no flank to gain
    return best_square(b, f, options, True)


def flanks_from(b: Battle, f: Fighter, anchor: Sq, x: Fighter) -> bool:
    """``f`` standing at ``anchor`` would flank ``x`` with an ally (profile ``ddm-guild.flanking``)."""
    if x.pos is None or not b.board.adjacent(anchor, f.side, x.pos, x.side) or f.never_flanks():
        return False
    space = space_of(anchor, f.side)
    for ally in b.allies_of(f):
        if ally.pos is None or not ally.flanker() or not b.adjacent(ally, x):
            continue
        if any(b.board.grid.flanks(a_sq, l_sq, t_sq) for a_sq in space for l_sq in ally.space()
               for t_sq in x.space()):
            return True
    return False


def _around_squares(b: Battle, f: Fighter, refs: list[Fighter]) -> list[Sq]:
    """'Shift to another square adjacent to that enemy': the free spaces it reaches shifting square by square with
    every square beside one of ``refs`` (reading ``ddm-guild.shift-around``)."""
    if f.pos is None:
        return []
    occ = b.occupied()
    board = b.board
    out: list[Sq] = []
    for x in refs:
        if x.pos is None:
            continue
        seen = {f.pos}
        todo = [f.pos]
        while todo:
            at = todo.pop()
            for nxt, _cost, _forest, pit in board.steps(at, f.side):
                if nxt in seen or pit or not board.adjacent(nxt, f.side, x.pos, x.side):
                    continue
                if any(occ.get(sq) not in (None, f) for sq in space_of(nxt, f.side)):
                    continue
                seen.add(nxt)
                todo.append(nxt)
                if board.can_end(nxt, f.side, f.statue_ok) and nxt not in out:
                    out.append(nxt)
    return sorted(out)


def reposition_to_end(b: Battle, f: Fighter, e: Effect, ctx: Ctx) -> None:
    to = end_square(b, f, e, ctx)
    if to is None or f.pos is None:
        return
    if e.kind == "teleport" or (e.kind == "shift" and e.amount == 0):
        place(b, f, to)  # a shift around that enemy goes square by square beside it: no square it leaves provokes
        b.event("teleport" if e.kind == "teleport" else "reposition", creature=f.id, to=list(to),
                **({} if e.kind == "teleport" else {"how": "shift"}))
        return
    n = e.amount if e.amount >= 0 else f.speed() * -e.amount
    path = reach(b, f, n).path(to)
    b.event("reposition", creature=f.id, how=e.kind, to=list(to))
    walk(b, f, path, provokes=e.kind == "move", shifting=e.kind == "shift")


def best_square(b: Battle, f: Fighter, options: list[Sq], toward_enemy: bool) -> Sq | None:
    """Of ``options``, where the engine moves ``f``: nearest an enemy for a creature whose best attack is melee,
    away from enemies (up to 6 squares) otherwise; None when none is better than where it stands."""
    if not options or f.pos is None:
        return None
    enemies = b.enemies_of(f)
    if not enemies:
        return None
    melee = toward_enemy or f.ranged_basic() is None

    def value(a: Sq) -> tuple[int, int, Sq]:
        near = min(gap(a, f.side, e.pos, e.side) for e in enemies if e.pos is not None)
        return ((near if melee else -min(near, 6)), 0, a)

    best = min(options, key=value)
    if value(best)[0] >= value(f.pos)[0] and not (not melee and value(best)[0] < value(f.pos)[0]):
        return None
    return best


def _teleport_squares(b: Battle, f: Fighter, n: int) -> list[Sq]:
    """Profile ``ddm-guild.teleport``: free spaces within ``n`` that the creature sees."""
    pos = f.pos
    if pos is None:
        return []
    occ = b.occupied()
    out = []
    for y in range(pos[1] - n, pos[1] + n + 1):
        for x in range(pos[0] - n, pos[0] + n + 1):
            a = (x, y)
            if a == pos or not b.board.can_end(a, f.side, f.statue_ok):
                continue
            if any(occ.get(sq) not in (None, f) for sq in space_of(a, f.side)):
                continue
            if b.sight_board(f).sees(pos, f.side, a, f.side):
                out.append(a)
    return out
