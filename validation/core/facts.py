"""The catalogue facts the rules read, as plain data: what an adapter hands the core.

An adapter (``validation.selectors`` for the database; a test can build these by hand) turns stored
cards into :class:`CardFacts`: the fields every card has, plus ``fields`` (the typed numbers of the
card's kind, by the catalogue's field names, ``None`` where no source gives one), ``children`` (rows a
card owns: abilities, minions) and ``refs`` (slugs of the cards it points at). Each game module turns
these into its own typed records; nothing here knows a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from validation.core.names import normalise


@dataclass(frozen=True)
class SetFacts:
    """The product a card comes in (an expansion, a faction pack)."""

    slug: str
    name: str
    abbreviation: str = ""

    @cached_property
    def keys(self) -> frozenset[str]:
        """Every way a list may name it: slug, name or abbreviation, normalised."""
        return frozenset(k for k in (normalise(self.slug), normalise(self.name), normalise(self.abbreviation)) if k)


@dataclass(frozen=True)
class CardFacts:
    slug: str
    name: str
    kind: str
    set: SetFacts | None = None
    factions: tuple[str, ...] = ()
    copies: int = 1
    is_standin: bool = False
    names: Mapping[str, str] = field(default_factory=dict)
    former: tuple[str, ...] = ()  # names the card had before the data renamed it: lists naming them find it
    fields: Mapping[str, Any] = field(default_factory=dict)
    children: Mapping[str, tuple[Mapping[str, Any], ...]] = field(default_factory=dict)
    refs: Mapping[str, str | None] = field(default_factory=dict)

    @cached_property
    def key(self) -> str:
        return normalise(self.name)

    def get(self, name: str, default: Any = None) -> Any:
        value = self.fields.get(name, default)
        return default if value is None else value


@dataclass(frozen=True)
class Catalogue:
    """Every card of one game and ruleset at one catalogue version, with the indexes matching needs.

    ``derived`` is a scratch space for game modules to keep what they compute once per version
    (typed records, lookups); it never changes what a validation returns. ``entered`` names the cards that
    carry a player's numbers laid over the catalogue's (``validation.core.entered.with_entered``).
    """

    game: str
    ruleset: str
    version: str
    cards: tuple[CardFacts, ...]
    derived: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    # Cards the data no longer holds (normalised name or slug → name): a list naming one is told so.
    retired: Mapping[str, str] = field(default_factory=dict, compare=False, repr=False)
    # cards carrying numbers a player entered (``validation.core.entered``): slug → the fields entered
    entered: Mapping[str, tuple[str, ...]] = field(default_factory=dict, compare=False, repr=False)

    @cached_property
    def by_slug(self) -> dict[str, CardFacts]:
        return {c.slug.casefold(): c for c in self.cards}

    @cached_property
    def by_name(self) -> dict[str, tuple[CardFacts, ...]]:
        out: dict[str, list[CardFacts]] = {}
        for c in self.cards:
            out.setdefault(c.key, []).append(c)
        return {k: tuple(v) for k, v in out.items()}

    @cached_property
    def by_localised_name(self) -> dict[str, tuple[CardFacts, ...]]:
        out: dict[str, list[CardFacts]] = {}
        for c in self.cards:
            for text in {*c.names.values(), *c.former}:
                key = normalise(text)
                if key and key != c.key:
                    out.setdefault(key, []).append(c)
        return {k: tuple(v) for k, v in out.items()}

    @cached_property
    def names_by_kind(self) -> dict[str, dict[str, str]]:
        """``{kind: {normalised name: printed name}}`` for suggestions."""
        out: dict[str, dict[str, str]] = {}
        for c in self.cards:
            out.setdefault(c.kind, {}).setdefault(c.key, c.name)
        return out

    @cached_property
    def sets(self) -> tuple[SetFacts, ...]:
        seen: dict[str, SetFacts] = {}
        for c in self.cards:
            if c.set is not None:
                seen.setdefault(c.set.slug, c.set)
        return tuple(seen.values())

    def of_kind(self, *kinds: str) -> tuple[CardFacts, ...]:
        return tuple(c for c in self.cards if c.kind in kinds)
