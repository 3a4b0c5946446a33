"""Pieces the games' list documents share: an entry of a card and copies (its schema, and :class:`CardEntry`
once read), counting helpers."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from validation.core.document import MAX_ENTRIES, MAX_NAME, MAX_QTY
from validation.core.facts import CardFacts
from validation.core.schema import Int, Key, ListOf, Obj, Schema, Str


def entry_schema(what: str, extra: Mapping[str, Key] | None = None) -> Obj:
    """``{"card": name or slug, "qty": copies (default 1), "set": optional}`` plus a game's own keys."""
    keys = {
        "card": Key(Str(MAX_NAME), required=True, doc="a card's name or slug"),
        "qty": Key(Int(1, MAX_QTY), default=1, doc="copies; default 1"),
        "set": Key(Str(MAX_NAME, nullable=True), doc="the set, to choose among cards of one name"),
        **(extra or {}),
    }
    return Obj(keys, what=what)


def entries_schema(item: Schema, max_items: int = MAX_ENTRIES) -> ListOf:
    return ListOf(item, max_items)


def entry_items(value: Any) -> Iterable[tuple[int, Mapping[str, Any]]]:
    """The checked entries of a list key with their index (a missing key is an empty list)."""
    if not value:
        return []
    return [(i, item) for i, item in enumerate(value) if isinstance(item, Mapping)]


class OfCard:
    """An entry's name and key: those of the catalogue card it names (``card``)."""

    card: CardFacts

    @property
    def name(self) -> str:
        return self.card.name

    @property
    def key(self) -> str:
        return self.card.key


@dataclass
class CardEntry(OfCard):
    """A list entry read against the catalogue: where it is (its JSON pointer), its copies and the card it names.
    A game's own entry (a BattleLore unit, a Stronghold order) adds its fields to this one."""

    pointer: str
    qty: int
    card: CardFacts
