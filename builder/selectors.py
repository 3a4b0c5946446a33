"""Reads of saved lists: by id, by share code, their versions, and what the catalogue changed since."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from django.db import connection

import games
from builder.drafts import (
    ACTION_KEYS,
    STRONGHOLD_UNITS,
    CardRef,
    DraftError,
    default_ruleset,
    draft_add,
    draft_is_empty,
    items,
    section_for,
    sections_of,
    units_to_place,
)
from builder.models import ListVersion, SavedList
from builder.selectors_results import text_render
from catalogue.models import CatalogueChange, CatalogueVersion
from catalogue.services import catalogue_version_label
from catalogue.terms import term
from catalogue.text import normalise_name
from config.errors import ApplicationError
from config.lookups import object_by_uuid


def list_get(*, list_id: Any) -> SavedList:
    return object_by_uuid(SavedList.objects.all(), list_id, message="No saved list has this id.")


_SHARE_CODE = re.compile(r"[A-Za-z0-9_-]{1,16}")


def list_get_shared(*, share_code: str) -> SavedList:
    """The list shared under ``share_code``; a code that cannot be one (too long, a character no code has, a
    NUL) is a 404 without asking the database."""
    if not isinstance(share_code, str) or not _SHARE_CODE.fullmatch(share_code):
        raise ApplicationError("No shared list has this code.", code="not_found", status=404)
    saved = SavedList.objects.filter(share_code=share_code).first()
    if saved is None:
        raise ApplicationError("No shared list has this code.", code="not_found", status=404)
    return saved


@dataclass(frozen=True)
class SharedStamp:
    """What names the state of a shared list as a reader sees it (builder.readcache's keys): the list, its newest
    version, when its row last changed, and the list it was copied from (its name shows) and when that changed."""

    share_code: str
    list_id: str
    version_id: int
    number: int
    updated: str
    copied_from: str

    def parts(self) -> tuple[str, ...]:
        return (self.list_id, str(self.version_id), str(self.number), self.updated, self.copied_from)


_STAMP_SQL: dict[str, str] = {}


def _stamp_sql() -> str:
    """The stamp's one statement, written once per database from the models' tables and columns: the ORM took
    longer to build this query than the rest of a kept page's answer (bench/load.py)."""
    sql = _STAMP_SQL.get(connection.alias)
    if sql is None:
        q = connection.ops.quote_name

        def col(model: Any, name: str) -> str:
            return q(model._meta.get_field(name).column)

        lists, versions = q(SavedList._meta.db_table), q(ListVersion._meta.db_table)
        sql = (f"SELECT s.{col(SavedList, 'id')}, v.{col(ListVersion, 'id')}, v.{col(ListVersion, 'number')}, "
               f"s.{col(SavedList, 'updated')}, s.{col(SavedList, 'forked_from')}, f.{col(SavedList, 'updated')} "
               f"FROM {versions} v JOIN {lists} s ON s.{col(SavedList, 'id')} = v.{col(ListVersion, 'saved_list')} "
               f"LEFT JOIN {lists} f ON f.{col(SavedList, 'id')} = s.{col(SavedList, 'forked_from')} "
               f"WHERE s.{col(SavedList, 'share_code')} = %s ORDER BY v.{col(ListVersion, 'number')} DESC LIMIT 1")
        _STAMP_SQL[connection.alias] = sql
    return sql


def list_shared_stamp(*, share_code: str) -> SharedStamp:
    """The :class:`SharedStamp` of the list shared under ``share_code``, in one small query (no list document
    read: a kept response is found by it alone). 404 as :func:`list_shared_current` says."""
    if not isinstance(share_code, str) or not _SHARE_CODE.fullmatch(share_code):
        raise ApplicationError("No shared list has this code.", code="not_found", status=404)
    with connection.cursor() as cursor:
        cursor.execute(_stamp_sql(), [share_code])
        row = cursor.fetchone()
    if row is None:
        list_get_shared(share_code=share_code)  # no such list: its 404
        raise ApplicationError("This list has no saved version.", code="not_found", status=404)
    list_id, version_id, number, updated, copied, copied_updated = row
    return SharedStamp(share_code, str(list_id), int(version_id), int(number), str(updated),
                       f"{copied or ''}@{copied_updated or ''}")


def list_shared_version(*, stamp: SharedStamp) -> tuple[SavedList, ListVersion]:
    """The list and the very version ``stamp`` names (a newer one saved meanwhile is another stamp's)."""
    version = ListVersion.objects.select_related("saved_list__forked_from").get(pk=stamp.version_id)
    return version.saved_list, version


def list_shared_current(*, share_code: str) -> tuple[SavedList, ListVersion]:
    """The list shared under ``share_code`` and its newest version, in one query (a shared list is read far more
    often than anything else; bench/load.py). 404 as :func:`list_get_shared` and :func:`list_current` say."""
    if not isinstance(share_code, str) or not _SHARE_CODE.fullmatch(share_code):
        raise ApplicationError("No shared list has this code.", code="not_found", status=404)
    version = (ListVersion.objects.filter(saved_list__share_code=share_code).select_related("saved_list")
               .order_by("-number").first())
    if version is None:
        list_get_shared(share_code=share_code)  # no such list: its 404
        raise ApplicationError("This list has no saved version.", code="not_found", status=404)
    return version.saved_list, version


def list_current(*, saved_list: SavedList) -> ListVersion:
    version = saved_list.versions.order_by("-number").first()
    if version is None:  # a list always has a version; this is a broken row
        raise ApplicationError("This list has no saved version.", code="not_found", status=404)
    return version


@dataclass
class MyList:
    """One of a player's lists as "My lists" shows it: named as a player names things, checked now."""

    saved: SavedList
    game: str  # the game's name
    format: str  # the format's name
    check: ListCheck
    copied_from: SavedList | None  # the list it was copied from, while that list exists
    copied_from_code: str  # its share code, as recorded when copied (also once it is deleted)


_COPIED = re.compile(r"^copied from /l/([A-Za-z0-9]{4,16})$")


def lists_of(*, user: Any, limit: int = 200) -> list[MyList]:
    """The lists ``user`` owns, the most recently saved first, each checked against the current catalogue."""
    from django.db.models import OuterRef, Q, Subquery

    from catalogue.models import Game

    if not getattr(user, "is_authenticated", False):
        return []
    saved = list(SavedList.objects.filter(owner_id=user.pk).select_related("forked_from").order_by("-updated")[:limit])
    latest = ListVersion.objects.filter(saved_list=OuterRef("pk")).order_by("-number").values("number")[:1]
    numbers = SavedList.objects.filter(pk__in=[s.pk for s in saved]).annotate(n=Subquery(latest)).values_list("pk", "n")
    wanted = Q(pk__in=[])
    for pk, number in numbers:
        wanted |= Q(saved_list_id=pk, number=number)
    newest: dict[Any, ListVersion] = {v.saved_list_id: v for v in ListVersion.objects.filter(wanted)}
    first_notes = dict(ListVersion.objects.filter(saved_list__in=saved, number=1).values_list("saved_list_id", "note"))
    games = dict(Game.objects.values_list("slug", "name"))
    out = []
    for item in saved:
        version = newest.get(item.pk)
        document = version.document if version is not None else {}
        copied = _COPIED.match(str(first_notes.get(item.pk) or ""))
        out.append(MyList(
            saved=item, game=games.get(item.game, item.game),
            format=format_name(game=item.game, ruleset=item.ruleset, format_id=item.format),
            check=list_check(document=document) if version is not None else ListCheck(message="no version"),
            copied_from=item.forked_from, copied_from_code=copied.group(1) if copied else "",
        ))
    return out


def list_versions(*, saved_list: SavedList, limit: int | None = None) -> list[ListVersion]:
    """The list's versions, the newest first; at most ``limit`` of them (read no more than that)."""
    return list(saved_list.versions.order_by("-number")[:limit])


def _document_card_keys(document: dict[str, Any]) -> set[str]:
    keys: set[str] = set()

    def add(value: Any) -> None:
        if isinstance(value, str):
            keys.add(normalise_name(value))

    for entry in document.get("entries") or []:
        if isinstance(entry, dict):
            add(entry.get("card"))
    for entry in document.get("orders") or []:
        if isinstance(entry, dict):
            add(entry.get("card"))
    for name in document.get("commanders") or []:
        add(name)
    for placed in document.get("deployment") or []:
        if isinstance(placed, dict):
            add(placed.get("card"))
    plan = document.get("plan")
    if isinstance(plan, dict):
        for entry in plan.get("entries") or []:
            if isinstance(entry, dict):
                add(entry.get("card") or entry.get("name"))
    return keys


def list_catalogue_changes(*, version: ListVersion) -> dict[str, Any]:
    """Whether the catalogue changed since this version was saved, and the changes to cards it names."""
    current = catalogue_version_label()
    if version.catalogue_version == current:
        return {"saved_against": version.catalogue_version, "current": current, "changed": False, "changes": []}
    saved = CatalogueVersion.objects.filter(label=version.catalogue_version).order_by("-id").first()
    later = CatalogueChange.objects.filter(game=version.document.get("game", ""))
    if saved is not None:
        later = later.filter(version_id__gt=saved.id)
    keys = _document_card_keys(version.document)
    changes = [
        {"card": c.name, "slug": c.slug, "action": c.action, "fields": c.fields, "reason": c.reason}
        for c in later.select_related("version").order_by("version_id", "slug")
        if normalise_name(c.name) in keys or normalise_name(c.slug) in keys
    ]
    return {"saved_against": version.catalogue_version, "current": current, "changed": True, "changes": changes}


# ------------------------------------------------------------------------------ the builder's reads
#
# What the builder pages (builder/views.py) read: each game's choices (rulesets, formats, factions),
# the rule check of a draft, the catalogue beside the list with what can no longer be added and why,
# and the cards a list names. The validator is the one judge: a card is marked when adding it would
# bring a violation the list does not have yet.

BUILDER_PAGE_SIZE = 20
MAX_MARKED = 40  # at most this many "what if I added it" checks per page (each one is ~0.2 ms)
MARK_UP_TO_ITEMS = 60  # ... and only while the list names at most this many different cards

COST_FIELDS = ("cost", "cost_resources")


@dataclass(frozen=True)
class FormatChoice:
    id: str
    name: str
    description: str = ""


@dataclass(frozen=True)
class FamilyChoice:
    prefix: str
    pattern: str
    description: str
    min: int
    max: int
    name: str = ""


@dataclass(frozen=True)
class ParamChoice:
    """A free parameter of a format that a list may set (``params``), as a form shows it."""

    name: str
    doc: str
    type: str  # "choice", "int", "bool"
    choices: tuple[str, ...] = ()
    min: int | None = None
    max: int | None = None
    default: Any = None


@dataclass
class GameSetup:
    """What a player chooses before adding cards: rules, format, faction; whether the rules are checked."""

    game: str
    ruleset: str
    rulesets: list[tuple[str, str]]
    formats: list[FormatChoice]
    families: list[FamilyChoice]
    factions: list[tuple[str, str]]
    params: list[ParamChoice]
    checked: bool  # the validator knows this game and ruleset
    default_format: str

    def format_known(self, format_id: str) -> bool:
        if any(f.id == format_id for f in self.formats):
            return True
        for family in self.families:
            rest = format_id[len(family.prefix):] if format_id.startswith(family.prefix) else ""
            number_ok = rest.isdigit() and not (len(rest) > 1 and rest.startswith("0"))
            if number_ok and family.min <= int(rest) <= family.max:
                return True
        return False


def shown(value: Any) -> str:
    """A name or a text of the validator (a format's, a ruleset's) in the reader's language: a ``msg``
    (``validation.core.text.Text``) is translated, a plain string shown as it is."""
    from validation.core.text import Text

    if isinstance(value, Text):
        return text_render(text=value.json()) or str(value)
    return str(value)


def _registry() -> dict[str, dict[str, Any]]:
    from validation.core import registry

    return registry.games()


def builder_rulesets(*, game: str) -> list[tuple[str, str]]:
    """The rulesets of ``game`` a list can be built for, the default one first (the game registry's), named in
    the reader's language."""
    ordered = sorted(games.game(game).rulesets, key=lambda r: (not r.default, r.id))
    return [(r.id, term(r.name)) for r in ordered]


def _param_choice(param: Any) -> ParamChoice:
    described = param.schema.describe()
    kind = described.get("type")
    doc = shown(param.doc)
    if described.get("choices"):
        return ParamChoice(param.name, doc, "choice", tuple(described["choices"]), default=param.default)
    if kind in ("integer", "number"):
        return ParamChoice(
            param.name, doc, "int", min=described.get("min"), max=described.get("max"), default=param.default
        )
    if kind == "boolean":
        return ParamChoice(param.name, doc, "bool", default=param.default)
    return ParamChoice(param.name, doc, "text", default=param.default)


def builder_setup(*, game: str, ruleset: str, format_id: str = "") -> GameSetup:
    """The choices of ``game`` under ``ruleset`` (rulesets, formats, factions, the format's free parameters)."""
    from catalogue.models import Faction

    rulesets = builder_rulesets(game=game)
    spec = _registry()[game].get(ruleset) or _registry()[game][default_ruleset(game)]
    formats = [FormatChoice(f.id, shown(f.name), shown(f.description)) for f in spec.formats.values()]
    families = [FamilyChoice(f.prefix, f.pattern, shown(f.description), f.min, f.max, shown(f.name or f.pattern))
                for f in spec.families]
    faction_key = spec.document.keys.get("faction")
    schema = getattr(faction_key, "schema", None)
    choices: tuple[str, ...] = tuple(schema.describe().get("choices") or ()) if schema is not None else ()
    names = dict(
        Faction.objects.filter(game__slug=game, ruleset__slug=spec.id).values_list("slug", "name")
    )
    factions = [(c, f"{c} · {term(names[c])}" if names.get(c) and names[c] != c and len(c) <= 3
                 else term(names.get(c, c))) for c in choices]
    params: list[ParamChoice] = []
    fmt = spec.find_format(format_id) if format_id else None
    if fmt is not None:
        declared = fmt.declared()
        params = [_param_choice(declared[name]) for name in fmt.free if name in declared]
    return GameSetup(
        game, spec.id, rulesets, formats, families, factions, params, True, games.ruleset(game, spec.id).default_format
    )


def format_name(*, game: str, ruleset: str, format_id: str) -> str:
    """A format as a player names it ("Assault, 200 points"), in the reader's language; the id when the
    validator does not know it."""
    spec = _registry().get(game, {}).get(ruleset)
    fmt = spec.find_format(format_id) if spec is not None else None
    if fmt is not None:
        return shown(fmt.name)
    return format_id


def game_name(*, game: str) -> str:
    """A game as a player names it (the catalogue's name)."""
    from catalogue.models import Game

    return Game.objects.filter(slug=game).values_list("name", flat=True).first() or game


def builder_default_format(*, game: str | None) -> str:
    """The format a pasted list of ``game`` gets when it names none ("" when the game is not known yet)."""
    return builder_setup(game=game, ruleset=default_ruleset(game)).default_format if game else ""


def builder_factions_known(*, game: str, ruleset: str) -> dict[str, str]:
    """A faction as a player may write it (its code or its name, normalised) -> the list document's value."""
    from catalogue.models import Faction
    from common.names import normalise_name as normalise

    out: dict[str, str] = {}
    for slug, name in Faction.objects.filter(game__slug=game, ruleset__slug=ruleset).values_list("slug", "name"):
        out[normalise(slug)] = slug
        out[normalise(name)] = slug
    return out


def builder_factions(*, game: str, ruleset: str) -> list[tuple[str, str]]:
    """The factions the catalogue beside a list can be filtered by (the catalogue's own, per ruleset)."""
    from catalogue.models import Faction

    rows = Faction.objects.filter(game__slug=game, ruleset__slug=ruleset).order_by("position", "slug")
    return [(slug, term(name)) for slug, name in rows.values_list("slug", "name")]


@dataclass
class ListCheck:
    """The rule check of a draft: the result, or why there is none (a malformed draft, rules not yet known)."""

    result: dict[str, Any] | None = None
    errors: dict[str, list[str]] = field(default_factory=dict)
    message: str = ""
    unchecked: bool = False  # the validator does not know this game yet: the list is not checked
    to_place: int = 0  # BattleLore: units recruited but not on the deployment map yet
    empty: bool = False  # nothing in the list yet: the pages say so instead of "legal"
    problems: list[str] = field(default_factory=list)  # why it cannot be checked, by control (builder.problems)

    @property
    def findings_by_pointer(self) -> dict[str, list[dict[str, Any]]]:
        out: dict[str, list[dict[str, Any]]] = {}
        if self.result is None:
            return out
        for key in ("violations", "warnings"):
            for finding in self.result.get(key) or []:
                for pointer in finding.get("entries") or []:
                    out.setdefault(str(pointer), []).append({**finding, "severity": key})
        return out


def list_check(*, document: Any, entered: Any = None) -> ListCheck:
    """Validate ``document`` now (legality is never stored); never raises for what a player sends.
    ``entered``: the viewer's own numbers for cards (``validation.services.EnteredSource``)."""
    from validation.services import list_validate

    empty = isinstance(document, dict) and draft_is_empty(document=document)
    try:
        # texts: for the localiser
        return ListCheck(result=dict(list_validate(document=document, texts=True, entered=entered)), empty=empty)
    except ApplicationError as exc:
        return ListCheck(errors=dict(exc.fields), message=exc.message)


def draft_check(*, document: Any, entered: Any = None) -> ListCheck:
    """The rule check of a draft in the builder: as :func:`list_check`, and for a BattleLore army being placed
    on the map, how many of its mustered units are still to place. ``entered``: the requester's own numbers."""
    if not isinstance(document, dict):
        return list_check(document=document, entered=entered)
    check = list_check(document=document, entered=entered)
    check.to_place = units_to_place(document)
    return check


def builder_facts(*, game: str, ruleset: str) -> Any:
    """Every card of a game and ruleset as the validator reads them (kept per catalogue version)."""
    from validation.selectors import catalogue_facts

    return catalogue_facts(game=game, ruleset=ruleset)


def builder_facts_own(*, game: str, ruleset: str, entered: Any) -> Any:
    """:func:`builder_facts` as a player's own checks read them: with the numbers he entered laid over
    (``entered``: ``builder.selectors_entered.entered_source``)."""
    from validation.core.entered import with_entered

    return with_entered(builder_facts(game=game, ruleset=ruleset), entered(game, ruleset))


def card_find(*, catalogue: Any, text: str, kinds: tuple[str, ...], version: str = "", set_name: str = "") -> Any:
    """The card a list's name points at, matched as the validator matches names (case, accents and
    punctuation do not matter; a slug or a localised name also works), or None."""
    from validation.core.names import normalise

    key = normalise(text)
    found = [c for c in catalogue.by_name.get(key, ()) if c.kind in kinds]
    if not found:
        slug = catalogue.by_slug.get(text.strip().casefold())
        found = [slug] if slug is not None and slug.kind in kinds else []
    if not found:
        found = [c for c in catalogue.by_localised_name.get(key, ()) if c.kind in kinds]
    if version and len(found) > 1:
        found = [c for c in found if (c.fields.get("version") or "standard") == version] or found
    elif len(found) > 1:
        standard = [c for c in found if (c.fields.get("version") or "standard") == "standard"]
        found = standard or found
    if set_name and len(found) > 1:
        set_key = normalise(set_name)
        found = [c for c in found if c.set is not None and set_key in c.set.keys] or found
    return found[0] if found else None


def card_ref(*, catalogue: Any, card: Any) -> Any:
    """What the builder writes into a list for ``card`` (a ``CardFacts``): its name, and its set where the
    name alone names several cards of its kind (and side)."""
    section = section_for(catalogue.game, catalogue.ruleset, card.kind)
    sided = section is not None and "version" in section.item_fields
    version = str(card.fields.get("version") or "") if sided else ""
    same = [
        c for c in catalogue.by_name.get(card.key, ())
        if c.kind == card.kind and (not version or (c.fields.get("version") or "standard") == version)
    ]
    one_card = games.game(catalogue.game).one_name_one_card
    set_name = card.set.name if len(same) > 1 and card.set is not None and not one_card else ""
    phase = card.fields.get("phase") if section is not None and section.shape == "actions" else None
    return CardRef(card.slug, card.name, card.kind, version, set_name, phase if isinstance(phase, int) else None)


def card_cost(card: Any) -> int | None:
    for name in COST_FIELDS:
        value = card.fields.get(name)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


@dataclass
class CatalogueRow:
    card: Any  # CardFacts
    cost: int | None
    in_list: int  # copies already in the list
    reasons: list[dict[str, Any]]  # why it can no longer be added (empty: it can): {"points": …} or {"finding": …}
    factions: tuple[str, ...] = ()
    owned: int | None = None  # copies in the player's collection (None: not signed in)


@dataclass
class CataloguePage:
    rows: list[CatalogueRow]
    count: int
    number: int
    pages: int
    errors: dict[str, list[str]]
    corrected: str = ""
    filters_key: str = ""


def card_add_reasons(
    *, document: dict[str, Any], check: ListCheck, card: Any, catalogue: Any
) -> list[dict[str, Any]]:
    """Why ``card`` can no longer be added to ``document`` (empty: nothing stops it).

    Two readings: the points left (a card dearer than what is left), and the validator itself: each
    violation that adding one copy would bring and that the list does not have yet (a faction it does
    not show, a copy limit, the creature limit). A violation whose message only changes (a deck still
    short of its minimum) does not count, unless it points at the card's own entry."""
    reasons: list[dict[str, Any]] = []
    result = check.result
    totals = (result or {}).get("totals") or {}
    left = totals.get("points_left")
    cost = card_cost(card)
    if isinstance(left, int) and cost is not None and cost > left:
        reasons.append({"points": {"cost": cost, "left": max(left, 0)}})
    if result is None:
        return reasons
    try:
        changed, pointer = draft_add(document=document, card=card_ref(catalogue=catalogue, card=card))
    except DraftError as exc:
        return [*reasons, {"text": str(exc)}]
    after = draft_check(document=changed).result
    if after is None:
        return reasons
    before_messages = {(f["rule"], f.get("message", "")) for f in result.get("violations") or []}
    before_places = {(f["rule"], tuple(f.get("entries") or ())) for f in result.get("violations") or []}
    for finding in after.get("violations") or []:
        entries = tuple(finding.get("entries") or ())
        if (finding["rule"], finding.get("message", "")) in before_messages:
            continue  # the same finding, maybe at another index
        own = any(e == pointer or e.startswith(pointer + "/") for e in entries)
        if (finding["rule"], entries) in before_places and not own:
            continue  # a finding the list has already, only its numbers changed (a deck still short)
        if finding["rule"] == "ddm.points-limit" and reasons:
            continue  # said already, in the points left
        reasons.append({"finding": finding})
    return reasons


def builder_catalogue(
    *, game: str, ruleset: str, data: Any, document: dict[str, Any], check: ListCheck, kinds: tuple[str, ...],
    owned: dict[str, int] | None = None,
) -> CataloguePage:
    """One page of the catalogue beside the list: the catalogue's filters and forgiving search
    (``catalogue.filters.CardFilter``, query parameters prefixed ``c-``), limited to the kinds this
    list takes, each card marked with why it can no longer be added. With ``owned`` (a signed-in player's
    collection, ``builder.selectors_collections.owned_by_slug``) each card says how many the player owns,
    and ``c-owned`` keeps only those."""
    from django.core.paginator import EmptyPage, Paginator

    from catalogue.filters import CardFilter, without_empty
    from catalogue.models import Card

    queryset = Card.objects.filter(game__slug=game, ruleset__slug=ruleset, kind__in=kinds)
    if owned is not None and data.get("c-owned"):
        queryset = queryset.filter(slug__in=list(owned))
    filterset = CardFilter(without_empty(data), queryset=queryset, game=game, prefix="c")
    if not filterset.is_valid():
        errors = {name: [str(m) for m in messages] for name, messages in filterset.errors.items()}
        return CataloguePage([], 0, 1, 1, errors)
    paginator = Paginator(filterset.qs.values_list("slug", flat=True), BUILDER_PAGE_SIZE)
    raw = str(data.get("c-page") or "1")
    if data.get("c-shown") is not None and data.get("c-shown") != catalogue_filters_key(data=data):
        raw = "1"  # the filters changed since that page was shown
    number = int(raw) if raw.isdigit() and 0 < int(raw) < 100_000 else 1
    try:
        page = paginator.page(number)
    except EmptyPage:
        page = paginator.page(paginator.num_pages)
    catalogue = builder_facts(game=game, ruleset=ruleset)
    counts: dict[str, int] = {}
    sections = sections_of(game, ruleset)
    unit_kinds = next((s.kinds for s in sections if s.shape == "entries"), ())
    for section in sections:
        kinds_here = unit_kinds if section.shape == "deployment" else section.kinds
        for item in items(document, section.path):
            name = item if isinstance(item, str) else None
            if isinstance(item, dict):
                name = item.get("card") or item.get("name")
            if not isinstance(name, str):
                continue
            version = str(item.get("version") or "") if isinstance(item, dict) else ""
            found = card_find(catalogue=catalogue, text=name, kinds=kinds_here, version=version,
                              set_name=str(item.get("set") or "") if isinstance(item, dict) else "")
            if found is not None:
                qty = item.get("qty", 1) if isinstance(item, dict) else 1
                counts[found.slug] = counts.get(found.slug, 0) + (qty if isinstance(qty, int) else 1)
        single = document.get(section.path) if section.shape == "single" else None
        if isinstance(single, str):
            found = card_find(catalogue=catalogue, text=single, kinds=section.kinds)
            if found is not None:
                counts[found.slug] = 1
    rows: list[CatalogueRow] = []
    # "What if I added it": one validation per card shown, so only for a list of a playable size (a pasted
    # list of 200 lines is far past every limit already, and each of its checks takes a while).
    what_if = games.game(game).ruleset_or_default(ruleset).what_if
    marked = MAX_MARKED if what_if and len(counts) <= MARK_UP_TO_ITEMS else 0
    # A faction by its symbol where the book prints one ("LG"), else by its name, never its slug.
    faction_names = dict(builder_factions(game=game, ruleset=ruleset))
    for index, slug in enumerate(page.object_list):
        card = catalogue.by_slug.get(str(slug).casefold())
        if card is None:
            continue
        reasons = (
            card_add_reasons(document=document, check=check, card=card, catalogue=catalogue)
            if index < marked
            else []
        )
        shown = tuple(f if len(f) <= 3 else faction_names.get(f, f) for f in card.factions)
        rows.append(CatalogueRow(card, card_cost(card), counts.get(card.slug, 0), reasons, shown,
                                 owned.get(card.slug, 0) if owned is not None else None))
    corrected = filterset.search_result.corrected if filterset.search_result is not None else ""
    return CataloguePage(rows, paginator.count, page.number, paginator.num_pages, {}, corrected,
                         catalogue_filters_key(data=data))


def catalogue_filters_key(*, data: Any) -> str:
    """A short digest of the catalogue filters a page was shown with (to start again at page 1 when they change)."""
    import hashlib

    shown = sorted(
        (k, v) for k in data for v in data.getlist(k) if k.startswith("c-") and k not in ("c-page", "c-shown")
    )
    return hashlib.sha256(repr(shown).encode()).hexdigest()[:12]


@dataclass
class ListRow:
    """One item of a list as the builder and the shared page show it."""

    path: str
    index: int
    pointer: str
    item: Any
    name: str
    qty: int
    card: Any  # CardFacts, or None when the name is no card
    cost: int | None
    findings: list[dict[str, Any]]
    sheet: Any = None  # catalogue.presenters.SheetCard: the card as a table sheet shows it (shared pages)

    @property
    def anchor(self) -> str:
        return f"item-{self.path.replace('.', '-')}-{self.index}"

    @property
    def line_cost(self) -> int | None:
        return None if self.cost is None or self.minion else self.cost * self.qty

    @property
    def minion(self) -> bool:
        return isinstance(self.item, dict) and bool(self.item.get("minion_of"))

    @property
    def version(self) -> str:
        return str(self.item.get("version") or "standard") if isinstance(self.item, dict) else ""

    @property
    def pay(self) -> list[tuple[str, int | None]]:
        """Stronghold: the fresh units paid for an action, per unit type."""
        pay = self.item.get("pay") if isinstance(self.item, dict) else None
        pay = pay if isinstance(pay, dict) else {}
        return [(unit, pay.get(unit)) for unit in STRONGHOLD_UNITS]

    @property
    def more(self) -> str:
        """Stronghold: an action's fields that have no input of their own, as JSON."""
        import json

        rest = {k: v for k, v in self.item.items() if k not in ACTION_KEYS} if isinstance(self.item, dict) else {}
        return json.dumps(rest, ensure_ascii=False) if rest else ""


@dataclass
class ListSection:
    section: Any  # games.Section
    rows: list[ListRow]
    findings: list[dict[str, Any]]
    choices: list[str] = field(default_factory=list)  # a single section's names to choose from (the builder)

    @property
    def count(self) -> int:
        return sum(r.qty for r in self.rows)

    @property
    def masters(self) -> list[str]:
        """The names a row of this section may be the free minion of: the rows whose card has Minions, and
        any master a row already names (a few names, not every row: the page stays linear in the list)."""
        names = [r.name for r in self.rows if r.card is not None and r.card.children.get("minions")]
        named = [str(r.item["minion_of"]) for r in self.rows if isinstance(r.item, dict) and r.item.get("minion_of")]
        return list(dict.fromkeys([*names, *named]))


def _findings_under(by_pointer: dict[str, list[dict[str, Any]]], pointer: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for key, found in by_pointer.items():
        if key == pointer or key.startswith(pointer + "/"):
            out.extend(f for f in found if f not in out)
    return out


def list_rows(
    *, document: dict[str, Any], catalogue: Any, findings: dict[str, list[dict[str, Any]]] | None = None
) -> list[ListSection]:
    """The list's sections with each item's card (as the validator matches names), cost and findings."""
    game = str(document.get("game", ""))
    ruleset = str(document.get("ruleset") or default_ruleset(game))
    by_pointer = findings or {}
    out: list[ListSection] = []
    unit_kinds: tuple[str, ...] = ()
    for section in sections_of(game, ruleset):
        base = "/" + section.path.replace(".", "/")
        rows: list[ListRow] = []
        kinds = unit_kinds if section.shape == "deployment" else section.kinds
        if section.shape == "entries" and not unit_kinds:
            unit_kinds = section.kinds
        values: list[Any]
        if section.shape == "single":
            single = document.get(section.path)
            values = [single] if isinstance(single, str) and single else []
        else:
            values = items(document, section.path)
        for index, item in enumerate(values):
            pointer = base if section.shape == "single" else f"{base}/{index}"
            if isinstance(item, str):
                name, qty, version, set_name = item, 1, "", ""
            elif isinstance(item, dict):
                raw = item.get("name") if section.shape in ("actions", "orders") else item.get("card")
                name = raw if isinstance(raw, str) else ""
                qty = item.get("qty", 1) if isinstance(item.get("qty", 1), int) else 1
                version = str(item.get("version") or "") if "version" in section.item_fields else ""
                set_name = str(item.get("set") or "")
            else:
                continue
            card = card_find(catalogue=catalogue, text=name, kinds=kinds, version=version, set_name=set_name) \
                if name and catalogue is not None else None
            if section.shape == "deployment":
                qty = 1
            rows.append(ListRow(section.path, index, pointer, item, name, qty, card,
                                card_cost(card) if card is not None else None,
                                [] if section.shape == "single" else _findings_under(by_pointer, pointer)))
        section_findings = list(by_pointer.get(base, []))
        if section.shape == "single":
            section_findings = _findings_under(by_pointer, base)
        out.append(ListSection(section, rows, section_findings))
    return out
