"""Dungeon Command in the builder: the battlefield tiles of one's half, and the faction pack and symbol of the
formats that play one box (``dungeon-command.md`` §4)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext_noop

from builder.drafts import MAX_NAME
from builder.fields import int_field, set_or_drop, text_field
from builder.games import Panel

TILE_KEYS = ("large", "small", "small_with_start_area")


def _apply(document: dict[str, Any], data: QueryDict, errors: dict[str, str]) -> None:
    if any(f"tiles-{k}" in data for k in TILE_KEYS):
        tiles: dict[str, int] = {}
        for key in TILE_KEYS:
            value = int_field(data, f"tiles-{key}", 0, 20, errors)
            if isinstance(value, int):
                tiles[key] = value
        set_or_drop(document, "tiles", tiles or None)
    for key in ("box", "symbol"):
        if key in data:
            value = text_field(data, key, MAX_NAME, errors)
            if value is not None:
                set_or_drop(document, key, value or None)


def _context(_document: Mapping[str, Any], catalogue: Any) -> dict[str, Any]:
    return {"box_names": sorted({s.name for s in catalogue.sets})}


PANEL = Panel(template="builder/games/dungeon_command.html", keys=frozenset({"tiles", "box", "symbol"}),
              apply=_apply, context=_context,
              labels=(("box", gettext_noop("Faction pack")), ("symbol", gettext_noop("Symbol")),
                      ("tiles", gettext_noop("Battlefield tiles (your half)"))))
