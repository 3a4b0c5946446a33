"""The battle's data: its parameters, the creatures as they stand, the turn in progress and the players
(``ddm.md`` §21 readings as parameters; §6.2 what a turn has done). Plain dataclasses the rules modules read and
change; nothing here decides anything.

Constants the rules share: the morale DC (§11.5), command range (§11.2), the terrain that slows (§7.4, §14)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from simulate.engine.grid import Sq
from simulate.engine.turns import Piece
from simulate.games.ddm_abilities import CommanderEffect, SpellEffect, Traits
from simulate.games.ddm_cards import SIZE_ORDER, AttackSpec, CreatureCard, Warband

MORALE_DC = 20
COMMAND_RANGE = 6
SLOW_TERRAIN = frozenset({"difficult", "statue", "forest", "risky", "spike-stones"})
INF = 1 << 30

StepEntry = tuple[Sq, Sq, bool, bool, bool, tuple[Sq, ...]]  # direction, anchor, diagonal, slowed, pit, space


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


@dataclass
class Effect:
    """A lasting effect on a creature: a spell's bonus, a penalty. Same name never stacks (§9.4)."""

    name: str
    stats: tuple[tuple[str, int], ...]


class Creature(Piece):
    """A creature in a battle. Compared by identity: each has its own id, and comparing every field (a dataclass's
    default) made each ``creature in some_list`` walk the whole card. A plain class, not a dataclass: compiled,
    its constructor is native (a dataclass's generated ``__init__`` stays interpreted), and every battle makes
    one per creature."""

    def __init__(
        self, *, id: str, player: int, card: CreatureCard, traits: Traits, value: int, rating: int | None, hp: int,
        start_hp: int, size: int,
    ) -> None:
        self.id = id
        self.player = player
        self.card = card
        self.traits = traits
        self.value = value  # VP for eliminating it (cost, +5 for a Commander 0 designee)
        self.rating = rating
        self.hp = hp
        self.start_hp = start_hp
        self.size = size
        self.anchor: Sq | None = None
        self.place = "undeployed"  # undeployed | map | eliminated
        self.routing = False
        self.stunned = False
        self.paralysed_dc: int | None = None
        self.asleep = False
        self.confused_dc: int | None = None
        self.poison = 0  # damage at the start of each of its turns (glossary *Poison*)
        self.poisons: set[str] = set()  # the poison effects it suffers (identical ones do not stack)
        self.poisoned_by = ""  # who poisoned it: the VP and the kill are theirs if the poison eliminates it
        self.level_drain = 0
        self.morale_done = False
        self.activations_left = 0
        self.uses: dict[str, int] = {}
        self.effects: dict[str, Effect] = {}
        self.teleported_round = -1
        self.invisible = False
        self.requires: str | None = None
        self.bonus_hp = 0  # hit points gained above the starting value (bonus HP, Feed, drains)
        self.no_aoo_from: dict[str, int] = {}  # enemy id -> turn number (rout causers)
        self.entangled_dc: int | None = None
        self.eliminated_round: int | None = None
        self.eliminated_how = ""
        self.damage_dealt = 0
        self.damage_taken = 0
        self.kills = 0
        self.points_earned = 0  # VP of the creatures it eliminated and of the rounds it held a victory area
        self.promoted = False
        self._space: tuple[Sq, list[Sq]] | None = None
        # read once from the card when the battle starts (``DdmState``): its Commander Effects and its spells' effects
        self.commander_effects: list[CommanderEffect] = []
        self.spell_effects: list[SpellEffect] = []
        self.melee_attacks: tuple[AttackSpec, ...] = ()  # the card's, in its order
        self.ranged_attacks: tuple[AttackSpec, ...] = ()

    def __repr__(self) -> str:
        return (f"Creature(id={self.id!r}, player={self.player}, card={self.card.name!r}, hp={self.hp}, "
                f"anchor={self.anchor!r}, place={self.place!r}, routing={self.routing})")

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
        if not self.effects:
            return 0
        return sum(v for e in self.effects.values() for s, v in e.stats if s == stat)


class Turn:
    """What the acting creature has done so far this turn (§6.2). A plain class, not a dataclass: compiled, its
    constructor is native (a dataclass's generated ``__init__`` stays interpreted), and every activation makes
    one."""

    def __init__(self, creature: str, controller: int, speed: int, *, started_stunned: bool = False) -> None:
        self.creature = creature
        self.controller = controller
        self.speed = speed
        self.moved = 0
        self.steps = 0
        self.parity = 0
        self.moved_before_attack = False
        self.attacks_made = 0
        self.attack_kind = ""
        self.used_attacks: set[int] = set()
        self.acted = False  # cast a spell or used a "replaces attacks" ability
        self.charged = False
        self.burrowing = False
        self.max_attacks: int | None = None
        self.no_actions = False
        self.aoo_used: set[str] = set()
        self.flew = False
        self.cleave_used = False
        self.stunning_used = False
        self.hits_on: dict[str, int] = {}
        self.started_stunned = started_stunned
        self.aggression = False
        self.moved_after_attack = False
        self.pit_checks: list[tuple[str, str]] = []  # (moved creature, who moved it)
        self.move_blocked = False
        self.seen_at_start: set[str] = set()

    def __repr__(self) -> str:
        return f"Turn({', '.join(f'{k}={getattr(self, k)!r}' for k in _TURN_FIELDS)})"


_TURN_FIELDS = (
    "creature", "controller", "speed", "moved", "steps", "parity", "moved_before_attack", "attacks_made",
    "attack_kind", "used_attacks", "acted", "charged", "burrowing", "max_attacks", "no_actions", "aoo_used", "flew",
    "cleave_used", "stunning_used", "hits_on", "started_stunned", "aggression", "moved_after_attack", "pit_checks",
    "move_blocked", "seen_at_start",
)


class PlayerState:
    """A player's side of the battle. A plain class, as :class:`Turn` (every battle makes two): equality and
    ``repr`` as the dataclass it was had them."""

    def __init__(self, index: int, warband: Warband, letter: str = "", vp: int = 0, allies_destroyed: int = 0) -> None:
        self.index = index
        self.warband = warband
        self.letter = letter
        self.vp = vp
        self.allies_destroyed = allies_destroyed

    def _fields(self) -> tuple[int, Warband, str, int, int]:
        return (self.index, self.warband, self.letter, self.vp, self.allies_destroyed)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PlayerState) and self._fields() == other._fields()

    def __repr__(self) -> str:
        return (f"PlayerState(index={self.index!r}, warband={self.warband!r}, letter={self.letter!r}, "
                f"vp={self.vp!r}, allies_destroyed={self.allies_destroyed!r})")


def undead(c: Creature) -> bool:
    return "undead" in c.traits.types


def size_rank(c: Creature) -> int:
    size = c.card.size or "Medium"
    return SIZE_ORDER.index(size) if size in SIZE_ORDER else SIZE_ORDER.index("Medium")
