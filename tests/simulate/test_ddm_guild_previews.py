"""DDM Guild lists through the matchup layer: the page, the API and ``manage.py matchup`` play two 200-point
warbands from the bundled catalogue, deterministic from the seed, and every result says what it was computed
from (the catalogue version, the rules profile and its readings, the powers not played per creature, the
stand-in map) with a replay. A player who owns the rulebook reports a reading as wrong."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.cache import cache
from django.core.management import call_command
from rest_framework.test import APIClient

from catalogue.models import CardReport
from simulate.bridge import bridge_for
from simulate.games import ddm_guild_rules as rules
from simulate.models import Matchup
from simulate.services import matchup_chunk_run, matchup_finish
from tests.simulate.guild import BORDERLANDS, CIVILIZATION

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_rate_limits() -> None:
    cache.clear()


def run(*args: str) -> str:
    out = io.StringIO()
    call_command("matchup", *args, stdout=out)
    return out.getvalue()


def write(tmp_path: Path, name: str, document: Any) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(document), encoding="utf-8")
    return str(path)


def test_the_command_plays_guild_warbands_deterministically_and_says_what_it_played(tmp_path: Path) -> None:
    a, b = write(tmp_path, "a.json", CIVILIZATION), write(tmp_path, "b.json", BORDERLANDS)
    first = run(a, b, "--battles", "3", "--seed", "5", "--json")
    assert first == run(a, b, "--battles", "3", "--seed", "5", "--json")
    result = json.loads(first)
    assert (result["game"], result["ruleset"], result["map"]) == ("ddm", "ddm-guild", "guild-standin-large")
    assert result["catalogue_version"]
    assert result["rules"]["profile"] == rules.RULES_VERSION and result["rules"]["partly_reconstructed"]
    assert [r["id"] for r in result["rules"]["readings"]] == [r.id for r in rules.readings()]
    assert set(result["per_creature"]) == {f"a{i}" for i in range(1, 6)} | {f"b{i}" for i in range(1, 10)}
    sample = result["sample_battle"]
    assert sample["game"] == "ddm-guild" and sample["result"]["rules_version"] == rules.RULES_VERSION
    assert bridge_for("ddm", "ddm-guild").replay_frames(sample)["frames"]  # type: ignore[union-attr]
    played = {c["card"]: c["abilities"] for side in result["played"].values() for c in side["creatures"]}
    assert played, "some powers of these warbands are not played, and the result names them"
    text = run(a, b, "--battles", "2", "--seed", "5")
    assert "Triumvirate" in text


def preview(client: APIClient, capture: Any, a: Any, b: Any, battles: int, seed: int) -> Matchup:
    """A matchup asked for through the API, its battles played here (no worker) and its result stored."""
    with capture():
        response = client.post("/api/v1/matchups/", {"a": a, "b": b, "battles": battles, "seed": seed},
                               format="json")
    assert response.status_code == 202, response.content
    matchup = Matchup.objects.get(pk=response.json()["id"])
    for index in range(matchup.chunk_count):
        matchup_chunk_run(matchup_id=str(matchup.id), index=index)
    matchup_finish(matchup_id=str(matchup.id))
    return matchup


def test_the_api_and_the_page_show_the_readings_the_unplayed_powers_and_a_replay(
        django_capture_on_commit_callbacks: Any) -> None:
    client = APIClient()
    matchup = preview(client, django_capture_on_commit_callbacks, CIVILIZATION, BORDERLANDS, 4, 9)
    assert matchup.game == "ddm" and matchup.ruleset == "ddm-guild" and matchup.battle_map == "guild-standin-large"
    status = client.get(f"/api/v1/matchups/{matchup.id}/").json()
    assert status["status"] == "done"
    assert status["result"]["rules"]["profile"] == rules.RULES_VERSION
    html = client.get(f"/matchups/{matchup.id}/").content.decode()
    assert "Rules partly reconstructed" in html and "A save succeeds on 10 or more." in html
    assert "/matchups/rules/ddm/ddm-guild/" in html
    assert "data-replay" in html or "replay" in html


def test_a_page_in_hungarian_words_the_readings_in_hungarian() -> None:
    html = APIClient().get("/matchups/rules/ddm/ddm-guild/", HTTP_ACCEPT_LANGUAGE="hu").content.decode()
    assert "Report as wrong" not in html and "A save succeeds on 10 or more." not in html


def test_a_player_reports_a_reading_as_wrong_for_an_editor() -> None:
    client = APIClient()
    page = client.get("/matchups/rules/ddm/ddm-guild/?reading=ddm-guild.saving-throw")
    assert page.status_code == 200 and "A save succeeds on 10 or more." in page.content.decode()
    response = client.post("/matchups/rules/ddm/ddm-guild/", {
        "reading": "ddm-guild.saving-throw", "proposed_value": "11 or more",
        "source": "Battle Rules, DDM Guild Edition (2011), p. 14", "message": "<b>not bold</b>"})
    assert response.status_code == 303 and response["Location"].endswith("?reported=1#report")
    report = CardReport.objects.get()
    assert (report.game, report.ruleset, report.slug, report.field) == ("ddm", "ddm-guild",
                                                                          "ddm-guild.saving-throw", "reading")
    assert report.card is None and report.proposed_value == "11 or more" and report.status == "open"
    assert rules.RULES_VERSION in report.card_name and report.shown_value.startswith("A saving throw")


def test_a_report_without_a_source_or_for_an_unknown_reading_is_refused() -> None:
    client = APIClient()
    assert client.post("/matchups/rules/ddm/ddm-guild/", {"reading": "ddm-guild.saving-throw",
                                                          "source": ""}).status_code == 400
    assert client.post("/matchups/rules/ddm/ddm-guild/", {"reading": "ddm-guild.no-such",
                                                          "source": "p. 3"}).status_code == 400
    assert not CardReport.objects.exists()
    assert client.get("/matchups/rules/ddm/seed/").status_code == 404
    assert client.get("/matchups/rules/chess/classic/").status_code == 404


def test_a_creature_of_unknown_size_is_listed_with_the_way_to_its_size_form(
        django_capture_on_commit_callbacks: Any) -> None:
    """Large Ochre Jelly's size no source gives: the result says so (played as Medium) in the reader's language,
    with a link to the form where its owner types in the printed size, which brings the player back here."""
    jellies = {"game": "ddm", "ruleset": "ddm-guild", "format": "standard-200", "name": "Jellies",
               "entries": [{"card": "Large Ochre Jelly", "qty": 2}]}
    client = APIClient()
    matchup = preview(client, django_capture_on_commit_callbacks, jellies, BORDERLANDS, 2, 3)
    result = client.get(f"/api/v1/matchups/{matchup.id}/").json()["result"]
    jelly = next(c for c in result["played"]["a"]["creatures"] if c["card"] == "Large Ochre Jelly")
    assert [u["id"] for u in jelly["unknown"]] == ["Size not known: played as Medium (a reading of the rules)."]
    form = f"/cards/ddm/ddm-guild/large-ochre-jelly/numbers/?next=%2Fmatchups%2F{matchup.id}%2F"
    words = {"en": ("Size not known: played as Medium", "Enter the numbers from your card"),
             "hu": ("A méret ismeretlen: közepesként játszik", None),
             "ru": ("Размер неизвестен: играет как средний", None),
             "pl": ("Rozmiar nieznany: gra jako średni", None)}
    for lang, (line, link) in words.items():
        html = client.get(f"/matchups/{matchup.id}/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
        row = html[html.index('<span data-unknown>'):]
        row = row[:row.index("</span>")]
        assert line in row and f'href="{form}"' in row.replace("&amp;", "&"), (lang, row)
        assert link is None or link in row
    assert "Large Ochre Jelly" in run_text(matchup)


def run_text(matchup: Matchup) -> str:
    """The command's words for the same lists (the unknown size is listed there too, in English)."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        a = write(Path(tmp), "a.json", matchup.a_document)
        b = write(Path(tmp), "b.json", matchup.b_document)
        text = run(a, b, "--battles", "2", "--seed", "3")
    assert "Size not known: played as Medium (a reading of the rules)." in text
    return text
