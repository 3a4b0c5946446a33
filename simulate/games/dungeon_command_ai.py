"""The ``heuristic`` Dungeon Command player (``docs/engine.md``, "Dungeon Command as played").

It makes the game's real choices with a few rules of thumb and a value per effect ``op`` (never per card):

- **deploying**: the highest levels that fit Leadership (a small knapsack), melee creatures at the front of
  the start area, ranged ones behind;
- **activating**: creatures that can strike now first (ranged before melee), then the rest, nearest the
  enemy first;
- **in an activation**: the best attack it can make from here or from a square it can reach (its own attack,
  or an order whose attack adds more), before it minor orders that pay for themselves (buffs, an extra attack,
  an untap to attack again, a heal on a wounded creature), treasure when nothing can be attacked, else a step
  toward the nearest enemy or chest;
- **responding**: a prevention or a dodge when an attack would destroy the creature or deal 20 or more, the
  cheapest card that does the job; immediate orders are kept for that;
- **cowering**: when the damage would destroy a creature whose level is worth more Morale than cowering costs,
  and enough Morale is left;
- **choices while resolving**: shifts toward the declared target (then away from enemies), slides that push
  enemies away, the least useful card to discard, the enemy's attached card to remove.
"""

from __future__ import annotations

from collections.abc import Sequence

from simulate.engine.game import Action, State
from simulate.games import dungeon_command_actions as act
from simulate.games.dungeon_command import DcState
from simulate.games.dungeon_command_cards import OrderCard
from simulate.games.dungeon_command_effects import ALL, IMMEDIATE, STANDARD, Step
from simulate.games.dungeon_command_maps import chebyshev
from simulate.games.dungeon_command_pieces import Creature, Item

Sq = tuple[int, int]
KILL_VALUE = 12  # per level of a destroyed enemy: it costs its owner that much Morale
CARD_VALUE = 6


class DcHeuristicPolicy:
    """The ``heuristic`` AI for Dungeon Command (see the module's docstring)."""

    name = "heuristic"

    def __init__(self, seed: int | str, player: int) -> None:
        self.player = player

    def choose(self, state: State, legal: Sequence[Action]) -> Action:
        if not isinstance(state, DcState):
            raise TypeError("the heuristic Dungeon Command player plays Dungeon Command only")
        s = state
        p = s.current_player()
        if s.pending is not None:
            if s.pending.kind == "cower":
                return act.Cower(self._cower(s))
            return act.Choose(self._choose(s))
        if s.window is not None:
            return self._respond(s, p, legal)
        if s.phase == "deploy-first":
            return act.FirstPlayer(p)
        if s.phase in ("setup", "deploy", "refresh-deploy"):
            return self._deploy(s, p)
        if s.phase == "activate":
            if not s.active:
                return self._pick_creature(s, p)
            return self._act(s, s.creatures[s.active])
        return legal[0]

    # --- deploying ----------------------------------------------------------------------------------------

    def _deploy(self, s: DcState, p: int) -> Action:
        menu = s.deploy_menu(p)  # the legal deployments, without making each one
        if not menu:
            return act.EndDeploy()
        room = s.players[p].leadership - s.board_level(p)
        cards = sorted(menu, key=lambda cid: (-s.creatures[cid].card.level, cid))
        best = _knapsack([(cid, s.creatures[cid].card.level, self._creature_value(s, s.creatures[cid]))
                          for cid in cards], room)
        if not best:
            return act.EndDeploy()
        cid = best[0]
        squares = menu[cid]
        c = s.creatures[cid]
        enemy = self._enemy_centre(s, p)
        ranged = c.card.has_ranged and c.card.melee < (c.card.ranged_damage or 0) + 10
        key = (lambda sq: (-chebyshev(sq, enemy), sq)) if ranged else (lambda sq: (chebyshev(sq, enemy), sq))
        return act.Deploy(cid, min(squares, key=key))

    def _creature_value(self, s: DcState, c: Creature) -> int:
        card = c.card
        return card.level * 10 + card.hp // 10 + max(card.melee, card.ranged_damage or 0) // 10

    def _enemy_centre(self, s: DcState, p: int) -> Sq:
        area = s.bf.start_areas[1 - p]
        xs = [q[0] for q in area]
        ys = [q[1] for q in area]
        return (sum(xs) // max(1, len(xs)), sum(ys) // max(1, len(ys)))

    # --- activating ---------------------------------------------------------------------------------------

    def _pick_creature(self, s: DcState, p: int) -> Action:
        ps = s.players[p]
        ready = [c for c in s.own(p) if not c.activated]
        if not ready:
            return act.EndPhase()
        enemies = s.enemies_of(p)

        def key(c: Creature) -> tuple[int, int, int, str]:
            can_hit = any(s.can_melee(c, e) or s.can_shoot(c, e) for e in enemies)
            near = min((s.gap(c, e) for e in enemies), default=99)
            return (0 if can_hit else 1, 0 if c.card.has_ranged else 1, near, c.id)

        del ps
        return act.Activate(min(ready, key=key).id)

    def _act(self, s: DcState, c: Creature) -> Action:
        p = c.controller
        enemies = s.enemies_of(p)
        # 1. an attack from here: the best of the creature's own attack and its attack orders
        if not c.tapped or self._has_minor_attack(s, c):
            best = self._best_attack_here(s, c, enemies)
            if best is not None:
                return best
        # 2. minor orders that pay for themselves (before moving: buffs, an extra move)
        minor = self._best_minor(s, c, enemies)
        if minor is not None:
            return minor
        # 3. move: to a square from which it can attack, else toward a chest or the enemy
        if not c.moved and not c.has_mod("immobile"):
            mv = self._move(s, c, enemies)
            if mv is not None:
                return mv
        # 4. treasure under it
        if not c.tapped and any(s.tokens.get(q) for q in c.squares()):
            return act.Collect(c.id, s._sellsword(c) and s.players[p].morale > 6)
        # 5. a power (Healing Touch, Confusion Gaze...), an attached card to remove
        extra = self._powers(s, c)
        if extra is not None:
            return extra
        return act.EndActivation()

    def _has_minor_attack(self, s: DcState, c: Creature) -> bool:
        ps = s.players[c.controller]
        for oid in ps.order_hand:
            card = s.orders[oid][1]
            if card.action != STANDARD and card.action != IMMEDIATE and any(
                    st.op == "attack" for st in card.reading.steps):
                return True
        return False

    def _attack_value(self, s: DcState, c: Creature, t: Creature, dmg: int) -> float:
        if t.controller == c.controller or dmg <= 0:
            return -1.0
        real = dmg
        for m in t.mods():
            if m.op == "damage-taken":
                real += m.amount
        for m in s._all_mods(t):
            if m.op == "block":
                real -= m.amount
        if real <= 0:
            return 0.0
        if real >= t.remaining:
            return t.remaining + KILL_VALUE * t.card.level + 5
        return float(real)

    def _best_attack_here(self, s: DcState, c: Creature, enemies: list[Creature]) -> Action | None:
        best: tuple[float, Action] | None = None
        if not c.tapped:
            for e in enemies:
                if s.can_melee(c, e) and c.card.melee > 0:
                    v = self._attack_value(s, c, e, s.attack_damage(c, e, False))
                    if best is None or v > best[0]:
                        best = (v, act.Attack(c.id, e.id, False))
                if s.can_shoot(c, e):
                    v = self._attack_value(s, c, e, s.attack_damage(c, e, True))
                    if best is None or v > best[0]:
                        best = (v, act.Attack(c.id, e.id, True))
        ps = s.players[c.controller]
        for oid in ps.order_hand:
            card = s.orders[oid][1]
            if card.action == IMMEDIATE or not card.reading.modelled:
                continue
            if card.action == STANDARD and c.tapped:
                continue
            if not any(st.op in ("attack", "damage", "area", "multi-ranged", "ally-attack")
                       for st in card.reading.steps):
                continue
            for a in s._order_candidates(c, oid, card, response=False):
                if not isinstance(a, act.PlayOrder):
                    continue
                v = self._play_value(s, c, card, a)
                if best is None or v > best[0] + 2:
                    best = (v, a)
        for pw in c.powers:
            if pw.name in c.used or not any(st.op in ("attack", "multi-ranged") for st in pw.reading.steps):
                continue
            if c.tapped:
                continue
            for a2 in s.power_actions(c):
                if a2.power == pw.name:
                    v = self._steps_value(s, c, pw.reading.steps, a2.target, False, a2.square)
                    if best is None or v > best[0]:
                        best = (v, a2)
        if best is None or best[0] <= 0:
            return None
        return best[1]

    def _play_value(self, s: DcState, c: Creature, card: OrderCard, a: act.PlayOrder) -> float:
        steps = s._expand(card.reading.steps, a.option)
        v = self._steps_value(s, c, steps, a.target, a.ranged, a.square)
        for cost in card.reading.costs:
            if cost.op == "discard":
                v -= CARD_VALUE
            elif cost.op == "self-damage":
                v -= cost.amount * (2 if cost.amount >= c.remaining else 0.5)
            elif cost.op == "lose-morale":
                v -= 12 * cost.amount
        v -= len(a.assistants) * 4 + CARD_VALUE * 0.5
        return v

    def _steps_value(self, s: DcState, c: Creature, steps: Sequence[Step], target: str, ranged: bool,
                     square: Sq) -> float:
        p = c.controller
        t = s.creatures.get(target) if target else None
        v = 0.0
        for st in steps:
            op = st.op
            if op == "attack" and t is not None:
                kind = st.kind
                rng = ranged if kind == "either" else kind == "ranged"
                dmg = s.attack_damage(c, t, rng, st.mode, st.amount, st.keyword)
                av = self._attack_value(s, c, t, dmg)
                if st.unpreventable:
                    av *= 1.2
                for r in st.riders:
                    if r.op == "untap":
                        av += 15
                    elif r.op in ("tap", "gain-morale", "opponent-discards"):
                        av += 6
                    elif r.op == "heal":
                        av += min(r.amount, c.damage) * 0.5
                v += av
            elif op == "damage" and t is not None:
                amount = st.amount if st.mode != "base" else c.card.melee
                v += self._attack_value(s, c, t, amount)
            elif op == "area":
                for victim in s._area_targets(c, st, square):
                    if victim.controller != p:
                        v += self._attack_value(s, c, victim, st.amount)
                    else:
                        v -= 1.5 * min(st.amount, victim.remaining)
            elif op == "multi-ranged":
                for xid in [y for y in target.split(",") if y]:
                    shot = s.creatures.get(xid)
                    if shot is not None:
                        v += self._attack_value(s, c, shot, s.attack_damage(c, shot, True))
            elif op == "ally-attack" and t is not None:
                v += 10
            elif op == "heal":
                who = t if (st.who != "self" and t is not None) else c
                n = st.amount * (len(s.adjacent_enemies(c)) if st.mode == "per-adjacent-enemy" else 1)
                v += min(n, who.damage) * 0.6 - 2
            elif op == "draw":
                v += CARD_VALUE * st.amount
            elif op == "discard":
                v -= CARD_VALUE * st.amount
            elif op in ("gain-morale",) or op in ("opponent-morale",):
                v += 12 * st.amount
            elif op == "gain-leadership":
                v += 6 * st.amount if s.players[p].hand else 1
            elif op == "lose-morale":
                v -= 12 * st.amount
            elif op == "untap":
                v += 14 if c.tapped else -5
            elif op == "tap" and t is not None:
                v += 5 if t.controller != p and not t.tapped else -5
            elif op == "attach":
                v += self._attach_value(s, c, st, t)
            elif op == "war-cry":
                n = sum(1 for x in s.own(p) if not x.activated and any(k in x.keywords for m in st.mods
                                                                         for k in m.keywords))
                v += 4 * n
            elif op == "slide" and t is not None and t.controller != p:
                v += 3
            elif op == "treasure-remote":
                v += 12
            elif op == "opponent-draws":
                v -= CARD_VALUE
        return v

    def _attach_value(self, s: DcState, c: Creature, st: Step, t: Creature | None) -> float:
        who = t if st.who in ("target", "enemy-within", "any-within") and t is not None else c
        friendly = who.controller == c.controller
        v = 0.0
        for m in st.mods:
            if m.op in ("speed",):
                v += 2 * (1 if friendly else -1)
            elif m.op == "melee":
                v += (m.amount * 0.6) * (1 if friendly else -1)
            elif m.op == "damage-taken":
                v += 6 if not friendly else -6
            elif m.op == "immobile":
                v += 8 if not friendly else -4
            elif m.op in ("stored-prevent", "power-prevent", "block"):
                v += (10 if m.amount == ALL else m.amount * 0.3) if friendly else -5
            elif m.op in ("regenerate", "refresh-draw", "level-up", "scuttle", "ignore-difficult"):
                v += 5 if friendly else -5
            elif m.op in ("start-damage", "end-damage"):
                v += -m.amount * 0.5 if friendly else m.amount * 0.5
            elif m.op in ("unpreventable", "vorpal", "cleave", "next-melee"):
                v += 4
            else:
                v += 1
        return v

    def _best_minor(self, s: DcState, c: Creature, enemies: list[Creature]) -> Action | None:
        ps = s.players[c.controller]
        best: tuple[float, Action] | None = None
        soon = -1  # whether it can attack this activation: asked once, for the first standard order
        for oid in ps.order_hand:
            card = s.orders[oid][1]
            if card.action == IMMEDIATE or not card.reading.modelled:
                continue
            if card.action == STANDARD:
                if c.tapped:
                    continue
                if soon < 0:
                    soon = 1 if self._attack_soon(s, c, enemies) else 0
                if soon:
                    continue
            steps = card.reading.steps
            if any(st.op in ("attack", "damage", "area", "multi-ranged") for st in steps):
                continue  # attacks were weighed above
            if any(st.op in ("shift", "move", "teleport", "stealth", "secret-passage", "deploy-now", "reinforce",
                             "remove-attached", "choice") for st in steps) and not self._useful_move_card(s, c, steps):
                continue
            for a in s._order_candidates(c, oid, card, response=False):
                if not isinstance(a, act.PlayOrder):
                    continue
                v = self._play_value(s, c, card, a)
                if v > 3 and (best is None or v > best[0]):
                    best = (v, a)
        return best[1] if best is not None else None

    def _useful_move_card(self, s: DcState, c: Creature, steps: Sequence[Step]) -> bool:
        ops = {st.op for st in steps}
        if "remove-attached" in ops:
            return any(a.owner != c.controller for a in c.attached)
        if "choice" in ops:
            return c.damage >= 20
        return False

    def _attack_soon(self, s: DcState, c: Creature, enemies: list[Creature]) -> bool:
        """Can it attack this activation (so a standard non-attack order would waste its action)?"""
        if any(s.can_melee(c, e) or s.can_shoot(c, e) for e in enemies):
            return True
        if c.moved:
            return False
        reach = s.speed(c) + 1 + (c.card.ranged_range or 0 if c.card.has_ranged else 0)
        return any(s.gap(c, e) <= reach for e in enemies)

    def _powers(self, s: DcState, c: Creature) -> Action | None:
        best: tuple[float, Action] | None = None
        for a in s.power_actions(c):
            if a.power.startswith("attached:"):
                att = next((x for x in c.attached if f"attached:{x.order}" == a.power), None)
                if att is None:
                    continue
                ops = {m.op for m in att.mods}
                if "removable" in ops and att.owner != c.controller and not c.tapped:
                    v = 6.0
                elif "home-morale" in ops:
                    v = 40.0
                else:
                    continue
            elif a.power == "versatile":
                continue
            else:
                pw = next((x for x in c.powers if x.name == a.power), None)
                if pw is None:
                    continue
                steps = s._expand(pw.reading.steps, a.option)
                v = self._steps_value(s, c, steps, a.target, False, a.square)
            if v > 3 and (best is None or v > best[0]):
                best = (v, a)
        return best[1] if best is not None else None

    def _move(self, s: DcState, c: Creature, enemies: list[Creature]) -> Action | None:
        reached = s.reach(c, s.speed(c), "move")
        if not reached:
            return None
        # a square from which to attack after the move
        if not c.tapped or self._has_minor_attack(s, c):
            sq = self._attack_square(s, c, reached, enemies)
            if sq is not None:
                return act.Move(c.id, sq)
        # otherwise: a chest or token within reach, else down the walking distance toward the enemy (or a chest)
        for sq in reached:
            if sq in s.chests or (sq in s.tokens and not c.tapped):
                return act.Move(c.id, sq)
        goals = frozenset([q for e in enemies for q in e.squares()] + list(s.chests) + list(s.tokens))
        if not goals:
            return None
        field = s.bf.walk_field(goals, c.pos)
        index = s.bf.index
        here = field[index[c.pos]]
        ranged = c.card.has_ranged
        choice: tuple[float, Sq] | None = None
        for sq, (_cost, haz, _prev) in reached.items():
            d = field[index[sq]]
            if d >= here:
                continue
            v = float(here - d) - haz * 5
            if ranged and d <= 1:
                v -= 4
            if choice is None or v > choice[0]:
                choice = (v, sq)
        return act.Move(c.id, choice[1]) if choice is not None and choice[0] > 0 else None

    def _attack_square(self, s: DcState, c: Creature, reached: dict[Sq, tuple[int, int, Sq]],
                       enemies: list[Creature]) -> Sq | None:
        """The reachable square to attack from: the most valuable target first; for it, the cheapest square next to
        it (melee), or in range and sight with no enemy adjacent (ranged, checking a bounded number of lines)."""
        values = self._target_values(s, c, enemies)
        size = c.size
        options: list[tuple[float, str, bool]] = []
        for e in enemies:
            mv, rv = values[e.id]
            if mv > 0:
                options.append((mv, e.id, False))
            if rv > 0:
                options.append((rv, e.id, True))
        options.sort(key=lambda o: (-o[0], o[1], o[2]))
        checks = 0
        for _v, eid, ranged in options:
            e = s.creatures[eid]
            cands = []
            if ranged:
                rng = c.card.ranged_range or 0
                for sq, (_cost, haz, _prev) in reached.items():
                    g = s.gap_at(sq, size, e)
                    if 1 < g <= rng:
                        cands.append((haz, -g, sq))
            else:
                # the anchors one square from the enemy: the ring around it, not every reached square
                ex, ey = e.pos
                for y in range(ey - size, ey + e.size + 1):
                    for x in range(ex - size, ex + e.size + 1):
                        hit = reached.get((x, y))
                        if hit is not None and s.gap_at((x, y), size, e) == 1:
                            cands.append((hit[1], hit[0], (x, y)))
            cands.sort()
            for _haz, _k, sq in cands:
                if not ranged:
                    if s.adjacent_at(sq, size, e):
                        return sq
                    continue
                if any(s.adjacent_at(sq, size, x) for x in enemies):
                    continue
                checks += 1
                if checks > 30:
                    break
                squares = [(sq[0] + i, sq[1] + j) for j in range(size) for i in range(size)]
                if s.los_at(squares, c, e):
                    return sq
        return None

    def _target_values(self, s: DcState, c: Creature, enemies: list[Creature]) -> dict[str, tuple[float, float]]:
        """Per enemy: the value of a melee and of a ranged attack on it (they do not depend on where ``c`` stands)."""
        melee_ok = c.card.melee > 0 or self._has_minor_attack(s, c)
        out = {}
        for e in enemies:
            mv = self._attack_value(s, c, e, s.attack_damage(c, e, False)) if melee_ok else 0.0
            rv = self._attack_value(s, c, e, s.attack_damage(c, e, True)) + 3 if c.card.has_ranged else 0.0
            out[e.id] = (mv, rv)
        return out

    def _square_attack_value(self, s: DcState, c: Creature, sq: Sq, enemies: list[Creature],
                             values: dict[str, tuple[float, float]] | None = None) -> float:
        """The best attack value from ``sq`` (melee: next to the enemy; ranged: a shot with no enemy adjacent)."""
        if values is None:
            values = self._target_values(s, c, enemies)
        size = c.size
        best = 0.0
        adjacent = False
        for e in enemies:
            if s.adjacent_at(sq, size, e):
                adjacent = True
                best = max(best, values[e.id][0])
        if c.card.has_ranged and not adjacent:
            rng = c.card.ranged_range or 0
            squares = [(sq[0] + i, sq[1] + j) for j in range(size) for i in range(size)]
            for e in enemies:
                rv = values[e.id][1]
                if rv > best and s.gap_at(sq, size, e) <= rng and s.los_at(squares, c, e):
                    best = rv
        return best

    # --- responding --------------------------------------------------------------------------------------------

    def _incoming(self, s: DcState, it: Item, victim: Creature) -> int:
        st = it.step
        actor = s.creatures.get(it.creature)
        if st.op == "attack" and actor is not None and it.target == victim.id:
            kind = st.kind if st.kind != "either" else ("ranged" if it.ranged else "melee")
            return s.attack_damage(actor, victim, kind == "ranged", st.mode, st.amount, st.keyword)
        if st.op == "trigger-damage":
            return it.amount
        if st.op in ("damage", "area"):
            return st.amount if st.mode != "base" or actor is None else actor.card.melee
        if st.op == "multi-ranged" and actor is not None:
            return s.attack_damage(actor, victim, True)
        return 0

    def _respond(self, s: DcState, p: int, legal: Sequence[Action]) -> Action:
        best: tuple[float, Action] | None = None
        for a in legal:
            if isinstance(a, act.Pass):
                continue
            rv = self._response_value(s, p, a)
            if rv > 0 and (best is None or rv > best[0]):
                best = (rv, a)
        return best[1] if best is not None else act.Pass()

    def _response_value(self, s: DcState, p: int, a: Action) -> float:
        if isinstance(a, act.UsePower):
            c = s.creatures[a.creature]
            answered = next((x for x in s.stack if x.id == a.source), None)
            if answered is None:
                return 0.0
            dmg = self._incoming(s, answered, c)
            if a.power == "dodge":
                return float(dmg + (KILL_VALUE * c.card.level if dmg >= c.remaining else 0) - 8)
            amount, _label, taps, cost = s._prevention_power(c, a.power)
            stop = dmg if amount == ALL else min(amount, dmg)
            pv = float(stop + (KILL_VALUE * c.card.level if dmg >= c.remaining > dmg - stop else 0) - cost * 12)
            return pv - (6 if taps else 0) - (4 if a.power.startswith("attached:") else 0)
        if isinstance(a, act.PlayOrder):
            card = s.orders[a.card][1]
            c = s.creatures[a.creature]
            steps = s._expand(card.reading.steps, a.option)
            v = 0.0
            for st in steps:
                if st.op == "prevent":
                    prot = c if st.who == "self" else s.creatures.get(a.target, c)
                    source = next((x for x in s.stack if x.id == a.source), None)
                    if source is None:
                        continue
                    incoming = self._incoming(s, source, prot)
                    blocked = incoming if st.amount == ALL else min(st.amount, incoming)
                    lethal = incoming >= prot.remaining and incoming - blocked < prot.remaining
                    if incoming < 20 and not lethal:
                        return 0.0
                    v += blocked + (KILL_VALUE * prot.card.level if lethal else 0) - (st.amount - blocked) * 0.2
                elif st.op == "attack":
                    t = s.creatures.get(a.target)
                    if t is not None:
                        v += self._attack_value(s, c, t, s.attack_damage(c, t, st.kind == "ranged", st.mode, st.amount))
                elif st.op == "destroy-self":
                    v -= KILL_VALUE * c.card.level + c.remaining
                elif st.op in ("draw",):
                    v += CARD_VALUE * st.amount
                elif st.op == "untap":
                    v += 4
                elif st.op in ("gain-morale", "tapped-controller-morale"):
                    v += 12 * st.amount
                elif st.op == "area":
                    v += 5
                elif st.op == "opponent-draws":
                    v -= CARD_VALUE
            for pay in card.reading.costs:
                if pay.op == "discard":
                    v -= CARD_VALUE
                elif pay.op == "lose-morale":
                    v -= 12 * pay.amount
            return v - CARD_VALUE - 6  # the card, and the creature's tap
        return 0.0

    # --- cowering and choices ---------------------------------------------------------------------------------

    def _cower(self, s: DcState) -> bool:
        pend = s.pending
        assert pend is not None
        op = pend.resume
        t = s.creatures[op.target]
        ps = s.players[t.controller]
        cost = (op.amount + 9) // 10 + s._cower_extra(t.controller)
        lethal = op.amount >= t.remaining
        if not lethal:
            return False
        return cost < t.card.level and ps.morale - cost >= 4

    def _choose(self, s: DcState) -> int:
        pend = s.pending
        assert pend is not None
        opts = pend.options
        op = pend.resume
        p = pend.player
        if op.kind == "move-to":
            return self._choose_square(s, p, op.creature, op.kind2, opts)
        if op.kind == "discard-card":
            # the least useful card: the lowest level among those this warband can rarely play
            def worth(i: int) -> tuple[int, int]:
                card = s.orders[str(opts[i]["card"])][1]
                return (card.level + (3 if card.action == IMMEDIATE else 0), i)
            return min(range(len(opts)), key=worth)
        if op.kind == "remove-chosen":
            c = s.creatures[op.creature]
            for i, o in enumerate(opts):
                att = next((a for a in c.attached if a.order == o.get("order")), None)
                if att is not None and (att.owner != c.controller) == (c.controller == p):
                    return i
            return 0
        if op.kind in ("trigger-chosen", "death-strike-hit"):
            best_i, best_v = len(opts) - 1, 0.0
            for i, o in enumerate(opts):
                t = s.creatures.get(str(o.get("target") or ""))
                if t is None:
                    continue
                v = float(KILL_VALUE * t.card.level) if t.remaining <= op.amount else float(op.amount)
                if t.controller == p:
                    v = -v
                if v > best_v:
                    best_i, best_v = i, v
            return best_i
        if op.kind in ("deploy-chosen",):
            enemy = self._enemy_centre(s, p)
            best_i, best_k = len(opts) - 1, None
            for i, o in enumerate(opts):
                if not o.get("card"):
                    continue
                c = s.creatures[str(o["card"])]
                sq = (int(o["square"][0]), int(o["square"][1]))
                k = (-c.card.level, chebyshev(sq, enemy))
                if best_k is None or k < best_k:
                    best_i, best_k = i, k
            return best_i
        if op.kind == "stealth-place":
            enemies = s.enemies_of(p)
            best_i, best_d = 0, 999
            for i, o in enumerate(opts):
                sq = (int(o["square"][0]), int(o["square"][1]))
                d = min((chebyshev(sq, e.pos) for e in enemies), default=0)
                if 2 <= d < best_d:
                    best_i, best_d = i, d
            return best_i
        if op.kind == "chieftain":
            return 0
        return 0

    def _choose_square(self, s: DcState, p: int, cid: str, mode: str, opts: list[dict[str, object]]) -> int:
        c = s.creatures[cid]
        squares = [(int(o["square"][0]), int(o["square"][1])) for o in opts]  # type: ignore[index]
        if c.controller != p:
            # pushing an enemy: away from my creatures, into hazards
            mine = s.own(p)
            def push(i: int) -> tuple[int, int]:
                sq = squares[i]
                d = min((chebyshev(sq, x.pos) for x in mine), default=0)
                return (-(d + (3 if sq in s.bf.hazardous else 0)), i)
            return min(range(len(squares)), key=push)
        enemies = s.enemies_of(p)
        # an attack of this creature waits below on the stack: get next to (or in range of) its target
        pending_target = next((it.target for it in reversed(s.stack) if it.creature == cid and it.step.op == "attack"),
                              "")
        t = s.creatures.get(pending_target) if pending_target else None
        if t is not None and t.on_board:
            def near(i: int) -> tuple[int, int, int]:
                sq = squares[i]
                d = max(0, chebyshev(sq, t.pos) - (t.size - 1))
                return (0 if d == 1 else 1, d, i)
            return min(range(len(squares)), key=near)
        if c.tapped:
            # done for the turn: step away from enemies, out of hazards
            def away(i: int) -> tuple[int, int]:
                sq = squares[i]
                d = min((chebyshev(sq, e.pos) for e in enemies), default=0)
                return (-(d - (4 if sq in s.bf.hazardous else 0)), i)
            return min(range(len(squares)), key=away)
        best_i, best_v = 0, -1e9
        for i, sq in enumerate(squares):
            v = self._square_attack_value(s, c, sq, enemies) if not s.occ.get(sq) or sq == c.pos else 0
            d = min((chebyshev(sq, e.pos) for e in enemies), default=0)
            v = v * 10 - d - (5 if sq in s.bf.hazardous else 0)
            if v > best_v:
                best_i, best_v = i, v
        return best_i


def _knapsack(items: list[tuple[str, int, int]], room: int) -> list[str]:
    """The items (id, weight, value) of the greatest value within ``room``, heaviest first."""
    best: dict[int, tuple[int, list[str]]] = {0: (0, [])}
    for cid, w, v in items:
        for used, (val, chosen) in sorted(best.items(), reverse=True):
            nw = used + w
            if nw <= room and (nw not in best or best[nw][0] < val + v):
                best[nw] = (val + v, [*chosen, cid])
    top = max(best.values(), key=lambda x: (x[0], -len(x[1])))
    return top[1]
