"""In a real browser: a finished Dungeon Command preview's page on a desktop and on a 390-pixel phone: the morale
curves, the order table, the creature table, and the replay on the battlefield drawn from the tiles."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import cache

from catalogue.services import DATA_DIR
from simulate.services import matchup_chunk_run, matchup_finish, matchup_prepare
from tests.conftest import catalogue_imported, wait_for
from tests.simulate.games.dc_helpers import pack_document
from tests.simulate.matchups import stored_matchup

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def matchup_url() -> str:
    cache.clear()
    # a transactional test may start with the catalogue emptied
    catalogue_imported([DATA_DIR / "dungeon-command" / "default"])
    spec, _, _ = matchup_prepare(a=pack_document("heart-of-cormyr"), b=pack_document("tyranny-of-goblins"),
                                 battles=4, seed=3)
    matchup = stored_matchup(spec, chunk_size=2)
    for index in range(matchup.chunk_count):
        matchup_chunk_run(matchup_id=str(matchup.id), index=index)
    matchup_finish(matchup_id=str(matchup.id))
    return f"/matchups/{matchup.id}/"


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 900}, {"width": 390, "height": 844}],
                         ids=["desktop", "phone"])
def test_a_dungeon_command_preview_reads_and_replays(browser: Any, live_server: Any, matchup_url: str,
                                                     viewport: dict[str, int]) -> None:
    context = browser.new_context(base_url=live_server.url, viewport=viewport)
    context.set_default_timeout(20_000)
    page = context.new_page()
    try:
        page.goto(matchup_url)
        page.locator("#answer-h").wait_for()
        assert page.get_by_text("Morale, turn by turn").count() >= 1
        assert page.locator("svg.plot polyline").count() >= 2  # one morale curve a list
        orders = page.locator("table.game-table").first
        assert orders.locator("tbody tr").count() > 0
        assert page.locator("table.per-creature tbody tr").count() == 24
        replay = page.locator("[data-replay]")
        replay.locator("[data-act=next]").wait_for()
        wait_for(page, "document.querySelector('[data-replay]').dataset.ready === 'true'")
        first = replay.locator("[data-now]").inner_text()
        for _ in range(20):
            replay.locator("[data-act=next]").click()
        assert replay.locator("[data-now]").inner_text() != first
        assert replay.locator("g.piece:not([style*='none'])").count() > 0, "deployed creatures stand on the tiles"
        assert replay.locator(".map-treasure, [class*='map-treasure']").count() > 0
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 1, f"the page scrolls sideways by {overflow} px at {viewport['width']} px"
    finally:
        context.close()
