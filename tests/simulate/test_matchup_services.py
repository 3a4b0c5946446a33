"""Matchup jobs: what a request becomes, what it refuses, and an answer that does not depend on how the
battles are shared out among workers."""

from __future__ import annotations

import pytest

from config.errors import ApplicationError
from simulate.bridge import Bridge, bridge_for
from simulate.games import replay_battle
from simulate.models import Matchup, MatchupChunk
from simulate.selectors import matchup_progress, matchup_sides
from simulate.services import (
    MatchupSpec,
    battle_seed,
    chunk_size_for,
    matchup_chunk_run,
    matchup_compute,
    matchup_create,
    matchup_dispatch,
    matchup_finish,
    matchup_prepare,
    merge_stats,
    play_chunk,
    play_one,
    wilson,
)
from tests.simulate.matchups import CHAOTIC, LAWFUL, SMALL_LISTS, saved_list, spec_for, stored_matchup

pytestmark = pytest.mark.django_db


def ddm() -> Bridge:
    bridge = bridge_for("ddm", "seed")
    assert bridge is not None
    return bridge


def refused(pointer: str, **request: object) -> ApplicationError:
    body = {"a": LAWFUL, "b": CHAOTIC, "battles": 4, "seed": 1, **request}
    with pytest.raises(ApplicationError) as caught:
        matchup_prepare(**body)  # type: ignore[arg-type]
    assert caught.value.status == 400
    assert any(k.startswith(pointer) for k in caught.value.fields), caught.value.fields
    return caught.value


def test_two_list_documents_become_plain_data_with_the_first_legal_map_by_default():
    spec, a, _ = matchup_prepare(a=LAWFUL, b=CHAOTIC, battles=50, seed=7)
    assert spec.battle_map == "broken-demongate" and spec.map_layout["slug"] == "broken-demongate"
    assert spec.params == {"format": "skirmish-200"}
    assert [c["name"] for c in spec.lists[0]["creatures"]] == [
        "Sword of Heironeous", "Hound Archon", "Dwarf Axefighter", "Dwarf Axefighter", "Halfling Veteran"]
    assert spec.lists[0]["creatures"][0]["hp"] > 0 and spec.ai == "heuristic"
    assert spec.catalogue_version == a.validation["catalogue_version"]
    assert "Arcane Archer: Selective Shot 2" in spec.unmodelled


def test_the_seed_is_random_unless_given_and_always_kept():
    first, _, _ = matchup_prepare(a=LAWFUL, b=CHAOTIC, battles=1)
    second, _, _ = matchup_prepare(a=LAWFUL, b=CHAOTIC, battles=1)
    assert isinstance(first.seed, int) and first.seed != second.seed
    assert battle_seed(42, 7) == "42:7"


def test_an_illegal_list_is_previewed_with_its_violations():
    over = {**LAWFUL, "entries": [{"card": "Hound Archon", "qty": 7}]}  # 217 points, one name seven times
    spec, side, _ = matchup_prepare(a=over, b=CHAOTIC, battles=2, seed=1)
    assert not side.validation["legal"]
    assert "ddm.points-limit" in {v["rule"] for v in side.validation["violations"]}
    assert len(spec.lists[0]["creatures"]) == 7


def test_an_unknown_card_is_left_out_and_said_so():
    typo = {**LAWFUL, "entries": [*LAWFUL["entries"], {"card": "Sword of Heirneous"}]}
    spec, side, _ = matchup_prepare(a=typo, b=CHAOTIC, battles=2, seed=1)
    assert [x["card"] for x in side.left_out] == ["Sword of Heirneous"]
    assert "Sword of Heirneous" in side.left_out[0]["reason"]
    assert len(spec.lists[0]["creatures"]) == 5


@pytest.mark.parametrize(("pointer", "request_"), [
    ("/battles", {"battles": 0}),
    ("/battles", {"battles": 10_001}),
    ("/battles", {"battles": True}),
    ("/battles", {"battles": "100"}),
    ("/seed", {"seed": -1}),
    ("/seed", {"seed": 2**64}),
    ("/map", {"map": "the-moon"}),
    ("/ai", {"ai": "clever"}),
    ("/a", {"a": {"game": "ddm"}}),
    ("/a", {"a": {**LAWFUL, "colour": "red"}}),
    ("/b", {"b": 12}),
    ("/b", {"b": "not-a-saved-list"}),
    ("/a", {"a": {"game": "stronghold", "format": "two-player", "plan": {}}}),
])
def test_a_bad_request_is_refused_with_the_place_it_went_wrong(pointer, request_):
    refused(pointer, **request_)


def test_a_list_whose_cards_lack_numbers_cannot_be_played():
    error = refused("/a", a={**LAWFUL, "entries": [{"card": "Wood Elf Ranger"}]})
    assert error.code == "unplayable" and "Wood Elf Ranger lacks" in error.message


def test_a_saved_list_is_named_by_its_id_or_its_share_code():
    saved = saved_list(LAWFUL)
    spec, side, _ = matchup_prepare(a=str(saved.pk), b=CHAOTIC, battles=1, seed=1)
    assert side.saved_list == saved and spec.lists[0]["name"] == "Heironeous"
    _, side, _ = matchup_prepare(a=f"https://example.org/l/{saved.share_code}", b=CHAOTIC, battles=1, seed=1)
    assert side.saved_list == saved


def test_the_quick_start_map_plays_the_quick_start_scenario():
    spec, _, _ = matchup_prepare(a=LAWFUL, b=CHAOTIC, battles=1, seed=1, map="first-battle")
    assert spec.params["scenario"] == "first-battle"


def test_creating_a_matchup_stores_the_job_and_its_chunks_share_out_the_battles(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks() as callbacks:
        matchup = matchup_create(a=LAWFUL, b=CHAOTIC, battles=1000, seed=3)
    assert len(callbacks) == 1, "the job is queued once the transaction commits"
    assert matchup.status == Matchup.Status.QUEUED and matchup.chunk_size == 40 and matchup.chunk_count == 25
    assert list(matchup.chunk_range(24)) == list(range(960, 1000))
    players = ddm().players
    assert chunk_size_for(battles=10_000, bounds=players["heuristic"].chunk) == 100
    assert chunk_size_for(battles=10_000, bounds=players["random"].chunk) == 10
    assert chunk_size_for(battles=3, bounds=players["heuristic"].chunk) == 10
    assert matchup_progress(matchup=matchup) == {"done": 0, "total": 1000}
    sides = matchup_sides(matchup=matchup)
    assert [s["name"] for s in sides] == ["Heironeous", "Corellon"]


def test_the_answer_is_the_same_however_the_battles_are_shared_out():
    spec = spec_for(SMALL_LISTS, battles=6, seed=11)
    one = merge_stats([play_chunk(spec, range(6))])
    three = merge_stats([play_chunk(spec, range(4, 6)), play_chunk(spec, range(0, 2)), play_chunk(spec, range(2, 4))])
    assert one == three
    assert one["battles"] == 6 and one["a_wins"] + one["b_wins"] + one["draws"] == 6


def test_chunks_stored_twice_count_once_and_the_result_matches_one_process():
    spec = spec_for(SMALL_LISTS, battles=5, seed=5)
    matchup = stored_matchup(spec, chunk_size=2)
    assert matchup_dispatch(matchup_id=str(matchup.id)) == [0, 1, 2]
    seen = []
    for index in (2, 0, 1, 0):  # chunk 0 delivered twice
        matchup_chunk_run(matchup_id=str(matchup.id), index=index, progress=lambda d, t: seen.append((d, t)))
    assert MatchupChunk.objects.filter(matchup=matchup).count() == 3
    assert (2, 2) in seen and (1, 1) in seen, "progress is reported as battles finish"
    assert matchup_dispatch(matchup_id=str(matchup.id)) == [], "a start sent again only has the sum left to do"
    matchup_finish(matchup_id=str(matchup.id))
    matchup.refresh_from_db()
    assert matchup.status == Matchup.Status.DONE
    assert matchup.result == matchup_compute(spec)
    assert matchup_dispatch(matchup_id=str(matchup.id)) is None
    assert matchup_progress(matchup=matchup) == {"done": 5, "total": 5}


def test_the_result_has_the_contracts_keys_and_its_sample_battle_replays_alone():
    spec = spec_for(SMALL_LISTS, battles=4, seed=9)
    result = matchup_compute(spec)
    assert {"battles", "seed", "map", "ai", "a_wins", "b_wins", "draws", "a_win_rate", "margin_histogram",
            "rounds_histogram", "per_creature", "unmodelled_abilities", "sample_battle"} <= set(result)
    assert result["a_wins"] + result["b_wins"] + result["draws"] == 4
    assert sum(b["count"] for b in result["margin_histogram"]) == 4
    assert sum(r["count"] for r in result["rounds_histogram"]) == 4
    assert set(result["per_creature"]) == {"a1", "a2", "a3", "b1", "b2", "b3"}
    assert result["sample_battle"]["seed"] == "9:0"
    state = replay_battle(result["sample_battle"])
    assert state.result().to_json() == play_one(spec, 0).state.result().to_json()
    frames = ddm().replay_frames(result["sample_battle"])
    assert frames["frames"] and 1 in frames["rounds"]
    assert any("at" in f for f in frames["frames"]) and all(f["text"] for f in frames["frames"])


def test_wilson_intervals():
    assert wilson(0, 0) == {"p": 0.0, "low": 0.0, "high": 1.0}
    half = wilson(50, 100)
    assert half["p"] == 0.5 and half["low"] == pytest.approx(0.4038, abs=1e-4) and half["high"] == pytest.approx(
        0.5962, abs=1e-4)
    none = wilson(0, 10)
    assert none["low"] == 0.0 and none["high"] == pytest.approx(0.2775, abs=1e-4)


def test_a_spec_round_trips_through_its_row():
    spec = spec_for(SMALL_LISTS, battles=3, seed=2)
    assert MatchupSpec.of(stored_matchup(spec)) == spec
