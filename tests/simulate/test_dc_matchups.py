"""Dungeon Command previews through the shared matchup layer: the five packs as they come, each against each other
(10 pairings), from the command line, deterministic from the seed; per-creature and per-order figures, morale
curves, readings and what is not played in every result; the battlefield drawn; numbers nobody gave refused."""

from __future__ import annotations

import io
import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.core.management.base import CommandError

from config.errors import ApplicationError
from simulate.bridge import bridge_for
from simulate.bridges.dungeon_command import missing_numbers
from simulate.services import matchup_compute, matchup_prepare
from tests.simulate.games.dc_helpers import PACKS, pack_document

pytestmark = pytest.mark.django_db
PAIRINGS = list(itertools.combinations(PACKS, 2))


@pytest.fixture(autouse=True)
def fresh_rate_limits() -> None:
    cache.clear()


def _files(tmp_path: Path, a: dict[str, Any], b: dict[str, Any]) -> tuple[str, str]:
    fa, fb = tmp_path / "a.json", tmp_path / "b.json"
    fa.write_text(json.dumps(a))
    fb.write_text(json.dumps(b))
    return str(fa), str(fb)


@pytest.mark.parametrize(("a", "b"), PAIRINGS)
def test_each_pack_previews_against_each_other_from_the_command_line_deterministically(
        tmp_path: Path, a: str, b: str) -> None:
    fa, fb = _files(tmp_path, pack_document(a), pack_document(b))
    runs = []
    for _ in range(2):
        out = io.StringIO()
        call_command("matchup", fa, fb, "--battles", "3", "--seed", "7", "--json", stdout=out)
        runs.append(out.getvalue())
    assert runs[0] == runs[1]  # the same seed prints the same bytes
    result = json.loads(runs[0])
    assert result["game"] == "dungeon-command" and result["battles"] == 3
    assert result["a_wins"] + result["b_wins"] + result["draws"] == 3
    assert len(result["per_creature"]) == 24 and result["morale_curve"]
    assert result["unmodelled_abilities"] == []


def test_the_summary_reads_morale_and_orders(tmp_path: Path) -> None:
    fa, fb = _files(tmp_path, pack_document("heart-of-cormyr"), pack_document("sting-of-lolth"))
    out = io.StringIO()
    call_command("matchup", fa, fb, "--battles", "4", "--seed", "3", stdout=out)
    text = out.getvalue()
    assert "Heart Of Cormyr wins" in text and "per creature" in text
    assert "mean Morale at the end" in text and "per order" in text


def test_a_result_has_the_games_own_figures() -> None:
    spec, _, _ = matchup_prepare(a=pack_document("tyranny-of-goblins"), b=pack_document("curse-of-undeath"),
                                 battles=4, seed=11)
    result = matchup_compute(spec)
    assert set(result["per_creature"]["a1"]) >= {"name", "level", "damage_dealt", "damage_taken", "kills",
                                                  "survival", "cowered"}
    played = {k for k, v in result["per_order"].items() if v["played"]}
    assert any(k.startswith("order:a:") for k in played) and any(k.startswith("order:b:") for k in played)
    assert any(k.startswith("power:") for k in played)  # a power used counts as played
    a_curve = [a for a, _b in result["morale_curve"]]
    assert a_curve[0] > 0 and all(x >= 0 for x in a_curve)
    assert sum(result["end_reasons"].values()) == 4
    assert "Morgana Valistova (commander)" not in " ".join(result.get("card_readings", []))
    bridge = bridge_for("dungeon-command", "default")
    assert bridge is not None
    [morale] = bridge.figures(result, result["lists"])
    assert "polyline" in str(morale.svg)
    [orders] = bridge.tables(result, result["lists"])
    assert orders.rows and len(orders.headers) == len(orders.rows[0])
    frames = bridge.replay_frames(result["sample_battle"])
    assert frames["frames"] and any("at" in f for f in frames["frames"])
    svg = str(bridge.battlefield_svg(spec.map_layout, title="field", pieces=True))
    assert "map-pieces" in svg and "map-treasure" in svg and "map-start" in svg


def test_the_first_game_scenario_and_a_pack_for_both_halves() -> None:
    bridge = bridge_for("dungeon-command", "default")
    assert bridge is not None
    slugs = [b.slug for b in bridge.battlefields()]
    assert slugs[0] == "own-tiles" and set(PACKS) <= set(slugs)
    spec, _, _ = matchup_prepare(a=pack_document("blood-of-gruumsh"), b=pack_document("heart-of-cormyr"),
                                 map="sting-of-lolth", battles=1, seed=1)
    assert {t["slug"].split("-large")[0].split("-small")[0] for t in spec.map_layout["tiles"]} == {"sting-of-lolth"}
    with pytest.raises(ApplicationError) as caught:
        matchup_prepare(a=pack_document("blood-of-gruumsh"), b=pack_document("heart-of-cormyr"), map="the-moon",
                        battles=1, seed=1)
    assert caught.value.code == "unknown-map" and "/map" in caught.value.fields


def test_a_card_without_a_number_the_engine_reads_is_refused_never_guessed() -> None:
    assert [str(w) for w in missing_numbers({"name": "X", "level": 2, "speed": 6, "hp": None, "melee_damage": 10},
                                            "creature")] == ["HP"]
    assert [str(w) for w in missing_numbers({"level": 1}, "order")] == ["action type"]
    entered = {"dragon-knight": {"hp": None}}
    with pytest.raises(ApplicationError) as caught:
        matchup_prepare(a=pack_document("heart-of-cormyr"), b=pack_document("sting-of-lolth"), battles=1, seed=1,
                        entered=lambda game, ruleset: entered)
    assert caught.value.code == "unplayable" and "Dragon Knight lacks HP" in caught.value.message


def test_the_command_refuses_a_warband_without_a_commander_with_exit_2(tmp_path: Path) -> None:
    doc = {**pack_document("heart-of-cormyr"), "commanders": []}
    fa, fb = _files(tmp_path, doc, pack_document("sting-of-lolth"))
    with pytest.raises(CommandError) as caught:
        call_command("matchup", fa, fb, "--battles", "2", stdout=io.StringIO())
    assert caught.value.returncode == 2 and "commander" in str(caught.value)


def test_a_warband_without_a_commander_is_refused_in_plain_words_not_as_missing_numbers() -> None:
    from django.template.loader import render_to_string

    from simulate.readiness import list_readiness
    from simulate.services import UnplayableError
    from simulate.views import _refusals

    doc = {**pack_document("heart-of-cormyr"), "commanders": []}
    readiness = list_readiness(document=doc)
    assert readiness.status == "incomplete" and not readiness.gaps
    assert [m["text"] for m in readiness.json()["missing"]] == [
        "It has no commander card: a Dungeon Command warband is led by exactly one (rulebook, “Building your own "
        "warbands”, p. 15)."]
    shown = render_to_string("builder/_readiness.html", {"readiness": readiness})
    assert 'data-readiness="incomplete"' in shown and "Cannot be previewed:" in shown and "no commander" in shown
    assert "Needs numbers" not in shown and "Commander</" not in shown
    two = {**pack_document("heart-of-cormyr"), "commanders": ["Valnar Trueblade", "Rhynseera the Alarphon"]}
    assert "It has 2 commander cards" in str(list_readiness(document=two).missing[0].text)
    with pytest.raises(UnplayableError) as caught:
        matchup_prepare(a=doc, b=pack_document("sting-of-lolth"), battles=1, seed=1)
    assert caught.value.message.startswith("These lists cannot be played: ") and "numbers" not in caught.value.message
    assert "/a/commanders" in caught.value.fields
    page = render_to_string("matchups/_refusals.html", {"refusals": _refusals(caught.value), "refusal_gaps": False})
    assert "cannot be previewed." in page and "no commander card" in page and "needs numbers" not in page


def test_the_morale_curve_says_when_battles_reach_the_simulators_turn_limit() -> None:
    bridge = bridge_for("dungeon-command", "default")
    assert bridge is not None
    curve = [[12 - t / 10, 12 - t / 20] for t in range(60)]
    capped = bridge.figures({"morale_curve": curve, "end_reasons": {"morale": 7, "turn-limit": 3}, "turn_limit": 60},
                            ["A", "B"])[0]
    assert "3 battles were still going at the simulator's limit of 60 turns" in capped.caption
    assert 'class="plot-mark"' in str(capped.svg) and "turn limit" in str(capped.svg)
    ended = bridge.figures({"morale_curve": curve[:20] + [curve[19]] * 40, "end_reasons": {"morale": 10},
                            "turn_limit": 60}, ["A", "B"])[0]
    assert "limit" not in ended.caption and "plot-mark" not in str(ended.svg)


def test_the_api_and_the_page_show_a_dungeon_command_preview() -> None:
    from rest_framework.test import APIClient

    from simulate.services import matchup_chunk_run, matchup_finish

    body = {"a": pack_document("curse-of-undeath"), "b": pack_document("blood-of-gruumsh"), "battles": 4,
            "seed": 5, "map": "own-tiles"}
    response = APIClient().post("/api/v1/matchups/", body, format="json")
    assert response.status_code == 202, response.content
    matchup_id = response.json()["id"]
    from simulate.models import Matchup

    matchup = Matchup.objects.get(pk=matchup_id)
    assert matchup.game == "dungeon-command" and matchup.battle_map == "own-tiles"
    for index in range(matchup.chunk_count):
        matchup_chunk_run(matchup_id=matchup_id, index=index)
    matchup_finish(matchup_id=matchup_id)
    status = APIClient().get(f"/api/v1/matchups/{matchup_id}/").json()
    assert status["status"] == "done", status["error"]
    result = status["result"]
    assert result["battles"] == 4 and "margin_histogram" not in result
    assert {"morale_curve", "per_order", "per_creature", "modelled_share", "card_readings"} <= set(result)
    page = APIClient().get(f"/matchups/{matchup_id}/").content.decode()
    assert "Morale, turn by turn" in page and "Order by order" in page and "polyline" in page
    assert page.count('class="map-treasure') >= 1 and "data-replay" in page
    assert "the Morale the creatures it destroyed cost the enemy" in page
    assert "Turns until the battle ended" in page and "Jump to turn" in page and result["length_unit"] == "turns"
    assert "Rounds until" not in page and "Jump to round" not in page


def test_every_event_of_a_battle_reads_in_words() -> None:
    """The battle log a player reads: every kind of event the engine writes has its own sentence (none falls back
    to the catch-all), in English and in Russian."""
    from django.utils import translation

    from simulate.bridges import dungeon_command_events as events

    spec, _, _ = matchup_prepare(a=pack_document("sting-of-lolth"), b=pack_document("blood-of-gruumsh"),
                                 battles=1, seed=2)
    record = matchup_compute(spec)["sample_battle"]
    names = {f"{side}{i + 1}": c["name"] for side, w in zip("ab", record["lists"], strict=True)
             for i, c in enumerate(w["creatures"])}
    kinds = {e["kind"] for e in record["events"]}
    assert {"deploy", "activate", "move", "attack", "damage", "order", "turn", "end"} <= kinds
    for language in ("en", "ru"):
        with translation.override(language):
            fallback = events.describe_event({"kind": "something-new"}, names, ["A", "B"])
            for event in record["events"]:
                text = events.describe_event(event, names, ["A", "B"])
                assert text and text != fallback, event
                assert "%(" not in text and "{'" not in text, text


def test_the_launcher_groups_the_battlefields_by_game() -> None:
    from django.test import Client

    page = Client().get("/matchups/new/").content.decode()
    group = page.split('<optgroup label="Dungeon Command">', 1)[1].split("</optgroup>", 1)[0]
    assert 'value="own-tiles"' in group and 'value="sting-of-lolth"' in group
    assert 'value="own-tiles"' not in page.split('<optgroup label="Dungeon Command">', 1)[0]


def test_a_result_played_from_a_reading_says_so_on_the_page() -> None:
    from rest_framework.test import APIClient

    from simulate.models import Matchup
    from simulate.services import matchup_chunk_run, matchup_finish

    body = {"a": pack_document("sting-of-lolth"), "b": pack_document("heart-of-cormyr"), "battles": 2, "seed": 4}
    response = APIClient().post("/api/v1/matchups/", body, format="json")
    assert response.status_code == 202, response.content
    matchup = Matchup.objects.get(pk=response.json()["id"])
    for index in range(matchup.chunk_count):
        matchup_chunk_run(matchup_id=str(matchup.id), index=index)
    matchup_finish(matchup_id=str(matchup.id))
    matchup.refresh_from_db()
    assert matchup.result is not None
    readings = matchup.result["card_readings"]
    assert any(r.startswith("Drow Blademaster: ") for r in readings)
    page = APIClient().get(f"/matchups/{matchup.id}/").content.decode()
    assert "data-card-readings" in page and "Drow Blademaster: " in page
    assert "orders and powers" in page
