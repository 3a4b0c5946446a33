"""Catalogue pages: the games, a game's card list (search, filters, sorting, pages), a card as a player
reads it, and the form that reports a wrong or missing number. The attribution page names every data
source and its licence.

The list page answers htmx requests with just its results, so filtering does not reload the page; every
page also works without JavaScript.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.conf import settings
from django.core.paginator import EmptyPage, Paginator
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect, QueryDict
from django.shortcuts import render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext, gettext_lazy, gettext_noop
from django.views.decorators.http import require_GET, require_POST

from catalogue import models as m
from catalogue.dataformat import own_fields
from catalogue.filters import PAGE_FILTERS, SORTS, CardFilter, page_param_error, without_empty
from catalogue.forms import CardReportForm
from catalogue.kinds import card_spec
from catalogue.selectors import (
    card_get,
    card_printings,
    card_typed,
    cards_queryset,
    catalogue_counts,
    catalogue_summary,
    catalogue_versions,
    field_label,
)
from catalogue.services import card_report_create
from catalogue.sources import DATA_SOURCES
from config.errors import ApplicationError
from config.limits import client_address, limit_count, limit_reached

PAGE_SIZES = (25, 50, 100)
DEFAULT_PAGE_SIZE = 50
REPORTS_PER_HOUR = 5


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html", {"summary": catalogue_summary(), "games": m.Game.objects.all()})


def about_sources(request: HttpRequest) -> HttpResponse:
    return render(
        request, "about/sources.html", {"sources": DATA_SOURCES, "versions": catalogue_versions(limit=10)}
    )


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

# Kinds that always show a faction (an empty list is then "missing").
FACTION_KINDS = {"creature", "order", "commander", "unit"}


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
    missing = not factions and card.kind in FACTION_KINDS and card.game.slug != "stronghold"
    return factions, missing


def _row(card: m.Card) -> Row:
    typed = card_typed(card)
    factions, missing = _factions(card)
    return Row(card, typed, _headline(typed), factions, missing)


# ------------------------------------------------------------------------------------------ the pages


@require_GET
def catalogue_index(request: HttpRequest) -> HttpResponse:
    counts = catalogue_counts()
    games = [
        (game, [(ruleset, sorted(kinds.items())) for ruleset, kinds in counts.get(game.slug, {}).items()])
        for game in m.Game.objects.order_by("position")
    ]
    return render(request, "catalogue/index.html", {"games": games})


def _page_number(raw: str | None, *, default: int, maximum: int | None = None) -> tuple[int, str]:
    if raw is None or raw == "":
        return default, ""
    error = page_param_error(raw, maximum)
    return (default, error) if error else (int(raw), "")


@require_GET
def catalogue_list(request: HttpRequest, game: str) -> HttpResponse:
    game_obj = m.Game.objects.filter(slug=game).first()
    if game_obj is None or game not in PAGE_FILTERS:
        raise Http404("No such game.")
    rulesets = list(game_obj.rulesets.all())
    data = without_empty(request.GET)
    data["game"] = game
    filterset = CardFilter(data, queryset=cards_queryset(game=game, with_attacks=True), game=game)
    errors: dict[str, list[str]] = {}
    page = None
    if filterset.is_valid():
        size, size_error = _page_number(request.GET.get("page_size"), default=DEFAULT_PAGE_SIZE,
                                        maximum=max(PAGE_SIZES))
        number, number_error = _page_number(request.GET.get("page"), default=1)
        if size_error:
            errors["page_size"] = [size_error]
        if number_error:
            errors["page"] = [number_error]
        if not errors:
            paginator = Paginator(filterset.qs, size)
            try:
                page = paginator.page(number)
            except EmptyPage:
                errors["page"] = [f"There are only {paginator.num_pages} pages."]
    else:
        errors = {name: list(messages) for name, messages in filterset.errors.items()}
    context = {
        "game": game_obj,
        "rulesets": rulesets,
        "filterset": filterset,
        "controls": _controls(filterset, data, game, rulesets),
        "page": page,
        "rows": [_row(card) for card in page.object_list] if page is not None else [],
        "errors": errors,
        "search": data.get("search", ""),
        "search_result": filterset.search_result,
        "sorts": [(value, gettext(text)) for value, text in SORTS],
        "sort": request.GET.get("sort", ""),
        "page_sizes": PAGE_SIZES,
        "page_size": request.GET.get("page_size", ""),
        "show_ruleset": len(rulesets) > 1,
        "active_filters": len([k for k in data if k not in ("game", "search", "page", "page_size", "sort")]),
    }
    partial = request.htmx and not request.htmx.history_restore_request  # type: ignore[attr-defined]
    template = "catalogue/_results.html" if partial else "catalogue/list.html"
    response = render(request, template, context, status=400 if errors else 200)
    patch_vary_headers(response, ["HX-Request"])
    return response


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


def _controls(filterset: CardFilter, data: QueryDict, game: str, rulesets: list[m.Ruleset]) -> list[Control]:
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
            names = {r.slug: r.name for r in rulesets}
            choices = [(v, names.get(v, text)) for v, text in choices]
        if name == "kind" and len(choices) < 2:
            continue
        widget = "checkboxes" if name in CHECKBOXES else "select"
        out.append(Control(name, label, widget, choices, data.getlist(name)))
    return out


def _detail_context(card: m.Card, form: CardReportForm, *, reported: bool = False) -> dict[str, Any]:
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
        "spells": [_spell(s) for s in card.spells.all()] if isinstance(card, m.DdmCreature) else [],
        "minions": list(card.minions.all()) if isinstance(card, m.DdmCreature) else [],
        "epic_side": epic_side,
        "standard_side": standard_side,
        "miniature": miniature,
        "printings": [p for p in card_printings(card=card) if p.pk != getattr(miniature, "pk", None)],
        "provenance": _provenance(card.provenance),
        "notes": [_note(n) for n in (card.notes or [])],
        "names": sorted((card.names or {}).items()),
        "form": form,
        "reported": reported,
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
            note = [prefix] if prefix else []
            if item.get("value") is not None:
                note.append(f"value {_show(item['value'])}")
            if item.get("note"):
                note.append(_show(item["note"]))
            if note:
                row["note"] = ": ".join(note)
            return [row]
        text = "; ".join(f"{k}: {_show(v)}" for k, v in item.items())
        return [{"note": f"{prefix}: {text}" if prefix else text}] if text else []
    if item in (None, ""):
        return []
    return [{"note": f"{prefix}: {_show(item)}" if prefix else _show(item)}]


def _note(value: Any) -> dict[str, str]:
    if isinstance(value, dict):
        return {"text": _show(value.get("text", "")), "source": _show(value.get("source", ""))}
    return {"text": _show(value), "source": ""}


@require_GET
def card_detail(request: HttpRequest, game: str, ruleset: str, slug: str) -> HttpResponse:
    card = card_get(game=game, ruleset=ruleset, slug=slug)
    if card is None:
        raise Http404("No such card.")
    context = _detail_context(card, CardReportForm(card=card), reported=request.GET.get("reported") == "1")
    return render(request, "catalogue/detail.html", context)


def _rate_limited(request: HttpRequest) -> bool:
    limit = int(getattr(settings, "MUSTER_REPORTS_PER_HOUR", REPORTS_PER_HOUR))
    return limit_reached(scope="card-report", key=client_address(request), limit=limit)


def _count_report(request: HttpRequest) -> None:
    limit_count(scope="card-report", key=client_address(request), window=3600)


@require_POST
def card_report(request: HttpRequest, game: str, ruleset: str, slug: str) -> HttpResponse:
    card = card_get(game=game, ruleset=ruleset, slug=slug)
    if card is None:
        raise Http404("No such card.")
    detail_url = reverse("catalogue-card", args=[game, ruleset, slug])
    form = CardReportForm(request.POST, card=card)
    partial = bool(request.htmx)  # type: ignore[attr-defined]
    if _rate_limited(request):
        form.add_error(None, "Too many reports from here in the last hour; please try again later.")
        status = 429
    elif form.is_valid():
        try:
            card_report_create(card=card, **form.cleaned_data)
        except ApplicationError as exc:
            for pointer, messages in exc.fields.items():
                name = pointer.lstrip("/")
                for message in messages:
                    form.add_error(name if name in form.fields else None, message)
            status = 400
        else:
            _count_report(request)
            if partial:
                return render(request, "catalogue/_report.html", {"card": card, "reported": True}, status=201)
            return HttpResponseRedirect(f"{detail_url}?reported=1#report", status=303)
    else:
        status = 400
    if partial:
        return render(request, "catalogue/_report.html", {"card": card, "form": form}, status=status)
    return render(request, "catalogue/detail.html", _detail_context(card, form), status=status)
