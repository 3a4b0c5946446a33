"""Small template filters of the builder's pages."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template

register = template.Library()


@register.filter
def get_count(counts: Any, unit: str) -> int | str:
    """``{"orc": 3}|get_count:"orc"`` → 3; an empty string where there is none (an empty number field)."""
    value = counts.get(unit) if isinstance(counts, Mapping) else None
    return value if isinstance(value, int) and value else ""


@register.filter
def get_units(units: Any, place: str) -> Mapping[str, Any]:
    """The unit counts standing on ``place`` (a location id) of a board's ``units`` record."""
    value = units.get(place) if isinstance(units, Mapping) else None
    return value if isinstance(value, Mapping) else {}


@register.filter
def get_row(rows: Any, index: int) -> Mapping[str, Any]:
    """A Stronghold plan view's row for the action at ``index``."""
    value = rows.get(index) if isinstance(rows, Mapping) else None
    return value if isinstance(value, Mapping) else {}
