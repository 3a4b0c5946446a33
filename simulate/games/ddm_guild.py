"""D&D Miniatures by the DDM Guild rules (game ``ddm``, ruleset ``ddm-guild``): the battle as decisions.

The rules are ``docs/rules/ddm-guild-play.md`` (ids ``ddm-guild.*``; numbers in ``ddm_guild_rules``). This module
is the turn structure: set-up, the round (champion test, start-of-round powers, phases of one then two
activations, end of round), a creature's turn (start, actions, end) and victory. The mechanics it calls are in
the play modules (``ddm_guild_attacks``, ``ddm_guild_apply``, ``ddm_guild_triggers``, ``ddm_guild_moves``,
``ddm_guild_damage``); the cards' powers are read by ``ddm_guild_powers`` (with ``ddm_guild_vocab``,
``ddm_guild_words`` and ``ddm_guild_effects``).

Decisions are actions: ``guild-activate`` (which creature takes the next turn), ``guild-move``, ``guild-shift``,
``guild-attack`` (a power against a creature or an area), ``guild-charge``, ``guild-power`` (a minor, move or attack
action that is not an attack) and ``guild-end-turn``. Set-up, the champion test and triggered powers are the
rules' (or the dice's) doing.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any, Final

from mypy_extensions import mypyc_attr

from simulate.engine.dice import Dice
from simulate.engine.events import EventLog
from simulate.engine.game import TERMINAL, Action, Game, IllegalAction, Result, State, action_from_json
from simulate.engine.grid import Sq
from simulate.games import ddm_guild_apply as FX
from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_damage as DM
from simulate.games import ddm_guild_judge as J
from simulate.games import ddm_guild_moves as MV
from simulate.games import ddm_guild_rules as R
from simulate.games import ddm_guild_triggers as TR
from simulate.games.ddm_guild_board import GuildBoard, Reach, gap, space_of
from simulate.games.ddm_guild_cards import GuildCard, GuildWarband, card_from_json, lists_unplayed, unplayed_powers
from simulate.games.ddm_guild_coverage import engine_unplayed, made_on_charge
from simulate.games.ddm_guild_powers import card_powers
from simulate.games.ddm_guild_state import Battle, Fighter
from simulate.games.ddm_guild_vocab import Power, move_mode
from simulate.games.ddm_maps import DdmMap, get_map, load_map_json

GAME_VERSION: Final = "ddm-guild/1.128"  # 1.127: see main; 1.128: an attack's base damage of another type
MAPS_DIR: Final = Path(__file__).resolve().parent / "data" / "ddm_guild" / "maps"
FORMATS: Final = {"quick-100": 100, "standard-200": 200, "epic-500": 500, "arena": 200, "freestyle": 200}
DEFAULT_MAP: Final = {"quick-100": "guild-standin-small"}


@mypyc_attr(native_class=False)  # mypyc cannot compile a subclass of this builtin exception
class GuildSetupError(ValueError):
    """Lists, map or parameters a Guild battle cannot start from (the message says which)."""


# --- actions ---------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class GuildActivate(Action):
    creature: str


@dataclass(frozen=True)
class GuildMove(Action):
    """A move action to ``to`` (an anchor square) along the path the engine picks: cheapest, then the fewest
    squares whose leaving provokes (deterministic, so a replay agrees)."""

    to: tuple[int, int]


@dataclass(frozen=True)
class GuildShift(Action):
    to: tuple[int, int]


@dataclass(frozen=True)
class GuildAttack(Action):
    """Power ``power`` (its index on the card) against ``targets`` (creature ids: one for a single-target attack,
    one per attack for 'make 2 basic attacks'), or an area whose origin is ``at``."""

    power: int
    targets: tuple[str, ...] = ()
    at: tuple[int, int] | None = None


@dataclass(frozen=True)
class GuildCharge(Action):
    target: str
    to: tuple[int, int]
    power: int


@dataclass(frozen=True)
class GuildMoveAttack(Action):
    """A power that moves or shifts its creature, then attacks, in one attack action ('moves up to its speed, then
    attacks: ...'; profile ``ddm-guild.move-then-attack``): to anchor ``to`` first (along the cheapest path, the one
    a move action takes), then the attack of :class:`GuildAttack` from there."""

    power: int
    to: tuple[int, int]
    targets: tuple[str, ...] = ()
    at: tuple[int, int] | None = None


@dataclass(frozen=True)
class GuildPower(Action):
    """Use power ``power`` (its index on the card) as the action it names; for a power that offers a menu ('Choose
    1 effect: ...'), ``option`` is the one its player chose, counted from 0 (profile ddm-guild.menu)."""

    power: int
    option: int = -1


@dataclass(frozen=True)
class GuildRecharge(Action):
    """Spend the action a power's 'RECHARGE as a move (minor, attack) action' names to restore its uses."""

    power: int


@dataclass(frozen=True)
class GuildEndTurn(Action):
    pass


# Each class's replay name, set here rather than in its body (mypyc/mypyc#1122); the registry of the game's actions.
ACTION_KINDS: Final[dict[type[Action], str]] = {
    GuildActivate: "guild-activate",
    GuildMove: "guild-move",
    GuildShift: "guild-shift",
    GuildAttack: "guild-attack",
    GuildCharge: "guild-charge",
    GuildMoveAttack: "guild-move-attack",
    GuildPower: "guild-power",
    GuildRecharge: "guild-recharge",
    GuildEndTurn: "guild-end-turn",
}
for _cls, _kind in ACTION_KINDS.items():
    _cls.kind = _kind
ACTION_CLASSES: Final[tuple[type[Action], ...]] = tuple(ACTION_KINDS)


# --- maps --------------------------------------------------------------------------------------------------------

def guild_map_slugs() -> list[str]:
    return sorted(p.stem for p in MAPS_DIR.glob("*.json"))


@cache
def _guild_map_json(slug: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((MAPS_DIR / f"{slug}.json").read_text(encoding="utf-8"))
    return data


def guild_map(source: Mapping[str, Any] | str) -> DdmMap:
    """A Guild stand-in by slug, a seed map by slug (its stand-in layout), or a map document."""
    if isinstance(source, str):
        return _guild_map_by_slug(source)
    return get_map(source)


@cache
def _guild_map_by_slug(slug: str) -> DdmMap:
    """A map by slug, found once per process (each battle looked for the file and compared the whole document
    with the last maps played)."""
    if (MAPS_DIR / f"{slug}.json").is_file():
        return get_map(_guild_map_json(slug))
    return get_map(load_map_json(slug))


def board_for(ddm_map: DdmMap) -> GuildBoard:
    hit = ddm_map.cache.get("guild-board")
    if not isinstance(hit, GuildBoard):
        hit = GuildBoard(ddm_map)
        ddm_map.cache["guild-board"] = hit
    return hit


# --- parameters --------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class GuildParams:
    format: str = "standard-200"
    points_limit: int = 200
    max_rounds: int = R.MAX_ROUNDS

    @classmethod
    def from_json(cls, raw: Mapping[str, Any] | None) -> GuildParams:
        raw = dict(raw or {})
        fmt = str(raw.get("format") or "standard-200")
        if fmt not in FORMATS:
            raise GuildSetupError(f"unknown DDM Guild format {fmt!r}; known: {sorted(FORMATS)}")
        limit = raw.get("points_limit", FORMATS[fmt])
        rounds = raw.get("max_rounds", R.MAX_ROUNDS)
        if not isinstance(limit, int) or not 1 <= limit <= 2000:
            raise GuildSetupError("points_limit must be a whole number from 1 to 2000")
        if not isinstance(rounds, int) or not 1 <= rounds <= 100:
            raise GuildSetupError("max_rounds must be a whole number from 1 to 100")
        return cls(format=fmt, points_limit=limit, max_rounds=rounds)

    def to_json(self) -> dict[str, Any]:
        return {"format": self.format, "points_limit": self.points_limit, "max_rounds": self.max_rounds}


# --- the battle ------------------------------------------------------------------------------------------------

def playable_powers(card: GuildCard) -> list[Power]:
    bad = {p.index for p in unplayed_powers(card)}
    return [p for p in card.powers if p.index not in bad]


# the indices of the champion powers a creature uses as its own (borrow_champion_powers): above its card's, below
# those given for a while (GRANTED_INDEX)
BORROWED_INDEX: Final = 500


def borrow_champion_powers(b: Battle, f: Fighter) -> None:
    """Profile ``ddm-guild.borrowed-champion-powers``: 'Use 1 Champion power of an allied (an enemy) champion, as if
    this creature had that power': at set-up ``f`` gets each champion power of those champions that the engine plays
    when read as a power of its own card (one that names another power of its champion's card reads as not played
    and is left out), with the state its own power asks ('Use when this creature occupies a victory area'); using one
    spends a use of its own champion rating, as any champion power of its does."""
    rules = [s for p in f.powers for s in p.statics if s.kind == "borrow"]
    if not rules:
        return
    own: list[dict[str, object]] = [{"kind": k, "text": t, "uses": u or None} for k, t, u in f.card.raw_powers]
    seen = {f.card.raw_powers[p.index][1] for p in f.powers if p.index < len(f.card.raw_powers)}
    for rule in rules:
        for o in b.fighters:
            if o is f or o.card.champion_rating is None or (o.player == f.player) != (rule.what == "ally") \
                    or (rule.filter.keyword and not J.has_kinds(o, rule.filter.keyword)):
                continue
            for q in o.powers:
                if q.ptype != "champion" or q.index >= len(o.card.raw_powers) or any(
                        s.kind == "borrow" for s in q.statics):
                    continue
                kind, text, uses = o.card.raw_powers[q.index]
                if text in seen:
                    continue
                seen.add(text)
                mine = card_powers([*own, {"kind": kind, "text": text, "uses": uses or None}])[-1]
                if mine.unplayed or engine_unplayed(mine) or mine.statics or (
                        rule.filter.self_state and mine.requirement):
                    continue
                mine = replace(mine, index=BORROWED_INDEX + len(f.powers),
                               requirement=mine.requirement or rule.filter.self_state)
                f.powers = (*f.powers, mine)
                if mine.uses:
                    f.uses[mine.index] = mine.uses
                b.note_rerolls([mine])
                b.event("borrowed", creature=f.id, power=mine.name, of=o.id)


def make_fighter(fid: str, player: int, card: GuildCard) -> Fighter:
    f = Fighter(fid, player, card, playable_powers(card))
    for p in f.powers:
        for s in p.statics:
            _apply_static(f, s.kind, s.amount, s.what, s.filter, s.aura)
    f.activations_left = 0
    return f


# Keyword abilities that are a plain yes: the fighter's flag each one sets.
_FLAG_STATICS: Final = {
    "flight": "flight", "burrow": "burrow", "phasing": "phasing", "insubstantial": "insubstantial",
    "blindsight": "blindsight", "stable-footing": "stable", "forest-walk": "forest_walk", "swarm": "swarm",
    "awareness": "awareness", "defensive-advantage": "never_ca", "scout": "scout", "wandering": "wandering",
    "hide": "hide", "ponderous": "ponderous", "inexorable": "through_enemies", "statue-ok": "statue_ok",
    "no-ca-from-flank": "no_flank", "delayed": "delayed",
    "move-after-charge": "move_after_charge", "act-after-charge": "act_after_charge",
}


def _apply_static(f: Fighter, kind: str, amount: int, what: str, flt: Any, aura: int) -> None:
    flag = _FLAG_STATICS.get(kind)
    if flag is not None:
        setattr(f, flag, True)
    elif kind == "towering":  # profile ddm-guild.towering: statues, and through Medium or smaller enemies
        f.statue_ok = True
        f.over_squares = max(f.over_squares, 1)
    elif kind == "through-size":  # 'Can move through spaces occupied by Large or smaller enemies'
        f.over_squares = max(f.over_squares, amount)
    elif kind == "resist":
        f.resist[what] = max(f.resist.get(what, 0), amount)
    elif kind == "vulnerable":
        f.vulnerable[what] = max(f.vulnerable.get(what, 0), amount)
    elif kind == "immune":
        f.immune.add(what)
    elif kind == "reach":
        f.reach = max(f.reach, amount)
    elif kind == "conceal":
        f.conceal = max(f.conceal, amount)
    elif kind == "keen-critical" and (flt.attack_form or flt.target_state or flt.keyword or flt.self_state):
        f.keen_when.append((amount, flt))
    elif kind == "keen-critical":
        f.keen = min(f.keen, amount)
    elif kind == "crit-multiplier":
        f.crit_multipliers.append((amount, flt.attack_form))
    elif kind == "resist-crit":
        f.resist_crit = max(f.resist_crit, amount)
    elif kind == "half-ranged":
        f.half_ranged = True
    elif kind == "no-opportunity":
        f.no_opportunity = True
    elif kind == "never-bloodied":
        f.never_bloodied = True
    elif kind == "bloodied-line":
        f.bloodied_line = amount
    elif kind == "bloodied-third":  # 'Considered bloodied at one-third of its starting HP, instead of one-half'
        f.bloodied_line = f.max_hp // 3
    elif kind == "absorb":
        f.absorb[what] = max(f.absorb.get(what, 0), amount)
    elif kind == "crit-damage":
        f.crit_damage.append((amount, what))
    elif kind == "multi-activation":
        f.activations = max(f.activations, amount)
    elif kind == "shift-distance":
        f.shift_squares = max(f.shift_squares, amount)
    elif kind == "mod":
        f.static_mods.append((what, amount, flt))
        if what == "speed" and flt.self_state and flt.self_state != "charging":  # kept by MV.refresh_while
            f.while_gains.append(("speed", amount, flt.self_state))
    elif kind == "aura-mod":
        f.auras.append((what, amount, flt, aura))
    elif kind == "aura-gain":  # kept in the creatures' while_on by MV.refresh_while
        f.aura_gains.append((what, amount, flt, aura))
    elif kind == "gain":
        f.own_gains.append((what, amount))
    elif kind == "ca-vs":
        f.ca_vs.append(flt)
    elif kind == "kin":
        f.kin.append(what)
    elif kind == "ally-alignment":  # 'Wolf and Beast allies have Evil alignment' (at set-up)
        f.kin.append(f"allies:{what}:{flt.keyword}")
    elif kind == "warband-keyword":  # 'Shapeshifters in your warband with the Stealth keyword gain the Aquatic keyword'
        f.kin.append(f"warband:{what}:{flt.keyword}")
    elif kind == "always-bloodied":
        f.always_bloodied = True
    elif kind == "initiative-rating":
        f.initiative_rating = amount
    elif kind == "resist-form":
        f.resist_forms[what] = max(f.resist_forms.get(what, 0), amount)
    elif kind == "spent-at-start":  # 'At start of battle, ... count as used' (RECHARGE gives them back)
        for p in f.powers:
            if p.uses and p.name.casefold() in what.split("|"):
                f.uses[p.index] = 0
    elif kind == "difficult-aura":
        f.difficult_auras.append((amount, flt))
    elif kind == "while" and flt.self_state == "charging":  # 'Flight while charging': on its charge's move
        f.charge_flight = f.charge_flight or what == "flight"
    elif kind == "while":  # 'Conceal 6 while adjacent to a wall' (MV.refresh_while keeps what holds)
        f.while_gains.append((what, amount, flt.self_state))


class GuildState(State):
    def __init__(self, warbands: list[GuildWarband], ddm_map: DdmMap, dice: Dice, params: GuildParams) -> None:
        self.history: list[Action] = []
        self.log = EventLog()
        self.params = params
        self.map = ddm_map
        self.board = board_for(ddm_map)
        self.b = Battle(self.board, dice, self.log, params.points_limit)
        self.warbands = warbands
        for player, wb in enumerate(warbands):
            for i, card in enumerate(wb.cards):
                self.b.add(make_fighter(f"{'ab'[player]}{i + 1}", player, card))
        for f in self.b.fighters:  # 'is Evil if there are Evil creatures in your warband': decided at set-up
            for word in f.kin:
                if word.startswith("warband:"):  # a keyword its side's creatures of some kinds gain (itself too)
                    _, keyword, kinds = word.split(":")
                    for o in self.b.fighters:
                        if o.player == f.player and J.has_kinds(o, kinds):
                            o.keywords = o.keywords | {keyword}
                    continue
                if word.startswith("allies:"):  # what it makes of its allies of some kinds
                    _, alignment, kinds = word.split(":")
                    for o in self.b.fighters:
                        if o is not f and o.player == f.player and J.has_kinds(o, kinds):
                            o.card = replace(o.card, alignment=alignment)
                    continue
                if any(o is not f and o.player == f.player and J.has_keyword(o, word) for o in self.b.fighters):
                    if word in ("good", "evil"):
                        f.card = replace(f.card, alignment=word)
                    else:
                        f.keywords = f.keywords | {word}
        for f in self.b.fighters:  # 'Use 1 Champion power of an allied champion, as if this creature had that power'
            borrow_champion_powers(self.b, f)
        self.first_player = 0
        self.phase_player = 0
        self.phase_size = R.FIRST_PHASE
        self.phase_count = 0
        self._setup()
        if not self.b.over:
            self._start_round()
            self._advance()

    # -- set-up (profile ddm-guild.setup)

    def _champion_roll(self, purpose: str) -> tuple[int, int]:
        """Profile ``ddm-guild.champion-test``: a d20 each, the higher champion rating rolls an extra die (a
        confused creature has no champion rating for it: ``ddm-guild.confused``)."""
        best = [max(((f.card.champion_rating or 0) if f.initiative_rating is None else f.initiative_rating
                     for f in self.b.fighters
                     if f.player == p and f.alive and not f.has("confused")), default=0) for p in (0, 1)]
        extra = [0, 0]
        if purpose == "champion-test":  # what powers gave this test (profile ddm-guild.initiative-dice)
            extra, win = self.b.initiative_dice, self.b.initiative_win
            self.b.initiative_dice, self.b.initiative_win = [0, 0], -1
            if win in (0, 1):
                return win, 0
        for _attempt in range(20):
            rolls = []
            for p in (0, 1):
                dice = 1 + (R.CHAMPION_EXTRA_DICE if best[p] > best[1 - p] else 0) + extra[p]
                rolls.append(max(self.b.dice.roll(20, purpose) for _ in range(dice)))
            if rolls[0] != rolls[1]:
                return (0 if rolls[0] > rolls[1] else 1), rolls[0] * 100 + rolls[1]
        return 0, 0

    def _setup(self) -> None:
        winner, _ = self._champion_roll("setup")
        first = 1 - winner  # the roll-off loser picks a side and sets up first (judges' guide 2008)
        letters = sorted({a.letter for a in self.map.grid.areas("start") if a.letter})
        if len(letters) < 2:
            raise GuildSetupError(f"map {self.map.slug!r} needs two start areas")
        self.b.letters = [letters[0], letters[1]] if first == 0 else [letters[1], letters[0]]
        self.b.event("setup", roll_winner=winner, letters=list(self.b.letters))
        for p in (first, 1 - first):
            self._deploy(p)
        self.b.moved()
        TR.fire(self.b, "setup", [f for p in (first, 1 - first) for f in self.b.fighters if f.player == p])
        for f in self.b.scouted:  # given Scout by a set-up power: set up as a Scout (profile ddm-guild.setup)
            if f.in_play():
                f.pos, f.on_map = None, False
                self.b.moved()
                letter = self.b.letters[f.player]
                self._place(f, letter, self.board.distance_field(
                    self.map.start_squares(self.b.letters[1 - f.player]), 1))
        self.b.scouted.clear()
        DM.check_wipe(self.b)

    def _deploy(self, player: int) -> None:
        """The engine places a warband (profile ``ddm-guild.setup``): Scouts in an unoccupied victory area of its
        own, Wandering Monsters in a random victory area, the others in the start area, melee creatures
        nearest the front, in list order."""
        b = self.b
        letter = b.letters[player]
        front = self.board.distance_field(self.map.start_squares(b.letters[1 - player]), 1)
        fighters = [f for f in b.fighters if f.player == player]
        fighters.sort(key=lambda f: (0 if f.ranged_basic() is None else 1, -f.card.cost, f.id))
        for f in fighters:
            if f.delayed:  # Delayed Appearance: it waits off the battle map (profile ddm-guild.delayed-appearance)
                b.event("off-map", creature=f.id)
                continue
            self._place(f, letter, front)

    def _place(self, f: Fighter, letter: str, front: dict[Sq, int]) -> None:
        """One creature of player ``letter``'s warband onto the map (or, with no room, out of the battle); ``front``:
        the distances to the other player's start area."""
        b = self.b
        start = self.map.start_squares(letter)
        spot: Sq | None = None
        if f.scout or f.wandering:
            areas = [a for a in self.map.grid.areas("victory") if a.letter in (letter, "")]
            if f.wandering and areas:
                areas = [areas[b.dice.roll(len(areas), "wandering") - 1]]
            for area in areas:
                spot = self._free_anchor(f, set(area.cells), front)
                if spot is not None:
                    break
        if spot is None:
            # the start area's anchors in the order they are taken, per size of space: kept per map (the start area
            # and the front are the map's), for set-up and later arrivals alike
            orders = self.map.table(f"guild-deploy:{letter}:{b.letters[1 - f.player]}")
            key = (f.side, f.statue_ok)
            order = orders.get(key)
            if order is None:
                order = orders[key] = self._anchor_order(f, set(start), front)
            spot = self._first_free(f, order)
        if spot is None:
            spot = self._nearest_free(f, start)
        if spot is None:
            b.event("not-deployed", creature=f.id)
            f.alive = False
            return
        f.pos = spot
        f.on_map = True
        b.moved()
        MV.refresh_while(b)
        b.event("deploy", creature=f.id, at=list(spot))

    def _free_anchor(self, f: Fighter, area: set[Sq], front: dict[Sq, int]) -> Sq | None:
        return self._first_free(f, self._anchor_order(f, area, front))

    def _anchor_order(self, f: Fighter, area: set[Sq], front: dict[Sq, int]) -> list[Sq]:
        """The anchors where ``f`` may stand with its whole space in ``area``, nearest the front first (then by
        square): the order it takes them in when the ones before are taken (``_place`` keeps it per map and size of
        space, instead of the area searched again for each creature)."""
        ok = [sq for sq in area if self.board.can_end(sq, f.side, f.statue_ok)
              and all(s in area for s in space_of(sq, f.side))]
        ok.sort(key=lambda sq: (front.get(sq, 999), sq))
        return ok

    def _first_free(self, f: Fighter, order: list[Sq]) -> Sq | None:
        occ = self.b.occupied()
        for sq in order:
            if not any(s in occ for s in space_of(sq, f.side)):
                return sq
        return None

    def _nearest_free(self, f: Fighter, area: frozenset[Sq]) -> Sq | None:
        occ = self.b.occupied()
        best: tuple[int, Sq] | None = None
        for y in range(self.board.height):
            for x in range(self.board.width):
                a = (x, y)
                if not self.board.can_end(a, f.side, f.statue_ok) or any(s in occ for s in space_of(a, f.side)):
                    continue
                d = min((gap(a, f.side, s, 1) for s in area), default=999)
                if best is None or (d, a) < best:
                    best = (d, a)
        return best[1] if best else None

    # -- the round (profiles ddm-guild.round, .champion-test, .start-of-round, .multi-activation)

    def _start_round(self) -> None:
        b = self.b
        b.round += 1
        if b.round > self.params.max_rounds:
            self._time_up()
            return
        arrived: dict[str, str] = {}  # a creature a power brought on: the moment that power answered (used once)
        if b.round >= 2:  # Delayed Appearance: on the battle map at the start of the second round
            for f in b.fighters:
                if not (f.delayed and f.alive and not f.on_map):
                    continue
                came = MV.arrive(b, f, ("before-initiative", "start-of-round"))
                if came:
                    arrived[f.id] = came
                else:
                    letter = b.letters[f.player]
                    self._place(f, letter, self.board.distance_field(self.map.start_squares(b.letters[1 - f.player]),
                                                                     1))
                    DM.check_wipe(b)
        b.first_active = ["", "", ""]
        for f in b.fighters:
            f.activations_left = f.activations if f.in_play() else 0
            f.per_round_used.clear()
            f.attacked_by.clear()
            f.extra_round.clear()
            f.immediate_used = False
        TR.fire(b, "before-initiative", [f for f in self._in_order(0) if arrived.get(f.id) != "before-initiative"])
        winner, rolls = self._champion_roll("champion-test")
        self.first_player = winner  # profile ddm-guild.first-player
        b.won_initiative = winner
        b.initiative_faces = [rolls // 100, rolls % 100]  # ('if your roll was a natural 11-15')
        b.event("champion-test", winner=winner, rolls=rolls)
        order = self._in_order(winner)
        TR.fire(b, "after-initiative", order)
        TR.fire(b, "win-initiative", [f for f in order if f.player == winner])
        TR.fire(b, "lose-initiative", [f for f in order if f.player != winner])
        TR.fire(b, "start-of-round", [f for f in order if arrived.get(f.id) != "start-of-round"])
        TR.fire(b, "any-time", order)  # 'use at any time': the engine uses it at the start of the round
        for f in order:
            TR.recharge_all(b, f, "start-of-round")
        self.phase_player = winner
        self.phase_size = R.FIRST_PHASE
        self.phase_count = 0

    def _in_order(self, first: int) -> list[Fighter]:
        return [f for p in (first, 1 - first) for f in self.b.fighters if f.player == p and f.in_play()]

    def _end_round(self) -> None:
        b = self.b
        award = max(1, self.params.points_limit * R.VICTORY_AREA_PERCENT // 100)
        if any(measure == "double-areas" for _p, _n, measure, _s in b.round_awards):  # ('Players score double VP for
            award *= 2  # occupying victory areas this round': both players)
        for p in (self.first_player, 1 - self.first_player):
            cells = self._area_cells(p)
            if any(J.occupies(f, cells) for f in b.in_play(p) if not f.gained("no-area-vp")):
                DM.score(b, p, award, "victory-area")  # profile ddm-guild.victory-area
        if b.over:
            return
        order = self._in_order(self.first_player)
        for f in b.fighters:  # (its power brings it on at the end of the round: ddm-guild.delayed-appearance)
            if f.delayed and f.alive and not f.on_map and MV.arrive(b, f, ("end-of-round",)) != "":
                order = [x for x in order if x is not f]
        b.ending_round = True  # ('+2 attack during the end of round phase')
        try:
            TR.fire(b, "end-of-round", order)
        finally:
            b.ending_round = False
        if b.round_awards and not b.over:  # what the round's powers promised (profile ddm-guild.round-awards)
            own = [self._area_cells(p) for p in (0, 1)]
            DM.settle_round(b, own, {sq for a in self.map.grid.areas("victory") for sq in a.cells})
        b.round_awards.clear()
        for f in b.fighters:
            for e in f.effects[:]:
                if e.duration == "end-next-round":  # ('until end of next round': this round's end, then the next)
                    e.clock -= 1
                if e.duration in ("end-round", "end-turn") or (e.duration == "end-next-round" and e.clock <= 0):
                    b.end_effect(f, e, "end of round")
            TR.recharge_all(b, f, "end-of-round")
        FX.end_made(b, "end-round")
        b.event("round-end", scores=list(b.scores))
        b.version += 1

    def _area_cells(self, p: int) -> set[Sq]:
        """The squares of the victory areas player ``p`` scores for (its letter's, and those of no letter)."""
        cells: set[Sq] = set()
        for a in self.map.grid.areas("victory"):
            if a.letter in (self.b.letters[p], ""):
                cells.update(a.cells)
        return cells

    def _time_up(self) -> None:
        """Profile ``ddm-guild.round-limit``."""
        s = self.b.scores
        winner = None if s[0] == s[1] else (0 if s[0] > s[1] else 1)
        self.b.round -= 1
        DM.finish(self.b, winner, "round-limit")

    def _remaining(self, player: int) -> list[Fighter]:
        return [f for f in self.b.fighters if f.player == player and f.in_play() and f.activations_left > 0]

    def _advance(self) -> None:
        """Run the rules until a player has a decision to make (or the battle ends)."""
        b = self.b
        guard = 0
        while not b.over:
            guard += 1
            if guard > 10_000:
                raise RuntimeError("the Guild engine made no progress")
            f = b.active
            if f is not None:
                if f.in_play() and self._has_choice(f):
                    return
                self._end_turn(f)
                continue
            mine = self._remaining(self.phase_player)
            theirs = self._remaining(1 - self.phase_player)
            if not mine and not theirs:
                self._end_round()
                if b.over:
                    return
                self._start_round()
                continue
            if not mine or self.phase_count >= self.phase_size:
                if theirs:
                    self.phase_player = 1 - self.phase_player
                    mine = theirs
                self.phase_size = R.PER_PHASE
                self.phase_count = 0
            if len(mine) == 1:
                self._activate(mine[0])
                continue
            return

    def _activate(self, f: Fighter) -> None:
        f.activations_left -= 1
        self.phase_count += 1
        self.b.active = f
        first = self.b.first_active
        for i in (f.player, 2):
            first[i] = first[i] or f.id
        self.b.event("activate", creature=f.id)
        self._start_turn(f)

    def _start_turn(self, f: Fighter) -> None:
        """Profile ``ddm-guild.start-of-turn``."""
        b = self.b
        f.attack_action = f.move_action = f.minor_action = True
        f.extra_attack_actions = f.extra_move_actions = 0  # ('Take 1 extra attack action this turn': given on this
        f.extra_minor_actions = f.gained("extra-minor")  # turn); 'Takes 1 extra minor action on each of its turns'
        f.free_shift = f.gained("free-shift") > 0  # 'can shift once on its turn without expending an action'
        f.moved = 0
        f.attacked = f.melee_attacked = f.ranged_attacked = False
        f.turn_start = f.pos
        f.turn_kills = f.kills
        MV.refresh_while(b)
        f.charged = False
        f.provoked_by = set()
        f.per_turn_used.clear()
        f.extra_turn.clear()
        b.version += 1
        for other in b.fighters:
            if not other.effects:  # (most creatures have none: no copy of an empty list)
                continue
            for e in other.effects[:]:
                if e.clock_of == f.id and e.duration in ("start-next-turn", "start-next-turn-source"):
                    e.clock -= 1
                    if e.clock <= 0:
                        b.end_effect(other, e, "start of turn")
        FX.end_made(b, "start-turn", f)
        ongoing: dict[str, tuple[int, str]] = {}
        for e in f.effects:
            if e.kind == "ongoing" and e.amount > ongoing.get(e.what, (0, ""))[0]:
                ongoing[e.what] = (e.amount, e.source)
        for dtype, (amount, source) in sorted(ongoing.items()):
            if not f.in_play() or b.over:
                return
            b.event("ongoing", creature=f.id, amount=amount, type=dtype)
            DM.deal_damage(b, f, [(amount, dtype)], b.by_id.get(source))
        if not f.in_play() or b.over:
            return
        if f.gained("save-at-start"):  # 'Determined: makes saving throws at the start of its turn' (after its
            self._saves(f)  # ongoing damage: 'immediately after the take damage phase')
        TR.recharge_unaffected(b)
        TR.recharge_turn_start(b, f)
        TR.turn_started(b, f)
        if not f.in_play() or b.over:
            return
        if f.stunned() or (f.effects and f.gained("no-turn")):  # ('it can take no actions on its next turn')
            f.attack_action = f.move_action = f.minor_action = False
        elif f.has("dominated"):
            self._dominated_turn(f)
            f.attack_action = f.move_action = f.minor_action = False
        elif f.has("confused"):
            self._confused_turn(f)

    def _saves(self, f: Fighter) -> None:
        """A save against each effect a save ends (profiles ``ddm-guild.saving-throw``, ``ddm-guild.end-of-turn``); one
        against the effects of one '(save ends both)' together, which ends them all."""
        twice = f.gained("two-saves") > 0  # 'Mighty: Makes 2 saving throws against each effect': either ends it
        rolled: set[int] = set()
        for e in f.effects[:]:
            if e.duration != "save" or e not in f.effects:
                continue
            both = "save-both" in e.extra and e.group
            if both:
                if e.group in rolled:
                    continue
                rolled.add(e.group)
            if TR.roll_save(self.b, f, e) or (twice and e in f.effects and f.in_play() and TR.roll_save(self.b, f, e)):
                for x in [x for x in f.effects if x.group == e.group and "save-both" in x.extra] if both else [e]:
                    self.b.end_effect(f, x, "saved")

    def _confused_turn(self, f: Fighter) -> None:
        """Profile ``ddm-guild.confused``: a d20 at the start of its turn; low, its player acts (basic attacks
        only); middle, it takes no action; high, the opponent controls it (``ddm-guild.confused-control``: played
        as a dominated turn)."""
        roll = self.b.dice.roll(20, "confused")
        own = roll <= R.CONFUSED_OWN_MAX
        self.b.event("confused", creature=f.id, roll=roll,
                     control="player" if own else "none" if roll <= R.CONFUSED_IDLE_MAX else "opponent")
        if own:
            return
        if roll > R.CONFUSED_IDLE_MAX:
            self._dominated_turn(f)
        f.attack_action = f.move_action = f.minor_action = False

    def _dominated_turn(self, f: Fighter) -> None:
        """Conditions (dominated): a melee basic attack against an adjacent creature of its own warband."""
        mb = f.melee_basic()
        if mb is None or mb.attack is None:
            return
        own = [a for a in self.b.allies_of(f) if AT.in_range(self.b, f, mb, mb.attack, a)]
        if own:
            own.sort(key=lambda a: (a.hp, a.id))
            self.b.event("dominated-attack", creature=f.id, target=own[0].id)
            AT.attack(self.b, f, mb, mb.attack, [own[0]])

    def _end_turn(self, f: Fighter) -> None:
        """Profile ``ddm-guild.end-of-turn``: 'end of turn' powers, saves, then durations that end."""
        b = self.b
        if f.in_play():
            TR.fire(b, "end-of-turn", [f])
            TR.recharge_turn_end(b, f)
        if f.in_play() and not b.over and not f.gained("no-end-save"):  # ('Determined': at the start instead)
            self._saves(f)
        for other in b.fighters:
            if not other.effects:  # (most creatures have none: no copy of an empty list)
                continue
            for e in other.effects[:]:
                if e.clock_of == f.id and e.duration in ("end-next-turn", "end-turn", "end-next-turn-source"):
                    e.clock -= 1
                    if e.clock <= 0:
                        b.end_effect(other, e, "end of turn")
        FX.end_made(b, "end-turn", f)
        if f.in_play() and not b.over:
            adjacent = [e for e in b.enemies_of(f) if b.adjacent(e, f)]
            TR.fire(b, "enemy-adjacent-ends", adjacent, target=f)
        if f.in_play() and not b.over:
            TR.fire(b, "ally-ends-turn", b.allies_of(f), ally=f)
        if f.in_play() and not b.over:  # 'whenever a creature ends its turn adjacent to it'
            TR.fire(b, "any-ends-turn", [x for x in b.fighters if x is not f and x.in_play()], target=f)
        b.event("end-turn", creature=f.id)
        b.active = None
        b.version += 1
        MV.refresh_while(b)  # 'On its turn, it cannot move ...': over with its turn
        TR.recharge_unaffected(b)  # 'RECHARGE when no creature is affected by this power'

    # -- decisions

    def current_player(self) -> int:
        if self.b.over:
            return TERMINAL
        f = self.b.active
        return f.player if f is not None else self.phase_player

    def is_terminal(self) -> bool:
        return self.b.over

    def _actions_open(self, f: Fighter) -> bool:
        return f.attack_action or f.move_action or f.minor_action

    def _has_choice(self, f: Fighter) -> bool:
        """Anything but ending the turn, checked cheaply (a turn with no choice ends by itself)."""
        if not self._actions_open(f) or not f.can_act():
            return False
        if self._move_free(f) and not f.held() and f.speed() > 0:
            return True
        return bool(self._attack_actions(f, limit=1)) or bool(self._power_actions(f)) \
            or bool(self._recharge_actions(f))

    def legal_actions(self) -> list[Action]:
        b = self.b
        if b.over:
            return []
        f = b.active
        if f is None:
            return [GuildActivate(x.id) for x in self._remaining(self.phase_player)]
        out: list[Action] = []
        out.extend(self._attack_actions(f))
        out.extend(self._charge_actions(f))
        out.extend(self._power_actions(f))
        out.extend(self._recharge_actions(f))
        out.extend(self._move_actions(f))
        out.append(GuildEndTurn())
        return out

    def _recharge_actions(self, f: Fighter) -> list[Action]:
        out: list[Action] = []
        for p in f.powers:
            if p.recharge.startswith("action:") and p.uses and f.uses.get(p.index, 0) < p.uses \
                    and self._action_free(f, p.recharge[7:]) \
                    and J.holds(self.b, p.recharge_filter.self_state, f):  # 'as a move action when ...'
                out.append(GuildRecharge(p.index))
        return out

    def _move_actions(self, f: Fighter) -> list[Action]:
        if not (self._move_free(f) or f.free_shift) or f.held() or f.pos is None:
            return []
        out: list[Action] = []
        for anchor in sorted(MV.reachable(self.b, f, f.speed())) if self._move_free(f) else ():
            if anchor != f.pos:
                out.append(GuildMove(anchor))
        for anchor in self._shift_squares(f):
            out.append(GuildShift(anchor))
        return out

    def _shift_squares(self, f: Fighter) -> list[Sq]:
        """Profile ``ddm-guild.shift`` (not while immobilized, barred from shifting, or Ponderous)."""
        if not (self._move_free(f) or f.free_shift) or f.held() or f.has("no-shift") or f.ponderous:
            return []
        mode = f.move_mode
        f.move_mode = mode or "shift"  # (its movement is a shift: 'Elven Step')
        n = max(f.shift_squares, f.gained("shift-distance")) if f.effects else f.shift_squares  # ('until end of
        try:  # battle, whenever this creature shifts, it can shift 2 squares')
            r = MV.reach(self.b, f, n)
        finally:
            f.move_mode = mode
        sqs = self.board.squares
        cost = r.cost
        return sorted(sqs[i] for i in r.stops if i != r.start and cost[i] <= n)

    def attack_powers(self, f: Fighter) -> list[Power]:
        """The attack powers ``f`` may use now (its action free, a use left, its requirement met; none while it
        cannot attack)."""
        out: list[Power] = []
        if f.has("no-attack") or f.gained("no-attack-action"):
            return out
        reloading = f.reloading()
        for p in f.powers:
            if p.trigger:
                continue
            if p.attack is None and not p.attacks_made:
                continue
            if not self._action_free(f, p.action or "attack") or not f.uses_left(p):
                continue
            if not TR.requirement_ok(f, p, charge=False, b=self.b):
                continue
            if p.attack is not None and p.attack.charge and p.requirement == "charge":
                continue
            if (p.action or "attack") in ("attack", "turn") and not p.is_basic and f.basic_only():
                continue  # profile ddm-guild.basic-attack-only
            if p.attack is not None and AT.form_barred(f, p.attack):  # ('cannot make {r}, {c}, or {a} attacks')
                continue
            if reloading and ((reloading == "ranged" and p.attack is not None and p.attack.form == "ranged")
                              or (reloading == "move" and p.approach)):
                continue  # Slow Reload: no ranged attack after a move, no move after a ranged attack, this turn
            if not p.is_basic and f.gained("only-basic"):  # ('can make only {b} attacks')
                continue
            out.append(p)
        return out

    def _action_free(self, f: Fighter, action: str) -> bool:
        if action == "attack":  # (not for a creature that 'cannot take attack actions')
            return f.attack_action and not f.gained("no-attack-action")
        if action == "turn":  # 'Replaces turn:' its attack, move and minor actions, none of them taken yet
            return f.attack_action and f.move_action and f.minor_action and not f.gained("no-attack-action")
        if action == "minor":  # (not in an aura that forbids minor actions)
            return f.minor_action and not f.gained("no-minor")
        if action == "move":
            return self._move_free(f)
        return action == "free"

    @staticmethod
    def _move_free(f: Fighter) -> bool:
        """A move action is left: its own, or the attack action spent as one (not for a creature that 'can only take 1
        move action on its turn': Plodding)."""
        return (f.move_action or (f.attack_action and not f.gained("one-move"))) and f.reloading() != "move"

    def _attack_actions(self, f: Fighter, limit: int = 0, approach: bool = True) -> list[Action]:
        """The attacks ``f`` may make now; with ``approach``, also those of powers that move it first (every anchor
        they reach from which the attack has a target: ``_approach_actions``)."""
        out: list[Action] = []
        for p in self.attack_powers(f):
            if p.approach:
                if approach:
                    out.extend(self._approach_actions(f, p))
            else:
                out.extend(self._power_attacks(f, p))
            if limit and len(out) >= limit:
                return out
        return out

    def _power_attacks(self, f: Fighter, p: Power) -> list[GuildAttack]:
        """The ways to aim one attack power from where ``f`` stands."""
        b = self.b
        if p.attacks_made and _made_list(p):  # 'Make 1 Greatsword attack and 1 Shield Bash attack ...'
            return [GuildAttack(p.index, aim) for aim in self._list_aims(f, p)]
        if p.attacks_made:
            basic = self._made_power(f, p)
            if basic is None or basic.attack is None:
                return []
            ts = [e.id for e in b.enemies_of(f) if AT.in_range(b, f, basic, basic.attack, e)]
            if _made_each(p):  # 'make 1 {B} attack against each adjacent Bloodied enemy': all of them
                each = tuple(t for t in ts if _each_ok(b, f, p, b.by_id[t]))
                return [GuildAttack(p.index, each)] if each else []
            if _made_distinct(p):
                return [GuildAttack(p.index, c) for c in _target_tuples(ts, p.attacks_made, True)]
            return [GuildAttack(p.index, tuple([t] * p.attacks_made)) for t in ts]
        a = p.attack
        if a is None:
            return []
        if a.form in ("melee", "ranged"):
            ids = [e.id for e in b.enemies_of(f) if AT.in_range(b, f, p, a, e)]
            if a.same:  # 'against 1 target': every roll against the one chosen
                return [GuildAttack(p.index, (t,) * a.targets) for t in ids]
            return [GuildAttack(p.index, t) for t in _target_tuples(ids, a.targets, a.distinct)]
        return [GuildAttack(p.index, (), at) for at in self.area_origins(f, p)]

    # -- a move or shift, then the attack (profile ddm-guild.move-then-attack)

    def approach_stops(self, f: Fighter, p: Power) -> list[Sq]:
        """The anchors a power's move or shift may end on before its attack: within its number of squares (-1: its
        speed, -2: twice its speed), at least its minimum away along the cheapest path (its start included when
        it has none: 'up to'); none while it may not move (or shift)."""
        if not p.approach or f.pos is None:
            return []
        e = p.approach[0]
        if e.kind == "shift" and (f.held() or f.has("no-shift") or f.ponderous):
            return []
        if e.kind == "move" and (f.held() or f.speed() <= 0):
            return []
        r = self.approach_reach(f, p)
        low = approach_minimum(p)
        sqs = self.board.squares
        cost = r.cost
        return [sqs[i] for i in r.stops if cost[i] >= low and (i != r.start or low == 0)]

    def approach_reach(self, f: Fighter, p: Power) -> Reach:
        e = p.approach[0]
        n = e.amount if e.amount >= 0 else f.speed() * -e.amount
        mode = f.move_mode
        f.move_mode = move_mode(e) or ("shift" if e.kind == "shift" else "")
        try:
            return MV.reach(self.b, f, n)
        finally:
            f.move_mode = mode

    def standing_at(self, f: Fighter, to: Sq) -> _Standing:
        """``f`` placed at anchor ``to`` for a look only (whom its attack would reach from there); put back after."""
        return _Standing(self.b, f, to)

    def _approach_actions(self, f: Fighter, p: Power) -> list[Action]:
        out: list[Action] = []
        for to in self.approach_anchors(f, p):
            with self.standing_at(f, to):
                aims = self._power_attacks(f, p)
            out.extend(GuildMoveAttack(p.index, to, a.targets, a.at) for a in aims)
        return out

    def approach_anchors(self, f: Fighter, p: Power) -> list[Sq]:
        """The anchors of ``approach_stops`` near enough an enemy for the power's attack to have a target from there
        (its aims from one: ``_power_attacks`` while standing there)."""
        far = _approach_limit(self, f, p)
        stops = self.approach_stops(f, p)
        if far < 0:
            return stops
        enemies = [e for e in self.b.enemies_of(f) if e.pos is not None]
        return [to for to in stops
                if any(gap(to, f.side, e.pos, e.side) <= far for e in enemies if e.pos is not None)]

    def _move_attack(self, f: Fighter, action: GuildMoveAttack) -> None:
        """Profile ``ddm-guild.move-then-attack``: the move (provoking as any move; a shift provokes nothing), then
        the attack as :class:`GuildAttack` plays it from where the creature is. An attack the move has made
        impossible (the creature destroyed, stunned or stopped on the way, its target gone) is lost with the
        action."""
        b = self.b
        p = self._power(f, action.power)
        to = (action.to[0], action.to[1])
        aim = GuildAttack(p.index, tuple(action.targets), action.at)
        if not p.approach or p not in self.attack_powers(f) or to not in self.approach_stops(f, p):
            raise IllegalAction(f"{f.id} cannot use {p.name} to move to {list(to)}")
        with self.standing_at(f, to):
            ok = aim in self._power_attacks(f, p)
        if not ok:
            raise IllegalAction(f"{p.name}: no such attack from {list(to)}")
        e = p.approach[0]
        if to != f.pos:
            r = self.approach_reach(f, p)
            path = r.path(to)
            mode = f.move_mode
            f.move_mode = move_mode(e)
            try:
                b.event("move", creature=f.id, to=list(to), cost=r.cost_to(to), path=[list(a) for a in path],
                        power=p.name, how=e.kind)
                MV.walk(b, f, path, provokes=e.kind == "move", shifting=e.kind == "shift")
            finally:
                f.move_mode = mode
        if f.in_play() and not b.over and f.can_act() and aim in self._power_attacks(f, p):
            try:  # (its requirement was judged before the move: 'Only while adjacent to a wall. Move up to 4 ...')
                self._attack_action(f, aim, approached=True)
            except IllegalAction:
                pass
            else:
                self._after_attacks(f, p.index)
                return
        self._spend(f, p.action or "attack")  # the attack the move made impossible is lost
        TR.spend(b, f, p)
        b.event("attack-lost", creature=f.id, power=p.name)

    def _made_seq(self, f: Fighter, p: Power) -> list[Power] | None:
        """The attacks a power that names several makes, in order ('2 {B} attacks and a Sting attack')."""
        out: list[Power] = []
        for e in p.effects:
            if e.kind != "attack":
                continue
            q = self._made_one(f, e.what)
            if q is None or q.attack is None:
                return None
            out.extend([q] * e.count)
        return out

    def _list_aims(self, f: Fighter, p: Power) -> list[tuple[str, ...]]:
        """Whom such a power may aim at: one enemy every attack of it reaches, or two different enemies (one each)
        when it says 'against a different target'; the target words of '(bloodied target only)' hold for each."""
        seq = self._made_seq(f, p)
        if not seq:
            return []
        b = self.b
        flt = p.effects[0].filter

        def ok(q: Power, e: Fighter) -> bool:
            return q.attack is not None and AT.in_range(b, f, q, q.attack, e) and J.target_state_ok(b, flt, f, e)

        enemies = b.enemies_of(f)
        if "distinct" in p.effects[0].extra:
            pairs: list[tuple[str, ...]] = [(x.id, y.id) for x in enemies for y in enemies
                                            if x is not y and ok(seq[0], x) and ok(seq[1], y)]
            return pairs[:60]
        return [tuple([e.id] * len(seq)) for e in enemies if all(ok(q, e) for q in seq)]

    def _made_power(self, f: Fighter, p: Power) -> Power | None:
        which = p.effects[0].what if p.effects else "basic"
        return self._made_one(f, which)

    def _made_one(self, f: Fighter, which: str) -> Power | None:
        if which.startswith("power:"):  # 'make 2 slam attacks': a single-target attack of its card, by name
            return next((q for q in f.powers if q.name.casefold() == which[6:] and q.attack is not None
                         and q.attack.form in ("melee", "ranged")), None)
        if which == "ranged-basic":
            return f.ranged_basic()
        if which == "melee-basic":
            return f.melee_basic()
        return f.melee_basic() or f.ranged_basic()

    def area_origins(self, f: Fighter, p: Power) -> list[Sq]:
        """Origins worth offering for an area attack: every blast position, and squares of enemies within reach
        for bursts and lines (an area that holds no enemy is never offered)."""
        a = p.attack
        b = self.b
        if a is None or f.pos is None:
            return []
        enemies = b.enemies_of(f)
        if a.form in ("close-burst", "reach-burst"):
            return [f.pos] if any(x.player != f.player for x in AT.area_targets(b, f, a, None)) else []
        out: list[Sq] = []
        if a.form == "close-blast":
            for corner in b.board.blasts(f.pos, f.side, a.size):
                if any(gap(corner, a.size, e.pos, e.side) == 0 for e in enemies if e.pos is not None):
                    out.append(corner)
            return out
        for e in enemies:
            if e.pos is None:
                continue
            for sq in e.space():
                if AT.area_origin_ok(b, f, a, sq):
                    out.append(sq)
                    break
        return out

    def _charge_actions(self, f: Fighter, first: bool = False) -> list[Action]:
        """The charges ``f`` may make; with ``first``, only the first anchor (in this order) for each target and
        power (the AI values a charge by its target and power: the later anchors would be the same to it)."""
        b = self.b
        if not f.attack_action or f.held() or f.pos is None or f.basic_only() or f.has("no-attack") \
                or f.gained("no-attack-action") \
                or f.gained("no-charge"):  # Plodding: 'Cannot charge'
            return []
        powers = self.charge_powers(f)
        if not powers:
            return []
        targets = [t for t in AT.nearest_enemies(b, f, sight=not f.gained("charge-unseen"))  # ('Scent of Blood')
                   if not t.gained("untargetable-charge")]
        if not targets:
            return []
        f.charging_now = True  # its speed and movement while charging
        try:
            r = MV.reach(b, f, f.speed())
        finally:
            f.charging_now = False
        w = self.board.width
        cost = r.cost
        # the anchors at least the minimum away, in (x, y) order, as x << 16 | y (board.squares[i] is (i % w, i // w))
        far = sorted(((i % w) << 16) | (i // w) for i in r.stops if cost[i] >= R.CHARGE_MIN_SQUARES)
        out: list[Action] = []
        uses = [(p, self.charge_use(f, p)) for p in powers]  # (each power's attack, asked once)
        sight = b.sight_board(f)
        side = f.side
        for t in targets:
            tp = t.pos
            if not AT.may_attack(f, t) or tp is None:
                continue
            # the anchors within 3 squares of its space (ddm_guild_board.gap <= 3)
            lo_x, hi_x, lo_y, hi_y = tp[0] - side - 2, tp[0] + t.side + 2, tp[1] - side - 2, tp[1] + t.side + 2
            left = uses
            for key in far:
                x = key >> 16
                y = key & 0xFFFF
                if x < lo_x or x > hi_x or y < lo_y or y > hi_y:
                    continue
                anchor = (x, y)
                ok = [pu for pu in left if self._reaches_from(f, pu[1], anchor, t)]
                if ok and sight.sees(f.pos, f.side, anchor, f.side):
                    for p, _use in ok:
                        out.append(GuildCharge(t.id, anchor, p.index))
                    if first:
                        left = [pu for pu in left if not any(pu is q for q in ok)]
                        if not left:
                            break
        return out

    def charge_powers(self, f: Fighter) -> list[Power]:
        """The melee basic attack, any melee attack usable on a charge, and any power usable on a charge that makes
        several melee basic attacks against one target ('(only on charge) Make 2 {b} attacks', 'Use only while
        charging: Make 2 {b} attacks against target of charge'; profile ``ddm-guild.charge``)."""
        out = []
        mb = f.melee_basic()
        if mb is not None:
            out.append(mb)
        for p in f.powers:
            if p is mb or p.trigger or not f.uses_left(p):
                continue
            own = p.attack is not None and p.attack.form == "melee" and p.attack.charge
            made = made_on_charge(p) and mb is not None and mb.attack is not None and mb.attack.form == "melee"
            if own and not made and f.gained("only-basic"):
                continue  # ('can make only {b} attacks')
            if own or made:
                out.append(p)
        return out

    def charge_use(self, f: Fighter, p: Power) -> Power:
        """The attack a charge power makes: its own, or the melee basic attack it makes several times."""
        if made_on_charge(p):
            mb = f.melee_basic()
            if mb is not None:
                return mb
        return p

    def _reaches_from(self, f: Fighter, p: Power, anchor: Sq, t: Fighter) -> bool:
        if t.pos is None or p.attack is None:
            return False
        reach = f.reach_of(p)
        g = gap(anchor, f.side, t.pos, t.side)
        if reach <= 1:
            return self.board.adjacent(anchor, f.side, t.pos, t.side)
        return 1 <= g <= reach and self.b.sight_board(f).sees(anchor, f.side, t.pos, t.side)

    def _power_actions(self, f: Fighter) -> list[Action]:
        out: list[Action] = []
        for p in f.powers:
            if p.trigger or p.attack is not None or p.attacks_made or not p.effects:
                continue
            if not p.action or not self._action_free(f, p.action) or not f.uses_left(p):
                continue
            if not TR.requirement_ok(f, p, charge=False, b=self.b) or (p.action == "attack" and f.basic_only()):
                continue
            if not TR.spend_ok(self.b, f, p) or AT.does_nothing(self.b, f, p, J.Ctx(f)):
                continue
            if any(e.kind in ("shift", "move") for e in p.effects) and (f.held() or f.has("no-shift")
                                                                         or f.reloading() == "move"):
                continue
            n = FX.menu_size(p)  # a menu: one action per option
            if n:
                out.extend(GuildPower(p.index, i) for i in range(n))
            else:
                out.append(GuildPower(p.index))
        return out

    def apply(self, action: Action) -> None:
        b = self.b
        if b.over:
            raise IllegalAction("the battle is over")
        f = b.active
        if isinstance(action, GuildActivate):
            if f is not None:
                raise IllegalAction("a creature is taking its turn")
            cands = {x.id: x for x in self._remaining(self.phase_player)}
            if action.creature not in cands:
                raise IllegalAction(f"{action.creature} cannot take the next turn")
            self.history.append(action)
            self._activate(cands[action.creature])
            self._advance()
            return
        if f is None:
            raise IllegalAction("no creature is taking its turn: activate one")
        if isinstance(action, GuildEndTurn):
            self.history.append(action)
            self._end_turn(f)
            self._advance()
            return
        self._apply_turn_action(f, action)
        self.history.append(action)
        if f.in_play() and not f.attack_action and f.extra_attack_actions and not f.charged:  # 'Take 1 extra attack
            f.extra_attack_actions -= 1  # action': another once the first is spent (not after a charge, which ends
            f.attack_action = True  # what it may do)
        if f.in_play() and not f.move_action and f.extra_move_actions and not f.charged:  # 'Take 1 extra move action'
            f.extra_move_actions -= 1
            f.move_action = True
        if f.in_play() and not f.minor_action and f.extra_minor_actions and not f.charged:  # '1 extra minor action'
            f.extra_minor_actions -= 1
            f.minor_action = True
        if f.in_play() and f.dazed_like():
            f.attack_action = f.move_action = f.minor_action = False  # conditions (dazed): one action a turn
        self._advance()

    def _apply_turn_action(self, f: Fighter, action: Action) -> None:
        b = self.b
        if isinstance(action, GuildMove):
            if not self._move_free(f) or f.held():
                raise IllegalAction(f"{f.id} has no move left")
            to = (action.to[0], action.to[1])
            r = MV.reach(b, f, f.speed())
            if not r.stops_at(to) or to == f.pos:
                raise IllegalAction(f"{f.id} cannot reach {list(to)}")
            self._spend_move(f)
            path = r.path(to)
            b.event("move", creature=f.id, to=list(to), cost=r.cost_to(to), path=[list(a) for a in path])
            MV.walk(b, f, path)
            return
        if isinstance(action, GuildShift):
            to = (action.to[0], action.to[1])
            if to not in self._shift_squares(f):
                raise IllegalAction(f"{f.id} cannot shift to {list(to)}")
            if f.free_shift:  # ('Sidestep': the shift it makes without an action, first)
                f.free_shift = False
            else:
                self._spend_move(f)
            b.event("shift", creature=f.id, to=list(to))
            MV.shift_to(b, f, to)
            return
        if isinstance(action, GuildAttack):
            self._attack_action(f, action)
            self._after_attacks(f, action.power)
            return
        if isinstance(action, GuildCharge):
            self._charge(f, action)
            return
        if isinstance(action, GuildMoveAttack):
            self._move_attack(f, action)
            return
        if isinstance(action, GuildRecharge):
            p = self._power(f, action.power)
            if action not in self._recharge_actions(f):
                raise IllegalAction(f"{f.id} cannot recharge {p.name} now")
            self._spend(f, p.recharge[7:])
            TR.recharge_one(b, f, p)
            return
        if isinstance(action, GuildPower):
            p = self._power(f, action.power)
            if GuildPower(p.index, action.option) not in self._power_actions(f):
                raise IllegalAction(f"{f.id} cannot use {p.name} now" + (
                    f" (name one of its {FX.menu_size(p)} options)" if FX.menu_size(p) else ""))
            self._spend(f, p.action)
            TR.spend(b, f, p)
            b.event("power", creature=f.id, power=p.name, trigger="")
            if TR.champion_cancelled(b, f, p):
                return
            ctx = J.power_ctx(J.Ctx(f), p)
            ctx.option = action.option
            TR.apply_power(b, f, p, ctx)
            TR.champion_used(b, f, p)
            return
        raise IllegalAction(f"not a DDM Guild action: {action.kind}")

    def _power(self, f: Fighter, index: int) -> Power:
        for p in f.powers:
            if p.index == index:
                return p
        raise IllegalAction(f"{f.id} has no playable power #{index}")

    def _spend_move(self, f: Fighter) -> None:
        if f.move_action:
            f.move_action = False
        else:
            f.attack_action = False  # the attack action spent as a second move (profile ddm-guild.actions)

    def _spend(self, f: Fighter, action: str) -> None:
        if action == "attack":
            f.attack_action = False
        elif action == "turn":
            f.attack_action = f.move_action = f.minor_action = False
        elif action == "minor":
            f.minor_action = False
        elif action == "move":
            self._spend_move(f)

    def _attack_action(self, f: Fighter, action: GuildAttack, approached: bool = False) -> None:
        b = self.b
        p = self._power(f, action.power)
        if (p.approach and not approached) or (not approached and p not in self.attack_powers(f)):
            raise IllegalAction(f"{f.id} cannot use {p.name} now" + (" (it moves first: guild-move-attack)"
                                                                      if p.approach else ""))
        if p.attacks_made and _made_list(p):
            seq = self._made_seq(f, p)
            if seq is None or tuple(action.targets) not in self._list_aims(f, p):
                raise IllegalAction(f"{p.name}: name a target its attacks can each reach")
            self._spend(f, p.action or "attack")
            TR.spend(b, f, p)
            b.event("power", creature=f.id, power=p.name, trigger="")
            for q, tid in zip(seq, action.targets, strict=True):
                aimed = b.by_id[tid]
                if aimed.in_play() and f.in_play() and not b.over and q.attack is not None:
                    AT.attack(b, f, q, q.attack, [aimed])
            return
        if p.attacks_made:
            basic = self._made_power(f, p)
            distinct = _made_distinct(p) or _made_each(p)
            if _made_each(p) and (basic is None or basic.attack is None or not all(
                    tid in b.by_id and _each_ok(b, f, p, b.by_id[tid]) for tid in action.targets)):
                raise IllegalAction(f"{p.name}: each target must be an enemy it names")
            if basic is None or basic.attack is None or not (
                    (distinct and 1 <= len(action.targets) <= (len(b.fighters) if _made_each(p) else p.attacks_made)
                     and len(set(action.targets)) == len(action.targets))
                    or (not distinct and len(action.targets) == p.attacks_made)):
                raise IllegalAction(f"{p.name} makes {p.attacks_made} attacks")
            for tid in action.targets:
                t = b.by_id.get(tid)
                if t is None or t.player == f.player or not AT.in_range(b, f, basic, basic.attack, t):
                    raise IllegalAction(f"{tid} is not a target of {basic.name}")
            self._spend(f, p.action or "attack")
            TR.spend(b, f, p)
            b.event("power", creature=f.id, power=p.name, trigger="")
            hits = 0
            for i, tid in enumerate(action.targets):
                t = b.by_id[tid]
                second = i == 1 and hits == 1 and tid == action.targets[0]  # 'on the second', the first having hit
                if t.in_play() and f.in_play() and not b.over:
                    hits += AT.attack(b, f, basic, basic.attack, [t],
                                      bonus=AT.second_bonus(p.effects, "attack") if second else 0,
                                      damage=AT.second_bonus(p.effects, "damage") if second else 0)
            both = [e for e in p.effects if "both-hit" in e.extra]
            first = b.by_id[action.targets[0]]
            if both and hits == len(action.targets) == p.attacks_made and len(set(action.targets)) == 1 \
                    and first.in_play() and not b.over:  # 'if both attacks hit, target is also Immobilized'
                b.applying.append((f.id, p.index))
                try:
                    FX.apply_effects(b, both, J.Ctx(f, target=first))
                finally:
                    b.applying.pop()
            on_hit = [e for e in p.effects if "first-hit" in e.extra]
            if on_hit and hits and f.in_play() and not b.over:  # 'If that attack hits, shift up to 1 square, then
                b.applying.append((f.id, p.index))  # make 1 {b} attack against the same target'
                try:
                    FX.apply_effects(b, on_hit, J.Ctx(f, target=first))
                finally:
                    b.applying.pop()
            return
        a = p.attack
        if a is None:
            raise IllegalAction(f"{p.name} is not an attack")
        if a.form in ("melee", "ranged"):
            wanted = min(a.targets, len(action.targets)) if a.distinct else a.targets
            if not len(action.targets) >= 1 or len(action.targets) != wanted:
                raise IllegalAction(f"{p.name} makes {a.targets} attack(s): name a target for each")
            if a.distinct and len(set(action.targets)) != len(action.targets):
                raise IllegalAction(f"{p.name}'s attacks must each have a different target")
            if a.same and len(set(action.targets)) != 1:
                raise IllegalAction(f"{p.name}'s attacks are all against the same target")
            targets = []
            for tid in action.targets:
                t = b.by_id.get(tid)
                if t is None or t.player == f.player or not AT.in_range(b, f, p, a, t):
                    raise IllegalAction(f"{tid} is not a target of {p.name}")
                targets.append(t)
            self._spend(f, p.action or "attack")
            TR.spend(b, f, p)
            hits = 0
            for i, t in enumerate(targets):
                second = i == 1 and hits == 1 and a.same  # '+10 Damage to the second attack if both hit'
                if t.in_play() and f.in_play() and not b.over:
                    hits += AT.attack(b, f, p, a, [t], bonus=AT.second_bonus(a.hit, "attack") if second else 0,
                                      damage=AT.second_bonus(a.hit, "damage") if second else 0)
            return
        else:
            at = (action.at[0], action.at[1]) if action.at is not None else None
            if a.form not in ("close-burst", "reach-burst") and (at is None or not AT.area_origin_ok(b, f, a, at)):
                raise IllegalAction(f"{p.name} cannot be aimed there")
            targets = AT.area_targets(b, f, a, at)
            b.area_aimed = frozenset(AT.area_squares(b, f, a, at))
        self._spend(f, p.action or "attack")
        TR.spend(b, f, p)
        AT.attack(b, f, p, a, targets)
        b.area_aimed = frozenset()

    def _after_attacks(self, f: Fighter, index: int) -> None:
        """What the creature does once all the power's attacks are resolved ('After resolving all attacks, this
        creature teleports up to 5 squares', 'Make 2 {b} attacks. Hit or miss, it has +4 AC ...'): once, hit or miss."""
        p = self._power(f, index)
        after = [e for e in p.effects if "after" in e.extra]
        if after and f.in_play() and not self.b.over:
            TR.apply_power(self.b, f, replace(p, effects=tuple(after)), J.power_ctx(J.Ctx(f), p))

    def _charge(self, f: Fighter, action: GuildCharge) -> None:
        b = self.b
        if GuildCharge(action.target, (action.to[0], action.to[1]), action.power) not in self._charge_actions(f):
            raise IllegalAction(f"{f.id} cannot charge {action.target} from {list(action.to)}")
        p = self._power(f, action.power)
        to = (action.to[0], action.to[1])
        f.charging_now = True
        try:
            r = MV.reach(b, f, f.speed())
            f.attack_action = f.move_action = f.minor_action = False  # nothing after a charge, unless its card
            f.move_action = f.move_after_charge or f.act_after_charge  # says so ('Can move after charging', 'May take
            f.minor_action = f.act_after_charge  # other actions on its turn after charging': its move and minor)
            f.charged = True
            path = r.path(to)
            b.event("charge", creature=f.id, target=action.target, to=list(to), path=[list(a) for a in path])
            MV.walk(b, f, path)
        finally:
            f.charging_now = False
        t = b.by_id[action.target]
        use = self.charge_use(f, p)
        if f.in_play() and t.in_play() and use.attack is not None and AT.in_range(b, f, use, use.attack, t) \
                and not b.over:
            TR.spend(b, f, p)
            if use is not p:
                b.event("power", creature=f.id, power=p.name, trigger="")
            for _ in range(p.attacks_made if use is not p else 1):  # each at the charge's +1
                if f.in_play() and t.in_play() and not b.over and use.attack is not None:
                    AT.attack(b, f, use, use.attack, [t], charge=True)
            mb = f.melee_basic()
            for q in f.powers:  # 'Use only on charge; make 1 extra {b} attack against target of that charge'
                if any("charge-extra" in e.extra for e in q.effects) and f.uses_left(q) and mb is not None \
                        and mb.attack is not None and f.in_play() and t.in_play() and not b.over \
                        and AT.in_range(b, f, mb, mb.attack, t):
                    TR.spend(b, f, q)
                    b.event("power", creature=f.id, power=q.name, trigger="")
                    AT.attack(b, f, mb, mb.attack, [t])

    # -- the result

    def result(self) -> Result:
        b = self.b
        per: dict[str, Any] = {}
        for f in b.fighters:
            per[f.id] = {
                "name": f.name, "cost": f.card.cost, "damage_dealt": f.damage_dealt, "damage_taken": f.damage_taken,
                "kills": f.kills, "points_earned": f.points_earned, "survived": f.alive,
            }
        return Result(
            winner=b.winner, reason=b.reason or "unfinished", scores=(b.scores[0], b.scores[1]), rounds=b.round,
            details={"map": self.map.slug, "per_creature": per, "rules_version": R.RULES_VERSION,
                     "map_standin": bool(self.map.raw.get("approximation") or self.map.raw.get("standin"))},
        )


class _Standing:
    """A creature put on another anchor for a look, and back (the battle's version moves both ways, so nothing kept
    from the look outlives it)."""

    def __init__(self, b: Battle, f: Fighter, to: Sq) -> None:
        self.b, self.f, self.to = b, f, to
        self.home: Sq | None = f.pos

    def __enter__(self) -> None:
        self.f.pos = self.to
        self.b.moved()

    def __exit__(self, *exc: object) -> None:
        self.f.pos = self.home
        self.b.moved()


def approach_minimum(p: Power) -> int:
    """'(minimum 6 squares)', 'exactly 4 squares': the fewest squares the move before the attack covers."""
    return next((int(x[4:]) for x in p.approach[0].extra if x.startswith("min:")), 0) if p.approach else 0


def _approach_limit(s: GuildState, f: Fighter, p: Power) -> int:
    """How far from an enemy an anchor may be for the attack after the move to reach it (-1: any distance)."""
    a = p.attack
    if a is None:
        q = s._made_power(f, p)
        a = q.attack if q is not None else None
        if a is None or q is None:
            return 0
        return f.reach_of(q) if a.form == "melee" else (a.range or -1)
    if a.form == "melee":
        return f.reach_of(p)
    if a.form in ("close-burst", "close-blast", "reach-burst"):
        return max(a.size, f.reach_of(p))
    if a.form == "area":
        return a.range + a.size if a.range else -1
    return a.range or -1


def _target_tuples(ids: list[str], n: int, distinct: bool) -> list[tuple[str, ...]]:
    """The ways to aim an attack that makes ``n`` attack rolls (different targets when ``distinct``: as many as
    there are, up to ``n``)."""
    if not ids:
        return []
    if n <= 1:
        return [(t,) for t in ids]
    if distinct:
        k = min(n, len(ids))
        out: list[tuple[str, ...]] = [()]
        for _ in range(k):
            out = [(*c, t) for c in out for t in ids if t not in c and (not c or t > c[-1])]
        return out[:60]
    combos: list[tuple[str, ...]] = [()]
    for _ in range(n):
        combos = [(*c, t) for c in combos for t in ids if not c or t >= c[-1]]
    return combos[:60]


def start_battle(lists: Sequence[Mapping[str, Any]], battle_map: Mapping[str, Any] | str, dice: Dice,
                 params: Mapping[str, Any] | None) -> GuildState:
    """The battle before set-up: two warbands, the map (a stand-in's slug or a map document), the format."""
    if len(lists) != 2:
        raise GuildSetupError("a DDM Guild battle has exactly two warbands")
    return GuildState([GuildWarband.from_json(x) for x in lists], guild_map(battle_map), dice,
                      GuildParams.from_json(params))


def _made_list(p: Power) -> bool:
    """'Make a Maul attack, then make an Axe attack against a different target': several attacks it names."""
    return bool(p.effects) and "list" in p.effects[0].extra


def _made_each(p: Power) -> bool:
    """'make 1 {B} attack against each Helpless enemy within reach': one attack against each such enemy."""
    return bool(p.effects) and "each" in p.effects[0].extra


def _each_ok(b: Battle, f: Fighter, p: Power, t: Fighter) -> bool:
    """An enemy a 'make 1 {B} attack against each ...' power names (its state, its distance in squares)."""
    flt = p.effects[0].filter
    return t.player != f.player and J.target_state_ok(b, flt, f, t) and (not flt.within or b.gap(f, t) <= flt.within)


def _made_distinct(p: Power) -> bool:
    """'make 3 basic attacks, each against a different target'."""
    return bool(p.effects) and "distinct" in p.effects[0].extra


class GuildGame(Game):
    """D&D Miniatures by the DDM Guild rules (ruleset ``ddm-guild``), rules partly reconstructed."""

    id = "ddm-guild"
    version = GAME_VERSION

    def new_initial_state(self, *, lists: Sequence[Mapping[str, Any]], battle_map: Mapping[str, Any] | str,
                          dice: Dice, params: Mapping[str, Any] | None = None) -> GuildState:
        return start_battle(lists, battle_map, dice, params)

    def action_from_json(self, raw: Mapping[str, Any]) -> Action:
        return action_from_json(ACTION_CLASSES, raw)

    def describe_list(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        return {"name": str(raw.get("name") or ""),
                "creatures": [card_from_json(c).to_json() for c in raw.get("creatures") or ()]}

    def describe_map(self, battle_map: Mapping[str, Any] | str) -> dict[str, Any]:
        return dict(guild_map(battle_map).raw)

    def unmodelled(self, lists: Sequence[Mapping[str, Any]]) -> list[str]:
        out = []
        for item in lists_unplayed(lists):
            for p in item["powers"]:
                out.append(f"{item['name']}: {p['name']}")
            if not item["size_known"]:
                out.append(f"{item['name']}: size not known (played as Medium)")
        return sorted(set(out))
