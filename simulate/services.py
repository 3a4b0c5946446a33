"""Matchup previews: making a job, playing its chunks, finishing it (HackSoft-style writes). No game is named
here: each game's part is its bridge (``simulate/bridge.py``, ``simulate/bridges/``).

A matchup plays ``battles`` battles between list A (player 0) and list B (player 1) on one battlefield, both
sides played by the same AI. Battle ``i`` is played with the seed ``"<seed>:<i>"``, so any battle replays alone
and the answer does not depend on how the battles were shared out: each chunk stores integer tallies
under (matchup, index), and the result is made from their sums (:func:`merge_stats`, :func:`matchup_result`).

The same functions serve the Celery tasks (``simulate/tasks.py``: a chord of chunk tasks, then
:func:`matchup_finish`) and the ``matchup`` command (:func:`matchup_compute`, in one process).
A client's mistake is an :class:`~config.errors.ApplicationError` (400), and so is a list that cannot be
played (code ``unplayable``: each card and the numbers it lacks) and two lists of different games
(``different-games``). An illegal list is not an error: it is played, and its violations travel with the job.
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

import games as game_registry
from builder.models import SavedList
from builder.selectors import list_current, list_get_shared
from config.errors import ApplicationError
from simulate.bridge import Bridge, Gap, Missing, bridge_for, bridges, tally_sum
from simulate.engine import ENGINE_VERSION
from simulate.engine.dice import SeededDice
from simulate.games import GAMES, play_battle
from simulate.models import Matchup, MatchupChunk
from simulate.readiness import ListReading, list_read
from validation.services import EnteredSource

MAX_BATTLES = 10_000
DEFAULT_BATTLES = 1_000
MAX_SEED = 2**63 - 1
# Battles per chunk: about 25 chunks a job (workers share them out evenly), each well inside the task time
# limit; each game's player says how many of its battles a chunk may hold (its CPU per battle).
CHUNKS_PER_JOB = 25
Z95 = 1.959963984540054
ProgressCallback = Callable[[int, int], None]


def ai_names() -> list[str]:
    """Every computer player some game has (a request's ``ai`` must be one of its own game's)."""
    return sorted({name for b in bridges() for name in b.players})


# --- the job's plain data ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class MatchupSpec:
    """Everything a matchup's battles need, as plain data (what a :class:`Matchup` row stores)."""

    game: str
    ruleset: str
    lists: list[dict[str, Any]]
    battle_map: str
    map_layout: dict[str, Any]
    params: dict[str, Any]
    battles: int
    seed: int
    ai: str
    catalogue_version: str = ""
    unmodelled: list[str] = field(default_factory=list)
    played: dict[str, Any] = field(default_factory=dict)  # per list: how much of it the engine really plays
    player_entered: list[dict[str, Any]] = field(default_factory=list)  # numbers a player entered, per card
    assumptions: list[str] = field(default_factory=list)  # numbers no source gives, assumed (the quick start)

    @classmethod
    def of(cls, matchup: Matchup) -> MatchupSpec:
        return cls(
            game=matchup.game, ruleset=matchup.ruleset, lists=matchup.lists, battle_map=matchup.battle_map,
            map_layout=matchup.map_layout, params=matchup.params, battles=matchup.battles, seed=matchup.seed,
            ai=matchup.ai, catalogue_version=matchup.catalogue_version, unmodelled=matchup.unmodelled,
            played=matchup.played, player_entered=matchup.player_entered, assumptions=matchup.assumptions,
        )

    @property
    def bridge(self) -> Bridge:
        found = bridge_for(self.game, self.ruleset)
        if found is None:
            raise ValueError(f"{self.game} ({self.ruleset}) has no simulator")
        return found


@dataclass
class Side:
    """One list of a matchup: its document (as sent), where it came from, and its reading (validation, the
    bridge's engine list, gaps, abilities not played, numbers a player entered)."""

    document: dict[str, Any]
    saved_list: SavedList | None
    read: ListReading

    @property
    def validation(self) -> dict[str, Any]:
        return self.read.validation

    @property
    def warband(self) -> dict[str, Any]:
        assert self.read.reading is not None and self.read.reading.engine_list is not None
        return self.read.reading.engine_list

    @property
    def left_out(self) -> list[dict[str, str]]:
        return self.read.reading.left_out if self.read.reading is not None else []


def battle_seed(seed: int, index: int) -> str:
    """Battle ``index``'s seed: derived from the job's seed alone, so the battle replays by itself."""
    return f"{seed}:{index}"


def chunk_size_for(*, battles: int, bounds: tuple[int, int]) -> int:
    """Battles per chunk: about :data:`CHUNKS_PER_JOB` chunks, within the player's bounds (CPU per battle)."""
    low, high = bounds
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


def _side(value: Any, pointer: str, entered: EnteredSource | None) -> Side:
    document, saved = _document(value, pointer)
    try:
        # texts: the findings keep their templates, so the matchup page shows them in its reader's language
        # (simulate.selectors.matchup_sides; the API leaves the templates out)
        read = list_read(document=document, entered=entered, texts=True)
    except ApplicationError as exc:
        raise _prefixed(exc, pointer) from None
    return Side(document, saved, read)


def _game_name(game: str) -> str:
    try:
        return game_registry.game(game).name
    except game_registry.UnknownGame:
        return game


def _ruleset_name(game: str, ruleset: str) -> str:
    try:
        return game_registry.ruleset(game, ruleset).name
    except (game_registry.UnknownGame, KeyError, LookupError):
        return ruleset


class MismatchError(ApplicationError):
    """Two lists of different games (``different-games``) or of one game's different rules
    (``different-rulesets``): ``lists`` their names, ``kinds`` the two games' or rulesets' names, for a page to say
    so in its reader's language."""

    def __init__(self, message: str, *, code: str, fields: dict[str, list[str]], lists: tuple[str, str],
                 kinds: tuple[str, str]) -> None:
        super().__init__(message, code=code, fields=fields)
        self.lists = lists
        self.kinds = kinds


def _list_name(side: Side, pointer: str) -> str:
    return str(side.document.get("name") or f"list {pointer[1:].upper()}")


@dataclass(frozen=True)
class Refusal:
    """One list of a refused matchup: its name, side, game and ruleset, what it lacks that no number can give,
    and the cards lacking numbers (neither: no card of it can be played at all)."""

    side: str
    name: str
    game: str
    ruleset: str
    gaps: tuple[Gap, ...]
    missing: tuple[Missing, ...] = ()


class UnplayableError(ApplicationError):
    """A matchup refused because a list lacks numbers or a part no number gives (code ``unplayable``);
    ``refusals`` say which, so a page can name them in its reader's language and link each card to the form for
    its numbers."""

    def __init__(self, message: str, *, fields: dict[str, list[str]], refusals: tuple[Refusal, ...]) -> None:
        super().__init__(message, code="unplayable", fields=fields)
        self.refusals = refusals


def _refuse_unplayable(sides: Iterable[tuple[str, Side]]) -> None:
    """A 400 naming each list, card and missing number (or missing part) when either list cannot be played."""
    fields: dict[str, list[str]] = {}
    parts: list[str] = []
    refusals: list[Refusal] = []
    for pointer, side in sides:
        gaps: list[Gap] = side.read.gaps
        missing = side.read.missing
        name = _list_name(side, pointer)
        if gaps or missing or side.read.status == "empty":
            refusals.append(Refusal(pointer[1:], name, side.read.parsed.game, side.read.parsed.ruleset, tuple(gaps),
                                    tuple(missing)))
        for lack in missing:
            parts.append(f"{name!r}: {lack.text}")
            fields.setdefault(f"{pointer}{lack.entry}", []).append(str(lack.text))
        if gaps:
            parts.append(f"{name!r}: " + "; ".join(g.sentence() for g in gaps))
            for gap in gaps:
                for entry in gap.entries or ("",):
                    fields.setdefault(f"{pointer}{entry}", []).append(gap.sentence())
        elif side.read.status == "empty":
            parts.append(f"{name!r}: no card of this list can be played")
            fields[f"{pointer}/entries"] = ["no card of this list can be played"]
    if parts and not any(r.gaps for r in refusals):  # only parts that no number gives
        raise UnplayableError("These lists cannot be played: " + "; ".join(parts) + ".", fields=fields,
                              refusals=tuple(refusals))
    if parts:
        raise UnplayableError(
            "These lists cannot be played until the numbers the simulator needs are given (never guessed): "
            + "; ".join(parts) + ". Enter them from the printed cards, or ask for them in the catalogue.",
            fields=fields, refusals=tuple(refusals),
        )


def _int(value: Any, pointer: str, low: int, high: int, default: int) -> int:
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ApplicationError(
            f"{pointer[1:]} must be a whole number from {low} to {high:,}.", code="invalid",
            fields={pointer: [f"must be a whole number from {low} to {high}"]},
        )
    return value


def _player(bridge: Bridge, ai: Any) -> str:
    name = bridge.default_player if ai is None else ai
    if not isinstance(name, str) or name not in bridge.players:
        known = ", ".join(bridge.players)
        raise ApplicationError(f"Unknown AI {str(name)[:40]!r} (known: {known}).", code="unknown-ai",
                               fields={"/ai": [f"must be one of {known}"]})
    return name


def matchup_prepare(
    *, a: Any, b: Any, map: str | None = None, battles: Any = None, seed: Any = None, ai: Any = None,
    entered: EnteredSource | None = None,
) -> tuple[MatchupSpec, Side, Side]:
    """Check a matchup request and turn it into plain data (raises ``ApplicationError`` on bad input, and on
    lists that cannot be played). ``entered``: the requester's own numbers for cards, laid over the catalogue."""
    count = _int(battles, "/battles", 1, MAX_BATTLES, DEFAULT_BATTLES)
    job_seed = secrets.randbelow(2**31) if seed is None else _int(seed, "/seed", 0, MAX_SEED, 0)
    if ai is not None and not isinstance(ai, str):
        raise ApplicationError("ai must be the name of a computer player.", code="unknown-ai",
                               fields={"/ai": ["must be a name"]})
    if map is not None and not isinstance(map, str):
        raise ApplicationError("map must be a battle map's slug.", fields={"/map": ["must be a slug"]})
    side_a, side_b = _side(a, "/a", entered), _side(b, "/b", entered)
    doc_a, doc_b = side_a.read.parsed, side_b.read.parsed
    names = (_list_name(side_a, "/a"), _list_name(side_b, "/b"))
    if doc_a.game != doc_b.game:
        game_a, game_b = _game_name(doc_a.game), _game_name(doc_b.game)
        raise MismatchError(
            f"The two lists are of different games: {names[0]!r} is a {game_a} list and {names[1]!r} a {game_b} "
            "list. A matchup plays two lists of the same game.", code="different-games",
            fields={"/b/game": [f"is a {game_b} list, but list A is a {game_a} list: choose two lists of one game"]},
            lists=names, kinds=(game_a, game_b),
        )
    if doc_a.ruleset != doc_b.ruleset:
        rules_a, rules_b = _ruleset_name(doc_a.game, doc_a.ruleset), _ruleset_name(doc_b.game, doc_b.ruleset)
        raise MismatchError(
            f"The two lists follow different rules of {_game_name(doc_a.game)}: {names[0]!r} the {rules_a} and "
            f"{names[1]!r} the {rules_b}. A matchup plays two lists of the same rules.", code="different-rulesets",
            fields={"/b/ruleset": [f"is {doc_b.ruleset}, but list a is {doc_a.ruleset}"]},
            lists=names, kinds=(rules_a, rules_b),
        )
    bridge = side_a.read.bridge
    if bridge is None:
        raise ApplicationError(
            f"{doc_a.game} ({doc_a.ruleset}) has no battle simulator yet.", code="no-simulator",
            fields={"/a/game": ["has no simulator yet"]},
        )
    name = _player(bridge, ai)
    _refuse_unplayable((("/a", side_a), ("/b", side_b)))
    setup = bridge.setup([doc_a, doc_b], map)
    engine = GAMES[bridge.engine]
    lists = [side_a.warband, side_b.warband]
    try:
        engine.new_initial_state(lists=lists, battle_map=setup.layout, dice=SeededDice(0), params=setup.params)
    except ValueError as exc:
        raise ApplicationError(f"These lists cannot be played on {setup.battlefield}: {exc}",
                               code="unplayable") from None
    readings = [side.read.reading for side in (side_a, side_b)]
    spec = MatchupSpec(
        game=doc_a.game, ruleset=doc_a.ruleset, lists=[engine.describe_list(x) for x in lists],
        battle_map=setup.battlefield, map_layout=setup.layout, params=setup.params, battles=count, seed=job_seed,
        ai=name, catalogue_version=str(side_a.validation.get("catalogue_version", "")),
        unmodelled=engine.unmodelled(lists),
        played={key: r.played_json() for key, r in zip(("a", "b"), readings, strict=True) if r is not None},
        player_entered=[{"list": key, **u.json()} for key, r in zip(("a", "b"), readings, strict=True)
                        if r is not None for u in r.entered],
    )
    return spec, side_a, side_b


def matchup_store(spec: MatchupSpec, *, documents: tuple[dict[str, Any], dict[str, Any]],
                  validations: tuple[dict[str, Any], dict[str, Any]],
                  saved: tuple[SavedList | None, SavedList | None] = (None, None),
                  left_out: list[dict[str, str]] | None = None) -> Matchup:
    """Store a prepared job and queue it (once the transaction commits)."""
    player = spec.bridge.players[spec.ai]
    matchup = Matchup.objects.create(
        game=spec.game, ruleset=spec.ruleset, a_document=documents[0], b_document=documents[1],
        a_list=saved[0], b_list=saved[1], a_validation=validations[0], b_validation=validations[1],
        lists=spec.lists, left_out=left_out or [], battle_map=spec.battle_map, map_layout=spec.map_layout,
        params=spec.params, battles=spec.battles, seed=spec.seed, ai=spec.ai,
        chunk_size=chunk_size_for(battles=spec.battles, bounds=player.chunk),
        catalogue_version=spec.catalogue_version, unmodelled=spec.unmodelled, played=spec.played,
        player_entered=spec.player_entered, assumptions=spec.assumptions,
    )
    from simulate.tasks import matchup_start

    matchup_start.delay_on_commit(str(matchup.id))  # type: ignore[attr-defined]  # DjangoTask: not in the stubs
    return matchup


def matchup_create(
    *, a: Any, b: Any, map: str | None = None, battles: Any = None, seed: Any = None, ai: Any = None,
    entered: EnteredSource | None = None,
) -> Matchup:
    """Check a request, store the matchup job and queue it."""
    spec, side_a, side_b = matchup_prepare(a=a, b=b, map=map, battles=battles, seed=seed, ai=ai, entered=entered)
    return matchup_store(
        spec, documents=(side_a.document, side_b.document), validations=(side_a.validation, side_b.validation),
        saved=(side_a.saved_list, side_b.saved_list),
        left_out=[{"list": "a", **x} for x in side_a.left_out] + [{"list": "b", **x} for x in side_b.left_out],
    )


def matchup_quick_start(*, game: str, ruleset: str, battles: Any = None, seed: Any = None, ai: Any = None
                        ) -> Matchup:
    """Store and queue a game's ready-made first preview (its bridge's quick start): two lists from the numbers
    a rulebook prints, with the numbers it leaves out assumed and said so in the result (never in the catalogue)."""
    bridge = bridge_for(game, ruleset)
    quick = bridge.quick_start() if bridge is not None else None
    if bridge is None or quick is None:
        raise ApplicationError(f"{game} ({ruleset}) has no quick start to preview.", code="not_found", status=404)
    count = _int(battles, "/battles", 1, MAX_BATTLES, DEFAULT_BATTLES)
    job_seed = secrets.randbelow(2**31) if seed is None else _int(seed, "/seed", 0, MAX_SEED, 0)
    name = _player(bridge, ai)
    engine = GAMES[bridge.engine]
    lists = list(quick.lists)
    spec = MatchupSpec(
        game=game, ruleset=ruleset, lists=[engine.describe_list(x) for x in lists], battle_map=quick.battlefield,
        map_layout=quick.layout, params=quick.params, battles=count, seed=job_seed, ai=name,
        catalogue_version="", unmodelled=engine.unmodelled(lists), played=dict(quick.played),
        assumptions=[str(a) for a in quick.assumptions],
    )
    unchecked: dict[str, Any] = {"legal": None, "violations": [], "warnings": [], "totals": {},
                                 "source": quick.source, "assumptions": [a.json() for a in quick.assumptions]}
    return matchup_store(spec, documents=quick.documents, validations=(unchecked, unchecked))


# --- playing -----------------------------------------------------------------------------------------------

def play_one(spec: MatchupSpec, index: int) -> Any:
    """Battle ``index`` of a matchup (a :class:`~simulate.engine.replay.BattleOutcome`)."""
    bridge = spec.bridge
    seed = battle_seed(spec.seed, index)
    player = bridge.players[spec.ai]
    return play_battle(
        game=bridge.engine, lists=spec.lists, battle_map=spec.map_layout, seed=seed,
        policies=(player.make(seed, 0), player.make(seed, 1)), params=spec.params,
        catalogue_version=spec.catalogue_version,
    )


def _bump(counts: dict[str, int], key: object, by: int = 1) -> None:
    counts[str(key)] = counts.get(str(key), 0) + by


def _empty_stats() -> dict[str, Any]:
    return {"battles": 0, "a_wins": 0, "b_wins": 0, "draws": 0, "rounds": {}, "reasons": {}, "game": {}}


def play_chunk(spec: MatchupSpec, indices: Iterable[int], progress: ProgressCallback | None = None) -> dict[str, Any]:
    """Play the battles ``indices`` and return their tallies (integers only, so sums are exact): the shared
    ones (wins, draws, lengths, endings) and the game's own (``game``: its bridge's :meth:`tally`)."""
    todo = list(indices)
    bridge = spec.bridge
    stats = _empty_stats()
    for done, index in enumerate(todo, start=1):
        result = play_one(spec, index).state.result()
        stats["battles"] += 1
        stats["a_wins" if result.winner == 0 else "b_wins" if result.winner == 1 else "draws"] += 1
        _bump(stats["rounds"], result.rounds)
        _bump(stats["reasons"], result.reason)
        tally_sum(stats["game"], bridge.tally(result))
        if progress is not None:
            progress(done, len(todo))
    return stats


def merge_stats(parts: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """The sum of chunks' tallies (in any order: integer sums do not depend on it)."""
    total = _empty_stats()
    for part in parts:
        tally_sum(total, part)
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


def matchup_result(spec: MatchupSpec, totals: Mapping[str, Any], sample_battle: Mapping[str, Any]) -> dict[str, Any]:
    """The answer (CONTRACTS.md's keys, the game's own from its bridge, and what it was computed from): made
    from summed tallies only."""
    n = totals["battles"]
    rounds = {int(k): v for k, v in totals["rounds"].items()}
    own = spec.bridge.result_keys(lists=spec.lists, params=spec.params, tallies=totals.get("game") or {}, battles=n)
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
        **own,
        "rounds_histogram": [{"rounds": r, "count": rounds[r]} for r in sorted(rounds)],
        "rounds_mean": round(sum(k * v for k, v in rounds.items()) / n, 3) if n else 0.0,
        "endings": dict(sorted(totals["reasons"].items())),
        "unmodelled_abilities": list(spec.unmodelled),
        "played": spec.played,
        "caution": any(bool(p.get("caution")) for p in spec.played.values()),
        "player_entered": list(spec.player_entered),
        "assumptions": list(spec.assumptions),
        "lists": [w["name"] for w in spec.lists],
        "game": spec.game,
        "ruleset": spec.ruleset,
        "params": spec.params,
        "engine_version": ENGINE_VERSION,
        "game_version": GAMES[spec.bridge.engine].version,
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
