"""``POST/GET /api/v1/matchups/``, the matchup pages and ``manage.py matchup``: what they answer, and that
bad input is a 400 (exit status 2), never a server error."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.core.management.base import CommandError
from rest_framework.test import APIClient
from rest_framework.throttling import ScopedRateThrottle

from simulate.models import Matchup
from simulate.services import matchup_chunk_run, matchup_finish, merge_stats, play_chunk, wilson
from tests.simulate.matchups import CHAOTIC, LAWFUL, SMALL_LISTS, saved_list, spec_for, stored_matchup

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_rate_limits() -> None:
    cache.clear()


def post(body: Any, client: APIClient | None = None) -> Any:
    return (client or APIClient()).post("/api/v1/matchups/", body, format="json")


def done_matchup(battles: int = 3, seed: int = 4) -> Matchup:
    matchup = stored_matchup(spec_for(SMALL_LISTS, battles=battles, seed=seed), chunk_size=2)
    for index in range(matchup.chunk_count):
        matchup_chunk_run(matchup_id=str(matchup.id), index=index)
    matchup_finish(matchup_id=str(matchup.id))
    matchup.refresh_from_db()
    return matchup


def test_a_matchup_is_accepted_with_its_id_and_links(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks() as callbacks:
        response = post({"a": LAWFUL, "b": CHAOTIC, "battles": 200, "seed": 12, "map": "dragon-shrine"})
    assert response.status_code == 202, response.content
    body = response.json()
    assert set(body) >= {"id", "url"} and body["url"].endswith(f"/matchups/{body['id']}/")
    assert response["Location"].endswith(f"/api/v1/matchups/{body['id']}/")
    assert len(callbacks) == 1
    status = APIClient().get(f"/api/v1/matchups/{body['id']}/").json()
    assert status["status"] == "queued" and status["progress"] == {"done": 0, "total": 200}
    assert status["result"] is None
    assert [x["name"] for x in status["lists"]] == ["Heironeous", "Corellon"]


def test_saved_lists_can_be_named_by_id():
    saved = saved_list(CHAOTIC)
    response = post({"a": LAWFUL, "b": str(saved.pk), "battles": 10})
    assert response.status_code == 202
    matchup = Matchup.objects.get(pk=response.json()["id"])
    assert matchup.b_list == saved and matchup.battles == 10 and matchup.ai == "heuristic"


@pytest.mark.parametrize("body", [
    {"a": LAWFUL, "b": CHAOTIC, "battles": 10_001},
    {"a": LAWFUL, "b": CHAOTIC, "battles": 0},
    {"a": LAWFUL, "b": CHAOTIC, "map": "the-moon"},
    {"a": LAWFUL, "b": CHAOTIC, "ai": "clever"},
    {"a": LAWFUL, "b": CHAOTIC, "seed": "x"},
    {"a": {"game": "ddm"}, "b": CHAOTIC},
    {"a": LAWFUL},
    {"a": LAWFUL, "b": CHAOTIC, "battle": 10},
    [1, 2],
    "a string",
    {"a": LAWFUL, "b": "no-such-list"},
    {"a": {**LAWFUL, "entries": [{"card": "Wood Elf Ranger"}]}, "b": CHAOTIC},
])
def test_bad_requests_are_400_with_the_error_envelope(body):
    response = post(body)
    assert response.status_code == 400, response.content
    error = response.json()["error"]
    assert error["code"] and error["message"]


def test_malformed_json_is_400():
    response = APIClient().post("/api/v1/matchups/", b'{"a": NaN}', content_type="application/json")
    assert response.status_code == 400


def test_an_unknown_matchup_is_404():
    assert APIClient().get("/api/v1/matchups/4b8e1f3c-6a1e-4f0a-9a55-0d4d8c1d9e11/").status_code == 404
    assert APIClient().get("/api/v1/matchups/nope/").status_code == 404
    assert APIClient().get("/matchups/4b8e1f3c-6a1e-4f0a-9a55-0d4d8c1d9e11/").status_code == 404


def test_launching_matchups_is_rate_limited(monkeypatch):
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {**ScopedRateThrottle.THROTTLE_RATES,
                                                               "expensive": "2/minute"})
    client = APIClient()
    codes = [post({"a": LAWFUL, "b": CHAOTIC, "battles": 1}, client).status_code for _ in range(3)]
    assert codes == [202, 202, 429]
    assert post({"a": LAWFUL, "b": CHAOTIC, "battles": 1}, client).json()["error"]["code"] == "throttled"


def test_a_finished_matchup_answers_with_its_result():
    matchup = done_matchup()
    body = APIClient().get(f"/api/v1/matchups/{matchup.id}/").json()
    assert body["status"] == "done" and body["progress"] == {"done": 3, "total": 3}
    assert body["result"]["battles"] == 3 and body["result"]["sample_battle"]["format"] == "muster-replay/1"


def test_the_page_shows_progress_while_running_and_the_answer_when_done():
    running = stored_matchup(spec_for(SMALL_LISTS, battles=30, seed=1))
    page = APIClient().get(f"/matchups/{running.id}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "<progress" in html and f'hx-get="/matchups/{running.id}/progress/"' in html
    partial = APIClient().get(f"/matchups/{running.id}/progress/")
    assert partial.status_code == 200 and "<progress" in partial.content.decode()

    matchup = done_matchup()
    html = APIClient().get(f"/matchups/{matchup.id}/").content.decode()
    assert "<progress" not in html
    assert 'class="plot plot-rates"' in html and html.count('class="plot"') >= 2  # win rates, margin, length
    assert 'class="battle-map"' in html and 'id="replay-frames"' in html and "data-replay" in html
    assert "Sword of Heironeous" in html and "Damage dealt" in html
    done = APIClient().get(f"/matchups/{matchup.id}/progress/")
    assert done["HX-Refresh"] == "true"


def test_while_it_runs_the_api_and_the_page_give_the_answer_so_far_from_the_chunks_stored():
    spec = spec_for(SMALL_LISTS, battles=6, seed=2)
    matchup = stored_matchup(spec, chunk_size=2)
    status = APIClient().get(f"/api/v1/matchups/{matchup.id}/").json()
    assert status["estimate"] is None, "no estimate before the first chunk is stored"
    assert "matchup-estimate" not in APIClient().get(f"/matchups/{matchup.id}/progress/").content.decode()

    matchup_chunk_run(matchup_id=str(matchup.id), index=2)
    matchup_chunk_run(matchup_id=str(matchup.id), index=0)
    played = merge_stats([play_chunk(spec, range(0, 2)), play_chunk(spec, range(4, 6))])
    estimate = APIClient().get(f"/api/v1/matchups/{matchup.id}/").json()["estimate"]
    assert estimate["battles"] == 4
    assert (estimate["a_wins"], estimate["b_wins"], estimate["draws"]) == (
        played["a_wins"], played["b_wins"], played["draws"])
    assert estimate["a_win_rate"] == wilson(played["a_wins"], 4)
    assert estimate["draw_rate"] == wilson(played["draws"], 4)
    partial = APIClient().get(f"/matchups/{matchup.id}/progress/").content.decode()
    assert 'data-estimate-battles="4"' in partial
    assert f"{round(100 * wilson(played['a_wins'], 4)['p'], 1)}%" in partial
    assert f"{spec.lists[0]['name']} wins" in partial and "Draws" in partial

    matchup_chunk_run(matchup_id=str(matchup.id), index=1)
    matchup_finish(matchup_id=str(matchup.id))
    done = APIClient().get(f"/api/v1/matchups/{matchup.id}/").json()
    assert done["estimate"] is None and done["result"]["battles"] == 6, "once done, the result replaces it"


@pytest.mark.parametrize(("language", "says"), [("en", "No creature named"), ("hu", "nevű lény"),
                                                ("ru", "с именем"), ("pl", "o nazwie")])
def test_the_page_shows_the_lists_findings_in_the_readers_language_and_the_api_keeps_the_english(language, says):
    illegal = {**LAWFUL, "entries": [*LAWFUL["entries"], {"card": "Goblin Archr"}]}
    matchup_id = post({"a": illegal, "b": CHAOTIC, "battles": 1}).json()["id"]
    client = APIClient()
    client.cookies["django_language"] = language
    html = client.get(f"/matchups/{matchup_id}/").content.decode()
    [item] = [li for li in html.split("<li>") if "list.unknown-card" in li]
    assert says in item and "Goblin Archr" in item
    lists = client.get(f"/api/v1/matchups/{matchup_id}/").json()["lists"]
    [finding] = [f for f in lists[0]["violations"] if f["rule"] == "list.unknown-card"]
    assert finding["message"].startswith("No creature named") and "message_text" not in finding
    assert all("message_text" not in f and "hint_text" not in f for side in lists
               for f in side["violations"] + side["warnings"])


def test_a_failed_matchup_says_so():
    matchup = stored_matchup(spec_for(SMALL_LISTS, battles=3, seed=1))
    Matchup.objects.filter(pk=matchup.pk).update(status="failed", error="a worker could not finish this matchup")
    assert "could not finish" in APIClient().get(f"/matchups/{matchup.id}/").content.decode()
    assert APIClient().get(f"/api/v1/matchups/{matchup.id}/").json()["status"] == "failed"


def test_the_launch_page_starts_a_matchup_from_a_saved_list(django_capture_on_commit_callbacks):
    saved = saved_list(LAWFUL)
    client = APIClient()
    form = client.get(f"/matchups/new/?a={saved.share_code}")
    assert form.status_code == 200 and saved.share_code in form.content.decode()
    with django_capture_on_commit_callbacks():
        response = client.post("/matchups/new/", {"a": saved.share_code, "b": json.dumps(CHAOTIC), "battles": 20,
                                                  "ai": "heuristic", "map": "", "seed": ""})
    assert response.status_code == 303
    matchup = Matchup.objects.get()
    assert response["Location"] == f"/matchups/{matchup.id}/" and matchup.a_list == saved


def test_the_launch_page_shows_what_is_wrong():
    client = APIClient()
    bad_json = client.post("/matchups/new/", {"a": "{not json", "b": json.dumps(CHAOTIC), "battles": 20,
                                              "ai": "heuristic"})
    assert bad_json.status_code == 400 and "not valid JSON" in bad_json.content.decode()
    unplayable = client.post("/matchups/new/", {"a": json.dumps({**LAWFUL, "entries": [{"card": "Wood Elf Ranger"}]}),
                                                "b": json.dumps(CHAOTIC), "battles": 20, "ai": "heuristic"})
    page = unplayable.content.decode()
    assert unplayable.status_code == 400 and "data-unplayable" in page and "needs numbers for" in page
    assert 'href="/cards/ddm/seed/wood-elf-ranger/numbers/?next=%2Fmatchups%2Fnew%2F"' in page
    assert not Matchup.objects.exists()


def test_the_battle_maps_page_draws_the_map():
    html = APIClient().get("/catalogue/ddm/seed/dragon-shrine/").content.decode()
    assert 'class="battle-map"' in html and "map-victory" in html


def write(tmp_path: Path, name: str, document: Any) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(document) if not isinstance(document, str) else document, encoding="utf-8")
    return str(path)


def run(*args: str) -> str:
    out = io.StringIO()
    call_command("matchup", *args, stdout=out)
    return out.getvalue()


def test_the_command_prints_the_same_bytes_for_the_same_seed(tmp_path):
    a, b = write(tmp_path, "a.json", LAWFUL), write(tmp_path, "b.json", CHAOTIC)
    first = run(a, b, "--battles", "3", "--seed", "8", "--json")
    assert first == run(a, b, "--battles", "3", "--seed", "8", "--json")
    result = json.loads(first)
    assert result["battles"] == 3 and result["seed"] == 8 and result["map"] == "broken-demongate"
    text = run(a, b, "--battles", "2", "--seed", "8")
    assert "Heironeous wins" in text and "95%" in text


@pytest.mark.parametrize(("args", "message"), [
    (["--battles", "10001"], "battles"),
    (["--map", "the-moon"], "Unknown battle map"),
    (["--ai", "clever"], "Unknown AI"),
])
def test_the_command_exits_2_on_bad_input(tmp_path, args, message):
    a, b = write(tmp_path, "a.json", LAWFUL), write(tmp_path, "b.json", CHAOTIC)
    with pytest.raises(CommandError, match=message) as caught:
        run(a, b, *args)
    assert caught.value.returncode == 2


def test_the_command_exits_2_on_an_unreadable_or_malformed_file(tmp_path):
    b = write(tmp_path, "b.json", CHAOTIC)
    for a in (write(tmp_path, "bad.json", "{"), str(tmp_path / "missing.json"),
              write(tmp_path, "doc.json", {"game": "ddm"})):
        with pytest.raises(CommandError) as caught:
            run(a, b, "--battles", "1")
        assert caught.value.returncode == 2
