"""The builder's pages: build a list (``/build/<game>/``), save it, open it with its edit link, its
history; the shared page (``/l/<share_code>``) with its QR code, print page, exports and fork; import.

Thin views over ``builder.drafts`` (editing a document), ``builder.forms`` (reading the fields),
``builder.selectors`` (the rule check, the catalogue beside the list) and ``builder.services`` (saving).

**The edit token.** A list saved without an account belongs to whoever holds its edit token. The
private edit link carries it in the URL *fragment*: ``/lists/<id>/edit/#token=…``. A browser never
sends a fragment to a server, so the token is in no request line, access log, proxy log or Referer
header; that page's script posts it once (with the CSRF token) and the server, having checked it,
keeps it in an HttpOnly, SameSite=Lax cookie (``muster_edit``) that opens the list in the builder
from then on. Saving a new list sets the same cookie. The builder's URL (``/build/<game>/?list=<id>``)
and the shared page never hold the token; the builder shows the edit link only to its owner, so that
it can be kept. Cross-site forms carry neither the cookie (SameSite) nor the CSRF token.
"""

from __future__ import annotations

import hashlib
import json
import re
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import segno
from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect, QueryDict
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.http import urlencode
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, gettext_lazy, npgettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

import games
from builder import drafts
from builder.forms import BuilderForm, EditTokenForm, ImportForm, document_apply_fields, extra_keys
from builder.games import panel_of
from builder.history import note_shown, version_changes
from builder.models import ListVersion, SavedList
from builder.problems import draft_problems
from builder.readcache import (
    CSRF_MARK,
    ReaderNumbers,
    conditional_response,
    list_response_key,
    plain_visitor,
    response_etag,
    response_kept,
    version_read_cached,
)
from builder.selectors import (
    GameSetup,
    ListCheck,
    ListSection,
    builder_catalogue,
    builder_default_format,
    builder_factions,
    builder_facts,
    builder_facts_own,
    builder_rulesets,
    builder_setup,
    card_ref,
    draft_check,
    format_name,
    list_catalogue_changes,
    list_check,
    list_current,
    list_get,
    list_get_shared,
    list_rows,
    list_shared_current,
    list_shared_stamp,
    list_shared_version,
    list_versions,
)
from builder.selectors_collections import collection_shortfall, owned_by_slug
from builder.selectors_entered import entered_source, request_scope
from builder.selectors_picker import shared_seen_remember
from builder.selectors_results import finding_localise, text_render, validation_result_localise
from builder.services import list_can_edit, list_create, list_delete, list_fork, list_restore, list_update
from builder.textformat import list_import, list_to_text
from builder.tokens import EDIT_COOKIE, EDIT_COOKIE_AGE, EDIT_COOKIE_LISTS, edit_tokens
from builder.views_entered import numbers_links, readiness_context, readiness_facts
from catalogue.models import Game
from catalogue.presenters import sheet_cards
from config.errors import ApplicationError
from config.limits import client_address, limit_count, limit_reached

LAST_CHOICES = "builder-last"  # session key: {game: {"ruleset", "format"}} the player chose last

# A total's label for its number, with the plural the language needs ("334 очка", "5 очков").
TOTAL_LABELS: dict[str, Callable[[int], str]] = {
    "points": lambda n: npgettext("a total", "point", "points", n),
    "points_left": lambda n: npgettext("a total", "point left", "points left", n),
    "creatures": lambda n: npgettext("a total", "creature", "creatures", n),
    "commanders": lambda n: npgettext("a total", "commander", "commanders", n),
    "minions": lambda n: npgettext("a total", "minion", "minions", n),
    "orders": lambda n: npgettext("a total", "order card", "order cards", n),
    "levels": lambda n: npgettext("a total", "level", "levels", n),
    "units": lambda n: npgettext("a total", "unit", "units", n),
    "lore_from_unspent": lambda n: gettext("lore from unspent points"),
    "resources_spent": lambda n: npgettext("a total", "resource spent", "resources spent", n),
    "resources_left": lambda n: npgettext("a total", "resource left", "resources left", n),
    "units_used": lambda n: npgettext("a total", "unit used", "units used", n),
    "hourglasses": lambda n: npgettext("a total", "hourglass", "hourglasses", n),
}
SORTS: list[tuple[str, Any]] = [
    ("name", gettext_lazy("name, A to Z")),
    ("cost", gettext_lazy("cost, lowest first")),
    ("-cost", gettext_lazy("cost, highest first")),
    ("level", gettext_lazy("level, lowest first")),
    ("-level", gettext_lazy("level, highest first")),
    ("set", gettext_lazy("set, in printed order")),
]
# A format option's choices as a player reads them (a value not listed is shown as it is).
CHOICE_LABELS: dict[str, Any] = {
    "warning": gettext_lazy("a warning"), "violation": gettext_lazy("a violation"),
    "exactly-one-booster": gettext_lazy("every figure of one booster"),
    "subset-of-two-boosters": gettext_lazy("figures chosen from two boosters"),
    "destination-group": gettext_lazy("each gathering point apart"), "total": gettext_lazy("the whole camp together"),
}


# ---------------------------------------------------------------------------------- the edit token


def _edit_tokens(request: HttpRequest) -> dict[str, str]:
    return edit_tokens(request)


def _write_tokens(response: HttpResponse, tokens: dict[str, str]) -> None:
    """Keep ``tokens`` (the newest first, at most ``EDIT_COOKIE_LISTS``) in the edit cookie; none: drop it."""
    if not tokens:
        response.delete_cookie(EDIT_COOKIE, samesite="Lax")
        return
    value = "|".join(f"{k}:{v}" for k, v in list(tokens.items())[:EDIT_COOKIE_LISTS])
    response.set_cookie(
        EDIT_COOKIE, value, max_age=EDIT_COOKIE_AGE, httponly=True, samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )


def _remember_token(request: HttpRequest, response: HttpResponse, saved: SavedList, token: str) -> None:
    _write_tokens(response, {str(saved.pk): token, **_others(request, str(saved.pk))})


def _forget_token(request: HttpRequest, response: HttpResponse, list_id: str) -> None:
    _write_tokens(response, _others(request, list_id))


def _others(request: HttpRequest, list_id: str) -> dict[str, str]:
    return {k: v for k, v in _edit_tokens(request).items() if k != list_id}


def _can_edit(request: HttpRequest, saved: SavedList) -> bool:
    return list_can_edit(saved_list=saved, user=request.user, token=_edit_tokens(request).get(str(saved.pk)))


def _edit_link(request: HttpRequest, saved: SavedList) -> str:
    """The private edit link, for the owner's eyes: only when this browser holds the token."""
    token = _edit_tokens(request).get(str(saved.pk))
    if not token or not list_can_edit(saved_list=saved, user=None, token=token):
        return ""
    return request.build_absolute_uri(reverse("list-edit-link", args=[saved.pk])) + f"#token={token}"


def _share_url(request: HttpRequest, saved: SavedList) -> str:
    return request.build_absolute_uri(reverse("shared-list", args=[saved.share_code]))


# ------------------------------------------------------------------------------------ rate limits


def _throttled(request: HttpRequest, scope: str) -> bool:
    """Count one attempt of ``scope`` (``save``, ``import``) and say whether it is one too many; the
    rates are the API's (``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]``), counted per account or address."""
    rates: dict[str, Any] = getattr(settings, "REST_FRAMEWORK", {}).get("DEFAULT_THROTTLE_RATES", {})
    rate = rates.get(scope) or "60/minute"
    number, _sep, period = str(rate).partition("/")
    window = {"s": 1, "m": 60, "h": 3600, "d": 86400}.get(period[:1], 60)
    key = f"user-{request.user.pk}" if request.user.is_authenticated else client_address(request)
    if limit_reached(scope=f"page-{scope}", key=key, limit=int(number)):
        return True
    limit_count(scope=f"page-{scope}", key=key, window=window)
    return False


def _too_many(request: HttpRequest) -> HttpResponse:
    response = render(request, "builder/too_many.html", status=429)
    response["Retry-After"] = "60"
    return response


# ------------------------------------------------------------------------------------ the builder


def _saved_or_404(list_id: Any) -> SavedList:
    try:
        return list_get(list_id=list_id)
    except ApplicationError:
        raise Http404("No saved list has this id.") from None


def _game_or_404(game: str) -> Game:
    found = Game.objects.filter(slug=game).first() if game in drafts.GAMES else None
    if found is None:
        raise Http404("No such game.")
    return found


@dataclass
class FormatOption:
    value: str
    label: str
    selected: bool


def _format_options(setup: GameSetup, current: str) -> tuple[list[FormatOption], dict[str, Any], str]:
    """The format select's options, what each value means, and the size shown for a numbered format."""
    options: list[FormatOption] = []
    meaning: dict[str, Any] = {}
    size = ""
    for fmt in setup.formats:
        options.append(FormatOption(fmt.id, fmt.name, fmt.id == current))
        meaning[fmt.id] = fmt
    if not any(o.selected for o in options) and not setup.families and current:
        options.append(FormatOption(current, current, True))
        meaning[current] = current
    for family in setup.families:
        value = f"family:{family.prefix}"
        rest = current[len(family.prefix):] if current.startswith(family.prefix) else ""
        chosen = bool(rest.isdigit()) and not any(o.selected for o in options)
        if chosen:
            size = rest
        options.append(FormatOption(value, family.name or family.pattern, chosen))
        meaning[value] = family
    return options, meaning, size


def _normalise(document: dict[str, Any], setup: GameSetup) -> GameSetup:
    """Keep the draft's ruleset, format and faction among the game's choices (after a change of rules)."""
    if document.get("ruleset") not in {r for r, _n in setup.rulesets}:
        document["ruleset"] = setup.rulesets[0][0]
    if document["ruleset"] != setup.ruleset or document.get("format") != "":
        setup = builder_setup(game=setup.game, ruleset=str(document["ruleset"]), format_id=str(document.get("format")))
    if not setup.format_known(str(document.get("format", ""))):
        document["format"] = setup.default_format
        setup = builder_setup(game=setup.game, ruleset=setup.ruleset, format_id=setup.default_format)
    faction = document.get("faction")
    if faction is not None and faction not in {f for f, _n in setup.factions}:
        document.pop("faction")  # not one of the ruleset's (none, for a ruleset without factions)
    panel = panel_of(str(document.get("game")), document.get("ruleset"))
    if panel.prepare is not None:
        panel.prepare(document, builder_facts(game=str(document["game"]), ruleset=str(document["ruleset"])))
    return setup


def _apply_op(document: dict[str, Any], op: str, data: QueryDict, catalogue: Any) -> tuple[dict[str, Any], str]:
    """Apply the button pressed (``add:<slug>``, ``inc:entries:2``, ...); returns the document and what
    to announce."""
    verb, _sep, rest = op.partition(":")
    if verb == "add":
        card = catalogue.by_slug.get(rest.casefold()) if catalogue is not None else None
        if card is None:
            raise drafts.DraftError(gettext("That card is not in this game's catalogue."))
        changed, _pointer = drafts.draft_add(document=document, card=card_ref(catalogue=catalogue, card=card))
        return changed, gettext("Added %(name)s.") % {"name": card.name}
    if verb in ("inc", "dec", "remove", "replace"):
        path, _sep, tail = rest.partition(":")
        index_text, _sep, name = tail.partition(":")
        if not index_text.isdigit() or path not in ("entries", "orders", "commanders", "deployment", "plan.entries",
                                                     "plan.orders"):
            raise drafts.DraftError(gettext("No such item in the list."))
        index = int(index_text)
        if verb == "remove":
            return drafts.draft_remove(document=document, path=path, index=index), gettext("Removed.")
        if verb == "replace":
            changed = drafts.draft_replace_card(document=document, path=path, index=index, name=name)
            return changed, gettext("Now %(name)s.") % {"name": name}
        delta = 1 if verb == "inc" else -1
        return drafts.draft_step(document=document, path=path, index=index, delta=delta), gettext("Copies changed.")
    if verb == "pack":  # a set as it comes (a Dungeon Command faction pack): the whole list replaced
        chosen = rest or str(data.get("pack", ""))
        found = [c for c in (catalogue.cards if catalogue is not None else ()) if c.set is not None
                 and c.set.slug == chosen]
        if not found:
            raise drafts.DraftError(gettext("That pack is not in this game's catalogue."))
        cards = [(card_ref(catalogue=catalogue, card=c), c.copies) for c in sorted(found, key=lambda c: c.name)]
        changed = drafts.draft_as_it_comes(document=document, set_name=found[0].set.name, cards=cards)
        return changed, gettext("Loaded %(name)s as it comes.") % {"name": found[0].set.name}
    if verb == "place":
        what = data.get("place-what", "")
        changed = drafts.draft_place(document=document, what=what, hex_id=rest, terrain=data.get("place-terrain",
                                                                                                   "clear"))
        return changed, gettext("Placed on %(hex)s.") % {"hex": rest}
    if verb == "unplace":
        index = int(rest) if re.fullmatch(r"-?\d{1,4}", rest) else -2
        if index < -1:
            raise drafts.DraftError(gettext("No such item in the list."))
        return drafts.draft_unplace(document=document, index=index), gettext("Taken off the map.")
    panel = panel_of(str(document.get("game")), document.get("ruleset"))
    if panel.ops is not None:
        done = panel.ops(document, verb, rest, data)
        if done is not None:
            return done
    return document, ""


_ITEM_POINTER = re.compile(r"^/(entries|orders|commanders|deployment|pool|plan/entries|plan/orders)/(\d+)(?:/|$)")


def _anchor(pointers: list[str]) -> str:
    """The page anchor of the list item a finding points at (``/entries/3/card`` → ``item-entries-3``)."""
    for pointer in pointers:
        match = _ITEM_POINTER.match(str(pointer))
        if match:
            return f"item-{match.group(1).replace('/', '-')}-{match.group(2)}"
    return ""


def _totals_shown(totals: dict[str, Any]) -> list[tuple[Any, Any]]:
    """The validation result's totals a page shows, each with its label."""
    return [(TOTAL_LABELS[k](v if isinstance(v, int) else 0), v) for k, v in totals.items()
            if k in TOTAL_LABELS and v is not None]


def _reason_shown(reason: dict[str, Any]) -> dict[str, Any]:
    """Why a card of the catalogue cannot be added, in the reader's language; a fact the catalogue lacks is
    said in words ("its cost", "whether it is Unique"), not by its field's name."""
    if "finding" not in reason:
        return reason
    finding = finding_localise(finding=reason["finding"])
    params = (reason["finding"].get("message_text") or {}).get("params") or {}
    what = params.get("what") if isinstance(params.get("what"), dict) else None
    fact = params.get("fact") if isinstance(params.get("fact"), dict) else None
    if what is not None:
        finding["lacks"] = text_render(text=what)
    elif fact is not None:
        finding["lacks_fact"] = text_render(text=fact)
    return {**reason, "finding": finding}


def _history(saved: SavedList, setup: GameSetup) -> list[dict[str, Any]]:
    """The newest 50 versions, each with what changed since the one before it (the oldest shown: from an
    empty list when it is the first)."""
    versions = list_versions(saved_list=saved, limit=51)
    names = {"format": {f.id: f.name for f in setup.formats}, "ruleset": dict(setup.rulesets),
             "faction": dict(setup.factions)}
    out = []
    for index, version in enumerate(versions[:50]):
        earlier = versions[index + 1].document if index + 1 < len(versions) else (
            {"game": saved.game} if version.number == 1 else None)
        changes = version_changes(before=earlier, after=version.document, names=names) if earlier is not None \
            else []
        out.append({"number": version.number, "created": version.created, "note": note_shown(version.note),
                    "changes": changes})
    return out


def _titled(sections: list[ListSection]) -> list[tuple[Any, ListSection]]:
    """The list's sections, each with its title (the game registry's, translated)."""
    return [(gettext(s.section.title) if s.section.title else s.section.path, s) for s in sections]


def _kind_labels(game: str, ruleset: str, kinds: tuple[str, ...]) -> list[tuple[str, str]]:
    """The card kinds a list takes, each with its name (the game registry's, translated)."""
    spec = games.game(game).ruleset_or_default(ruleset)
    return [(k, gettext(found.label) if (found := spec.kind(k)) is not None else k) for k in kinds]


def _localised(check: ListCheck, document: Any = None) -> ListCheck:
    """The check in the reader's language, each finding with the anchor of the item it is about; a list that
    cannot be checked says why by the controls to use (``builder.problems``)."""
    if check.result is None:
        if check.errors:
            check.problems = draft_problems(errors=check.errors, document=document)
        return check
    result = validation_result_localise(result=check.result)
    result["format_name"] = format_name(game=str(result.get("game", "")), ruleset=str(result.get("ruleset", "")),
                                        format_id=str(result.get("format", "")))
    for key in ("violations", "warnings"):
        for finding in result.get(key) or []:
            finding["anchor"] = _anchor(list(finding.get("entries") or []))
            finding["severity"] = key
    return ListCheck(result=result, errors=check.errors, message=check.message, unchecked=check.unchecked,
                     to_place=check.to_place, empty=check.empty)


def _builder_context(
    request: HttpRequest,
    game: Game,
    document: dict[str, Any],
    setup: GameSetup,
    *,
    data: QueryDict | None = None,
    saved: SavedList | None = None,
    field_errors: dict[str, str] | None = None,
    announce: str = "",
    problem: str = "",
) -> dict[str, Any]:
    entered = entered_source(request_scope(request))
    raw_check = draft_check(document=document, entered=entered)
    check = _localised(raw_check, document)
    ruleset = str(document.get("ruleset"))
    catalogue = builder_facts(game=game.slug, ruleset=ruleset)
    own = builder_facts_own(game=game.slug, ruleset=ruleset, entered=entered) \
        if panel_of(game.slug, ruleset).checked else catalogue
    kinds = drafts.card_kinds(game.slug, ruleset)
    filters = data if data is not None else QueryDict()
    owned = owned_by_slug(user=request.user, game=game.slug, ruleset=ruleset) \
        if request.user.is_authenticated else None
    page = builder_catalogue(
        game=game.slug, ruleset=ruleset, data=filters, document=document, check=raw_check, kinds=kinds, owned=owned
    )
    for row in page.rows:
        row.reasons = [_reason_shown(r) for r in row.reasons]
    sections = list_rows(document=document, catalogue=catalogue, findings=check.findings_by_pointer)
    for sec in sections:
        if sec.section.shape == "single":
            sec.choices = sorted({c.name for kind in sec.section.kinds for c in catalogue.of_kind(kind)})
    options, meaning, size = _format_options(setup, str(document.get("format", "")))
    totals = (check.result or {}).get("totals") or {}
    errors = field_errors or {}
    params = document.get("params") if isinstance(document.get("params"), dict) else {}
    assert isinstance(params, dict)
    panel = panel_of(game.slug, ruleset)
    entry = games.game(game.slug)
    rules = entry.ruleset_or_default(ruleset)
    extra = extra_keys(document)
    described = next((f.description for f in setup.formats if f.id == document.get("format")), "")
    if not described:
        described = next((f.description for f in setup.families
                          if str(document.get("format", "")).startswith(f.prefix)), "")
    context: dict[str, Any] = {
        "game": game,
        "document": document,
        "document_json": json.dumps(document, ensure_ascii=False, separators=(",", ":")),
        "setup": setup,
        "format_options": options,
        "format_size": size,
        "family": next((meaning[o.value] for o in options if o.selected and o.value.startswith("family:")), None),
        "check": check,
        "totals": _totals_shown(totals),
        "sections": _titled(sections),
        "catalogue_page": page,
        "kinds": _kind_labels(game.slug, ruleset, kinds),
        "filters": {k[2:]: v for k, v in filters.items() if k.startswith("c-")},
        "saved": saved,
        "field_errors": errors,
        "params": [
            {"param": p, "current": params.get(p.name, p.default), "error": errors.get(f"param-{p.name}", ""),
             "choices": [(c, CHOICE_LABELS.get(c, c)) for c in p.choices]}
            for p in setup.params
        ],
        "format_description": described,
        "has_cost": "cost" in entry.page_filters,
        "has_level": "level" in entry.page_filters,
        "show_costs": rules.line_points,
        "cost_in_resources": rules.cost_unit == "resources",
        "sorts": SORTS,
        "filter_factions": builder_factions(game=game.slug, ruleset=ruleset),
        "announce": announce,
        "problem": problem,
        "extra_json": json.dumps(extra, ensure_ascii=False, indent=1) if extra else "",
        "text_export": list_to_text(document=document, totals=totals, costs=_line_costs(sections)),
        "json_export": json.dumps(document, ensure_ascii=False, indent=2),
        "panel_template": panel.template,
        "faction_label": gettext(panel.faction_label),
        # the panel reads the cards as this player's checks do: with the numbers he entered laid over
        **(panel.context(document, own) if panel.context is not None else {}),
        **(panel.checked(document, own, check, filters) if panel.checked is not None else {}),
        # Sets that are ready lists by themselves (games.Ruleset.as_it_comes): "load this pack as it comes".
        "ready_sets": sorted(((s.slug, s.name) for s in catalogue.sets), key=lambda s: s[1])
        if games.game(game.slug).ruleset_or_default(ruleset).as_it_comes is not None else [],
    }
    back = reverse("build", args=[game.slug]) + (f"?list={saved.pk}" if saved is not None else "")
    # the query of a link to a card's numbers form from this page: back here, and the list that keeps the numbers
    context["numbers_query"] = urlencode({"next": back, **({"list": str(saved.pk)} if saved is not None
                                                            and _can_edit(request, saved) else {})})
    numbers_links(check.result, game=game.slug, ruleset=ruleset, catalogue=catalogue, saved=saved, back=back,
                  can_edit=saved is not None and _can_edit(request, saved))
    context["readiness"] = readiness_context(request, document, saved=saved, back=back,
                                             can_edit=saved is not None and _can_edit(request, saved))
    if request.user.is_authenticated:
        # What this list needs that the player's collection lacks (issue 7), updated with every change.
        context["shortfall"] = collection_shortfall(user=request.user, documents=[document])
    if saved is not None:
        current = list_current(saved_list=saved)
        edit_link = _edit_link(request, saved)
        context.update(
            version=current,
            versions=_history(saved, setup),
            changes=list_catalogue_changes(version=current),
            share_url=_share_url(request, saved),
            edit_link=edit_link,
            edit_token=_edit_tokens(request).get(str(saved.pk), "") if edit_link else "",
        )
    return context


def _render_builder(request: HttpRequest, context: dict[str, Any], *, partial: str = "", status: int = 200
                    ) -> HttpResponse:
    template = {"list": "builder/_list_response.html", "catalogue": "builder/_catalogue_results.html"}.get(
        partial, "builder/build.html"
    )
    response = render(request, template, context, status=status)
    patch_vary_headers(response, ["HX-Request"])
    return response


@require_GET
def build_index(request: HttpRequest) -> HttpResponse:
    rows = Game.objects.filter(slug__in=drafts.GAMES)
    return render(request, "builder/index.html", {
        "games": [(row, gettext(games.game(row.slug).summary)) for row in rows],
    })


@require_http_methods(["GET", "POST"])
def build_page(request: HttpRequest, game: str) -> HttpResponse:
    game_obj = _game_or_404(game)
    if request.method == "POST":
        return _build_post(request, game_obj)
    saved = None
    add_on_open = ""
    list_id = request.GET.get("list")
    if list_id:
        saved = _saved_or_404(list_id)
        if saved.game != game:
            raise Http404("No saved list has this id.")
        if not _can_edit(request, saved):
            return render(request, "builder/forbidden.html", {"game": game_obj}, status=403)
        document = dict(list_current(saved_list=saved).document)
        document.setdefault("ruleset", drafts.default_ruleset(game))
    else:
        last_ruleset, last_format = _remembered(request, game)
        ruleset = request.GET.get("ruleset") or last_ruleset or drafts.default_ruleset(game)
        start = builder_setup(game=game, ruleset=ruleset if len(ruleset) <= 40 else "")
        same_rules = start.ruleset == last_ruleset and start.format_known(last_format)
        document = drafts.draft_blank(game=game, ruleset=start.ruleset,
                                      format_id=last_format if same_rules else start.default_format)
        add = request.GET.get("add", "")[:160]
        if add:  # "Add to my list" on a card's page: this browser's draft takes it (builder.js), or a new one
            catalogue = builder_facts(game=game, ruleset=start.ruleset)
            card = catalogue.by_slug.get(add.casefold())
            if card is None:
                raise Http404("No such card.")
            document, _pointer = drafts.draft_add(document=document, card=card_ref(catalogue=catalogue, card=card))
            add_on_open = card.slug
    setup = _normalise(document, builder_setup(game=game, ruleset=str(document.get("ruleset")),
                                               format_id=str(document.get("format", ""))))
    context = _builder_context(request, game_obj, document, setup, data=request.GET, saved=saved)
    context["add_on_open"] = add_on_open
    return _render_builder(request, context)


def _build_post(request: HttpRequest, game: Game) -> HttpResponse:
    form = BuilderForm(request.POST, game=game.slug)
    partial = "list" if request.htmx else ""  # type: ignore[attr-defined]
    if not form.is_valid():
        blank = drafts.draft_blank(game=game.slug, ruleset=drafts.default_ruleset(game.slug), format_id="")
        setup = _normalise(blank, builder_setup(game=game.slug, ruleset=str(blank["ruleset"])))
        problem = " ".join(" ".join(str(m) for m in messages) for messages in form.errors.values())
        context = _builder_context(request, game, blank, setup, problem=problem)
        return _render_builder(request, context, partial=partial, status=400)
    document: dict[str, Any] = form.cleaned_data["document"]
    op: str = form.cleaned_data["op"] or "update"
    # "restore", or "whole:<op>": a draft brought back (this browser's, undo, Back, a card's "add to my list")
    # is taken whole, not overwritten by the page's fields, which still show the list it replaces.
    whole = op == "restore" or op.startswith("whole:")
    op = op.removeprefix("whole:")
    saved = None
    if form.cleaned_data["list"]:
        saved = _saved_or_404(form.cleaned_data["list"])
        if not _can_edit(request, saved):
            return render(request, "builder/forbidden.html", {"game": game}, status=403)
    document.setdefault("ruleset", drafts.default_ruleset(game.slug))
    setup = _normalise(document, builder_setup(game=game.slug, ruleset=str(document["ruleset"]),
                                               format_id=str(document.get("format", ""))))
    _options, meaning, _size = _format_options(setup, str(document.get("format", "")))
    field_errors = {} if whole else document_apply_fields(
        document=document, data=request.POST, format_choices=meaning, params=setup.params)
    setup = _normalise(document, setup)
    _remember_choices(request, game.slug, document)
    if op == "search":
        return _render_builder(request, _builder_context(request, game, document, setup, data=request.POST,
                                                         saved=saved), partial="catalogue" if partial else "")
    if op == "new":
        return _redirect(request, reverse("build", args=[game.slug]))
    if op == "save":
        if field_errors:
            context = _builder_context(request, game, document, setup, data=request.POST, saved=saved,
                                       field_errors=field_errors, problem=gettext("Correct the fields marked first."))
            return _render_builder(request, context, partial=partial, status=400)
        return _save(request, game, document, setup, saved, partial)
    announce, problem = "", ""
    catalogue = builder_facts(game=game.slug, ruleset=str(document["ruleset"]))
    try:
        document, announce = _apply_op(document, op, request.POST, catalogue)
        setup = _normalise(document, setup)
    except drafts.DraftError as exc:
        problem = str(exc)
    context = _builder_context(request, game, document, setup, data=request.POST, saved=saved,
                               field_errors=field_errors, announce=announce, problem=problem)
    return _render_builder(request, context, partial=partial, status=400 if field_errors or problem else 200)


def _remember_choices(request: HttpRequest, game: str, document: dict[str, Any]) -> None:
    """Keep the player's last rules and format of ``game`` (in the session): a new list starts with them."""
    chosen = {"ruleset": str(document.get("ruleset") or ""), "format": str(document.get("format") or "")}
    remembered = dict(request.session.get(LAST_CHOICES, {}))
    if remembered.get(game) != chosen:
        remembered[game] = chosen
        request.session[LAST_CHOICES] = remembered


def _remembered(request: HttpRequest, game: str) -> tuple[str, str]:
    """The rules and format the player last chose for ``game`` ("" when none)."""
    chosen = request.session.get(LAST_CHOICES, {}).get(game) if hasattr(request, "session") else None
    if not isinstance(chosen, dict):
        return "", ""
    return str(chosen.get("ruleset") or "")[:40], str(chosen.get("format") or "")[:40]


def _redirect(request: HttpRequest, url: str) -> HttpResponse:
    if request.htmx:  # type: ignore[attr-defined]
        response = HttpResponse(status=200)
        response["HX-Redirect"] = url
        return response
    return HttpResponseRedirect(url, status=303)


def _save(
    request: HttpRequest, game: Game, document: dict[str, Any], setup: GameSetup, saved: SavedList | None,
    partial: str,
) -> HttpResponse:
    if _throttled(request, "save"):
        if partial:
            context = _builder_context(request, game, document, setup, data=request.POST, saved=saved,
                                       problem=gettext("Too many saves in a short time: wait a minute, then save."))
            return _render_builder(request, context, partial=partial, status=429)
        return _too_many(request)
    try:
        if saved is None:
            saved, token = list_create(document=document, owner=request.user)
        else:
            version = list_update(saved_list=saved, document=document)
            token = ""
            messages.success(request, gettext("Saved as version %(n)s.") % {"n": version.number})
    except ApplicationError as exc:
        context = _builder_context(
            request, game, document, setup, data=request.POST, saved=saved,
            problem=gettext("The list cannot be saved: %(why)s") % {"why": exc.message},
        )
        return _render_builder(request, context, partial=partial, status=exc.status)
    response = _redirect(request, reverse("build", args=[game.slug]) + f"?list={saved.pk}")
    if token:
        _remember_token(request, response, saved, token)
        messages.success(request, gettext(
            "Saved. Keep the private edit link below somewhere safe: it is the only way to change this list "
            "from another browser. The share link shows it read-only."
        ))
    return response


@require_http_methods(["GET", "POST"])
def list_edit_link(request: HttpRequest, list_id: uuid.UUID) -> HttpResponse:
    """The private edit link's page. Its token is in the URL fragment (never sent here): the page's
    script posts it, and a right token is kept in the edit cookie."""
    saved = _saved_or_404(list_id)
    if request.method == "GET":
        if _can_edit(request, saved):
            return HttpResponseRedirect(reverse("build", args=[saved.game]) + f"?list={saved.pk}")
        return render(request, "builder/edit_link.html", {"form": EditTokenForm(), "list_id": saved.pk})
    form = EditTokenForm(request.POST)
    token = form.data.get("token", "") if form.is_valid() else ""
    if not token or not list_can_edit(saved_list=saved, user=None, token=token):
        if form.is_valid():
            form.add_error("token", gettext("This is not the list's edit token."))
        return render(request, "builder/edit_link.html", {"form": form, "list_id": saved.pk}, status=403)
    response = HttpResponseRedirect(reverse("build", args=[saved.game]) + f"?list={saved.pk}", status=303)
    _remember_token(request, response, saved, token)
    return response


def _owned(request: HttpRequest, list_id: uuid.UUID) -> SavedList | HttpResponse:
    saved = _saved_or_404(list_id)
    if not _can_edit(request, saved):
        return render(request, "builder/forbidden.html", {"game": None}, status=403)
    return saved


@require_POST
def list_restore_view(request: HttpRequest, list_id: uuid.UUID) -> HttpResponse:
    saved = _owned(request, list_id)
    if isinstance(saved, HttpResponse):
        return saved
    number = request.POST.get("number", "")
    if not number.isdigit() or not saved.versions.filter(number=int(number)).exists():
        messages.error(request, gettext("There is no such version."))
        return HttpResponseRedirect(reverse("build", args=[saved.game]) + f"?list={saved.pk}", status=303)
    if _throttled(request, "save"):
        return _too_many(request)
    version = list_restore(saved_list=saved, number=int(number))
    messages.success(request, gettext("Version %(old)s restored as version %(new)s.") % {
        "old": number, "new": version.number})
    return HttpResponseRedirect(reverse("build", args=[saved.game]) + f"?list={saved.pk}", status=303)


@require_http_methods(["GET", "POST"])
def list_delete_view(request: HttpRequest, list_id: uuid.UUID) -> HttpResponse:
    saved = _owned(request, list_id)
    if isinstance(saved, HttpResponse):
        return saved
    if request.method == "GET":
        return render(request, "builder/delete.html", {"saved": saved})
    game = saved.game
    name = saved.name or saved.share_code
    list_delete(saved_list=saved)
    messages.success(request, gettext("“%(name)s” is deleted.") % {"name": name})
    response = HttpResponseRedirect(reverse("build", args=[game]), status=303)
    _forget_token(request, response, str(list_id))
    return response


# ------------------------------------------------------------------------------------------ import


@require_http_methods(["GET", "POST"])
def build_import(request: HttpRequest) -> HttpResponse:
    """Paste a list (text or JSON): its names are matched to the catalogue and the builder opens with it."""
    if request.method == "GET":
        initial = {"game": request.GET.get("game", "")} if request.GET.get("game") in drafts.GAMES else {}
        return render(request, "builder/import.html", {"form": ImportForm(initial=initial)})
    form = ImportForm(request.POST)
    if not form.is_valid():
        return render(request, "builder/import.html", {"form": form}, status=400)
    if _throttled(request, "import"):
        return _too_many(request)
    game_hint = form.cleaned_data["game"] or None
    result = list_import(text=form.cleaned_data["text"], game=game_hint,
                         default_format=builder_default_format(game=game_hint))
    if result.document is None:
        return render(request, "builder/import.html", {"form": form, "result": result}, status=400)
    document = result.document
    game = _game_or_404(str(document["game"]))
    setup = _normalise(document, builder_setup(game=game.slug, ruleset=str(document.get("ruleset")),
                                               format_id=str(document.get("format", ""))))
    context = _builder_context(request, game, document, setup, data=QueryDict())
    context["import_result"] = result
    return _render_builder(request, context)


# ------------------------------------------------------------------------------------ shared lists


def _shared(share_code: str) -> SavedList:
    if len(share_code) > 16:
        raise Http404("No shared list has this code.")
    try:
        return list_get_shared(share_code=share_code)
    except ApplicationError:
        raise Http404("No shared list has this code.") from None


def _shared_now(share_code: str) -> tuple[SavedList, ListVersion]:
    """The shared list and its newest version, in one query (the pages read the list, never change it)."""
    try:
        return list_shared_current(share_code=share_code)
    except ApplicationError:
        raise Http404("No shared list has this code.") from None


@lru_cache(maxsize=2048)
def _qr_svg(url: str) -> str:
    """The share URL's QR code as inline SVG, drawn once per URL and process (its mask search cost more than the
    rest of the shared page; bench/load.py)."""
    # segno writes the SVG from the URL alone (our own share URL): nothing a visitor typed is in it.
    qr = segno.make(url, error="m")
    return mark_safe(qr.svg_inline(scale=4, dark="#000", light="#fff", svgclass="qr", omitsize=True))


def _shared_read(document: dict[str, Any], saved: SavedList, version: ListVersion, ruleset: str,
                 numbers: ReaderNumbers) -> dict[str, Any]:
    """What the shared and print pages show of one version of a list that costs reading: its check (with the
    reader's numbers), its preview readiness, the catalogue's changes since it was saved, and the list itself with
    each card's table sheet and findings, rendered (``lists/_read_list.html``: nothing in it depends on who reads
    beyond their numbers and language)."""
    check = _localised(list_check(document=document, entered=numbers), document)
    try:
        catalogue = builder_facts(game=saved.game, ruleset=ruleset)
    except KeyError:
        catalogue = None
    sections = list_rows(document=document, catalogue=catalogue, findings=check.findings_by_pointer)
    sheet = sheet_cards(game=saved.game, ruleset=ruleset,
                        slugs=[row.card.slug for sec in sections for row in sec.rows if row.card is not None])
    for sec in sections:
        for row in sec.rows:
            row.sheet = sheet.get(row.card.slug) if row.card is not None else None
    panel = panel_of(saved.game, ruleset)
    read_list = render_to_string("lists/_read_list.html", {
        "sections": _titled(sections), "document": document, "game": _game_or_404(saved.game),
        **(panel.shown(document) if panel.shown is not None else {})})
    return {
        "check": check,
        "read_list": read_list,
        "readiness": readiness_facts(document, entered=numbers),
        "changes": list_catalogue_changes(version=version),
    }


def _shared_context(request: HttpRequest, saved: SavedList, current: ListVersion | None = None) -> dict[str, Any]:
    current = current or list_current(saved_list=saved)
    document = dict(current.document)
    ruleset = str(document.get("ruleset") or drafts.default_ruleset(saved.game))
    # Kept per list version, catalogue version, language and the reader's own entered numbers (builder.readcache);
    # what depends on who reads (links that carry an owner's list, "signed in") is added here, per request.
    numbers = ReaderNumbers(request_scope(request))
    kept = version_read_cached(part="page", saved_list=saved, version=current, reader=numbers.key(saved.game, ruleset),
                               compute=lambda: _shared_read(document, saved, current, ruleset, numbers))
    check = kept["check"]
    game = _game_or_404(saved.game)
    panel = panel_of(saved.game, ruleset)
    try:
        catalogue = builder_facts(game=saved.game, ruleset=ruleset)
    except KeyError:
        catalogue = None
    totals = (check.result or {}).get("totals") or {}
    url = _share_url(request, saved)
    can_edit = _can_edit(request, saved)
    numbers_links(check.result, game=saved.game, ruleset=ruleset, catalogue=catalogue, saved=saved,
                  back=reverse("shared-list", args=[saved.share_code]), can_edit=can_edit)
    return {
        "saved": saved,
        "game": game,
        "document": document,
        "version": current,
        "check": check,
        "names": {
            "format": format_name(game=saved.game, ruleset=ruleset, format_id=str(document.get("format", ""))),
            "ruleset": dict(builder_rulesets(game=saved.game)).get(ruleset, ruleset),
            "faction": dict(builder_factions(game=saved.game, ruleset=ruleset)).get(
                str(document.get("faction") or ""), str(document.get("faction") or "")),
        },
        # The stamp a printed sheet carries: what it was checked against, and a digest of the list itself
        # (the same list prints the same digest, a changed one another), so a judge can match paper to link.
        "stamp": {
            "catalogue": kept["changes"]["current"],
            "digest": hashlib.sha256(json.dumps(document, sort_keys=True, ensure_ascii=False).encode())
            .hexdigest()[:12],
        },
        "copied_from": saved.forked_from,
        "totals": _totals_shown(totals),
        "read_list": kept["read_list"],
        "changes": kept["changes"],
        "share_url": url,
        "qr": _qr_svg(url),
        "is_owner": can_edit,
        **(panel.shown(document) if panel.shown is not None else {}),
        "readiness": readiness_context(request, document, saved=saved, can_edit=can_edit, facts=kept["readiness"],
                                       back=reverse("shared-list", args=[saved.share_code])),
    }


@require_GET
def shared_list(request: HttpRequest, share_code: str) -> HttpResponse:
    owner = False
    if plain_visitor(request):
        response = _shared_page_kept(request, share_code)
    else:
        saved, current = _shared_now(share_code)
        context = _shared_context(request, saved, current)
        owner = context["is_owner"]
        response = render(request, "lists/shared.html", context)
    response["Referrer-Policy"] = "same-origin"
    if not owner:
        shared_seen_remember(request, response, share_code)  # offered in the matchup form's "shared with me"
    return response


def _shared_page_kept(request: HttpRequest, share_code: str) -> HttpResponse:
    """The shared page for a plain visitor (builder.readcache): rendered once per list version, catalogue version,
    language and path, kept whole; this reader's CSRF token put in its forms; 304 to a browser that has it."""
    try:
        stamp = list_shared_stamp(share_code=share_code)
    except ApplicationError:
        raise Http404("No shared list has this code.") from None
    key = list_response_key(request, part="page", stamp=stamp, extra=(request.get_full_path(),))

    def render_page() -> str:
        saved, current = list_shared_version(stamp=stamp)
        context = {**_shared_context(request, saved, current), "csrf_token": CSRF_MARK}
        return render_to_string("lists/shared.html", context, request=request)

    body = response_kept(key, render_page)
    token = get_token(request)  # the CSRF cookie's secret is now the request's (a new one for a new visitor)
    etag = response_etag(key, secret=str(request.META.get("CSRF_COOKIE", "")))
    # the browser asks each time; unchanged, it is told 304
    return conditional_response(request, body.replace(CSRF_MARK, token), etag=etag, cache_control="private, no-cache")


@require_GET
def shared_print(request: HttpRequest, share_code: str) -> HttpResponse:
    saved, current = _shared_now(share_code)
    return render(request, "lists/print.html", _shared_context(request, saved, current))


def _line_costs(sections: list[ListSection]) -> dict[str, int]:
    """Each entry's points (copies × cost), by its JSON pointer, for the text export."""
    return {
        row.pointer: row.line_cost
        for section in sections if section.section.shape == "entries"
        for row in section.rows if row.line_cost is not None
    }


def _costs(document: dict[str, Any]) -> dict[str, int]:
    """:func:`_line_costs` of a document whose rows are not read yet (the shared text export)."""
    game = str(document.get("game", ""))
    ruleset = str(document.get("ruleset") or drafts.default_ruleset(game))
    try:
        catalogue = builder_facts(game=game, ruleset=ruleset)
    except KeyError:
        return {}
    return _line_costs(list_rows(document=document, catalogue=catalogue))


def _filename(saved: SavedList, suffix: str) -> str:
    stem = re.sub(r"[^A-Za-z0-9]+", "-", saved.name).strip("-")[:60] or saved.share_code
    return f"{stem}.{suffix}"


@require_GET
def shared_text(request: HttpRequest, share_code: str) -> HttpResponse:
    saved = _shared(share_code)
    current = list_current(saved_list=saved)
    check = list_check(document=current.document)
    text = list_to_text(document=current.document, totals=(check.result or {}).get("totals"),
                        costs=_costs(current.document), link=_share_url(request, saved))
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{_filename(saved, "txt")}"'
    return response


@require_GET
def shared_json(request: HttpRequest, share_code: str) -> HttpResponse:
    saved = _shared(share_code)
    current = list_current(saved_list=saved)
    body = json.dumps(current.document, ensure_ascii=False, indent=2) + "\n"
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{_filename(saved, "json")}"'
    return response


@require_POST
def shared_fork(request: HttpRequest, share_code: str) -> HttpResponse:
    """"Copy to my lists": a new list of one's own (its own edit link), the shared one unchanged."""
    saved = _shared(share_code)
    if _throttled(request, "save"):
        return _too_many(request)
    try:
        fork, token = list_fork(saved_list=saved, owner=request.user)
    except ApplicationError as exc:
        messages.error(request, gettext("The list cannot be copied: %(why)s") % {"why": exc.message})
        return HttpResponseRedirect(reverse("shared-list", args=[share_code]), status=303)
    messages.success(request, gettext(
        "This is your copy: change it as you like. It has its own share link and private edit link; the list "
        "you copied stays as it was."
    ))
    response = HttpResponseRedirect(reverse("build", args=[fork.game]) + f"?list={fork.pk}", status=303)
    _remember_token(request, response, fork, token)
    return response
