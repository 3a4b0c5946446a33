"""Template helpers for matchup pages and battle maps: ``{% battle_map layout title %}`` and ``|percent``."""

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
