"""Dungeon Command on the shared engine (``dungeon-command.md``; ``docs/engine.md``, "Dungeon Command as played").

A battle: the die decides who chooses to deploy first; each player deploys starting creatures within the
commander's Leadership; then turns alternate, each of four phases (§6): **Refresh** (start-of-turn effects,
untap, draw an order), **Activate** (each creature once: one move, orders, powers, attacks, treasure),
**Deploy** (+1 Leadership, new creatures within it), **Cleanup** (end-of-turn effects, untap, refill the
creature hand; a player with no creature on the battlefield ends the game). Every action goes on the stack
(§7.4); players answer with immediate actions before the top resolves. Damage can be prevented, or avoided by
cowering (Morale instead, §11.2); a destroyed creature costs its owner its printed level in Morale. The game
ends at once when a player's Morale is 0 or less; the higher Morale wins (§12).

There are no attack dice: chance is the shuffled creature and order decks and the treasure chests (a seeded
shuffle through the injected dice), and the die roll for who deploys first. Card texts are typed effects
(``dungeon_command_effects``): this module interprets each ``op`` of that vocabulary once.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from simulate.engine.dice import Dice
from simulate.engine.events import JSONValue
from simulate.engine.game import TERMINAL, Action, Game, IllegalAction, Result, action_from_json
from simulate.games.dungeon_command_actions import (
    ACTION_CLASSES,
    Activate,
    Attack,
    Choose,
    Collect,
    Cower,
    Deploy,
    EndActivation,
    EndDeploy,
    EndPhase,
    FirstPlayer,
    Move,
    Pass,
    PlayOrder,
    UsePower,
)
from simulate.games.dungeon_command_board import DcParams
from simulate.games.dungeon_command_cards import (
    CardDataError,
    Warband,
    modelled_share,
)
from simulate.games.dungeon_command_effects import Step
from simulate.games.dungeon_command_maps import (
    MapError,
    battlefield,
    battlefield_document,
)
from simulate.games.dungeon_command_pieces import Creature, Op, Window
from simulate.games.dungeon_command_resolve import DcResolve

Sq = tuple[int, int]
GAME_VERSION = "dungeon-command/1.0"


# --- the game -----------------------------------------------------------------------------------------------

class DcGame(Game):
    id = "dungeon-command"
    version = GAME_VERSION
    num_players = 2

    def new_initial_state(self, *, lists: Sequence[Mapping[str, Any]], battle_map: Mapping[str, Any] | str,
                          dice: Dice, params: Mapping[str, Any] | None = None) -> DcState:
        """A battle set up from two warbands (read once per matchup) on the battlefield their tiles build."""
        if len(lists) != 2:
            raise ValueError("a Dungeon Command battle needs exactly two warbands")
        field = battlefield(battlefield_document(battle_map))
        return DcState([_warband(x) for x in lists], field, dice, DcParams.from_json(params))

    def action_from_json(self, raw: Mapping[str, Any]) -> Action:
        return action_from_json(ACTION_CLASSES, raw)

    def describe_list(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        return _warband(raw).to_json()

    def describe_map(self, battle_map: Mapping[str, Any] | str) -> dict[str, Any]:
        return battlefield_document(battle_map)

    def unmodelled(self, lists: Sequence[Mapping[str, Any]]) -> list[str]:
        return modelled_share([Warband.from_json(x) for x in lists]).unmodelled


_READ: list[tuple[dict[str, Any], Warband]] = []  # the warbands read last, newest first


def _warband(raw: Mapping[str, Any]) -> Warband:
    """A warband read from its document, or found among the last few read: a matchup gives the same two
    documents battle after battle, and a :class:`Warband` (frozen cards) is never changed by a battle."""
    hit = next((w for doc, w in _READ if doc == raw), None)
    if hit is None:
        hit = Warband.from_json(raw)
        _READ.insert(0, (copy.deepcopy(dict(raw)), hit))
        del _READ[8:]
    return hit


# --- the state ----------------------------------------------------------------------------------------------

class DcState(DcResolve):
    """A Dungeon Command battle in progress: the turn's phases, the players' decisions and the loop that runs
    everything that needs no decision (see the module's docstring)."""

    # --- the protocol -------------------------------------------------------------------------------------------

    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        if self.pending is not None:
            return self.pending.player
        if self.window is not None:
            return self.window.asking
        if self.phase in ("deploy-first",):
            return self.decider
        if self.phase == "setup":
            return self.setup_order[0] if self.setup_order else self.decider
        return self.turn_player

    def is_terminal(self) -> bool:
        return self.over

    def apply(self, action: Action) -> None:
        if self.over:
            raise IllegalAction("the battle is over")
        self._dispatch(action)
        self.history.append(action)
        self._run()

    def result(self) -> Result:
        if not self.over:
            raise ValueError("the battle is not over")
        share = modelled_share([ps.warband for ps in self.players])
        per_creature: dict[str, JSONValue] = {}
        for cid, c in self.creatures.items():
            f = dict(self.figures.get(cid, {}))
            row: dict[str, JSONValue] = dict(f)
            row["name"] = c.card.name
            row["player"] = c.owner
            row["survived"] = c.on_board
            per_creature[cid] = row
        return Result(
            winner=self.winner, reason=self.reason, scores=tuple(ps.morale for ps in self.players), rounds=self.turn,
            details={
                "morale_curve": self.morale_curve,
                "per_creature": per_creature,
                "per_order": {k: dict(v) for k, v in sorted(self.order_figures.items())},
                "leadership": [ps.leadership for ps in self.players],
                "on_battlefield": [self.board_level(p) for p in (0, 1)],
                "modelled_share": round(share.share, 4),
                "unmodelled": share.unmodelled,
                "readings": share.readings,
                "battlefield": str(self.bf.doc.get("name", "")),
                "stand_in_battlefield": bool(self.bf.doc.get("stand_in")),
            },
        )

    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        if self.pending is not None:
            if self.pending.kind == "cower":
                return [Cower(True), Cower(False)]
            return [Choose(i) for i in range(len(self.pending.options))]
        if self.window is not None:
            return [Pass(), *self.responses(self.window.asking)]
        p = self.current_player()
        if self.phase == "deploy-first":
            return [FirstPlayer(0), FirstPlayer(1)]
        if self.phase in ("setup", "deploy", "refresh-deploy"):
            out: list[Action] = [Deploy(cid, sq) for cid, squares in self.deploy_menu(p).items() for sq in squares]
            if self.phase != "setup" or any(c.on_board and c.owner == p for c in self.creatures.values()):
                out.append(EndDeploy())
            return out
        if self.phase != "activate":
            return []
        if not self.active:
            out = [Activate(c.id) for c in self.own(p) if not c.activated]
            out.append(EndPhase())
            ps = self.players[p]
            if ps.cmd("swap-order") is not None and not ps.swapped:
                out += [UsePower("", "commander", target=o) for o in ps.order_hand]
            return out
        return self.activation_actions(self.creatures[self.active])

    def deploy_menu(self, p: int) -> dict[str, list[Sq]]:
        """In a deploy step: each card player ``p`` may deploy now, with the squares it may take (none: left out)."""
        starting = self.phase == "setup"
        if starting:
            room = self.players[p].leadership - self.board_level(p)
            cards = [x for x in self.players[p].hand if self.creatures[x].card.level <= room]
        else:
            cards = self._deployable(p, self.phase == "refresh-deploy")
        out: dict[str, list[Sq]] = {}
        for cid in cards:
            squares = self._deploy_squares(p, self.creatures[cid], self.bf.deploy_anywhere[p], starting)
            if squares:
                out.setdefault(cid, []).extend(squares)
        return out

    # --- the loop -----------------------------------------------------------------------------------------------

    def _run(self) -> None:
        while not self.over:
            if self.pending is not None:
                return
            if self.ops:
                self._do(self.ops.pop())
                continue
            if self.stack:
                if self.window is None:
                    self.window = Window(self.turn_player)
                w = self.window
                while w.passes < 2:
                    if self._can_respond(w.asking):
                        return
                    w.passes += 1
                    w.asking = 1 - w.asking
                self.window = None
                item = self.stack.pop()
                self._resolve(item)
                continue
            if self._auto():
                continue
            return

    # --- phases (§6) --------------------------------------------------------------------------------------------

    def _auto(self) -> bool:
        """Advance the phases that need no decision; False when a player must decide."""
        ph = self.phase
        if ph == "deploy-first":
            return False
        if ph == "setup":
            if not self.setup_order:
                self._start_turn(self.first_player)
                return True
            return False
        if ph == "refresh":
            return self._refresh()
        if ph == "activate":
            if not self.active and not self._has_activation_choice():
                self._end_activate_phase()
                return True
            return False
        if ph == "deploy":
            if self.sub == 0:
                self.sub = 1
                self._deploy_phase_start()
                return True
            if not self._deploy_options(self.turn_player, refresh=False, any_square=False):
                self._start_cleanup()
                return True
            return False
        if ph == "refresh-deploy":
            if not self._deploy_options(self.turn_player, refresh=True, any_square=False):
                self._begin_activate()
                return True
            return False
        if ph == "cleanup":
            return self._cleanup()
        return False

    def _start_turn(self, p: int) -> None:
        self.turn += 1
        self.turn_player = p
        self.phase, self.sub = "refresh", 0
        self.kills_this_turn = 0
        self.players[p].swapped = False
        for c in self.creatures.values():
            c.used.clear()
            c.activated = False
            c.moved = False
            c.shields.clear()
            c.avoided.clear()
        self.log.add("turn", turn=self.turn, player=p, morale=[ps.morale for ps in self.players],
                     leadership=[ps.leadership for ps in self.players])
        if self.turn > self.params.max_turns:
            self._finish(None, "turn-limit")

    def _refresh(self) -> bool:
        p = self.turn_player
        ps = self.players[p]
        if self.sub == 0:
            self.sub = 1
            # 1. start-of-turn effects (the seed's Deep Wound: at the start of its controller's turn, §6.1)
            ops: list[Op] = []
            for c in self.own(p):
                for m in c.mods():
                    if m.op == "regenerate" and c.damage:
                        ops.append(Op("heal", creature=c.id, amount=m.amount, data={"why": "regenerate"}))
                    elif m.op == "start-damage":
                        ops.append(Op("trigger", creature=c.id, target=c.id, amount=m.amount,
                                      data={"label": "start of turn", "stat": ""}))
            for cid in list(self.stealth_return):
                c = self.creatures[cid]
                if c.owner == p:
                    self.stealth_return.remove(cid)
                    ops.append(Op("stealth-return", creature=cid))
            self._push_ops(ops)
            return True
        if self.sub == 1:
            self.sub = 2
            for c in self.own(p):
                c.tapped = False
            extra = sum(m.amount for c in self.own(p) for m in c.mods() if m.op == "refresh-draw")
            n = self._draw_orders(p, 1 + extra)
            self.log.add("refresh", player=p, drew=n)
            if ps.cmd("horde") is not None and self._deploy_options(p, refresh=True, any_square=False):
                self.phase = "refresh-deploy"
                return True
            self._begin_activate()
            return True
        return False

    def _begin_activate(self) -> None:
        self.phase, self.sub = "activate", 0
        self.active = ""

    def _has_activation_choice(self) -> bool:
        p = self.turn_player
        return any(not c.activated for c in self.own(p))

    def _end_activate_phase(self) -> None:
        self.phase, self.sub = "deploy", 0
        self.active = ""

    def _deploy_phase_start(self) -> None:
        p = self.turn_player
        ps = self.players[p]
        ops = []
        for c in self.own(p):
            if c.has_mod("mortal-wound"):
                ops.append(Op("destroy", creature=c.id, data={"why": "Mortal Wound"}))
        self._push_ops(ops)
        ps.leadership += 1
        self.log.add("leadership", player=p, leadership=ps.leadership)

    def _start_cleanup(self) -> None:
        self.phase, self.sub = "cleanup", 0

    def _cleanup(self) -> bool:
        p = self.turn_player
        ps = self.players[p]
        if self.sub == 0:
            self.sub = 1
            ops = []
            for c in self.own(p):
                if any(s in self.bf.hazardous for s in c.squares()):
                    ops.append(Op("trigger", creature="", target=c.id, amount=10,
                                  data={"label": "hazardous terrain", "stat": ""}))
            self._push_ops(ops)
            return True
        if self.sub == 1:
            self.sub = 2
            for c in self.own(p):
                c.tapped = False
                c.passage = False
                c.granted.clear()
                self.touch()
            ps.war_cry.clear()
            self.touch()
            self._draw_creatures(p, ps.warband.commander.creature_hand)
            self.morale_curve.append([self.players[0].morale, self.players[1].morale])
            if not self.own(p) and not any(self.creatures[c].owner == p for c in self.stealth_return):
                self._end_no_creatures(p)
                return True
            self._start_turn(1 - p)
            return True
        return False

    def _end_no_creatures(self, p: int) -> None:
        """§12: a player who ends a turn with no creature on the battlefield ends the game and cannot win."""
        other = 1 - p
        self._finish(other, "no-creatures")

    # --- actions: dispatch and legality -------------------------------------------------------------------------

    def _dispatch(self, a: Action) -> None:
        if isinstance(a, Choose):
            self._do_choose(a)
            return
        if isinstance(a, Cower):
            self._do_cower(a)
            return
        if self.pending is not None:
            raise IllegalAction(f"a decision is pending ({self.pending.why or self.pending.kind})")
        if self.window is not None:
            if isinstance(a, Pass):
                self.window.passes += 1
                self.window.asking = 1 - self.window.asking
                return
            if isinstance(a, PlayOrder | UsePower):
                self._respond(a)
                return
            raise IllegalAction(f"{a.kind} while the stack waits for responses")
        if isinstance(a, FirstPlayer):
            if self.phase != "deploy-first" or a.first not in (0, 1):
                raise IllegalAction("not the time to choose who deploys first")
            self.first_player = a.first
            self.setup_order = [a.first, 1 - a.first]
            self.phase = "setup"
            self.log.add("deploy-first", player=self.decider, first=a.first)
            return
        if isinstance(a, Deploy):
            self._do_deploy(a)
            return
        if isinstance(a, EndDeploy):
            self._do_end_deploy()
            return
        if self.phase != "activate":
            raise IllegalAction(f"{a.kind}: not in the Activate phase")
        p = self.turn_player
        if isinstance(a, Activate):
            c = self.creatures.get(a.creature)
            if self.active or c is None or not c.on_board or c.controller != p or c.activated:
                raise IllegalAction(f"cannot activate {a.creature}")
            self.active = c.id
            c.activated = True
            c.moved = False
            c.hazard_hit = False
            self.log.add("activate", creature=c.id, name=c.card.name)
            return
        if isinstance(a, EndPhase):
            if self.active:
                raise IllegalAction("end the activation first")
            self.log.add("end-phase", player=p)
            self._end_activate_phase()
            return
        if isinstance(a, UsePower) and a.creature == "" and a.power == "commander":
            self._do_commander_power(a)
            return
        if not self.active:
            raise IllegalAction(f"{a.kind}: no creature is activated")
        c = self.creatures[self.active]
        if isinstance(a, EndActivation):
            self._end_activation(c)
            return
        if getattr(a, "creature", c.id) != c.id:
            raise IllegalAction(f"{a.kind}: {getattr(a, 'creature', '')} is not the active creature")
        if isinstance(a, Move):
            self._do_move(c, a)
        elif isinstance(a, Attack):
            self._do_attack(c, a)
        elif isinstance(a, Collect):
            self._do_collect(c, a)
        elif isinstance(a, PlayOrder):
            self._do_play(c, a, response=False)
        elif isinstance(a, UsePower):
            self._do_power(c, a, response=False)
        else:
            raise IllegalAction(f"unknown action {a.kind}")

    def _do_deploy(self, a: Deploy) -> None:
        p = self.current_player()
        starting = self.phase == "setup"
        refresh = self.phase == "refresh-deploy"
        if not (starting or refresh or self.phase == "deploy"):
            raise IllegalAction("not the time to deploy")
        if starting:
            room = self.players[p].leadership - self.board_level(p)
            ok = a.card in self.players[p].hand and self.creatures[a.card].card.level <= room
        else:
            ok = a.card in self._deployable(p, refresh)
        if not ok:
            raise IllegalAction(f"cannot deploy {a.card}: not in hand, or over Leadership")
        c = self.creatures[a.card]
        squares = self._deploy_squares(p, c, self.bf.deploy_anywhere[p], starting)
        if tuple(a.square) not in squares:
            raise IllegalAction(f"cannot deploy {c.card.name} on {a.square}")
        self._deploy(p, c.id, tuple(a.square), "start" if starting else "deploy")  # type: ignore[arg-type]

    def _do_end_deploy(self) -> None:
        p = self.current_player()
        if self.phase == "setup":
            if not any(c.on_board and c.owner == p for c in self.creatures.values()):
                raise IllegalAction("deploy at least one creature (§5.4)")
            self.setup_order.pop(0)
            self._draw_creatures(p, self.players[p].warband.commander.creature_hand)
            self.log.add("end-deploy", player=p, phase="setup")
            return
        if self.phase == "refresh-deploy":
            self.log.add("end-deploy", player=p, phase="refresh")
            self._begin_activate()
            return
        if self.phase == "deploy":
            self.log.add("end-deploy", player=p, phase="deploy")
            self._start_cleanup()
            return
        raise IllegalAction("not the time to end deploying")

    def _end_activation(self, c: Creature) -> None:
        self.log.add("end-activation", creature=c.id)
        self.active = ""
        ops: list[Op] = []
        if c.on_board:
            for m in c.mods():
                if m.op == "end-damage":
                    ops.append(Op("trigger", target=c.id, amount=m.amount,
                                  data={"label": "end of activation", "stat": ""}))
                elif m.op == "circle-draw" and c.pos in self.bf.circles:
                    ops.append(Op("draw", creature=c.id, amount=m.amount))
            for e in self.adjacent_enemies(c):
                for m in e.mods():
                    if m.op == "aura-damage":
                        ops.append(Op("trigger", creature=e.id, target=c.id, amount=m.amount,
                                      data={"label": "aura", "stat": f"power:{'ab'[e.controller]}:{e.card.name}"}))
        self._push_ops(ops)

    def _do_move(self, c: Creature, a: Move) -> None:
        if c.moved:
            raise IllegalAction(f"{c.card.name} has already moved this activation (§6.5)")
        if c.has_mod("immobile"):
            raise IllegalAction(f"{c.card.name} cannot move")
        c.moved = True
        if not self._move_to(c, tuple(a.to), "move", self.speed(c), "move"):  # type: ignore[arg-type]
            c.moved = False
            raise IllegalAction(f"{c.card.name} cannot move to {a.to}")

    def _do_attack(self, c: Creature, a: Attack) -> None:
        t = self.creatures.get(a.target)
        if c.tapped:
            raise IllegalAction(f"{c.card.name} is tapped: an attack is a standard action")
        if t is None or not (self.can_shoot(c, t) if a.ranged else self.can_melee(c, t)):
            raise IllegalAction(f"{c.card.name} cannot attack {a.target}")
        if not a.ranged and c.card.melee <= 0 and not any(m.op == "melee" for m in self._all_mods(c)):
            raise IllegalAction(f"{c.card.name} deals no melee damage")
        c.tapped = True
        self._fig(c.id, "attacks")
        step = Step("attack", 0, "base", "ranged" if a.ranged else "melee", "target")
        self._push_items(c.controller, c, [step], "attack", "attack", a.target, ranged=a.ranged)

    def _do_collect(self, c: Creature, a: Collect) -> None:
        if c.tapped:
            raise IllegalAction("collecting treasure is a standard action: the creature is tapped")
        sq = next((s for s in c.squares() if self.tokens.get(s)), None)
        if sq is None:
            raise IllegalAction(f"no treasure token under {c.card.name}")
        if a.draw and not self._sellsword(c):
            raise IllegalAction("no power lets this creature draw instead")
        c.tapped = True
        self.tokens[sq] -= 1
        if not self.tokens[sq]:
            del self.tokens[sq]
        self._fig(c.id, "treasure")
        self.log.add("collect", creature=c.id, square=list(sq), draw=a.draw)
        if a.draw:
            self._draw_orders(c.controller, 1)
        else:
            self._morale(c.controller, 1, "treasure")


def load_error(exc: Exception) -> bool:
    """Whether an exception is a data problem the caller should report (not a bug)."""
    return isinstance(exc, CardDataError | MapError | ValueError)
