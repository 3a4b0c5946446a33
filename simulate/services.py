"""Matchup previews: making a job, playing its chunks, finishing it (HackSoft-style writes).

A matchup plays ``battles`` battles between list A (player 0) and list B (player 1) on one map, both sides
played by the same AI. Battle ``i`` is played with the seed ``"<seed>:<i>"``, so any battle replays alone
and the answer does not depend on how the battles were shared out: each chunk stores integer tallies
under (matchup, index), and the result is made from their sums (:func:`merge_stats`, :func:`matchup_result`).

The same functions serve the Celery tasks (``simulate/tasks.py``: a chord of chunk tasks, then
:func:`matchup_finish`) and the ``matchup`` command (:func:`matchup_compute`, in one process).
A client's mistake is an :class:`~config.errors.ApplicationError` (400); an illegal list is not one: it
is played, and its violations travel with the job.
"""

from __future__ import annotations

import math
import re
import secrets
import time
import uuid
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils import timezone

from builder.models import SavedList
from builder.selectors import list_current, list_get_shared
from catalogue import models as cm
from config.errors import ApplicationError
from simulate.adapters import Fielded, Unplayable, creature_rows, map_json, warband_json
from simulate.engine import ENGINE_VERSION
from simulate.engine.ai import POLICIES
from simulate.engine.dice import SeededDice
from simulate.games import GAMES, play_battle
from simulate.games.ddm import DdmParams
from simulate.games.ddm_maps import map_from_json
from simulate.models import Matchup, MatchupChunk
from validation.core import DocumentError, ListDocument, parse_document
from validation.games.ddm import prepare
from validation.selectors import catalogue_facts
from validation.services import list_validate

MAX_BATTLES = 10_000
DEFAULT_BATTLES = 1_000
MAX_SEED = 2**63 - 1
AIS = tuple(sorted(name for name in POLICIES if name != "scripted"))
DEFAULT_AI = "heuristic"
# Battles per chunk: about 25 chunks a job (workers share them out evenly), each well inside the task time
# limit (a heuristic battle takes ~0.2 s of CPU, a random one ~2 s).
CHUNKS_PER_JOB = 25
CHUNK_BOUNDS = {"heuristic": (10, 100), "random": (2, 10)}
SIMULATED = {("ddm", "seed")}
Z95 = 1.959963984540054
ProgressCallback = Callable[[int, int], None]


# --- the job's plain data ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class MatchupSpec:
    """Everything a matchup's battles need, as plain data (what a :class:`Matchup` row stores)."""

    game: str
    lists: list[dict[str, Any]]
    battle_map: str
    map_layout: dict[str, Any]
    params: dict[str, Any]
    battles: int
    seed: int
    ai: str
    catalogue_version: str = ""
    unmodelled: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, matchup: Matchup) -> MatchupSpec:
        return cls(
            game=matchup.game, lists=matchup.lists, battle_map=matchup.battle_map, map_layout=matchup.map_layout,
            params=matchup.params, battles=matchup.battles, seed=matchup.seed, ai=matchup.ai,
            catalogue_version=matchup.catalogue_version, unmodelled=matchup.unmodelled,
        )


@dataclass
class Side:
    """One list of a matchup: its document (as sent and as read), where it came from, its validation and its
    warband."""

    document: dict[str, Any]
    parsed: ListDocument
    saved_list: SavedList | None
    validation: dict[str, Any]
    warband: dict[str, Any]
    left_out: list[dict[str, str]]


def battle_seed(seed: int, index: int) -> str:
    """Battle ``index``'s seed: derived from the job's seed alone, so the battle replays by itself."""
    return f"{seed}:{index}"


def chunk_size_for(*, battles: int, ai: str) -> int:
    low, high = CHUNK_BOUNDS.get(ai, CHUNK_BOUNDS["random"])
    return max(low, min(high, math.ceil(battles / CHUNKS_PER_JOB)))


# --- making a job ------------------------------------------------------------------------------------------

_SHARE_LINK = re.compile(r"/l/([A-Za-z0-9_-]+)/?$")


def _saved_list(value: str, pointer: str) -> SavedList:
    """A saved list by its id, its share code or its share link."""
    text = value.strip()
    try:
        return SavedList.objects.get(pk=uuid.UUID(text))
    except (ValueError, SavedList.DoesNotExist):
        pass
    match = _SHARE_LINK.search(text)
    code = match.group(1) if match else text
    if code and len(code) <= 64:
        try:
            return list_get_shared(share_code=code)
        except ApplicationError:
            pass
    raise ApplicationError(
        f"{pointer[1:]}: no saved list has this id or share code.", code="invalid",
        fields={pointer: ["no saved list has this id or share code; give a saved list's id or a list document"]},
    )


def _document(value: Any, pointer: str) -> tuple[dict[str, Any], SavedList | None]:
    if isinstance(value, dict):
        return value, None
    if isinstance(value, str) and value.strip():
        saved = _saved_list(value, pointer)
        return dict(list_current(saved_list=saved).document), saved
    raise ApplicationError(
        f"{pointer[1:]} must be a list document or a saved list's id.", code="invalid",
        fields={pointer: ["must be a list document (a JSON object) or a saved list's id"]},
    )


def _prefixed(exc: ApplicationError, pointer: str) -> ApplicationError:
    fields = {f"{pointer}{k}": v for k, v in exc.fields.items()} or {pointer: [exc.message]}
    return ApplicationError(f"{pointer[1:]}: {exc.message}", code=exc.code, status=exc.status, fields=fields)


def _side(value: Any, pointer: str) -> Side:
    document, saved = _document(value, pointer)
    try:
        # texts: the findings keep their templates, so the matchup page shows them in its reader's language
        # (simulate.selectors.matchup_sides; the API leaves the templates out)
        validation: dict[str, Any] = dict(list_validate(document=document, texts=True))
        doc = parse_document(document)
    except ApplicationError as exc:
        raise _prefixed(exc, pointer) from None
    except DocumentError as exc:  # pragma: no cover - list_validate raises first
        raise ApplicationError(exc.message, fields={f"{pointer}{k}": v for k, v in exc.fields.items()}) from None
    if (doc.game, doc.ruleset) not in SIMULATED:
        raise ApplicationError(
            f"{pointer[1:]}: {doc.game} ({doc.ruleset}) has no battle simulator yet; matchups play D&D Miniatures "
            "lists of the seeds' rules.", code="no-simulator", fields={f"{pointer}/game": ["has no simulator yet"]},
        )
    catalogue = catalogue_facts(game=doc.game, ruleset=doc.ruleset)
    warband, _outcomes = prepare(doc, catalogue, doc.format, doc.params)
    fielded = [Fielded(e.creature.slug, e.qty) for e in warband.creatures]
    fielded += [Fielded(e.creature.slug, e.qty, minion=True) for e in warband.minions]
    played = {e.pointer for e in warband.all_entries}
    findings = {p: f["message"] for f in validation.get("violations", []) for p in f.get("entries", [])}
    left_out = []
    for i, entry in enumerate(document.get("entries") or []):
        pointer_i = f"/entries/{i}"
        if pointer_i not in played:
            card = entry.get("card", "") if isinstance(entry, dict) else ""
            reason = findings.get(f"{pointer_i}/card") or findings.get(pointer_i) or "not a creature of the catalogue"
            left_out.append({"entry": pointer_i, "card": str(card), "reason": reason})
    rows = creature_rows(game=doc.game, ruleset=doc.ruleset, slugs=[f.slug for f in fielded])
    try:
        engine_list = warband_json(
            name=str(document.get("name") or pointer[1:].upper()), faction=str(document.get("faction") or ""),
            commander_zero=str(document.get("commander_zero") or ""), fielded=fielded, rows=rows,
        )
    except Unplayable as exc:
        raise ApplicationError(
            f"{pointer[1:]}: the catalogue lacks numbers a battle needs: {exc}. The list cannot be simulated "
            "until someone supplies them.", code="unplayable",
            fields={pointer: [f"{name} lacks {', '.join(f)}" for name, f in exc.missing.items()]},
        ) from None
    if not engine_list["creatures"]:
        raise ApplicationError(
            f"{pointer[1:]}: no creature of this list can be played.", code="unplayable",
            fields={f"{pointer}/entries": ["no creature of this list is in the catalogue"]},
        )
    return Side(document, doc, saved, validation, engine_list, left_out)


def _battle_map(slug: str | None, fmt_params: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    maps = cm.DdmBattleMap.objects.filter(game__slug="ddm", ruleset__slug="seed")
    if slug is None:
        epic = bool(fmt_params.get("epic_map_required"))
        row = maps.filter(epic=epic).exclude(layout={}).order_by("product_set__position", "position", "slug").first()
        if row is None:
            raise ApplicationError("The catalogue has no battle map with a layout for this format.",
                                   code="unknown-map", fields={"/map": ["no battle map with a layout"]})
    else:
        if not isinstance(slug, str):
            raise ApplicationError("map must be a battle map's slug.", fields={"/map": ["must be a slug"]})
        row = maps.filter(slug=slug.strip().casefold()).first()
        if row is None:
            known = ", ".join(maps.exclude(layout={}).order_by("slug").values_list("slug", flat=True))
            raise ApplicationError(f"Unknown battle map {slug[:100]!r} (known: {known}).", code="unknown-map",
                                   fields={"/map": [f"unknown battle map; known: {known}"]})
    if not row.layout:
        raise ApplicationError(f"The battle map {row.slug} has no layout to play on.", code="unknown-map",
                               fields={"/map": ["this map has no layout yet"]})
    layout = map_json(row)
    try:
        map_from_json(layout)
    except (ValueError, KeyError, TypeError) as exc:
        raise ApplicationError(f"The battle map {row.slug}'s layout cannot be played: {exc}", code="unknown-map",
                               fields={"/map": [str(exc)]}) from None
    return row.slug, layout


def _int(value: Any, pointer: str, low: int, high: int, default: int) -> int:
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ApplicationError(
            f"{pointer[1:]} must be a whole number from {low} to {high:,}.", code="invalid",
            fields={pointer: [f"must be a whole number from {low} to {high}"]},
        )
    return value


def _params(fmt_id: str, fmt_params: Mapping[str, Any], map_slug: str) -> dict[str, Any]:
    params: dict[str, Any] = {}
    if fmt_id.startswith("skirmish-") or fmt_id == "epic-500":
        params["format"] = fmt_id
    elif isinstance(fmt_params.get("points_limit"), int):
        params["vp_target"] = fmt_params["points_limit"]
    if map_slug == "first-battle":
        params["scenario"] = "first-battle"  # the quick start's battle: the first creature lost decides it
    return params


def matchup_prepare(
    *, a: Any, b: Any, map: str | None = None, battles: Any = None, seed: Any = None, ai: Any = None
) -> tuple[MatchupSpec, Side, Side]:
    """Check a matchup request and turn it into plain data (raises ``ApplicationError`` on bad input)."""
    count = _int(battles, "/battles", 1, MAX_BATTLES, DEFAULT_BATTLES)
    job_seed = secrets.randbelow(2**31) if seed is None else _int(seed, "/seed", 0, MAX_SEED, 0)
    name = DEFAULT_AI if ai is None else ai
    if not isinstance(name, str) or name not in AIS:
        raise ApplicationError(f"Unknown AI {str(name)[:40]!r} (known: {', '.join(AIS)}).", code="unknown-ai",
                               fields={"/ai": [f"must be one of {', '.join(AIS)}"]})
    side_a, side_b = _side(a, "/a"), _side(b, "/b")
    doc_a, doc_b = side_a.parsed, side_b.parsed
    if (doc_a.game, doc_a.ruleset) != (doc_b.game, doc_b.ruleset):
        raise ApplicationError("Both lists must be of the same game and rules.", code="invalid",
                               fields={"/b/game": [f"must be {doc_a.game} ({doc_a.ruleset}) as list a"]})
    slug, layout = _battle_map(map, doc_a.params)
    params = _params(doc_a.format.id, doc_a.params, slug)
    game = GAMES[doc_a.game]
    lists = [side_a.warband, side_b.warband]
    try:
        game.new_initial_state(lists=lists, battle_map=layout, dice=SeededDice(0), params=params)
    except ValueError as exc:
        raise ApplicationError(f"These lists cannot be played on {slug}: {exc}", code="unplayable") from None
    spec = MatchupSpec(
        game=doc_a.game, lists=[game.describe_list(x) for x in lists], battle_map=slug, map_layout=layout,
        params=params, battles=count, seed=job_seed, ai=name,
        catalogue_version=str(side_a.validation.get("catalogue_version", "")), unmodelled=game.unmodelled(lists),
    )
    return spec, side_a, side_b


def matchup_create(
    *, a: Any, b: Any, map: str | None = None, battles: Any = None, seed: Any = None, ai: Any = None
) -> Matchup:
    """Store a matchup job and queue it (once the transaction commits)."""
    spec, side_a, side_b = matchup_prepare(a=a, b=b, map=map, battles=battles, seed=seed, ai=ai)
    matchup = Matchup.objects.create(
        game=spec.game, ruleset=side_a.parsed.ruleset, a_document=side_a.document, b_document=side_b.document,
        a_list=side_a.saved_list, b_list=side_b.saved_list, a_validation=side_a.validation,
        b_validation=side_b.validation, lists=spec.lists,
        left_out=[{"list": "a", **x} for x in side_a.left_out] + [{"list": "b", **x} for x in side_b.left_out],
        battle_map=spec.battle_map, map_layout=spec.map_layout, params=spec.params, battles=spec.battles,
        seed=spec.seed, ai=spec.ai, chunk_size=chunk_size_for(battles=spec.battles, ai=spec.ai),
        catalogue_version=spec.catalogue_version, unmodelled=spec.unmodelled,
    )
    from simulate.tasks import matchup_start

    matchup_start.delay_on_commit(str(matchup.id))  # type: ignore[attr-defined]  # DjangoTask: not in the stubs
    return matchup


# --- playing -----------------------------------------------------------------------------------------------

def play_one(spec: MatchupSpec, index: int) -> Any:
    """Battle ``index`` of a matchup (a :class:`~simulate.engine.replay.BattleOutcome`)."""
    return play_battle(
        game=spec.game, lists=spec.lists, battle_map=spec.map_layout, seed=battle_seed(spec.seed, index),
        policies=(spec.ai, spec.ai), params=spec.params, catalogue_version=spec.catalogue_version,
    )


def _bump(counts: dict[str, int], key: object, by: int = 1) -> None:
    counts[str(key)] = counts.get(str(key), 0) + by


def play_chunk(spec: MatchupSpec, indices: Iterable[int], progress: ProgressCallback | None = None) -> dict[str, Any]:
    """Play the battles ``indices`` and return their tallies (integers only, so sums are exact)."""
    todo = list(indices)
    stats: dict[str, Any] = {"battles": 0, "a_wins": 0, "b_wins": 0, "draws": 0, "margins": {}, "rounds": {},
                             "reasons": {}, "creatures": {}}
    creatures: dict[str, list[int]] = stats["creatures"]
    for done, index in enumerate(todo, start=1):
        result = play_one(spec, index).state.result()
        stats["battles"] += 1
        stats["a_wins" if result.winner == 0 else "b_wins" if result.winner == 1 else "draws"] += 1
        _bump(stats["margins"], result.scores[0] - result.scores[1])
        _bump(stats["rounds"], result.rounds)
        _bump(stats["reasons"], result.reason)
        for cid, c in result.details["per_creature"].items():
            row = creatures.setdefault(cid, [0, 0, 0, 0, 0])
            row[0] += c["damage_dealt"]
            row[1] += c["damage_taken"]
            row[2] += c["kills"]
            row[3] += 1 if c["survived"] else 0
            row[4] += c["points_earned"]
        if progress is not None:
            progress(done, len(todo))
    return stats


def merge_stats(parts: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """The sum of chunks' tallies (in any order: integer sums do not depend on it)."""
    total: dict[str, Any] = {"battles": 0, "a_wins": 0, "b_wins": 0, "draws": 0, "margins": {}, "rounds": {},
                             "reasons": {}, "creatures": {}}
    for part in parts:
        for key in ("battles", "a_wins", "b_wins", "draws"):
            total[key] += part[key]
        for key in ("margins", "rounds", "reasons"):
            for k, v in part[key].items():
                _bump(total[key], k, v)
        for cid, row in part["creatures"].items():
            acc = total["creatures"].setdefault(cid, [0, 0, 0, 0, 0])
            for i, v in enumerate(row):
                acc[i] += v
    return total


def wilson(k: int, n: int) -> dict[str, float]:
    """The share ``k/n`` with its 95% Wilson score interval."""
    if n <= 0:
        return {"p": 0.0, "low": 0.0, "high": 1.0}
    p = k / n
    z2 = Z95 * Z95
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    return {"p": round(p, 4), "low": round(max(0.0, centre - half), 4), "high": round(min(1.0, centre + half), 4)}


def matchup_estimate(totals: Mapping[str, Any]) -> dict[str, Any]:
    """The answer so far, from the chunks stored while the job runs: counts and rates with their 95% Wilson
    intervals (battles are independent and every chunk plays a fixed set of seeds, so the chunks finished
    first are an unbiased sample; the intervals say how far the final rates may still move)."""
    n = totals["battles"]
    return {
        "battles": n, "a_wins": totals["a_wins"], "b_wins": totals["b_wins"], "draws": totals["draws"],
        "a_win_rate": wilson(totals["a_wins"], n), "b_win_rate": wilson(totals["b_wins"], n),
        "draw_rate": wilson(totals["draws"], n),
    }


def margin_bin_width(spec: MatchupSpec) -> int:
    """Victory-point margins are counted in bins of 5% of the target (10 VP at 200 points)."""
    return max(1, DdmParams.from_json(spec.params).vp_target // 20)


def _histogram(counts: Mapping[str, int], width: int) -> list[dict[str, int]]:
    values = {int(k): v for k, v in counts.items()}
    if not values:
        return []
    low = min(values) // width * width
    high = max(values) // width * width
    bins = dict.fromkeys(range(low, high + width, width), 0)
    for value, count in values.items():
        bins[value // width * width] += count
    return [{"low": b, "high": b + width, "count": c} for b, c in sorted(bins.items())]


def matchup_result(spec: MatchupSpec, totals: Mapping[str, Any], sample_battle: Mapping[str, Any]) -> dict[str, Any]:
    """The answer (CONTRACTS.md's keys, and a few more): made from summed tallies only."""
    n = totals["battles"]
    rounds = {int(k): v for k, v in totals["rounds"].items()}
    margins = {int(k): v for k, v in totals["margins"].items()}
    per_creature: dict[str, Any] = {}
    for side, warband in zip(("a", "b"), spec.lists, strict=True):
        for i, card in enumerate(warband["creatures"]):
            cid = f"{side}{i + 1}"
            row = totals["creatures"].get(cid, [0, 0, 0, 0, 0])
            per_creature[cid] = {
                "name": card["name"], "list": side, "cost": card["cost"],
                "damage_dealt": round(row[0] / n, 3) if n else 0.0,
                "damage_taken": round(row[1] / n, 3) if n else 0.0,
                "kills": round(row[2] / n, 3) if n else 0.0,
                "survival": round(row[3] / n, 4) if n else 0.0,
                "points_earned": round(row[4] / n, 3) if n else 0.0,
            }
    return {
        "battles": n,
        "seed": spec.seed,
        "map": spec.battle_map,
        "ai": spec.ai,
        "a_wins": totals["a_wins"],
        "b_wins": totals["b_wins"],
        "draws": totals["draws"],
        "a_win_rate": wilson(totals["a_wins"], n),
        "b_win_rate": wilson(totals["b_wins"], n),
        "draw_rate": wilson(totals["draws"], n),
        "margin_histogram": _histogram(totals["margins"], margin_bin_width(spec)),
        "margin_mean": round(sum(k * v for k, v in margins.items()) / n, 3) if n else 0.0,
        "rounds_histogram": [{"rounds": r, "count": rounds[r]} for r in sorted(rounds)],
        "rounds_mean": round(sum(k * v for k, v in rounds.items()) / n, 3) if n else 0.0,
        "endings": dict(sorted(totals["reasons"].items())),
        "per_creature": per_creature,
        "unmodelled_abilities": list(spec.unmodelled),
        "lists": [w["name"] for w in spec.lists],
        "params": spec.params,
        "engine_version": ENGINE_VERSION,
        "game_version": GAMES[spec.game].version,
        "catalogue_version": spec.catalogue_version,
        "sample_battle": dict(sample_battle),
    }


def matchup_compute(spec: MatchupSpec, progress: ProgressCallback | None = None) -> dict[str, Any]:
    """Play a whole matchup in this process (the ``matchup`` command): the same answer as the workers give."""
    totals = merge_stats([play_chunk(spec, range(spec.battles), progress)])
    return matchup_result(spec, totals, play_one(spec, 0).record.to_json())


# --- the workers' side -------------------------------------------------------------------------------------

def matchup_dispatch(*, matchup_id: str) -> list[int] | None:
    """Mark a queued job running; return the chunk indexes still to play (None once it is over or gone)."""
    matchup = Matchup.objects.filter(pk=matchup_id).first()
    if matchup is None or matchup.status in (Matchup.Status.DONE, Matchup.Status.FAILED):
        return None
    Matchup.objects.filter(pk=matchup.pk, status=Matchup.Status.QUEUED).update(
        status=Matchup.Status.RUNNING, started=timezone.now()
    )
    finished = set(matchup.chunks.filter(stats__isnull=False).values_list("index", flat=True))
    return [i for i in range(matchup.chunk_count) if i not in finished]


def matchup_chunk_run(
    *, matchup_id: str, index: int, progress: ProgressCallback | None = None, worker: str = ""
) -> bool:
    """Play chunk ``index`` and store its tallies under (matchup, index). A chunk already stored is not played
    again, and storing is an upsert: a chunk redelivered after a worker died is counted once. Returns whether
    the chunk was played."""
    matchup = Matchup.objects.filter(pk=matchup_id).first()
    if matchup is None or matchup.status in (Matchup.Status.DONE, Matchup.Status.FAILED):
        return False
    if not 0 <= index < matchup.chunk_count:
        raise ValueError(f"matchup {matchup_id} has no chunk {index}")
    chunk, _ = MatchupChunk.objects.get_or_create(matchup=matchup, index=index)
    if chunk.stats is not None:
        return False
    MatchupChunk.objects.filter(pk=chunk.pk, stats__isnull=True).update(worker=worker[:200], done=0)
    indices = matchup.chunk_range(index)
    last = [0.0]

    def report(done: int, total: int) -> None:
        now = time.monotonic()
        if done < total and now - last[0] < 0.5:
            return
        last[0] = now
        MatchupChunk.objects.filter(pk=chunk.pk, stats__isnull=True).update(done=done)
        if progress is not None:
            progress(done, total)

    stats = play_chunk(MatchupSpec.of(matchup), indices, report)
    MatchupChunk.objects.update_or_create(
        matchup=matchup, index=index,
        defaults={"stats": stats, "done": len(indices), "finished": timezone.now(), "worker": worker[:200]},
    )
    return True


class ChunksPending(RuntimeError):
    """The finishing step ran before every chunk was stored (a chunk ran twice after a worker died, and the
    chord counted it twice): try again shortly."""


@transaction.atomic
def matchup_finish(*, matchup_id: str) -> None:
    """Sum the chunks, replay battle 0 as the sample, store the result (once every chunk is stored)."""
    matchup = Matchup.objects.select_for_update().filter(pk=matchup_id).first()
    if matchup is None or matchup.status in (Matchup.Status.DONE, Matchup.Status.FAILED):
        return
    parts: list[dict[str, Any]] = [
        x for x in matchup.chunks.filter(stats__isnull=False).order_by("index").values_list("stats", flat=True) if x
    ]
    if len(parts) != matchup.chunk_count:
        raise ChunksPending(f"matchup {matchup_id}: {len(parts)} of {matchup.chunk_count} chunks stored")
    spec = MatchupSpec.of(matchup)
    matchup.result = matchup_result(spec, merge_stats(parts), play_one(spec, 0).record.to_json())
    matchup.status = Matchup.Status.DONE
    matchup.finished = timezone.now()
    matchup.save(update_fields=["result", "status", "finished"])


def matchup_fail(*, matchup_id: str, message: str) -> None:
    Matchup.objects.filter(pk=matchup_id).exclude(status=Matchup.Status.DONE).update(
        status=Matchup.Status.FAILED, error=message[:2000], finished=timezone.now()
    )
