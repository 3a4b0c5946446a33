"""The matchup pages: the launcher (``/matchups/new/``), a matchup (``/matchups/<id>/``: a progress bar while
it runs, then the answer, its plots and a sample battle to replay) and the progress bar htmx polls."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.formats import localize
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from builder.selectors_entered import entered_source, request_scope
from builder.selectors_picker import picker_lists
from builder.selectors_results import text_render
from config.errors import ApplicationError
from config.throttles import throttled
from simulate import plots
from simulate.admission import client_key, matchup_start_for
from simulate.forms import MatchupForm
from simulate.models import Matchup
from simulate.selectors import (
    matchup_battlefield_name,
    matchup_bridge,
    matchup_estimate_so_far,
    matchup_get,
    matchup_progress,
    matchup_replay,
    matchup_sides,
)
from simulate.services import MismatchError, UnplayableError, matchup_quick_start

QUICK_START_BATTLES = 500


def _throttled(request: HttpRequest) -> bool:
    """The page shares the API's ``expensive`` rate limit."""
    return throttled(request, "expensive")


def _matchup(matchup_id: Any) -> Matchup:
    try:
        return matchup_get(matchup_id=matchup_id)
    except ApplicationError:
        raise Http404("No such matchup.") from None


@require_http_methods(["GET", "POST"])
def matchup_new(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        form = MatchupForm(request.POST, picks=picker_lists(request))
        status = 400
        refusals: list[dict[str, Any]] = []
        if _throttled(request):
            form.add_error(None, _("Too many matchups from here in the last minute; please try again shortly."))
            status = 429
        elif form.is_valid():
            data = form.cleaned_data
            try:
                matchup, _new = matchup_start_for(client=client_key(request), a=data["a"], b=data["b"],
                                                  map=data["map"] or None, battles=data["battles"], seed=data["seed"],
                                                  ai=data["ai"] or None, entered=entered_source(request_scope(request)))
            except UnplayableError as exc:
                refusals = _refusals(exc)
                for refusal in refusals:
                    if refusal["gaps"]:
                        form.add_error(refusal["side"], _("“%(list)s” cannot be previewed until the numbers below "
                                                          "are given.") % {"list": refusal["name"]})
                    else:
                        form.add_error(refusal["side"], _("“%(list)s” cannot be previewed: see below.")
                                       % {"list": refusal["name"]})
            except MismatchError as exc:
                form.add_error(None, _mismatch(exc))
            except ApplicationError as exc:
                _add_errors(form, exc)
                status = exc.status if exc.status == 429 else status
            else:
                return HttpResponseRedirect(reverse("matchup", args=[matchup.id]), status=303)
        return render(request, "matchups/new.html", {**_new_context(form), "refusals": refusals,
                                                     "refusal_gaps": any(r["gaps"] for r in refusals)}, status=status)
    initial = {key: request.GET[key] for key in ("a", "b") if request.GET.get(key)}
    return render(request, "matchups/new.html", _new_context(MatchupForm(initial=initial, picks=picker_lists(request))))


def _new_context(form: MatchupForm) -> dict[str, Any]:
    return {"form": form, "sides": [(form["a_list"], form["a"]), (form["b_list"], form["b"])]}


@require_POST
def matchup_quick_start_view(request: HttpRequest, game: str, ruleset: str) -> HttpResponse:
    """One click from the start page: the game's quick-start battle, previewed (its bridge's quick start)."""
    if _throttled(request):
        messages.error(request, _("Too many matchups from here in the last minute; please try again shortly."))
        response = render(request, "matchups/new.html", _new_context(MatchupForm(picks=picker_lists(request))),
                          status=429)
        response["Retry-After"] = "60"
        return response
    try:
        matchup = matchup_quick_start(game=game, ruleset=ruleset, battles=QUICK_START_BATTLES)
    except ApplicationError as exc:
        if exc.status == 404:
            raise Http404(exc.message) from None
        raise
    return HttpResponseRedirect(reverse("matchup", args=[matchup.id]), status=303)


def _refusals(exc: UnplayableError) -> list[dict[str, Any]]:
    """Each refused list as the form shows it: its name, and each card lacking numbers with what it lacks (in
    the reader's language) and a link to the form for them, which brings the player back here."""
    back = urlencode({"next": reverse("matchup-new")})
    out = []
    for refusal in exc.refusals:
        gaps = [{"card": gap.card, "fields": [text_render(text=f.json()) or str(f) for f in gap.fields],
                 "url": reverse("card-numbers", args=[refusal.game, refusal.ruleset, gap.slug]) + "?" + back
                 if gap.slug else ""}  # a gap that is no card's (a missing commander) has no form
                for gap in refusal.gaps]
        missing = [text_render(text=m.text.json()) or str(m.text) for m in refusal.missing]
        out.append({"side": refusal.side, "name": refusal.name, "gaps": gaps, "missing": missing})
    return out


def _mismatch(exc: MismatchError) -> str:
    """Two lists that cannot meet, said in the reader's language."""
    values = {"a": exc.lists[0], "b": exc.lists[1], "kind_a": exc.kinds[0], "kind_b": exc.kinds[1]}
    if exc.code == "different-games":
        return _("The two lists are of different games: “%(a)s” is a %(kind_a)s list and “%(b)s” a %(kind_b)s list. "
                 "A matchup plays two lists of the same game.") % values
    return _("The two lists follow different rules: “%(a)s” the %(kind_a)s and “%(b)s” the %(kind_b)s. A matchup "
             "plays two lists of the same rules.") % values


def _add_errors(form: MatchupForm, exc: ApplicationError) -> None:
    if not exc.fields:
        form.add_error(None, exc.message)
        return
    for pointer, texts in exc.fields.items():
        name = pointer.strip("/").split("/")[0]
        for message in texts:
            where = pointer if name in ("a", "b") and pointer.count("/") > 1 else ""
            text = f"{where[3:]}: {message}" if where else message
            form.add_error(name if name in form.fields else None, text)


@require_GET
def matchup_page(request: HttpRequest, matchup_id: Any) -> HttpResponse:
    matchup = _matchup(matchup_id)
    context: dict[str, Any] = {
        "matchup": matchup, "sides": matchup_sides(matchup=matchup, localise=True),
        "map_name": matchup_battlefield_name(matchup=matchup),
        "progress": matchup_progress(matchup=matchup),
        "running": matchup.status in (Matchup.Status.QUEUED, Matchup.Status.RUNNING),
        "estimate": _estimate_context(matchup),
    }
    if matchup.status == Matchup.Status.DONE and matchup.result:
        context.update(_result_context(matchup, matchup.result))
    return render(request, "matchups/page.html", context)


@require_GET
def matchup_progress_view(request: HttpRequest, matchup_id: Any) -> HttpResponse:
    """The progress bar alone (htmx polls it); once the matchup is over, the whole page reloads."""
    matchup = _matchup(matchup_id)
    if matchup.status in (Matchup.Status.DONE, Matchup.Status.FAILED):
        response = HttpResponse(status=200)
        response["HX-Refresh"] = "true"
        return response
    return render(request, "matchups/_progress.html",
                  {"matchup": matchup, "progress": matchup_progress(matchup=matchup), "running": True,
                   "estimate": _estimate_context(matchup)})


def _estimate_context(matchup: Matchup) -> dict[str, Any] | None:
    """The answer so far as the progress bar shows it: each rate in percent with its interval."""
    estimate = matchup_estimate_so_far(matchup=matchup)
    if estimate is None:
        return None
    names = [s.get("name") or key for s, key in zip(
        (matchup.a_document, matchup.b_document), ("A", "B"), strict=True)]

    def row(label: str, rate: dict[str, float], css: str) -> dict[str, Any]:
        percent = {k: round(100 * v, 1) for k, v in rate.items()}
        return {"label": label, "rate": percent, "span": round(percent["high"] - percent["low"], 1), "css": css}

    return {"battles": estimate["battles"], "rows": [
        row(_("%(list)s wins") % {"list": names[0]}, estimate["a_win_rate"], "plot-a"),
        row(_("Draws"), estimate["draw_rate"], "plot-draw"),
        row(_("%(list)s wins") % {"list": names[1]}, estimate["b_win_rate"], "plot-b"),
    ]}


def _result_context(matchup: Matchup, result: dict[str, Any]) -> dict[str, Any]:
    bridge = matchup_bridge(matchup=matchup)
    names = result.get("lists") or ["A", "B"]
    rates = plots.rates_svg(
        [(_("%(list)s wins") % {"list": names[0]}, result["a_win_rate"], "plot-a"),
         (_("Draws"), result["draw_rate"], "plot-draw"),
         (_("%(list)s wins") % {"list": names[1]}, result["b_win_rate"], "plot-b")],
        title=_("Win, draw and loss rates with %(level)s intervals") % {"level": "95%"},
    )
    rounds_counts = {int(r["rounds"]): int(r["count"]) for r in result.get("rounds_histogram") or []}
    top = max(rounds_counts, default=0)
    length = _length_words(result)
    rounds = plots.histogram_svg(
        [(str(r), rounds_counts.get(r, 0)) for r in range(1, top + 1)], title=_("Battle length"),
        x_label=length["axis"], y_label=_("Battles"),
    )
    sample = result.get("sample_battle") or {}
    layout = sample.get("battle_map") or {}
    return {
        "result": result, "rates_svg": rates, "rounds_svg": rounds, "length": length,
        "figures": bridge.figures(result, names),
        "tables": bridge.tables(result, names), "creature_note": bridge.creature_note(),
        "creatures": sorted(result.get("per_creature", {}).items(), key=lambda kv: (kv[0][0], int(kv[0][1:]))),
        "replay": matchup_replay(matchup=matchup, record=sample) if sample else None,
        "replay_map": bridge.battlefield_svg(layout, title=_("The sample battle's map"), pieces=True) if layout else "",
        "sample_result": sample.get("result") or {},
        "played": _played_context(result, matchup),
    }


def _length_words(result: dict[str, Any]) -> dict[str, str]:
    """How a result counts a battle's length, as its players do: in rounds, or (``length_unit`` "turns",
    Dungeon Command) in turns, each player's turn counted."""
    mean = {"mean": localize(result.get("rounds_mean", 0))}
    if result.get("length_unit") == "turns":
        return {"axis": _("Turns"), "caption": _("Turns until the battle ended; the mean is %(mean)s.") % mean,
                "jump": _("Jump to turn")}
    return {"axis": _("Rounds"), "caption": _("Rounds until the battle ended; the mean is %(mean)s.") % mean,
            "jump": _("Jump to round")}


def _played_context(result: dict[str, Any], matchup: Matchup) -> list[dict[str, Any]]:
    """Per list: how much of it the engine really played, the share of its cost it did not, and a caution; per
    creature, what no source gives (played by a reading) in the reader's language, with the way to the form where
    its owner types it in from the printed card (which brings the player back to this result)."""
    names = result.get("lists") or ["A", "B"]
    back = urlencode({"next": reverse("matchup", args=[matchup.id])})
    out = []
    for key, name in zip(("a", "b"), names, strict=False):
        played = (result.get("played") or {}).get(key)
        if played is None:
            continue
        creatures = []
        for c in played.get("creatures") or ():
            unknown = [text_render(text=u) or "" for u in c.get("unknown") or ()]
            url = reverse("card-numbers", args=[matchup.game, matchup.ruleset, c["slug"]]) + "?" + back \
                if unknown and c.get("slug") else ""
            creatures.append({**c, "unknown": unknown, "numbers_url": url})
        out.append({"list": key, "name": name, **played, "creatures": creatures})
    return out
