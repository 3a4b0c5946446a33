"""Dungeon Command (game ``dungeon-command``, ruleset ``default``): warband construction.

Specification: ``dungeon-command.md`` §4; original: seed ``001_2362fc22da385df6.txt`` (Russian
rulebook): Что нужно для игры (p. 3), Первая игра (pp. 3–6), Создание своих отрядов (p. 15).

Counting rules, once for all rules below: a card is identified by its **name** (names are unique,
Q2): copies of one name are summed across entries and sets. Only entries that name a card of the
right kind count (an unknown or misplaced card is reported as such, and counts nowhere).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from validation.core.document import MAX_NAME
from validation.core.facts import CardFacts, Catalogue
from validation.core.matching import resolve, resolve_set, same_name
from validation.core.names import normalise
from validation.core.registry import Format, Param, Params, RulesetSpec, register_ruleset, rule
from validation.core.result import (
    CONTRACT_SOURCE,
    UNKNOWN_CARD,
    WRONG_KIND,
    Finding,
    Missing,
    Outcome,
)
from validation.core.schema import Errors, Int, Key, ListOf, Null, Obj, Str
from validation.core.text import Text, and_text, msg, nmsg, or_text, semicolon_text
from validation.games._lists import CardEntry, entries_schema, entry_items, entry_schema

GAME = "dungeon-command"
RULESET = "default"
SEED = "001_2362fc22da385df6.txt"
SYMBOLS = ("gold", "silver")
MAX_COMMANDERS = 10
MAX_TILES = 20

# Where each kind belongs in the list (for the wrong-kind hint).
PLACES: dict[str, str | Text] = {
    "creature": msg('under "entries"'),
    "order": msg('under "orders"'),
    "commander": msg('under "commanders"'),
    "tile": msg('as a count under "tiles"'),
}
SYMBOL_WORDS = {"gold": msg("gold"), "silver": msg("silver")}


def _not_a_card(kind: str, text: str) -> Text:
    if kind == "creature":
        return msg("{text} is not a creature card of the catalogue.", text=text)
    if kind == "order":
        return msg("{text} is not an order card of the catalogue.", text=text)
    return msg("{text} is not a commander card of the catalogue.", text=text)


@dataclass
class KindProblem:
    pointer: str
    message: str | Text
    hint: str | Text


@dataclass
class Box:
    """A faction pack: its creature, order and commander cards with their copies."""

    name: str
    cards: tuple[CardFacts, ...]

    def of_kind(self, kind: str) -> list[CardFacts]:
        return [c for c in self.cards if c.kind == kind]


@dataclass
class Warband:
    catalogue: Catalogue
    creatures: list[CardEntry] = field(default_factory=list)
    orders: list[CardEntry] = field(default_factory=list)
    commanders: list[CardEntry] = field(default_factory=list)
    commanders_listed: int = 0
    kind_problems: list[KindProblem] = field(default_factory=list)
    tiles: Mapping[str, int] | None = None
    box: Box | None = None
    box_given: bool = False
    symbol: str | None = None

    def creature_count(self) -> int:
        return sum(c.qty for c in self.creatures)

    def order_count(self) -> int:
        return sum(c.qty for c in self.orders)


def _read(
    w: Warband, catalogue: Catalogue, kind: str, text: str, pointer: str, set_name: str | None, out: list[Outcome]
) -> CardFacts | None:
    match = resolve(
        catalogue, text, kinds={kind}, pointer=pointer, set_name=set_name, same_card=same_name,
        places=PLACES, cache_as=f"dungeon-command:{kind}",
    )
    if match.finding is not None:
        out.append(match.finding)
        if match.finding.rule == UNKNOWN_CARD:
            message = _not_a_card(kind, repr(text[:MAX_NAME]))
            w.kind_problems.append(KindProblem(pointer, message, match.finding.hint))
        elif match.finding.rule == WRONG_KIND:
            w.kind_problems.append(KindProblem(pointer, match.finding.message, match.finding.hint))
    return match.card


def _find_box(catalogue: Catalogue, text: str) -> Box | None:
    found = resolve_set(catalogue, text)
    if found is not None:
        return Box(found.name, tuple(c for c in catalogue.cards if c.set is not None and c.set.slug == found.slug))
    key = normalise(text)
    for c in catalogue.cards:
        for slug in c.factions:
            if normalise(slug) == key:
                return Box(slug.replace("-", " ").title(), tuple(x for x in catalogue.cards if slug in x.factions))
    return None


def prepare(doc: Any, catalogue: Catalogue, fmt: Format, params: Params) -> tuple[Warband, list[Outcome]]:
    data = doc.data
    out: list[Outcome] = []
    w = Warband(catalogue)
    for key, kind, bucket in (("entries", "creature", w.creatures), ("orders", "order", w.orders)):
        for i, item in entry_items(data.get(key)):
            pointer = f"/{key}/{i}"
            card = _read(w, catalogue, kind, item["card"], f"{pointer}/card", item.get("set"), out)
            if card is not None:
                bucket.append(CardEntry(pointer, item["qty"], card))
    for i, text in enumerate(data.get("commanders") or []):
        if not isinstance(text, str):
            continue
        w.commanders_listed += 1
        card = _read(w, catalogue, "commander", text, f"/commanders/{i}", None, out)
        if card is not None:
            w.commanders.append(CardEntry(f"/commanders/{i}", 1, card))
    tiles = data.get("tiles")
    if isinstance(tiles, Mapping):
        w.tiles = {k: int(v) for k, v in tiles.items() if v is not None}
    w.symbol = data.get("symbol")
    if data.get("box"):
        w.box_given = True
        w.box = _find_box(catalogue, data["box"])
        if w.box is None:
            known = sorted(s.name for s in catalogue.sets)
            out.append(
                Finding(
                    UNKNOWN_CARD,
                    msg("No faction pack named {name} in the catalogue.", name=repr(data["box"][:MAX_NAME])),
                    ("/box",),
                    hint=msg("name one of {names}", names=", ".join(known)) if known else msg("check the spelling"),
                    source=CONTRACT_SOURCE,
                    extra={"suggestions": known},
                )
            )
    return w, out


# ------------------------------------------------------------------------------------ parameters

MIN_CREATURES = Param("min_creatures", Int(1, 1000), 12, "at least this many creatures")
MAX_CREATURE_COPIES = Param("max_creature_copies", Int(1, 99), 4, "at most this many creatures of one name")
MIN_ORDERS = Param("min_orders", Int(1, 1000), 30, "an order deck of at least this many cards")
MAX_ORDER_COPIES = Param("max_order_copies", Int(1, 99), 4, "at most this many copies of one order card")
COMMANDERS = Param("commanders", Int(1, 10), 1, "exactly this many commander cards")
TILES_LARGE = Param("large", Int(0, MAX_TILES), 2, "large tiles of a player's half of the battlefield")
TILES_SMALL = Param("small", Int(0, MAX_TILES), 2, "small tiles (with or without a start area)")
TILES_START = Param(
    "small_with_start_area", Int(0, MAX_TILES), 1, "small tiles with a start area (dungeon-command.md Q21: exactly 1)"
)


def _copies_findings(rule_id: str, cards: list[CardEntry], most: int) -> Iterator[Finding]:
    by_name: dict[str, list[CardEntry]] = {}
    for c in cards:
        by_name.setdefault(c.key, []).append(c)
    for _key, items in sorted(by_name.items()):
        count = sum(c.qty for c in items)
        if count > most:
            name = items[0].name
            yield Finding(
                rule_id,
                nmsg("{name}: {count} copies; at most {n} of one card are allowed.",
                     "{name}: {count} copies; at most {n} of one card are allowed.", most, name=name, count=count),
                tuple(c.pointer for c in items),
                hint=nmsg("{label}: {n} copy too many", "{label}: {n} copies too many", count - most, label=name),
            )


def _too_few(rule_id: str, pointer: str, count: int, least: int, message: Text, hint: Text) -> Iterator[Finding]:
    """The finding of a part of the list with fewer cards than it needs (none when it has enough)."""
    if count < least:
        yield Finding(rule_id, message, (pointer,), hint=hint)


@rule("dungeon-command.min-creatures", MIN_CREATURES)
def min_creatures(w: Warband, p: Params) -> Iterator[Outcome]:
    """At least 12 creatures, each a miniature and a creature card. No maximum is given.

    Source: 001_2362fc22da385df6.txt, Создание своих отрядов (p. 15); Что нужно для игры: Миниатюры (p. 3)
    """
    count, least = w.creature_count(), p["min_creatures"]
    message = nmsg("The warband has {n} creature; it needs at least {least}.",
                   "The warband has {n} creatures; it needs at least {least}.", count, least=least)
    hint = nmsg("add {n} creature", "add {n} creatures", least - count)
    yield from _too_few("dungeon-command.min-creatures", "/entries", count, least, message, hint)


@rule("dungeon-command.creature-copies", MAX_CREATURE_COPIES)
def creature_copies(w: Warband, p: Params) -> Iterator[Outcome]:
    """At most 4 creatures of one kind (one card name), counted across all entries and boxes.

    Source: 001_2362fc22da385df6.txt, Создание своих отрядов (p. 15)
    """
    yield from _copies_findings("dungeon-command.creature-copies", w.creatures, p["max_creature_copies"])


@rule("dungeon-command.order-copies", MAX_ORDER_COPIES)
def order_copies(w: Warband, p: Params) -> Iterator[Outcome]:
    """At most 4 copies of one order card (one name).

    Source: 001_2362fc22da385df6.txt, Создание своих отрядов (p. 15)
    """
    yield from _copies_findings("dungeon-command.order-copies", w.orders, p["max_order_copies"])


@rule("dungeon-command.min-orders", MIN_ORDERS)
def min_orders(w: Warband, p: Params) -> Iterator[Outcome]:
    """An order deck of at least 30 cards. No maximum is given.

    Source: 001_2362fc22da385df6.txt, Создание своих отрядов (p. 15); Что нужно для игры: Карты приказов (p. 3)
    """
    count, least = w.order_count(), p["min_orders"]
    message = nmsg("The order deck has {n} card; it needs at least {least}.",
                   "The order deck has {n} cards; it needs at least {least}.", count, least=least)
    yield from _too_few("dungeon-command.min-orders", "/orders", count, least, message,
                        nmsg("add {n} order card", "add {n} order cards", least - count))


@rule("dungeon-command.one-commander", COMMANDERS)
def one_commander(w: Warband, p: Params) -> Iterator[Outcome]:
    """Exactly one commander card: you need one to play, and "there must be only one".

    Source: 001_2362fc22da385df6.txt, Создание своих отрядов (p. 15); Выбор командира (p. 6)
    """
    count, want = len(w.commanders), p["commanders"]
    if count < want:
        yield Finding(
            "dungeon-command.one-commander",
            nmsg("The warband has {n} commander card; it needs exactly {want}.",
                 "The warband has {n} commander cards; it needs exactly {want}.", count, want=want),
            ("/commanders",),
            hint=nmsg("add {n} commander card", "add {n} commander cards", want - count),
        )
    elif count > want:
        yield Finding(
            "dungeon-command.one-commander",
            nmsg("The warband has {n} commander card ({names}); it needs exactly {want}.",
                 "The warband has {n} commander cards ({names}); it needs exactly {want}.", count,
                 names=and_text(c.name for c in w.commanders), want=want),
            tuple(c.pointer for c in w.commanders),
            hint=nmsg("remove {n} commander card", "remove {n} commander cards", count - want),
        )


@rule("dungeon-command.battlefield-tiles", TILES_LARGE, TILES_SMALL, TILES_START)
def battlefield_tiles(w: Warband, p: Params) -> Iterator[Outcome]:
    """Your half of the battlefield: 2 large and 2 small tiles, exactly one small tile with a start
    area. Checked only when the list records its tiles (Q21).

    Source: 001_2362fc22da385df6.txt, Плитки поля боя (p. 4); Первая игра (p. 5); Создание своих отрядов (p. 15)
    """
    if w.tiles is None:
        return
    for key in ("large", "small", "small_with_start_area"):
        have, want = w.tiles.get(key, 0), p[key]
        if have != want:
            message, add, remove = TILE_TEXTS[key]
            change = add(want - have) if have < want else remove(have - want)
            yield Finding(
                "dungeon-command.battlefield-tiles",
                message(have, want),
                (f"/tiles/{key}",),
                hint=change,
            )


TILE_TEXTS: dict[str, tuple[Callable[[int, int], Text], Callable[[int], Text], Callable[[int], Text]]] = {
    "large": (
        lambda n, want: nmsg("The battlefield half has {n} large tile; it needs {want}.",
                             "The battlefield half has {n} large tiles; it needs {want}.", n, want=want),
        lambda n: nmsg("add {n} large tile", "add {n} large tiles", n),
        lambda n: nmsg("remove {n} large tile", "remove {n} large tiles", n),
    ),
    "small": (
        lambda n, want: nmsg("The battlefield half has {n} small tile; it needs {want}.",
                             "The battlefield half has {n} small tiles; it needs {want}.", n, want=want),
        lambda n: nmsg("add {n} small tile", "add {n} small tiles", n),
        lambda n: nmsg("remove {n} small tile", "remove {n} small tiles", n),
    ),
    "small_with_start_area": (
        lambda n, want: nmsg("The battlefield half has {n} small tile with a start area; it needs {want}.",
                             "The battlefield half has {n} small tiles with a start area; it needs {want}.", n,
                             want=want),
        lambda n: nmsg("add {n} small tile with a start area", "add {n} small tiles with a start area", n),
        lambda n: nmsg("remove {n} small tile with a start area", "remove {n} small tiles with a start area", n),
    ),
}


@rule("dungeon-command.card-kinds")
def card_kinds(w: Warband, p: Params) -> Iterator[Outcome]:
    """Every creature entry is a creature card, every order entry an order card, every commander a
    commander card, and every name is in the catalogue (reported with ``list.unknown-card`` or
    ``list.wrong-kind``).

    Source: 001_2362fc22da385df6.txt, Что нужно для игры (p. 3); Анатомия карт (p. 7)
    """
    for problem in w.kind_problems:
        yield Finding("dungeon-command.card-kinds", problem.message, (problem.pointer,), hint=problem.hint)


@rule("dungeon-command.miniature-per-creature")
def miniature_per_creature(w: Warband, p: Params) -> Iterator[Outcome]:
    """Every creature card has its miniature. A collection check: a list document records no
    collection, so no format runs it.

    Source: 001_2362fc22da385df6.txt, Что нужно для игры (p. 3); Создание своих отрядов (p. 15)
    """
    return iter(())


def _deck_difference(
    rule_id: str, kind: str, listed: list[CardEntry], wanted: Counter[str], names: dict[str, str], where: Text
) -> Iterator[Finding]:
    have: Counter[str] = Counter()
    pointers: dict[str, list[str]] = {}
    for c in listed:
        have[c.key] += c.qty
        names.setdefault(c.key, c.name)
        pointers.setdefault(c.key, []).append(c.pointer)
    extra = {k: have[k] - wanted[k] for k in have if have[k] > wanted[k]}
    short = {k: wanted[k] - have[k] for k in wanted if wanted[k] > have[k]}
    if not extra and not short:
        return
    by_name = lambda kv: names[kv[0]]  # noqa: E731
    parts = [msg("add {card} ×{n}", card=names[k], n=n) for k, n in sorted(short.items(), key=by_name)]
    parts += [msg("remove {card} ×{n}", card=names[k], n=n) for k, n in sorted(extra.items(), key=by_name)]
    hint = semicolon_text(parts)
    short_text = nmsg("{n} card short", "{n} cards short", sum(short.values()))
    extra_text = nmsg("{n} card too many", "{n} cards too many", sum(extra.values()))
    yield Finding(
        rule_id,
        msg("The creature deck is not exactly the {where}: {short}, {extra}.", where=where, short=short_text,
            extra=extra_text) if kind == "creature"
        else msg("The order deck is not exactly the {where}: {short}, {extra}.", where=where, short=short_text,
                 extra=extra_text),
        tuple(p for k in extra for p in pointers[k]) or (f"/{'entries' if kind == 'creature' else 'orders'}",),
        hint=hint,
    )


def _box_counter(
    w: Warband, kind: str, copies_field: str | None, rule_id: str
) -> tuple[Counter[str], dict[str, str], list[Missing]]:
    """The box's cards of ``kind`` with their copies (all, or one symbol's half)."""
    assert w.box is not None
    wanted: Counter[str] = Counter()
    names: dict[str, str] = {}
    missing: list[Missing] = []
    for card in w.box.of_kind(kind):
        names[card.key] = card.name
        n = card.copies if copies_field is None else card.fields.get(copies_field)
        if n is None:
            symbol = copies_field.replace("_copies", "") if copies_field else ""
            what = msg("number of {symbol} copies", symbol=SYMBOL_WORDS.get(symbol, symbol)) if copies_field else (
                msg("copies"))
            missing.append(Missing(card.slug, card.name, copies_field or "copies", ("/box",), rule_id, what=what))
        else:
            wanted[card.key] += int(n)
    return wanted, names, missing


def _box_rule(w: Warband, rule_id: str, kind: str, copies_field: str | None, where: Text) -> Iterator[Outcome]:
    if w.box is None:
        return
    wanted, names, missing = _box_counter(w, kind, copies_field, rule_id)
    if not names:
        what = msg("creature cards") if kind == "creature" else msg("order cards")
        yield Missing(w.box.name, w.box.name, f"{kind} cards", ("/box",), rule_id, what=what)
        return
    if missing:
        yield from missing
        return
    listed = w.creatures if kind == "creature" else w.orders
    yield from _deck_difference(rule_id, kind, listed, wanted, names, where)


def _commander_rule(w: Warband, rule_id: str) -> Iterator[Outcome]:
    if w.box is None:
        return
    allowed = {c.key: c.name for c in w.box.of_kind("commander")}
    if not allowed:
        yield Missing(w.box.name, w.box.name, "commander cards", ("/box",), rule_id, what=msg("commander cards"))
        return
    for c in w.commanders:
        if c.key not in allowed:
            yield Finding(
                rule_id,
                msg("{name} is not a commander of {box}.", name=c.name, box=w.box.name),
                (c.pointer,),
                hint=msg("choose {names}", names=or_text(sorted(allowed.values()))),
            )


def _box_where(w: Warband) -> Text:
    return msg("{box} box", box=w.box.name) if w.box else msg("box")


def _half_where(w: Warband) -> Text:
    if w.box is None:
        return msg("box")
    symbol = str(w.symbol)
    return msg("{symbol} half of the {box} box", symbol=SYMBOL_WORDS.get(symbol, symbol), box=w.box.name)


@rule("dungeon-command.faction-box-creatures")
def faction_box_creatures(w: Warband, p: Params) -> Iterator[Outcome]:
    """The creature deck is exactly the box's 12 creature cards.

    Source: 001_2362fc22da385df6.txt, Что нужно для игры: Миниатюры (p. 3)
    """
    yield from _box_rule(w, "dungeon-command.faction-box-creatures", "creature", None, _box_where(w))


@rule("dungeon-command.faction-box-orders")
def faction_box_orders(w: Warband, p: Params) -> Iterator[Outcome]:
    """The order deck is exactly the box's 36 order cards.

    Source: 001_2362fc22da385df6.txt, Что нужно для игры: Карты приказов (p. 3)
    """
    yield from _box_rule(w, "dungeon-command.faction-box-orders", "order", None, _box_where(w))


@rule("dungeon-command.faction-box-commander")
def faction_box_commander(w: Warband, p: Params) -> Iterator[Outcome]:
    """The commander is one of the box's 2 commander cards.

    Source: 001_2362fc22da385df6.txt, Выбор командира (p. 6)
    """
    yield from _commander_rule(w, "dungeon-command.faction-box-commander")


@rule("dungeon-command.first-game-creatures")
def first_game_creatures(w: Warband, p: Params) -> Iterator[Outcome]:
    """Exactly the 6 creature cards of the chosen symbol (gold or silver) from one box.

    Source: 001_2362fc22da385df6.txt, Первая игра (p. 4): золотые и серебряные символы
    """
    where = _half_where(w)
    yield from _box_rule(w, "dungeon-command.first-game-creatures", "creature", f"{w.symbol}_copies", where)


@rule("dungeon-command.first-game-orders")
def first_game_orders(w: Warband, p: Params) -> Iterator[Outcome]:
    """Exactly the 18 order cards of the chosen symbol from the same box.

    Source: 001_2362fc22da385df6.txt, Первая игра (p. 4): золотые и серебряные символы
    """
    where = _half_where(w)
    yield from _box_rule(w, "dungeon-command.first-game-orders", "order", f"{w.symbol}_copies", where)


@rule("dungeon-command.first-game-commander")
def first_game_commander(w: Warband, p: Params) -> Iterator[Outcome]:
    """The commander is one of that box's two commander cards.

    Source: 001_2362fc22da385df6.txt, Первая игра: Выбор командира (p. 6)
    """
    yield from _commander_rule(w, "dungeon-command.first-game-commander")


def totals(w: Warband, p: Params) -> dict[str, Any]:
    return {
        "creatures": w.creature_count(),
        "orders": w.order_count(),
        "commanders": len(w.commanders),
        "levels": sum(int(c.card.get("level", 0)) * c.qty for c in w.creatures),
    }


# ------------------------------------------------------------------------------------ the document

TILE_COUNTS = Obj(
    {
        "large": Key(Int(0, MAX_TILES), default=0),
        "small": Key(Int(0, MAX_TILES), default=0),
        "small_with_start_area": Key(Int(0, MAX_TILES), default=0),
    },
    what="tiles record",
    nullable=True,
)

DOCUMENT = Obj(
    {
        "faction": Key(Null("must be null: a Dungeon Command warband has no faction"), doc="always null"),
        "entries": Key(entries_schema(entry_schema("dungeon-command creature entry")), default=[],
                       doc="creature cards"),
        "orders": Key(entries_schema(entry_schema("dungeon-command order entry")), default=[], doc="order cards"),
        "commanders": Key(ListOf(Str(MAX_NAME), MAX_COMMANDERS), default=[],
                          doc="commander cards by name (zero or two is a violation)"),
        "tiles": Key(TILE_COUNTS, doc="your half of the battlefield, where the list records it"),
        "box": Key(Str(MAX_NAME, nullable=True), doc="faction-box and first-game: the pack's name or slug"),
        "symbol": Key(Str(10, choices=SYMBOLS, nullable=True, casefold=True), doc="first-game: gold or silver"),
    },
    what="dungeon-command list",
)


def format_keys(fmt: Format, data: dict[str, Any], errors: Errors) -> None:
    """``faction-box`` needs ``box``; ``first-game`` needs ``box`` and ``symbol``."""
    if fmt.id in ("faction-box", "first-game") and not data.get("box"):
        errors.add("/box", f"is required by the format {fmt.id}: the faction pack's name or slug")
    if fmt.id == "first-game" and not data.get("symbol"):
        errors.add("/symbol", "is required by the format first-game: gold or silver")


SPEC = register_ruleset(
    RulesetSpec(GAME, RULESET, "Dungeon Command", DOCUMENT, prepare, totals, default=True, format_keys=format_keys)
)
SPEC.add_format(
    Format(
        GAME, RULESET, "custom", msg("Custom warband"),
        msg("Your own warband from any packs: at least 12 creatures (at most 4 of one), at least 30 order cards "
            "(at most 4 of one), exactly 1 commander; 2 large and 2 small tiles where the list records them."),
        ("dungeon-command.battlefield-tiles", "dungeon-command.card-kinds", "dungeon-command.creature-copies",
         "dungeon-command.min-creatures", "dungeon-command.min-orders", "dungeon-command.one-commander",
         "dungeon-command.order-copies"),
        {},
    )
)
SPEC.add_format(
    Format(
        GAME, RULESET, "faction-box", msg("One faction pack as it comes"),
        msg("A pack's ready warband: exactly its 12 creature cards and 36 order cards, and one of its 2 commanders."),
        ("dungeon-command.card-kinds", "dungeon-command.faction-box-commander", "dungeon-command.faction-box-creatures",
         "dungeon-command.faction-box-orders", "dungeon-command.one-commander"),
        {},
    )
)
SPEC.add_format(
    Format(
        GAME, RULESET, "first-game", msg("First game (half a pack)"),
        msg("Two players share one pack: one takes every gold-symbol card (6 creatures, 18 orders), the other "
            "every silver one; each chooses one of the pack's 2 commanders."),
        ("dungeon-command.card-kinds", "dungeon-command.first-game-commander", "dungeon-command.first-game-creatures",
         "dungeon-command.first-game-orders", "dungeon-command.one-commander"),
        {},
    )
)
