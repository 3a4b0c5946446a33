"""Declaring actions in Dungeon Command (``dungeon-command.md`` §7–§9): who may play which order card and use
which power, on which targets, its costs, the stack items it becomes, the immediate answers a player may give
while the stack waits, and the menu of declarations the legal actions and the AI read."""

from __future__ import annotations

from collections.abc import Sequence

from simulate.engine.game import Action, IllegalAction
from simulate.games.dungeon_command_actions import (
    NOWHERE,
    Attack,
    Collect,
    EndActivation,
    Move,
    PlayOrder,
    UsePower,
)
from simulate.games.dungeon_command_board import DcBoard
from simulate.games.dungeon_command_cards import (
    OrderCard,
)
from simulate.games.dungeon_command_effects import IMMEDIATE, STANDARD, Step
from simulate.games.dungeon_command_maps import (
    chebyshev,
)
from simulate.games.dungeon_command_pieces import Attached, Creature, Item, Op

Sq = tuple[int, int]


class DcOrders(DcBoard):
    """Declaring orders and powers, and answering the stack (see the module's docstring)."""

    # --- orders (§8) --------------------------------------------------------------------------------------------

    def order_level_ok(self, c: Creature, card: OrderCard, assistants: Sequence[Creature]) -> bool:
        if card.requires:
            if card.requires == "Ranged":
                if not c.card.has_ranged:
                    return False
            elif card.requires not in c.keywords:
                return False
        if card.affinity and card.affinity in c.keywords:
            return True
        if not card.any_ability and not any(c.has_icon(i) for i in card.icons):
            return False
        return c.level + sum(x.level for x in assistants) >= card.level

    def can_assist(self, helper: Creature, active: Creature, card: OrderCard, target: Creature | None) -> bool:
        if helper is active or helper.tapped or not helper.on_board or helper.controller != active.controller:
            return False
        if not card.any_ability and not any(helper.has_icon(i) for i in card.icons):
            return False
        if self.adjacent(helper, active):
            return True
        return card.reading.assist_adjacent_to_target and target is not None and self.adjacent(helper, target)

    def _do_play(self, c: Creature, a: PlayOrder, response: bool) -> None:
        p = c.controller
        ps = self.players[p]
        if a.card not in ps.order_hand:
            raise IllegalAction(f"{a.card} is not in the hand")
        card = self.orders[a.card][1]
        if not card.reading.modelled:
            raise IllegalAction(f"{card.name}: the engine does not play this card")
        if response != (card.action == IMMEDIATE):
            raise IllegalAction(f"{card.name} is a {card.action} action")
        if card.action in (STANDARD, IMMEDIATE) and c.tapped:
            raise IllegalAction(f"{c.card.name} is tapped")
        tgt = self.creatures.get(a.target) if a.target else None
        helpers: list[Creature] = []
        for hid in a.assistants:
            hc = self.creatures.get(hid)
            if hc is None or hc in helpers or not self.can_assist(hc, c, card, tgt):
                raise IllegalAction(f"{hid} cannot assist")
            helpers.append(hc)
        if not self.order_level_ok(c, card, helpers):
            raise IllegalAction(f"{c.card.name} cannot take {card.name} (level, ability or keyword)")
        steps = self._expand(card.reading.steps, a.option)
        why = self._targets_ok(c, steps, a.target, a.source, a.square, a.ally, a.ranged, response)
        if why:
            raise IllegalAction(f"{card.name}: {why}")
        costs = card.reading.costs
        why = self._costs_ok(c, card)
        if why:
            raise IllegalAction(f"{card.name}: {why}")
        # declared: pay (tap, assistants tap, card leaves the hand), then the costs, then the stack (§7.4, §8.5)
        ps.order_hand.remove(a.card)
        if card.action in (STANDARD, IMMEDIATE):
            c.tapped = True
        for h in helpers:
            h.tapped = True
        self.log.add("order", player=p, card=card.name, creature=c.id, target=a.target, source=a.source,
                     square=list(a.square), option=a.option, ally=a.ally, assistants=list(a.assistants),
                     response=response)
        self._ofig(f"order:{'ab'[p]}:{card.name}", "played")
        self._fig(c.id, "orders")
        ops = [Op("cost", creature=c.id, steps=(cost,), data={"card": card.name}) for cost in costs]
        ops.append(Op("push", creature=c.id, steps=tuple(steps), data={
            "label": card.name, "stat": f"order:{'ab'[p]}:{card.name}", "target": a.target, "source": a.source,
            "square": a.square, "option": a.option, "ally": a.ally, "ranged": a.ranged, "order": a.card,
            "player": p}))
        self._push_ops(ops)

    def _costs_ok(self, c: Creature, card: OrderCard) -> str:
        ps = self.players[c.controller]
        for cost in card.reading.costs:
            if cost.op == "discard" and len(ps.order_hand) < 1 + cost.amount:
                return "no order card to discard"
            if cost.op == "lose-morale" and ps.morale <= cost.amount:
                return "not enough Morale"
            if cost.op == "take-treasure" and not any(self.tokens.get(s) for s in c.squares()):
                return f"no treasure token under {c.card.name}"
        return ""

    def _expand(self, steps: Sequence[Step], option: int) -> list[Step]:
        out: list[Step] = []
        for s in steps:
            if s.op == "choice":
                if not 0 <= option < len(s.options):
                    raise IllegalAction(f"option {option} is not one of {len(s.options)}")
                out += s.options[option]
            else:
                out.append(s)
        return out

    def _push_items(self, p: int, c: Creature | None, steps: Sequence[Step], label: str, stat: str, target: str = "",
                    source: int = 0, square: Sq = NOWHERE, option: int = 0, ally: str = "", ranged: bool = False,
                    order: str = "", play: int = 0) -> None:
        """Put an action's steps on the stack, the last printed at the bottom (§7.4: they resolve in order)."""
        items = []
        first = self.next_item
        sq: Sq = (int(square[0]), int(square[1]))
        for st in steps:
            items.append(Item(self.next_item, p, c.id if c is not None else "", st, label, stat, target, source,
                              sq, option, ally, ranged, play=play or first))
            self.next_item += 1
        if not items:
            items.append(Item(self.next_item, p, c.id if c is not None else "", Step("noop"), label, stat,
                              play=play or first))
            self.next_item += 1
        items[-1].order = order
        for it in reversed(items):
            self.stack.append(it)
        self.window = None

    def _targets_ok(self, c: Creature, steps: Sequence[Step], target: str, source: int, square: Sq, ally: str,
                    ranged: bool, response: bool) -> str:
        """Why the declared targets do not fit the card ("" when they do): each target must be one the step
        could take (movement before an attack widens its reach by that many squares)."""
        t = self.creatures.get(target) if target else None
        al = self.creatures.get(ally) if ally else None
        moved = 0
        for st in steps:
            op = st.op
            if op in ("shift", "move") and st.who == "self":
                moved += st.amount if op == "shift" else self.speed(c)
            elif op == "attack":
                if t is None or not t.on_board:
                    return "an attack needs a target"
                if st.tapped_only and not t.tapped:
                    return "the target must be tapped"
                kind = st.kind
                if kind == "either":
                    kind = "ranged" if ranged else "melee"
                if kind == "ranged":
                    if not c.card.has_ranged:
                        return "no ranged attack"
                    if moved == 0 and not self.can_shoot(c, t):
                        return "no ranged attack on that target"
                    if moved and self.gap(c, t) > (c.card.ranged_range or 0) + moved:
                        return "out of range"
                else:
                    if moved == 0 and not any(s.op == "slide" and s.who == "enemy-within" for s in steps) \
                            and not self.can_melee(c, t):
                        return "not next to the target"
                    if moved and self.gap(c, t) > moved + 2:
                        return "too far"
            elif op == "ally-attack":
                if al is None or al.controller != c.controller or not al.on_board or al is c or al.tapped:
                    return "needs a creature you control"
                if not self.within(c, al, st.within):
                    return "the creature is too far"
                if t is None or not self.can_melee(al, t):
                    return "it cannot attack that target"
            elif op == "damage":
                if t is None or not self.within(c, t, st.within) or not self.los(c, t):
                    return f"needs a creature within {st.within} squares in sight"
            elif op == "prevent":
                item = next((i for i in self.stack if i.id == source), None)
                if item is None:
                    return "a prevention answers a source on the stack"
                prot = c
                if st.who != "self":
                    if t is None or not t.on_board:
                        return "needs a creature to protect"
                    prot = t
                    if st.who == "adjacent" and not self.adjacent(c, t):
                        return "not adjacent"
                    if st.who == "within" and not (t is c or self.within(c, t, st.within)):
                        return "too far"
                    if st.who in ("ally-los", "ally-within") and (t.controller != c.controller or t is c
                                                                  or not self.los(c, t)):
                        return "needs an ally in sight"
                if prot.id not in self.threatened(item):
                    return "that source deals no damage to it"
            elif op == "slide" and st.who in ("adjacent", "enemy-within"):
                if t is None or not t.on_board or t is c:
                    return "needs a creature to slide"
                if st.who == "adjacent" and not self.adjacent(c, t):
                    return "not adjacent"
                if st.who == "enemy-within" and (t.controller == c.controller or not self.within(c, t, st.within)):
                    return f"needs an enemy within {st.within} squares"
            elif op == "tap" and st.who in ("adjacent", "any-within"):
                if t is None or not t.on_board or t is c:
                    return "needs a creature to tap"
                if st.who == "adjacent" and not self.adjacent(c, t):
                    return "not adjacent"
                if st.who == "any-within" and not self.within(c, t, st.within):
                    return "too far"
            elif op == "attach" and st.who in ("enemy-within", "any-within"):
                if t is None or not t.on_board:
                    return "needs a creature to attach to"
                if st.who == "enemy-within" and t.controller == c.controller:
                    return "needs an enemy"
                if not self.within(c, t, st.within) or not self.los(c, t):
                    return "too far, or out of sight"
            elif op == "attach" and st.who == "target":
                if t is None:
                    return "needs a target"
            elif op in ("heal", "remove-attached") and st.who != "self":
                if st.who == "self-or-adjacent-ally":
                    if t is not None and t is not c and (t.controller != c.controller or not self.adjacent(c, t)):
                        return "not an adjacent ally"
                elif t is None or not t.on_board or not self.within(c, t, st.within) or (
                        st.who == "ally-within" and t.controller != c.controller):
                    return "needs a creature within reach"
            elif op == "tapped-controller-morale":
                if t is None or not t.tapped or not self.adjacent(c, t):
                    return "needs an adjacent tapped creature"
            elif op == "shift" and st.who == "ally":
                if al is None or al.controller != c.controller or al is c or not al.on_board:
                    return "needs an allied creature"
            elif op == "teleport":
                if not self.bf.open(square) or (square in self.occ and self.occ[square] != c.id):
                    return "needs a free square"
                if st.who == "magic-circle" and square not in self.bf.circles:
                    return "needs a magic circle square"
                if st.who == "square-within" and not (chebyshev(c.pos, square) <= st.within):
                    return "too far"
            elif op == "area" and st.who == "square-radius":
                if not (self.bf.open(square) and self.sq_within(c, square, st.within) and self.sees_square(c, square)):
                    return "needs a square within reach and in sight"
            elif op == "treasure-remote":
                if square not in self.bf.treasure_squares or not self.sq_within(c, square, st.within):
                    return "needs a treasure square within reach"
                if not self.chests.get(square) and not self.tokens.get(square):
                    return "no treasure there"
            elif op == "stealth":
                if any(self.los(e, c) for e in self.enemies_of(c.controller)):
                    return "an enemy sees it"
            elif op == "deploy-now":
                if not self._deploy_now_options(c.controller, st):
                    return "nothing to deploy"
            elif op == "multi-ranged":
                ids = [x for x in target.split(",") if x]
                if not ids or len(set(ids)) != len(ids) or len(ids) > st.count:
                    return f"up to {st.count} different targets"
                for x in ids:
                    e = self.creatures.get(x)
                    if e is None or e.controller == c.controller or not self.can_shoot(c, e):
                        return f"{x}: no ranged attack on it"
            elif op in ("opponent-discards", "draw", "discard", "untap", "gain-morale", "lose-morale", "heal",
                        "remove-attached", "gain-leadership", "opponent-morale", "war-cry", "reinforce", "area",
                        "shift", "move", "slide", "tap", "attach", "destroy-self", "secret-passage", "noop",
                        "opponent-draws"):
                pass
            else:
                return f"unknown step {op}"
        return ""

    def threatened(self, item: Item) -> set[str]:
        """The creatures a stack item may deal damage to (what a prevention or a dodge can answer)."""
        st = item.step
        out: set[str] = set()
        actor = self.creatures.get(item.creature)
        if st.op in ("attack", "damage") and item.target:
            out.add(item.target)
            if actor is not None and st.op == "attack":
                for m in self._all_mods(actor):
                    if m.op in ("splash", "swirl", "flashing-blades", "hidden-blade"):
                        out |= {e.id for e in self.enemies_of(actor.controller)}
                        break
        elif st.op == "trigger-damage" and item.target:
            out.add(item.target)
        elif st.op == "multi-ranged":
            out |= {x for x in item.target.split(",") if x}
        elif st.op == "area" and actor is not None:
            out |= {x.id for x in self._area_targets(actor, st, item.square)}
        elif st.op == "destroy-self":
            pass
        return out

    def _play_of(self, item_id: int) -> int:
        """The source (play) a stack item belongs to; items already resolved keep their id."""
        for it in self.stack:
            if it.id == item_id:
                return it.play
        return self.plays.get(item_id, item_id)

    def _deploy_now_options(self, p: int, st: Step) -> list[tuple[str, Sq]]:
        ps = self.players[p]
        room = ps.leadership - self.board_level(p)
        out = []
        for cid in ps.hand:
            c = self.creatures[cid]
            if c.card.level > room or (st.keyword and st.keyword not in c.keywords):
                continue
            if st.who == "opponent-start":
                squares = sorted(s for s in self.bf.start_areas[1 - p]
                                 if s not in self.occ and s not in self.bf.obstacles and c.size == 1)
            else:
                squares = self._deploy_squares(p, c)
            out += [(cid, s) for s in squares]
        return out

    # --- responses (§7.4) ---------------------------------------------------------------------------------------

    def _can_respond(self, p: int) -> bool:
        return bool(self.responses(p, first_only=True))

    def responses(self, p: int, first_only: bool = False) -> list[Action]:
        """The immediate actions player ``p`` may take now (each answering a stack item where it must)."""
        out: list[Action] = []
        if not self.stack:
            return out
        ps = self.players[p]
        threatened: dict[int, set[str]] = {}
        for it in self.stack:
            threatened[it.id] = self.threatened(it)
        mine = self.own(p)
        hit_ids = set().union(*threatened.values()) if threatened else set()
        my_hit = [c for c in mine if c.id in hit_ids]
        # powers: dodge, prevention powers (own, attached, granted, auras)
        for c in my_hit:
            for it in self.stack:
                if c.id not in threatened[it.id] or it.play in c.avoided:
                    continue
                for key in self._prevent_powers(c):
                    out.append(UsePower(c.id, key, source=it.id))
                    if first_only:
                        return out
                if (not c.tapped and it.step.op == "attack" and (it.ranged or it.step.kind == "ranged")
                        and it.target == c.id):
                    attacker = self.creatures.get(it.creature)
                    if attacker is not None and attacker.on_board and self.cover(attacker, c):
                        out.append(UsePower(c.id, "dodge", source=it.id))
                        if first_only:
                            return out
        # immediate orders. A prevention protects a creature that a stack item threatens (see :meth:`_targets_ok`):
        # with none threatened it has no declaration, and one that protects its own creature needs that one hit
        for oid in ps.order_hand:
            card = self.orders[oid][1]
            if card.action != IMMEDIATE or not card.reading.modelled:
                continue
            prevents = guards_self = False
            for st in card.reading.steps:
                if st.op == "prevent":
                    prevents = True
                    guards_self = guards_self or st.who == "self"
            if prevents and not hit_ids:
                continue
            for c in mine:
                if c.tapped or (guards_self and c.id not in hit_ids) or not self.order_level_ok(c, card, ()):
                    continue
                for a in self._order_candidates(c, oid, card, response=True):
                    out.append(a)
                    if first_only:
                        return out
        return out

    def _prevent_powers(self, c: Creature) -> list[str]:
        """Keys of the powers that let a creature prevent damage now (once per turn each, §7.2)."""
        out = []
        for a in c.attached:
            for m in a.mods:
                if m.op == "stored-prevent" or (m.op == "power-prevent" and f"attached:{a.order}" not in c.used):
                    out.append(f"attached:{a.order}")
        for pw in c.card.powers:
            for m in pw.reading.mods:
                if m.op == "power-prevent" and pw.name not in c.used:
                    out.append(pw.name)
        ps = self.players[c.controller]
        for m in ps.cmd_mods:
            if m.op == "granted-power" and any(k in c.keywords for k in m.keywords) and not c.tapped \
                    and "granted" not in c.used and ps.morale > 1:
                out.append("granted")
        if "aura" not in c.used and self._circle_aura(c) > 0:
            out.append("aura")
        return out

    def _circle_aura(self, c: Creature) -> int:
        for o in self.creatures.values():
            if not o.on_board or o.controller != c.controller or o.pos not in self.bf.circles:
                continue
            for m in o.base_mods:
                if m.op == "circle-aura" and any(k in c.keywords for k in m.keywords):
                    return m.amount
        return 0

    def _respond(self, a: PlayOrder | UsePower) -> None:
        p = self.window.asking if self.window is not None else self.turn_player
        c = self.creatures.get(a.creature)
        if c is None or not c.on_board or c.controller != p:
            raise IllegalAction(f"{a.creature} is not a creature you control")
        if isinstance(a, PlayOrder):
            self._do_play(c, a, response=True)
        else:
            self._do_power(c, a, response=True)
        self.window = None

    # --- powers (§9) --------------------------------------------------------------------------------------------

    def _do_commander_power(self, a: UsePower) -> None:
        p = self.turn_player
        ps = self.players[p]
        if ps.cmd("swap-order") is None or ps.swapped:
            raise IllegalAction("no commander power to use now")
        if a.target not in ps.order_hand:
            raise IllegalAction("discard an order card from the hand")
        ps.swapped = True
        ps.order_hand.remove(a.target)
        ps.discard.append(a.target)
        self._draw_orders(p, 1)
        self.log.add("commander", player=p, power="swap-order", discarded=self.orders[a.target][1].name)
        self._ofig(f"commander:{'ab'[p]}:{ps.warband.commander.name}", "used")

    def _do_power(self, c: Creature, a: UsePower, response: bool) -> None:
        p = c.controller
        key = a.power
        if key == "dodge":
            item = next((i for i in self.stack if i.id == a.source), None)
            if not response or item is None or item.target != c.id or c.tapped or not (
                    item.step.op == "attack" and (item.ranged or item.step.kind == "ranged")):
                raise IllegalAction("dodge answers a ranged attack on this creature")
            attacker = self.creatures.get(item.creature)
            if attacker is None or not self.cover(attacker, c):
                raise IllegalAction("only a creature with cover can dodge (§10.5)")
            c.tapped = True
            self.log.add("power", creature=c.id, power="dodge", source=a.source)
            self._push_items(p, c, [Step("dodge")], "Dodge", f"power:{'ab'[p]}:Dodge", source=a.source)
            return
        if response:
            if key not in self._prevent_powers(c):
                raise IllegalAction(f"{c.card.name} has no power {key!r} to use now")
            item = next((i for i in self.stack if i.id == a.source), None)
            if item is None or c.id not in self.threatened(item):
                raise IllegalAction("a prevention answers a source that would damage this creature")
            amount, label, taps, cost = self._prevention_power(c, key)
            if taps:
                if c.tapped:
                    raise IllegalAction(f"{c.card.name} is tapped")
                c.tapped = True
            if cost:
                self._morale(p, -cost, label)
            c.used.add(key)
            if key.startswith("attached:") and any(m.op == "stored-prevent" for m in self._att(c, key).mods):
                self._remove_attached(c, key[len("attached:"):], "used")
            self.log.add("power", creature=c.id, power=label, source=a.source)
            self._ofig(self._power_stat(c, key, label), "used")
            self._push_items(p, c, [Step("prevent", amount, who="self")], label, self._power_stat(c, key, label),
                             source=a.source)
            return
        # during the activation
        if key.startswith("attached:"):
            att = self._att(c, key)
            for m in att.mods:
                if m.op == "removable":
                    if c.tapped:
                        raise IllegalAction("removing it is a standard action: the creature is tapped")
                    c.tapped = True
                    self._remove_attached(c, att.order, "removed")
                    return
                if m.op == "grant-ability":
                    c.granted.update(m.keywords)
                    self.touch()
                    self._remove_attached(c, att.order, "discarded")
                    return
                if m.op == "home-morale":
                    if c.pos not in self.bf.start_areas[c.controller]:
                        raise IllegalAction("only in its controller's start area")
                    self._remove_attached(c, att.order, "removed")
                    self._morale(p, m.amount, att.card.name)
                    return
                if m.op == "call-to-battle":
                    if c.tapped or key in c.used:
                        raise IllegalAction("a standard action, once per turn")
                    st = Step("deploy-now", who="any")
                    if not self._deploy_now_options(p, st):
                        raise IllegalAction("nothing to deploy")
                    c.tapped = True
                    c.used.add(key)
                    if m.amount and c.pos in self.bf.circles:
                        self._morale(p, m.amount, att.card.name)
                    self._push_items(p, c, [st], att.card.name, f"order:{'ab'[p]}:{att.card.name}")
                    return
            raise IllegalAction(f"{att.card.name} gives no power to use now")
        if key == "versatile":
            m2 = self.players[p].cmd("versatile")
            if m2 is None or not any(k in c.keywords for k in m2.keywords) or c.tapped:
                raise IllegalAction("no commander power lets this creature move again")
            c.tapped = True
            self.log.add("power", creature=c.id, power="versatile")
            stat = f"commander:{'ab'[p]}:{self.players[p].warband.commander.name}"
            self._ofig(stat, "used")
            self._push_items(p, c, [Step("move")], "Versatile", stat)
            return
        pw = next((x for x in c.powers if x.name == key), None)
        if pw is None:
            raise IllegalAction(f"{c.card.name} has no power {key!r}")
        if key in c.used:
            raise IllegalAction(f"{pw.name}: once per turn (§7.2)")
        taps = pw.taps or pw.action in (STANDARD, IMMEDIATE) or "as a standard action" in pw.text.lower()
        if taps and c.tapped:
            raise IllegalAction(f"{c.card.name} is tapped")
        steps = self._expand(pw.reading.steps, a.option)
        why = self._targets_ok(c, steps, a.target, a.source, a.square, "", False, False)
        if why:
            raise IllegalAction(f"{pw.name}: {why}")
        if taps:
            c.tapped = True
        c.used.add(key)
        stat = f"power:{'ab'[p]}:{c.card.name}: {pw.name}"
        self.log.add("power", creature=c.id, power=pw.name, target=a.target, option=a.option)
        self._ofig(stat, "used")
        self._push_items(p, c, steps, pw.name, stat, a.target, a.source, a.square, a.option)

    def _att(self, c: Creature, key: str) -> Attached:
        oid = key[len("attached:"):]
        att = next((x for x in c.attached if x.order == oid), None)
        if att is None:
            raise IllegalAction(f"no card {oid} attached to {c.card.name}")
        return att

    def _power_stat(self, c: Creature, key: str, label: str) -> str:
        if key.startswith("attached:"):
            return f"order:{'ab'[c.controller]}:{label}"
        if key == "granted" or key == "aura":
            return f"power:{'ab'[c.controller]}:{label}"
        return f"power:{'ab'[c.controller]}:{c.card.name}: {label}"

    def _prevention_power(self, c: Creature, key: str) -> tuple[int, str, bool, int]:
        """(amount prevented, label, taps, Morale cost) of a prevention power."""
        if key.startswith("attached:"):
            att = self._att(c, key)
            for m in att.mods:
                if m.op in ("stored-prevent", "power-prevent"):
                    return m.amount, att.card.name, False, 0
        if key == "granted":
            gm = self.players[c.controller].cmd("granted-power")
            assert gm is not None
            cost = sum(s.amount for s in gm.steps if s.op == "lose-morale")
            amount = next((s.amount for s in gm.steps if s.op == "prevent"), 0)
            return amount, self.players[c.controller].warband.commander.name, True, cost
        if key == "aura":
            return self._circle_aura(c), "Magic Circle Aura", False, 0
        for pw in c.card.powers:
            if pw.name == key:
                for m in pw.reading.mods:
                    if m.op == "power-prevent":
                        return m.amount, pw.name, False, 0
        raise IllegalAction(f"{key}: not a prevention power")

    # --- the candidates a player may declare (legal actions, and the AI's menu) ---------------------------------

    def _order_candidates(self, c: Creature, oid: str, card: OrderCard, response: bool) -> list[Action]:
        """One declaration per sensible set of targets of an order on creature ``c`` (assistants: the fewest
        that make the level)."""
        out: list[Action] = []
        reading = card.reading
        if self._costs_ok(c, card):
            return out
        n_opt = 1
        for s in reading.steps:
            if s.op == "choice":
                n_opt = len(s.options)
        base_helpers: list[Creature] | None = None
        if not reading.assist_adjacent_to_target:
            base_helpers = self._assistants(c, card, None)
            if base_helpers is None:
                return out
        for option in range(n_opt):
            steps = self._expand(reading.steps, option)
            for target, source, square, ally, ranged in self._target_menu(c, steps, response):
                tgt = self.creatures.get(target) if target else None
                helpers = base_helpers if base_helpers is not None else self._assistants(c, card, tgt)
                if helpers is None:
                    continue
                if self._targets_ok(c, steps, target, source, square, ally, ranged, response) == "":
                    out.append(PlayOrder(oid, c.id, target, source, square, option, ally, ranged,
                                         tuple(h.id for h in helpers)))
        return out

    def _assistants(self, c: Creature, card: OrderCard, tgt: Creature | None) -> list[Creature] | None:
        if self.order_level_ok(c, card, ()):
            return []
        if card.affinity and card.affinity in c.keywords:
            return []
        cands = [h for h in self.creatures.values() if self.can_assist(h, c, card, tgt)]
        cands.sort(key=lambda h: (-h.level, h.id))
        chosen: list[Creature] = []
        for h in cands:
            chosen.append(h)
            if self.order_level_ok(c, card, chosen):
                return chosen
        return None

    def _target_menu(self, c: Creature, steps: Sequence[Step], response: bool
                     ) -> list[tuple[str, int, Sq, str, bool]]:
        """(target, source, square, ally, ranged) tuples to try for these steps."""
        p = c.controller
        needs_target = needs_source = needs_square = needs_ally = False
        ranged_opts = [False]
        sq_kind = ""
        for st in steps:
            if st.op in ("attack", "damage", "tapped-controller-morale", "multi-ranged") or (
                    st.op in ("slide", "tap") and st.who in ("adjacent", "enemy-within", "any-within")) or (
                    st.op == "attach" and st.who in ("enemy-within", "any-within", "target")) or (
                    st.op in ("heal", "remove-attached") and st.who not in ("self",)) or (
                    st.op == "prevent" and st.who != "self"):
                needs_target = True
            if st.op == "attack" and st.kind == "either":
                ranged_opts = [False, True] if c.card.has_ranged else [False]
            if st.op == "attack" and st.kind == "ranged":
                ranged_opts = [True]
            if st.op == "prevent":
                needs_source = True
            if st.op in ("teleport", "treasure-remote") or (st.op == "area" and st.who == "square-radius"):
                needs_square = True
                sq_kind = st.op + ":" + st.who
            if (st.op == "shift" and st.who == "ally") or st.op == "ally-attack":
                needs_ally = True
        targets = [""]
        if needs_target:
            targets = [x.id for x in self._menu_targets(c, steps)]
            if any(st.op == "multi-ranged" for st in steps):
                en = [e.id for e in self.enemies_of(p) if self.can_shoot(c, e)]
                targets = [",".join(en[:3])] if en else []
        sources = [0]
        if needs_source:
            sources = [it.id for it in self.stack]
        squares: list[Sq] = [NOWHERE]
        if needs_square:
            if sq_kind.startswith("treasure-remote"):
                squares = [s for s in self.bf.treasure_squares if self.chests.get(s) or self.tokens.get(s)]
            elif sq_kind == "teleport:magic-circle":
                squares = [s for s in self.bf.circles if s not in self.occ]
            elif sq_kind.startswith("teleport"):
                squares = [s for s in self.bf.squares if s not in self.occ and chebyshev(c.pos, s) <= 9
                           and s not in self.bf.obstacles][:40]
            else:
                squares = [e.pos for e in self.enemies_of(p)]
        allies = [""]
        if needs_ally:
            allies = [x.id for x in self.own(p) if x is not c]
        out = []
        for t in targets:
            for s in sources:
                for sq in squares:
                    for al in allies:
                        for r in ranged_opts:
                            out.append((t, s, sq, al, r))
        return out

    def _menu_targets(self, c: Creature, steps: Sequence[Step]) -> list[Creature]:
        """The creatures worth offering as the target of these steps (the first step that takes one decides):
        enemies for attacks and harm, allies for help, within the reach the step states (movement before an
        attack widens it). ``apply`` accepts any target the rules allow; this is the menu."""
        p = c.controller
        moved = 0
        for st in steps:
            op = st.op
            who = st.who
            if op in ("shift", "move") and who == "self":
                moved += st.amount if op == "shift" else self.speed(c)
                continue
            if op == "attack":
                reach = 2 + moved
                if st.kind in ("ranged", "either") and c.card.has_ranged:
                    reach = max(reach, (c.card.ranged_range or 0) + moved)
                return [e for e in self.enemies_of(p) if self.gap(c, e) <= reach and (not st.tapped_only or e.tapped)]
            if op == "damage":
                return [e for e in self.enemies_of(p) if self.gap(c, e) <= st.within]
            if op in ("slide", "tap") and who in ("adjacent", "enemy-within", "any-within"):
                n = 1 if who == "adjacent" else st.within
                return [e for e in self.enemies_of(p) if self.gap(c, e) <= n]
            if op == "attach" and who in ("enemy-within", "any-within"):
                return [e for e in self.creatures.values() if e.on_board and self.gap(c, e) <= st.within]
            if op == "attach" and who == "target":
                continue
            if op in ("heal", "remove-attached") and who != "self":
                n = 1 if who == "self-or-adjacent-ally" else st.within
                return [e for e in self.creatures.values() if e.on_board and (
                    e.controller == p or who == "any-within") and self.gap(c, e) <= n]
            if op == "prevent" and who != "self":
                hit: set[str] = set()
                for it in self.stack:
                    hit |= self.threatened(it)
                return [e for e in self.own(p) if e.id in hit]
            if op == "tapped-controller-morale":
                return [e for e in self.creatures.values() if e.on_board and e.tapped and self.gap(c, e) == 1]
        return [x for x in self.creatures.values() if x.on_board]

    def activation_actions(self, c: Creature) -> list[Action]:
        out: list[Action] = [EndActivation()]
        p = c.controller
        if not c.moved and not c.has_mod("immobile"):
            for sq in sorted(self.reach(c, self.speed(c), "move")):
                out.append(Move(c.id, sq))
        if not c.tapped:
            for e in self.creatures.values():
                if not e.on_board or e is c:
                    continue
                if self.can_melee(c, e) and (c.card.melee > 0):
                    out.append(Attack(c.id, e.id, False))
                if self.can_shoot(c, e):
                    out.append(Attack(c.id, e.id, True))
            if any(self.tokens.get(s) for s in c.squares()):
                out.append(Collect(c.id, False))
                if self._sellsword(c):
                    out.append(Collect(c.id, True))
        ps = self.players[p]
        for oid in ps.order_hand:
            card = self.orders[oid][1]
            if card.action == IMMEDIATE or not card.reading.modelled:
                continue
            if card.action == STANDARD and c.tapped:
                continue
            out += self._order_candidates(c, oid, card, response=False)
        out += self.power_actions(c)
        return out

    def power_actions(self, c: Creature) -> list[UsePower]:
        """The powers the active creature may use now: its own, its attached cards', its commander's."""
        out: list[UsePower] = []
        p = c.controller
        ps = self.players[p]
        for pw in c.powers:
            if pw.name in c.used:
                continue
            taps = pw.taps or pw.action in (STANDARD, IMMEDIATE) or "as a standard action" in pw.text.lower()
            if taps and c.tapped:
                continue
            n_opt = max([len(s.options) for s in pw.reading.steps if s.op == "choice"] or [1])
            for option in range(n_opt):
                steps = self._expand(pw.reading.steps, option)
                for target, source, square, _ally, _r in self._target_menu(c, steps, False):
                    if self._targets_ok(c, steps, target, source, square, "", False, False) == "":
                        out.append(UsePower(c.id, pw.name, target, source, square, option))
        for att in c.attached:
            key = f"attached:{att.order}"
            for m in att.mods:
                usable = (
                    (m.op == "removable" and not c.tapped) or m.op == "grant-ability"
                    or (m.op == "home-morale" and c.pos in self.bf.start_areas[p])
                    or (m.op == "call-to-battle" and not c.tapped and key not in c.used
                        and bool(self._deploy_now_options(p, Step("deploy-now", who="any"))))
                )
                if usable:
                    out.append(UsePower(c.id, key))
        m2 = ps.cmd("versatile")
        if m2 is not None and not c.tapped and any(k in c.keywords for k in m2.keywords):
            out.append(UsePower(c.id, "versatile"))
        return out
