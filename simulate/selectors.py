"""Reads for matchups: a job, its progress, its lists' checks and how much of them was played, and its sample
battle as the frames the page replays move by move (in its game's words: the game's bridge)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from builder.selectors_results import text_render, validation_result_localise
from config.lookups import object_by_uuid
from simulate.bridge import Bridge, bridge_for
from simulate.models import Matchup
from simulate.services import matchup_estimate, merge_stats


def matchup_get(*, matchup_id: Any) -> Matchup:
    return object_by_uuid(Matchup.objects.all(), matchup_id, message="No matchup has this id.")


def matchup_progress(*, matchup: Matchup) -> dict[str, int]:
    """Battles played so far (stored by the chunks as they go) and in all."""
    if matchup.status == Matchup.Status.DONE:
        return {"done": matchup.battles, "total": matchup.battles}
    done = sum(matchup.chunks.values_list("done", flat=True))
    return {"done": min(done, matchup.battles), "total": matchup.battles}


def matchup_estimate_so_far(*, matchup: Matchup) -> dict[str, Any] | None:
    """While a job runs: the win, draw and loss rates of the chunks stored so far (None before the first
    chunk is stored, and once the job is over: then its result says it all)."""
    if matchup.status not in (Matchup.Status.QUEUED, Matchup.Status.RUNNING):
        return None
    parts = [x for x in matchup.chunks.filter(stats__isnull=False).values_list("stats", flat=True) if x]
    return matchup_estimate(merge_stats(parts)) if parts else None


TEXT_KEYS = ("message_text", "hint_text")


def _findings(validation: Mapping[str, Any], key: str) -> list[Any]:
    """A validation result's findings without their templates (the API's contract has none)."""
    return [{k: v for k, v in f.items() if k not in TEXT_KEYS} if isinstance(f, Mapping) else f
            for f in validation.get(key, [])]


def matchup_sides(*, matchup: Matchup, localise: bool = False) -> list[dict[str, Any]]:
    """Each list's name, legality and violations (an illegal list is previewed all the same), and what of it
    could not be played. ``localise``: the findings read in the active language (for the pages; the API keeps
    the validator's English)."""
    out = []
    for key, document, stored, saved in (("a", matchup.a_document, matchup.a_validation, matchup.a_list_id),
                                         ("b", matchup.b_document, matchup.b_validation, matchup.b_list_id)):
        validation = validation_result_localise(result=stored) if localise else stored
        out.append({
            "list": key,
            "name": document.get("name") or key.upper(),
            "format": document.get("format"),
            "saved_list": str(saved) if saved else None,
            "legal": None if validation.get("legal") is None else bool(validation.get("legal")),
            "source": stored.get("source", ""),
            "assumptions": [text_render(text=a) or "" for a in stored.get("assumptions") or []] if localise
            else [text_render(text=a, translate=False) or "" for a in stored.get("assumptions") or []],
            "violations": _findings(validation, "violations"),
            "warnings": _findings(validation, "warnings"),
            "totals": validation.get("totals", {}),
            "left_out": [{k: v for k, v in x.items() if k != "list"} for x in matchup.left_out if x.get("list") == key],
        })
    return out


def matchup_bridge(*, matchup: Matchup) -> Bridge:
    """The bridge of a matchup's game (a stored matchup always has one: it was made through it)."""
    bridge = bridge_for(matchup.game, matchup.ruleset)
    if bridge is None:  # pragma: no cover - a game whose bridge was removed since
        raise ValueError(f"{matchup.game} ({matchup.ruleset}) has no simulator")
    return bridge


def matchup_replay(*, matchup: Matchup, record: Mapping[str, Any]) -> dict[str, Any]:
    """A battle record of the matchup as the replay viewer's frames, in the game's words."""
    return matchup_bridge(matchup=matchup).replay_frames(record)


def matchup_battlefield_name(*, matchup: Matchup) -> str:
    """The battlefield a matchup is played on as a player names it (its slug only when the game no longer
    offers it)."""
    names = {b.slug: b.name for b in matchup_bridge(matchup=matchup).battlefields()}
    return names.get(matchup.battle_map, matchup.battle_map)
