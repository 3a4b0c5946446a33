"""Dungeon Command's pieces in play: creatures on (or off) the battlefield, the cards attached to them, each
player's decks, hands and tracks, and the stack's items and the engine's pending work (``docs/engine.md``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from simulate.games.dungeon_command_actions import (
    NOWHERE,
)
from simulate.games.dungeon_command_cards import (
    CreatureCard,
    OrderCard,
    Power,
    Warband,
)
from simulate.games.dungeon_command_effects import Mod, Step

Sq = tuple[int, int]


@dataclass
class Attached:
    """An order card slid under a creature (§8.3): its lasting text is part of the creature."""

    order: str  # the order card's instance id
    owner: int
    card: OrderCard
    mods: tuple[Mod, ...]


class Creature:
    def __init__(self, cid: str, owner: int, card: CreatureCard) -> None:
        self.id = cid
        self.owner = owner
        self.controller = owner
        self.card = card
        self.size = card.size
        self.pos: Sq = NOWHERE
        self.on_board = False
        self.damage = 0
        self.tapped = False
        self.activated = False
        self.moved = False
        self.attached: list[Attached] = []
        self.used: set[str] = set()  # sources used this turn (§7.2)
        self.shields: dict[int, int] = {}  # stack item id -> damage still prevented (ALL: all)
        self.avoided: set[int] = set()  # stack items this creature cowered or dodged
        self.stealthed = False
        self.passage = False  # Secret Passage this turn
        self.granted: set[str] = set()  # ability icons granted for the turn
        self.hazard_hit = False  # took hazardous-terrain damage on entering, this activation
        self.base_mods: tuple[Mod, ...] = tuple(m for p in card.powers for m in p.reading.mods)
        self.powers: tuple[Power, ...] = tuple(p for p in card.powers if p.reading.steps)

    def squares(self) -> list[Sq]:
        x, y = self.pos
        if self.size == 1:
            return [self.pos]
        return [(x + i, y + j) for j in range(self.size) for i in range(self.size)]

    def mods(self) -> list[Mod]:
        out = list(self.base_mods)
        for a in self.attached:
            out.extend(a.mods)
        return out

    def has_mod(self, op: str) -> bool:
        for m in self.base_mods:
            if m.op == op:
                return True
        for a in self.attached:
            for m in a.mods:
                if m.op == op:
                    return True
        return False

    def mod_total(self, op: str) -> int:
        t = 0
        for m in self.base_mods:
            if m.op == op and m.who == "self":
                t += m.amount
        for a in self.attached:
            for m in a.mods:
                if m.op == op and m.who == "self":
                    t += m.amount
        return t

    @property
    def level(self) -> int:
        return self.card.level + self.mod_total("level-up")

    @property
    def hp(self) -> int:
        extra = 0
        for a in self.attached:
            for m in a.mods:
                if m.op == "level-up":
                    for s in m.steps:
                        extra += s.amount
        return self.card.hp + extra

    @property
    def keywords(self) -> tuple[str, ...]:
        kws = self.card.keywords
        for a in self.attached:
            for m in a.mods:
                if m.op == "level-up" and m.keywords:
                    kws = kws + m.keywords
        return kws

    def icons(self) -> set[str]:
        return set(self.card.icons) | self.granted

    def has_icon(self, icon: str) -> bool:
        """An ability icon printed on its card or granted for the turn (:meth:`icons`, without making the set)."""
        return icon in self.card.icons or icon in self.granted

    @property
    def remaining(self) -> int:
        return self.hp - self.damage


@dataclass
class PlayerState:
    warband: Warband
    morale: int
    leadership: int
    creature_deck: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    graveyard: list[str] = field(default_factory=list)
    order_deck: list[str] = field(default_factory=list)
    order_hand: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    cmd_mods: tuple[Mod, ...] = ()
    swapped: bool = False
    war_cry: list[Mod] = field(default_factory=list)

    def cmd(self, op: str) -> Mod | None:
        for m in self.cmd_mods:
            if m.op == op:
                return m
        return None


@dataclass
class Item:
    """One action on the stack: one step of an order, a power, an attack, or a triggered effect."""

    id: int
    player: int
    creature: str
    step: Step
    label: str  # what it is, for events and figures: the order's or power's name, "attack", a trigger
    stat: str  # the figures' key: "order:<a|b>:<name>", "power:<a|b>:<card>: <power>", "attack", "trigger:<what>"
    target: str = ""
    source: int = 0
    square: Sq = NOWHERE
    option: int = 0
    ally: str = ""
    ranged: bool = False
    order: str = ""  # the order card this item finishes (discarded or attached when it resolves)
    amount: int = 0  # triggered damage
    play: int = 0  # the source (§7.2): every item of one declaration shares it; preventions and cowering count by it


@dataclass
class Op:
    """An internal piece of work the engine does before asking anyone anything."""

    kind: str
    item: Item | None = None
    creature: str = ""
    target: str = ""
    amount: int = 0
    kind2: str = ""  # an attack's kind: melee / ranged ("" when not an attack)
    unpreventable: bool = False
    riders: tuple[Step, ...] = ()
    square: Sq = NOWHERE
    steps: tuple[Step, ...] = ()
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class Pending:
    """A decision asked in the middle of resolving something."""

    kind: str  # cower / choose
    player: int
    options: list[dict[str, Any]]
    resume: Op
    why: str = ""


@dataclass
class Window:
    """A response window: players asked in turn; the top resolves when all pass in succession."""

    asking: int
    passes: int = 0
