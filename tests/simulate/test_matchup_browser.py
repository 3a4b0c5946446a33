"""In a real browser with a real worker: launch a matchup from a saved list's page against a pasted list,
watch its progress, read the answer, and replay the sample battle step by step."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.core.cache import cache

from catalogue.services import DATA_DIR
from tests.conftest import catalogue_imported
from tests.simulate.matchups import CHAOTIC, LAWFUL, saved_list, step_through_replay

pytestmark = [pytest.mark.browser, pytest.mark.celery, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def page(browser: Any, live_server: Any, celery_worker_process: Any) -> Any:
    cache.clear()
    catalogue_imported([DATA_DIR / "ddm" / "seed"])  # a transactional test may start emptied
    context = browser.new_context(base_url=live_server.url)
    context.set_default_timeout(20_000)
    yield context.new_page()
    context.close()


def test_a_player_launches_a_matchup_watches_it_and_replays_a_battle(page: Any) -> None:
    saved = saved_list(LAWFUL)
    page.goto(f"/l/{saved.share_code}")
    page.locator("main").get_by_role("link", name="Preview a matchup").click()  # the list's own, not the menu's
    page.wait_for_url(re.compile(r"/matchups/new/"))
    assert saved.share_code in page.get_by_label("List A").input_value()
    page.get_by_label("List B").fill(json.dumps(CHAOTIC))
    page.get_by_label("Battles").fill("30")
    page.get_by_label("Seed").fill("4")
    page.get_by_label("Battle map").select_option("dragon-shrine")
    page.get_by_role("button", name="Play the battles").click()

    page.wait_for_url(re.compile(r"/matchups/[0-9a-f-]+/$"))
    # the progress bar, polled by htmx, until the finished page replaces it
    page.locator("#answer-h").wait_for(timeout=120_000)
    assert page.locator("progress").count() == 0
    rows = page.locator("table.rates tbody tr")
    assert rows.count() == 3
    battles = sum(int(rows.nth(i).locator("td").first.inner_text()) for i in range(3))
    assert battles == 30
    assert page.locator("svg.plot").count() == 3
    assert page.locator("table.per-creature tbody tr").count() == 9

    replay = step_through_replay(page, 12)
    replay.get_by_label("Jump to round").select_option(label="2")
    assert "2" in replay.locator("[data-now]").inner_text()
    replay.locator("[data-act=play]").click()
    page.wait_for_timeout(1200)
    replay.locator("[data-act=play]").click()
    assert replay.locator("[data-count]").inner_text().split(" / ")[0] != "1"
