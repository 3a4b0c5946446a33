"""Dungeon Command cards as the engine reads them: creatures, orders, commanders and a warband
(``dungeon-command.md`` §3), from plain JSON (the replay record's ``lists``).

Field names are the catalogue's (``DcCreature``, ``DcOrder``, ``DcCommander``, ``CardAbility``), so the adapter
is one line per field. A card lacking a number the rules need (a creature's level, speed or HP; an order's
level or action type; a commander's hands, Morale or Leadership) is refused with a message naming it: the
engine never guesses a number.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mypy_extensions import mypyc_attr

from simulate.games.dungeon_command_effects import (
    IMMEDIATE,
    MINOR,
    STANDARD,
    Modelled,
    Reading,
    read_commander,
    read_order,
    read_power,
)

ICONS = ("STR", "DEX", "CON", "INT", "WIS", "CHA")
ACTION_TYPES = (STANDARD, MINOR, IMMEDIATE)


@mypyc_attr(native_class=False)  # mypyc cannot compile a subclass of this builtin exception
class CardDataError(ValueError):
    """A list the engine cannot play: a missing number, an unknown action type (the message names the card)."""


def _need_int(raw: Mapping[str, Any], key: str, what: str, name: str) -> int:
    value = raw.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        what_key = key.replace("_", " ")
        raise CardDataError(f"{what} {name!r} has no {what_key}: the engine needs it and will not guess it")
    return value


def _opt_int(raw: Mapping[str, Any], key: str) -> int | None:
    value = raw.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    return value


def _icons(raw: Mapping[str, Any]) -> tuple[str, ...]:
    listed = raw.get("icons")
    if isinstance(listed, list | tuple):
        return tuple(i for i in ICONS if i in {str(x).upper() for x in listed})
    return tuple(i for i in ICONS if raw.get(f"{i.lower()}_icon"))


@dataclass(frozen=True)
class Power:
    """A creature power (``CardAbility`` row): a trait, an activated power or a trigger."""

    name: str
    text: str
    kind: str  # trait / activated / triggered / special
    action: str  # standard / minor / immediate / "" (a tap-marked power used during the activation)
    taps: bool
    reading: Reading
    note: str = ""  # "played from a reading": the card's text is not known, the engine plays this reading of it

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "text": self.text, "kind": self.kind, "action_type": self.action,
                               "taps": self.taps}
        if self.note:
            out["reading"] = self.note
        return out

    @property
    def label(self) -> str:
        return self.name or (self.text[:40] + ("…" if len(self.text) > 40 else ""))


@dataclass(frozen=True)
class CreatureCard:
    name: str
    level: int
    speed: int
    hp: int
    melee: int
    ranged_damage: int | None
    ranged_range: int | None
    footprint: int
    footprint_known: bool
    keywords: tuple[str, ...]
    icons: tuple[str, ...]
    powers: tuple[Power, ...]

    @property
    def size(self) -> int:
        """Squares along one side: 1, or 2 for a 2×2 creature."""
        return 2 if self.footprint >= 4 else 1

    @property
    def has_ranged(self) -> bool:
        return self.ranged_damage is not None and self.ranged_range is not None

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> CreatureCard:
        name = str(raw.get("name") or "?")
        powers = []
        for p in raw.get("powers") or raw.get("abilities") or ():
            pname = str(p.get("name") or "")
            text = str(p.get("text") or "")
            kind = str(p.get("kind") or "special")
            action = str(p.get("action_type") or "")
            taps = bool(p.get("taps"))
            activated = kind == "activated"
            powers.append(Power(pname, text, kind, action, taps, read_power(pname, text, activated),
                                str(p.get("reading") or "")))
        melee = _opt_int(raw, "melee_damage")
        if melee is None:
            raise CardDataError(f"creature {name!r} has no melee damage: the engine needs it and will not guess it")
        footprint = _opt_int(raw, "footprint")
        return cls(
            name=name,
            level=_need_int(raw, "level", "creature", name),
            speed=_need_int(raw, "speed", "creature", name),
            hp=_need_int(raw, "hp", "creature", name),
            melee=melee,
            ranged_damage=_opt_int(raw, "ranged_damage"),
            ranged_range=_opt_int(raw, "ranged_range"),
            footprint=footprint if footprint else 1,
            footprint_known=footprint is not None,
            keywords=tuple(str(k) for k in raw.get("keywords") or ()),
            icons=_icons(raw),
            powers=tuple(powers),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name, "level": self.level, "speed": self.speed, "hp": self.hp, "melee_damage": self.melee,
            "ranged_damage": self.ranged_damage, "ranged_range": self.ranged_range,
            "keywords": list(self.keywords), "icons": list(self.icons), "powers": [p.to_json() for p in self.powers],
        }
        if self.footprint_known:
            out["footprint"] = self.footprint
        return out


@dataclass(frozen=True)
class OrderCard:
    name: str
    level: int
    icons: tuple[str, ...]
    any_ability: bool
    action: str
    requires: str
    affinity: str
    text: str
    reading: Reading

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> OrderCard:
        name = str(raw.get("name") or "?")
        action = str(raw.get("action_type") or "").lower()
        if action not in ACTION_TYPES:
            raise CardDataError(f"order {name!r} has no action type (standard, minor or immediate)")
        text = str(raw.get("text") or "")
        return cls(
            name=name,
            level=_need_int(raw, "level", "order", name),
            icons=_icons(raw),
            any_ability=bool(raw.get("any_ability")),
            action=action,
            requires=str(raw.get("requires_keyword") or ""),
            affinity=str(raw.get("affinity_keyword") or ""),
            text=text,
            reading=read_order(text),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name, "level": self.level, "icons": list(self.icons), "any_ability": self.any_ability,
            "action_type": self.action, "requires_keyword": self.requires, "affinity_keyword": self.affinity,
            "text": self.text,
        }


@dataclass(frozen=True)
class Commander:
    name: str
    creature_hand: int
    order_hand: int
    morale: int
    leadership: int
    text: str
    reading: Reading
    note: str = ""  # as for a power: the text is read, not known

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> Commander:
        name = str(raw.get("name") or "?")
        text = str(raw.get("text") or "")
        return cls(
            name=name,
            creature_hand=_need_int(raw, "creature_hand", "commander", name),
            order_hand=_need_int(raw, "order_hand", "commander", name),
            morale=_need_int(raw, "morale", "commander", name),
            leadership=_need_int(raw, "leadership", "commander", name),
            text=text,
            reading=read_commander(text),
            note=str(raw.get("reading") or ""),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name, "creature_hand": self.creature_hand, "order_hand": self.order_hand,
            "morale": self.morale, "leadership": self.leadership, "text": self.text,
        }
        if self.note:
            out["reading"] = self.note
        return out


def _expand(items: Any) -> list[Mapping[str, Any]]:
    out: list[Mapping[str, Any]] = []
    for item in items or ():
        qty = item.get("qty", 1)
        if isinstance(qty, bool) or not isinstance(qty, int) or qty < 0:
            raise CardDataError(f"{item.get('name')!r}: quantity {qty!r} is not a whole number")
        out += [item] * qty
    return out


@dataclass(frozen=True)
class Warband:
    """One player's warband: a commander, a creature deck (one card per copy) and an order deck."""

    name: str
    commander: Commander
    creatures: tuple[CreatureCard, ...]
    orders: tuple[OrderCard, ...]
    pack: str  # the faction pack whose tiles build this player's half (a slug), "" when not known

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> Warband:
        name = str(raw.get("name") or "Warband")
        cmd = raw.get("commander")
        if not isinstance(cmd, Mapping):
            raise CardDataError(f"warband {name!r} has no commander: a Dungeon Command warband needs exactly one")
        creatures = tuple(CreatureCard.from_json(c) for c in _expand(raw.get("creatures")))
        orders = tuple(OrderCard.from_json(o) for o in _expand(raw.get("orders")))
        if not creatures:
            raise CardDataError(f"warband {name!r} has no creatures")
        return cls(name, Commander.from_json(cmd), creatures, orders, str(raw.get("pack") or ""))

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name, "pack": self.pack, "commander": self.commander.to_json(),
            "creatures": [c.to_json() for c in self.creatures], "orders": [o.to_json() for o in self.orders],
        }


# --- what the engine plays, and what it lists as not played -----------------------------------------------

def _power_key(card: CreatureCard, power: Power) -> str:
    return f"{card.name}: {power.label}"


def modelled_share(warbands: Sequence[Warband]) -> Modelled:
    """The distinct order cards and powers of these warbands, and which the engine does not play
    (each named ``"Card: power"`` or by the order's name)."""
    seen: set[str] = set()
    out = Modelled()
    for w in warbands:
        for card in w.creatures:
            for power in card.powers:
                key = _power_key(card, power)
                if key in seen:
                    continue
                seen.add(key)
                out.total += 1
                if power.reading.modelled:
                    out.modelled += 1
                    if power.note:
                        out.readings.append(f"{key}: {power.note}")
                else:
                    out.unmodelled.append(key)
        for order in w.orders:
            if order.name in seen:
                continue
            seen.add(order.name)
            out.total += 1
            if order.reading.modelled:
                out.modelled += 1
            else:
                out.unmodelled.append(order.name)
        key = f"{w.commander.name} (commander)"
        if key not in seen:
            seen.add(key)
            out.total += 1
            if w.commander.reading.modelled:
                out.modelled += 1
                if w.commander.note:
                    out.readings.append(f"{key}: {w.commander.note}")
            else:
                out.unmodelled.append(key)
    out.unmodelled.sort()
    out.readings.sort()
    return out


# --- from the catalogue's documents (``muster-catalogue/1``: a pack file, or the export of chosen cards) ----------

READING_NOTE = "Reading (not the printed text): "


def _reading_note(card: Mapping[str, Any]) -> str:
    for note in card.get("notes") or ():
        if isinstance(note, str) and note.startswith(READING_NOTE):
            return note[len(READING_NOTE):]
    return ""


def creature_from_catalogue(card: Mapping[str, Any]) -> dict[str, Any]:
    """A catalogue creature record as the engine's creature (the field names are the same; a reading of a
    power's text, in the card's notes, goes with the power it names)."""
    note = _reading_note(card)
    powers = []
    for p in card.get("abilities") or ():
        row = dict(p)
        if note and row.get("name") and str(row["name"]).lower() in note.lower():
            row["reading"] = note
        powers.append(row)
    out = {k: card[k] for k in ("name", "level", "speed", "hp", "melee_damage", "ranged_damage", "ranged_range",
                                "footprint", "keywords") if k in card}
    out["icons"] = [i for i in ICONS if card.get(f"{i.lower()}_icon")]
    out["powers"] = powers
    return out


def order_from_catalogue(card: Mapping[str, Any]) -> dict[str, Any]:
    out = {k: card[k] for k in ("name", "level", "any_ability", "action_type", "requires_keyword", "affinity_keyword",
                                "text") if k in card}
    out["icons"] = [i for i in ICONS if card.get(f"{i.lower()}_icon")]
    return out


def commander_from_catalogue(card: Mapping[str, Any]) -> dict[str, Any]:
    out = {k: card[k] for k in ("name", "creature_hand", "order_hand", "morale", "leadership", "text") if k in card}
    note = _reading_note(card)
    if note:
        out["reading"] = note
    return out


def warband_from_catalogue(cards: Sequence[Mapping[str, Any]], commander: str, name: str = "",
                           pack: str = "") -> dict[str, Any]:
    """A warband (the engine's list JSON) from catalogue card records: each creature and order as many times as
    its ``copies`` (a pack "as it comes"), and the named commander."""
    creatures = [creature_from_catalogue(c) for c in cards if c.get("kind") == "creature"
                 for _ in range(int(c.get("copies", 1)))]
    orders = [order_from_catalogue(c) for c in cards if c.get("kind") == "order"
              for _ in range(int(c.get("copies", 1)))]
    cmd = next((c for c in cards if c.get("kind") == "commander" and c.get("name") == commander), None)
    if cmd is None:
        raise CardDataError(f"no commander named {commander!r} among these cards")
    return {"name": name or commander, "pack": pack, "commander": commander_from_catalogue(cmd),
            "creatures": creatures, "orders": orders}


def tiles_from_catalogue(cards: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The tile layouts (``muster-dc-tile/1``) of catalogue tile records, each with its slug and name."""
    out = []
    for c in cards:
        if c.get("kind") != "tile":
            continue
        layout = dict(c.get("layout") or {})
        if not layout:
            raise CardDataError(f"tile {c.get('name')!r} has no layout to play on")
        layout["slug"] = c.get("slug", layout.get("slug", ""))
        layout["name"] = c.get("name", layout.get("name", ""))
        layout["stand_in"] = bool(c.get("layout_is_standin", True))
        out.append(layout)
    return out
