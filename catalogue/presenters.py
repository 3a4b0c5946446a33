"""How the catalogue pages show cards: a card's numbers as a player reads them (missing ones marked), a list row,
the list page's filter controls and everything the card page shows. Plain functions of the cards; the views in
``catalogue.views`` only read the request and render."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.http import QueryDict
from django.utils.translation import gettext, gettext_lazy, gettext_noop

import games
from catalogue import models as m
from catalogue.dataformat import own_fields
from catalogue.filters import PAGE_FILTERS, CardFilter
from catalogue.forms import CardReportForm
from catalogue.kinds import card_spec
from catalogue.selectors import card_printings, card_typed, field_label
from catalogue.sources import note_shown, source_shown
from catalogue.terms import term

# ------------------------------------------------------------------------------------ how numbers read

# Numbers every card of the kind has: NULL means no source gives it, shown as "missing". Other numbers
# are optional (a creature without a ranged attack has none), shown only when present.
CORE_NUMBERS: dict[type[m.Card], tuple[str, ...]] = {
    m.DdmCreature: ("cost", "level", "speed", "ac", "hp"),
    m.DdmGuildCreature: ("cost", "level", "speed", "ac", "hp", "fort", "ref", "will"),
    m.DcCreature: ("level", "speed", "hp", "melee_damage"),
    m.DcOrder: ("level",),
    m.DcCommander: ("creature_hand", "order_hand", "morale", "leadership"),
    m.Bl2Unit: ("cost", "figures", "health", "movement", "combat_value"),
    m.Bl2LoreCard: ("lore_cost",),
}


# What a list row shows for each kind, in the order a player reads the card.
HEADLINE: dict[type[m.Card], tuple[str, ...]] = {
    m.DdmCreature: ("cost", "level", "speed", "ac", "hp", "melee", "ranged"),
    m.DdmGuildCreature: ("cost", "level", "speed", "ac", "hp", "fort", "ref", "will"),
    m.DdmMiniature: ("number", "rarity", "size", "creature_type"),
    m.DdmBattleMap: ("width", "height", "players"),
    m.DcCreature: ("level", "speed", "hp", "melee_damage", "ranged_damage", "icons"),
    m.DcOrder: ("level", "icons", "action_type"),
    m.DcCommander: ("creature_hand", "order_hand", "morale", "leadership"),
    m.DcTile: ("tile_size", "start_area"),
    m.Bl2Unit: ("cost", "unit_type", "figures", "health", "movement", "combat"),
    m.Bl2CommandCard: ("section", "units_ordered"),
    m.Bl2LoreCard: ("lore_cost",),
    m.Bl2Terrain: ("blocks_los", "movement_stop", "impassable"),
    m.Bl2Scenario: ("initiative",),
    m.StrongholdPiece: ("side", "unit_type", "strength", "phase", "cost_resources", "hourglasses"),
}


SHORT_LABELS = {
    "level": gettext_noop("Lvl"), "speed": gettext_noop("Spd"), "melee_damage": gettext_noop("Melee"),
    "ranged_damage": gettext_noop("Ranged"), "cost_resources": gettext_noop("Cost"),
}


@dataclass
class Stat:
    key: str
    label: str
    value: str | None  # None: missing
    note: str = ""


@dataclass
class Row:
    card: m.Card
    typed: m.Card
    stats: list[Stat]
    factions: list[m.Faction] = field(default_factory=list)
    factions_missing: bool = False


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    if isinstance(value, dict):
        if isinstance(value.get("text"), str):
            return value["text"]
        text = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
        return text if len(text) <= 300 else text[:300] + "… (the whole value is in the JSON)"
    if isinstance(value, (list, tuple)):
        return ", ".join(_show(v) if isinstance(v, dict) else str(v) for v in value)
    return str(value)


def _attack_line(attacks: list[m.DdmAttack]) -> str:
    """``+10/+9 (10/5)`` as printed; ``?`` where a number is missing."""
    if not attacks:
        return ""
    bonuses = "/".join("?" if a.bonus is None else f"{a.bonus:+d}" for a in attacks)
    damages = []
    for a in attacks:
        part = "?" if a.damage is None else str(a.damage)
        if a.damage_type:
            part += f" {a.damage_type}"
        if a.extra_damage is not None:
            part += f" + {a.extra_damage}" + (f" {a.extra_type}" if a.extra_type else "")
        damages.append(part)
    shown = damages[0] if len(set(damages)) == 1 else "/".join(damages)
    line = f"{bonuses} ({shown})"
    boxes = max((a.uses or 0) for a in attacks)
    if boxes:
        line += " " + "□" * boxes
    ranges = {a.max_range for a in attacks if a.max_range is not None}
    if ranges:
        line += f", range {'/'.join(str(r) for r in sorted(ranges))}"
    return line


def _icons(card: Any) -> str:
    if getattr(card, "any_ability", False):
        return gettext("any")
    return " ".join(card.ability_icons)


def _stat(typed: m.Card, key: str, *, short: bool = False) -> Stat | None:
    """One number of a card as a player reads it, or None when the card has none to show."""
    model = type(typed)
    label = gettext(SHORT_LABELS[key]) if short and key in SHORT_LABELS else field_label(key, model)
    if key in ("melee", "ranged") and isinstance(typed, m.DdmCreature):
        attacks = [a for a in typed.attacks.all() if a.kind == key]
        if not attacks:
            return Stat(key, label, None) if key == "melee" else None
        return Stat(key, label, _attack_line(attacks))
    if key == "icons":
        return Stat(key, field_label("icons"), _icons(typed) or "none")
    if key == "combat" and isinstance(typed, m.Bl2Unit):
        if typed.combat_value is None:
            return Stat(key, gettext("Combat"), None)
        text = f"{typed.combat_type} {typed.combat_value}".strip()
        if typed.range_max is not None:
            text += f" (range {typed.range_min or 1}–{typed.range_max})"
        return Stat(key, gettext("Combat"), text)
    if key == "speed" and isinstance(typed, m.DdmCreature) and typed.speed is not None:
        text = f"F {typed.speed}" if typed.flight else str(typed.speed)
        if typed.burrow:
            text += f", burrow {typed.burrow}"
        return Stat(key, label, text)
    if key == "ranged_damage" and isinstance(typed, m.DcCreature) and typed.ranged_damage is not None:
        text = str(typed.ranged_damage) + (f" (range {typed.ranged_range})" if typed.ranged_range else "")
        return Stat(key, label, text)
    value = getattr(typed, key, None)
    if value is None or value == "":
        return Stat(key, label, None) if key in CORE_NUMBERS.get(model, ()) else None
    return Stat(key, label, _show(value))


def _headline(typed: m.Card) -> list[Stat]:
    keys = HEADLINE.get(type(typed), ())
    return [s for s in (_stat(typed, k, short=True) for k in keys) if s is not None]


def _factions(card: m.Card) -> tuple[list[m.Faction], bool]:
    factions = list(card.factions.all())
    kind = games.game(card.game.slug).ruleset_or_default(card.ruleset.slug).kind(card.kind)
    missing = not factions and kind is not None and kind.factions
    return factions, missing


def card_row(card: m.Card) -> Row:
    typed = card_typed(card)
    factions, missing = _factions(card)
    return Row(card, typed, _headline(typed), factions, missing)


@dataclass
class Control:
    name: str
    label: str
    widget: str  # select, checkboxes, range, yesno
    choices: list[tuple[str, str]] = field(default_factory=list)
    values: list[str] = field(default_factory=list)
    low: str = ""
    high: str = ""


CONTROL_LABELS: dict[str, Any] = {
    "ruleset": gettext_lazy("Rules"),
    "kind": gettext_lazy("Kind"),
    "faction": gettext_lazy("Faction"),
    "set": gettext_lazy("Set or pack"),
    "cost": gettext_lazy("Cost"),
    "level": gettext_lazy("Level"),
    "size": gettext_lazy("Size"),
    "type": gettext_lazy("Type"),
    "unit_type": gettext_lazy("Unit type"),
    "commander": gettext_lazy("Commander"),
    "unique": gettext_lazy("Unique"),
    "version": gettext_lazy("Side"),
    "alignment": gettext_lazy("Alignment"),
    "icon": gettext_lazy("Ability icons"),
    "action_type": gettext_lazy("Action"),
    "combat_type": gettext_lazy("Combat"),
    "side": gettext_lazy("Side"),
    "standin": gettext_lazy("Stand-in numbers"),
}
CHECKBOXES = {"faction", "size", "icon"}


def filter_controls(filterset: CardFilter, data: QueryDict, game: str, rulesets: list[m.Ruleset]) -> list[Control]:
    out: list[Control] = []
    for name in PAGE_FILTERS[game]:
        label = str(CONTROL_LABELS.get(name, name))
        if name in ("cost", "level"):
            out.append(Control(name, label, "range", low=data.get(f"{name}_min", ""), high=data.get(f"{name}_max", "")))
            continue
        if name == "ruleset" and len(rulesets) < 2:
            continue
        form_field = filterset.form.fields[name]
        assert isinstance(form_field, forms.ChoiceField)
        # Choice labels from the models and the data ("Epic", a faction's name) in the page's language if known.
        choices = [(str(v), gettext(str(text))) for v, text in form_field.choices if v != ""]  # type: ignore[union-attr,misc]
        if name == "ruleset":
            names = {r.slug: term(r.name) for r in rulesets}
            choices = [(v, names.get(v, text)) for v, text in choices]
        if name == "kind" and len(choices) < 2:
            continue
        widget = "checkboxes" if name in CHECKBOXES else "select"
        out.append(Control(name, label, widget, choices, data.getlist(name)))
    return out


def card_detail_context(card: m.Card, form: CardReportForm, *, reported: bool = False) -> dict[str, Any]:
    model = type(card)
    factions, factions_missing = _factions(card)
    spec = card_spec(card)
    shown = {"melee", "ranged", "icons", "combat"}
    stats: list[Stat] = []
    if isinstance(card, m.DdmCreature):
        keys: tuple[str, ...] = ("level", "speed", "ac", "hp")
    elif isinstance(card, m.DcCreature):
        keys = ("level", "speed", "hp")
    else:
        keys = tuple(k for k in HEADLINE.get(model, ()) if k not in ("cost", "icons"))
    for key in keys:
        stat = _stat(card, key)
        if stat is not None:
            stats.append(stat)
    attacks: dict[str, Stat | None] = {}
    if isinstance(card, m.DdmCreature):
        attacks = {"melee": _stat(card, "melee"), "ranged": _stat(card, "ranged")}
    elif isinstance(card, m.DcCreature):
        attacks = {"melee_damage": _stat(card, "melee_damage"), "ranged_damage": _stat(card, "ranged_damage")}
        for stat in attacks.values():
            if stat is not None:
                stat.label = stat.label.replace(" damage", "")
    details: list[Stat] = []
    if spec is not None:
        skip = set(keys) | shown | set(attacks) | {
            "cost", "flight", "burrow", "version", "range_min", "range_max", "combat_type", "commander_rating",
            "is_commander", "champion_rating", "standard_side", "creature_type", "subtypes", "size", "unique",
            "epic_exists",
        }
        if isinstance(card, m.DcCreature | m.DcOrder):
            skip |= {f"{i}_icon" for i in ("str", "dex", "con", "int", "wis", "cha")} | {"any_ability"}
        for f in own_fields(model):
            if f.name in skip or f.name in ("ranged_range",):
                continue
            stat = _stat(card, f.name)
            if stat is not None and stat.value not in ("", "[]", "{}"):
                details.append(stat)
    abilities = list(card.abilities.all())
    commander_effects = [a for a in abilities if a.kind in ("commander", "commander-effect", "champion")]
    other_abilities = [a for a in abilities if a not in commander_effects]
    epic_side = standard_side = None
    if isinstance(card, m.DdmCreature):
        standard_side = card.standard_side
        try:
            epic_side = card.epic_side
        except m.DdmCreature.DoesNotExist:
            epic_side = None
    commander = None
    if isinstance(card, m.DdmCreature) and (card.commander_rating is not None or card.is_commander):
        rating = card.commander_rating
        commander = Stat("commander_rating", gettext("Commander"), None if rating is None else str(rating))
    elif isinstance(card, m.DdmGuildCreature) and card.champion_rating is not None:
        commander = Stat("champion_rating", "Champion", str(card.champion_rating))
    cost = _stat(card, "cost") if hasattr(card, "cost") else None
    miniature = getattr(card, "miniature", None)
    if cost is None and isinstance(card, m.StrongholdPiece):
        cost = _stat(card, "cost_resources")
    return {
        "card": card,
        "model_name": model.__name__,
        "cost": cost,
        "commander": commander,
        "stats": stats,
        "details": details,
        "attacks": attacks,
        "icons": _icons(card) if isinstance(card, m.DcCreature | m.DcOrder) else "",
        "factions": factions,
        "factions_missing": factions_missing,
        "commander_effects": commander_effects,
        "abilities": other_abilities,
        "abilities_title": gettext(games.game(card.game.slug).abilities_title),
        "spells": [_spell(s) for s in card.spells.all()] if isinstance(card, m.DdmCreature) else [],
        "minions": list(card.minions.all()) if isinstance(card, m.DdmCreature) else [],
        "epic_side": epic_side,
        "standard_side": standard_side,
        "miniature": miniature,
        "printings": [p for p in card_printings(card=card) if p.pk != getattr(miniature, "pk", None)],
        "provenance": _provenance(card.provenance),
        "source_shown": source_shown(card.source),
        "notes": [_note(n) for n in (card.notes or [])],
        "names": sorted((card.names or {}).items()),
        "form": form,
        "reported": reported,
        # A card a list can hold gets "add to my list" (the builder's draft in this browser, or a new list).
        "addable": games.section_for(card.game.slug, card.ruleset.slug, card.kind) is not None,
    }


def _spell(spell: m.DdmSpell) -> dict[str, Any]:
    """A spell entry as printed: ``flame strike □ (sight; radius 2; 30 fire damage; DC 16)``."""
    text = spell.text.strip()
    if text.casefold().startswith(spell.name.casefold()):
        rest = text[len(spell.name):].strip()
        return {"name": spell.name, "uses": None if "□" in rest else spell.uses, "rest": rest}
    if not text:
        parts = [spell.range] if spell.range else []
        if spell.radius is not None:
            parts.append(f"radius {spell.radius}")
        if spell.damage is not None:
            parts.append(f"{spell.damage} {spell.damage_type} damage".replace("  ", " "))
        if spell.dc is not None:
            parts.append(f"DC {spell.dc}")
        text = "; ".join(parts)
    return {"name": spell.name, "uses": spell.uses, "rest": f"({text})" if text else ""}


def _provenance(value: Any) -> list[tuple[str, list[dict[str, str]]]]:
    """``{field: [{"source", "how", "note"}, ...]}`` as rows to show, whatever shape an entry has: a plain
    string, a value with its source, an ability's ``{"name", "sources"}``, a conflict's ``{"field", "values"}``."""
    if not isinstance(value, dict):
        return []
    out: list[tuple[str, list[dict[str, str]]]] = []
    for key, entries in value.items():
        rows = _provenance_rows(entries)
        if rows:
            out.append((field_label(str(key)), rows))
    return out


def _provenance_rows(item: Any, prefix: str = "") -> list[dict[str, str]]:
    if isinstance(item, list):
        return [row for entry in item for row in _provenance_rows(entry, prefix)]
    if isinstance(item, dict):
        if isinstance(item.get("sources"), list):
            name = _show(item.get("name") or item.get("text") or "")
            return _provenance_rows(item["sources"], f"{prefix}{name}" if name else prefix)
        if any(k in item for k in ("source", "how", "note")):
            row = {k: _show(item[k]) for k in ("source", "how") if item.get(k) not in (None, "")}
            if "source" in row:
                row["source"] = source_shown(row["source"])
            note = [prefix] if prefix else []
            if item.get("value") is not None:
                note.append(f"value {_show(item['value'])}")
            if item.get("note"):
                note.append(_show(item["note"]))
            if note:
                row["note"] = note_shown(": ".join(note))
            return [row]
        text = "; ".join(f"{k}: {_show(v)}" for k, v in item.items())
        return [{"note": f"{prefix}: {text}" if prefix else text}] if text else []
    if item in (None, ""):
        return []
    return [{"note": f"{prefix}: {_show(item)}" if prefix else _show(item)}]


def _note(value: Any) -> dict[str, str]:
    if isinstance(value, dict):
        return {"text": note_shown(_show(value.get("text", ""))),
                "source": source_shown(_show(value.get("source", "")))}
    return {"text": note_shown(_show(value)), "source": ""}


@dataclass
class SheetCard:
    """A card as a table sheet shows it beside its line of the list: what is needed at the table without
    the card in hand (a DDM stat line with its attacks, commander effects and abilities; a Dungeon Command
    creature's numbers and icons, an order's level and text; a BattleLore unit's numbers)."""

    stats: list[Stat]
    commander: list[str]
    abilities: list[str]
    spells: list[str]
    text: str = ""


def _ability_line(ability: m.CardAbility) -> str:
    head = " ".join(p for p in (ability.name, str(ability.param or "")) if p).strip()
    text = (ability.text or "").strip()
    if head and text and not text.casefold().startswith(head.casefold()):
        return f"{head}: {text}"
    return text or head


def sheet_cards(*, game: str, ruleset: str, slugs: list[str]) -> dict[str, SheetCard]:
    """``{slug: SheetCard}`` of the cards a list names, in a fixed number of queries (not one per card)."""
    from django.db.models import Prefetch

    from catalogue.selectors import cards_queryset

    cards = (
        cards_queryset(game=game, with_attacks=True, with_spells=True)
        .filter(ruleset__slug=ruleset, slug__in=set(slugs))
        .prefetch_related(Prefetch("abilities", queryset=m.CardAbility.objects.order_by("position")))
    )
    out: dict[str, SheetCard] = {}
    for card in cards:
        typed = card_typed(card)
        abilities = list(card.abilities.all())
        commander = [a for a in abilities if a.kind in ("commander", "commander-effect", "champion")]
        stats = [s for s in _headline(typed) if s.key != "cost"]
        if isinstance(typed, m.DdmCreature) and (typed.commander_rating is not None or typed.is_commander):
            rating = typed.commander_rating
            stats.insert(0, Stat("commander_rating", gettext("Commander"), None if rating is None else str(rating)))
        spells = [" ".join(str(v) for v in _spell(s).values() if v not in (None, "")) for s in typed.spells.all()] \
            if isinstance(typed, m.DdmCreature) else []
        text = card.text.strip() if card.kind in ("order", "command-card", "lore-card") else ""
        out[card.slug] = SheetCard(stats, [_ability_line(a) for a in commander],
                                   [_ability_line(a) for a in abilities if a not in commander], spells, text)
    return out
