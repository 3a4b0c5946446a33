"""The board a plan is checked on: its locations, paths, capacities and fields, read from a board record's
``layout`` (``stronghold.md`` §10.6; the stand-in TB-9 until the printed board is supplied)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from validation.core.facts import CardFacts, Catalogue
from validation.core.names import normalise
from validation.games.stronghold.schema import TOWER

# The catalogue's record of the printed main board. Its layout is in no source: until it is known (supplied to the
# catalogue, or entered by the player from his own board), the stand-in TB-9 is read in its place.
PRINTED_BOARD = "main-board"


def has_layout(card: CardFacts | None) -> bool:
    layout = card.fields.get("layout") if card is not None else None
    return isinstance(layout, Mapping) and bool(layout)


def board_card(catalogue: Catalogue, name: str) -> CardFacts | None:
    """The board record a plan is checked on: the one ``name`` names (a slug or a name), except that a stand-in
    gives way to the printed board once its layout is known."""
    card = catalogue.by_slug.get(name.strip().casefold())
    if card is None:
        found = [c for c in catalogue.by_name.get(normalise(name), ()) if c.kind == "component"]
        card = found[0] if found else None
    printed = catalogue.by_slug.get(PRINTED_BOARD)
    if card is not None and card.is_standin and printed is not None and has_layout(printed):
        return printed
    return card


@dataclass
class Board:
    """A board record's layout, read once: every location id with its kind and side."""

    card: CardFacts
    layout: Mapping[str, Any]
    kinds: dict[str, str] = field(default_factory=dict)  # id -> gathering-point / rampart / wall-section / ...
    sides: dict[str, str] = field(default_factory=dict)
    ids: dict[str, str] = field(default_factory=dict)  # normalised -> id

    @classmethod
    def read(cls, card: CardFacts, layout: Mapping[str, Any]) -> Board:
        b = cls(card, layout)
        for gp, info in layout.get("gathering_points", {}).items():
            b._add(gp, "gathering-point", info.get("side"))
        for r, info in layout.get("ramparts", {}).items():
            b._add(r, "rampart", info.get("side"))
        for s, info in layout.get("sections", {}).items():
            b._add(s, "wall-section", info.get("side"))
            b._add(f"{TOWER}{s}", "siege-tower", info.get("side"))
        for pf, ends in layout.get("path_fields", {}).items():
            b._add(pf, "path-field", next((b.sides[e] for e in ends if e in b.sides), None))
        b._add(b.gate, "gate", None)
        for name in layout.get("buildings", []):
            b._add(name, "building", None)
        if layout.get("courtyard"):
            b._add(layout["courtyard"], "courtyard", None)
        for name in layout.get("heroes", []):
            b._add(name, "hero", None)
        return b

    def _add(self, loc: str, kind: str, side: str | None) -> None:
        self.kinds[loc] = kind
        if side:
            self.sides[loc] = side
        self.ids[normalise(loc)] = loc

    def loc(self, text: str | None) -> str | None:
        """The board's id for ``text`` (ids and fortress names match without regard to case and punctuation)."""
        if text is None:
            return None
        if text in self.kinds:
            return text
        return self.ids.get(normalise(text))

    def kind(self, loc: str | None) -> str | None:
        return self.kinds.get(loc) if loc is not None else None

    @property
    def gate(self) -> str:
        return str(self.layout.get("gate", {}).get("id", "GATE"))

    @property
    def hospital(self) -> str | None:
        name = self.layout.get("hospital")
        return self.loc(name) if name else None

    def capacity(self, loc: str) -> int | None:
        kind = self.kinds.get(loc)
        if kind == "gathering-point":
            return int(self.layout["gathering_points"][loc]["capacity"])
        if kind == "rampart":
            return int(self.layout["ramparts"][loc]["capacity"])
        if kind == "wall-section":
            return int(self.layout["sections"][loc]["slots"])
        if kind == "siege-tower":
            return int(self.layout.get("siege_tower_slots", 3))
        return None

    def rampart(self, loc: str) -> Mapping[str, Any]:
        return dict(self.layout["ramparts"][loc])

    def section(self, loc: str) -> Mapping[str, Any]:
        return dict(self.layout["sections"][loc])

    def adjacent_ramparts(self, loc: str) -> set[str]:
        return {b if a == loc else a for a, b in self.layout.get("adjacent_ramparts", []) if loc in (a, b)}

    def wall_neighbours(self, loc: str) -> set[str]:
        order = list(self.layout.get("wall_order", []))
        if loc not in order:
            return set()
        i = order.index(loc)
        return {order[j] for j in (i - 1, i + 1) if 0 <= j < len(order) and order[j] != self.gate}

    def field_count(self, name: str, default: int = 1) -> int:
        return int(self.layout.get("rampart_fields", {}).get(name, default))
