"""In a real browser, at a desktop width and a phone's (390 px, nothing scrolls sideways): a list that cannot be
previewed says which card needs numbers; the player fills the card's form, the list becomes ready, the preview
plays with a real worker, and its result says the numbers were entered by a player."""

from __future__ import annotations

import json
import re
from typing import Any, cast

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client

from builder.models import SavedList
from catalogue.services import DATA_DIR
from tests.conftest import catalogue_imported, wait_for
from tests.factories import SavedListFactory, UserFactory
from tests.simulate.matchups import LAWFUL

pytestmark = [pytest.mark.browser, pytest.mark.celery, pytest.mark.django_db(transaction=True)]

THUGS: dict[str, Any] = {"game": "ddm", "format": "skirmish-200", "name": "Thugs", "faction": "LE",
                         "entries": [{"card": "Human Thug", "qty": 2}]}
WIDTHS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


WIDER = """() => {
  const limit = document.documentElement.clientWidth + 1;
  return [...document.querySelectorAll("body *")].filter(e => e.getBoundingClientRect().right > limit)
    .slice(0, 8).map(e => `${e.tagName.toLowerCase()}.${e.className}: ${Math.round(e.getBoundingClientRect().right)}`);
}"""


def no_sideways_scroll(page: Any) -> None:
    """Nothing on the page is wider than the window (the elements that are, named when it fails)."""
    fits = "document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1"
    try:
        wait_for(page, fits, timeout=5)
    except AssertionError:
        raise AssertionError(f"{page.url} scrolls sideways: {page.evaluate(WIDER)}") from None


def signed_in_page(browser: Any, live_server: Any, viewport: dict[str, int], player: User) -> tuple[Any, Any]:
    """A browser context signed in as ``player`` at ``viewport`` (its session cookie), and a page in it."""
    login = Client()
    login.force_login(player)
    context = browser.new_context(base_url=live_server.url, viewport=viewport)
    context.add_cookies([{"name": "sessionid", "value": login.cookies["sessionid"].value, "url": live_server.url}])
    context.set_default_timeout(20_000)
    return context, context.new_page()


@pytest.mark.parametrize("width", list(WIDTHS))
def test_a_player_fills_in_a_cards_numbers_previews_and_sees_entered_by_a_player(
        browser: Any, live_server: Any, celery_worker_process: Any, width: str) -> None:
    cache.clear()
    catalogue_imported([DATA_DIR / "ddm" / "seed"])  # a transactional test may start emptied
    player = cast(User, UserFactory())
    saved = cast(SavedList, SavedListFactory(document=THUGS, owner=player))
    context, page = signed_in_page(browser, live_server, WIDTHS[width], player)
    try:
        page.goto(f"/l/{saved.share_code}")
        needs = page.locator("[data-readiness=needs-numbers]")
        assert "Human Thug" in needs.inner_text()
        no_sideways_scroll(page)
        needs.get_by_role("link", name="Human Thug").first.click()

        page.wait_for_url(re.compile(r"/cards/ddm/seed/human-thug/numbers/"))
        no_sideways_scroll(page)
        attacks = page.locator("fieldset[data-group=attacks]")
        attacks.locator("select[name='attacks-0-kind']").select_option("melee")
        attacks.locator("input[name='attacks-0-bonus']").fill("+5")
        attacks.locator("input[name='attacks-0-damage']").fill("5")
        page.get_by_label("Where you read them").fill("my printed card")
        page.get_by_role("button", name="Save my numbers").click()

        page.wait_for_url(re.compile(rf"/l/{saved.share_code}"))  # back to the list
        ready = page.locator("[data-readiness=ready]")
        assert "Ready to preview" in ready.inner_text()
        assert "Human Thug" in page.locator("[data-readiness] [data-player-entered]").inner_text()
        ready.get_by_role("link", name="Preview a matchup").click()

        page.wait_for_url(re.compile(r"/matchups/new/"))
        no_sideways_scroll(page)
        page.get_by_label("List B", exact=True).fill(json.dumps(LAWFUL))
        page.get_by_label("Battles").fill("12")
        page.get_by_label("Seed").fill("2")
        page.get_by_role("button", name="Play the battles").click()

        page.wait_for_url(re.compile(r"/matchups/[0-9a-f-]+/$"))
        page.locator("#answer-h").wait_for(timeout=120_000)
        note = page.locator("[data-player-entered]").first
        assert "Entered by a player" in note.inner_text() and "Human Thug" in note.inner_text()
        no_sideways_scroll(page)
    finally:
        context.close()


@pytest.mark.parametrize("width", list(WIDTHS))
def test_a_guild_player_enters_the_check_boxes_of_a_power_that_recharges(browser: Any, live_server: Any,
                                                                         width: str) -> None:
    """Goblin Sneak's Crossbow recharges but the catalogue lacks its check boxes: the card's page leads to the form,
    which shows that power's printed text beside its one number (nothing scrolls sideways on a phone)."""
    catalogue_imported([DATA_DIR / "ddm"])  # a transactional test may start emptied
    player = cast(User, UserFactory())
    context, page = signed_in_page(browser, live_server, WIDTHS[width], player)
    try:
        page.goto("/cards/ddm/ddm-guild/goblin-sneak/numbers/")
        powers = page.locator("fieldset[data-group=recharging]")
        assert "RECHARGE at end of this creature" in powers.inner_text()
        assert powers.locator("input[name='recharging-0-name']").input_value() == "Crossbow"
        no_sideways_scroll(page)
        powers.locator("input[name='recharging-0-uses']").fill("1")
        page.get_by_label("Where you read them").fill("my printed card")
        page.get_by_role("button", name="Save my numbers").click()
        page.locator("fieldset[data-group=recharging] .badge.entered").wait_for()
        assert powers.locator("input[name='recharging-0-uses']").input_value() == "1"
        no_sideways_scroll(page)
    finally:
        context.close()
