"""In a real browser, at a desktop width and a phone's (390 px, nothing scrolls sideways): a player launches a
DDM Guild preview from the matchup page with a real worker, reads its answer (per-creature figures, the powers not
played, the readings it was played by) and steps through the replay; a player reports a reading as wrong from the
readings page."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.core.cache import cache

from catalogue.models import CardReport
from catalogue.services import DATA_DIR
from simulate.services import matchup_chunk_run, matchup_finish, matchup_prepare
from tests.conftest import catalogue_imported
from tests.simulate.guild import BORDERLANDS, CIVILIZATION
from tests.simulate.matchups import step_through_replay, stored_matchup

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
WIDTHS = ({"width": 1280, "height": 900}, {"width": 390, "height": 844})


@pytest.fixture
def context(browser: Any, live_server: Any) -> Any:
    cache.clear()
    catalogue_imported([DATA_DIR / "ddm"])  # a transactional test may start emptied
    ctx = browser.new_context(base_url=live_server.url)
    ctx.set_default_timeout(20_000)
    yield ctx
    ctx.close()


WIDEST = """() => [...document.querySelectorAll('body *')]
  .filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
  .map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right)).slice(0, 8)"""


def no_sideways_scroll(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth"), \
        f"the page scrolls sideways: {page.evaluate(WIDEST)}"


@pytest.mark.parametrize("viewport", WIDTHS, ids=("desktop", "phone"))
def test_a_guild_answer_shows_its_readings_and_a_reading_is_reported(context: Any, viewport: dict[str, int]) -> None:
    spec, _a, _b = matchup_prepare(a=CIVILIZATION, b=BORDERLANDS, battles=2, seed=3)
    matchup = stored_matchup(spec)
    for index in range(matchup.chunk_count):
        matchup_chunk_run(matchup_id=str(matchup.id), index=index)
    matchup_finish(matchup_id=str(matchup.id))
    page = context.new_page()
    page.set_viewport_size(viewport)
    page.goto(f"/matchups/{matchup.id}/")
    note = page.locator("[data-rules-readings]")
    assert "Rules partly reconstructed" in note.inner_text()
    assert note.locator("li").count() >= 30
    no_sideways_scroll(page)
    note.get_by_role("link", name="Own the rulebook? Report a reading as wrong").click()
    page.wait_for_url("**/matchups/rules/ddm/ddm-guild/")
    no_sideways_scroll(page)
    page.get_by_label("Which reading").select_option("ddm-guild.cover")
    page.get_by_label("What the rulebook says").fill("+2 to all defences")
    page.get_by_label("Where it is printed").fill("Battle Rules, DDM Guild Edition (2009), p. 15")
    page.get_by_role("button", name="Send the report").click()
    page.get_by_role("status").wait_for()
    assert "Thank you" in page.get_by_role("status").inner_text()
    no_sideways_scroll(page)
    assert CardReport.objects.filter(field="reading", slug="ddm-guild.cover").count() == 1


@pytest.mark.celery
@pytest.mark.parametrize("viewport", WIDTHS, ids=("desktop", "phone"))
def test_a_player_previews_two_guild_warbands_from_the_page(context: Any, celery_worker_process: Any,
                                                            viewport: dict[str, int]) -> None:
    page = context.new_page()
    page.set_viewport_size(viewport)
    page.goto("/matchups/new/")
    page.get_by_label("List A").fill(json.dumps(CIVILIZATION))
    page.get_by_label("List B").fill(json.dumps(BORDERLANDS))
    page.get_by_label("Battles").fill("4")
    page.get_by_label("Seed").fill("7")
    no_sideways_scroll(page)
    page.get_by_role("button", name="Play the battles").click()

    page.wait_for_url(re.compile(r"/matchups/[0-9a-f-]+/$"))
    page.locator("#answer-h").wait_for(timeout=120_000)
    no_sideways_scroll(page)
    assert page.locator("table.per-creature tbody tr").count() == 14  # 5 + 9 creatures
    unplayed = page.locator("table.unplayed tbody tr")
    assert unplayed.count() >= 1, "these warbands hold powers the engine does not play, and the page names them"
    note = page.locator("[data-rules-readings]")
    assert "Rules partly reconstructed" in note.inner_text()
    assert "A save succeeds on 10 or more." in note.inner_text()

    step_through_replay(page, 10)
    no_sideways_scroll(page)
