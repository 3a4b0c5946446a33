"""A plan read against the catalogue: the types every rule reads (:class:`Plan`, its actions, tiles, moves and
orders; an order and a tile entry are :class:`~validation.games._lists.CardEntry`), and how a name becomes a
card, the board and the phase cards."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from validation.core.document import MAX_NAME
from validation.core.entered import PLAYER_ENTERED
from validation.core.facts import CardFacts, Catalogue
from validation.core.matching import resolve, same_name
from validation.core.names import normalise
from validation.core.result import (
    CONTRACT_SOURCE,
    UNKNOWN_CARD,
    WRONG_KIND,
    Finding,
    Missing,
    Outcome,
    Source,
)
from validation.core.text import Text, and_text, msg, nmsg
from validation.games._lists import CardEntry, OfCard
from validation.games.stronghold.board import Board, board_card
from validation.games.stronghold.schema import ATTACKER, CARD_KEYS, STAND_IN, STAND_IN_SOURCE


def units_of(value: Any) -> Counter[str]:
    out: Counter[str] = Counter()
    if isinstance(value, Mapping):
        for k in ATTACKER:
            n = value.get(k)
            if isinstance(n, int) and n > 0:
                out[k] = n
    return out


UNIT_TEXTS: dict[str, Callable[[int], Text]] = {
    "goblin": lambda n: nmsg("{n} goblin", "{n} goblins", n),
    "orc": lambda n: nmsg("{n} orc", "{n} orcs", n),
    "troll": lambda n: nmsg("{n} troll", "{n} trolls", n),
}
SIDE_WORDS = {"west": msg("west"), "east": msg("east")}
UNIT_WORDS = {"goblin": msg("goblin"), "orc": msg("orc"), "troll": msg("troll")}
COLOUR_WORDS = {"red": msg("red"), "green": msg("green")}
LOCATION_WORDS = {
    "rampart": msg("rampart"), "gathering-point": msg("gathering-point"), "wall-section": msg("wall-section"),
    "building": msg("building"), "path-field": msg("path-field"), "gate": msg("gate"),
    "siege-tower": msg("siege-tower"),
}


def word_for(words: Mapping[str, Text], value: Any) -> Text | str:
    return words.get(str(value), str(value))


def show(units: Mapping[str, int]) -> Text | str:
    parts = [UNIT_TEXTS[k](units[k]) for k in ATTACKER if units.get(k)]
    return and_text(parts) if len(parts) > 1 else (parts[0] if parts else msg("no units"))


@dataclass
class Action(OfCard):
    """One plan entry that names an action of the catalogue."""

    index: int
    item: Mapping[str, Any]
    card: CardFacts

    @property
    def pointer(self) -> str:
        return f"/plan/entries/{self.index}"

    @property
    def qty(self) -> int:
        return int(self.item.get("qty") or 1)

    @property
    def pay(self) -> Counter[str]:
        return units_of(self.item.get("pay"))

    @property
    def ally(self) -> bool:
        return self.item.get("card") == "ally"

    def get(self, name: str) -> Any:
        return self.card.get(name)


@dataclass
class Tile:
    card: CardFacts
    at: str  # a board id, or the text as written when the board lacks it
    occupied: bool = False
    pointer: str = ""


@dataclass
class TileEvent:
    """A tile placed (or moved by a transfer) by an entry, with the board's tiles just after."""

    action: Action
    tile: Tile
    tiles: list[Tile]
    moved_from: str | None = None


@dataclass
class MoveEvent:
    """Units moved by a mobilization (or a rope), with the units on the board just after."""

    pointer: str
    action: Action | None  # the mobilization; None for a rope move
    source: str
    dest: str
    src: str | None  # the board's ids (None: the board lacks it); CAMP for the camp
    dst: str | None
    units: Counter[str]
    after: dict[str, Counter[str]]
    available: Counter[str]  # units on the source that may still move in this mobilization, before the move
    order: int  # 0 rampart, 1 gathering point, 2 camp, -1 other


@dataclass
class OrderItem(CardEntry):
    """An order tile of the plan, on the wall section it names (``loc``: the board's id, None when unknown)."""

    section: str
    loc: str | None
    secret: bool


@dataclass
class Plan:
    """Everything the rules read about one document (a setup or a round plan)."""

    catalogue: Catalogue
    kind: str
    data: Mapping[str, Any]
    players: int
    board: Board | None = None
    board_missing: Missing | None = None
    # round plan
    actions: list[Action] = field(default_factory=list)
    orders: list[OrderItem] = field(default_factory=list)
    cards: dict[str, CardFacts | None] = field(default_factory=dict)
    ally_cards: dict[str, CardFacts | None] = field(default_factory=dict)
    flipped: set[str] = field(default_factory=set)
    drawn: Counter[str] = field(default_factory=Counter)
    paid: Counter[str] = field(default_factory=Counter)
    given: Counter[str] = field(default_factory=Counter)
    received: Counter[str] = field(default_factory=Counter)
    balance: list[tuple[Action, int, int]] = field(default_factory=list)  # (entry, cost paid, balance after)
    start_balance: int = 0
    spent: int = 0
    tiles_start: list[Tile] = field(default_factory=list)
    tile_events: list[TileEvent] = field(default_factory=list)
    tiles_end: list[Tile] = field(default_factory=list)
    moves: list[MoveEvent] = field(default_factory=list)
    rope_moves: list[MoveEvent] = field(default_factory=list)
    escapes: list[tuple[Action, str | None, dict[str, Counter[str]]]] = field(default_factory=list)
    units_end: dict[str, Counter[str]] = field(default_factory=dict)
    camp_phase6: Counter[str] = field(default_factory=Counter)
    camp_end: Counter[str] = field(default_factory=Counter)
    # setup
    setup_cards: list[dict[str, CardFacts | None]] = field(default_factory=list)
    draft: dict[str, list[tuple[str, CardFacts | None]]] = field(default_factory=dict)

    @property
    def plan(self) -> bool:
        return self.kind == "round-plan"

    @property
    def charge(self) -> bool:
        return "1" in self.flipped

    @property
    def two_player(self) -> bool:
        return self.players <= 2

    def need_board(self, rule_id: str) -> Iterator[Outcome]:
        """The board's ``Missing`` for a rule that reads it, where the layout is not known."""
        if self.plan and self.board is None and self.board_missing is not None:
            m = self.board_missing
            yield Missing(m.card, m.card_name, m.field, m.entries, rule_id, what=m.what)

    def tiles_at(self, tiles: Iterable[Tile], loc: str, *names: str) -> list[Tile]:
        keys = {normalise(n) for n in names}
        return [t for t in tiles if t.at == loc and (not keys or t.card.key in keys)]


def _is_action(card: CardFacts) -> bool:
    return card.get("hourglasses") is not None


def narrow_actions(found: Sequence[CardFacts]) -> Sequence[CardFacts]:
    return [c for c in found if _is_action(c)]


def narrow_cards(found: Sequence[CardFacts]) -> Sequence[CardFacts]:
    return [c for c in found if not c.get("action_only", False)]


def find_card(catalogue: Catalogue, text: str, kinds: Sequence[str], pointer: str, what: Text, out: list[Outcome],
          narrow: Any = None, cache: str = "") -> CardFacts | None:
    match = resolve(catalogue, text, kinds=set(kinds), pointer=pointer, narrow=narrow, same_card=same_name,
                    cache_as=f"stronghold:{cache}" if cache else "")
    if match.finding is not None:
        out.append(match.finding)
    elif match.card is None:
        out.append(Finding(WRONG_KIND, msg("{text} is not {what}.", text=repr(text[:MAX_NAME]), what=what), (pointer,),
                           hint=msg("name {what}", what=what), source=CONTRACT_SOURCE))
    return match.card


def read_board(catalogue: Catalogue, name: str) -> tuple[Board | None, Missing | None, list[Outcome]]:
    out: list[Outcome] = []
    card = board_card(catalogue, name)
    if card is None:
        out.append(Finding(UNKNOWN_CARD, msg("No board named {name} in the stronghold catalogue (the format's "
                                             "parameter board).", name=repr(name)), ("/plan",),
                           hint=msg('name a board record of the catalogue in "params": {example}',
                                    example='{"board": ...}'), source=CONTRACT_SOURCE))
        return None, None, out
    layout = card.fields.get("layout")
    if not isinstance(layout, Mapping) or not layout:
        what = msg("layout (topology and capacities)")
        return None, Missing(card.slug, card.name, "layout", ("/plan",), what=what), out
    if card.is_standin:
        out.append(Finding(
            STAND_IN,
            msg("The plan is checked on {name}, an invented stand-in for the board: its locations, paths, slots and "
                "machine fields are not the printed board's.", name=card.name),
            ("/plan",),
            hint=msg('supply the printed board\'s layout in the catalogue and choose it with "params": {example} '
                     "(now {slug})", example='{"board": ...}', slug=card.slug),
            severity="warning",
            source=STAND_IN_SOURCE,
            extra={"cards": [card.slug]},
        ))
    if "layout" in catalogue.entered.get(card.slug, ()):
        out.append(Finding(
            PLAYER_ENTERED,
            msg("The plan is checked on {name} as a player entered its layout from the printed board, not yet "
                "reviewed into the catalogue.", name=card.name),
            ("/plan",),
            hint=msg("offer it to the catalogue from the board's numbers page"),
            severity="warning",
            source=CONTRACT_SOURCE,
            extra={"card": card.slug, "fields": ["layout"]},
        ))
    return Board.read(card, layout), None, out


def read_phase_cards(catalogue: Catalogue, value: Any, pointer: str, out: list[Outcome],
                 stand_ins: dict[str, tuple[CardFacts, list[str]]]) -> dict[str, CardFacts | None]:
    cards: dict[str, CardFacts | None] = {}
    if not isinstance(value, Mapping):
        return cards
    for key in CARD_KEYS:
        text = value.get(key)
        if isinstance(text, str):
            where = f"{pointer}/{key}"
            card = find_card(catalogue, text, ("phase-card",), where, msg("a phase card"), out, narrow_cards, "card")
            cards[key] = card
            if card is not None and card.is_standin:
                stand_ins.setdefault(card.slug, (card, []))[1].append(where)
    return cards


def stand_in_warning(stand_ins: dict[str, tuple[CardFacts, list[str]]]) -> Finding:
    return Finding(
        STAND_IN,
        msg("The plan is checked with stand-in cards, not the publisher's: {names}.",
            names=and_text(c.name for c, _ in stand_ins.values())),
        tuple(p for _, pointers in stand_ins.values() for p in pointers),
        hint=msg("supply the printed cards in the catalogue to replace the stand-ins"),
        severity="warning",
        source=Source("stronghold.md", "§10.1 Conventions (phase cards are data; tests use invented cards)"),
        extra={"cards": sorted(stand_ins)},
    )
