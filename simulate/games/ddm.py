"""D&D Miniatures skirmish rules (the seeds' War Drums-era Advanced Rules) played on the shared engine.

Specification: ``ddm.md`` (canonical digest of seed 003) and ``ddm-basic.md`` (seed 000, the quick start).
Section numbers in docstrings (§8.7) are ``ddm.md``'s. Readings where the seeds are silent are parameters
of :class:`DdmParams` or are listed in ``docs/engine.md`` and ``docs/rules-choices.md``.

The battle is a sequence of decisions (``ddm_actions``); chance is the injected dice. Stages: map choice →
deployment order → start area → deployment → (round: initiative → first player → phases of two activations,
each activation a turn of moves, attacks, spells and abilities) → end.

This module is the battle's state (:class:`DdmState`: the OpenSpiel surface, the log, the dice and who stands
where) and the game (:class:`DdmGame`). The rules are one mechanic a module, each a set of functions of the
state:

- ``ddm_setup`` setup and deployment (§5); ``ddm_turns`` rounds, phases and a creature's turn (§6);
- ``ddm_movement`` movement and squeezing (§7); ``ddm_terrain`` terrain (§14);
- ``ddm_sight`` sight, threat and cover (§8.3–§8.10); ``ddm_attacks`` attacks (§8, §9); ``ddm_charge``
  charging (§8.7);
- ``ddm_damage`` damage, conditions and death (§10); ``ddm_morale`` morale and routing (§11.5–§11.7);
  ``ddm_command`` commanders (§11.1–§11.4);
- ``ddm_spells`` spells and abilities used as actions (§12, §13); ``ddm_templates`` area templates (§12.3);
- ``ddm_victory`` victory (§15);
- ``ddm_model`` the data (parameters, creatures, the turn, players); ``ddm_actions`` the decisions.

What mypyc asks of this shape (the engine is compiled, ``simulate/compiled.py``): a compiled class cannot be
spread over several modules (mypyc has no partial classes, and mixins would have to be traits, whose methods
are found through a slower table), so the mechanics are module-level functions whose first argument is the
state, calling each other as ``movement.reach(state, ...)``: mypyc compiles those calls between modules of
one build to direct C calls. The mechanics import each other in cycles, always as modules
(``from simulate.games import ddm_movement as movement``, never ``from ... import a_function``, which a cycle
could find half-initialised), and import :class:`DdmState` for type checking only.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from simulate.engine.dice import Dice, SeededDice
from simulate.engine.events import EventLog, JSONValue
from simulate.engine.game import TERMINAL, Action, Game, IllegalAction, Result, State, action_from_json
from simulate.engine.grid import Sq, grid_distance
from simulate.engine.turns import PhaseClock
from simulate.games import ddm_command as command
from simulate.games import ddm_movement as movement
from simulate.games import ddm_setup as setup
from simulate.games import ddm_turns as turns
from simulate.games.ddm_abilities import CommanderEffect, SpellEffect, Traits, card_unmodelled, spell_effect, traits_for
from simulate.games.ddm_actions import (
    ACTION_CLASSES,
    Activate,
    Attack,
    Cast,
    Charge,
    ChooseDeployFirst,
    ChooseFirstPlayer,
    ChooseMap,
    ChooseStartArea,
    Deploy,
    EndTurn,
    Move,
    Teleport,
    UseAbility,
)
from simulate.games.ddm_cards import CreatureCard, Warband, norm
from simulate.games.ddm_maps import DdmMap, get_map
from simulate.games.ddm_model import (
    COMMAND_RANGE,
    INF,
    MORALE_DC,
    SLOW_TERRAIN,
    Creature,
    DdmParams,
    Effect,
    PlayerState,
    Turn,
)

__all__ = [
    "ACTION_CLASSES", "COMMAND_RANGE", "GAME_VERSION", "INF", "MORALE_DC", "SLOW_TERRAIN", "Activate", "Attack", "Cast",
    "Charge", "ChooseDeployFirst", "ChooseFirstPlayer", "ChooseMap", "ChooseStartArea", "Creature", "DdmGame",
    "DdmParams", "DdmState", "Deploy", "Effect", "EndTurn", "Move", "PlayerState", "Teleport", "Turn", "UseAbility",
]

GAME_VERSION = "ddm-seed/1.2"  # 1.1: per-creature damage taken and points earned; 1.2: the second-pass rule fixes


class DdmState(State):
    """A D&D Miniatures battle in progress (two players): its data, the OpenSpiel surface, and the questions
    every rule asks (whose side a creature is on, who stands where, how far apart two creatures are)."""

    def __init__(self, *, warbands: Sequence[Warband], maps: Sequence[DdmMap], dice: Dice, params: DdmParams) -> None:
        self.params = params
        self.dice = dice
        self.maps = list(maps)
        self.map: DdmMap = self.maps[0]
        self.log = EventLog()
        self.history: list[Action] = []
        self.players = [PlayerState(i, wb) for i, wb in enumerate(warbands)]
        self.creatures: dict[str, Creature] = {}
        for p, wb in enumerate(warbands):
            designee = norm(wb.commander_zero) if wb.commander_zero else ""
            zero_done = False
            for i, card in enumerate(wb.creatures):
                cid = f"{'ab'[p]}{i + 1}"
                rating = card.commander_rating
                value = card.cost
                if designee and not zero_done and rating is None and designee in (norm(card.name), norm(card.slug)):
                    rating, value, zero_done = 0, card.cost + 5, True  # Commander 0 (§15.3)
                traits, ces, spells = _card_reading(card)
                c = Creature(
                    id=cid, player=p, card=card, traits=traits, value=value, rating=rating,
                    hp=card.hp, start_hp=card.hp, size=card.footprint,
                )
                c.commander_effects = ces
                c.spell_effects = spells
                c.melee_attacks, c.ranged_attacks = card.melee(), card.ranged()
                for n, a in enumerate(card.attacks):
                    if a.uses:
                        c.uses[f"attack:{n}"] = a.uses
                for n, s in enumerate(card.spells):
                    if not s.unlimited:
                        c.uses[f"spell:{n}"] = s.uses if s.uses is not None else 1
                for ab in card.specials:
                    if ab.uses:
                        c.uses[norm(ab.name)] = ab.uses
                for n, smite in enumerate(c.traits.smites):
                    if smite.uses:
                        c.uses[f"smite:{n}"] = smite.uses
                if c.traits.stunning_attack and c.traits.stunning_attack[1]:
                    c.uses["stunning"] = c.traits.stunning_attack[1]
                for aa in c.traits.area_attacks:
                    if aa.uses:
                        c.uses[norm(aa.name)] = aa.uses
                self.creatures[cid] = c
        for c in self.creatures.values():
            if c.card.sorcerer_slots:
                for level, boxes in c.card.sorcerer_slots.items():
                    c.uses[f"slot:{level}"] = boxes
            if c.card.power_points:
                c.uses["pp"] = c.card.power_points
        # the statistics some Commander Effect of this battle changes: a bonus to any other is 0 at once
        self.ce_stats = {e.stat for c in self.creatures.values() for e in c.commander_effects}
        # the Countersongs and Stench present: a rule that looks for one near a creature need not look when there
        # is none
        self.traits_present = {trait for trait in ("countersong", "improved_countersong", "stench")
                               if any(getattr(c.traits, trait) for c in self.creatures.values())}
        self.stage = "map"
        self.decider = 0
        self.round = 0
        self.turn: Turn | None = None
        self.turn_counter = 0
        self.phases = PhaseClock(per_phase=2)  # §6.1: two activations a phase
        self.deploying = 0
        self.deploy_order: list[int] = []
        self.first_activated_this_round = False
        self.quiet_rounds = 0
        self.fighting_this_round = False
        self.outcome: Result | None = None
        self._legal: list[Action] | None = None
        self.roster_version = 0
        self._rosters: list[list[Creature]] = [[], []]  # :meth:`_roster`'s lists, as of roster_version ...
        self._rosters_at = -1  # ... this one
        self.moves = 0  # how many times a creature has been stood somewhere (``put``)
        # :meth:`occupancy` and :meth:`occupant_cells` as of (moves, roster_version): plain attributes, not tuples
        # (a boxed tuple is unpacked on every ask)
        self._occ: dict[Sq, Creature] = {}
        self._occ_at = (-1, -1)
        self._cells: list[Creature | None] = []
        self._cells_at = (-1, -1)
        self.ce_memo: tuple[tuple[object, ...], dict[str, list[CommanderEffect]]] = ((), {})
        self.charge_plans: tuple[DdmMap, dict[tuple[object, ...], list[tuple[str, tuple[Sq, ...]]]]] | None = None
        self.deploy_memo: tuple[tuple[str, int, int], list[Sq]] | None = None
        self.dest_memo: tuple[Any, int, tuple[dict[Sq, tuple[int, int, int]], movement.MoveSearch]] | None = None
        self.blocked_memo: tuple[tuple[object, ...], list[bool]] | None = None  # movement.blocked_flags' last
        setup.begin(self)

    # -- OpenSpiel surface

    def current_player(self) -> int:
        return TERMINAL if self.stage == "over" else self.decider

    def is_terminal(self) -> bool:
        return self.stage == "over"

    def result(self) -> Result:
        if self.outcome is None:
            raise RuntimeError("the battle is not over")
        return self.outcome

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list[Action]:
        if self.stage == "over":
            return []
        if self.stage == "map":
            return [ChooseMap(i) for i in range(len(self.maps))]
        if self.stage == "deploy-first":
            return [ChooseDeployFirst(p) for p in (0, 1)]
        if self.stage == "start-area":
            return [ChooseStartArea(letter) for letter in self.map.letters[:2]]
        if self.stage == "deploy":
            return setup.deploy_actions(self)
        if self.stage == "first-player":
            return [ChooseFirstPlayer(p) for p in (0, 1)]
        if self.stage == "activate":
            return [Activate(c.id) for c in turns.activatable(self, self.phases.player)]
        return turns.turn_actions(self)

    def apply(self, action: Action) -> None:
        if self.stage == "over":
            raise IllegalAction("the battle is over")
        self._legal = None
        if isinstance(action, Activate):
            turns.apply_activate(self, action)
        elif isinstance(action, Deploy):
            setup.apply_deploy(self, action)
        elif isinstance(action, ChooseFirstPlayer):
            turns.apply_first_player(self, action)
        elif isinstance(action, ChooseMap):
            setup.apply_choose_map(self, action)
        elif isinstance(action, ChooseDeployFirst):
            setup.apply_deploy_first(self, action)
        elif isinstance(action, ChooseStartArea):
            setup.apply_start_area(self, action)
        else:
            turns.apply_turn_action(self, action)
        self.history.append(action)
        turns.auto_end_turn(self)

    # -- the log, the dice, and who is where (asked by every rule)

    def event(self, kind: str, data: dict[str, JSONValue]) -> None:
        """Log an event. ``data`` is the record's data as the caller writes it, ``"round": state.round`` its first
        key: one dict per event (keywords merged into a dict that starts with the round made two, and merging
        them was a twentieth of a short battle)."""
        self.log.add_data(kind, data)

    def d20(self, purpose: str) -> int:
        dice = self.dice
        if isinstance(dice, SeededDice):
            return dice.roll(20, purpose)  # (a native call, where the protocol's is a Python method call)
        return dice.roll(20, purpose)

    def c(self, cid: str) -> Creature:
        try:
            return self.creatures[cid]
        except KeyError:
            raise IllegalAction(f"no creature {cid!r}") from None

    def on_map(self, player: int | None = None) -> list[Creature]:
        roster = self._roster()
        if player is None:
            return roster[0] + roster[1]  # player 0's creatures come first in ``creatures``: the same order
        return list(roster[player])

    def side(self, c: Creature) -> int:
        """Whose side a creature fights on now: a confused creature controlled by the opponent (1-5 on its
        confusion roll) fights for that opponent this turn (glossary *Confusion*)."""
        t = self.turn
        if t is not None and t.creature == c.id and t.controller != c.player:
            return t.controller
        return c.player

    def enemies_of(self, c: Creature) -> list[Creature]:
        t = self.turn
        if t is not None and t.controller != self.creatures[t.creature].player:
            s = self.side(c)
            return [o for o in self.creatures.values() if o.on_map and self.side(o) != s]
        return list(self._roster()[1 - c.player])

    def _roster(self) -> list[list[Creature]]:
        """Each player's creatures on the map (callers only read them). Creatures arrive only by deploying and
        leave only by being eliminated (the two places that set ``place``), and each of them bumps
        ``roster_version``."""
        if self._rosters_at != self.roster_version:
            lists: list[list[Creature]] = [[], []]
            for o in self.creatures.values():
                if o.on_map:
                    lists[o.player].append(o)
            self._rosters = lists
            self._rosters_at = self.roster_version
        return self._rosters

    def allies_of(self, c: Creature) -> list[Creature]:
        t = self.turn
        if t is not None and t.controller != self.creatures[t.creature].player:
            s = self.side(c)
            return [o for o in self.creatures.values() if o.on_map and self.side(o) == s and o.id != c.id]
        return [o for o in self.creatures.values() if o.on_map and o.player == c.player and o.id != c.id]

    def put(self, c: Creature, anchor: Sq | None) -> None:
        """Stand ``c`` at ``anchor`` (None: off the map). Every move, push, placement and teleport goes through
        here, so what depends on where creatures stand knows when to look again (:attr:`moves`)."""
        c.anchor = anchor
        self.moves += 1

    def occupancy(self) -> dict[Sq, Creature]:
        """Who stands where. Kept until a creature moves, arrives or leaves: callers never change it."""
        at = self._occ_at
        if at[0] == self.moves and at[1] == self.roster_version:
            return self._occ
        occ: dict[Sq, Creature] = {}
        for c in self.on_map():
            for s in c.squares():
                occ[s] = c
        self._occ = occ
        self._occ_at = (self.moves, self.roster_version)
        return occ

    def occupant_cells(self) -> list[Creature | None]:
        """:meth:`occupancy` as one entry per square index (y × width + x), for the searches' loops."""
        at = self._cells_at
        if at[0] == self.moves and at[1] == self.roster_version:
            return self._cells
        w = self.map.grid.width
        cells: list[Creature | None] = [None] * (w * self.map.grid.height)
        for c in self.on_map():  # as :meth:`occupancy` writes them (a later creature's square over an earlier's)
            for x, y in c.squares():
                cells[y * w + x] = c
        self._cells = cells
        self._cells_at = (self.moves, self.roster_version)
        return cells

    def space_distance(self, a: Creature, b: Creature) -> int:
        """The distance between the nearest squares of two spaces."""
        pa, pb = a.anchor, b.anchor
        if pa is None or pb is None:
            return min(grid_distance(x, y) for x in a.squares() for y in b.squares())
        # spaces are squares: the nearest pair is the gap along each axis (the distance grows with each)
        dx, dy = _gap(pa[0], a.size, pb[0], b.size), _gap(pa[1], a.size, pb[1], b.size)
        return dx + dy // 2 if dx >= dy else dy + dx // 2

    def adjacent(self, a: Creature, b: Creature) -> bool:
        pa, pb = a.anchor, b.anchor
        if pa is None or pb is None:
            return False
        if _gap(pa[0], a.size, pb[0], b.size) > 1 or _gap(pa[1], a.size, pb[1], b.size) > 1:
            return False  # not even touching diagonally: no walls to look at
        grid = self.map.grid
        if a.size == 1 and b.size == 1:
            return grid.adjacent(pa, pb)
        bs = b.squares()
        return any(grid.adjacent(x, y) for x in a.squares() for y in bs)

    def neighbour_set(self, s: Sq) -> frozenset[Sq]:
        table: dict[Sq, frozenset[Sq]] = self.map.table("neighbour-sets")
        hit = table.get(s)
        if hit is None:
            hit = table[s] = frozenset(self.neighbours(s))
        return hit

    def wall_distance(self, a: Creature, b: Creature, limit: int = COMMAND_RANGE) -> int:
        """Distance counted around walls (command range and Commander Effects, §11.2)."""
        best = INF
        targets = set(b.squares())
        for s in a.squares():
            dist = self.map.grid.wall_distances(s, limit)
            for t in targets:
                d = dist.get(t)
                if d is not None and d < best:
                    best = d
        return best

    def opponent(self, player: int) -> int:
        return 1 - player

    def neighbours(self, s: Sq) -> tuple[Sq, ...]:
        """Adjacent squares (walls respected), cached per map."""
        table: dict[Sq, tuple[Sq, ...]] = self.map.table("neighbours")
        hit = table.get(s)
        if hit is None:
            hit = table[s] = tuple(self.map.grid.neighbours(s))
        return hit


class DdmGame(Game):
    """D&D Miniatures, the seeds' rules (ruleset ``seed``)."""

    id = "ddm"
    version = GAME_VERSION

    def new_initial_state(
        self,
        *,
        lists: Sequence[Mapping[str, Any]],
        battle_map: Mapping[str, Any] | str,
        dice: Dice,
        params: Mapping[str, Any] | None = None,
    ) -> DdmState:
        if len(lists) != 2:
            raise ValueError("a D&D Miniatures battle here has exactly two warbands")
        warbands = [_warband(x) for x in lists]
        if not isinstance(battle_map, str) and "maps" in battle_map:  # (a str test: Mapping's is an ABC's)
            maps = [get_map(m) for m in battle_map["maps"]]
        else:
            maps = [get_map(battle_map)]
        return DdmState(warbands=warbands, maps=maps, dice=dice, params=_params(params))

    def action_from_json(self, raw: Mapping[str, Any]) -> Action:
        return action_from_json(ACTION_CLASSES, raw)

    def describe_list(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        """The list as the record stores it. The same list gives the same document, written once (a matchup's
        records share it: read it, never change it)."""
        warband = _warband(raw)
        hit = _DESCRIBED.get(id(warband))
        if hit is None or hit[0] is not warband:
            if len(_DESCRIBED) >= 64:
                _DESCRIBED.clear()
                _OWN_DOCUMENTS.clear()
            doc = warband.to_json()
            hit = _DESCRIBED[id(warband)] = (warband, doc)
            _OWN_DOCUMENTS[id(doc)] = (doc, _warband(doc))
        return hit[1]

    def describe_map(self, battle_map: Mapping[str, Any] | str) -> dict[str, Any]:
        if not isinstance(battle_map, str) and "maps" in battle_map:
            return {"maps": [get_map(m).raw for m in battle_map["maps"]]}
        return dict(get_map(battle_map).raw)

    def unmodelled(self, lists: Sequence[Mapping[str, Any]]) -> list[str]:
        out: set[str] = set()
        for raw in lists:
            for card in Warband.from_json(raw).creatures:
                out.update(f"{card.name}: {x}" for x in card_unmodelled(card))
        return sorted(out)


def _gap(a: int, a_size: int, b: int, b_size: int) -> int:
    """How many squares apart two spaces are along one axis (0: they overlap on it), given their first
    coordinates and sizes."""
    gap = b - a - a_size + 1
    if gap < 0:
        gap = a - b - b_size + 1
        if gap < 0:
            return 0
    return gap


_WARBANDS: list[tuple[dict[str, Any], Warband]] = []  # the lists read last, most recent first
_DESCRIBED: dict[int, tuple[Warband, dict[str, Any]]] = {}  # per warband read: its record document
# per record document written (read-only, see describe_list): the warband read from it, found by identity where
# any other document is compared with the ones read before (the battle is then set up from the record's lists)
_OWN_DOCUMENTS: dict[int, tuple[dict[str, Any], Warband]] = {}
_READINGS: dict[int, tuple[CreatureCard, Traits, list[CommanderEffect], list[SpellEffect]]] = {}


def _warband(raw: Mapping[str, Any]) -> Warband:
    """A list as a :class:`Warband`; the last few are found by comparing documents (a matchup plays the same
    two lists battle after battle) instead of being read again."""
    own = _OWN_DOCUMENTS.get(id(raw))
    if own is not None and own[0] is raw:
        return own[1]
    for seen, warband in _WARBANDS:
        if seen == raw:
            return warband
    warband = Warband.from_json(raw)
    _WARBANDS.insert(0, (copy.deepcopy(dict(raw)), warband))
    del _WARBANDS[8:]
    return warband


_PARAMS: list[tuple[dict[str, Any], DdmParams]] = []  # the parameters read last, most recent first


def _params(raw: Mapping[str, Any] | None) -> DdmParams:
    """The battle's parameters (frozen, so shared): a matchup's battles pass the same document each time."""
    doc = dict(raw or {})
    for seen, params in _PARAMS:
        if seen == doc:
            return params
    params = DdmParams.from_json(doc)
    _PARAMS.insert(0, (doc, params))
    del _PARAMS[8:]
    return params


def _card_reading(card: CreatureCard) -> tuple[Traits, list[CommanderEffect], list[SpellEffect]]:
    """What the rules read from a card (its traits, Commander Effects and spells' effects), kept per card: the
    cards of a list read again are the same objects (:func:`_warband`)."""
    hit = _READINGS.get(id(card))
    if hit is not None and hit[0] is card:
        return hit[1], hit[2], hit[3]
    traits = traits_for(card)
    reading = (card, traits, command.card_effects(card, traits), [spell_effect(spell) for spell in card.spells])
    if len(_READINGS) > 4096:
        _READINGS.clear()
    _READINGS[id(card)] = reading
    return reading[1], reading[2], reading[3]

