"""The start page's one-click preview of the quick start's first battle (``ddm-basic.md`` §2.1): built from the
numbers the seed prints, with what it leaves out shown as the documented assumption, never written into the
catalogue."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from catalogue.selectors import card_get
from simulate.models import Matchup
from simulate.services import matchup_chunk_run, matchup_dispatch, matchup_finish, matchup_quick_start

pytestmark = pytest.mark.django_db


def test_the_start_page_offers_the_first_battle_with_its_assumptions_shown_before_the_click():
    page = Client().get("/").content.decode()
    assert 'action="/matchups/quick-start/ddm/seed/"' in page
    assert "Wood Elf Ranger" in page and "Orc Mauler" in page
    assert "Wood Elf Ranger&#x27;s HP: 40" in page, "the assumption is shown, not hidden"


def test_one_click_stores_the_quick_start_matchup_and_the_catalogue_keeps_its_gaps(django_capture_on_commit_callbacks):
    client = Client()
    with django_capture_on_commit_callbacks() as callbacks:
        response = client.post("/matchups/quick-start/ddm/seed/")
    assert response.status_code == 303 and re.search(r"/matchups/[0-9a-f-]+/$", response["Location"])
    assert len(callbacks) == 1, "the job is queued"
    matchup = Matchup.objects.get()
    assert [c["name"] for side in matchup.lists for c in side["creatures"]] == ["Wood Elf Ranger", "Orc Mauler"]
    assert matchup.params["scenario"] == "first-battle" and len(matchup.assumptions) == 3
    ranger = card_get(game="ddm", ruleset="seed", slug="wood-elf-ranger")
    assert ranger is not None and ranger.hp is None and ranger.level is None, (  # type: ignore[attr-defined]
        "the assumed numbers are never written into the catalogue")
    assert client.post("/matchups/quick-start/ddm/no-such-rules/").status_code == 404
    assert client.get("/matchups/quick-start/ddm/seed/").status_code == 405


def test_the_quick_start_result_says_what_was_assumed():
    matchup = matchup_quick_start(game="ddm", ruleset="seed", battles=6, seed=3)
    for index in matchup_dispatch(matchup_id=str(matchup.id)) or []:
        matchup_chunk_run(matchup_id=str(matchup.id), index=index)
    matchup_finish(matchup_id=str(matchup.id))
    matchup.refresh_from_db()
    assert matchup.status == Matchup.Status.DONE
    result = matchup.result
    assert result is not None
    assert result["a_wins"] + result["b_wins"] + result["draws"] == 6
    assert len(result["assumptions"]) == 3 and not result.get("player_entered")
    page = Client().get(f"/matchups/{matchup.id}/").content.decode()
    assert "Assumed" in page and "Wood Elf Ranger's Level: 5" in page.replace("&#x27;", "'")
