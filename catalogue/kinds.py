"""Which model holds which (game, ruleset, kind), and the parts of a record that are not plain fields.

The import, the export and the API read this one table, so a new kind is one entry here plus its model.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import models

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


_ABILITIES = {"abilities": ChildSpec(m.CardAbility, "card")}

KINDS: dict[tuple[str, str, str], KindSpec] = {
    ("ddm", "seed", "miniature"): KindSpec(m.DdmMiniature, dict(_ABILITIES)),
    ("ddm", "seed", "creature"): KindSpec(
        m.DdmCreature,
        {
            **_ABILITIES,
            "attacks": ChildSpec(m.DdmAttack, "creature"),
            "spells": ChildSpec(m.DdmSpell, "creature"),
            "minions": ChildSpec(m.DdmMinion, "creature"),
        },
        {"miniature": RefSpec("seed", "miniature"), "standard_side": RefSpec(None, "creature")},
    ),
    ("ddm", "seed", "battle-map"): KindSpec(m.DdmBattleMap, dict(_ABILITIES)),
    ("ddm", "ddm-guild", "creature"): KindSpec(
        m.DdmGuildCreature, dict(_ABILITIES), {"miniature": RefSpec("seed", "miniature")}
    ),
    ("dungeon-command", "default", "creature"): KindSpec(m.DcCreature, dict(_ABILITIES)),
    ("dungeon-command", "default", "order"): KindSpec(m.DcOrder, dict(_ABILITIES)),
    ("dungeon-command", "default", "commander"): KindSpec(m.DcCommander, dict(_ABILITIES)),
    ("dungeon-command", "default", "tile"): KindSpec(m.DcTile, dict(_ABILITIES)),
    ("battlelore2", "default", "unit"): KindSpec(m.Bl2Unit, dict(_ABILITIES)),
    ("battlelore2", "default", "command-card"): KindSpec(m.Bl2CommandCard, dict(_ABILITIES)),
    ("battlelore2", "default", "lore-card"): KindSpec(m.Bl2LoreCard, dict(_ABILITIES)),
    ("battlelore2", "default", "terrain"): KindSpec(m.Bl2Terrain, dict(_ABILITIES)),
    ("battlelore2", "default", "scenario"): KindSpec(m.Bl2Scenario, dict(_ABILITIES)),
    **{
        ("stronghold", "default", kind): KindSpec(m.StrongholdPiece, dict(_ABILITIES))
        for kind in (
            "unit", "resource", "machine", "equipment", "training", "ritual", "order", "phase-card", "component",
        )
    },
}


def kind_spec(game: str, ruleset: str, kind: str) -> KindSpec | None:
    return KINDS.get((game, ruleset, kind))


def card_spec(card: m.Card) -> KindSpec | None:
    """The spec of a stored card's game, ruleset and kind (``None``: a kind the catalogue does not know)."""
    return KINDS.get((card.game.slug, card.ruleset.slug, card.kind))


def kinds_for(game: str, ruleset: str) -> list[str]:
    return [k for (g, r, k) in KINDS if g == game and r == ruleset]
