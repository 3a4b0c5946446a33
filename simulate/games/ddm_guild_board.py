"""The battle map as the DDM Guild rules read it: spaces, distances, sight, movement and attack areas.

Built on the shared :class:`~simulate.engine.grid.SquareGrid` (walls, edge walls, terrain, line of sight, cover,
flanking) and the seed rules' map format (``muster-ddm-map/1``, ``simulate/games/ddm_maps.py``). What differs
from the seed rules is the count (profile ``ddm-guild.distance``: every square 1, diagonals included) and the
areas (``ddm-guild.areas``).

A creature's space is its anchor (top-left square) and its side (1, 2 or 3 squares).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Final

from simulate.engine.grid import DIRECTIONS, Sq, SquareGrid
from simulate.games import ddm_guild_rules as R
from simulate.games.ddm_maps import DdmMap

SLOWING: Final = frozenset({"difficult", "forest", "statue", "risky", "spike-stones"})
SIGHT_ONLY: Final = frozenset({"smoke"})  # terrain that changes sight alone: a power may make it for a while
NO_END: Final = frozenset({"statue", "pit"})
UNREACHED: Final = 999  # a distance field's value where its search did not reach
GOAL_FIELDS_KEPT: Final = 512  # the players' goal fields kept per map (the same goals come back in other battles)


def space_of(anchor: Sq, side: int) -> list[Sq]:
    if side == 1:
        return [anchor]
    return [(anchor[0] + i, anchor[1] + j) for j in range(side) for i in range(side)]


def gap(a: Sq, a_side: int, b: Sq, b_side: int) -> int:
    """Squares between two spaces, counting every square 1 (0: they overlap; 1: neighbours)."""
    ax, ay, bx, by = a[0], a[1], b[0], b[1]
    if bx > ax + a_side - 1:
        dx = bx - (ax + a_side - 1)
    elif ax > bx + b_side - 1:
        dx = ax - (bx + b_side - 1)
    else:
        dx = 0
    if by > ay + a_side - 1:
        dy = by - (ay + a_side - 1)
    elif ay > by + b_side - 1:
        dy = ay - (by + b_side - 1)
    else:
        dy = 0
    return dx if dx > dy else dy


class Mover:
    """What a movement search needs to know about the creature that moves."""

    def __init__(self, side: int, flight: bool, ignore_difficult: bool, phasing: bool, through_enemies: bool,
                 forest_walk: bool, statue_ok: bool = False) -> None:
        self.side = side
        self.statue_ok = statue_ok  # Towering, 'may occupy statue terrain': it may stop on a statue
        self.flight = flight
        self.ignore_difficult = ignore_difficult
        self.phasing = phasing
        self.through_enemies = through_enemies
        self.forest_walk = forest_walk


class Reach:
    """Where a creature can move within a budget, on anchor indices: ``cost``, ``prov`` (provocations) and
    ``back`` (the step that came here, :meth:`prev_of`) per index, ``found`` (every anchor reached, in the order
    found) and ``stops`` (those it may stop on, the start included, in the same order). ``ends`` and ``full`` give
    the same as dicts keyed by anchor (built when asked)."""

    def __init__(self, board: GuildBoard, start: int, cost: list[int], prov: list[int], back: list[int],
                 found: list[int], stops: list[int], ends: bytes = b"", allies: bytes = b"") -> None:
        self.board = board
        self.start = start
        self.cost = cost
        self.prov = prov
        self.back = back  # per index: the step that came, (dy + 1) << 2 | (dx + 1) (5: none), a small integer
        self.found = found
        self.stops = stops
        self._ends: dict[Sq, tuple[int, int, Sq]] | None = None
        self.ends_flags = ends  # 1 for each anchor a space may stop on (the search's: stops_at)
        self.allies = allies  # 1 for each it may cross but not stop on (b"": none)
        self._by_prov: tuple[int, ...] | None = None

    def prev_of(self, i: int) -> int:
        """The anchor index the cheapest way to anchor index ``i`` came from (the start's: itself)."""
        d = self.back[i]
        w = self.board.width
        return i + w + 1 - (d & 3) - (d >> 2) * w

    def _as_dict(self, which: list[int]) -> dict[Sq, tuple[int, int, Sq]]:
        sqs = self.board.squares
        cost, prov = self.cost, self.prov
        return {sqs[i]: (cost[i], prov[i], sqs[self.prev_of(i)]) for i in which}

    @property
    def ends(self) -> dict[Sq, tuple[int, int, Sq]]:
        """Anchor → (cost, provocations, previous anchor) for every anchor it may stop on."""
        if self._ends is None:
            self._ends = self._as_dict(self.stops)
        return self._ends

    @property
    def full(self) -> dict[Sq, tuple[int, int, Sq]]:
        return self._as_dict(self.found)

    def by_provocations(self) -> tuple[int, ...]:
        """The anchors it may stop on, fewest provocations first, then the cheapest, then by (x, y): each as one
        integer (provocations << 40 | cost << 24 | x << 12 | y), so the order is a sort of integers (kept: a search
        is read again by later decisions)."""
        if self._by_prov is None:
            w = self.board.width
            cost, prov = self.cost, self.prov
            out = []
            for i in self.stops:
                y = i // w
                out.append((prov[i] << 40) | (cost[i] << 24) | ((i - y * w) << 12) | y)
            out.sort()
            self._by_prov = tuple(out)
        return self._by_prov

    def stops_at(self, to: Sq) -> bool:
        """May it stop on anchor ``to`` (the start included)?"""
        if self.start < 0 or not (0 <= to[0] < self.board.width and 0 <= to[1] < self.board.height):
            return False
        i = to[1] * self.board.width + to[0]  # (as the search listed stops: found, endable, not an ally's)
        if i == self.start:
            return True
        allies = self.allies
        return self.cost[i] < 1 << 30 and self.ends_flags[i] == 1 and not (len(allies) > 0 and allies[i])

    def cost_to(self, to: Sq) -> int:
        return self.cost[to[1] * self.board.width + to[0]]

    def path(self, to: Sq) -> list[Sq]:
        """The anchors from the start (excluded) to ``to`` (included)."""
        sqs = self.board.squares
        out: list[Sq] = []
        at = to[1] * self.board.width + to[0]
        while at != self.start:
            out.append(sqs[at])
            at = self.prev_of(at)
        out.reverse()
        return out


class Field:
    """A distance field grown breadth first from its targets (:meth:`GuildBoard.goal_distances`): ``out`` per anchor
    index (:data:`UNREACHED` where not settled yet), ``frontier`` every anchor settled in the order found, ``next`` the
    first of them not expanded yet (all anchors up to its distance are settled)."""

    def __init__(self, out: list[int], frontier: list[int]) -> None:
        self.out = out
        self.frontier = frontier
        self.next = 0


def no_reach(board: GuildBoard) -> Reach:
    """Nowhere to go (a creature off the map)."""
    return Reach(board, -1, [], [], [], [], [])


class GuildBoard:
    """One map's geometry for Guild battles; kept per map and shared by every battle on it."""

    def __init__(self, ddm_map: DdmMap) -> None:
        self.map = ddm_map
        self.grid: SquareGrid = ddm_map.grid
        self.width = self.grid.width
        self.height = self.grid.height
        self._slow: set[Sq] = set()
        self._forest: set[Sq] = set()
        self._no_end: set[Sq] = set()
        self._pit: set[Sq] = set()
        self._statue: set[Sq] = set()
        for sq, names in self.grid.terrain.items():
            if names & SLOWING:
                self._slow.add(sq)
            if "forest" in names:
                self._forest.add(sq)
            if names & NO_END:
                self._no_end.add(sq)
            if "pit" in names:
                self._pit.add(sq)
            if "statue" in names:
                self._statue.add(sq)
        self.statues: frozenset[Sq] = frozenset(self._statue)
        # two spaces' sight, adjacency and cover from walls, by the pair as one integer (_pair): a dict of integers
        # is no container the cycle collector looks into, and its key is made and hashed without a tuple
        self._sight_cache: dict[int, bool] = {}
        self._adj_cache: dict[int, bool] = {}
        self._cover_cache: dict[int, bool] = {}
        self._field_cache: dict[tuple[frozenset[Sq], int], dict[Sq, int]] = {}
        self._field_arrays: dict[tuple[frozenset[Sq], int], list[int]] = {}  # the same fields by anchor index
        self._goal_fields: dict[tuple[frozenset[Sq], int], Field] = {}  # the players' goals (goal_distances)
        self._steps: dict[tuple[Sq, int], list[tuple[Sq, int, int, bool]]] = {}
        self._endable: dict[int, frozenset[Sq]] = {}
        # ddm_guild_moves._holds_here: states of where a creature stands, by (state, anchor, side), kept while the
        # grid's terrain is this mapping (a view's own; a test may give the grid other terrain)
        self.place_states: dict[tuple[str, Sq, int], bool] = {}
        self.place_terrain: Mapping[Sq, frozenset[str]] = self.grid.terrain
        # squares as integers (y × width + x), for the searches: the anchors' squares, and per kind of mover the
        # steps from every anchor as bytes (move_codes; the order of DIRECTIONS), whether a space fits there, may
        # stop there (kept per map: walls never change)
        self.size = self.width * self.height
        self.squares: list[Sq] = [(x, y) for y in range(self.height) for x in range(self.width)]
        self._codes: dict[int, bytes] = {}
        self._fits_flags: dict[int, bytes] = {}
        self._endable_flags: dict[int, bytes] = {}
        self.base: GuildBoard = self  # the map's own board (a view with terrain a power made keeps it here)
        self._views: dict[tuple[frozenset[tuple[Sq, frozenset[str]]], int, frozenset[str], bool], GuildBoard] = {}
        self.smoky = any("smoke" in names for names in self.grid.terrain.values())
        self.sight_limit = 0  # 'line of sight is limited to 6 squares' (a view's: _LimitedSight)

    def with_terrain(self, made: Mapping[Sq, frozenset[str]], limit: int = 0, drop: frozenset[str] = frozenset(),
                     clear: bool = False) -> GuildBoard:
        """This map with terrain a power made for a while added, and sight limited to ``limit`` squares if one is
        given (profile ``ddm-guild.made-terrain``); ``drop``: terrain taken away, the map's and made (the sight of a
        creature that 'ignores smoke terrain', of {r} attacks that 'ignore forest terrain'); ``clear``: no terrain
        and no walls (the sight of a creature whose line of sight 'terrain and walls do not block'). Views other than
        the one a battle keeps as its board are never moved on. A view shares the map's movement (only terrain that
        changes sight alone, ``SIGHT_ONLY``, is made) and has its own sight; a few views are kept per map (the same
        terrain comes back in other battles)."""
        base = self.base
        if drop:
            made = {sq: names - drop for sq, names in made.items() if names - drop}
            if not any(names & drop for names in base.grid.terrain.values()):
                drop = frozenset()
        if not limit and not clear and not made and not drop:
            return base
        if any(not names <= SIGHT_ONLY for names in made.values()):
            raise ValueError("only terrain that changes sight alone is made by powers")
        key = (frozenset(made.items()) if not clear else frozenset(), limit, drop, clear)
        view = base._views.get(key)
        if view is None:
            terrain: dict[Sq, frozenset[str]] = {}
            if not clear:
                terrain = {sq: names - drop for sq, names in base.grid.terrain.items() if names - drop}
                for sq, names in made.items():
                    terrain[sq] = terrain.get(sq, frozenset()) | names
            grid = dataclasses.replace(base.grid, terrain=terrain) if not clear else dataclasses.replace(
                base.grid, terrain=terrain, solid=frozenset(), edge_walls=frozenset())
            view = (_LimitedSight if limit else GuildBoard)(base.map)
            view._share(base, grid, limit)
            if len(base._views) >= 16:
                base._views.pop(next(iter(base._views)))
            base._views[key] = view
        return view

    def _share(self, base: GuildBoard, grid: SquareGrid, limit: int) -> None:
        """Made a view of ``base`` (:meth:`with_terrain`): the map's movement and its caches shared, its own grid,
        sight and cover caches, views, smoke and sight limit. (A copy of the board would do the same, but a board
        compiled by mypyc cannot be copied, nor its class changed.)"""
        self._slow, self._forest, self._no_end, self._pit = base._slow, base._forest, base._no_end, base._pit
        self._statue, self.statues, self._endable = base._statue, base.statues, base._endable
        self._adj_cache, self._field_cache, self._field_arrays = base._adj_cache, base._field_cache, base._field_arrays
        self._goal_fields, self._steps = base._goal_fields, base._steps
        self._codes = base._codes
        self._fits_flags, self._endable_flags = base._fits_flags, base._endable_flags
        self.base = base
        self.grid = grid
        self.smoky = any("smoke" in names for names in grid.terrain.values())
        self.sight_limit = limit

    # -- spaces

    def fits(self, anchor: Sq, side: int) -> bool:
        """The space is on the map and clear of walls."""
        return all(not self.grid.is_solid(sq) for sq in space_of(anchor, side))

    def can_end(self, anchor: Sq, side: int, statue_ok: bool) -> bool:
        """A space may stop here: no wall, no pit, no statue (unless the creature may occupy statues)."""
        return all(not (self.grid.is_solid(sq) or (sq in self._no_end and not (statue_ok and sq in self._statue)))
                   for sq in space_of(anchor, side))

    def has_pit(self, anchor: Sq, side: int) -> bool:
        return any(sq in self._pit for sq in space_of(anchor, side))

    def _pair(self, a: Sq, a_side: int, b: Sq, b_side: int) -> int:
        """Two spaces as one integer (their anchors' indices and sides), -1 when an anchor is off the map or a side
        is 8 or more (then nothing is kept)."""
        w, h = self.width, self.height
        if a_side > 7 or b_side > 7 or not (0 <= a[0] < w and 0 <= a[1] < h and 0 <= b[0] < w and 0 <= b[1] < h):
            return -1
        return (((a[1] * w + a[0]) * 8 + a_side) * self.size + b[1] * w + b[0]) * 8 + b_side

    def adjacent(self, a: Sq, a_side: int, b: Sq, b_side: int) -> bool:
        """Two spaces touch (gap 1) and some pair of their squares is not separated by a wall."""
        if gap(a, a_side, b, b_side) != 1:
            return False
        if a_side == 1 and b_side == 1:
            return self.grid.adjacent(a, b)
        key = self._pair(a, a_side, b, b_side)
        hit = self._adj_cache.get(key) if key >= 0 else None
        if hit is None:
            hit = any(self.grid.adjacent(x, y) for x in space_of(a, a_side) for y in space_of(b, b_side))
            if key >= 0:
                self._adj_cache[key] = hit
        return hit

    def sees(self, a: Sq, a_side: int, b: Sq, b_side: int) -> bool:
        if a_side == 1 and b_side == 1:
            return self.grid.square_los(a, b)
        key = self._pair(a, a_side, b, b_side)
        hit = self._sight_cache.get(key) if key >= 0 else None
        if hit is None:
            hit = self.grid.los(space_of(a, a_side), space_of(b, b_side))
            if key >= 0:
                self._sight_cache[key] = hit
        return hit

    def wall_cover(self, a: Sq, a_side: int, b: Sq, b_side: int) -> bool:
        """Cover from walls and statues only (cached per map)."""
        key = self._pair(a, a_side, b, b_side)
        hit = self._cover_cache.get(key) if key >= 0 else None
        if hit is None:
            hit = self.grid.ranged_cover(space_of(a, a_side), space_of(b, b_side), self.statues)
            if key >= 0:
                self._cover_cache[key] = hit
        return hit

    def cover(self, a: Sq, a_side: int, b: Sq, b_side: int, creatures: Iterable[Sq]) -> bool:
        """Cover against a ranged or area attack (profile ``ddm-guild.cover``): walls, statues, other creatures."""
        if self.wall_cover(a, a_side, b, b_side):
            return True
        own = set(space_of(a, a_side)) | set(space_of(b, b_side))
        blockers = {sq for sq in creatures if sq not in own and self._between(sq, a, a_side, b, b_side)}
        if not blockers:
            return False
        return self.grid.ranged_cover(space_of(a, a_side), space_of(b, b_side), frozenset(blockers) | self.statues)

    @staticmethod
    def _between(sq: Sq, a: Sq, a_side: int, b: Sq, b_side: int) -> bool:
        x0 = min(a[0], b[0])
        x1 = max(a[0] + a_side, b[0] + b_side)
        y0 = min(a[1], b[1])
        y1 = max(a[1] + a_side, b[1] + b_side)
        return x0 <= sq[0] < x1 and y0 <= sq[1] < y1

    # -- movement

    def step_ok(self, anchor: Sq, side: int, d: Sq, phasing: bool) -> bool:
        """May a space step by ``d`` (no wall crossed, no diagonal past a wall's corner, lands on the map)?"""
        if side == 1:
            n = (anchor[0] + d[0], anchor[1] + d[1])
            if self.grid.is_solid(n) and not (phasing and self.grid.in_bounds(n)):
                return False
            return phasing or self.grid.step_allowed(anchor, d)
        for sq in space_of(anchor, side):
            n = (sq[0] + d[0], sq[1] + d[1])
            if not self.grid.in_bounds(n):
                return False
            if self.grid.is_solid(n) and not phasing:
                return False
            if not phasing and not self.grid.step_allowed(sq, d):
                return False
        return True

    def steps(self, anchor: Sq, side: int) -> list[tuple[Sq, int, int, bool]]:
        """The steps a space may take from ``anchor`` (walls never change, so kept per map): (next anchor, cost,
        cost with Forest Walk, whether it enters a pit)."""
        key = (anchor, side)
        hit = self._steps.get(key)
        if hit is not None:
            return hit
        out: list[tuple[Sq, int, int, bool]] = []
        for d in DIRECTIONS:
            if not self.step_ok(anchor, side, d, False):
                continue
            n = (anchor[0] + d[0], anchor[1] + d[1])
            cost = 1
            forest_cost = 1
            pit = False
            for sq in space_of(n, side):
                if sq in self._pit:
                    pit = True
                if side > 1 and anchor[0] <= sq[0] < anchor[0] + side and anchor[1] <= sq[1] < anchor[1] + side:
                    continue
                if sq in self._slow:
                    cost = R.DIFFICULT_COST
                    if sq not in self._forest:
                        forest_cost = R.DIFFICULT_COST
            out.append((n, cost, forest_cost, pit))
        self._steps[key] = out
        return out

    def index(self, sq: Sq) -> int:
        """The integer of a square on the map (y × width + x)."""
        return sq[1] * self.width + sq[0]

    def move_codes(self, side: int, col: int, flight: bool) -> bytes:
        """The steps a search takes for a kind of mover (:meth:`steps`, pits left out unless ``flight``; the cost: 1
        for ``col`` 0, else that column's; ``col`` -1: Phasing's steps, every square 1) as bytes, 8 a square (anchor
        ``i``'s from ``8 i``, its steps first, then 0s): each step as ``(dy + 1) << 5 | (dx + 1) << 3 | cost``, so a
        search reads a byte a step (indexed natively when compiled) and finds the next anchor by shifts and one
        multiplication of non-negative integers (a negative one leaves mypyc's fast path). Kept per map: one bytes
        object a kind of mover, which the cycle collector never looks into."""
        key = side * 8 + (col + 1) * 2 + (1 if flight else 0)
        hit = self._codes.get(key)
        if hit is None:
            out = bytearray(8 * self.size)
            j = 0
            for a in self.squares:
                row: list[tuple[Sq, int]] = []
                if col < 0:
                    row = [((a[0] + d[0], a[1] + d[1]), 1) for d in DIRECTIONS if self.step_ok(a, side, d, True)]
                else:
                    for n, c1, c2, pit in self.steps(a, side):
                        if not pit or flight:
                            row.append((n, 1 if col == 0 else (c1 if col == 1 else c2)))
                k = j
                for n, step_cost in row:
                    if not 1 <= step_cost <= 7:
                        raise ValueError("a step's cost the search cannot hold in a byte")
                    out[k] = (n[1] - a[1] + 1) << 5 | (n[0] - a[0] + 1) << 3 | step_cost
                    k += 1
                j += 8
            hit = bytes(out)
            self._codes[key] = hit
        return hit

    def mark_space(self, out: bytearray, pos: Sq, p_side: int, side: int) -> None:
        """Set to 1 in ``out`` every anchor on the map of a space of ``side`` that holds a square of the space of side
        ``p_side`` at ``pos``."""
        w, h = self.width, self.height
        x0, y0 = pos[0] - side + 1, pos[1] - side + 1
        x1, y1 = pos[0] + p_side - 1, pos[1] + p_side - 1
        for y in range(y0 if y0 > 0 else 0, (y1 if y1 < h - 1 else h - 1) + 1):
            for x in range(x0 if x0 > 0 else 0, (x1 if x1 < w - 1 else w - 1) + 1):
                out[y * w + x] = 1

    def mark_ring(self, out: bytearray, pos: Sq, p_side: int, side: int) -> None:
        """Set to 1 in ``out`` every anchor on the map of a space of ``side`` next to (gap 1) the space of side
        ``p_side`` at ``pos``."""
        w, h = self.width, self.height
        x0, y0 = pos[0] - side, pos[1] - side
        x1, y1 = pos[0] + p_side, pos[1] + p_side
        for y in range(y0 if y0 > 0 else 0, (y1 if y1 < h - 1 else h - 1) + 1):
            edge_row = y in (y0, y1)
            for x in range(x0 if x0 > 0 else 0, (x1 if x1 < w - 1 else w - 1) + 1):
                if edge_row or x in (x0, x1):
                    out[y * w + x] = 1

    def fits_flags(self, side: int) -> bytes:
        """1 for every anchor where a space of this side fits (:meth:`fits`; kept per map)."""
        hit = self._fits_flags.get(side)
        if hit is None:
            hit = bytes(1 if self.fits(a, side) else 0 for a in self.squares)
            self._fits_flags[side] = hit
        return hit

    def endable_flags(self, side: int, statue_ok: bool = False) -> bytes:
        """1 for every anchor of :meth:`endable` (kept per map)."""
        key = side * 2 + statue_ok
        hit = self._endable_flags.get(key)
        if hit is None:
            ends = self.endable(side, statue_ok)
            hit = bytes(1 if a in ends else 0 for a in self.squares)
            self._endable_flags[key] = hit
        return hit

    def reach(
        self, start: Sq, mover: Mover, budget: int, blocked: bytes, passable_only: bytes, threats: bytearray,
        slow: bytearray | None = None,
    ) -> Reach:
        """Cheapest paths from ``start`` within ``budget`` squares of movement, and where the mover may stop
        (not on allies, statues or pits), as a :class:`Reach`. ``blocked``: 1 for each anchor index whose space
        holds a square the mover may not enter (enemies; b"": none, :meth:`mark_space`); ``passable_only``: 1 for each
        whose space holds a square it may cross but not end on (allies; b"": none); ``threats``: 1 for each
        anchor index whose leaving provokes (:meth:`mark_ring`); ``slow``: 1 for each anchor that counts as difficult
        terrain for this mover besides the map's ('each square in aura is difficult terrain for enemies'). Ties: fewer
        provocations, then the order of
        :data:`DIRECTIONS` (so a path never depends on a set's order).

        On integer squares (:meth:`_run`). The flags are read as ``bytes`` (indexed natively when compiled, where a
        ``bytearray`` is not)."""
        side = mover.side
        if mover.phasing:  # profile ddm-guild.phasing: through walls (on the map) and creatures, every square 1
            codes = self.move_codes(side, -1, False)
            sl = bl = b""
        else:
            col = 0 if (mover.flight or mover.ignore_difficult) else (2 if mover.forest_walk else 1)
            codes = self.move_codes(side, col, mover.flight)
            sl = bytes(slow) if slow is not None and col != 0 else b""
            bl = blocked
        return self._run(codes, start, budget, bytes(threats), sl, bl, self.endable_flags(side, mover.statue_ok),
                         passable_only)

    def _run(self, codes: bytes, start: Sq, budget: int, th: bytes, sl: bytes, bl: bytes, ends: bytes,
             allies: bytes) -> Reach:
        """The cheapest costs from ``start`` by the steps ``codes`` (:meth:`move_codes`); ``th``: 1 for each anchor
        whose leaving provokes, ``sl``: 1 for each that costs 2 to enter (b"": none), ``bl``: 1 for each it may not
        enter (b"": none), ``ends``: 1 for each a space may stop on, ``allies``: 1 for each it may cross but not stop
        on (b"": none).

        Each anchor's (cost, provocations) is one integer while it runs, cost × (budget + 1) + provocations (never
        more provocations than steps), compared at once, kept in the list that ends as the costs. The queue is a
        bucket per (cost, provocations), each in the order its entries were made, taken a cost at a time, fewest
        provocations first: the order a heap of (cost, provocations, tick) pops them. Only anchor indices are queued
        (no (key, node) integers made per step): an entry is live while its anchor's value is still its bucket's (a
        better way found later leaves it behind). Where it may stop is listed as each anchor is first found."""
        check_slow = len(sl) > 0
        check_blocked = len(bl) > 0
        check_allies = len(allies) > 0
        n_all = self.size
        w = self.width
        w1 = w + 1
        inf = 1 << 30
        top = budget if budget > 0 else 0
        per = top + 1  # value = cost × per + provocations
        cost = [inf] * n_all  # (the values while it runs)
        back = [0] * n_all
        s = start[1] * w + start[0]
        cost[s] = 0
        back[s] = 5  # (no step: dx 0, dy 0)
        order = [s]
        stops = [s]
        levels: list[list[list[int]]] = [[] for _ in range(top + 1)]  # per cost, a bucket per provocations
        levels[0].append([s])
        for c in range(top + 1):
            buckets = levels[c]
            for p in range(len(buckets)):
                live = c * per + p
                for at in buckets[p]:
                    if cost[at] != live:
                        continue  # (a better way here was found after this entry: it was taken first)
                    np = p + th[at]
                    j = 8 * at
                    end = j + 8
                    while j < end:
                        code = codes[j]
                        if code == 0:
                            break
                        j += 1
                        d = code >> 3  # (dy + 1) << 2 | (dx + 1)
                        n = at + (d & 3) + (d >> 2) * w - w1
                        nc = c + (2 if check_slow and sl[n] else code & 7)
                        if nc > budget:
                            continue
                        if check_blocked and bl[n]:
                            continue
                        new = nc * per + np
                        old = cost[n]
                        if new < old:
                            if old == inf:
                                order.append(n)
                                if ends[n] and not (check_allies and allies[n]):
                                    stops.append(n)
                            cost[n] = new
                            back[n] = d
                            level = levels[nc]
                            while len(level) <= np:
                                level.append([])
                            level[np].append(n)
        prov = [0] * n_all
        for i in order:
            v = cost[i]
            c = v // per
            cost[i] = c
            prov[i] = v - c * per
        return Reach(self, s, cost, prov, back, order, stops, ends, allies)

    def endable(self, side: int, statue_ok: bool = False) -> frozenset[Sq]:
        """Every anchor where a space of this side may stop (kept per map)."""
        key = side * 2 + statue_ok
        hit = self._endable.get(key)
        if hit is None:
            hit = frozenset((x, y) for y in range(self.height) for x in range(self.width)
                            if self.can_end((x, y), side, statue_ok))
            self._endable[key] = hit
        return hit

    def distance_field(self, targets: frozenset[Sq], side: int) -> dict[Sq, int]:
        """Steps from every anchor to the nearest anchor whose space touches or covers a target square,
        ignoring creatures (walls and pits respected; kept per map): the heuristic player's way toward far
        goals, and where the front is at set-up."""
        key = (targets, side)
        hit = self._field_cache.get(key)
        if hit is not None:
            return hit
        field = self.distances(targets, side)
        sqs = self.squares
        out = {sqs[i]: d for i, d in enumerate(field) if d != UNREACHED}
        if len(self._field_cache) > 256:
            self._field_cache.clear()
            self._field_arrays.clear()
        self._field_cache[key] = out
        self._field_arrays[key] = field
        return out

    def goal_distances(self, targets: frozenset[Sq], side: int, start: Sq, slack: int) -> tuple[list[int], int]:
        """The heuristic player's way toward its goal: ``(field, limit)``, where ``field[i]`` (by anchor index)
        is what :meth:`distances` with ``start`` and ``slack`` (at least 1) gives when it is at most ``limit``,
        and :data:`UNREACHED` otherwise. That search settles every anchor up to ``slack`` steps past ``start``
        and no further; it is kept per map and goal (a goal, the enemies' squares, stays the same until an enemy
        moves) where it stopped, and grown from there when a later mover needs it farther (:class:`Field`)."""
        key = (targets, side)
        kept = self._field_arrays.get(key)
        if kept is not None:
            return kept, 1 << 30  # a whole field kept at set-up is read whole (as the search did)
        fields = self._goal_fields
        field = fields.pop(key, None)  # (taken out and put back last: the least recently used go first)
        if field is None:
            if len(fields) >= GOAL_FIELDS_KEPT:
                del fields[next(iter(fields))]
            field = self._seeded(targets, side)
        fields[key] = field
        return field.out, self._grow(field, side, start[1] * self.width + start[0], slack)

    def distances(self, targets: Iterable[Sq], side: int, start: Sq | None = None, slack: int = 0) -> list[int]:
        """:meth:`distance_field` by anchor index (:data:`UNREACHED` where not reached). With ``start``, only as
        far as needed for the anchors within ``slack`` (at least 1) steps of it: their values exact, the search
        stopped ``slack`` steps past ``start``; a whole field already kept is read instead)."""
        if start is not None and self._field_arrays:
            kept = self._field_arrays.get((frozenset(targets), side))
            if kept is not None:
                return kept
        field = self._seeded(targets, side)
        self._grow(field, side, -1 if start is None else start[1] * self.width + start[0], slack)
        return field.out

    def _seeded(self, targets: Iterable[Sq], side: int) -> Field:
        """A field with only its targets' anchors (distance 0) settled: every anchor whose space (of ``side``)
        covers a target square and fits on the map."""
        w, h = self.width, self.height
        fits = self.fits_flags(side)
        out = [UNREACHED] * self.size
        frontier: list[int] = []
        for tx, ty in targets:
            for y in range(ty - side + 1, ty + 1):
                if y < 0 or y >= h:
                    continue
                for x in range(tx - side + 1, tx + 1):
                    if x < 0 or x >= w:
                        continue
                    a = y * w + x
                    if out[a] == UNREACHED and fits[a]:
                        out[a] = 0
                        frontier.append(a)
        return Field(out, frontier)

    def _grow(self, field: Field, side: int, s: int, slack: int) -> int:
        """Grow ``field`` breadth first (walls and pits respected) until every anchor within ``slack`` steps past
        anchor index ``s`` is settled (``s`` < 0: the whole map), from where an earlier call left it; the limit
        its values are exact up to (every anchor settled: ``1 << 30``)."""
        out, frontier = field.out, field.frontier
        codes = self.move_codes(side, 0, False)  # (the steps that enter no pit, each 1)
        w1 = self.width + 1
        w = self.width
        limit = out[s] + slack if s >= 0 and out[s] != UNREACHED else 1 << 30
        i = field.next
        while i < len(frontier):
            at = frontier[i]
            d = out[at]
            if d >= limit:
                break
            i += 1
            c = d + 1
            j = 8 * at
            end = j + 8
            while j < end:
                code = codes[j]
                if code == 0:
                    break
                j += 1
                n = at + ((code >> 3) & 3) + (code >> 5) * w - w1
                if out[n] == UNREACHED:
                    out[n] = c
                    frontier.append(n)
                    if n == s:
                        limit = c + slack
        field.next = i
        return limit

    # -- attack areas (profile ddm-guild.areas)

    def burst(self, centre: Sq, c_side: int, size: int) -> list[Sq]:
        """Squares within ``size`` of a space (the space itself included), seen from it (line of effect)."""
        out = []
        for y in range(centre[1] - size, centre[1] + c_side + size):
            for x in range(centre[0] - size, centre[0] + c_side + size):
                sq = (x, y)
                if not self.grid.in_bounds(sq) or self.grid.is_solid(sq):
                    continue
                if self.sees(centre, c_side, sq, 1):
                    out.append(sq)
        return out

    def blasts(self, attacker: Sq, a_side: int, size: int) -> list[Sq]:
        """Top-left corners of every size × size block touching the attacker's space without covering it."""
        out = []
        for y in range(attacker[1] - size, attacker[1] + a_side + 1):
            for x in range(attacker[0] - size, attacker[0] + a_side + 1):
                if gap((x, y), size, attacker, a_side) == 1:
                    out.append((x, y))
        return out

    def blast_squares(self, corner: Sq, size: int, attacker: Sq, a_side: int) -> list[Sq]:
        return [sq for sq in space_of(corner, size)
                if self.grid.in_bounds(sq) and not self.grid.is_solid(sq) and self.sees(attacker, a_side, sq, 1)]

    def line(self, attacker: Sq, a_side: int, toward: Sq, length: int) -> list[Sq]:
        """Squares a line from the attacker's centre toward a square's centre crosses, up to ``length`` squares,
        stopping at a wall (doubled coordinates keep it exact)."""
        cx2 = 2 * attacker[0] + a_side
        cy2 = 2 * attacker[1] + a_side
        tx2 = 2 * toward[0] + 1
        ty2 = 2 * toward[1] + 1
        dx, dy = tx2 - cx2, ty2 - cy2
        steps = max(abs(dx), abs(dy))
        if steps == 0:
            return []
        out: list[Sq] = []
        own = set(space_of(attacker, a_side))
        k = 1
        while len(out) < length and k <= 4 * length * 2:
            # walk the line in half-square steps along its longer axis
            px2 = cx2 + dx * k // steps
            py2 = cy2 + dy * k // steps
            sq = (px2 // 2, py2 // 2)
            k += 1
            if sq in own or (out and out[-1] == sq):
                continue
            if not self.grid.in_bounds(sq) or self.grid.is_solid(sq):
                break
            out.append(sq)
        return out


class _LimitedSight(GuildBoard):
    """A view of the map where 'line of sight is limited to N squares' (``sight_limit``): no sight farther."""

    def sees(self, a: Sq, a_side: int, b: Sq, b_side: int) -> bool:
        if gap(a, a_side, b, b_side) > self.sight_limit:
            return False
        return super().sees(a, a_side, b, b_side)
