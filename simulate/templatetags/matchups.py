"""Template helpers for matchup pages and battle maps: ``{% battle_map layout title %}``, ``|percent``,
``|readings``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template
from django.utils.formats import number_format
from django.utils.safestring import SafeString

from simulate.plots import battle_map_svg

register = template.Library()


@register.simple_tag
def battle_map(layout: Mapping[str, Any] | None, title: str = "") -> SafeString | str:
    """A battle map drawn from its layout (nothing if it has none)."""
    if not layout:
        return ""
    return battle_map_svg(layout, title=str(title or layout.get("name") or ""))


@register.filter
def percent(value: Any, digits: int = 1) -> str:
    """0.6214 → "62.1%" (in the page's number format)."""
    try:
        return f"{number_format(float(value) * 100, decimal_pos=int(digits))}%"
    except (TypeError, ValueError):
        return ""


@register.filter
def field_word(name: Any) -> str:
    """A card's field as a page names it ("hp" → "HP", "attacks" → "Attacks"), in the page's language."""
    from catalogue.selectors import field_label

    return field_label(str(name))


@register.filter
def words(text: Any) -> str:
    """A message (``validation.core.text.Text``) in the page's language; anything else as it is."""
    from builder.selectors_results import text_render
    from validation.core.text import Text

    if isinstance(text, Text):
        return text_render(text=text.json()) or str(text)
    return str(text)


@register.filter
def readings(result: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The readings a result was played by (``result["rules"]``), in the page's language where the game's bridge
    still words them, else as stored."""
    from simulate.bridge import bridge_for

    stored = ((result.get("rules") or {}).get("readings")) or []
    bridge = bridge_for(str(result.get("game") or ""), str(result.get("ruleset") or ""))
    profile = getattr(bridge, "rules_profile", None)
    words = {r["id"]: r["label"] for r in profile()} if profile is not None else {}
    return [{"id": r.get("id"), "label": words.get(r.get("id"), r.get("title"))} for r in stored]


@register.simple_tag
def quick_starts() -> list[dict[str, Any]]:
    """Every game's ready-made first preview (its bridge's quick start), for the start page's one-click button:
    the game and ruleset, the two sides' names, and the assumptions the preview makes (shown before the click)."""
    from builder.selectors_results import text_render
    from simulate.bridge import bridges

    out = []
    for bridge in bridges():
        quick = bridge.quick_start()
        if quick is None:
            continue
        out.append({"game": bridge.game, "ruleset": bridge.ruleset,
                    "sides": [str(d.get("name") or "") for d in quick.documents],
                    "assumptions": [text_render(text=a.json()) or "" for a in quick.assumptions]})
    return out


@register.filter
def at(values: Any, index: Any) -> Any:
    """``values[index]`` (a table's header for a cell's label), or "" when there is none."""
    try:
        return values[int(index)]
    except (TypeError, ValueError, IndexError, KeyError):
        return ""
