"""D&D Miniatures creature cards as the engine reads them: plain, typed, JSON round-trip.

Field names mirror the catalogue (``catalogue/models/ddm.py``: ``DdmCreature``, ``DdmAttack``,
``DdmSpell``, ``CardAbility``) so an adapter can build a :class:`CreatureCard` from a catalogue row
with one line per field. Commander Effects are abilities of ``kind="commander-effect"``, as in
``CardAbility``. The parsers read the printed notation of ``ddm.md`` §2.8–§2.10.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

SIZES = {"Tiny": 1, "Small": 1, "Medium": 1, "Large": 2, "Huge": 3, "Gargantuan": 4, "Colossal": 6}
SIZE_ORDER = ["Tiny", "Small", "Medium", "Large", "Huge", "Gargantuan", "Colossal"]
ENERGY = ("acid", "cold", "electricity", "fire", "sonic")
DAMAGE_TYPES = ("melee", "ranged", "magic", "negative", *ENERGY)


def norm(name: str) -> str:
    """An ability or spell name without case, accents, punctuation or extra spaces ("Blind-Fight" = "blind fight")."""
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    text = re.sub(r"[^a-z0-9+]+", " ", text)
    return " ".join(text.split())


@dataclass(frozen=True)
class AttackSpec:
    """One attack: ``+10/+9 (10/5)`` is two of them (``ddm.md`` §2.8)."""

    kind: str  # "melee" | "ranged"
    bonus: int
    damage: int
    damage_type: str = ""  # "" = plain melee/ranged damage
    extra_damage: int = 0
    extra_type: str = ""
    max_range: int | None = None
    uses: int | None = None
    text: str = ""

    @property
    def base_type(self) -> str:
        return self.damage_type or self.kind

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind, "bonus": self.bonus, "damage": self.damage, "damage_type": self.damage_type,
            "extra_damage": self.extra_damage or None, "extra_type": self.extra_type, "max_range": self.max_range,
            "uses": self.uses, "text": self.text,
        }

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> AttackSpec:
        return cls(
            kind=str(raw["kind"]), bonus=int(raw.get("bonus") or 0), damage=int(raw.get("damage") or 0),
            damage_type=str(raw.get("damage_type") or ""), extra_damage=int(raw.get("extra_damage") or 0),
            extra_type=str(raw.get("extra_type") or ""), max_range=raw.get("max_range"),
            uses=raw.get("uses"), text=str(raw.get("text") or ""),
        )


@dataclass(frozen=True)
class AbilitySpec:
    """A special ability or a Commander Effect (``kind="commander-effect"``), as ``CardAbility`` stores it."""

    name: str
    param: str = ""
    value: int | None = None
    uses: int | None = None
    text: str = ""
    kind: str = "special"

    @property
    def key(self) -> str:
        return norm(self.name)

    def number(self, default: int = 0) -> int:
        """The ability's number: ``value``, else the first integer in ``param`` or ``text``."""
        if self.value is not None:
            return self.value
        for source in (self.param, self.text):
            m = re.search(r"[-+]?\d+", source or "")
            if m:
                return int(m.group())
        return default

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "param": self.param, "value": self.value,
                "uses": self.uses, "text": self.text}

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> AbilitySpec:
        return cls(
            name=str(raw.get("name") or ""), param=str(raw.get("param") or ""), value=raw.get("value"),
            uses=raw.get("uses"), text=str(raw.get("text") or ""), kind=str(raw.get("kind") or "special"),
        )


@dataclass(frozen=True)
class SpellSpec:
    """A spell entry: ``flame strike □ (sight; radius 2; 30 fire damage; DC 16)`` (``ddm.md`` §2.10)."""

    name: str
    spell_level: int | None = None
    uses: int | None = None
    unlimited: bool = False
    range: str = ""
    radius: int | None = None
    damage: int | None = None
    damage_type: str = ""
    dc: int | None = None
    power_points: int | None = None
    summons: tuple[str, ...] = ()
    text: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name, "spell_level": self.spell_level, "uses": self.uses, "unlimited": self.unlimited,
            "range": self.range, "radius": self.radius, "damage": self.damage, "damage_type": self.damage_type,
            "dc": self.dc, "power_points": self.power_points, "summons": list(self.summons), "text": self.text,
        }

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> SpellSpec:
        return cls(
            name=str(raw["name"]), spell_level=raw.get("spell_level"), uses=raw.get("uses"),
            unlimited=bool(raw.get("unlimited")), range=str(raw.get("range") or ""), radius=raw.get("radius"),
            damage=raw.get("damage"), damage_type=str(raw.get("damage_type") or ""), dc=raw.get("dc"),
            power_points=raw.get("power_points"), summons=tuple(raw.get("summons") or ()),
            text=str(raw.get("text") or ""),
        )


@dataclass(frozen=True)
class CreatureCard:
    """A seed-rules stat card side (``ddm.md`` §2.2), with every number the engine uses."""

    name: str
    cost: int
    level: int
    speed: int
    ac: int
    hp: int
    slug: str = ""
    version: str = "standard"
    factions: tuple[str, ...] = ()
    commander_rating: int | None = None
    flight: bool = False
    burrow: int | None = None
    creature_type: str = "Humanoid"
    subtypes: tuple[str, ...] = ()
    size: str = "Medium"
    unique: bool = False
    unique_name: str = ""
    requires: str = ""
    difficult: int | None = None
    wild: bool = False
    independent: bool = False
    attacks: tuple[AttackSpec, ...] = ()
    abilities: tuple[AbilitySpec, ...] = ()
    spells: tuple[SpellSpec, ...] = ()
    sorcerer_slots: dict[int, int] | None = None
    power_points: int | None = None

    @property
    def is_commander(self) -> bool:
        return self.commander_rating is not None

    @property
    def footprint(self) -> int:
        return SIZES.get(self.size or "Medium", 1)

    @property
    def specials(self) -> tuple[AbilitySpec, ...]:
        return tuple(a for a in self.abilities if a.kind != "commander-effect")

    @property
    def commander_effects(self) -> tuple[AbilitySpec, ...]:
        return tuple(a for a in self.abilities if a.kind == "commander-effect")

    def melee(self) -> tuple[AttackSpec, ...]:
        return tuple(a for a in self.attacks if a.kind == "melee")

    def ranged(self) -> tuple[AttackSpec, ...]:
        return tuple(a for a in self.attacks if a.kind == "ranged")

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name, "slug": self.slug, "version": self.version, "cost": self.cost,
            "factions": list(self.factions), "commander_rating": self.commander_rating, "level": self.level,
            "speed": self.speed, "flight": self.flight, "burrow": self.burrow, "ac": self.ac, "hp": self.hp,
            "creature_type": self.creature_type, "subtypes": list(self.subtypes), "size": self.size,
            "unique": self.unique, "unique_name": self.unique_name, "requires": self.requires,
            "difficult": self.difficult, "wild": self.wild, "independent": self.independent,
            "attacks": [a.to_json() for a in self.attacks],
            "abilities": [a.to_json() for a in self.abilities],
            "spells": [s.to_json() for s in self.spells],
            "sorcerer_slots": {str(k): v for k, v in self.sorcerer_slots.items()} if self.sorcerer_slots else None,
            "power_points": self.power_points,
        }

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> CreatureCard:
        missing = [f for f in ("name", "cost", "level", "speed", "ac", "hp") if raw.get(f) is None]
        if missing:
            raise ValueError(f"creature {raw.get('name')!r} lacks {', '.join(missing)}: the engine needs every number")
        slots = raw.get("sorcerer_slots")
        return cls(
            name=str(raw["name"]), slug=str(raw.get("slug") or slugify(str(raw["name"]))),
            version=str(raw.get("version") or "standard"), cost=int(raw["cost"]),
            factions=tuple(raw.get("factions") or ()), commander_rating=raw.get("commander_rating"),
            level=int(raw["level"]), speed=int(raw["speed"]), flight=bool(raw.get("flight")),
            burrow=raw.get("burrow"), ac=int(raw["ac"]), hp=int(raw["hp"]),
            creature_type=str(raw.get("creature_type") or "Humanoid"), subtypes=tuple(raw.get("subtypes") or ()),
            size=str(raw.get("size") or "Medium"), unique=bool(raw.get("unique")),
            unique_name=str(raw.get("unique_name") or ""), requires=str(raw.get("requires") or ""),
            difficult=raw.get("difficult"), wild=bool(raw.get("wild")), independent=bool(raw.get("independent")),
            attacks=tuple(AttackSpec.from_json(a) for a in raw.get("attacks") or ()),
            abilities=tuple(AbilitySpec.from_json(a) for a in raw.get("abilities") or ()),
            spells=tuple(SpellSpec.from_json(s) for s in raw.get("spells") or ()),
            sorcerer_slots={int(k): int(v) for k, v in slots.items()} if slots else None,
            power_points=raw.get("power_points"),
        )


@dataclass(frozen=True)
class Warband:
    """One side's list for a battle: the creatures (repeats allowed), as plain data."""

    name: str
    creatures: tuple[CreatureCard, ...]
    faction: str = ""
    commander_zero: str = ""  # slug or name of the Commander 0 designee (Limited formats)
    minion_flags: tuple[bool, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name, "faction": self.faction, "commander_zero": self.commander_zero or None,
            "creatures": [
                {**c.to_json(), **({"minion": True} if i < len(self.minion_flags) and self.minion_flags[i] else {})}
                for i, c in enumerate(self.creatures)
            ],
        }

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> Warband:
        creatures: list[CreatureCard] = []
        minions: list[bool] = []
        for entry in raw.get("creatures") or ():
            creatures.append(CreatureCard.from_json(entry))
            minions.append(bool(entry.get("minion") or entry.get("minion_of")))
        for entry in raw.get("entries") or ():
            card = CreatureCard.from_json(entry["card"])
            for _ in range(int(entry.get("qty") or 1)):
                creatures.append(card)
                minions.append(bool(entry.get("minion_of")))
        if not creatures:
            raise ValueError(f"warband {raw.get('name')!r} has no creatures")
        return cls(
            name=str(raw.get("name") or ""), creatures=tuple(creatures), faction=str(raw.get("faction") or ""),
            commander_zero=str(raw.get("commander_zero") or ""), minion_flags=tuple(minions),
        )


def slugify(name: str) -> str:
    return "-".join(norm(name).replace("+", " ").split())
