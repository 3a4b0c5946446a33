"""D&D Miniatures skirmish rules (the seeds' War Drums-era Advanced Rules) played on the shared engine.

Specification: ``ddm.md`` (canonical digest of seed 003) and ``ddm-basic.md`` (seed 000, the quick start).
Section numbers in docstrings (§8.7) are ``ddm.md``'s. Readings where the seeds are silent are parameters
of :class:`DdmParams` or are listed in ``docs/engine.md``.

The battle is a sequence of decisions (:class:`Action` subclasses below); chance is the injected dice.
Stages: map choice → deployment order → start area → deployment → (round: initiative → first player →
phases of two activations, each activation a turn of moves, attacks, spells and abilities) → end.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from simulate.engine.dice import Dice
from simulate.engine.events import EventLog, JSONValue
from simulate.engine.game import TERMINAL, Action, Game, IllegalAction, Result, State, action_from_json
from simulate.engine.grid import (
    DIRECTIONS,
    Sq,
    grid_distance,
    segment_crosses_interior,
    segment_touches_square,
    square_corners,
)
from simulate.engine.turns import PhaseClock, Piece
from simulate.games.ddm_abilities import (
    AreaAttack,
    CommanderEffect,
    Poison,
    SpellEffect,
    Traits,
    card_unmodelled,
    parse_commander_effect,
    spell_effect,
    traits_for,
)
from simulate.games.ddm_cards import SIZE_ORDER, AttackSpec, CreatureCard, SpellSpec, Warband, norm
from simulate.games.ddm_maps import DdmMap, get_map

GAME_VERSION = "ddm-seed/1.2"  # 1.1: per-creature damage taken and points earned; 1.2: the second-pass rule fixes
MORALE_DC = 20
COMMAND_RANGE = 6
SLOW_TERRAIN = frozenset({"difficult", "statue", "forest", "risky", "spike-stones"})
INF = 1 << 30


# --- parameters ----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class DdmParams:
    """The scenario's numbers and the readings the seeds leave open (``ddm.md`` §21)."""

    scenario: str = "assault"  # "assault" (§15.1) or "first-battle" (the quick start, ddm-basic §1)
    vp_target: int = 200  # §15.1: the warband size
    victory_area_vp: int | None = None  # None: 5% of vp_target (10 at 200, 25 at 500; §4.3)
    morale_threshold: str = "below-half"  # Q14: "below-half" (003, canonical) or "half-or-below" (000)
    charge_needs_sight_at_start: bool = False  # §8.7: the printed rule; the 2007 errata deletes it
    stalemate_rounds: int = 10  # §15.1
    max_rounds: int = 40  # assumption: a simulation cap, then the stalemate tie-breaks decide
    end_when_wiped_out: bool = True  # assumption: a side with no creatures left loses at once

    @property
    def area_vp(self) -> int:
        return self.victory_area_vp if self.victory_area_vp is not None else max(1, self.vp_target // 20)

    @classmethod
    def from_json(cls, raw: Mapping[str, Any] | None) -> DdmParams:
        raw = dict(raw or {})
        fmt = str(raw.pop("format", "") or "")
        if fmt.startswith("skirmish-") and fmt[len("skirmish-"):].isdigit() and "vp_target" not in raw:
            raw["vp_target"] = int(fmt[len("skirmish-"):])
        if fmt == "epic-500" and "vp_target" not in raw:
            raw["vp_target"] = 500
        known = set(cls.__dataclass_fields__)
        unknown = sorted(set(raw) - known)
        if unknown:
            raise ValueError(f"unknown DDM battle parameters: {unknown}")
        if raw.get("morale_threshold", "below-half") not in ("below-half", "half-or-below"):
            raise ValueError("morale_threshold must be 'below-half' or 'half-or-below'")
        if raw.get("scenario", "assault") not in ("assault", "first-battle"):
            raise ValueError("scenario must be 'assault' or 'first-battle'")
        return cls(**raw)


# --- actions -------------------------------------------------------------------------------------------
# Each class's ``kind`` is set after its body, not as a ``ClassVar`` in it: mypyc (mypyc/mypyc#1122) would
# make a ClassVar in a dataclass body a dataclass field.

@dataclass(frozen=True)
class ChooseMap(Action):
    index: int
ChooseMap.kind = "choose-map"


@dataclass(frozen=True)
class ChooseDeployFirst(Action):
    player: int
ChooseDeployFirst.kind = "deploy-first"


@dataclass(frozen=True)
class ChooseStartArea(Action):
    letter: str
ChooseStartArea.kind = "start-area"


@dataclass(frozen=True)
class Deploy(Action):
    creature: str
    x: int
    y: int
Deploy.kind = "deploy"


@dataclass(frozen=True)
class ChooseFirstPlayer(Action):
    player: int
ChooseFirstPlayer.kind = "first-player"


@dataclass(frozen=True)
class Activate(Action):
    creature: str
Activate.kind = "activate"


@dataclass(frozen=True)
class Move(Action):
    """Move along ``path`` (the anchor squares stepped into, in order), or to ``to`` along the path the engine
    picks (cheapest, then leaving the fewest threatened squares; deterministic, so replays agree)."""

    path: tuple[tuple[int, int], ...] = ()
    burrow: bool = False
    to: tuple[int, int] | None = None

    @property
    def destination(self) -> tuple[int, int] | None:
        return self.path[-1] if self.path else self.to
Move.kind = "move"


@dataclass(frozen=True)
class Attack(Action):
    """One attack with the card's attack number ``attack`` (an index into its attacks, melee then ranged
    in printed order) against ``target``. ``declare`` names limited abilities used on it: "smite",
    "stunning", "death-attack" (§13: declared before the roll)."""

    attack: int
    target: str
    declare: tuple[str, ...] = ()
Attack.kind = "attack"


@dataclass(frozen=True)
class Charge(Action):
    target: str
    path: tuple[tuple[int, int], ...]
    attack: int
    declare: tuple[str, ...] = ()
Charge.kind = "charge"


@dataclass(frozen=True)
class Cast(Action):
    """Cast spell number ``spell`` on ``target`` (a creature id), or at square (x, y) for a teleport or a
    template's placement (the radius template's 2×2 hole anchor)."""

    spell: int
    target: str = ""
    x: int = -1
    y: int = -1
    aim: str = ""  # cones and lines: "cone:px,py,dx,dy" / "line:px,py,qx,qy" (corner points)
Cast.kind = "cast"


@dataclass(frozen=True)
class UseAbility(Action):
    name: str
    target: str = ""
    x: int = -1
    y: int = -1
    aim: str = ""
UseAbility.kind = "ability"


@dataclass(frozen=True)
class Teleport(Action):
    x: int
    y: int
Teleport.kind = "teleport"


@dataclass(frozen=True)
class EndTurn(Action):
    pass
EndTurn.kind = "end-turn"


ACTION_CLASSES: tuple[type[Action], ...] = (
    ChooseMap, ChooseDeployFirst, ChooseStartArea, Deploy, ChooseFirstPlayer, Activate, Move, Attack, Charge,
    Cast, UseAbility, Teleport, EndTurn,
)


_StepEntry = tuple[Sq, Sq, bool, bool, bool, tuple[Sq, ...]]  # direction, anchor, diagonal, slowed, pit, space

# --- runtime state -------------------------------------------------------------------------------------

@dataclass
class Effect:
    """A lasting effect on a creature: a spell's bonus, a penalty. Same name never stacks (§9.4)."""

    name: str
    stats: tuple[tuple[str, int], ...]


@dataclass(eq=False)
class Creature(Piece):
    """A creature in a battle. Compared by identity: each has its own id, and comparing every field (the
    dataclass default) made each ``creature in some_list`` walk the whole card."""

    card: CreatureCard
    traits: Traits
    value: int  # VP for eliminating it (cost, +5 for a Commander 0 designee)
    rating: int | None
    hp: int
    start_hp: int
    size: int
    anchor: Sq | None = None
    place: str = "undeployed"  # undeployed | map | eliminated
    routing: bool = False
    stunned: bool = False
    paralysed_dc: int | None = None
    asleep: bool = False
    confused_dc: int | None = None
    poison: int = 0  # damage at the start of each of its turns (glossary *Poison*)
    poisons: set[str] = field(default_factory=set)  # the poison effects it suffers (identical ones do not stack)
    poisoned_by: str = ""  # who poisoned it: the VP and the kill are theirs if the poison eliminates it
    level_drain: int = 0
    morale_done: bool = False
    activations_left: int = 0
    uses: dict[str, int] = field(default_factory=dict)
    effects: dict[str, Effect] = field(default_factory=dict)
    teleported_round: int = -1
    invisible: bool = False
    requires: str | None = None
    bonus_hp: int = 0  # hit points gained above the starting value (bonus HP, Feed, drains)
    no_aoo_from: dict[str, int] = field(default_factory=dict)  # enemy id -> turn number (rout causers)
    entangled_dc: int | None = None
    eliminated_round: int | None = None
    eliminated_how: str = ""
    damage_dealt: int = 0
    damage_taken: int = 0
    kills: int = 0
    points_earned: int = 0  # VP of the creatures it eliminated and of the rounds it held a victory area
    promoted: bool = False
    _space: tuple[Sq, list[Sq]] | None = field(default=None, repr=False, compare=False)

    @property
    def on_map(self) -> bool:
        return self.place == "map"

    @property
    def helpless(self) -> bool:
        return self.paralysed_dc is not None or self.asleep

    @property
    def active(self) -> bool:
        """§6.1 glossary *active*: not routing, asleep, stunned, paralysed or helpless."""
        return self.on_map and not self.routing and not self.stunned and not self.helpless

    @property
    def is_commander(self) -> bool:
        return self.rating is not None

    def attack_left(self, index: int) -> bool:
        """Has attack ``index`` of its card a use left (an attack without a use count always has)?"""
        return self.card.attacks[index].uses is None or self.uses.get(f"attack:{index}", 0) > 0

    def squares(self, anchor: Sq | None = None) -> list[Sq]:
        """The space the creature occupies with its anchor (top-left square) at ``anchor`` (default: where it is).
        The list for where it stands is kept until it moves: callers read it and never change it."""
        if anchor is None:
            a = self.anchor
            if a is None:
                return []
            cached = self._space
            if cached is not None and cached[0] == a:
                return cached[1]
            n = self.size
            space = [a] if n == 1 else [(a[0] + i, a[1] + j) for j in range(n) for i in range(n)]
            self._space = (a, space)
            return space
        if self.size == 1:
            return [anchor]
        return [(anchor[0] + i, anchor[1] + j) for j in range(self.size) for i in range(self.size)]

    def effect_total(self, stat: str) -> int:
        return sum(v for e in self.effects.values() for s, v in e.stats if s == stat)


@dataclass
class Turn:
    """What the acting creature has done so far this turn (§6.2)."""

    creature: str
    controller: int
    speed: int
    moved: int = 0
    steps: int = 0
    parity: int = 0
    moved_before_attack: bool = False
    attacks_made: int = 0
    attack_kind: str = ""
    used_attacks: set[int] = field(default_factory=set)
    acted: bool = False  # cast a spell or used a "replaces attacks" ability
    charged: bool = False
    burrowing: bool = False
    max_attacks: int | None = None
    no_actions: bool = False
    aoo_used: set[str] = field(default_factory=set)
    flew: bool = False
    cleave_used: bool = False
    stunning_used: bool = False
    hits_on: dict[str, int] = field(default_factory=dict)
    started_stunned: bool = False
    aggression: bool = False
    moved_after_attack: bool = False
    pit_checks: list[tuple[str, str]] = field(default_factory=list)  # (moved creature, who moved it)
    move_blocked: bool = False
    seen_at_start: set[str] = field(default_factory=set)


@dataclass
class PlayerState:
    index: int
    warband: Warband
    letter: str = ""
    vp: int = 0
    allies_destroyed: int = 0


# --- the state -----------------------------------------------------------------------------------------

class DdmState(State):
    """A D&D Miniatures battle in progress (two players)."""

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
                c = Creature(
                    id=cid, player=p, card=card, traits=traits_for(card), value=value, rating=rating,
                    hp=card.hp, start_hp=card.hp, size=card.footprint,
                )
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
        self._result: Result | None = None
        self._legal: list[Action] | None = None
        self._charge_memo: tuple[tuple[object, ...], list[tuple[Creature, tuple[Sq, ...]]]] | None = None
        self.roster_version = 0
        self._roster_memo: tuple[int, tuple[list[Creature], list[Creature]]] | None = None
        self._occ_memo: tuple[tuple[object, ...], dict[Sq, Creature]] | None = None
        self._ce_memo: tuple[tuple[object, ...], dict[str, list[CommanderEffect]]] = ((), {})
        self._dest_memo: tuple[Any, int, tuple[dict[Sq, tuple[int, int, tuple[Sq, int]]], _Paths]] | None = None
        self._setup()

    # -- OpenSpiel surface

    def current_player(self) -> int:
        return TERMINAL if self.stage == "over" else self.decider

    def is_terminal(self) -> bool:
        return self.stage == "over"

    def result(self) -> Result:
        if self._result is None:
            raise RuntimeError("the battle is not over")
        return self._result

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
            return self._deploy_actions()
        if self.stage == "first-player":
            return [ChooseFirstPlayer(p) for p in (0, 1)]
        if self.stage == "activate":
            return [Activate(c.id) for c in self._activatable(self.phases.player)]
        return self._turn_actions()

    def apply(self, action: Action) -> None:
        if self.stage == "over":
            raise IllegalAction("the battle is over")
        self._legal = None
        handler = {
            ChooseMap: self._apply_choose_map, ChooseDeployFirst: self._apply_deploy_first,
            ChooseStartArea: self._apply_start_area, Deploy: self._apply_deploy,
            ChooseFirstPlayer: self._apply_first_player, Activate: self._apply_activate,
        }.get(type(action))
        if handler is not None:
            handler(action)  # type: ignore[operator]
        else:
            self._apply_turn_action(action)
        self.history.append(action)
        self._auto_end_turn()

    # -- small helpers

    def ev(self, kind: str, **data: JSONValue) -> None:
        self.log.add(kind, round=self.round, **data)

    def d20(self, purpose: str) -> int:
        return self.dice.roll(20, purpose)

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

    def _roster(self) -> tuple[list[Creature], list[Creature]]:
        """Each player's creatures on the map. Creatures arrive only by deploying and leave only by being
        eliminated (the two places that set ``place``), and each of them bumps ``roster_version``."""
        if self._roster_memo is None or self._roster_memo[0] != self.roster_version:
            lists: tuple[list[Creature], list[Creature]] = ([], [])
            for o in self.creatures.values():
                if o.on_map:
                    lists[o.player].append(o)
            self._roster_memo = (self.roster_version, lists)
        return self._roster_memo[1]

    def allies_of(self, c: Creature) -> list[Creature]:
        t = self.turn
        if t is not None and t.controller != self.creatures[t.creature].player:
            s = self.side(c)
            return [o for o in self.creatures.values() if o.on_map and self.side(o) == s and o.id != c.id]
        return [o for o in self.creatures.values() if o.on_map and o.player == c.player and o.id != c.id]

    def occupancy(self) -> dict[Sq, Creature]:
        """Who stands where. Kept until a creature moves, arrives or leaves: callers never change it."""
        key = tuple((c.anchor, c.place) for c in self.creatures.values())
        if self._occ_memo is not None and self._occ_memo[0] == key:
            return self._occ_memo[1]
        occ: dict[Sq, Creature] = {}
        for c in self.on_map():
            for s in c.squares():
                occ[s] = c
        self._occ_memo = (key, occ)
        return occ

    def space_distance(self, a: Creature, b: Creature) -> int:
        """The distance between the nearest squares of two spaces."""
        if a.anchor is None or b.anchor is None:
            return min(grid_distance(x, y) for x in a.squares() for y in b.squares())
        # spaces are squares: the nearest pair is the gap along each axis (the distance grows with each)
        dx, dy = _axis_gaps(a.anchor, a.size, b.anchor, b.size)
        return grid_distance((0, 0), (dx, dy))

    def adjacent(self, a: Creature, b: Creature) -> bool:
        if a.anchor is None or b.anchor is None:
            return False
        if max(_axis_gaps(a.anchor, a.size, b.anchor, b.size)) > 1:
            return False  # not even touching diagonally: no walls to look at
        if a.size == 1 and b.size == 1:
            return a.anchor is not None and b.anchor in self.neighbour_set(a.anchor)
        bs = b.squares()
        return any(y in self.neighbour_set(x) for x in a.squares() for y in bs)

    def neighbour_set(self, s: Sq) -> frozenset[Sq]:
        table: dict[Sq, frozenset[Sq]] = self.map.cache.setdefault("neighbour-sets", {})
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

    # --- setup (§5) -----------------------------------------------------------------------------------

    def _setup(self) -> None:
        self.ev(
            "setup", maps=[m.slug for m in self.maps], scenario=self.params.scenario,
            vp_target=self.params.vp_target, creatures={c.id: c.card.name for c in self.creatures.values()},
        )
        for c in self.creatures.values():
            self._declare_requirement(c)
        if len(self.maps) > 1:
            winner = self._initiative("map-initiative", active_only=False)
            self.stage, self.decider = "map", winner
        else:
            self._setup_initiative()

    def _declare_requirement(self, c: Creature) -> None:
        """Requires CREATURE: at setup declare which creature fulfils it (glossary *Requires*)."""
        wanted = norm(c.card.requires)
        if not wanted and not c.traits.requires_commander:
            return
        candidates = [o for o in self.creatures.values() if o.player == c.player and o.id != c.id]
        if c.traits.requires_commander or wanted in ("commander", "commander ally"):
            chosen = sorted((o for o in candidates if o.is_commander), key=lambda o: (-(o.rating or 0), o.id))
        else:
            chosen = [o for o in candidates if wanted in (norm(o.card.name), norm(o.card.slug))
                      or wanted in {norm(x) for x in (o.card.creature_type, *o.card.subtypes)}
                      or wanted.rstrip("s") in {norm(x) for x in (o.card.creature_type, *o.card.subtypes)}]
        if chosen:
            c.requires = chosen[0].id
            self.ev("requires", creature=c.id, required=chosen[0].id)

    def _best_rating(self, player: int, active_only: bool) -> int | None:
        best: int | None = None
        for c in self.creatures.values():
            if c.player != player or c.rating is None or c.place == "eliminated":
                continue
            if active_only and (not c.on_map or not self._can_command_at_all(c)):
                continue
            r = c.rating
            if c.traits.improved_initiative is not None:
                r = max(r, c.traits.improved_initiative)
            best = r if best is None else max(best, r)
        return best

    def _initiative(self, purpose: str, active_only: bool = True) -> int:
        """1d20 + best (active) commander rating; ties: higher rating, then reroll (§5.2, §6.1)."""
        plain = self.params.scenario == "first-battle"
        while True:
            ratings = [0 if plain else (self._best_rating(p, active_only) or 0) for p in (0, 1)]
            rolls = [self.d20(purpose) for _ in (0, 1)]
            totals = [rolls[p] + ratings[p] for p in (0, 1)]
            winner = None
            if totals[0] != totals[1]:
                winner = 0 if totals[0] > totals[1] else 1
            elif ratings[0] != ratings[1]:
                winner = 0 if ratings[0] > ratings[1] else 1
            self.ev(purpose, rolls=rolls, ratings=ratings, totals=totals, winner=winner)
            if winner is not None:
                return winner

    def _setup_initiative(self) -> None:
        winner = self._initiative("setup-initiative", active_only=False)
        if self.params.scenario == "first-battle":
            self._set_deploy_first(winner)  # the higher roller places first (ddm-basic §1.1)
            return
        self.stage, self.decider = "deploy-first", winner

    def _apply_choose_map(self, a: ChooseMap) -> None:
        if self.stage != "map" or not 0 <= a.index < len(self.maps):
            raise IllegalAction("no map choice now")
        self.map = self.maps[a.index]
        self.ev("map", player=self.decider, map=self.map.slug)
        self._setup_initiative()

    def _apply_deploy_first(self, a: ChooseDeployFirst) -> None:
        if self.stage != "deploy-first" or a.player not in (0, 1):
            raise IllegalAction("not choosing who deploys first")
        self._set_deploy_first(a.player)

    def _set_deploy_first(self, player: int) -> None:
        a = ChooseDeployFirst(player)
        self.deploy_order = [a.player, 1 - a.player]
        self.ev("deploy-first", player=a.player)
        self.stage, self.decider = "start-area", a.player

    def _apply_start_area(self, a: ChooseStartArea) -> None:
        letters = self.map.letters[:2]
        if self.stage != "start-area" or a.letter not in letters:
            raise IllegalAction(f"start area must be one of {letters}")
        first, second = self.deploy_order
        self.players[first].letter = a.letter
        self.players[second].letter = next(x for x in letters if x != a.letter)
        self.ev("start-area", player=first, letter=a.letter, other=self.players[second].letter)
        self.stage = "deploy"
        self.deploying = 0
        self._advance_deploy()

    def _next_to_deploy(self) -> Creature | None:
        player = self.deploy_order[self.deploying]
        for c in self.creatures.values():
            if c.player == player and c.place == "undeployed":
                return c
        return None

    def _advance_deploy(self) -> None:
        while True:
            nxt = self._next_to_deploy()
            if nxt is not None:
                self.decider = nxt.player
                if nxt.traits.wandering_monster and f"wander:{nxt.id}" not in nxt.uses:
                    areas = self.map.grid.areas("victory")
                    if areas:
                        pick = self.dice.roll(len(areas), "wandering-monster") - 1
                        nxt.uses[f"wander:{nxt.id}"] = pick
                        self.ev("wandering-monster", creature=nxt.id, area=pick)
                return
            if self.deploying == 0:
                self.deploying = 1
                continue
            self._start_round()
            return

    def _deploy_squares(self, c: Creature) -> list[Sq]:
        grid = self.map.grid
        occ = self.occupancy()
        letter = self.players[c.player].letter
        start = self.map.start_squares(letter)
        allowed_sets: list[frozenset[Sq]] = [start]
        if c.traits.wandering_monster and f"wander:{c.id}" in c.uses:
            areas = grid.areas("victory")
            allowed_sets = [frozenset(areas[c.uses[f"wander:{c.id}"]].cells)]
        elif c.traits.scout or c.traits.cave_setup:
            for va in grid.areas("victory"):
                cells: frozenset[Sq] = frozenset(va.cells)
                cave = c.traits.cave_setup and "cave" in {k.lower() for k in va.keywords}
                if cave or (c.traits.scout and not any(s in occ for s in cells)):
                    allowed_sets.append(cells)

        def ok(anchor: Sq, area: frozenset[Sq] | None) -> bool:
            for s in c.squares(anchor):
                if not grid.in_bounds(s) or grid.is_solid(s) or s in occ:
                    return False
                if grid.terrain_at(s) & {"pit", "statue"}:
                    return False
                if area is not None and s not in area:
                    return False
            return self._fits(c.size, anchor)

        out: set[Sq] = set()
        for allowed in allowed_sets:
            for s in allowed:
                if ok(s, allowed):
                    out.add(s)
        if not out:  # errata 2006: too little room, place as close as possible
            candidates = [s for s in grid.cells() if ok(s, None)]
            if candidates:
                best = min(min(grid_distance(s, t) for t in start) for s in candidates) if start else 0
                out = {s for s in candidates if not start or min(grid_distance(s, t) for t in start) == best}
        return sorted(out)

    def _deploy_actions(self) -> list[Action]:
        c = self._next_to_deploy()
        if c is None:
            return []
        return [Deploy(c.id, x, y) for x, y in self._deploy_squares(c)]

    def _apply_deploy(self, a: Deploy) -> None:
        c = self.c(a.creature)
        nxt = self._next_to_deploy() if self.stage == "deploy" else None
        if nxt is None or nxt.id != c.id:
            raise IllegalAction(f"{a.creature} is not the next creature to deploy")
        if (a.x, a.y) not in set(self._deploy_squares(c)):
            raise IllegalAction(f"{a.creature} cannot deploy at ({a.x}, {a.y})")
        c.anchor = (a.x, a.y)
        c.place = "map"
        self.roster_version += 1
        self.ev("deploy", creature=c.id, x=a.x, y=a.y)
        self._advance_deploy()

    # --- rounds, initiative, phases (§6) --------------------------------------------------------------

    def _start_round(self) -> None:
        if self.round >= self.params.max_rounds:
            self._tie_break("round-limit")
            return
        self.round += 1
        self.fighting_this_round = False
        self.first_activated_this_round = False
        for c in self.creatures.values():
            c.activations_left = (2 if c.traits.dual_activation else 1) if c.on_map else 0
        self.ev("round-start")
        winner = self._initiative("initiative")
        self.stage, self.decider = "first-player", winner

    def _apply_first_player(self, a: ChooseFirstPlayer) -> None:
        if self.stage != "first-player" or a.player not in (0, 1):
            raise IllegalAction("not choosing the first player now")
        self.ev("first-player", chooser=self.decider, player=a.player)
        self.phases.start_round(a.player)
        self.stage = "activate"
        self._schedule()

    def _activatable(self, player: int) -> list[Creature]:
        return [c for c in self.creatures.values() if c.player == player and c.on_map and c.activations_left > 0]

    def _schedule(self) -> None:
        """Whose activation is next: phases of two, alternating; the side with more goes on alone (§6.1)."""
        if self.stage == "over":
            return
        player = self.phases.next_player(lambda p: len(self._activatable(p)))
        if player is None:
            self._end_round()
            return
        self.stage = "activate"
        self.decider = player

    def _end_round(self) -> None:
        area_vp = self.params.area_vp
        scored = []
        if self.params.scenario == "assault":
            for pl in self.players:
                areas = self.map.victory_areas(pl.letter)
                cells = set().union(*(a.cells for a in areas)) if areas else set()
                holder = next((c for c in self.on_map(pl.index) if any(s in cells for s in c.squares())), None)
                if holder is not None:
                    holder.points_earned += area_vp  # the first creature standing in one (list order)
                    pl.vp += area_vp
                    scored.append(pl.index)
                    self.ev("vp", player=pl.index, amount=area_vp, reason="victory-area", total=pl.vp)
        self.quiet_rounds = 0 if self.fighting_this_round else self.quiet_rounds + 1
        self.ev("round-end", vp=[p.vp for p in self.players], quiet_rounds=self.quiet_rounds)
        if self.params.scenario == "assault":
            reached = [p for p in self.players if p.vp >= self.params.vp_target]
            if len(reached) == 1:
                self._finish(reached[0].index, "vp-target")
                return
            if len(reached) == 2 and reached[0].vp != reached[1].vp:  # Q20: the higher total wins
                self._finish(max(reached, key=lambda p: p.vp).index, "vp-target")
                return
        if self.quiet_rounds >= self.params.stalemate_rounds:
            self._tie_break("stalemate")
            return
        self._start_round()

    def _tie_break(self, reason: str) -> None:
        """Most VP; then the creature nearest the centre; then the costlier of the nearest (§15.1, Q19)."""
        vps = [p.vp for p in self.players]
        if vps[0] != vps[1]:
            self._finish(0 if vps[0] > vps[1] else 1, reason, tie_break="vp")
            return
        cx, cy = self.map.centre
        best: list[tuple[int, int, int]] = []  # (distance, -cost, player)
        for c in self.on_map():
            d = min(grid_distance((2 * x + 1, 2 * y + 1), (cx, cy)) for x, y in c.squares())
            best.append((d, -c.value, c.player))
        if not best:
            self._finish(None, reason, tie_break="none")
            return
        nearest = min(b[0] for b in best)
        players_near = {b[2] for b in best if b[0] == nearest}
        if len(players_near) == 1:
            self._finish(players_near.pop(), reason, tie_break="nearest-centre")
            return
        top = min(b[1] for b in best if b[0] == nearest)
        owners = {b[2] for b in best if b[0] == nearest and b[1] == top}
        if len(owners) == 1:
            self._finish(owners.pop(), reason, tie_break="costliest-nearest")
        else:
            self._finish(None, reason, tie_break="draw")

    def _finish(self, winner: int | None, reason: str, tie_break: str = "") -> None:
        if self.stage == "over":
            return
        self.stage = "over"
        self.turn = None
        per_creature: dict[str, JSONValue] = {
            c.id: {
                "name": c.card.name, "player": c.player, "value": c.value, "hp": max(c.hp, 0),
                "survived": c.place == "map", "eliminated_round": c.eliminated_round, "how": c.eliminated_how,
                "damage_dealt": c.damage_dealt, "damage_taken": c.damage_taken, "kills": c.kills,
                "points_earned": c.points_earned,
            }
            for c in self.creatures.values()
        }
        details: dict[str, JSONValue] = {"map": self.map.slug, "per_creature": per_creature}
        if tie_break:
            details["tie_break"] = tie_break
        self._result = Result(
            winner=winner, reason=reason, scores=tuple(p.vp for p in self.players), rounds=self.round, details=details
        )
        self.ev("game-over", winner=winner, reason=reason, vp=[p.vp for p in self.players], tie_break=tie_break)

    def award(self, player: int, amount: int, reason: str, creature: str = "") -> None:
        if amount <= 0 or self.stage == "over":
            return
        pl = self.players[player]
        pl.vp += amount
        self.ev("vp", player=player, amount=amount, reason=reason, creature=creature, total=pl.vp)
        if self.params.scenario == "assault" and pl.vp >= self.params.vp_target:
            self._finish(player, "vp-target")

    # --- command (§11) ---------------------------------------------------------------------------------

    def _can_command_at_all(self, cmdr: Creature) -> bool:
        """Routing, stunned, helpless or confused commanders command no one (§11.4); nor do commanders
        within 6 squares of an enemy with Improved Countersong."""
        if not cmdr.on_map or cmdr.rating is None:
            return False
        if cmdr.routing or cmdr.stunned or cmdr.helpless or cmdr.confused_dc is not None:
            return False
        return not self._near_enemy_with(cmdr, "improved_countersong")

    def _near_enemy_with(self, c: Creature, trait: str) -> bool:
        for e in self.enemies_of(c):
            if getattr(e.traits, trait) and not e.routing and self.wall_distance(e, c) <= COMMAND_RANGE:
                return True
        return False

    def _effective_difficult(self, c: Creature) -> tuple[int | None, bool]:
        """(Difficult value, Wild) after Beastmaster (§11.8)."""
        diff, wild = c.traits.difficult, c.traits.wild
        if diff is None and not wild:
            return None, False
        for b in self.on_map(c.player):
            bm = b.traits.beastmaster
            kinds = set(b.traits.beastmaster_types)
            if bm is not None and b.id != c.id and c.card.level <= bm and c.traits.types & kinds:
                return None, False
        return diff, wild

    def _commands(self, cmdr: Creature, c: Creature) -> bool:
        """Is ``c`` in ``cmdr``'s command range: within 6 squares (around walls) or in line of sight (§11.2)?"""
        if not self._can_command_at_all(cmdr) or cmdr.player != c.player:
            return False
        if cmdr.id == c.id:
            return True
        diff, wild = self._effective_difficult(c)
        if wild or (diff is not None and (cmdr.rating or 0) < diff):
            return False
        if self._near_enemy_with(c, "improved_countersong"):
            return False
        if self.wall_distance(cmdr, c) <= COMMAND_RANGE:
            return True
        return self.map.grid.los(c.squares(), cmdr.squares())

    def in_command(self, c: Creature) -> bool:
        if c.traits.independent:
            return True
        if self.turn and self.turn.creature == c.id and self.turn.controller != c.player:
            return False  # confused and controlled by the opponent
        if c.traits.wild and self._effective_difficult(c)[1]:
            return False
        return any(self._commands(k, c) for k in self.on_map(c.player) if k.rating is not None)

    def morale_rating(self, c: Creature) -> int:
        """The best commander rating added to a morale save (§11.5)."""
        best = c.rating if c.rating is not None else None  # a commander always adds its own rating
        if not (self.turn and self.turn.creature == c.id and self.turn.controller != c.player):
            for k in self.on_map(c.player):
                if k.rating is not None and k.id != c.id and self._commands(k, c):
                    best = k.rating if best is None else max(best, k.rating)
        if best is None and c.traits.independent:
            best = 0
        return best or 0

    def _command_snapshot(self) -> tuple[object, ...]:
        """Everything command and Commander Effects depend on that changes during a battle: where each creature
        is and whether it can command or be commanded, and who controls the acting creature."""
        t = self.turn
        return (
            None if t is None else (t.creature, t.controller),
            *((o.anchor, o.place, o.routing, o.stunned, o.paralysed_dc is not None, o.asleep,
               o.confused_dc is not None, o.rating) for o in self.creatures.values()),
        )

    def _commander_effects_on(self, c: Creature) -> list[CommanderEffect]:
        """Friendly CEs reaching ``c`` (followers in command and within 6) and hostile CEs of enemies within 6.
        Kept until a creature moves or its state changes (:meth:`_command_snapshot`)."""
        snapshot = self._command_snapshot()
        if self._ce_memo[0] != snapshot:
            self._ce_memo = (snapshot, {})
        memo = self._ce_memo[1]
        hit = memo.get(c.id)
        if hit is None:
            hit = memo[c.id] = self._commander_effects_uncached(c)
        return hit

    def _commander_effects_uncached(self, c: Creature) -> list[CommanderEffect]:
        out: list[CommanderEffect] = []
        if not c.on_map:
            return out
        blocked_friendly = c.traits.not_subject_to_ce or self._near_enemy_with(c, "countersong") or \
            self._near_enemy_with(c, "improved_countersong")
        if not blocked_friendly and (not c.is_commander or c.traits.willing_to_follow):
            for k in self.on_map(c.player):
                if k.id == c.id or k.rating is None or not (k.card.commander_effects or k.traits.tyrannical_morale):
                    continue
                if not self._commands(k, c) or self.wall_distance(k, c) > COMMAND_RANGE:
                    continue
                if self._near_enemy_with(k, "countersong"):
                    continue
                out.extend(e for e in self._ces(k) if not e.hostile)
        if not c.traits.not_subject_to_ce:
            for k in self.enemies_of(c):
                if k.rating is None or not self._can_command_at_all(k) or self._near_enemy_with(k, "countersong"):
                    continue
                hostile = [e for e in self._ces(k) if e.hostile]
                if hostile and self.wall_distance(k, c) <= COMMAND_RANGE:
                    out.extend(hostile)
        return out

    def _ces(self, k: Creature) -> list[CommanderEffect]:
        out: list[CommanderEffect] = []
        for ce in k.card.commander_effects:
            effects, _ = parse_commander_effect(ce.text or ce.name)
            out.extend(effects)
        if k.traits.tyrannical_morale:  # listed among its abilities rather than as its Commander Effect
            out.append(CommanderEffect("tyrannical_morale", k.traits.tyrannical_morale))
        return out

    def _ce_matches(self, e: CommanderEffect, c: Creature, other: Creature | None) -> bool:
        f = e.followers
        if f.startswith("type:"):
            want = f[5:].rstrip("s")
            if not any(w.rstrip("s") == want for w in c.traits.types):
                return False
        elif f.startswith("size:"):
            if norm(c.card.size) != f[5:]:
                return False
        elif f.startswith("has:"):
            has = {"ranged": bool(c.card.ranged()), "reach": c.traits.melee_reach > 1, "flight": c.traits.flight,
                   "fearless": c.traits.fearless}
            if not has.get(f[4:], False):
                return False
        elif f.startswith("alignment:") and f[10:] not in self.alignment(c):
            return False
        if e.against:
            if other is None:
                return False
            if e.against == "larger" and not _size_rank(other) > _size_rank(c):
                return False
            kinds = {w.rstrip("s") for w in other.traits.types}
            if e.against.startswith("type:") and e.against[5:].rstrip("s") not in kinds:
                return False
            if e.against.startswith("alignment:") and e.against[10:] not in self.alignment(other):
                return False
        return True

    def ce_bonus(self, c: Creature, stats: Iterable[str], other: Creature | None = None) -> int:
        """CE bonuses to a statistic: the highest friendly one plus the worst hostile one (§9.4)."""
        wanted = set(stats)
        best_pos = 0
        worst_neg = 0
        for e in self._commander_effects_on(c):
            if e.stat not in wanted or not self._ce_matches(e, c, other):
                continue
            if e.hostile:
                worst_neg = min(worst_neg, e.amount)
            else:
                best_pos = max(best_pos, e.amount)
        return best_pos + worst_neg

    def alignment(self, c: Creature) -> set[str]:
        """Alignment keywords from the warband's faction (§3); without one, the card's factions."""
        faction = self.players[c.player].warband.faction
        factions = [faction] if faction else list(c.card.factions)
        if len(factions) == 4:
            return set()
        out: set[str] = set()
        for f in factions:
            out.add("lawful" if f.startswith("L") else "chaotic")
            out.add("good" if f.endswith("G") else "evil")
        return out

    # --- statistics --------------------------------------------------------------------------------------

    def speed(self, c: Creature) -> int:
        s = c.card.speed + c.effect_total("speed") + self.ce_bonus(c, ["speed"])
        if c.traits.command_dependent and not self.in_command(c):
            return 0
        return max(0, s)

    def save_bonus(self, c: Creature, morale: bool = False) -> int:
        base = c.traits.save_fixed if c.traits.save_fixed is not None else c.card.level + c.traits.save_bonus
        mod = c.effect_total("save") - c.level_drain + self.ce_bonus(c, ["save", "morale"] if morale else ["save"])
        if self._stench_penalty(c):
            mod -= 2
        return base + mod

    def _stench_penalty(self, c: Creature) -> bool:
        if not c.traits.living or c.traits.stench:
            return False
        return any(e.traits.stench and self.adjacent(e, c) for e in self.enemies_of(c))

    def save(self, c: Creature, dc: int, purpose: str, cause: Creature | None = None) -> bool:
        """1d20 + Level (Save) ≥ DC; natural 20 succeeds, natural 1 fails (§10.6)."""
        roll = self.d20(purpose)
        total = roll + self.save_bonus(c)
        ok = roll == 20 or (roll != 1 and total >= dc)
        self.ev("save", creature=c.id, purpose=purpose, roll=roll, total=total, dc=dc, success=ok)
        if cause is not None and cause.player != c.player:
            self.fighting_this_round = True
        return ok

    # --- movement (§7) -----------------------------------------------------------------------------------

    def _fits(self, size: int, anchor: Sq) -> bool:
        """The whole space is on the map, free of walls, and not split by a thin wall."""
        cache: dict[tuple[int, Sq], bool] = self.map.cache.setdefault("fits", {})
        key = (size, anchor)
        hit = cache.get(key)
        if hit is not None:
            return hit
        grid = self.map.grid
        squares = [(anchor[0] + i, anchor[1] + j) for j in range(size) for i in range(size)]
        ok = all(grid.in_bounds(s) and not grid.is_solid(s) for s in squares)
        if ok and size > 1:
            sset = set(squares)
            for s in squares:
                for d in ((1, 0), (0, 1)):
                    n = (s[0] + d[0], s[1] + d[1])
                    if n in sset and grid.wall_between(s, n):
                        ok = False
        cache[key] = ok
        return ok

    def _squeezable(self, size: int, anchor: Sq) -> bool:
        """Squeezing (§7.5): a strip half as wide as the creature (rounded up) is free of walls."""
        grid = self.map.grid
        if any(not grid.in_bounds((anchor[0] + i, anchor[1] + j)) for i in range(size) for j in range(size)):
            return False
        w = (size + 1) // 2
        for k in range(size - w + 1):
            rows = [(anchor[0] + i, anchor[1] + j) for j in range(k, k + w) for i in range(size)]
            cols = [(anchor[0] + i, anchor[1] + j) for i in range(k, k + w) for j in range(size)]
            if all(not grid.is_solid(s) for s in rows) or all(not grid.is_solid(s) for s in cols):
                return True
        return False

    def _threat_squares(self, mover: Creature) -> set[Sq]:
        """Squares from which moving out would provoke an attack of opportunity (§8.3, §8.6)."""
        out: set[Sq] = set()
        for e in self.enemies_of(mover):
            if not self._can_aoo(e, mover):
                continue
            for s in e.squares():
                out.update(self.neighbours(s))
        return out

    def neighbours(self, s: Sq) -> tuple[Sq, ...]:
        """Adjacent squares (walls respected), cached per map."""
        table: dict[Sq, tuple[Sq, ...]] = self.map.cache.setdefault("neighbours", {})
        hit = table.get(s)
        if hit is None:
            hit = table[s] = tuple(self.map.grid.neighbours(s))
        return hit

    def _can_aoo(self, e: Creature, mover: Creature) -> bool:
        if not e.active or e.confused_dc is not None or e.traits.no_reach or not e.card.melee():
            return False
        turn_no = mover.no_aoo_from.get(e.id)
        return turn_no != self.turn_counter

    def _mode(self, c: Creature, burrow: bool) -> tuple[bool, bool, bool]:
        """(flies, passes walls and terrain (incorporeal), burrows) for a move."""
        return (c.traits.flight and not burrow, c.traits.incorporeal, burrow)

    def _step_table(self, size: int, mode: tuple[bool, bool, bool]) -> dict[Sq, list[_StepEntry]]:
        """The static part of every step for a space of ``size`` in a movement ``mode``, per anchor:
        (direction, new anchor, diagonal, slowed, pit entered, new space). Cached per map: walls and terrain
        never change during a battle."""
        fly, phase, dig = mode
        key = f"steps:{size}:{int(fly)}{int(phase or dig)}"
        table: dict[Sq, list[_StepEntry]] | None = self.map.cache.get(key)
        if table is not None:
            return table
        grid = self.map.grid
        table = {}
        ghost = phase or dig
        for a in grid.cells():
            out = []
            old = [(a[0] + i, a[1] + j) for j in range(size) for i in range(size)]
            if any(not grid.in_bounds(s) for s in old):
                continue
            oldset = set(old)
            for d in DIRECTIONS:
                b = (a[0] + d[0], a[1] + d[1])
                new = tuple((b[0] + i, b[1] + j) for j in range(size) for i in range(size))
                if any(not grid.in_bounds(s) for s in new):
                    continue
                diag = d[0] != 0 and d[1] != 0
                squeeze = False
                if not ghost:
                    if size == 1:
                        if grid.is_solid(b) or not grid.step_allowed(a, d):
                            continue
                    else:
                        if not self._fits(size, b):
                            if not self._squeezable(size, b):
                                continue
                            squeeze = True
                        blocked = False
                        for s in old:
                            n = (s[0] + d[0], s[1] + d[1])
                            if not grid.is_solid(s) and not grid.is_solid(n) and not grid.step_allowed(s, d):
                                blocked = True
                                break
                        if blocked:
                            continue
                entering = [s for s in new if s not in oldset]
                slow = squeeze
                pit = False
                if not ghost:
                    for s in entering:
                        t = grid.terrain_at(s)
                        if t:
                            if "pit" in t:
                                pit = True
                            if t & SLOW_TERRAIN and not fly:
                                slow = True
                out.append((d, b, diag, slow, pit, new))
            table[a] = out
        self.map.cache[key] = table
        return table

    def _blockers(self, c: Creature, mode: tuple[bool, bool, bool]) -> set[Sq]:
        """Squares ``c`` may not enter: enemies' spaces, unless it flies, burrows, or is incorporeal (§7.3)."""
        fly, phase, dig = mode
        out: set[Sq] = set()
        if c.hp <= 5 and not c.routing and not (fly or phase or dig):
            # spike stones (§14): a creature may not walk into the 5 damage that would destroy it
            out.update(s for s, t in self.map.grid.terrain.items() if "spike-stones" in t)
        if fly or dig:
            return out
        for o in self.creatures.values():
            if o.on_map and o.player != c.player and not o.helpless and not (phase and not o.traits.incorporeal):
                out.update(o.squares())
        return out

    def _squeeze_blocked(self, c: Creature, mode: tuple[bool, bool, bool]) -> set[Sq]:
        """Anchors where ``c`` would squeeze past an enemy: a space it fits only by squeezing, beside an enemy
        (§7.5: "it cannot squeeze past enemies"; seed 003 "obok wrogów"). Burrowing and incorporeal movement
        does not squeeze."""
        if c.size == 1 or mode[1] or mode[2]:
            return set()
        beside: set[Sq] = set()
        for o in self.enemies_of(c):
            for s in o.squares():
                beside.update(self.neighbours(s))
        if not beside:
            return set()
        w = self.map.grid.width
        return {(i % w, i // w) for i in self._spread(beside, c.size)
                if not self._fits(c.size, (i % w, i // w)) and self._squeezable(c.size, (i % w, i // w))}

    def _blocked_anchors(self, c: Creature, mode: tuple[bool, bool, bool]) -> set[int]:
        """The anchors (as integers) ``c`` may not step to in this movement mode: its space would cover an
        enemy's (§7.3, §7.5) or squeeze past one."""
        blockers = self._blockers(c, mode)
        blocked = self._spread(blockers, c.size) if blockers else set()
        squeeze = self._squeeze_blocked(c, mode)
        if squeeze:
            w = self.map.grid.width
            blocked |= {y * w + x for x, y in squeeze}
        return blocked

    def _step(
        self, c: Creature, a: Sq, d: Sq, parity: int, mode: tuple[bool, bool, bool], occ: Mapping[Sq, Creature]
    ) -> tuple[int, int] | None:
        """Cost and new diagonal parity of one step of ``c`` from anchor ``a`` in direction ``d`` (§7)."""
        for dd, b, diag, slow, pit, new in self._step_table(c.size, mode).get(a, ()):
            if dd != d:
                continue
            if pit and not mode[0]:
                return None
            blockers = self._blockers(c, mode)
            if any(s in blockers for s in new):
                return None
            if c.size > 1 and b in self._squeeze_blocked(c, mode):
                return None
            return _step_cost(diag, slow, parity)
        return None

    def _endable(self, size: int) -> dict[Sq, bool]:
        key = f"end:{size}"
        table: dict[Sq, bool] | None = self.map.cache.get(key)
        if table is None:
            grid = self.map.grid
            table = {}
            for a in grid.cells():
                ok = self._fits(size, a)
                if ok:
                    for j in range(size):
                        for i in range(size):
                            t = grid.terrain_at((a[0] + i, a[1] + j))
                            if t and t & {"statue", "pit"}:
                                ok = False
                table[a] = ok
            self.map.cache[key] = table
        return table

    def _can_end(self, c: Creature, b: Sq, occ: Mapping[Sq, Creature]) -> bool:
        """May ``c`` end its move with its anchor at ``b``? (§7.3, §7.5, §14)."""
        if not self._endable(c.size).get(b, False):
            return False
        if c.size == 1:
            o = occ.get(b)
            return o is None or o is c
        for s in c.squares(b):
            o = occ.get(s)
            if o is not None and o is not c:
                return False
        return True

    def _int_steps(self, size: int, mode: tuple[bool, bool, bool]) -> list[list[tuple[int, int, bool]]]:
        """:meth:`_step_table` with squares as integers (y × width + x) and the step's cost class
        (0 straight, 1 diagonal, 2 slowed straight, 3 slowed diagonal): the path search's hot loop."""
        key = f"isteps:{size}:{mode}"
        table: list[list[tuple[int, int, bool]]] | None = self.map.cache.get(key)
        if table is None:
            grid = self.map.grid
            w = grid.width
            table = [[] for _ in range(w * grid.height)]
            for a, entries in self._step_table(size, mode).items():
                row = table[a[1] * w + a[0]]
                for _d, b, diag, slow, pit, _new in entries:
                    row.append((b[1] * w + b[0], (2 if slow else 0) + (1 if diag else 0), pit))
            self.map.cache[key] = table
        return table

    def _parity_steps(
        self, size: int, mode: tuple[bool, bool, bool], no_slow: bool
    ) -> tuple[list[list[tuple[int, int, int, int]]], list[list[tuple[int, int, int, int]]]]:
        """:meth:`_int_steps` as the path search reads it, one table per diagonal parity: per anchor, each step
        as (new anchor, cost, search key of the new anchor and parity, cost << 10), in the same order.
        Pits are left out unless the creature flies; slowed steps too under ``no_slow`` (§7.2, Q15)."""
        key = f"psteps:{size}:{mode}:{no_slow}"
        hit: tuple[list[list[tuple[int, int, int, int]]], list[list[tuple[int, int, int, int]]]] | None
        hit = self.map.cache.get(key)
        if hit is None:
            fly = mode[0]
            tables: list[list[list[tuple[int, int, int, int]]]] = [[], []]
            for entries in self._int_steps(size, mode):
                for par, table in enumerate(tables):
                    row = []
                    for ib, kind, pit in entries:
                        if pit and not fly:
                            continue
                        if kind >= 2:
                            if no_slow:
                                continue
                            step, np = (3 if kind == 3 else 2), par
                        elif kind == 1:
                            step, np = (1, 1) if par == 0 else (2, 0)
                        else:
                            step, np = 1, par
                        row.append((ib, step, ib * 2 + np, step << 10))
                    table.append(row)
            hit = self.map.cache[key] = (tables[0], tables[1])
        return hit

    def _spread(self, squares: Iterable[Sq], size: int) -> set[int]:
        """The anchors (as integers) whose space would cover any of ``squares``."""
        w, h = self.map.grid.width, self.map.grid.height
        out = set()
        for x, y in squares:
            for j in range(size):
                for i in range(size):
                    ax, ay = x - i, y - j
                    if 0 <= ax < w and 0 <= ay < h:
                        out.add(ay * w + ax)
        return out

    def _reach(
        self, c: Creature, budget: int, *, burrow: bool = False, parity: int = 0, safe: bool = True,
        terminal: set[Sq] | None = None, no_slow: bool = False, until: set[Sq] | None = None,
    ) -> tuple[dict[tuple[Sq, int], tuple[int, int]], _Paths]:
        """Dijkstra over (anchor, diagonal parity): cheapest cost, then fewest threatened squares left.

        ``terminal``: squares that may be reached but not moved through (a charge's occupied squares);
        ``no_slow``: steps into slowing terrain are not allowed (Stagger); ``until``: stop once every anchor
        as cheap as the cheapest of these is settled (what is found up to there is what the whole search
        finds: nothing settled later is cheaper)."""
        assert c.anchor is not None
        mode = self._mode(c, burrow)
        even, odd = self._parity_steps(c.size, mode, no_slow)
        size = c.size
        w = self.map.grid.width
        blocked = self._blocked_anchors(c, mode)
        threat = self._threat_squares(c) if safe and not burrow else set()
        risky = self._spread(threat, size) if threat else set()
        stops = self._spread(terminal, size) if terminal else set()
        a0 = c.anchor[1] * w + c.anchor[0]
        start = a0 * 2 + parity
        h = self.map.grid.height
        # value per search key (anchor × 2 + parity): cost << 10 | squares-left-under-threat; UNSEEN until
        # found. ``found_order`` keeps the order keys were first found in: the answer lists them so.
        dist = [_UNSEEN] * (2 * w * h)
        dist[start] = 0
        found_order = [start]
        prev: dict[int, int] = {}
        # a bucket per cost: a step costs at least 1, so a bucket is complete when its turn comes, and
        # sorting it pops (value, key) in exactly the order a heap would
        buckets: list[list[tuple[int, int]]] = [[] for _ in range(budget + 1)]
        buckets[0].append((0, start))
        goals = {y * w + x for x, y in until if 0 <= x < w and 0 <= y < h} if until is not None else None
        found = INF
        for cost, bucket in enumerate(buckets):
            if not bucket:
                continue
            if cost > found:
                break
            bucket.sort()
            room = budget - cost
            for v, k in bucket:
                if dist[k] < v:
                    continue
                ia = k >> 1
                if goals is not None and ia in goals and cost < found:
                    found = cost
                if k & 1:
                    # parity 0 (next diagonal costs 1) dominates parity 1 at the same or a lower cost
                    if dist[k - 1] >> 10 <= cost:
                        continue
                    row = odd[ia]
                else:
                    row = even[ia]
                if stops and ia != a0 and ia in stops:
                    continue
                base = v + (1 if ia in risky else 0)
                for ib, step, nk, sv in row:
                    if step > room or ib in blocked:
                        continue
                    nv = base + sv
                    old = dist[nk]
                    if nv < old:
                        if old == _UNSEEN:
                            found_order.append(nk)
                        dist[nk] = nv
                        prev[nk] = k
                        buckets[cost + step].append((nv, nk))

        sq = self._square_of()
        return ({(sq[k >> 1], k & 1): (dist[k] >> 10, dist[k] & 1023) for k in found_order},
                _Paths(prev, w))

    def _square_of(self) -> list[Sq]:
        """The square of each integer index (y × width + x), kept per map."""
        table: list[Sq] | None = self.map.cache.get("square-of")
        if table is None:
            w = self.map.grid.width
            table = self.map.cache["square-of"] = [(i % w, i // w) for i in range(w * self.map.grid.height)]
        return table

    @staticmethod
    def _path_to(prev: _Paths, key: tuple[Sq, int]) -> tuple[Sq, ...]:
        return prev.path(key)

    def _move_snapshot(self) -> tuple[object, ...]:
        """What the move and charge searches depend on that changes during a battle (their memos' key)."""
        return tuple((o.anchor, o.place, o.routing, o.stunned, o.helpless, o.confused_dc, o.invisible, o.hp > 5)
                     for o in self.creatures.values())

    def _destinations(
        self, c: Creature, budget: int, *, burrow: bool = False, parity: int = 0
    ) -> tuple[dict[Sq, tuple[int, int, tuple[Sq, int]]], _Paths]:
        """Every square ``c`` may end a move on within ``budget`` (cost, threatened squares left, search key),
        and the back-pointers to read the engine's path from. The last answer is kept: the legal moves and
        the move then chosen ask the same question."""
        memo_key = (c.id, burrow, parity, self.turn_counter, self._move_snapshot())
        memo = self._dest_memo
        if memo is not None and memo[0] == memo_key and memo[1] >= budget:
            # the same search with a larger budget: its cheapest paths within this budget are the same
            dests, paths = memo[2]
            return {a: v for a, v in dests.items() if v[0] <= budget}, paths
        result = self._destinations_uncached(c, budget, burrow=burrow, parity=parity)
        self._dest_memo = (memo_key, budget, result)
        return result

    def _destinations_uncached(
        self, c: Creature, budget: int, *, burrow: bool, parity: int
    ) -> tuple[dict[Sq, tuple[int, int, tuple[Sq, int]]], _Paths]:
        dist, prev = self._reach(c, budget, burrow=burrow, parity=parity)
        occ = self.occupancy()
        endable = self._endable(c.size)
        best: dict[Sq, tuple[int, int, tuple[Sq, int]]] = {}
        for key, (cost, risk) in dist.items():
            a = key[0]
            if a == c.anchor or not endable.get(a, False):
                continue
            cur = best.get(a)
            if cur is None or (cost, risk) < (cur[0], cur[1]):
                best[a] = (cost, risk, key)
        out = {a: v for a, v in best.items() if self._can_end(c, a, occ)}
        return out, prev

    def path_cost(self, c: Creature, path: Sequence[Sq], *, burrow: bool = False, parity: int = 0) -> tuple[int, int]:
        """(cost, final parity) of walking ``path`` from ``c``'s anchor; IllegalAction if a step is illegal."""
        if c.anchor is None:
            raise IllegalAction(f"{c.id} is not on the map")
        occ = self.occupancy()
        mode = self._mode(c, burrow)
        cur = c.anchor
        total = 0
        for b in path:
            d = (b[0] - cur[0], b[1] - cur[1])
            if max(abs(d[0]), abs(d[1])) != 1:
                raise IllegalAction(f"path step {cur}->{b} is not to a neighbouring square")
            step = self._step(c, cur, d, parity, mode, occ)
            if step is None:
                raise IllegalAction(f"{c.id} cannot step {cur}->{b}")
            total += step[0]
            parity = step[1]
            cur = b
        return total, parity

    def _walk(
        self, c: Creature, path: Sequence[Sq], *, burrow: bool = False, forced: bool = False, sidestep: bool = False
    ) -> bool:
        """Move ``c`` square by square; enemies take attacks of opportunity as it leaves threatened squares
        (§8.6). Returns False if the move was cut short (destroyed, routed away, or stopped)."""
        was_routing = c.routing
        flying = c.traits.flight and not burrow
        for i, b in enumerate(path):
            if not c.on_map or c.anchor is None:
                return False
            old = c.anchor
            if not forced and not burrow and not sidestep and not (flying and (i > 0 or (self.turn is not None
                                                                                        and self.turn.flew))):
                left = set(c.squares(old)) - set(c.squares(b))
                self._provoke(c, left)
                if not c.on_map or c.anchor != old or c.routing != was_routing:
                    return False
                if c.stunned or c.helpless:  # stopped where it stands (moved to a legal square if it must)
                    self._fix_position(c)
                    return False
            c.anchor = b
            self.ev("step", creature=c.id, x=b[0], y=b[1])
            if flying and self.turn is not None and self.turn.creature == c.id:
                self.turn.flew = True
            if not (c.traits.flight or c.traits.incorporeal or burrow):
                before = set(c.squares(old))
                spikes = [s for s in c.squares(b) if s not in before and self.map.grid.has_terrain(s, "spike-stones")]
                if spikes:
                    self.deal_damage(c, [(5, "magic")], source=None, kind="terrain")
                    if not c.on_map or c.routing != was_routing:
                        return False  # destroyed, or routed (and fled) by the damage: the rest of the path is gone
        return True

    def _provoke(self, mover: Creature, left: set[Sq]) -> None:
        grid = self.map.grid
        for e in sorted(self.enemies_of(mover), key=lambda x: x.id):
            if not mover.on_map or self.stage == "over":
                return
            if self.turn is None or e.id in self.turn.aoo_used or not self._can_aoo(e, mover):
                continue
            if not any(grid.adjacent(s, t) for s in left for t in e.squares()):
                continue
            if mover.traits.incorporeal and any(grid.is_solid(s) for s in mover.squares()):
                continue
            if not self.can_see(e, mover) or self.melee_cover(e, mover):
                continue
            self.turn.aoo_used.add(e.id)
            spec_i = max(
                (i for i, a in enumerate(e.card.attacks) if a.kind == "melee"),
                key=lambda i: (e.card.attacks[i].bonus + e.card.attacks[i].damage, -i),
            )
            self.ev("aoo", attacker=e.id, target=mover.id)
            self.attack(e, mover, spec_i, aoo=True)

    def _exit_field(self, c: Creature) -> dict[Sq, int]:
        """Distance (ignoring creatures) from every square to ``c``'s exit: where a routing creature runs."""
        letter = self.players[c.player].letter
        key = (letter, c.size, c.traits.flight or c.traits.incorporeal)
        fields: dict[tuple[str, int, bool], dict[Sq, int]] = self.map.cache.setdefault("exit-fields", {})
        hit = fields.get(key)  # walls and terrain never change: kept per map, for every battle on it
        if hit is not None:
            return hit
        grid = self.map.grid
        exits = self.map.exit_squares(letter)
        dist: dict[Sq, int] = {}
        heap: list[tuple[int, Sq]] = []
        for s in exits:
            dist[s] = 0
            heap.append((0, s))
        heapq.heapify(heap)
        ignore = key[2]
        while heap:
            cost, s = heapq.heappop(heap)
            if dist.get(s, INF) < cost:
                continue
            for d in DIRECTIONS:
                n = (s[0] + d[0], s[1] + d[1])
                if not grid.in_bounds(n) or grid.is_solid(n) or not grid.step_allowed(s, d):
                    continue
                slow = not ignore and bool(grid.terrain_at(n) & SLOW_TERRAIN)
                if not ignore and grid.has_terrain(n, "pit"):
                    continue
                nc = cost + (2 if slow else 1)
                if nc < dist.get(n, INF):
                    dist[n] = nc
                    heapq.heappush(heap, (nc, n))
        fields[key] = dist
        return dist

    def flee(self, c: Creature) -> None:
        """A routing creature's move: 2 × Speed by the shortest route to its exit; off the map if it gets there
        with movement left (§11.6)."""
        if not c.on_map or c.stunned or c.helpless or c.anchor is None:
            return
        budget = 2 * max(c.card.speed, 0)
        if budget <= 0:
            return
        letter = self.players[c.player].letter
        exits = self.map.exit_squares(letter)
        dist, prev = self._reach(c, budget, safe=False)
        best_exit: tuple[int, tuple[Sq, int]] | None = None
        if c.anchor is not None and any(s in exits for s in c.squares()):
            best_exit = (0, (c.anchor, 0))
        for key, (cost, _) in dist.items():
            on_exit = cost <= budget - 1 and any(s in exits for s in c.squares(key[0]))
            if on_exit and (best_exit is None or (cost, key) < (best_exit[0], best_exit[1])):
                best_exit = (cost, key)
        if best_exit is not None:
            path = self._path_to(prev, best_exit[1])
            self.ev("flee", creature=c.id, to="exit", squares=len(path))
            if self._walk(c, path) and c.on_map and c.routing:
                self.eliminate(c, "routed off the map", None)
            return
        field_ = self._exit_field(c)
        occ = self.occupancy()
        here = min((field_.get(s, INF) for s in c.squares()), default=INF)
        options: list[tuple[int, int, tuple[Sq, int]]] = []
        for key, (cost, _) in dist.items():
            if key[0] == c.anchor or not self._can_end(c, key[0], occ):
                continue
            closeness = min(field_.get(s, INF) for s in c.squares(key[0]))
            options.append((closeness, cost, key))
        if not options:
            return
        options.sort(key=lambda o: (o[0], o[1], o[2]))
        closeness, _, key = options[0]
        if closeness >= here:
            self.ev("flee", creature=c.id, to="nowhere", squares=0)
            return
        path = self._path_to(prev, key)
        self.ev("flee", creature=c.id, to="toward-exit", squares=len(path))
        self._walk(c, path)

    # --- sight, threat and cover (§8.3–§8.10) ---------------------------------------------------------

    def can_see(self, viewer: Creature, target: Creature) -> bool:
        if not viewer.on_map or not target.on_map:
            return False
        if viewer.id == target.id:
            return True
        if target.invisible and not viewer.traits.blindsight:
            return False
        grid = self.map.grid
        if viewer.size == 1 and target.size == 1:
            if not grid.square_los(viewer.squares()[0], target.squares()[0]):
                return False
        elif not grid.los(viewer.squares(), target.squares()):
            return False
        if target.traits.hide and not viewer.traits.blindsight and not self.adjacent(viewer, target):
            statues = {s for s, t in grid.terrain.items() if "statue" in t}
            if grid.ranged_cover(viewer.squares(), target.squares(), statues):
                return False  # Hide: invisible to a non-adjacent enemy it has (non-creature) cover against
        return True

    def melee_cover(self, att: Creature, tgt: Creature) -> bool:
        """+4 AC in melee around a wall's corner or end (§8.5): the attacker picks its best pair of squares."""
        grid = self.map.grid
        pairs = [(a, d) for a in att.squares() for d in tgt.squares() if grid.adjacent(a, d)]
        if not pairs:
            return False
        return all(grid.melee_cover_squares(a, d) for a, d in pairs)

    def ranged_cover(self, att: Creature, tgt: Creature) -> bool:
        grid = self.map.grid
        cover = {s for o in self.on_map() if o.id not in (att.id, tgt.id) for s in o.squares()}
        cover.update(s for s, t in grid.terrain.items() if "statue" in t)
        return grid.ranged_cover(att.squares(), tgt.squares(), cover)

    def threatening(self, c: Creature) -> list[Creature]:
        """Active enemies whose threatened area ``c`` stands in."""
        return [e for e in self.enemies_of(c) if e.active and self.adjacent(e, c)]

    def hampered(self, c: Creature) -> bool:
        """In an enemy's threatened area, in its sight and without melee cover against it: no ranged attacks
        and no spells but touch (§8.3)."""
        return any(self.can_see(e, c) and not self.melee_cover(e, c) for e in self.threatening(c))

    def in_melee_with_ally(self, att: Creature, tgt: Creature) -> bool:
        """Shooting into melee (§9.2 note): an ally of the attacker and the target threaten one another."""
        return any(self.adjacent(a, tgt) and (a.active or tgt.active) for a in self.allies_of(att))

    def flanked(self, att: Creature, tgt: Creature) -> bool:
        """§8.4: an ally that threatens the target stands on the opposite side or corner."""
        if "flanking" in tgt.traits.immune:
            return False
        if att.traits.phantom_threat:
            return True
        grid = self.map.grid
        for ally in self.allies_of(att):
            if not ally.active or not self.adjacent(ally, tgt):
                continue
            for a in att.squares():
                for b in ally.squares():
                    for t in tgt.squares():
                        if grid.flanks(a, b, t):
                            return True
        return False

    def _on_terrain(self, c: Creature, name: str) -> bool:
        grid = self.map.grid
        return any(grid.has_terrain(s, name) for s in c.squares())

    def _commanded_by_beastmaster(self, c: Creature) -> bool:
        return any(k.traits.beastmaster is not None and k.rating is not None and self._commands(k, c)
                   for k in self.on_map(c.player))

    # --- attack modifiers (§9) -------------------------------------------------------------------------

    def attack_modifiers(
        self, att: Creature, tgt: Creature, spec: AttackSpec, *, charge: bool = False, reach: bool = False
    ) -> list[tuple[str, int]]:
        kind = spec.kind
        mods: list[tuple[str, int]] = []
        if charge:
            mods.append(("charge", 2))
        if kind == "melee" and not reach and self.flanked(att, tgt):
            mods.append(("flanking", 2))
        if not self.can_see(tgt, att) and not (tgt.traits.blindsight or tgt.traits.blind_fight):
            mods.append(("unseen", 2))
        if kind == "ranged" and tgt.helpless:
            mods.append(("helpless", 4))
        if self._on_terrain(att, "sacred-circle"):
            mods.append(("sacred-circle", 2))
        spell = att.effect_total("attack") + att.effect_total(f"{kind}_attack")
        if spell:
            mods.append(("effects", spell))
        ce = self.ce_bonus(att, ["attack", f"{kind}_attack"], tgt)
        if ce:
            mods.append(("commander-effect", ce))
        if att.level_drain:
            mods.append(("level-drain", -att.level_drain))
        if self._stench_penalty(att):
            mods.append(("stench", -2))
        if kind == "melee" and att.traits.natural_soul and self._commanded_by_beastmaster(att):
            mods.append(("natural-soul", 2))
        if kind == "melee" and att.traits.overwhelming_size and _size_rank(tgt) <= SIZE_ORDER.index("Medium"):
            mods.append(("overwhelming-size", 2))
        if att.traits.executioners_blade and (tgt.routing or not self.in_command(tgt)):
            mods.append(("executioners-blade", 4))
        if att.traits.earthbound and tgt.traits.flight:
            mods.append(("earthbound", -4))
        return mods

    def armour_class(
        self, att: Creature, tgt: Creature, spec: AttackSpec, *, reach: bool = False, aoo: bool = False
    ) -> list[tuple[str, int]]:
        kind = spec.kind
        mods: list[tuple[str, int]] = [("ac", tgt.card.ac)]
        if tgt.stunned:
            mods.append(("stunned", -2))
        cover = False
        if kind == "melee" and not reach:
            cover = self.melee_cover(att, tgt)
        else:
            cover = self.ranged_cover(att, tgt)
        if cover or self._on_terrain(tgt, "forest"):
            mods.append(("cover", 4))
        if kind == "ranged":
            if not att.traits.precise_shot and self.in_melee_with_ally(att, tgt):
                mods.append(("in-melee", 4))
            if tgt.traits.deflect_arrows:
                mods.append(("deflect-arrows", 4))
        if aoo and tgt.traits.mobility:
            mods.append(("mobility", 4))
        if tgt.traits.phalanx and any(a.traits.phalanx and self.adjacent(a, tgt) for a in self.allies_of(tgt)):
            mods.append(("phalanx", 2))
        spell = tgt.effect_total("ac")
        if spell:
            mods.append(("effects", spell))
        ce = self.ce_bonus(tgt, ["ac"], att)
        if ce:
            mods.append(("commander-effect", ce))
        if self._stench_penalty(tgt):
            mods.append(("stench", -2))
        return mods

    def damage_bonuses(
        self, att: Creature, tgt: Creature, spec: AttackSpec, *, charge: bool, declare: Sequence[str]
    ) -> list[tuple[str, int]]:
        kind = spec.kind
        t = att.traits
        out: list[tuple[str, int]] = []
        if kind == "melee" and t.hunter and sum(1 for e in self.enemies_of(att) if self.adjacent(e, att)) <= 1:
            out.append(("hunter", t.hunter))  # "unless more than 1 enemy is adjacent"
        for subtype, amount in t.foes:
            if subtype in tgt.traits.types or subtype.rstrip("s") in tgt.traits.types:
                out.append((f"{subtype}-foe", amount))
        if kind == "melee" and t.overwhelming_size and _size_rank(tgt) <= SIZE_ORDER.index("Medium"):
            out.append(("overwhelming-size", 5))
        for n, smite in enumerate(t.smites):
            if kind != "melee" or not self._smite_applies(smite.against, tgt):
                continue
            if smite.uses is None or f"smite:{n}" in declare:
                out.append(("smite", smite.amount))
                break
        sneak = self.sneak_attack(att, tgt, kind)
        if sneak:
            out.append(("sneak-attack", sneak))
            if t.backstab:
                out.append(("backstab", t.backstab))
        if charge and t.powerful_charge:
            out.append(("powerful-charge", t.powerful_charge))
        if kind == "melee" and self._on_terrain(att, "risky"):
            out.append(("risky-terrain", 5))
        if kind == "melee" and t.natural_soul and self._commanded_by_beastmaster(att):
            out.append(("natural-soul", 5))
        ce = self.ce_bonus(att, ["damage", f"{kind}_damage"], tgt)
        if ce:
            out.append(("commander-effect", ce))
        spell = att.effect_total("damage") + att.effect_total(f"{kind}_damage")
        if spell:
            out.append(("effects", spell))
        if t.rend and self.turn is not None and self.turn.creature == att.id and self.turn.hits_on.get(tgt.id, 0) >= 1:
            out.append(("rend", t.rend))
        if self.turn is not None and self.turn.creature == att.id and self.turn.aggression:
            out.append(("aggression", t.aggression))
        if t.wrath and self.players[att.player].allies_destroyed > 0:
            out.append(("wrath", t.wrath))
        if t.executioners_blade and (tgt.routing or not self.in_command(tgt)):
            out.append(("executioners-blade", 5))
        return out

    def sneak_attack(self, att: Creature, tgt: Creature, kind: str) -> int:
        """Sneak Attack damage that applies: melee when flanking or against a stunned, helpless or unseeing
        defender; ranged within 6 squares, not for flanking (glossary, 003's wording)."""
        t = att.traits
        if "sneak attack" in tgt.traits.immune or not (t.sneak_melee or t.sneak_ranged):
            return 0
        unseen = not self.can_see(tgt, att)
        if kind == "melee" and t.sneak_melee and (self.flanked(att, tgt) or tgt.stunned or tgt.helpless or unseen):
            return t.sneak_melee
        if kind == "ranged" and t.sneak_ranged and self.space_distance(att, tgt) <= 6 and (
            tgt.stunned or tgt.helpless or unseen
        ):
            return t.sneak_ranged
        return 0

    def _smite_applies(self, against: str, tgt: Creature) -> bool:
        if not against:
            return True
        if against in ("evil", "good", "lawful", "chaotic"):
            return against in self.alignment(tgt)
        return against.rstrip("s") in {w.rstrip("s") for w in tgt.traits.types}

    # --- attacks ------------------------------------------------------------------------------------------

    def attack(
        self, att: Creature, tgt: Creature, index: int, *, charge: bool = False, aoo: bool = False,
        declare: Sequence[str] = (), leap: tuple[int, int] | None = None, cleave: bool = False,
    ) -> bool:
        """Resolve one attack roll (§8.1, §9, §10). Returns whether it hit."""
        spec = att.card.attacks[index]
        if leap is not None:
            spec = AttackSpec(kind="melee", bonus=leap[0], damage=leap[1], damage_type=spec.damage_type, text="Leap")
        kind = spec.kind
        reach = kind == "melee" and not self.adjacent(att, tgt)
        self.fighting_this_round = True
        if f"attack:{index}" in att.uses:
            att.uses[f"attack:{index}"] -= 1
        if "smite" in declare:
            for n, smite in enumerate(att.traits.smites):
                if att.uses.get(f"smite:{n}", 0) > 0 and self._smite_applies(smite.against, tgt):
                    att.uses[f"smite:{n}"] -= 1
                    declare = [*declare, f"smite:{n}"]
                    break
        stunning = "stunning" in declare and att.traits.stunning_attack is not None and kind == "melee"
        if stunning:
            if "stunning" in att.uses:
                att.uses["stunning"] -= 1
            if self.turn is not None and self.turn.creature == att.id:
                self.turn.stunning_used = True
        amods = self.attack_modifiers(att, tgt, spec, charge=charge, reach=reach)
        dmods = self.armour_class(att, tgt, spec, reach=reach, aoo=aoo)
        bonus = spec.bonus + sum(v for _, v in amods)
        ac = sum(v for _, v in dmods)
        crit_min = att.traits.keen
        if kind == "melee" and self._on_terrain(att, "blood-rock"):
            crit_min = min(crit_min, 19)
        auto = kind == "melee" and tgt.helpless
        roll: int | None = None
        crit = False
        if auto:
            hit = True
        else:
            roll = self.d20("attack")
            crit = roll >= crit_min and roll != 1
            hit = roll != 1 and (crit or roll + bonus >= ac)
        notes: list[str] = []
        if hit and not auto:
            hit = self._conceal_check(att, tgt, kind, notes)
        if hit and tgt.traits.incorporeal and not att.traits.incorporeal:
            r = self.d20("incorporeal")
            notes.append(f"incorporeal:{r}")
            hit = r >= 11
        self.ev(
            "attack", attacker=att.id, target=tgt.id, attack=index, type=kind, roll=roll,
            total=None if roll is None else roll + bonus, ac=ac, hit=hit, crit=crit and hit, auto=auto,
            charge=charge, aoo=aoo, mods=[f"{n}{v:+d}" for n, v in amods], ac_mods=[f"{n}{v:+d}" for n, v in dmods],
            declare=list(declare), notes=notes,
        )
        if not hit:
            if kind == "melee" and tgt.traits.spiker_barbs and not reach and tgt.on_map:
                self.deal_damage(att, [(tgt.traits.spiker_barbs, "magic")], source=tgt, kind="ability")
            return False
        sneak_applied = self.sneak_attack(att, tgt, kind) > 0
        bonuses = self.damage_bonuses(att, tgt, spec, charge=charge, declare=declare)
        double = auto or (crit and "critical hits" not in tgt.traits.immune)
        main = (spec.damage + sum(v for _, v in bonuses)) * (2 if double else 1)
        base_type = spec.base_type
        ignore_dr = bool(att.effect_total("ignore_dr"))
        if self._on_terrain(att, "sacred-circle"):
            base_type = "magic" if base_type in ("melee", "ranged") else base_type
        portions = [(main, base_type)]
        if spec.extra_damage:
            portions.append((spec.extra_damage, spec.extra_type or base_type))
        if self.turn is not None and self.turn.creature == att.id:
            self.turn.hits_on[tgt.id] = self.turn.hits_on.get(tgt.id, 0) + 1
        self.ev("damage-roll", attacker=att.id, target=tgt.id, base=spec.damage,
                bonuses=[f"{n}{v:+d}" for n, v in bonuses], doubled=double, portions=[list(p) for p in portions])
        dealt = self.deal_damage(tgt, portions, source=att, kind="attack", ignore_dr=ignore_dr, attack_kind=kind)
        self._on_hit(att, tgt, spec, dealt, crit=crit, declare=declare, stunning=stunning, sneak_applied=sneak_applied)
        if (
            kind == "melee" and not tgt.on_map and tgt.place == "eliminated" and att.traits.cleave and att.on_map
            and att.active and self.turn is not None and not self.turn.cleave_used
        ):
            others = [e for e in self.enemies_of(att) if self.adjacent(e, att) or
                      (att.traits.melee_reach > 1 and self.space_distance(att, e) <= att.traits.melee_reach)]
            if others:
                self.turn.cleave_used = True
                nxt = min(others, key=lambda e: (e.hp, e.id))
                self.ev("cleave", attacker=att.id, target=nxt.id)
                self.attack(att, nxt, index, cleave=True)
        return True

    def _conceal_check(self, att: Creature, tgt: Creature, kind: str, notes: list[str]) -> bool:
        conceal = tgt.traits.conceal
        if not self.can_see(att, tgt):
            conceal = max(conceal, 11)
        if conceal <= 1 or att.traits.blindsight:
            return True
        rolls = 2 if (att.traits.blind_fight and kind == "melee") else 1
        for _ in range(rolls):
            r = self.d20("conceal")
            notes.append(f"conceal{conceal}:{r}")
            if r >= conceal:
                return True
        return False

    def _on_hit(
        self, att: Creature, tgt: Creature, spec: AttackSpec, dealt: int, *, crit: bool, declare: Sequence[str],
        stunning: bool, sneak_applied: bool = False,
    ) -> None:
        t = att.traits
        if not tgt.on_map:
            if t.feed and "humanoid" in tgt.traits.types and att.on_map:
                self.gain_hp(att, t.feed, "feed")
            return
        if t.poison is not None:
            self._suffer_poison(tgt, t.poison, att)
            if not tgt.on_map:
                return
        if dealt <= 0:
            return
        stun_dc = t.stunning_attack[0] if stunning and t.stunning_attack is not None else None
        if stun_dc is not None and self._fails_save_unless_immune(tgt, "stun", stun_dc, "stunning-attack", att):
            self.set_stunned(tgt)
        if crit and spec.kind == "melee" and t.resounding_blow and "stun" not in tgt.traits.immune:
            self.set_stunned(tgt)
        death_dc = t.death_attack_dc if "death-attack" in declare and sneak_applied else None
        if death_dc and not self.save(tgt, death_dc, "death-attack", cause=att):
            self.ev("death-attack", attacker=att.id, target=tgt.id)
            self.eliminate(tgt, "destroyed", att)
            return
        if spec.kind == "melee" and tgt.traits.living:
            if t.level_drain and "level drain" not in tgt.traits.immune:
                tgt.level_drain += 1
                self.ev("level-drain", attacker=att.id, target=tgt.id, total=tgt.level_drain)
                self.gain_hp(att, 5, "level-drain")
            if t.constitution_drain is not None and tgt.on_map:
                amount, dc = t.constitution_drain
                if dc is None or not self.save(tgt, dc, "constitution-drain", cause=att):
                    self.deal_damage(tgt, [(amount, "magic")], source=att, kind="ability")
                    self.gain_hp(att, amount, "constitution-drain")
        if t.life_drain is not None and tgt.traits.living:
            amount, cap = t.life_drain
            gained = att.bonus_hp
            if cap is None or gained < cap:
                self.gain_hp(att, amount if cap is None else min(amount, cap - gained), "life-drain")
        if t.pushback and tgt.on_map and _size_rank(tgt) < _size_rank(att):
            self._push(att, tgt, 1)

    def _push(self, actor: Creature, tgt: Creature, squares: int) -> None:
        """Push (§7.7): each square farther from the acting creature, never into or through another creature, a
        statue or a wall. Forced movement follows its own rule, not the walking rules: entering slowing terrain
        costs 2 (3 diagonally) of the push unless the creature ignores terrain (Flight, Incorporeal), diagonals
        count 1-2-1, it never provokes, and a pit may be entered: the creature then saves (DC 15) at the end of
        the turn or is eliminated (§14 Pit). The pusher's choice, made by the engine: a pit first, then the
        lowest square."""
        ignores = tgt.traits.flight or tgt.traits.incorporeal
        steps = self._step_table(tgt.size, (ignores, False, False))
        grid = self.map.grid
        left, parity = squares, 0
        while left > 0 and tgt.anchor is not None and tgt.on_map:
            occ = self.occupancy()
            here = self.space_distance(actor, tgt)
            old = set(tgt.squares())
            best: tuple[bool, Sq, int, int, bool] | None = None
            for _d, b, diag, slow, pit, new in steps.get(tgt.anchor, ()):
                cost, new_parity = _step_cost(diag, slow, parity)
                if cost > left:
                    continue
                entered = [s for s in new if s not in old]
                if any((o := occ.get(s)) is not None and o is not tgt for s in new):
                    continue
                if any(grid.has_terrain(s, "statue") for s in entered):
                    continue
                if min(grid_distance(x, y) for x in actor.squares() for y in new) <= here:
                    continue
                key = (not pit, b, cost, new_parity, pit)
                if best is None or key[:2] < best[:2]:
                    best = key
            if best is None:
                return
            _, to, cost, parity, pit = best
            left -= cost
            tgt.anchor = to
            self.ev("push", actor=actor.id, creature=tgt.id, x=to[0], y=to[1])
            t = self.turn
            if pit and not tgt.traits.flight and t is not None and all(m != tgt.id for m, _ in t.pit_checks):
                t.pit_checks.append((tgt.id, actor.id))

    def _suffer_poison(self, x: Creature, poison: Poison, source: Creature, saved_already: bool = False) -> None:
        """A creature hit by a poisoned attack or effect saves or is poisoned (glossary *Poison*): damage at once
        (a save halves it), damage at the start of each of its turns, or a condition. Identical poison effects
        do not stack; whoever poisoned it gets the VP if the poison eliminates it."""
        if not x.on_map or "poison" in x.traits.immune or not x.traits.living:
            return
        if poison.damage:
            saved = not saved_already and self.save(x, poison.dc, "poison", cause=source)
            self.deal_damage(x, [(_half(poison.damage) if saved else poison.damage, "poison-damage")], source=source,
                             kind="ability")
            return
        if not saved_already and self.save(x, poison.dc, "poison", cause=source):
            return
        if poison.condition == "destroy":
            self.ev("condition", creature=x.id, condition="poison")
            self.eliminate(x, "destroyed", source)
            return
        if poison.condition == "paralysis":
            x.paralysed_dc = poison.dc
        elif poison.condition == "sleep":
            x.asleep = True
        elif poison.key not in x.poisons:
            x.poisons.add(poison.key)
            x.poison += poison.each
        x.poisoned_by = source.id
        self.ev("condition", creature=x.id, condition="poison")

    def _fails_save_unless_immune(self, c: Creature, immunity: str, dc: int, purpose: str, cause: Creature) -> bool:
        return immunity not in c.traits.immune and not self.save(c, dc, purpose, cause=cause)

    def set_stunned(self, c: Creature) -> None:
        if not c.on_map or "stun" in c.traits.immune:
            return
        c.stunned = True
        self.ev("condition", creature=c.id, condition="stunned")

    def gain_hp(self, c: Creature, amount: int, why: str) -> None:
        if amount <= 0 or not c.on_map:
            return
        c.hp += amount
        if c.hp > c.start_hp + c.bonus_hp:
            c.bonus_hp = c.hp - c.start_hp
        self.ev("hp", creature=c.id, amount=amount, why=why, hp=c.hp)

    def heal(self, c: Creature, amount: int, source: Creature | None, dc: int) -> None:
        """heal [#] (§10.5, glossary *heal*): living creatures up to their starting HP; Constructs nothing; an
        Undead takes # damage, saving for half against ``dc`` (12 + the spell's level, or the acting creature's
        Level for an ability). A creature never declines a save that only helps it, ally or enemy."""
        if "construct" in c.traits.types and "living construct" not in c.traits.types:
            return
        if "undead" in c.traits.types:
            amount_taken = amount
            if self.save(c, dc, "heal-vs-undead", cause=source):
                amount_taken = _half(amount)
            self.deal_damage(c, [(amount_taken, "magic")], source=source, kind="spell")
            return
        room = max(0, c.start_hp - c.hp)
        healed = min(room, amount)
        if healed:
            c.hp += healed
            self.ev("heal", creature=c.id, amount=healed, hp=c.hp)

    # --- damage (§10) ------------------------------------------------------------------------------------

    def deal_damage(
        self, tgt: Creature, portions: Sequence[tuple[int, str]], *, source: Creature | None, kind: str,
        ignore_dr: bool = False, attack_kind: str = "",
    ) -> int:
        """Apply typed damage: DR on melee/ranged attack damage, Resist, Immune, Double Damage from ENERGY,
        negative energy (§10.2–§10.4). Returns the damage taken."""
        if not tgt.on_map:
            return 0
        t = tgt.traits
        if kind in ("spell", "ability") and t.incorporeal and not (source is not None and source.traits.incorporeal):
            r = self.d20("incorporeal")
            self.ev("incorporeal", creature=tgt.id, roll=r)
            if r < 11:
                return 0
        total = 0
        physical = 0
        for amount, dtype in portions:
            if amount <= 0:
                continue
            if dtype in t.immune:
                continue
            if dtype == "negative":
                if "construct" in t.types and "living construct" not in t.types:
                    continue
                if "undead" in t.types:
                    self.gain_hp(tgt, min(amount, max(0, tgt.start_hp - tgt.hp)), "negative-energy")
                    continue
            if dtype in t.resist:
                amount = max(0, amount - t.resist[dtype])
            if dtype in t.double_from:
                amount += 5 * (amount // 5)
            if kind == "attack" and dtype in ("melee", "ranged") and not ignore_dr:
                physical += amount
            else:
                total += amount
        if physical:
            total += max(0, physical - t.dr)
        if total <= 0:
            self.ev("damage", target=tgt.id, amount=0, hp=tgt.hp, source=source.id if source else None)
            return 0
        if tgt.asleep:
            tgt.asleep = False
            self.ev("condition", creature=tgt.id, condition="awake")
        tgt.hp -= total
        tgt.damage_taken += total
        if source is not None:
            source.damage_dealt += total
            if source.player != tgt.player:
                self.fighting_this_round = True
        self.ev("damage", target=tgt.id, amount=total, hp=tgt.hp, source=source.id if source else None)
        if tgt.hp <= 0:
            self._reduced_to_zero(tgt, source)
        else:
            self._check_half(tgt, source)
        return total

    def _check_half(self, c: Creature, source: Creature | None) -> None:
        if c.morale_done or c.routing or not c.on_map:
            return
        below = 2 * c.hp < c.start_hp if self.params.morale_threshold == "below-half" else 2 * c.hp <= c.start_hp
        if not below:
            return
        c.morale_done = True
        if not self.morale_save(c, cause=source, reason="half-hp", routs=True):
            self.rout(c, source)

    def _reduced_to_zero(self, c: Creature, source: Creature | None) -> None:
        t = c.traits
        if t.death_strike and c.card.melee():
            foes = [e for e in self.enemies_of(c) if self.adjacent(e, c)]
            if foes:
                target = source if source is not None and source in foes else min(foes, key=lambda e: e.id)
                self.ev("death-strike", creature=c.id, target=target.id)
                idx = next(i for i, a in enumerate(c.card.attacks) if a.kind == "melee")
                self.attack(c, target, idx)
        if t.death_burst is not None and self.stage != "over":
            radius, amount, dtype, dc = t.death_burst
            hits = []
            for o in self.on_map():
                if o.id == c.id:
                    continue
                near = self.adjacent(o, c) if radius is None else self.space_distance(o, c) <= radius
                if near:
                    hits.append(o)
            self.ev("death-burst", creature=c.id, hits=[o.id for o in hits])
            for o in hits:  # the burst goes off as its hp drop to 0, before it is removed
                if not o.on_map or self.stage == "over":
                    continue
                dmg = amount
                if dc is not None and self.save(o, dc, "death-burst", cause=c):
                    dmg = _half(amount)
                self.deal_damage(o, [(dmg, dtype)], source=c, kind="ability")
        self.eliminate(c, "destroyed", source)

    # --- morale (§11.5–§11.7) -------------------------------------------------------------------------

    def morale_save(self, c: Creature, *, cause: Creature | None, reason: str, turn_undead: bool = False,
                    routs: bool = False) -> bool:
        """1d20 + Level + the best commander's rating ≥ 20; natural 1 fails, natural 20 succeeds (§11.5).

        ``routs``: failing it routs the creature (half hit points, Turn Undead; not a rally check). Then a
        commander with Tyrannical Morale +# may add +#; if the save still fails the creature is destroyed instead
        of routing, for the VP of the opponent whose creature caused it (§11.5, §15.2). The engine gives the bonus
        whenever it turns at least one failing roll into a success (it never makes a lost cause fatal)."""
        if c.traits.fearless and not turn_undead:
            self.ev("morale", creature=c.id, reason=reason, fearless=True, success=True)
            return True
        roll = self.d20("morale")
        rating = self.morale_rating(c)
        total = roll + self.save_bonus(c, morale=True) + rating
        tyrant = self._tyrannical_morale(c, MORALE_DC - (total - roll)) if routs else 0
        total += tyrant
        ok = roll == 20 or (roll != 1 and total >= MORALE_DC)
        if tyrant:
            self.ev("morale", creature=c.id, reason=reason, roll=roll, rating=rating, total=total, dc=MORALE_DC,
                    success=ok, tyrannical=tyrant)
        else:
            self.ev("morale", creature=c.id, reason=reason, roll=roll, rating=rating, total=total, dc=MORALE_DC,
                    success=ok)
        if cause is not None and cause.player != c.player:
            self.fighting_this_round = True
        if tyrant and not ok:
            self.eliminate(c, "destroyed", cause if cause is not None and cause.player != c.player else None)
        return ok

    def _tyrannical_morale(self, c: Creature, need: int) -> int:
        """The Tyrannical Morale bonus a commander gives ``c`` on a save it passes on ``need`` or more: the best
        reaching it (a Commander Effect), if it turns a failing roll (2-19 below ``need``) into a success."""
        if need <= 2:
            return 0
        best = max((e.amount for e in self._commander_effects_on(c) if e.stat == "tyrannical_morale"), default=0)
        return best if best and need - best <= 19 else 0

    def rout(self, c: Creature, cause: Creature | None) -> None:
        """A failed morale save (§11.6): the creature flees at once. Routing ends what it may do: one that routs
        during its own turn (an attack of opportunity, a Death Burst it set off, Spiker Barbs...) takes no further
        action that turn. The enemy that caused it makes no attack of opportunity against it that turn."""
        if c.routing or not c.on_map:
            return
        c.routing = True
        t = self.turn
        if t is not None and t.creature == c.id:
            t.no_actions = True
        if cause is not None and cause.player != c.player:
            c.no_aoo_from[cause.id] = self.turn_counter
        self.ev("rout", creature=c.id, cause=cause.id if cause else None)
        if self.params.scenario == "first-battle":
            self._finish(self.opponent(c.player), "rout")  # ddm-basic §1.7: a failed morale save ends it
            return
        self.flee(c)

    # --- elimination and victory points (§15.2) ------------------------------------------------------------

    def eliminate(self, c: Creature, how: str, by: Creature | None) -> None:
        if c.place != "map":
            return
        c.place = "eliminated"
        self.roster_version += 1
        c.anchor = None
        c.activations_left = 0
        c.eliminated_round = self.round
        c.eliminated_how = how
        self.ev("eliminated", creature=c.id, how=how, by=by.id if by else None, value=c.value)
        if by is not None and by.player != c.player:
            by.kills += 1
        if how == "destroyed":
            self.players[c.player].allies_destroyed += 1
        if self.params.scenario == "first-battle":
            self._finish(self.opponent(c.player), "destroyed")
            return
        if not c.traits.beneath_contempt:
            if by is not None and by.player != c.player and c.value > 0 and self.stage != "over":
                by.points_earned += c.value
            self.award(self.opponent(c.player), c.value, "eliminated", c.id)
        if self.stage == "over":
            return
        for d in list(self.creatures.values()):
            if d.requires == c.id and d.on_map:
                self.eliminate(d, "required creature eliminated", None)
        if c.is_commander and not any(k.is_commander and k.place != "eliminated" for k in self.creatures.values()
                                      if k.player == c.player):
            for k in sorted(self.on_map(c.player), key=lambda x: x.id):
                if k.traits.battlefield_promotion and not k.promoted:
                    k.rating, k.promoted = 1, True
                    self.ev("promotion", creature=k.id, rating=1)
                    break
        if how == "destroyed":
            for k in self.on_map(c.player):
                if k.traits.cowardly and not k.routing and not any(
                    a.active and self.space_distance(a, k) <= 6 for a in self.allies_of(k)
                ):
                    self.ev("cowardly", creature=k.id)
                    self.rout(k, None)
        self._check_wiped_out()

    def _check_wiped_out(self) -> None:
        if self.stage == "over" or not self.params.end_when_wiped_out:
            return
        alive = [any(c.place != "eliminated" for c in self.creatures.values() if c.player == p) for p in (0, 1)]
        if alive[0] and alive[1]:
            return
        if not alive[0] and not alive[1]:
            vps = [p.vp for p in self.players]
            self._finish(None if vps[0] == vps[1] else (0 if vps[0] > vps[1] else 1), "wiped-out")
        else:
            self._finish(0 if alive[0] else 1, "wiped-out")

    # --- a creature's turn (§6.2–§6.4) -----------------------------------------------------------------

    def _apply_activate(self, a: Activate) -> None:
        if self.stage != "activate":
            raise IllegalAction("no activation now")
        c = self.c(a.creature)
        if c.player != self.phases.player or c.activations_left <= 0 or not c.on_map:
            raise IllegalAction(f"{a.creature} cannot be activated now")
        c.activations_left -= 1
        self.phases.activated()
        self.turn_counter += 1
        t = Turn(creature=c.id, controller=c.player, speed=0, started_stunned=c.stunned)
        self.turn = t
        self.stage = "turn"
        self.decider = c.player
        self.ev("activate", creature=c.id, player=c.player)
        if not self.first_activated_this_round:
            self.first_activated_this_round = True
            t.aggression = c.traits.aggression > 0
        self._start_of_turn(c, t)
        if c.on_map:
            t.speed = self.speed(c)
            if self.params.charge_needs_sight_at_start:
                t.seen_at_start = {e.id for e in self.enemies_of(c) if self.can_see(c, e)}
        self.decider = t.controller
        if self.stage != "over" and (t.no_actions or not c.on_map):
            self._end_turn()

    def _start_of_turn(self, c: Creature, t: Turn) -> None:
        if c.poison:
            self.ev("poison", creature=c.id, amount=c.poison)
            poisoner = self.creatures.get(c.poisoned_by)
            self.deal_damage(c, [(c.poison, "poison-damage")], source=poisoner, kind="poison")
            if not c.on_map:
                return
        if c.stunned:
            self.ev("no-actions", creature=c.id, reason="stunned")
            t.no_actions = True
            return
        if c.helpless:
            self.ev("no-actions", creature=c.id, reason="helpless")
            t.no_actions = True
            return
        if c.confused_dc is not None:
            r = self.d20("confusion")
            if r <= 5:
                t.controller = self.opponent(c.player)
                self.ev("confusion", creature=c.id, roll=r, effect="opponent-controls")
            elif r <= 15:
                self.ev("confusion", creature=c.id, roll=r, effect="does-nothing")
                t.no_actions = True
                return
            else:
                self.ev("confusion", creature=c.id, roll=r, effect="normal")
        if c.routing:
            can_rally = t.controller == c.player and (c.is_commander or c.traits.independent or self.in_command(c))
            if can_rally and self.morale_save(c, cause=None, reason="rally"):
                c.routing = False
                self.ev("rally", creature=c.id)
                act = any(
                    e.stat == "rally_act" for k in self.on_map(c.player) if k.rating is not None and k.id != c.id
                    and self._commands(k, c) for e in self._ces(k)
                )
                if not act:
                    t.no_actions = True
                return
            self.flee(c)
            t.no_actions = True
            return
        for e in self.enemies_of(c):
            if e.traits.slow_effect_dc and e.active and self.adjacent(e, c):
                if not self.save(c, e.traits.slow_effect_dc, "slow-effect", cause=e):
                    t.max_attacks = 1
                break

    def _end_turn(self) -> None:
        t = self.turn
        if t is None:
            return
        c = self.creatures[t.creature]
        if c.on_map and self.stage != "over":
            if self._on_terrain(c, "risky"):
                r = self.d20("risky-terrain")
                self.ev("risky-terrain", creature=c.id, roll=r)
                if r <= 5:
                    self.deal_damage(c, [(10, "terrain")], source=None, kind="terrain")
            # saves at the end of each of its turns (glossary *Paralysis*, *Confusion*, *Entangle*)
            if c.on_map and c.paralysed_dc is not None and t.no_actions and self.save(c, c.paralysed_dc, "paralysis"):
                c.paralysed_dc = None
                self.ev("condition", creature=c.id, condition="paralysis-ends")
            if c.on_map and c.confused_dc is not None and self.save(c, c.confused_dc, "confusion"):
                c.confused_dc = None
                self.ev("condition", creature=c.id, condition="confusion-ends")
            if c.on_map and c.entangled_dc is not None and self.save(c, c.entangled_dc, "entangle"):
                c.entangled_dc = None
                self.ev("condition", creature=c.id, condition="entangle-ends")
            if c.on_map and t.started_stunned and c.stunned:
                c.stunned = False
                self.ev("condition", creature=c.id, condition="stun-ends")
            c.invisible = False
        for cid, mover in t.pit_checks:  # moved onto a pit in this turn: DC 15 or fall (§14 Pit)
            o = self.creatures[cid]
            if o.on_map and self.stage != "over" and any(self.map.grid.has_terrain(s, "pit") for s in o.squares()):
                if self.save(o, 15, "pit"):
                    self._fix_position(o, force=True)
                else:
                    self.eliminate(o, "fell into a pit", self.creatures[mover])
        if c.on_map and self.stage != "over" and any(self.map.grid.has_terrain(s, "pit") for s in c.squares()):
            self.eliminate(c, "ended its turn on a pit", None)
        if self.stage != "over":
            for o in sorted(self.on_map(), key=lambda x: x.id):
                self._fix_position(o)
        self.ev("turn-end", creature=c.id)
        self.turn = None
        if self.stage != "over":
            self._schedule()

    def _fix_position(self, c: Creature, force: bool = False) -> None:
        """A creature left in an illegal place is moved to the nearest legal square (§7.7)."""
        if c.anchor is None:
            return
        if not force and self._endable(c.size).get(c.anchor, False):
            return  # its own squares count as its own here: only the walls and terrain under it matter
        occ = {s: o for s, o in self.occupancy().items() if o is not c}
        grid = self.map.grid
        best: tuple[int, Sq] | None = None
        for s in grid.cells():
            if self._can_end(c, s, occ):
                if force and s == c.anchor:
                    continue
                d = grid_distance(s, c.anchor)
                if best is None or (d, s) < best:
                    best = (d, s)
        if best is not None and best[1] != c.anchor:
            c.anchor = best[1]
            self.ev("placed", creature=c.id, x=best[1][0], y=best[1][1], why="illegal position")

    def _auto_end_turn(self) -> None:
        """End the turn by itself when ending it is the only thing left to do."""
        while self.stage == "turn" and self.turn is not None:
            if self._turn_has_choice():
                return
            self._end_turn()

    def _turn_has_choice(self) -> bool:
        """Whether :meth:`_turn_actions` offers anything but ending the turn. The same answer, found without
        listing every action: the cheap kinds first, and the move search only when no single step will do."""
        c = self._turn_creature()
        t = self.turn
        assert t is not None
        if t.no_actions or not c.on_map:
            return False
        return bool(
            self._attack_actions(c, t) or self._has_move(c, t) or self._teleport_actions(c, t)
            or self._ability_actions(c, t) or self._cast_actions(c, t) or self._charge_actions(c, t)
        )

    def _has_move(self, c: Creature, t: Turn) -> bool:
        """``bool(self._move_actions(c, t))``: a step to a neighbouring square where the creature may stop is a
        destination (and the minimum move's step is one); otherwise ask the full search."""
        if t.move_blocked or c.anchor is None:
            return False
        if not t.burrowing:
            allow = self._move_allowance(c, t)
            minimum = t.moved == 0 and t.attacks_made == 0 and not t.acted and t.speed > 0
            if allow > 0 or minimum:
                occ = self.occupancy()
                mode = self._mode(c, False)
                for d in DIRECTIONS:
                    b = (c.anchor[0] + d[0], c.anchor[1] + d[1])
                    step = self._step(c, c.anchor, d, t.parity, mode, occ)
                    if step is not None and (step[0] <= allow or minimum) and self._can_end(c, b, occ):
                        return True
            if allow > 0 and self._destinations(c, allow, parity=t.parity)[0]:
                return True
        if c.traits.burrow and (t.steps == 0 or t.burrowing):
            allow = self._move_allowance(c, t, speed=c.traits.burrow)
            if allow > 0 and self._destinations(c, allow, burrow=True, parity=t.parity)[0]:
                return True
        return False

    def _turn_creature(self) -> Creature:
        if self.stage != "turn" or self.turn is None:
            raise IllegalAction("no creature is taking its turn")
        return self.creatures[self.turn.creature]

    def _move_allowance(self, c: Creature, t: Turn, speed: int | None = None) -> int:
        s = t.speed if speed is None else speed
        if t.no_actions or t.charged or t.move_blocked or not c.on_map:
            return 0
        if t.attacks_made == 0 and not t.acted:
            return max(0, 2 * s - t.moved)
        if c.traits.slow_attack in ("all", t.attack_kind) or (t.acted and c.traits.slow_attack == "all"):
            return 0
        if t.attacks_made >= 2:
            return 1 if c.traits.sidestep and t.steps == 0 else 0
        if t.moved_before_attack or t.moved_after_attack:
            if t.moved_after_attack and not t.moved_before_attack:
                return max(0, s - t.moved)
            if c.traits.spring_attack and t.attack_kind == "melee":
                return max(0, s - t.moved)
            if c.traits.mounted_melee and t.attack_kind == "melee":
                return max(0, 2 * s - t.moved)
            return 0
        if t.attack_kind == "whirlwind":
            return 1 if t.steps == 0 else 0
        return max(0, s - t.moved)

    def _can_attack_now(self, c: Creature, t: Turn, kind: str) -> bool:
        if t.no_actions or t.acted or t.charged or not c.on_map:
            return False
        if t.max_attacks is not None and t.attacks_made >= t.max_attacks:
            return False
        if c.traits.slow_attack in ("all", kind) and t.steps > 0:
            return False
        mounted = c.traits.mounted_melee and kind == "melee" and t.moved <= 2 * t.speed
        if t.moved > t.speed and not mounted:
            return False
        if t.attacks_made == 0:
            return True
        if t.attack_kind != kind or t.moved_after_attack:
            return False
        if t.steps == 0:
            return True
        return c.traits.sidestep and t.steps == 1 and t.moved_before_attack

    def melee_targets(self, c: Creature) -> list[Creature]:
        reach = c.traits.melee_reach
        out = []
        for e in self.enemies_of(c):
            at_reach = reach > 1 and self.space_distance(c, e) <= reach and self.map.grid.los(c.squares(), e.squares())
            if self.adjacent(c, e) or at_reach:
                out.append(e)
        return sorted(out, key=lambda e: e.id)

    def nearest_visible(self, c: Creature, pool: Iterable[Creature], max_range: int | None = None) -> list[Creature]:
        """The nearest creatures of ``pool`` that ``c`` can see, distance ignoring creatures and terrain (§8.9)."""
        seen = [(self.space_distance(c, e), e.id, e) for e in pool if e.id != c.id and self.can_see(c, e)]
        if not seen:
            return []
        best = min(d for d, _, _ in seen)
        if max_range is not None and best > max_range:
            return []
        return [e for d, _, e in sorted(seen) if d == best]

    def ranged_targets(self, c: Creature, spec: AttackSpec) -> list[Creature]:
        if self.hampered(c):
            return []
        return self.nearest_visible(c, self.enemies_of(c), spec.max_range)

    def _declare_options(self, c: Creature, t: Turn, spec: AttackSpec, tgt: Creature) -> list[tuple[str, ...]]:
        extras: list[str] = []
        if spec.kind == "melee":
            if any(sm.uses is not None and c.uses.get(f"smite:{n}", 0) > 0 and self._smite_applies(sm.against, tgt)
                   for n, sm in enumerate(c.traits.smites)):
                extras.append("smite")
            if c.traits.stunning_attack is not None and not t.stunning_used and (
                c.uses.get("stunning", 1) > 0 if c.traits.stunning_attack[1] else True
            ) and "stun" not in tgt.traits.immune:
                extras.append("stunning")
            if c.traits.death_attack_dc and c.traits.sneak_melee:
                extras.append("death-attack")
        options: list[tuple[str, ...]] = [()]
        options.extend((e,) for e in extras)
        if len(extras) > 1:
            options.append(tuple(extras))
        return options

    def _turn_actions(self) -> list[Action]:
        c = self._turn_creature()
        t = self.turn
        assert t is not None
        acts: list[Action] = []
        if not t.no_actions and c.on_map:
            acts.extend(self._move_actions(c, t))
            acts.extend(self._attack_actions(c, t))
            acts.extend(self._charge_actions(c, t))
            acts.extend(self._cast_actions(c, t))
            acts.extend(self._ability_actions(c, t))
            acts.extend(self._teleport_actions(c, t))
        acts.append(EndTurn())
        return acts

    def _move_actions(self, c: Creature, t: Turn) -> list[Action]:
        acts: list[Action] = []
        if t.move_blocked:
            return acts
        if not t.burrowing:
            allow = self._move_allowance(c, t)
            have: set[Sq] = set()
            if allow > 0:
                dests, _ = self._destinations(c, allow, parity=t.parity)
                have = set(dests)
                acts.extend(Move(to=dest) for dest in sorted(dests))
            if t.moved == 0 and t.attacks_made == 0 and not t.acted and t.speed > 0:  # minimum 1 square (§6.2)
                occ = self.occupancy()
                assert c.anchor is not None
                for d in DIRECTIONS:
                    b = (c.anchor[0] + d[0], c.anchor[1] + d[1])
                    if b in have:
                        continue
                    if self._step(c, c.anchor, d, t.parity, self._mode(c, False), occ) and self._can_end(c, b, occ):
                        acts.append(Move(to=b))
        if c.traits.burrow and (t.steps == 0 or t.burrowing):
            allow = self._move_allowance(c, t, speed=c.traits.burrow)
            if allow > 0:
                dests, _ = self._destinations(c, allow, burrow=True, parity=t.parity)
                acts.extend(Move(burrow=True, to=dest) for dest in sorted(dests))
        return acts

    def _engine_path(self, c: Creature, t: Turn, to: Sq, burrow: bool) -> tuple[Sq, ...]:
        """The path the engine takes to ``to`` (a legal destination, or a single step under the minimum rule)."""
        allow = self._move_allowance(c, t, speed=c.traits.burrow if burrow else None)
        if allow > 0:
            dests, paths = self._destinations(c, allow, burrow=burrow, parity=t.parity)
            if to in dests:
                return paths.path(dests[to][2])
        if c.anchor is not None and max(abs(to[0] - c.anchor[0]), abs(to[1] - c.anchor[1])) == 1:
            return (to,)
        raise IllegalAction(f"{c.id} cannot move to {to}")

    def attack_choices(self, c: Creature, t: Turn) -> list[tuple[int, AttackSpec, list[Creature]]]:
        """Each attack ``c`` may make now (not yet made this turn, a use left, allowed at this point of its turn)
        with the creatures it may target, in card order: what the legal attacks and a player's choice start from."""
        out: list[tuple[int, AttackSpec, list[Creature]]] = []
        melee_targets: list[Creature] | None = None
        for i, spec in enumerate(c.card.attacks):
            if i in t.used_attacks or not c.attack_left(i) or not self._can_attack_now(c, t, spec.kind):
                continue
            if spec.kind == "melee":
                if melee_targets is None:
                    melee_targets = self.melee_targets(c)
                out.append((i, spec, melee_targets))
            else:
                out.append((i, spec, self.ranged_targets(c, spec)))
        return out

    def _attack_actions(self, c: Creature, t: Turn) -> list[Action]:
        return [Attack(i, tgt.id, decl) for i, spec, targets in self.attack_choices(c, t)
                for tgt in targets for decl in self._declare_options(c, t, spec, tgt)]

    def _apply_turn_action(self, action: Action) -> None:
        c = self._turn_creature()
        t = self.turn
        assert t is not None
        if isinstance(action, EndTurn):
            self._end_turn()
            return
        if t.no_actions:
            raise IllegalAction(f"{c.id} can take no actions this turn")
        if isinstance(action, Move):
            self._apply_move(c, t, action)
        elif isinstance(action, Attack):
            self._apply_attack(c, t, action)
        elif isinstance(action, Charge):
            self._apply_charge(c, t, action)
        elif isinstance(action, Cast):
            self._apply_cast(c, t, action)
        elif isinstance(action, UseAbility):
            self._apply_ability(c, t, action)
        elif isinstance(action, Teleport):
            self._apply_teleport(c, t, action)
        else:
            raise IllegalAction(f"unknown action {action!r}")

    def _apply_move(self, c: Creature, t: Turn, a: Move) -> None:
        if not a.path:
            if a.to is None:
                raise IllegalAction("a move needs a path or a destination")
            a = Move(self._engine_path(c, t, (a.to[0], a.to[1]), a.burrow), burrow=a.burrow)
        if a.burrow and not c.traits.burrow:
            raise IllegalAction(f"{c.id} cannot burrow")
        if (a.burrow and t.steps and not t.burrowing) or (t.burrowing and not a.burrow):
            raise IllegalAction("a burrowing creature burrows for its whole move")
        cost, parity = self.path_cost(c, a.path, burrow=a.burrow, parity=t.parity)
        allow = self._move_allowance(c, t, speed=c.traits.burrow if a.burrow else None)
        minimum = len(a.path) == 1 and t.moved == 0 and t.attacks_made == 0 and not t.acted and t.speed > 0
        if cost > allow and not minimum:
            raise IllegalAction(f"{c.id} has {allow} squares of movement left; the path costs {cost}")
        if not self._can_end(c, a.path[-1], self.occupancy()):
            raise IllegalAction(f"{c.id} cannot end its move at {a.path[-1]}")
        if c.entangled_dc is not None and not c.traits.flight:
            if self.save(c, c.entangled_dc, "entangle"):
                c.entangled_dc = None
            else:
                t.move_blocked = True  # entangled: cannot move this turn
                self.ev("entangled", creature=c.id)
                return
        if a.burrow:
            t.burrowing = True
        sidestep = c.traits.sidestep and t.steps == 0 and len(a.path) == 1  # moves only 1 square: no AoO
        if t.attacks_made == 0 and not t.acted:
            t.moved_before_attack = True
        else:
            t.moved_after_attack = True
        # the minimum 1-square move spends the whole turn
        t.moved += max(cost, 2 * t.speed + 1) if minimum and cost > allow else cost
        t.steps += len(a.path)
        t.parity = parity
        self.ev("move", creature=c.id, path=[list(p) for p in a.path], cost=cost, burrow=a.burrow)
        completed = self._walk(c, a.path, burrow=a.burrow, sidestep=sidestep)
        if not completed and c.on_map and not c.routing:
            t.no_actions = True  # stopped mid-move (stunned, paralysed...)

    def _apply_attack(self, c: Creature, t: Turn, a: Attack) -> None:
        if not 0 <= a.attack < len(c.card.attacks):
            raise IllegalAction(f"{c.id} has no attack #{a.attack}")
        spec = c.card.attacks[a.attack]
        tgt = self.c(a.target)
        if a.attack in t.used_attacks or not self._can_attack_now(c, t, spec.kind):
            raise IllegalAction(f"{c.id} cannot make attack #{a.attack} now")
        targets = self.melee_targets(c) if spec.kind == "melee" else self.ranged_targets(c, spec)
        if tgt not in targets:
            raise IllegalAction(f"{a.target} is not a legal target for {c.id}'s {spec.kind} attack")
        if tuple(a.declare) not in self._declare_options(c, t, spec, tgt):
            raise IllegalAction(f"cannot declare {a.declare}")
        t.used_attacks.add(a.attack)
        t.attacks_made += 1
        t.attack_kind = spec.kind
        if spec.kind == "ranged":
            tgt = self._arrow_catcher(c, tgt)
        self.attack(c, tgt, a.attack, declare=a.declare)

    def _arrow_catcher(self, att: Creature, tgt: Creature) -> Creature:
        """Arrow Catching Shield: enemy ranged attacks on creatures adjacent to it hit it instead."""
        for k in sorted(self.allies_of(tgt), key=lambda x: x.id):
            if k.traits.arrow_catching_shield and k.active and self.adjacent(k, tgt):
                self.ev("arrow-catching-shield", creature=k.id, instead_of=tgt.id)
                return k
        return tgt

    def _apply_teleport(self, c: Creature, t: Turn, a: Teleport) -> None:
        if Teleport(a.x, a.y) not in self._teleport_actions(c, t):
            raise IllegalAction(f"{c.id} cannot teleport to ({a.x}, {a.y})")
        c.anchor = (a.x, a.y)
        c.teleported_round = self.round
        self.ev("teleport", creature=c.id, x=a.x, y=a.y)

    def _teleport_actions(self, c: Creature, t: Turn) -> list[Action]:
        """Teleport squares (§14): a swift action once per round, not while routing."""
        grid = self.map.grid
        if c.routing or c.teleported_round == self.round or c.anchor is None:
            return []
        here = [s for s in c.squares() if grid.has_terrain(s, "teleport")]
        if not here:
            return []
        occ = self.occupancy()
        out: list[Action] = []
        pads = sorted(s for s, tr in grid.terrain.items() if "teleport" in tr and s not in here)
        for pad in pads:
            if pad in occ:
                continue
            for j in range(c.size):
                for i in range(c.size):
                    anchor = (pad[0] - i, pad[1] - j)
                    if self._can_end(c, anchor, occ):
                        out.append(Teleport(anchor[0], anchor[1]))
                        break
                else:
                    continue
                break
        return out

    # --- charge (§8.7) -------------------------------------------------------------------------------

    def charge_plan(self, c: Creature, t: Turn) -> list[tuple[Creature, tuple[Sq, ...]]]:
        """Every legal charge: the nearest visible enemy by charge path, to its nearest adjacent square, at
        least 2 squares, along a clear line (§8.7). Empty if anything stops a charge at the nearest enemy.
        The last answer is kept: a player looking at its charges and the charge then played ask the same."""
        key = (c.id, self.turn_counter, t.moved, t.attacks_made, t.acted, t.charged, t.no_actions, t.burrowing,
               t.move_blocked, t.speed, t.max_attacks, self._move_snapshot())
        if self._charge_memo is not None and self._charge_memo[0] == key:
            return list(self._charge_memo[1])
        plan = self._charge_plan_uncached(c, t)
        self._charge_memo = (key, plan)
        return list(plan)

    def _charge_plan_uncached(self, c: Creature, t: Turn) -> list[tuple[Creature, tuple[Sq, ...]]]:
        if t.moved or t.attacks_made or t.acted or t.charged or t.no_actions or t.burrowing or t.move_blocked:
            return []
        if not c.card.melee() or t.speed <= 0 or t.max_attacks == 0 or c.anchor is None:
            return []
        # an enemy farther than this cannot be reached (no path is shorter than the straight count), so it
        # cannot be the nearest by charge path either
        reach = 2 * t.speed + c.size + 1
        visible = [e for e in self.enemies_of(c) if self.space_distance(c, e) <= reach and self.can_see(c, e)]
        if self.params.charge_needs_sight_at_start:  # the printed rule, deleted by the 2007 errata
            visible = [e for e in visible if e.id in t.seen_at_start]
        if not visible:
            return []
        through = c.traits.flight or c.traits.incorporeal
        occ = self.occupancy()

        others = set() if through else {s for s, o in occ.items() if o is not c}

        offsets = [(i, j) for j in range(c.size) for i in range(c.size)]
        # the anchors from which c's space would touch each enemy
        adjacent_to = {
            e.id: {(n[0] - i, n[1] - j) for x in e.squares() for n in self.neighbours(x) for i, j in offsets}
            for e in visible
        }
        # only the nearest enemy by charge path can be charged: the search may stop there
        dist, prev = self._reach(c, 2 * t.speed, safe=False, terminal=others, no_slow=c.traits.stagger,
                                 until=set().union(*adjacent_to.values()))
        per_enemy: dict[str, tuple[int, list[tuple[Sq, int]]]] = {}
        for key, (cost, _) in dist.items():
            a = key[0]
            for e in visible:
                if a in adjacent_to[e.id]:
                    cur = per_enemy.get(e.id)
                    if cur is None or cost < cur[0]:
                        per_enemy[e.id] = (cost, [key])
                    elif cost == cur[0] and key not in cur[1]:
                        cur[1].append(key)
        if not per_enemy:
            return []
        nearest = min(v[0] for v in per_enemy.values())
        out: list[tuple[Creature, tuple[Sq, ...]]] = []
        for eid, (cost, keys) in sorted(per_enemy.items()):
            if cost != nearest or cost < 2:
                continue
            seen: set[Sq] = set()
            for key in keys:
                a = key[0]
                if a in seen or not self._can_end(c, a, occ):
                    continue
                seen.add(a)
                if not c.traits.stagger and not self._charge_line_clear(c, a, occ):
                    continue
                out.append((self.creatures[eid], self._path_to(prev, key)))
        return out

    def _charge_line_clear(self, c: Creature, end: Sq, occ: Mapping[Sq, Creature]) -> bool:
        """No line between start and end spaces passes through a slowing or blocking square or a creature
        (§8.7 requirement 5, Q16: the corridor of corner-to-corner lines plus the centre line of each square the
        charger covers; touching does not count). A Large or Huge charger sweeps every row and column its
        space covers, so each of its squares draws its own lines."""
        assert c.anchor is not None
        grid = self.map.grid
        n = c.size
        a, b = c.anchor, end
        offsets = sorted({(2 * i + ox, 2 * j + oy) for j in range(n) for i in range(n)
                          for ox, oy in ((0, 0), (2, 0), (0, 2), (2, 2), (1, 1))})
        segs = [((2 * a[0] + ox, 2 * a[1] + oy), (2 * b[0] + ox, 2 * b[1] + oy)) for ox, oy in offsets]
        start = set(c.squares())
        through = c.traits.flight or c.traits.incorporeal
        x0, x1 = min(a[0], b[0]), max(a[0], b[0]) + n
        y0, y1 = min(a[1], b[1]), max(a[1], b[1]) + n
        for y in range(y0, y1):
            for x in range(x0, x1):
                s = (x, y)
                if s in start:
                    continue
                blocking = grid.is_solid(s) and not c.traits.incorporeal
                t = grid.terrain_at(s)
                if not through and t and (t & SLOW_TERRAIN or "pit" in t):
                    blocking = True
                o = occ.get(s)
                if o is not None and o is not c and not through:
                    blocking = True
                if blocking and any(segment_crosses_interior(p, q, s, scale=2) for p, q in segs):
                    return False
        if not c.traits.incorporeal:
            for wa, wb in grid.edge_walls:
                p0, p1 = grid.edge_segment(wa, wb)
                w0, w1 = (2 * p0[0], 2 * p0[1]), (2 * p1[0], 2 * p1[1])
                for p, q in segs:
                    if _proper_cross(p, q, w0, w1):
                        return False
        return True

    def _charge_actions(self, c: Creature, t: Turn) -> list[Action]:
        acts: list[Action] = []
        for tgt, path in self.charge_plan(c, t):
            for i, spec in enumerate(c.card.attacks):
                if spec.kind != "melee" or not c.attack_left(i):
                    continue
                for decl in self._declare_options(c, t, spec, tgt):
                    acts.append(Charge(tgt.id, path, i, decl))
                if c.traits.pounce:
                    break  # Pounce makes every melee attack: one option per path
        return acts

    def _apply_charge(self, c: Creature, t: Turn, a: Charge) -> None:
        plan = self.charge_plan(c, t)
        if not any(tgt.id == a.target and path == tuple(a.path) for tgt, path in plan):
            raise IllegalAction(f"{c.id} cannot charge {a.target} along {a.path}")
        spec = c.card.attacks[a.attack] if 0 <= a.attack < len(c.card.attacks) else None
        if spec is None or spec.kind != "melee":
            raise IllegalAction("a charge ends in a melee attack")
        tgt = self.c(a.target)
        cost, parity = self.path_cost(c, a.path, parity=t.parity)
        t.charged = True
        t.moved, t.steps, t.parity = cost, len(a.path), parity
        t.moved_before_attack = True
        target_anchor = tgt.anchor
        self.ev("charge", creature=c.id, target=tgt.id, path=[list(p) for p in a.path], cost=cost)
        if not self._walk(c, a.path) or not c.on_map or c.routing:
            return
        if not tgt.on_map or tgt.anchor != target_anchor:
            self.ev("charge-lost-target", creature=c.id, target=tgt.id)
            return
        if c.traits.hurling_charge and c.card.ranged():
            ri = next(i for i, x in enumerate(c.card.attacks) if x.kind == "ranged")
            self.attack(c, tgt, ri, charge=False)
            if not tgt.on_map or tgt.anchor != target_anchor or not c.on_map:
                self.ev("charge-lost-target", creature=c.id, target=tgt.id)
                return
        if tgt.traits.set_against_charge:
            self.ev("set-against-charge", creature=tgt.id, target=c.id, amount=tgt.traits.set_against_charge)
            self.deal_damage(c, [(tgt.traits.set_against_charge, "ability")], source=tgt, kind="ability")
            if not c.on_map or c.routing:
                return
        indices = [i for i, x in enumerate(c.card.attacks) if x.kind == "melee"] if c.traits.pounce else [a.attack]
        for i in indices:
            if not tgt.on_map or not c.on_map or c.routing or not self.adjacent(c, tgt):
                break
            t.attacks_made += 1
            t.attack_kind = "melee"
            t.used_attacks.add(i)
            self.attack(c, tgt, i, charge=True, declare=a.declare if i == a.attack else ())

    # --- spells and area effects (§12) -----------------------------------------------------------------

    def _spell_available(self, c: Creature, i: int, spell: SpellSpec) -> str | None:
        """The resource a cast would spend ("" for unlimited), or None if none is left."""
        if spell.unlimited:
            return ""
        if spell.power_points is not None and "pp" in c.uses:
            return "pp" if c.uses["pp"] >= spell.power_points else None
        if c.card.sorcerer_slots and spell.spell_level is not None:
            for level in sorted(c.card.sorcerer_slots):
                if level >= spell.spell_level and c.uses.get(f"slot:{level}", 0) > 0:
                    return f"slot:{level}"
            return None
        return f"spell:{i}" if c.uses.get(f"spell:{i}", 0) > 0 else None

    def _spend(self, c: Creature, key: str, spell: SpellSpec | None = None) -> None:
        if not key:
            return
        if key == "pp" and spell is not None and spell.power_points:
            c.uses["pp"] -= spell.power_points
        else:
            c.uses[key] = c.uses.get(key, 0) - 1

    def _may_affect(self, c: Creature, x: Creature, eff: SpellEffect) -> bool:
        r = eff.restriction
        if not r:
            return True
        if r == "living":
            return x.traits.living
        if r == "nonliving":
            return not x.traits.living
        return r.rstrip("s") in {w.rstrip("s") for w in x.traits.types}

    def _effect_targets(self, c: Creature, eff: SpellEffect, *, is_spell: bool) -> list[Creature]:
        """Who a single-target effect may be aimed at (§12.1): touch, self, or the nearest enemy/ally."""
        rng = eff.range
        harmful = eff.harmful
        if rng in ("self", "personal"):
            return [c]
        if rng == "touch":
            pool = [c, *[o for o in self.on_map() if o.id != c.id and (self.adjacent(c, o) or (
                c.traits.melee_reach > 1 and self.space_distance(c, o) <= c.traits.melee_reach))]]
            # boons to allies, harm to enemies; heal also harms an Undead enemy (§10.5)
            pool = [o for o in pool if (o.player != c.player) == harmful
                    or (eff.heal and not harmful and o.player != c.player and _undead(o))]
            return [o for o in pool if self._may_affect(c, o, eff)]
        limit: int | None = None
        if rng.startswith("range"):
            try:
                limit = int(rng.split()[1])
            except (IndexError, ValueError):
                limit = 6
        elif rng not in ("sight", "cone", "line", "line 12") and not rng.startswith("line"):
            return []
        pool = self.enemies_of(c) if harmful else self.allies_of(c)
        found = self._aimed_at(c, pool, limit, eff.any_target)
        if eff.heal and not harmful:  # and the nearest enemy, if it is Undead
            found += [o for o in self._aimed_at(c, self.enemies_of(c), limit, eff.any_target) if _undead(o)]
        return [o for o in found if self._may_affect(c, o, eff)]

    def _aimed_at(self, c: Creature, pool: list[Creature], limit: int | None, any_target: bool) -> list[Creature]:
        """The creatures of ``pool`` a ranged effect may be aimed at: the nearest seen, or with *any* every one
        seen, within ``limit`` squares if it has one (§12.1)."""
        if any_target:
            return [o for o in pool if self.can_see(c, o) and (limit is None or self.space_distance(c, o) <= limit)]
        return self.nearest_visible(c, pool, limit)

    def _effect_options(self, c: Creature, eff: SpellEffect, *, is_spell: bool) -> list[tuple[str, int, int, str]]:
        """(target, x, y, aim) choices for an effect."""
        if eff.range in ("your warband", "any warband"):
            return [("", -1, -1, "")]
        if eff.teleport:
            return [("", x, y, "") for x, y in self._teleport_destinations(c)]
        targets = self._effect_targets(c, eff, is_spell=is_spell)
        if eff.range.startswith("cone"):
            return [(tgt.id, -1, -1, aim) for tgt in targets for aim in self._cone_aims(c, tgt)]
        if eff.range.startswith("line"):
            return [(tgt.id, -1, -1, aim) for tgt in targets for aim in self._line_aims(c, tgt)]
        if eff.radius:
            return [(tgt.id, hx, hy, "") for tgt in targets for hx, hy in self._hole_options(tgt)]
        return [(tgt.id, -1, -1, "") for tgt in targets]

    def _teleport_destinations(self, c: Creature) -> list[Sq]:
        """dimension door: any space the creature can see at least part of."""
        occ = self.occupancy()
        grid = self.map.grid
        table: dict[tuple[Sq, int], list[Sq]] = self.map.cache.setdefault("seen-anchors", {})
        assert c.anchor is not None
        seen = table.get((c.anchor, c.size))
        if seen is None:  # where it could see at least part of the space: static, so cached per map
            seen = [s for s in grid.cells() if s != c.anchor and self._endable(c.size).get(s, False)
                    and any(grid.square_los(a, b) for a in c.squares() for b in c.squares(s))]
            table[(c.anchor, c.size)] = seen
        return [s for s in seen if self._can_end(c, s, occ)]

    def _hole_options(self, tgt: Creature) -> list[Sq]:
        """Radius templates: the 2×2 hole contains a small target, is a Large target, or lies in a Huge one."""
        assert tgt.anchor is not None
        x, y = tgt.anchor
        if tgt.size == 1:
            return [(x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)]
        if tgt.size == 2:
            return [(x, y)]
        return [(x + i, y + j) for j in range(tgt.size - 1) for i in range(tgt.size - 1)]

    def _area_radius(self, hole: Sq, radius: int) -> set[Sq]:
        grid = self.map.grid
        hs = [(hole[0] + i, hole[1] + j) for j in range(2) for i in range(2)]
        origin = (hole[0] + 1, hole[1] + 1)
        out = set()
        for y in range(hole[1] - radius, hole[1] + 2 + radius):
            for x in range(hole[0] - radius, hole[0] + 2 + radius):
                s = (x, y)
                if not grid.in_bounds(s) or min(grid_distance(s, h) for h in hs) > radius:
                    continue
                if any(grid.segment_clear(origin, q) for q in square_corners(s)):
                    out.add(s)
        return out

    def _cone_aims(self, c: Creature, tgt: Creature) -> list[str]:
        assert c.anchor is not None
        x, y, n = c.anchor[0], c.anchor[1], c.size
        aims = []
        for px, py, dx, dy in ((x, y, -1, -1), (x + n, y, 1, -1), (x, y + n, -1, 1), (x + n, y + n, 1, 1)):
            for ddx, ddy in ((dx, dy), (dx, 0), (0, dy)):
                aim = f"cone:{px},{py},{ddx},{ddy}"
                if any(s in self._area_cone(aim) for s in tgt.squares()):
                    aims.append(aim)
        return aims

    def _area_cone(self, aim: str) -> set[Sq]:
        """A 6-square, 90° cone from a corner of the caster's space (§12.3, reconstruction §20.4)."""
        px, py, dx, dy = (int(v) for v in aim.split(":")[1].split(","))
        grid = self.map.grid
        origin = (px, py)
        out = set()
        for y in range(py - 7, py + 7):
            for x in range(px - 7, px + 7):
                vx, vy = 2 * x + 1 - 2 * px, 2 * y + 1 - 2 * py
                if dx and dy:
                    inside = vx * dx > 0 and vy * dy > 0
                elif dx:
                    inside = vx * dx > 0 and abs(vy) <= vx * dx
                else:
                    inside = vy * dy > 0 and abs(vx) <= vy * dy
                if not inside or not grid.in_bounds((x, y)):
                    continue
                ax, ay = abs(vx), abs(vy)
                if max(ax, ay) + min(ax, ay) // 2 > 12:
                    continue
                if any(grid.segment_clear(origin, q) for q in square_corners((x, y))):
                    out.add((x, y))
        return out

    def _line_aims(self, c: Creature, tgt: Creature) -> list[str]:
        aims = []
        seen: set[frozenset[Sq]] = set()
        for p in sorted({q for s in c.squares() for q in square_corners(s)}):
            for q in sorted({q for s in tgt.squares() for q in square_corners(s)}):
                if p == q:
                    continue
                aim = f"line:{p[0]},{p[1]},{q[0]},{q[1]}"
                area = frozenset(self._area_line(c, aim))
                if area and area not in seen and any(s in area for s in tgt.squares()):
                    seen.add(area)
                    aims.append(aim)
        return aims

    def _area_line(self, c: Creature, aim: str) -> set[Sq]:
        """line 12: every square the line from a corner of the caster to a corner of the target passes through
        or touches, to 12 squares, until it meets a wall; not squares touching only its start point (§12.3)."""
        px, py, qx, qy = (int(v) for v in aim.split(":")[1].split(","))
        grid = self.map.grid
        dx, dy = qx - px, qy - py
        length = max(abs(dx), abs(dy)) + min(abs(dx), abs(dy)) // 2
        k = 12 // max(length, 1) + 1
        end = (px + dx * k, py + dy * k)
        own = set(c.squares())
        cells = []
        for s in grid.cells_near_segment((px, py), end):
            if s in own or not segment_touches_square((px, py), end, s, allow_endpoints=True):
                continue
            if not segment_touches_square((px, py), end, s, allow_endpoints=False):
                continue
            cells.append(s)
        # order by distance from the origin along the line, stop at the first wall
        cells.sort(key=lambda s: (2 * s[0] + 1 - 2 * px) * dx + (2 * s[1] + 1 - 2 * py) * dy)
        out = set()
        for s in cells:
            if grid.is_solid(s):
                break
            if min(grid_distance(s, o) for o in own) > 12:
                break
            out.add(s)
        return out

    def _area_for(self, c: Creature, eff: SpellEffect, target: str, x: int, y: int, aim: str) -> list[Creature]:
        if eff.range in ("your warband",):
            return self.on_map(c.player)
        if eff.range == "any warband":
            return self.on_map(c.player if not eff.harmful else self.opponent(c.player))
        squares: set[Sq] | None = None
        if aim.startswith("cone:"):
            squares = self._area_cone(aim) - set(c.squares())
        elif aim.startswith("line:"):
            squares = self._area_line(c, aim)
        elif eff.radius and x >= 0:
            squares = self._area_radius((x, y), eff.radius)
        if squares is None:
            return [self.c(target)] if target else [c]
        return [o for o in self.on_map() if any(s in squares for s in o.squares())]

    def _cast_actions(self, c: Creature, t: Turn) -> list[Action]:
        if t.acted or t.attacks_made or t.charged or t.no_actions or t.moved > t.speed:
            return []
        if c.traits.slow_attack == "all" and t.steps > 0:
            return []
        hampered: bool | None = None
        acts: list[Action] = []
        for i, spell in enumerate(c.card.spells):
            if self._spell_available(c, i, spell) is None:
                continue
            eff = spell_effect(spell)
            if not eff.modelled:
                continue
            if eff.range != "touch" and eff.range not in ("self", "personal"):
                if hampered is None:
                    hampered = self.hampered(c)
                if hampered:
                    continue
            for target, x, y, aim in self._effect_options(c, eff, is_spell=True):
                acts.append(Cast(i, target, x, y, aim))
        return acts

    def _apply_cast(self, c: Creature, t: Turn, a: Cast) -> None:
        if a not in self._cast_actions(c, t):
            raise IllegalAction(f"{c.id} cannot cast {a}")
        spell = c.card.spells[a.spell]
        eff = spell_effect(spell)
        key = self._spell_available(c, a.spell, spell)
        assert key is not None
        self._spend(c, key, spell)
        t.acted = True
        t.attack_kind = "spell"
        self.ev("cast", creature=c.id, spell=spell.name, target=a.target or None, x=a.x, y=a.y, aim=a.aim)
        for e in self.enemies_of(c):
            if e.traits.antimagic_eye and self.can_see(e, c):
                r = self.d20("antimagic")
                self.ev("antimagic", creature=e.id, caster=c.id, roll=r, kept=r >= 11)
                if r < 11:
                    return
                break
        if eff.teleport:
            c.anchor = (a.x, a.y)
            self.ev("teleport", creature=c.id, x=a.x, y=a.y, spell=spell.name)
            return
        affected = self._area_for(c, eff, a.target, a.x, a.y, a.aim)
        self._resolve_effect(c, eff, affected, spell.name, is_spell=True)

    def _resolve_effect(self, c: Creature, eff: SpellEffect, affected: Sequence[Creature], name: str,
                        *, is_spell: bool) -> None:
        key = _version_key(name)
        for x in sorted(affected, key=lambda o: o.id):
            if not x.on_map or self.stage == "over":
                continue
            if not self._may_affect(c, x, eff):
                continue
            enemy = x.player != c.player
            if is_spell:
                if x.traits.almighty and not enemy:
                    continue
                if norm(name) in x.traits.spell_immunity:
                    continue
                if enemy and x.traits.spell_resistance_all:
                    continue
                if enemy and x.traits.spell_resistance:
                    r = self.d20("spell-resistance")
                    self.ev("spell-resistance", creature=x.id, roll=r, affected=r >= x.traits.spell_resistance)
                    if r < x.traits.spell_resistance:
                        continue
            if enemy:
                self.fighting_this_round = True
            if eff.damage:
                dmg = eff.damage
                saves = eff.dc is not None and not (eff.damage_type == "negative" and "undead" in x.traits.types)
                saved = saves and eff.dc is not None and self.save(x, eff.dc, "spell" if is_spell else "ability",
                                                                   cause=c)
                if saved:
                    if eff.negates:
                        continue
                    dmg = _half(dmg)
                self.deal_damage(x, [(dmg, eff.damage_type or "magic")], source=c,
                                 kind="spell" if is_spell else "ability")
                # the save that halved the damage also avoided the rest of the effect (§10.6)
                if eff.condition and x.on_map and eff.dc is not None and not saved:
                    self._apply_condition(c, x, eff.condition, eff.dc, saved_already=True)
                continue
            if eff.condition:
                self._apply_condition(c, x, eff.condition, eff.dc)
                continue
            if eff.heal:
                self.heal(x, eff.heal, c, 12 + eff.spell_level if is_spell else c.card.level)
                if enemy:
                    continue  # an Undead enemy aimed at with a heal: the damage only, no boon
            if eff.hp_bonus:
                self.gain_hp(x, eff.hp_bonus, name)
            if eff.buffs:
                x.effects[key] = Effect(name, eff.buffs)
                self.ev("effect", creature=x.id, name=name, stats=[f"{s}{v:+d}" for s, v in eff.buffs])

    def _apply_condition(self, c: Creature, x: Creature, condition: str, dc: int | None,
                         saved_already: bool = False) -> None:
        immune_name = {"stun": "stun", "paralysis": "paralysis", "sleep": "sleep", "confusion": "confusion",
                       "poison": "poison", "entangle": "entangle"}.get(condition, condition)
        if immune_name in x.traits.immune or (condition == "confusion" and not x.traits.living):
            return
        if condition == "entangle" and x.traits.flight:
            return
        if dc is not None and not saved_already and self.save(x, dc, condition, cause=c):
            return
        if condition == "stun":
            self.set_stunned(x)
        elif condition == "paralysis":
            x.paralysed_dc = dc or 10
        elif condition == "sleep":
            x.asleep = True
        elif condition == "confusion":
            x.confused_dc = dc or 10
        elif condition == "entangle":
            x.entangled_dc = dc or 10
        elif condition == "poison":  # the bare keyword: the common poison, 5 damage each activation
            self._suffer_poison(x, Poison(dc or 10, each=5), c, saved_already=True)
            return
        elif condition == "destroy":
            self.eliminate(x, "destroyed", c)
            return
        self.ev("condition", creature=x.id, condition=condition)

    # --- special abilities used as actions ---------------------------------------------------------------

    def _ability_actions(self, c: Creature, t: Turn) -> list[Action]:
        acts: list[Action] = []
        tr = c.traits
        fresh = not t.acted and t.attacks_made == 0 and not t.charged and t.moved <= t.speed
        if fresh and tr.turn_undead is not None and c.uses.get(norm("turn undead"), 1) > 0:
            undead = [o for o in self.on_map() if o.id != c.id and "undead" in o.traits.types
                      and o.card.level <= tr.turn_undead and self.space_distance(c, o) <= 12]
            for o in self.nearest_visible(c, undead):
                acts.append(UseAbility("turn undead", o.id))
        if fresh:
            for aa in tr.area_attacks:
                if aa.uses and c.uses.get(norm(aa.name), 0) <= 0:
                    continue
                if aa.gaze and c.invisible:
                    continue
                eff = _area_effect(aa)
                for target, x, y, aim in self._effect_options(c, eff, is_spell=False):
                    acts.append(UseAbility(aa.name, target, x, y, aim))
        if fresh and tr.whirlwind and t.steps <= 1 and c.card.melee() and self.melee_targets(c):
            acts.append(UseAbility("whirlwind attack"))
        if tr.leap is not None and self._can_attack_now(c, t, "melee") and t.attacks_made == 0 and c.card.melee():
            for o in self.melee_targets(c):
                acts.append(UseAbility("leap", o.id))
        if fresh:
            for o in self.allies_of(c):
                if o.asleep and self.adjacent(o, c):
                    acts.append(UseAbility("wake", o.id))
        if tr.ghost_step and not c.invisible and c.uses.get(norm("ghost step"), 1) > 0:
            acts.append(UseAbility("ghost step"))
        return acts

    def _apply_ability(self, c: Creature, t: Turn, a: UseAbility) -> None:
        if a not in self._ability_actions(c, t):
            raise IllegalAction(f"{c.id} cannot use {a}")
        name = norm(a.name)
        self.ev("ability", creature=c.id, name=a.name, target=a.target or None)
        if name == "ghost step":
            if norm("ghost step") in c.uses:
                c.uses[norm("ghost step")] -= 1
            c.invisible = True
            return
        t.acted = True
        t.attack_kind = "ability"
        if name == "turn undead":
            if norm("turn undead") in c.uses:
                c.uses[norm("turn undead")] -= 1
            tgt = self.c(a.target)
            if tgt.player != c.player:
                self.fighting_this_round = True
            if not self.morale_save(tgt, cause=c, reason="turn-undead", turn_undead=True, routs=True):
                self.rout(tgt, c)
        elif name == "whirlwind attack":
            t.attack_kind = "whirlwind"
            idx = next(i for i, x in enumerate(c.card.attacks) if x.kind == "melee")
            for tgt in self.melee_targets(c):
                if c.on_map and tgt.on_map and not c.routing:
                    self.attack(c, tgt, idx)
        elif name == "leap":
            assert c.traits.leap is not None
            idx = next(i for i, x in enumerate(c.card.attacks) if x.kind == "melee")
            t.attacks_made += 1
            t.attack_kind = "melee"
            self.attack(c, self.c(a.target), idx, leap=c.traits.leap)
        elif name == "wake":
            tgt = self.c(a.target)
            tgt.asleep = False
            self.ev("condition", creature=tgt.id, condition="awake")
        else:
            aa = next(x for x in c.traits.area_attacks if norm(x.name) == name)
            if aa.uses:
                c.uses[norm(aa.name)] -= 1
            eff = _area_effect(aa)
            affected = self._area_for(c, eff, a.target, a.x, a.y, a.aim)
            self._resolve_effect(c, eff, affected, aa.name, is_spell=False)


# --- module helpers ----------------------------------------------------------------------------------------

_UNSEEN = 1 << 60  # the move search's mark for a key not reached yet (above any cost << 10)


def _axis_gaps(a: Sq, a_size: int, b: Sq, b_size: int) -> tuple[int, int]:
    """How many squares apart two square spaces (anchor, size) are along x and along y (0: they overlap on
    that axis)."""
    dx = max(b[0] - (a[0] + a_size - 1), a[0] - (b[0] + b_size - 1), 0)
    dy = max(b[1] - (a[1] + a_size - 1), a[1] - (b[1] + b_size - 1), 0)
    return dx, dy


def _undead(c: Creature) -> bool:
    return "undead" in c.traits.types


def _size_rank(c: Creature) -> int:
    size = c.card.size or "Medium"
    return SIZE_ORDER.index(size) if size in SIZE_ORDER else SIZE_ORDER.index("Medium")


class _Paths:
    """The path search's back-pointers (integer-coded), read back into anchor paths on demand."""

    def __init__(self, prev: dict[int, int], width: int) -> None:
        self.prev, self.width = prev, width

    def path(self, key: tuple[Sq, int]) -> tuple[Sq, ...]:
        w = self.width
        k = (key[0][1] * w + key[0][0]) * 2 + key[1]
        out: list[Sq] = []
        prev = self.prev
        while k in prev:
            ia = k >> 1
            out.append((ia % w, ia // w))
            k = prev[k]
        return tuple(reversed(out))


def _step_cost(diag: bool, slow: bool, parity: int) -> tuple[int, int]:
    """One step's cost and the new diagonal parity: 1-2-1-2 diagonals; 2 (3 diagonally) into slowing terrain or
    while squeezing, which does not advance the diagonal count (§7.2, Q15)."""
    if slow:
        return (3 if diag else 2), parity
    if diag:
        return (1, 1) if parity == 0 else (2, 0)
    return 1, parity


def _half(amount: int) -> int:
    """Half damage, rounded down to a multiple of 5 (§10.3): 15 → 5, 5 → 0, 25 → 10."""
    return (amount // 2) // 5 * 5


def _version_key(name: str) -> str:
    """Versions of a spell do not stack with each other (§9.4): greater, lesser, mass, legion's, swift."""
    words = [w for w in norm(name).split() if w not in ("greater", "lesser", "mass", "legion", "legion s",
                                                         "swift", "empowered", "quickened", "maximized", "s")]
    return " ".join(words)


def _proper_cross(p: Sq, q: Sq, a: Sq, b: Sq) -> bool:
    def orient(o: Sq, x: Sq, y: Sq) -> int:
        v = (x[0] - o[0]) * (y[1] - o[1]) - (x[1] - o[1]) * (y[0] - o[0])
        return (v > 0) - (v < 0)

    return orient(p, q, a) * orient(p, q, b) < 0 and orient(a, b, p) * orient(a, b, q) < 0


def _area_effect(aa: AreaAttack) -> SpellEffect:
    return SpellEffect(
        name=aa.name, range=aa.range, radius=aa.radius, damage=aa.damage, damage_type=aa.damage_type,
        condition=aa.condition, dc=aa.dc,
    )


# --- the game ---------------------------------------------------------------------------------------------

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
        warbands = [Warband.from_json(x) for x in lists]
        if isinstance(battle_map, Mapping) and "maps" in battle_map:
            maps = [get_map(m) for m in battle_map["maps"]]
        else:
            maps = [get_map(battle_map)]
        return DdmState(warbands=warbands, maps=maps, dice=dice, params=DdmParams.from_json(params))

    def action_from_json(self, raw: Mapping[str, Any]) -> Action:
        return action_from_json(ACTION_CLASSES, raw)

    def describe_list(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        return Warband.from_json(raw).to_json()

    def describe_map(self, battle_map: Mapping[str, Any] | str) -> dict[str, Any]:
        if isinstance(battle_map, Mapping) and "maps" in battle_map:
            return {"maps": [get_map(m).raw for m in battle_map["maps"]]}
        return dict(get_map(battle_map).raw)

    def unmodelled(self, lists: Sequence[Mapping[str, Any]]) -> list[str]:
        out: set[str] = set()
        for raw in lists:
            for card in Warband.from_json(raw).creatures:
                out.update(f"{card.name}: {x}" for x in card_unmodelled(card))
        return sorted(out)
