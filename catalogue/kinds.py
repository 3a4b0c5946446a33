"""Which model holds which (game, ruleset, kind), and the parts of a record that are not plain fields.

The import, the export and the API read this one table, built from the game registry (``games``): a new
kind is its registry entry plus its model.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

from django.db import models

import games
from catalogue import models as m


@dataclass(frozen=True)
class ChildSpec:
    """A list of rows owned by the card (attacks, spells, ...), stored in its own table."""

    model: type[models.Model]
    fk: str  # the child's foreign key to the card


@dataclass(frozen=True)
class RefSpec:
    """A field that names another card of the same game by slug."""

    ruleset: str | None  # None: the card's own ruleset
    kind: str


@dataclass(frozen=True)
class KindSpec:
    model: type[m.Card]
    children: dict[str, ChildSpec] = field(default_factory=dict)
    refs: dict[str, RefSpec] = field(default_factory=dict)


_ABILITIES = "abilities"  # every card's printed abilities (CardAbility), whatever its kind


def _model(path: str) -> Any:
    module, _dot, name = path.rpartition(".")
    return getattr(importlib.import_module(module), name)


def _kind_spec(kind: games.CardKind) -> KindSpec:
    children = {_ABILITIES: ChildSpec(m.CardAbility, "card")}
    children.update({c.name: ChildSpec(_model(c.model), c.fk) for c in kind.children})
    return KindSpec(_model(kind.model), children, {r.field: RefSpec(r.ruleset, r.kind) for r in kind.refs})


# Every (game, ruleset, kind) the game registry declares, with its model.
KINDS: dict[tuple[str, str, str], KindSpec] = {
    (game.id, ruleset.id, kind.id): _kind_spec(kind) for game, ruleset in games.rulesets() for kind in ruleset.kinds
}


def kind_spec(game: str, ruleset: str, kind: str) -> KindSpec | None:
    return KINDS.get((game, ruleset, kind))


def card_spec(card: m.Card) -> KindSpec | None:
    """The spec of a stored card's game, ruleset and kind (``None``: a kind the catalogue does not know)."""
    return KINDS.get((card.game.slug, card.ruleset.slug, card.kind))


def kinds_for(game: str, ruleset: str) -> list[str]:
    return [k for (g, r, k) in KINDS if g == game and r == ruleset]
