"""Resolving Dungeon Command's stack (``dungeon-command.md`` §7.4, §10, §11): each item's step as the effect
vocabulary says, the engine's own pending work (moves and slides chosen square by square, discards, deploys),
damage with prevention and cowering, destruction and what it triggers."""

from __future__ import annotations

from typing import Any

from simulate.engine.game import IllegalAction
from simulate.games.dungeon_command_actions import (
    Choose,
    Cower,
)
from simulate.games.dungeon_command_effects import ALL, Step
from simulate.games.dungeon_command_orders import DcOrders
from simulate.games.dungeon_command_pieces import Attached, Creature, Item, Op, Pending

Sq = tuple[int, int]


class DcResolve(DcOrders):
    """Resolution, damage and destruction (see the module's docstring)."""

    # --- resolving the stack ------------------------------------------------------------------------------------

    def _resolve(self, item: Item) -> None:
        st = item.step
        actor = self.creatures.get(item.creature)
        self.plays[item.id] = item.play
        self._ofig(item.stat, "resolved")
        ops: list[Op] = []
        fizzled = ""
        if actor is not None and not actor.on_board and st.op not in ("trigger-damage", "prevent", "dodge"):
            fizzled = "its creature left the battlefield"
        elif st.op == "attack":
            fizzled = self._resolve_attack(item, actor, ops)
        else:
            fizzled = self._resolve_step(item, actor, ops)
        if fizzled:
            self.log.add("fizzle", item=item.id, label=item.label, why=fizzled)
            self._ofig(item.stat, "fizzled")
        if item.order:
            ops.append(Op("finish-order", item=item))
        self._push_ops(ops)

    def _resolve_attack(self, item: Item, actor: Creature | None, ops: list[Op]) -> str:
        st = item.step
        t = self.creatures.get(item.target)
        if actor is None or t is None or not t.on_board:
            return "the target is gone"
        if item.play in t.avoided:
            return "the target dodged or cowered"
        kind = st.kind
        if kind == "either":
            kind = "ranged" if item.ranged else "melee"
        ranged = kind == "ranged"
        if st.tapped_only and not t.tapped:
            return "the target is no longer tapped"
        if ranged and not self.can_shoot(actor, t):
            return "no longer a ranged attack on the target"
        if not ranged and not self.can_melee(actor, t):
            return "no longer next to the target"
        dmg = self.attack_damage(actor, t, ranged, st.mode, st.amount, st.keyword)
        if not ranged:
            for a in list(actor.attached):
                if any(m.op == "next-melee" for m in a.mods):
                    self._remove_attached(actor, a.order, "used")
        unpreventable = st.unpreventable or (not ranged and actor.has_mod("unpreventable"))
        riders = list(st.riders)
        mods = self._all_mods(actor)
        if not ranged and any(m.op == "tap-on-hit" for m in mods):
            riders.append(Step("tap", who="target"))
        for m in mods:
            if not ranged and m.op == "life-drain":
                riders.append(Step("heal", m.amount))
            if not ranged and m.op == "flashing-blades":
                riders.append(Step("flashing-blades", m.amount))
            if m.op == "slam":
                riders.append(Step("slam", m.amount))
            if not ranged and m.op == "vorpal":
                riders.append(Step("vorpal", m.amount))
        self.log.add("attack", item=item.id, attacker=actor.id, target=t.id, attack=kind, damage=dmg, label=item.label)
        self._fig(actor.id, "attacks_resolved")
        ops.append(Op("damage", item=item, creature=actor.id, target=t.id, amount=dmg, kind2=kind,
                      unpreventable=unpreventable, riders=tuple(riders)))
        # what follows every attack of this creature
        for m in mods:
            if ranged and m.op == "splash":
                for e in self.creatures.values():
                    if e.on_board and e is not t and e.controller != actor.controller and self.adjacent(t, e):
                        ops.append(Op("trigger", creature=actor.id, target=e.id, amount=m.amount,
                                      data={"label": "splash", "stat": item.stat}))
            elif not ranged and m.op == "swirl":
                for e in self.adjacent_enemies(actor):
                    if e is not t:
                        ops.append(Op("trigger", creature=actor.id, target=e.id, amount=m.amount,
                                      data={"label": "swirl", "stat": item.stat}))
            elif m.op == "hidden-blade":
                ops.append(Op("hidden-blade", creature=actor.id, amount=m.amount, data={"stat": item.stat}))
        return ""

    def _resolve_step(self, item: Item, actor: Creature | None, ops: list[Op]) -> str:
        st = item.step
        op = st.op
        p = item.player
        ps = self.players[p]
        t = self.creatures.get(item.target) if item.target else None
        if op == "noop":
            return ""
        if op == "trigger-damage":
            if t is None or not t.on_board:
                return "the target is gone"
            ops.append(Op("damage", item=item, creature=item.creature, target=t.id, amount=item.amount))
            return ""
        if actor is None:
            return "no creature"
        if op == "prevent":
            prot = actor if st.who == "self" else t
            if prot is None or not prot.on_board:
                return "nobody to protect"
            src = self._play_of(item.source)
            old = prot.shields.get(src, 0)
            prot.shields[src] = ALL if st.amount == ALL or old == ALL else old + st.amount
            self.log.add("prevent", item=item.id, creature=prot.id, source=item.source, amount=st.amount)
            self._ofig(item.stat, "prevention")
            return ""
        if op == "dodge":
            actor.avoided.add(self._play_of(item.source))
            self.log.add("dodge", creature=actor.id, source=item.source)
            return ""
        if op == "damage":
            if t is None or not t.on_board:
                return "the target is gone"
            amount = st.amount if st.mode != "base" else actor.card.melee
            ops.append(Op("damage", item=item, creature=actor.id, target=t.id, amount=amount, riders=st.riders))
            return ""
        if op == "area":
            for x in self._area_targets(actor, st, item.square):
                ops.append(Op("damage", item=item, creature=actor.id, target=x.id, amount=st.amount))
            return ""
        if op == "multi-ranged":
            for xid in [y for y in item.target.split(",") if y]:
                e = self.creatures.get(xid)
                if e is not None and e.on_board:
                    sub = Step("attack", 0, "base", "ranged", "target")
                    self._push_items(p, actor, [sub], item.label, item.stat, xid, ranged=True, play=item.play)
            return ""
        if op == "ally-attack":
            al = self.creatures.get(item.ally)
            if al is None or not al.on_board or t is None or not t.on_board:
                return "gone"
            if al.tapped:
                return "the creature is tapped"
            al.tapped = True  # its melee attack taps it (§9)
            self._push_items(p, al, [Step("attack", 0, "base", "melee", "target")], item.label, item.stat, t.id)
            return ""
        if op in ("shift", "move"):
            if st.who == "each-other-own":
                for x in self.own(p):
                    if x is not actor and not x.has_mod("immobile"):
                        ops.append(Op("choose-move", creature=x.id, amount=st.amount, kind2="shift",
                                      data={"player": p, "label": item.label}))
                return ""
            who = actor
            if st.who == "ally":
                who = self.creatures.get(item.ally) or actor
                if who is actor:
                    return "no ally"
            if who.has_mod("immobile") or not who.on_board:
                return "it cannot move"
            if op == "move":
                ops.append(Op("choose-move", creature=who.id, amount=self.speed(who), kind2="move",
                              data={"player": p, "label": item.label}))
            else:
                ops.append(Op("choose-move", creature=who.id, amount=st.amount, kind2="shift",
                              data={"player": p, "label": item.label}))
            return ""
        if op == "slide":
            if st.who == "adjacent-enemies":
                victims = self.adjacent_enemies(actor)
            elif st.who == "target" and t is not None:
                victims = [t] if t.on_board and item.play not in t.avoided else []
            else:
                victims = [t] if t is not None and t.on_board else []
                if st.who == "adjacent" and t is not None and not self.adjacent(actor, t):
                    return "no longer adjacent"
            for v in victims:
                ops.append(Op("choose-move", creature=v.id, amount=st.amount, kind2="slide",
                              data={"player": p, "label": item.label}))
            return ""
        if op == "teleport":
            if not self.bf.open(item.square) or (item.square in self.occ and self.occ[item.square] != actor.id):
                return "the square is taken"
            self._lift(actor)
            frm = actor.pos
            self._place(actor, item.square)
            self.log.add("move", creature=actor.id, path=[list(frm), list(item.square)], mode="teleport", cost=0,
                         why=item.label)
            self._enter_squares(actor, actor.squares())
            return ""
        if op == "stealth":
            if any(self.los(e, actor) for e in self.enemies_of(p)):
                return "an enemy sees it"
            self._lift(actor)
            actor.on_board = False
            actor.stealthed = True
            self.stealth_return.append(actor.id)
            self.log.add("stealth", creature=actor.id)
            return ""
        if op == "secret-passage":
            actor.passage = True
            return ""
        if op == "heal":
            who = actor
            if (st.who == "self-or-adjacent-ally" and t is not None) or (st.who == "target" and t is not None):
                who = t
            n = st.amount
            if st.mode == "per-adjacent-enemy":
                n = st.amount * len(self.adjacent_enemies(actor))
            ops.append(Op("heal", creature=who.id, amount=n, data={"stat": item.stat}))
            return ""
        if op == "remove-attached":
            who = actor if st.who == "self" or t is None else t
            if not who.attached:
                return "nothing attached"
            if st.amount == ALL:
                for a in list(who.attached):
                    self._remove_attached(who, a.order, "removed")
                return ""
            opts = [{"order": a.order, "label": a.card.name} for a in who.attached]
            ops.append(Op("choose-remove", creature=who.id, data={"player": p, "options": opts}))
            return ""
        if op == "tap":
            victims = []
            if st.who == "adjacent-enemies":
                victims = self.adjacent_enemies(actor)
            elif t is not None and t.on_board and item.play not in t.avoided:
                victims = [t]
            for v in victims:
                v.tapped = True
                self.log.add("tap", creature=v.id, by=item.label)
            return ""
        if op == "untap":
            actor.tapped = False
            self.log.add("untap", creature=actor.id, by=item.label)
            return ""
        if op == "attach":
            who = actor
            if st.who in ("target", "enemy-within", "any-within"):
                if t is None:
                    return "nobody to attach it to"
                who = t
            if not who.on_board or (st.who == "target" and item.play in who.avoided):
                return "nobody to attach it to"
            order = item.order or ""
            if not order:
                return ""
            owner, card = self.orders[order]
            who.attached.append(Attached(order, owner, card, st.mods))
            self.touch()
            self.log.add("attach", card=card.name, creature=who.id)
            self._ofig(item.stat, "attached")
            item.order = ""  # it stays under the creature: not discarded
            return ""
        if op == "draw":
            n = self._draw_orders(p, st.amount)
            self._ofig(item.stat, "cards_drawn", n)
            return ""
        if op == "opponent-draws":
            self._draw_orders(1 - p, st.amount)
            return ""
        if op == "discard":
            if ps.order_hand:
                ops.append(Op("choose-discard", amount=st.amount, data={"player": p}))
            return ""
        if op == "opponent-discards":
            if self.players[1 - p].order_hand:
                ops.append(Op("choose-discard", amount=st.amount, data={"player": 1 - p}))
            return ""
        if op == "gain-morale":
            self._morale(p, st.amount, item.label)
            self._ofig(item.stat, "morale_gained", st.amount)
            return ""
        if op == "lose-morale":
            self._morale(p, -st.amount, item.label)
            return ""
        if op == "opponent-morale":
            self._morale(1 - p, -st.amount, item.label)
            self._ofig(item.stat, "morale_taken", st.amount)
            return ""
        if op == "tapped-controller-morale":
            if t is None or not t.on_board or not t.tapped:
                return "no tapped creature"
            self._morale(t.controller, -st.amount, item.label)
            self._ofig(item.stat, "morale_taken", st.amount)
            return ""
        if op == "gain-leadership":
            ps.leadership += st.amount
            self.log.add("leadership", player=p, leadership=ps.leadership, why=item.label)
            return ""
        if op == "war-cry":
            ps.war_cry.extend(st.mods)
            self.touch()
            return ""
        if op == "destroy-self":
            if actor.on_board:
                ops.append(Op("destroy", creature=actor.id, data={"why": item.label}))
            return ""
        if op == "reinforce":
            ops.append(Op("reinforce", data={"player": p}))
            return ""
        if op == "deploy-now":
            if not self._deploy_now_options(p, st):
                return "nothing to deploy"
            ops.append(Op("choose-deploy", steps=(st,), data={"player": p, "order": item.order, "label": item.label}))
            if st.mods:
                item.order = ""  # attached to the deployed creature
            return ""
        if op == "treasure-remote":
            sq = item.square
            chest = self.chests.pop(sq, None)
            if chest is not None:
                self.tokens[sq] = self.tokens.get(sq, 0) + chest
                self.log.add("treasure", creature=actor.id, square=list(sq), tokens=chest)
            if self.tokens.get(sq):
                self.tokens[sq] -= 1
                if not self.tokens[sq]:
                    del self.tokens[sq]
                self.log.add("collect", creature=actor.id, square=list(sq), draw=False)
                self._morale(p, 1, "treasure")
            return ""
        return f"step {op} not played"

    # --- internal work ------------------------------------------------------------------------------------------

    def _do(self, op: Op) -> None:
        k = op.kind
        if k == "damage":
            self._damage(op)
        elif k == "apply-damage":
            self._apply_damage(op)
        elif k == "destroy":
            c = self.creatures[op.creature]
            if c.on_board:
                self._destroy(c, op.data.get("killer", ""), op.data.get("why", ""), op.item)
        elif k == "trigger":
            lab = str(op.data.get("label", "trigger"))
            it = Item(self.next_item, self.creatures[op.creature].controller if op.creature else
                      self.creatures[op.target].controller, op.creature, Step("trigger-damage"), lab,
                      str(op.data.get("stat") or "trigger"), op.target, amount=op.amount, play=self.next_item)
            self.next_item += 1
            self.stack.append(it)
            self.window = None
        elif k == "heal":
            c = self.creatures[op.creature]
            if c.on_board:
                n = min(op.amount, c.damage)
                c.damage -= n
                self.log.add("heal", creature=c.id, amount=n, why=str(op.data.get("why") or op.data.get("stat", "")))
                self._fig(c.id, "healed", n)
                self._ofig(str(op.data.get("stat", "")), "healed", n)
        elif k == "draw":
            c = self.creatures[op.creature]
            self._draw_orders(c.controller, op.amount)
        elif k == "cost":
            c = self.creatures[op.creature]
            st = op.steps[0]
            p = c.controller
            if st.op == "discard":
                self.ops.append(Op("choose-discard", amount=st.amount, data={"player": p}))
            elif st.op == "lose-morale":
                self._morale(p, -st.amount, str(op.data.get("card")))
            elif st.op == "self-damage":
                self.ops.append(Op("damage", creature=c.id, target=c.id, amount=st.amount,
                                   data={"self": True}))
            elif st.op == "take-treasure":
                sq = next((s for s in c.squares() if self.tokens.get(s)), None)
                if sq is not None:
                    self.tokens[sq] -= 1
                    if not self.tokens[sq]:
                        del self.tokens[sq]
        elif k == "push":
            d = op.data
            c = self.creatures[op.creature]
            self._push_items(int(d["player"]), c, op.steps, str(d["label"]), str(d["stat"]), str(d["target"]),
                             int(d["source"]), d["square"], int(d["option"]), str(d["ally"]), bool(d["ranged"]),
                             str(d["order"]))
        elif k == "finish-order":
            fin = op.item
            assert fin is not None
            if fin.order:
                owner = self.orders[fin.order][0]
                self.players[owner].discard.append(fin.order)
                fin.order = ""
        elif k == "choose-move":
            self._ask_move(op)
        elif k == "move-to":
            c = self.creatures[op.creature]
            if c.on_board and op.square != c.pos:
                self._move_to(c, op.square, op.kind2, op.amount, str(op.data.get("label", "")))
        elif k == "choose-discard":
            p = int(op.data["player"])
            hand = self.players[p].order_hand
            if hand:
                self.pending = Pending("choose", p, [{"card": o, "label": self.orders[o][1].name} for o in hand],
                                       Op("discard-card", amount=op.amount, data={"player": p}), why="discard")
        elif k == "discard-card":
            p = int(op.data["player"])
            oid = str(op.data["choice"]["card"])
            if oid in self.players[p].order_hand:
                self.players[p].order_hand.remove(oid)
                self.players[p].discard.append(oid)
                self.log.add("discard", player=p, card=self.orders[oid][1].name)
            if op.amount > 1:
                self.ops.append(Op("choose-discard", amount=op.amount - 1, data={"player": p}))
        elif k == "choose-remove":
            p = int(op.data["player"])
            self.pending = Pending("choose", p, list(op.data["options"]), Op("remove-chosen", creature=op.creature),
                                   why="remove an attached card")
        elif k == "remove-chosen":
            c = self.creatures[op.creature]
            self._remove_attached(c, str(op.data["choice"]["order"]), "removed")
        elif k == "choose-deploy":
            self._ask_deploy(op)
        elif k == "deploy-chosen":
            ch = op.data["choice"]
            p = int(op.data["player"])
            if ch.get("card"):
                self._deploy(p, str(ch["card"]), (int(ch["square"][0]), int(ch["square"][1])), "power")
                mods = op.steps[0].mods if op.steps else ()
                order = str(op.data.get("order") or "")
                if mods and order:
                    owner, card = self.orders[order]
                    self.creatures[str(ch["card"])].attached.append(Attached(order, owner, card, mods))
                    self.touch()
                    self.log.add("attach", card=card.name, creature=str(ch["card"]))
        elif k == "chieftain":
            ch = op.data["choice"]
            if ch.get("card"):
                c = self.creatures[str(ch["card"])]
                p = c.owner
                ps = self.players[p]
                ps.leadership += c.card.level
                self.log.add("leadership", player=p, leadership=ps.leadership, why="Chieftain Call")
                squares = self._deploy_squares(p, c)
                if squares:
                    self.pending = Pending("choose", p, [{"card": c.id, "square": list(s), "label": str(s)}
                                                         for s in squares],
                                           Op("deploy-chosen", data={"player": p}), why="deploy")
        elif k == "hidden-blade":
            c = self.creatures[op.creature]
            if c.on_board:
                cands = [e for e in self.adjacent_enemies(c) if e.tapped]
                if cands:
                    opts = [{"target": e.id, "label": e.card.name} for e in cands] + [{"target": "", "label": "none"}]
                    self.pending = Pending("choose", c.controller, opts,
                                           Op("trigger-chosen", creature=c.id, amount=op.amount,
                                              data={"label": "Hidden Blade", "stat": op.data.get("stat", "")}),
                                           why="Hidden Blade")
        elif k == "trigger-chosen":
            tgt = str(op.data["choice"].get("target", ""))
            if tgt:
                self.ops.append(Op("trigger", creature=op.creature, target=tgt, amount=op.amount,
                                   data={"label": op.data.get("label"), "stat": op.data.get("stat", "")}))
        elif k == "stealth-return":
            c = self.creatures[op.creature]
            squares = [s for s in self.bf.squares if self._fits(c, s)]
            c.stealthed = False
            if squares:
                self.pending = Pending("choose", c.owner, [{"square": list(s), "label": str(s)} for s in squares],
                                       Op("stealth-place", creature=c.id), why="return from Stealth")
        elif k == "stealth-place":
            c = self.creatures[op.creature]
            spot = op.data["choice"]["square"]
            self._place(c, (int(spot[0]), int(spot[1])))
            self.log.add("deploy", player=c.controller, creature=c.id, name=c.card.name, square=list(c.pos),
                         how="stealth")
        elif k == "reinforce":
            self._reinforce(int(op.data["player"]))
        elif k == "rider":
            self._ask_rider(op)
        elif k == "rider-deployed":
            ch = op.data["choice"]
            p = int(op.data["player"])
            loss = op.amount
            if ch.get("card"):
                rid = str(ch["card"])
                self._deploy(p, rid, (int(ch["square"][0]), int(ch["square"][1])), "Rider")
                loss = max(0, loss - self.creatures[rid].card.level)
            self._morale(p, -loss, f"{self.creatures[op.creature].card.name} destroyed")
        elif k == "death-strike":
            c = self.creatures[op.creature]
            cands = list(self.adjacent_enemies(c))
            if cands:
                opts = [{"target": e.id, "label": e.card.name} for e in cands] + [{"target": "", "label": "none"}]
                self.pending = Pending("choose", c.controller, opts, Op("death-strike-hit", creature=c.id,
                                                                        item=op.item, data=dict(op.data)),
                                       why="a last melee attack")
            else:
                self.ops.append(Op("destroy-now", creature=c.id, item=op.item, data=dict(op.data)))
        elif k == "death-strike-hit":
            c = self.creatures[op.creature]
            tgt = str(op.data["choice"].get("target", ""))
            self.ops.append(Op("destroy-now", creature=c.id, item=op.item, data=dict(op.data)))
            t = self.creatures.get(tgt) if tgt else None
            if t is not None and t.on_board:
                dmg = self.attack_damage(c, t, False)
                self.log.add("attack", item=0, attacker=c.id, target=t.id, attack="melee", damage=dmg,
                             label="death strike")
                self.ops.append(Op("damage", creature=c.id, target=t.id, amount=dmg, kind2="melee",
                                   data={"stat": f"power:{'ab'[c.controller]}:{c.card.name}: death strike"}))
        elif k == "destroy-now":
            c = self.creatures[op.creature]
            if c.on_board:
                self._destroy(c, str(op.data.get("killer", "")), str(op.data.get("why", "")), op.item, final=True)
        elif k == "flashing-blades":
            c = self.creatures[op.creature]
            t = self.creatures.get(op.target)
            if c.on_board:
                cands = [e for e in self.creatures.values() if e.on_board and e is not c and e is not t
                         and self.adjacent(c, e)]
                if cands:
                    opts = [{"target": e.id, "label": e.card.name} for e in cands] + [{"target": "", "label": "none"}]
                    self.pending = Pending("choose", c.controller, opts,
                                           Op("trigger-chosen", creature=c.id, amount=op.amount,
                                              data={"label": op.data.get("label", "Flashing Blades"),
                                                    "stat": op.data.get("stat", "")}),
                                           why=str(op.data.get("label", "Flashing Blades")))
        else:
            raise RuntimeError(f"unknown internal op {k}")

    def _ask_move(self, op: Op) -> None:
        c = self.creatures[op.creature]
        if not c.on_board:
            return
        mode = op.kind2
        reached = self.reach(c, op.amount, mode)
        p = int(op.data["player"])
        opts: list[dict[str, Any]] = [{"square": list(c.pos), "label": "stay"}]
        opts += [{"square": list(s), "label": str(s)} for s in sorted(reached)]
        if len(opts) == 1:
            return
        self.pending = Pending("choose", p, opts, Op("move-to", creature=c.id, amount=op.amount, kind2=mode,
                                                     data={"label": op.data.get("label", "")}),
                               why=f"{mode} {c.card.name}")

    def _ask_deploy(self, op: Op) -> None:
        p = int(op.data["player"])
        st = op.steps[0]
        opts: list[dict[str, Any]] = [{"card": cid, "square": list(s), "label": f"{self.creatures[cid].card.name} {s}"}
                                      for cid, s in self._deploy_now_options(p, st)]
        opts.append({"card": "", "label": "none"})
        self.pending = Pending("choose", p, opts, Op("deploy-chosen", steps=op.steps, data=dict(op.data)),
                               why="deploy a creature now")

    def _ask_rider(self, op: Op) -> None:
        c = self.creatures[op.creature]
        p = c.owner
        ps = self.players[p]
        m = next(x for x in c.base_mods if x.op == "rider")
        tile = self.bf.tile_of.get(c.pos)
        room = ps.leadership - self.board_level(p)
        opts: list[dict[str, Any]] = []
        for cid in ps.hand:
            x = self.creatures[cid]
            if x.card.level > m.amount or x.card.level > room or not any(k in x.keywords for k in m.keywords):
                continue
            for sq in self.bf.squares:
                if self.bf.tile_of.get(sq) == tile and self._fits(x, sq) and sq not in self.bf.obstacles:
                    opts.append({"card": cid, "square": list(sq), "label": f"{x.card.name} {sq}"})
        if opts:
            opts.append({"card": "", "label": "none"})
            self.pending = Pending("choose", p, opts, Op("rider-deployed", creature=c.id, amount=op.amount,
                                                         data={"player": p}), why="Rider")
        else:
            self._morale(p, -op.amount, f"{c.card.name} destroyed")

    def _reinforce(self, p: int) -> None:
        ps = self.players[p]
        # discard the hand's creature cards (the engine: all of them), graveyard back into the deck, draw up
        ps.graveyard.extend(ps.hand)
        ps.hand.clear()
        ps.creature_deck.extend(ps.graveyard)
        ps.graveyard.clear()
        self._shuffle(ps.creature_deck, "shuffle-creatures")
        self._draw_creatures(p, ps.warband.commander.creature_hand)
        self.log.add("reinforce", player=p, hand=len(ps.hand), deck=len(ps.creature_deck))

    # --- damage, cowering, destruction (§11) --------------------------------------------------------------------

    def _damage(self, op: Op) -> None:
        t = self.creatures.get(op.target)
        if t is None or not t.on_board:
            return
        item = op.item
        src = item.play if item is not None else 0
        if src and src in t.avoided:
            return
        amount = op.amount
        if op.kind2:
            for m in t.mods():
                if m.op == "damage-taken":
                    amount += m.amount
        if not op.unpreventable and amount > 0:
            shield = t.shields.get(src) if src else None
            if shield is not None:
                if shield == ALL:
                    prevented = amount
                else:
                    prevented = min(shield, amount)
                    t.shields[src] = shield - prevented
                amount -= prevented
                self._fig(t.id, "prevented", prevented)
            for m in self._all_mods(t):
                if m.op == "block" and amount > 0:
                    b = min(m.amount, amount)
                    amount -= b
                    self._fig(t.id, "prevented", b)
        if amount <= 0:
            self.log.add("no-damage", target=t.id, source=src)
            return
        p = t.controller
        cost = (amount + 9) // 10 + self._cower_extra(p)
        data = dict(op.data)
        data["amount"] = amount
        resume = Op("apply-damage", item=item, creature=op.creature, target=t.id, amount=amount, kind2=op.kind2,
                    riders=op.riders, data=data)
        if self.players[p].morale >= cost and not data.get("self"):
            self.pending = Pending("cower", p, [{"cower": True}, {"cower": False}], resume,
                                   why=f"{t.card.name} takes {amount} damage")
            return
        self.ops.append(resume)

    def _cower_extra(self, p: int) -> int:
        m = self.players[1 - p].cmd("cower-extra")
        return m.amount if m is not None else 0

    def _do_cower(self, a: Cower) -> None:
        pend = self.pending
        if pend is None or pend.kind != "cower":
            raise IllegalAction("no damage to cower from")
        op = pend.resume
        self.pending = None
        if a.cower:
            t = self.creatures[op.target]
            p = t.controller
            cost = (op.amount + 9) // 10
            extra = self._cower_extra(p)
            if op.item is not None:
                t.avoided.add(op.item.play)
            self.log.add("cower", creature=t.id, damage=op.amount, morale=cost + extra)
            self._fig(t.id, "cowered")
            self._fig(t.id, "morale_cowered", cost + extra)
            self._morale(p, -(cost + extra), f"{t.card.name} cowers")
        else:
            self.ops.append(op)

    def _apply_damage(self, op: Op) -> None:
        t = self.creatures.get(op.target)
        if t is None or not t.on_board:
            return
        item = op.item
        amount = op.amount
        t.damage += amount
        attacker = self.creatures.get(op.creature) if op.creature else None
        stat = item.stat if item is not None else str(op.data.get("stat", ""))
        self.log.add("damage", target=t.id, amount=amount, total=t.damage, hp=t.hp,
                     source=item.id if item is not None else 0, by=op.creature, label=item.label if item else "")
        self._fig(t.id, "damage_taken", amount)
        if attacker is not None and attacker is not t:
            self._fig(attacker.id, "damage_dealt", amount)
        self._ofig(stat, "damage", amount)
        ops: list[Op] = []
        for r in op.riders:
            ops.append(self._rider(r, attacker, t, item, stat))
        if t.damage >= t.hp:
            killer = attacker.id if attacker is not None else ""
            why = item.label if item else "damage"
            destroy = Op("destroy", item=item, creature=t.id, data={"killer": killer, "why": why, "stat": stat})
            ops.insert(0, destroy)
        else:
            vorpal = next((r for r in op.riders if r.op == "vorpal"), None)
            if vorpal is not None and amount >= vorpal.amount:
                ops.insert(0, Op("destroy", item=item, creature=t.id, data={"killer": attacker.id if attacker else "",
                                                                           "why": "Vorpal Sword", "stat": stat,
                                                                           "melee": True}))
        self._push_ops([o for o in ops if o.kind != "noop"])

    def _rider(self, r: Step, attacker: Creature | None, t: Creature, item: Item | None, stat: str) -> Op:
        if r.op == "tap":
            if t.on_board:
                t.tapped = True
                self.log.add("tap", creature=t.id, by=item.label if item else "")
            return Op("noop")
        if r.op == "untap" and attacker is not None:
            attacker.tapped = False
            self.log.add("untap", creature=attacker.id, by=item.label if item else "")
            return Op("noop")
        if r.op == "heal" and attacker is not None:
            return Op("heal", creature=attacker.id, amount=r.amount, data={"stat": stat})
        if r.op == "gain-morale" and attacker is not None:
            self._morale(attacker.controller, r.amount, item.label if item else "")
            self._ofig(stat, "morale_gained", r.amount)
            return Op("noop")
        if r.op == "opponent-discards":
            return Op("choose-discard", amount=r.amount, data={"player": t.controller})
        if r.op == "flashing-blades" and attacker is not None:
            return Op("flashing-blades", creature=attacker.id, target=t.id, amount=r.amount,
                      data={"label": "Flashing Blades", "stat": stat})
        if r.op == "slam" and attacker is not None and self.adjacent(attacker, t):
            return Op("choose-move", creature=t.id, amount=r.amount, kind2="slide",
                      data={"player": attacker.controller, "label": "Slam"})
        return Op("noop")

    def _destroy(self, c: Creature, killer: str, why: str, item: Item | None, final: bool = False) -> None:
        """§11.1: the creature leaves; its attached orders go to their owners' discards; its owner loses its
        printed level in Morale. "When this creature would be destroyed" powers act first."""
        if not final and c.has_mod("death-strike") and self.adjacent_enemies(c):
            self.ops.append(Op("death-strike", creature=c.id, item=item, data={"killer": killer, "why": why}))
            return
        p = c.owner
        neighbours = [e for e in self.creatures.values() if e.on_board and e.controller != c.controller
                      and self.adjacent(c, e)]
        self._lift(c)
        c.on_board = False
        for a in list(c.attached):
            self._remove_attached(c, a.order, "destroyed")
        c.controller = p
        c.tapped = False
        self.players[p].graveyard.append(c.id)
        self._fig(c.id, "destroyed")
        kc = self.creatures.get(killer) if killer else None
        if kc is not None:
            self._fig(kc.id, "kills")
            if kc.controller != p:
                self._fig(kc.id, "morale_taken", c.card.level)  # what the kill costs its owner
        if item is not None:
            self._ofig(item.stat, "kills")
        self.log.add("destroyed", creature=c.id, name=c.card.name, by=killer, why=why)
        rider = next((m for m in c.base_mods if m.op == "rider"), None)
        if rider is not None:
            # Rider: its owner may deploy a replacement first; the Morale lost is the difference of the levels
            self.ops.append(Op("rider", creature=c.id, amount=c.card.level))
        else:
            self._morale(p, -c.card.level, f"{c.card.name} destroyed")
        if self.over:
            return
        if p != self.turn_player:
            # an enemy destroyed during your turn, whoever destroyed it (Bloodthirsty)
            tp = self.players[self.turn_player]
            kl = tp.cmd("kill-leadership")
            if kl is not None:
                tp.leadership += kl.amount
                self.log.add("leadership", player=self.turn_player, leadership=tp.leadership,
                             why=tp.warband.commander.name)
        melee = item is not None and item.step.op == "attack" and (
            item.step.kind == "melee" or (item.step.kind == "either" and not item.ranged))
        if kc is not None and kc.controller != p and kc.on_board and melee:
            for m in kc.mods():
                if m.op == "cleave":
                    stat = f"order:{'ab'[kc.controller]}:{self._att_name(kc, 'cleave')}"
                    self.ops.append(Op("flashing-blades", creature=kc.id, target=c.id, amount=m.amount,
                                       data={"label": "Cleave", "stat": stat}))
        for e in neighbours:
            if e.has_mod("untap-on-kill") and e.tapped:
                e.tapped = False
                self.log.add("untap", creature=e.id, by="an adjacent enemy destroyed")

    def _att_name(self, c: Creature, op: str) -> str:
        for a in c.attached:
            if any(m.op == op for m in a.mods):
                return a.card.name
        return op

    def _do_choose(self, a: Choose) -> None:
        pend = self.pending
        if pend is None or pend.kind != "choose":
            raise IllegalAction("nothing to choose")
        if not 0 <= a.option < len(pend.options):
            raise IllegalAction(f"option {a.option} is not one of {len(pend.options)}")
        op = pend.resume
        op.data = dict(op.data)
        op.data["choice"] = pend.options[a.option]
        if op.kind == "move-to":
            sq = pend.options[a.option]["square"]
            op.square = (int(sq[0]), int(sq[1]))
        self.pending = None
        self.ops.append(op)
