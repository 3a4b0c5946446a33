"""BattleLore Second Edition in the builder: the opponent's faction, and the deployment map (the player's half
of the board, ``battlelore2.md`` §18) on which recruited units and the command tent are placed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext_lazy, gettext_noop

from builder import drafts
from builder.fields import set_or_drop
from builder.games import Panel

MAP_ROWS = (5, 4, 3, 2, 1)  # a player's half of the BattleLore board, far row first; row 5 is shared
MAP_COLUMNS = 13  # odd rows; even rows have 12
TERRAIN_LABELS: dict[str, Any] = {
    "clear": gettext_lazy("clear"), "hills": gettext_lazy("hills"), "forest": gettext_lazy("forest"),
    "building": gettext_lazy("building"), "water": gettext_lazy("water"),
    "water+ford": gettext_lazy("water with a ford"), "water+bridge": gettext_lazy("water with a bridge"),
}


def _apply(document: dict[str, Any], data: QueryDict, errors: dict[str, str]) -> None:
    if "opponent_faction" in data:
        faction = data.get("opponent_faction", "")[:40]
        opponent = document.get("opponent") if isinstance(document.get("opponent"), dict) else {}
        assert isinstance(opponent, dict)
        set_or_drop(opponent, "faction", faction or None)
        set_or_drop(document, "opponent", opponent or None)
    for index, placed in enumerate(drafts.items(document, "deployment")):
        terrain = data.get(f"terrain-deployment-{index}")
        if isinstance(placed, dict) and terrain in drafts.TERRAINS:
            placed["terrain"] = terrain
    tent = document.get("command_tent")
    if isinstance(tent, dict) and data.get("terrain-tent") in (*drafts.TERRAINS, "command_tent"):
        tent["terrain"] = data["terrain-tent"]


def hex_map(document: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The deployment map: the player's half, far row first, with what stands on each hex."""
    placed = {
        str(d.get("hex")): (i, d) for i, d in enumerate(drafts.items(document, "deployment")) if isinstance(d, dict)
    }
    tent = document.get("command_tent") if isinstance(document.get("command_tent"), dict) else None
    rows = []
    for row in MAP_ROWS:
        hexes = []
        for column in range(1, MAP_COLUMNS + (1 if row % 2 else 0)):
            hex_id = f"r{row}c{column}"
            unit = placed.get(hex_id)
            hexes.append({
                "id": hex_id, "unit": unit[1] if unit else None, "index": unit[0] if unit else None,
                "tent": bool(tent and tent.get("hex") == hex_id),
            })
        rows.append({"row": row, "hexes": hexes, "offset": row % 2 == 0})
    return rows


def _place_choices(document: Mapping[str, Any]) -> list[dict[str, Any]]:
    """What can be placed next: each recruited unit with copies not yet on the map, then the command tent."""
    choices = [
        {"value": str(i), "name": e.get("card"), "left": left, "disabled": left <= 0}
        for i, e in enumerate(drafts.items(document, "entries")) if isinstance(e, dict)
        for left in [drafts.left_to_place(document, e)]
    ]
    first = next((c for c in choices if not c["disabled"]), None)
    if first is not None:
        first["checked"] = True
    choices.append({"value": drafts.TENT, "name": "", "left": 1, "disabled": False, "checked": first is None})
    return choices


def _context(document: Mapping[str, Any], _catalogue: Any) -> dict[str, Any]:
    return {"hex_map": hex_map(document), "place_choices": _place_choices(document),
            "terrains": list(TERRAIN_LABELS.items())}


def _shown(document: Mapping[str, Any]) -> dict[str, Any]:
    return {"hex_map": hex_map(document), "terrains": dict(TERRAIN_LABELS)}


PANEL = Panel(template="builder/games/battlelore2.html", keys=frozenset({"command_tent", "opponent"}), apply=_apply,
              context=_context, shown=_shown, faction_label=gettext_noop("Army faction"),
              labels=(("opponent", gettext_noop("Opponent’s faction")),))
