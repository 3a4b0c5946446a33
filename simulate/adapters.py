"""Catalogue rows → the engine's plain data: a creature card, a warband, a battle map.

The engine (``simulate.games``) reads cards as :class:`~simulate.games.ddm_cards.CreatureCard` JSON whose
field names are the catalogue's, so this is one line per field. A number the engine needs and the
catalogue lacks is never guessed: :class:`Unplayable` names the card and the missing fields.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from catalogue import models as m
from simulate.games.ddm_cards import SIZES

REQUIRED = ("cost", "level", "speed", "ac", "hp")


class Unplayable(ValueError):
    """A card the engine cannot play: ``missing`` maps its name to the numbers the catalogue lacks."""

    def __init__(self, missing: Mapping[str, Sequence[str]]) -> None:
        self.missing = {name: list(fields) for name, fields in missing.items()}
        text = "; ".join(f"{name} lacks {', '.join(fields)}" for name, fields in self.missing.items())
        super().__init__(text)


def _size(row: m.DdmCreature) -> str:
    size = row.size or (row.miniature.size if row.miniature_id and row.miniature else "")
    return size if size in SIZES else "Medium"


def _types(row: m.DdmCreature) -> tuple[str, list[str]]:
    base = row.creature_type
    subtypes = [str(s) for s in row.subtypes or ()]
    if not base and row.miniature_id and row.miniature:
        base = row.miniature.creature_type
        subtypes = [s.strip() for s in row.miniature.subtype.replace("/", ",").split(",") if s.strip()]
    return base, subtypes


def missing_numbers(row: m.DdmCreature) -> list[str]:
    """The numbers a battle needs that this card lacks (empty: playable)."""
    out = [f for f in REQUIRED if getattr(row, f) is None]
    if row.is_commander and row.commander_rating is None:
        out.append("commander rating")
    for attack in row.attacks.all():
        if attack.bonus is None or attack.damage is None:
            out.append(f"{attack.kind} attack numbers")
    return out


def creature_json(row: m.DdmCreature) -> dict[str, Any]:
    """A catalogue creature as the engine's ``CreatureCard`` JSON (``Unplayable`` if a number is missing)."""
    missing = missing_numbers(row)
    if missing:
        raise Unplayable({row.name: missing})
    base, subtypes = _types(row)
    attacks = sorted(row.attacks.all(), key=lambda a: (a.kind != "melee", a.position, a.pk))
    slots = row.sorcerer_slots if isinstance(row.sorcerer_slots, dict) else None
    return {
        "name": row.name,
        "slug": row.slug,
        "version": row.version,
        "cost": row.cost,
        "factions": sorted(f.slug for f in row.factions.all()),
        "commander_rating": row.commander_rating,
        "level": row.level,
        "speed": row.speed,
        "flight": bool(row.flight),
        "burrow": row.burrow,
        "ac": row.ac,
        "hp": row.hp,
        "creature_type": base,
        "subtypes": subtypes,
        "size": _size(row),
        "unique": bool(row.unique),
        "unique_name": row.unique_name,
        "requires": row.requires,
        "difficult": row.difficult,
        "wild": bool(row.wild),
        "independent": bool(row.independent),
        "attacks": [
            {"kind": a.kind, "bonus": a.bonus, "damage": a.damage, "damage_type": a.damage_type,
             "extra_damage": a.extra_damage, "extra_type": a.extra_type, "max_range": a.max_range, "uses": a.uses,
             "text": a.text}
            for a in attacks
        ],
        "abilities": [
            {"kind": a.kind, "name": a.name, "param": a.param, "value": a.value, "uses": a.uses, "text": a.text}
            for a in sorted(row.abilities.all(), key=lambda a: (a.position, a.pk))
        ],
        "spells": [
            {"name": s.name, "spell_level": s.spell_level, "uses": s.uses, "unlimited": s.unlimited,
             "range": s.range, "radius": s.radius, "damage": s.damage, "damage_type": s.damage_type, "dc": s.dc,
             "power_points": s.power_points, "summons": list(s.summons or ()), "text": s.text}
            for s in sorted(row.spells.all(), key=lambda s: (s.position, s.pk))
        ],
        "sorcerer_slots": {str(k): int(v) for k, v in slots.items()} if slots else None,
        "power_points": row.power_points,
    }


def creature_rows(*, game: str, ruleset: str, slugs: Iterable[str]) -> dict[str, m.DdmCreature]:
    """The creature rows with everything :func:`creature_json` reads, by slug (a handful of queries)."""
    rows = (
        m.DdmCreature.objects.filter(game__slug=game, ruleset__slug=ruleset, slug__in=set(slugs))
        .select_related("miniature")
        .prefetch_related("attacks", "spells", "abilities", "factions")
    )
    return {row.slug: row for row in rows}


@dataclass(frozen=True)
class Fielded:
    """One entry of a list as fielded: the card's slug, how many, and whether it is a free minion."""

    slug: str
    qty: int
    minion: bool = False


def warband_json(
    *, name: str, faction: str, commander_zero: str, fielded: Sequence[Fielded], rows: Mapping[str, m.DdmCreature]
) -> dict[str, Any]:
    """A list as the engine's ``Warband`` JSON: each card repeated ``qty`` times, in list order."""
    missing: dict[str, list[str]] = {}
    creatures: list[dict[str, Any]] = []
    for item in fielded:
        row = rows[item.slug]
        try:
            card = creature_json(row)
        except Unplayable as exc:
            missing.update(exc.missing)
            continue
        for _ in range(item.qty):
            creatures.append({**card, "minion": True} if item.minion else card)
    if missing:
        raise Unplayable(missing)
    return {"name": name, "faction": faction, "commander_zero": commander_zero or None, "creatures": creatures}


def map_json(row: m.DdmBattleMap) -> dict[str, Any]:
    """A catalogue battle map as the engine's map document (``muster-ddm-map/1``): its layout, with the
    slug, name, size and scale the card itself gives filled in where the layout leaves them out."""
    layout = dict(row.layout or {})
    layout.setdefault("format", "muster-ddm-map/1")
    layout["slug"] = row.slug
    layout.setdefault("name", row.name)
    if row.width and "width" not in layout:
        layout["width"] = row.width
    if row.height and "height" not in layout:
        layout["height"] = row.height
    layout.setdefault("epic", bool(row.epic))
    return layout
