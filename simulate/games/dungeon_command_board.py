"""The battlefield as Dungeon Command's rules read it, and the pieces on it (``dungeon-command.md`` §5, §6.5–6.7,
§10, §11.1): the state's data, adjacency, distances, lines of sight and cover, what a creature's cards and its
commander add to it, deploying, moving, and the Morale track. The rules of the stack build on it
(``dungeon_command_orders``, ``dungeon_command_resolve``); the game's turn on those (``dungeon_command``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from simulate.engine.dice import Dice
from simulate.engine.events import EventLog
from simulate.engine.game import Action, State
from simulate.games.dungeon_command_cards import (
    OrderCard,
    Warband,
)
from simulate.games.dungeon_command_effects import Mod, Step
from simulate.games.dungeon_command_maps import (
    DIRS,
    Battlefield,
    chebyshev,
)
from simulate.games.dungeon_command_pieces import (
    Creature,
    Item,
    Op,
    Pending,
    PlayerState,
    Window,
)

Sq = tuple[int, int]
FAR_COST: Final = 1 << 30  # a square the search has not reached
CHEST_VALUES = (1, 1, 2, 2, 3, 3)  # one pack's 6 chest markers, numbered 1-3 (reading: two of each, §5.3a)


@dataclass
class DcParams:
    scenario: str = "standard"  # or "first-game" (§4.4, §5.5)
    max_turns: int = 60  # an assumption: a cap for the simulation; then the end-of-game rules decide
    morale_adjust: int = 0  # the first game: -3

    @classmethod
    def from_json(cls, raw: Mapping[str, Any] | None) -> DcParams:
        raw = raw or {}
        known = {"scenario", "max_turns"}
        unknown = set(raw) - known
        if unknown:
            raise ValueError(f"unknown Dungeon Command parameters {sorted(unknown)}; known: {sorted(known)}")
        scenario = str(raw.get("scenario", "standard"))
        if scenario not in ("standard", "first-game"):
            raise ValueError(f"unknown scenario {scenario!r}: standard or first-game")
        max_turns = raw.get("max_turns", 60)
        if isinstance(max_turns, bool) or not isinstance(max_turns, int) or not 2 <= max_turns <= 400:
            raise ValueError("max_turns must be a whole number from 2 to 400")
        return cls(scenario, max_turns, -3 if scenario == "first-game" else 0)


class DcBoard(State):
    """The state's data, and the rules that read the battlefield (see the module's docstring)."""

    def __init__(self, warbands: list[Warband], bf: Battlefield, dice: Dice, params: DcParams) -> None:
        self.history: list[Action] = []
        self.log = EventLog()
        self.bf = bf
        self.dice = dice
        self.params = params
        self.players: list[PlayerState] = []
        self.creatures: dict[str, Creature] = {}
        self.orders: dict[str, tuple[int, OrderCard]] = {}
        self.occ: dict[Sq, str] = {}
        self.stack: list[Item] = []
        self.ops: list[Op] = []
        self.pending: Pending | None = None
        self.window: Window | None = None
        self.next_item = 1
        self.phase = "deploy-first"
        self.sub = 0
        self.turn_player = 0
        self.first_player = 0
        self.turn = 0
        self.decider = 0
        self.active = ""
        self.over = False
        self.winner: int | None = None
        self.reason = ""
        self.chests: dict[Sq, int] = {}  # face-down chest markers
        self.tokens: dict[Sq, int] = {}  # revealed treasure tokens
        self.setup_done = [False, False]
        self.setup_order: list[int] = []
        self.morale_curve: list[list[int]] = []
        self.figures: dict[str, dict[str, int]] = {}  # per creature id
        self.order_figures: dict[str, dict[str, int]] = {}  # per order name (and power)
        self.kills_this_turn = 0
        self.stealth_return: list[str] = []
        self.plays: dict[int, int] = {}  # resolved item id -> its play
        self._ver = 0  # bumped by every change of positions, attached cards or bonuses (caches key on it)
        self._search_cache: dict[tuple[str, Sq, int, str, bool, bool, int], tuple[dict[Sq, tuple[int, int, Sq]],
                                                                              set[Sq]]] = {}
        self._mods_cache: dict[str, tuple[int, list[Mod]]] = {}
        self._adjacent_cache: dict[str, tuple[int, list[Creature]]] = {}  # see :meth:`adjacent_enemies`
        self._scratch: list[list[int]] = []  # the one-square search's arrays (see :meth:`_search_one`)
        self._reach_cache: dict[tuple[str, Sq, int, str, bool, bool, int], dict[Sq, tuple[int, int, Sq]]] = {}
        self._cache_ver = 0  # the version the two movement caches answer for (older answers never hit: dropped)
        for p, w in enumerate(warbands):
            cmd = w.commander
            ps = PlayerState(w, max(1, cmd.morale + params.morale_adjust), cmd.leadership)
            ps.cmd_mods = cmd.reading.mods
            self.players.append(ps)
            letter = "ab"[p]
            for i, card in enumerate(w.creatures, start=1):
                cid = f"{letter}{i}"
                self.creatures[cid] = Creature(cid, p, card)
                ps.creature_deck.append(cid)
                self.figures[cid] = {"level": card.level}
            for i, order in enumerate(w.orders, start=1):
                oid = f"{letter}-o{i}"
                self.orders[oid] = (p, order)
                ps.order_deck.append(oid)
        # set-up (§5.1): chests face down, decks shuffled, hands drawn
        self._place_chests()
        for p, ps in enumerate(self.players):
            self._shuffle(ps.creature_deck, "shuffle-creatures")
            self._shuffle(ps.order_deck, "shuffle-orders")
            self._draw_creatures(p, ps.warband.commander.creature_hand)
            self._draw_orders(p, ps.warband.commander.order_hand)
        self.log.add("setup", battlefield=str(bf.doc.get("name", "")), scenario=params.scenario,
                     morale=[ps.morale for ps in self.players], leadership=[ps.leadership for ps in self.players],
                     chests=len(self.chests))
        self.decider = self.dice.roll(2, "deploy-first") - 1
        self.log.add("roll", purpose="deploy-first", winner=self.decider)

    # --- small helpers ------------------------------------------------------------------------------------------

    def _shuffle(self, cards: list[str], purpose: str) -> None:
        for i in range(len(cards) - 1, 0, -1):
            j = self.dice.roll(i + 1, purpose) - 1
            cards[i], cards[j] = cards[j], cards[i]

    def _place_chests(self) -> None:
        squares = list(self.bf.treasure_squares)
        if self.params.scenario == "first-game":
            # §5.5: the 2 chests showing 3 on the large tiles' treasure squares; the rest is ignored
            larges = {i for i, t in enumerate(self.bf.doc.get("tiles") or ()) if t.get("height") == t.get("width")}
            squares = [sq for sq in squares if self.bf.tile_of.get(sq) in larges]
            for sq in squares[:2]:
                self.chests[sq] = 3
            return
        markers = list(CHEST_VALUES) * 2
        order = list(range(len(markers)))
        for i in range(len(order) - 1, 0, -1):
            j = self.dice.roll(i + 1, "shuffle-chests") - 1
            order[i], order[j] = order[j], order[i]
        for k, sq in enumerate(squares[: len(markers)]):
            self.chests[sq] = markers[order[k]]

    def _draw_creatures(self, p: int, upto: int) -> int:
        ps = self.players[p]
        n = 0
        while len(ps.hand) < upto and ps.creature_deck:
            ps.hand.append(ps.creature_deck.pop())
            n += 1
        return n

    def _draw_orders(self, p: int, n: int) -> int:
        ps = self.players[p]
        got = 0
        for _ in range(n):
            if not ps.order_deck:
                break
            ps.order_hand.append(ps.order_deck.pop())
            got += 1
        return got

    def _fig(self, cid: str, key: str, n: int = 1) -> None:
        f = self.figures.get(cid)
        if f is not None:
            f[key] = f.get(key, 0) + n

    def _ofig(self, key: str, what: str, n: int = 1) -> None:
        if not key:
            return
        f = self.order_figures.get(key)
        if f is None:
            f = self.order_figures[key] = {}
        f[what] = f.get(what, 0) + n

    def enemies_of(self, p: int) -> list[Creature]:
        return [c for c in self.creatures.values() if c.on_board and c.controller != p]

    def own(self, p: int) -> list[Creature]:
        return [c for c in self.creatures.values() if c.on_board and c.controller == p]

    def board_level(self, p: int) -> int:
        """Printed levels of the creatures a player owns on the battlefield (§6.3, Q14); a creature off it by
        Stealth "is still considered deployed"."""
        return sum(c.card.level for c in self.creatures.values() if (c.on_board or c.stealthed) and c.owner == p)

    # --- geometry -----------------------------------------------------------------------------------------------

    def gap(self, a: Creature, b: Creature) -> int:
        """Squares between two creatures' closest squares (Chebyshev: 1 = side by side)."""
        return self.gap_at(a.pos, a.size, b)

    @staticmethod
    def gap_at(pos: Sq, size: int, b: Creature) -> int:
        ax, ay = pos
        bx, by = b.pos
        bs = b.size
        dx = bx - (ax + size - 1)  # plain comparisons, not max(): the heuristic asks this a few thousand times a battle
        d2 = ax - (bx + bs - 1)
        if d2 > dx:
            dx = d2
        dy = by - (ay + size - 1)
        d2 = ay - (by + bs - 1)
        if d2 > dy:
            dy = d2
        d = dx if dx > dy else dy
        return d if d > 0 else 0

    def adjacent(self, a: Creature, b: Creature) -> bool:
        if a is b or not a.on_board or not b.on_board:
            return False
        return self.adjacent_at(a.pos, a.size, b)

    def adjacent_at(self, pos: Sq, size: int, b: Creature) -> bool:
        """Would a creature of side ``size`` at ``pos`` be adjacent to ``b`` (no wall between, Q20)?"""
        if self.gap_at(pos, size, b) != 1:
            return False
        if size == 1 and b.size == 1:
            return self.bf.adjacent(pos, b.pos)
        bs = b.squares()
        for j in range(size):
            for i in range(size):
                sq = (pos[0] + i, pos[1] + j)
                for t in bs:
                    if self.bf.adjacent(sq, t):
                        return True
        return False

    def adjacent_enemies(self, c: Creature) -> list[Creature]:
        """The enemies next to ``c`` (a new list; the answer is kept until anything on the battlefield changes)."""
        hit = self._adjacent_cache.get(c.id)
        if hit is not None and hit[0] == self._ver:
            return list(hit[1])
        out = [e for e in self.creatures.values()
               if e.on_board and e.controller != c.controller and self.adjacent(c, e)]
        self._adjacent_cache[c.id] = (self._ver, out)
        return list(out)

    def adjacent_allies(self, c: Creature) -> list[Creature]:
        return [e for e in self.creatures.values() if e.on_board and e is not c and e.controller == c.controller
                and self.adjacent(c, e)]

    def within(self, c: Creature, other: Creature, n: int) -> bool:
        """Within ``n`` squares, counted around walls (§10.6)."""
        if self.gap(c, other) > n:
            return False
        osq = set(other.squares())
        for s in c.squares():
            dist = self.bf.distances_around_walls(s)
            for t in osq:
                d = dist.get(t)
                if d is not None and d <= n:
                    return True
        return False

    def sq_within(self, c: Creature, sq: Sq, n: int) -> bool:
        for s in c.squares():
            d = self.bf.distances_around_walls(s).get(sq)
            if d is not None and d <= n:
                return True
        return False

    def los(self, a: Creature, t: Creature) -> bool:
        """Line of sight (§10.4): some line from a corner of the viewer's squares to a corner of a target square
        crosses no wall, obstacle or square of another creature hostile to the viewer."""
        return self.los_at(a.squares(), a, t)

    def los_at(self, squares: Sequence[Sq], a: Creature, t: Creature) -> bool:
        """Line of sight from ``squares`` (where ``a`` stands, or would stand) to ``t``."""
        blockers = self._blockers_at(squares, a, t)
        for s in squares:
            for q in t.squares():
                for p1, p2 in self.bf.segments(s, q):
                    if not blockers or not Battlefield.blocked_by(p1, p2, blockers):
                        return True
        return False

    def _blockers(self, a: Creature, t: Creature) -> list[Sq]:
        return self._blockers_at(a.squares(), a, t)

    def _blockers_at(self, squares: Sequence[Sq], a: Creature, t: Creature) -> list[Sq]:
        tsq = t.squares()
        xs = [s[0] for s in squares] + [s[0] for s in tsq]
        ys = [s[1] for s in squares] + [s[1] for s in tsq]
        x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        out = []
        for e in self.creatures.values():
            if not e.on_board or e is t or e is a or e.controller == a.controller:
                continue
            for s in e.squares():
                if x0 <= s[0] <= x1 and y0 <= s[1] <= y1:
                    out.append(s)
        return out

    def cover(self, a: Creature, t: Creature) -> bool:
        """The target has cover (§10.5) unless one corner of the attacker sees all four corners of one of
        the target's squares that is not an obstacle."""
        blockers = self._blockers(a, t)
        for q in t.squares():
            if q in self.bf.obstacles:
                continue
            for s in a.squares():
                segs = self.bf.segments(s, q)
                seen: dict[tuple[int, int], int] = {}
                for p1, p2 in segs:
                    if blockers and Battlefield.blocked_by(p1, p2, blockers):
                        continue
                    seen[p1] = seen.get(p1, 0) + 1
                for n in seen.values():
                    if n >= 4:
                        return False
        return True

    def sees_square(self, c: Creature, sq: Sq) -> bool:
        target = Creature("", -1, c.card)
        target.pos, target.on_board = sq, True
        target.size = 1
        blockers = self._blockers(c, target)
        for s in c.squares():
            for p1, p2 in self.bf.segments(s, sq):
                if not blockers or not Battlefield.blocked_by(p1, p2, blockers):
                    return True
        return False

    def _area_targets(self, actor: Creature, st: Step, square: Sq) -> list[Creature]:
        p = actor.controller
        out = []
        if st.who == "adjacent-enemies":
            out = self.adjacent_enemies(actor)
        elif st.who == "adjacent-tapped":
            out = [x for x in self.creatures.values() if x.on_board and x.tapped and self.adjacent(actor, x)]
        elif st.who == "keyword-within":
            out = [x for x in self.creatures.values() if x.on_board and st.keyword in x.keywords and x is not actor
                   and self.within(actor, x, st.within)]
        elif st.who == "square-radius":
            dist = self.bf.distances_around_walls(square)
            out = [x for x in self.creatures.values() if x.on_board and any(
                dist.get(s, 99) <= st.count for s in x.squares())]
        elif st.who == "near-hazard":
            haz = self.bf.hazardous
            out = [x for x in self.creatures.values() if x.on_board and any(
                chebyshev(s, h) <= st.count for s in x.squares() for h in haz)]
        del p
        return out

    # --- creature numbers (§9, mods) ----------------------------------------------------------------------------

    def _all_mods(self, c: Creature) -> list[Mod]:
        """The creature's own mods, its attached cards', and those that others give it (commander, auras)."""
        hit = self._mods_cache.get(c.id)
        if hit is not None and hit[0] == self._ver:
            return hit[1]
        out = self._compute_mods(c)
        self._mods_cache[c.id] = (self._ver, out)
        return out

    def _compute_mods(self, c: Creature) -> list[Mod]:
        out = c.mods()
        ps = self.players[c.controller]
        kws = c.keywords
        for m in ps.cmd_mods:
            if m.who == "own" and (not m.keywords or any(k in kws for k in m.keywords)):
                out.append(m)
        for m in ps.war_cry:
            if not m.keywords or any(k in kws for k in m.keywords):
                out.append(m)
        for other in self.creatures.values():
            if not other.on_board or other.controller != c.controller:
                continue
            for m in other.mods():
                if m.who == "own" and other is not c and (not m.keywords or any(k in kws for k in m.keywords)):
                    if m.op in ("speed", "melee", "ignore-difficult"):
                        out.append(m)
                elif m.op == "shield-aura" and other is not c and any(k in kws for k in m.keywords) \
                        and self.adjacent(c, other):
                    out.append(Mod("block", m.amount))
        return out

    def speed(self, c: Creature) -> int:
        s = c.card.speed
        for m in self._all_mods(c):
            if m.op == "speed":
                s += m.amount
        return s

    def moves_like(self, c: Creature) -> tuple[bool, bool, bool, bool]:
        """(fly, burrow, phase, ignore difficult)."""
        fly = burrow = phase = ign = False
        for m in self._all_mods(c):
            if m.op == "flying":
                fly = True
            elif m.op == "burrow":
                burrow = True
            elif m.op == "phasing":
                phase = True
            elif m.op == "ignore-difficult":
                ign = True
        return fly, burrow, phase, ign

    def attack_damage(self, c: Creature, target: Creature | None, ranged: bool, mode: str = "base", amount: int = 0,
                      keyword: str = "") -> int:
        """What an attack deals before the target's prevention (§10; card modifiers added)."""
        if mode == "flat":
            dmg = amount
        else:
            base = (c.card.ranged_damage or 0) if ranged else c.card.melee
            dmg = base + (amount if mode == "bonus" else 0)
            if mode == "per-ally" and target is not None:
                n = sum(1 for o in self.creatures.values() if o.on_board and o is not c and o.controller == c.controller
                        and keyword in o.keywords and self.adjacent(o, target))
                dmg = base + amount * n
        for m in self._all_mods(c):
            if m.op == "attack-bonus":
                dmg += m.amount
            elif not ranged:
                if m.op == "melee":
                    dmg += m.amount
                elif m.op == "flanking" and target is not None:
                    if any(o.on_board and o is not c and o.controller == c.controller and self.adjacent(o, target)
                           for o in self.creatures.values()):
                        dmg += m.amount
                elif (m.op == "cutter" and target is not None and target.tapped) or m.op == "next-melee":
                    dmg += m.amount
        return max(0, dmg)

    def can_melee(self, c: Creature, t: Creature) -> bool:
        if not c.on_board or not t.on_board or c is t:
            return False
        if self.adjacent(c, t):
            return True
        reach = 0
        for m in self._all_mods(c):
            if m.op == "reach":
                reach = max(reach, m.amount)
        return reach >= 2 and self.within(c, t, reach)

    def can_shoot(self, c: Creature, t: Creature) -> bool:
        if not c.card.has_ranged or not c.on_board or not t.on_board or c is t:
            return False
        rng = c.card.ranged_range or 0
        if self.gap(c, t) > rng:
            return False
        if self.adjacent_enemies(c):
            return False  # §10.3: no ranged attack while an enemy is adjacent
        return self.los(c, t)

    def _sellsword(self, c: Creature) -> bool:
        m = self.players[c.controller].cmd("treasure-draw")
        return m is not None and any(k in c.keywords for k in m.keywords)

    # --- Morale and the end (§11.1, §12) ------------------------------------------------------------------------

    def _push_ops(self, ops: Sequence[Op]) -> None:
        """Run ``ops`` next, in the given order."""
        for op in reversed(ops):
            self.ops.append(op)

    def _morale(self, p: int, delta: int, why: str) -> None:
        ps = self.players[p]
        ps.morale = max(0, ps.morale + delta)  # the track stops at 0 (§11.1: the game ends there)
        self.log.add("morale", player=p, delta=delta, morale=ps.morale, why=why)
        if ps.morale <= 0:
            self._finish(None, "morale")

    def _finish(self, winner: int | None, reason: str) -> None:
        if self.over:
            return
        if winner is None and reason != "both-win":
            winner = self._by_morale()
        self.over = True
        self.winner = winner
        self.reason = reason
        self.pending = None
        self.window = None
        self.ops.clear()
        self.stack.clear()
        self.morale_curve.append([self.players[0].morale, self.players[1].morale])
        self.log.add("end", winner=winner, reason=reason, morale=[ps.morale for ps in self.players])

    def _by_morale(self) -> int | None:
        m0, m1 = self.players[0].morale, self.players[1].morale
        if m0 != m1:
            return 0 if m0 > m1 else 1
        l0, l1 = self.board_level(0), self.board_level(1)
        if l0 != l1:
            return 0 if l0 > l1 else 1
        return None

    # --- deploying (§5.4, §6.3) ---------------------------------------------------------------------------------

    def _deploy_squares(self, p: int, c: Creature, any_square: bool = False, starting: bool = False) -> list[Sq]:
        """Where a creature may be deployed: inside its player's start area, or where a power allows it."""
        bf = self.bf
        out: set[Sq] = set()
        area = bf.start_areas[p]
        s = c.size
        kws = c.keywords

        def fits(sq: Sq, inside: frozenset[Sq] | set[Sq] | None) -> bool:
            for j in range(s):
                for i in range(s):
                    t = (sq[0] + i, sq[1] + j)
                    if not bf.open(t) or t in self.occ or t in bf.obstacles:
                        return False
                    if inside is not None and t not in inside:
                        return False
            return True

        for sq in area:
            if fits(sq, area):
                out.add(sq)
        if not out and s > 1:
            # §5.4: as much of the base inside the start area as possible
            best = 0
            for sq in bf.squares:
                if fits(sq, None):
                    n = sum(1 for j in range(s) for i in range(s) if (sq[0] + i, sq[1] + j) in area)
                    if n > best:
                        best, out = n, {sq}
                    elif n == best and n:
                        out.add(sq)
        if any_square:
            return sorted(out)
        # powers that let a creature deploy elsewhere
        for m in c.base_mods:
            if m.op == "deploy-place" and m.who == "by-wall":
                out |= {sq for sq in bf.by_wall if fits(sq, None)}
            elif m.op == "deploy-place" and m.who == "magic-circle":
                out |= {sq for sq in bf.circles if fits(sq, None)}
        for o in self.own(p):
            for m in o.mods():
                if m.op == "deploy-place" and m.who == "near-self" and any(k in kws for k in m.keywords):
                    out |= {sq for sq, d in bf.distances_around_walls(o.pos).items()
                            if 0 < d <= m.amount and fits(sq, None)}
                elif m.op == "circle-deploy" and o.pos in bf.circles:
                    out |= {sq for sq in bf.circles if fits(sq, None)}
        if starting:
            m2 = self.players[p].cmd("orc-scout")
            if m2 is not None and any(k in kws for k in m2.keywords) and not any(
                    self.figures[x.id].get("scouted") for x in self.own(p)):
                out |= {sq for sq in bf.treasure_squares if fits(sq, None)}
        return sorted(out)

    def _deployable(self, p: int, refresh: bool) -> list[str]:
        """Cards that may be deployed now: from the hand within Leadership; Zombies from the graveyard."""
        ps = self.players[p]
        room = ps.leadership - self.board_level(p)
        out = [cid for cid in ps.hand if self.creatures[cid].card.level <= room]
        if not refresh and self.phase == "deploy":
            for cid in ps.graveyard:
                c = self.creatures[cid]
                gm = next((m for m in c.base_mods if m.op == "graveyard-deploy"), None)
                if gm is not None and c.card.level <= room and ps.morale > gm.amount:
                    out.append(cid)
        return out

    def _deploy_options(self, p: int, refresh: bool, any_square: bool) -> bool:
        for cid in self._deployable(p, refresh):
            if self._deploy_squares(p, self.creatures[cid], any_square or self.bf.deploy_anywhere[p]):
                return True
        return False

    def touch(self) -> None:
        """Something a cached answer depends on changed (positions, attached cards, bonuses)."""
        self._ver += 1

    def _place(self, c: Creature, sq: Sq) -> None:
        self._ver += 1
        c.pos = sq
        c.on_board = True
        for s in c.squares():
            self.occ[s] = c.id

    def _lift(self, c: Creature) -> None:
        self._ver += 1
        for s in c.squares():
            if self.occ.get(s) == c.id:
                del self.occ[s]

    def _fits(self, c: Creature, sq: Sq) -> bool:
        for j in range(c.size):
            for i in range(c.size):
                t = (sq[0] + i, sq[1] + j)
                if not self.bf.open(t) or t in self.occ:
                    return False
        return True

    def _deploy(self, p: int, cid: str, sq: Sq, how: str) -> None:
        ps = self.players[p]
        c = self.creatures[cid]
        if cid in ps.hand:
            ps.hand.remove(cid)
        elif cid in ps.graveyard:
            ps.graveyard.remove(cid)
            gm = next(m for m in c.base_mods if m.op == "graveyard-deploy")
            self._morale(p, -gm.amount, f"{c.card.name} deployed from the graveyard")
        c.controller = p
        c.damage = 0
        c.tapped = False
        c.attached.clear()
        self.touch()
        c.activated = True  # a creature deployed this turn does not activate (§6.2)
        c.moved = False
        self._place(c, sq)
        self._fig(cid, "deployed")
        self.log.add("deploy", player=p, creature=cid, name=c.card.name, square=list(sq), how=how)
        if sq in self.bf.treasure_squares and sq not in self.bf.start_areas[p]:
            self._fig(cid, "scouted")
        self._enter_squares(c, c.squares())
        for m in c.base_mods:
            if m.op == "deploy-morale":
                self._morale(p, m.amount, c.card.name)
            elif m.op == "deploy-draw":
                self._draw_orders(p, m.amount)
            elif m.op == "chieftain":
                opts = [{"card": x, "label": self.creatures[x].card.name} for x in ps.hand
                        if self.creatures[x].card.level <= m.amount and any(k in self.creatures[x].keywords
                                                                           for k in m.keywords)]
                if opts:
                    opts.append({"card": "", "label": "none"})
                    self.pending = Pending("choose", p, opts, Op("chieftain", creature=cid), why="Chieftain Call")

    def _remove_attached(self, c: Creature, order: str, why: str) -> None:
        att = next((a for a in c.attached if a.order == order), None)
        if att is None:
            return
        c.attached.remove(att)
        self.touch()
        self.players[att.owner].discard.append(order)
        self.log.add("detach", card=att.card.name, creature=c.id, why=why)

    # --- entering squares: chests (§11.3), hazards (§6.6) -------------------------------------------------------

    def _enter_squares(self, c: Creature, squares: Sequence[Sq]) -> None:
        for s in squares:
            v = self.chests.pop(s, None)
            if v is not None:
                self.tokens[s] = self.tokens.get(s, 0) + v
                self.log.add("treasure", creature=c.id, square=list(s), tokens=v)

    # --- movement (§6.5-6.7) ------------------------------------------------------------------------------------

    def reach(self, c: Creature, budget: int, mode: str, walls: bool = False) -> dict[Sq, tuple[int, int, Sq]]:
        """Squares a creature can end a move on (see :meth:`search`; kept, as the search is, until anything on the
        battlefield changes: the player weighs a move, then the rules check it)."""
        key = (c.id, c.pos, budget, mode, walls, c.passage, self._ver)
        hit = self._reach_cache.get(key)
        if hit is None:
            self._fresh_caches()
            hit = self._reach(c, budget, mode, walls, key)
        return hit

    def _fresh_caches(self) -> None:
        """Drop the movement caches' answers for earlier versions of the battlefield (they can no longer be asked
        for), and keep them bounded."""
        if self._cache_ver != self._ver or len(self._search_cache) > 64 or len(self._reach_cache) > 64:
            self._cache_ver = self._ver
            self._search_cache.clear()
            self._reach_cache.clear()

    def _reach(self, c: Creature, budget: int, mode: str, walls: bool,
               key: tuple[str, Sq, int, str, bool, bool, int]) -> dict[Sq, tuple[int, int, Sq]]:
        best, occupied = self.search(c, budget, mode, walls)
        done = self._reach_cache.get(key)  # the one-square search lists the squares to end on as it goes
        if done is not None:
            return done
        s = c.size
        out: dict[Sq, tuple[int, int, Sq]] = {}
        if s == 1:
            solid = self.bf.solid
            for sq, v in best.items():
                if sq != c.pos and sq not in occupied and sq not in solid:
                    out[sq] = v
            self._reach_cache[key] = out
            return out
        me = set(c.squares())
        solid = self.bf.solid
        for sq, v in best.items():
            if sq == c.pos:
                continue
            ok = True
            for j in range(s):
                for i in range(s):
                    t = (sq[0] + i, sq[1] + j)
                    if (t in occupied and t not in me) or t in solid:
                        ok = False
            if ok:
                out[sq] = v
        self._reach_cache[key] = out
        return out

    def search(self, c: Creature, budget: int, mode: str, walls: bool = False
               ) -> tuple[dict[Sq, tuple[int, int, Sq]], set[Sq]]:
        """Squares a creature can reach: ``{anchor: (cost, hazards entered, previous anchor)}``, and the squares
        other creatures occupy (see :meth:`reach` for where it may end).

        ``mode``: ``move`` (stops when it enters a square next to an enemy; speed 1 if it starts next to one),
        ``shift`` (no stopping), ``slide`` (pushed: no stopping, terrain applies). Flying, burrowing and
        phasing creatures ignore terrain costs and enemies while moving. The cheapest path wins; among equal
        costs, the one entering fewer hazardous squares. Kept until anything on the battlefield changes."""
        key = (c.id, c.pos, budget, mode, walls, c.passage, self._ver)
        hit = self._search_cache.get(key)
        if hit is not None:
            return hit
        self._fresh_caches()
        bf = self.bf
        fly, burrow, phase, ign = (False, False, False, False) if mode == "slide" else self.moves_like(c)
        scuttle = mode == "move" and c.has_mod("scuttle")
        if c.passage:
            walls = True
        shifting = mode in ("shift", "slide") or scuttle or walls
        free = fly or burrow or phase
        no_cost = free or ign
        s = c.size
        stops = mode == "move" and not shifting and not free
        if mode == "move" and self.adjacent_enemies(c):
            budget = 1  # §6.5: a creature that starts next to an enemy has speed 1
        start = c.pos
        occupied: set[Sq] = set()
        if s == 1 and not walls:
            # on integer squares: where others stand, the enemies' squares, the squares next to them
            index = bf.index
            adjacent_ix = bf.adjacent_ix
            taken_ix: list[int] = []
            enemy_ix: list[int] = []
            zone_ix: list[int] = []
            for o in self.creatures.values():
                if not o.on_board or o is c:
                    continue
                for q in o.squares():
                    occupied.add(q)
                    i = index[q]
                    taken_ix.append(i)
                    if o.controller != c.controller:
                        enemy_ix.append(i)
                        if stops:
                            zone_ix.extend(adjacent_ix[i])
            blocked_ix = enemy_ix if (not free and mode != "slide") else (taken_ix if mode == "slide" else [])
            best1, ends = self._search_one(start, budget, blocked_ix, zone_ix, no_cost, free, taken_ix)
            out = (best1, occupied)
            self._search_cache[key] = out
            self._reach_cache[key] = ends
            return out
        me = set(c.squares())
        enemy_sq: set[Sq] = set()
        zone: set[Sq] = set()
        for o in self.creatures.values():
            if not o.on_board or o is c:
                continue
            for q in o.squares():
                occupied.add(q)
                if o.controller != c.controller:
                    enemy_sq.add(q)
                    if stops:
                        zone.update(bf.adjacent_of.get(q, ()))
        blocked_sq = enemy_sq if (not free and mode != "slide") else (occupied - me if mode == "slide" else set())
        best: dict[Sq, tuple[int, int, Sq]] = {start: (0, 0, start)}
        buckets: list[list[Sq]] = [[] for _ in range(budget + 3)]
        buckets[0].append(start)
        difficult = bf.difficult
        hazardous = bf.hazardous
        cost_now = 0
        while cost_now < len(buckets):
            bucket = buckets[cost_now]
            if not bucket:
                cost_now += 1
                continue
            sq = bucket.pop()
            cost, haz, _ = best[sq]
            if cost != cost_now:
                continue
            if sq != start and zone and self._in_zone(sq, s, zone):
                continue  # must stop here
            for n, entered in (self.bf.block_steps(sq, s) if not walls else self._wall_steps(sq, s)):
                blocked = False
                extra = 0
                nh = haz
                for t in entered:
                    if t in blocked_sq:
                        blocked = True
                        break
                    if t in difficult and not no_cost:
                        extra = 1
                    if t in hazardous and not free:
                        nh += 1
                if blocked:
                    continue
                nc = cost + 1 + extra
                if nc > budget:
                    continue
                old = best.get(n)
                if old is None or nc < old[0] or (nc == old[0] and nh < old[1]):
                    best[n] = (nc, nh, sq)
                    buckets[nc].append(n)
        out = (best, occupied)
        self._search_cache[key] = out
        return out

    def _search_one(self, start: Sq, budget: int, blocked_ix: list[int], zone_ix: list[int], no_cost: bool,
                    free: bool, taken_ix: list[int]
                    ) -> tuple[dict[Sq, tuple[int, int, Sq]], dict[Sq, tuple[int, int, Sq]]]:
        """:meth:`search` for a one-square creature that respects walls, on integer squares (the battlefield's
        step, difficult and hazardous tables by index). The squares come out in the order they were first
        reached, as the general search gives them; with them, those it may end on (:meth:`reach`: not where it
        starts, not a square another creature occupies; a step never enters a wall's square)."""
        bf = self.bf
        index = bf.index
        far = FAR_COST
        if not self._scratch:
            n_all = len(bf.sq_at)
            self._scratch = [[0] * n_all, [far] * n_all, [0] * n_all, [-1] * n_all, [0] * n_all]
        # the battle's own arrays, left clean after each search (only the squares touched are reset); a square
        # it may not enter costs -1 while it runs, so "reached more cheaply already" turns every step into it away
        in_zone, cost_of, haz_of, prev, taken = self._scratch
        for i in blocked_ix:
            cost_of[i] = -1
        for i in zone_ix:
            in_zone[i] = 1
        for i in taken_ix:
            taken[i] = 1
        stop_zone = bool(zone_ix)
        difficult = bf.difficult_ix
        hazardous = bf.hazardous_ix
        steps = bf.step_ix
        first = index[start]
        cost_of[first] = 0
        prev[first] = first
        order = [first]
        buckets: list[list[int]] = [[] for _ in range(budget + 3)]
        buckets[0].append(first)
        cost_now = 0
        while cost_now < len(buckets):
            bucket = buckets[cost_now]
            if not bucket:
                cost_now += 1
                continue
            i = bucket.pop()
            cost = cost_of[i]
            if cost != cost_now:
                continue
            if stop_zone and i != first and in_zone[i]:
                continue  # must stop here
            haz = haz_of[i]
            for j in steps[i]:
                nc = cost + (2 if (not no_cost and difficult[j]) else 1)
                if nc > budget:
                    continue
                old = cost_of[j]
                if nc > old:
                    continue  # reached more cheaply already (most neighbours), or not to be entered
                nh = haz + (1 if (not free and hazardous[j]) else 0)
                if nc < old or nh < haz_of[j]:
                    if old == far:
                        order.append(j)
                    cost_of[j] = nc
                    haz_of[j] = nh
                    prev[j] = i
                    buckets[nc].append(j)
        sq_at = bf.sq_at
        best: dict[Sq, tuple[int, int, Sq]] = {}
        ends: dict[Sq, tuple[int, int, Sq]] = {}
        for i in order:
            v = bf.reached_value(cost_of[i], haz_of[i], prev[i])
            sq = sq_at[i]
            best[sq] = v
            if i != first and not taken[i]:
                ends[sq] = v
            cost_of[i] = far
            haz_of[i] = 0
            prev[i] = -1
        for i in blocked_ix:
            cost_of[i] = far
        for i in zone_ix:
            in_zone[i] = 0
        for i in taken_ix:
            taken[i] = 0
        return best, ends

    def _in_zone(self, anchor: Sq, s: int, zone: set[Sq]) -> bool:
        if s == 1:
            return anchor in zone
        return any((anchor[0] + i, anchor[1] + j) in zone for j in range(s) for i in range(s))

    def _wall_steps(self, a: Sq, s: int) -> list[tuple[Sq, list[Sq]]]:
        """Steps of a creature that ignores walls while it moves (Secret Passage)."""
        out = []
        for d in DIRS:
            b = (a[0] + d[0], a[1] + d[1])
            ok, entered = self._step(a, b, d, s, True)
            if ok:
                out.append((b, entered))
        return out

    def _step(self, a: Sq, b: Sq, d: Sq, s: int, walls: bool) -> tuple[bool, list[Sq]]:
        """Can a creature of side ``s`` step its anchor from ``a`` to ``b``? Returns the newly entered squares."""
        bf = self.bf
        if s == 1:
            if walls:
                return (0 <= b[0] < bf.width and 0 <= b[1] < bf.height), [b]
            if b not in bf.steps.get(a, ()):
                return False, []
            return True, [b]
        old = {(a[0] + i, a[1] + j) for j in range(s) for i in range(s)}
        new = [(b[0] + i, b[1] + j) for j in range(s) for i in range(s)]
        for t in new:
            if not (0 <= t[0] < bf.width and 0 <= t[1] < bf.height):
                return False, []
            if not walls and t in bf.solid:
                return False, []
        if not walls:
            for j in range(s):
                for i in range(s):
                    src = (a[0] + i, a[1] + j)
                    dst = (src[0] + d[0], src[1] + d[1])
                    if dst not in bf.steps.get(src, ()):
                        return False, []
        return True, [t for t in new if t not in old]

    def path(self, reached: Mapping[Sq, tuple[int, int, Sq]], start: Sq, to: Sq) -> list[Sq]:
        out = [to]
        cur = to
        while cur != start:
            cur = reached[cur][2]
            out.append(cur)
        out.reverse()
        return out

    def _move_to(self, c: Creature, to: Sq, mode: str, budget: int, why: str, walls: bool = False) -> bool:
        if to not in self.reach(c, budget, mode, walls):
            return False
        reached, _occ = self.search(c, budget, mode, walls)
        cost, haz, _ = reached[to]
        start = c.pos
        full = [start, *self._reconstruct(reached, start, to)]
        self._lift(c)
        entered: list[Sq] = []
        for a in full[1:]:
            for j in range(c.size):
                for i in range(c.size):
                    entered.append((a[0] + i, a[1] + j))
        self._place(c, to)
        self.log.add("move", creature=c.id, path=[list(x) for x in full], mode=mode, cost=cost, why=why)
        self._fig(c.id, "squares_moved", len(full) - 1)
        self._enter_squares(c, entered)
        fly, burrow, phase, _ = (False, False, False, False) if mode == "slide" else self.moves_like(c)
        hit = haz > 0 if not (fly or burrow or phase) else any(s in self.bf.hazardous for s in c.squares())
        if hit and not c.hazard_hit:
            c.hazard_hit = True
            self.ops.append(Op("trigger", target=c.id, amount=10, data={"label": "hazardous terrain", "stat": ""}))
        return True

    def _reconstruct(self, reached: Mapping[Sq, tuple[int, int, Sq]], start: Sq, to: Sq) -> list[Sq]:
        out = []
        cur = to
        guard = 0
        while cur != start and guard < 400:
            out.append(cur)
            cur = reached[cur][2]
            guard += 1
        out.reverse()
        return out
