"""In a real browser, at a desk's width and a phone's: a Stronghold round plan from an empty page to a checked
plan without typing any JSON (the position's fields, phase cards from the catalogue, a target picked on the
drawn board, an order's section from a list, the printed actions of two phase cards typed in from the player's
cards), saved and shared; a BattleLore army recruited and placed on the
deployment map, checked as one army, its missing costs named unit by unit."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core.cache import cache

from catalogue.services import DATA_DIR
from tests.conftest import catalogue_imported, wait_for

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = [pytest.param(1366, id="desktop"), pytest.param(390, id="phone")]


@pytest.fixture
def page(browser: Any, live_server: Any, request: Any) -> Any:
    cache.clear()
    catalogue_imported([DATA_DIR / "stronghold", DATA_DIR / "battlelore2"])
    width = request.node.callspec.params["width"]
    ctx = browser.new_context(base_url=live_server.url, viewport={"width": width, "height": 900})
    ctx.set_default_timeout(20_000)
    yield ctx.new_page()
    ctx.close()


def document(page: Any) -> str:
    return str(page.locator("input[name=document]").get_attribute("value"))


def changed(page: Any, before: str) -> None:
    """Wait for the plan to change and the page to settle: no request of htmx still out, whose answer could land
    after the next click and put the earlier plan back (a click on the board was lost that way in CI)."""
    wait_for(page, "before => document.querySelector('input[name=document]').getAttribute('value') !== before"
             " && !document.querySelector('.htmx-request')", arg=before)


def add(page: Any, name: str, slug: str) -> None:
    page.locator("#id_c-search").fill(name)
    button = page.locator(f"#catalogue-results li[data-slug='{slug}'] button.add")
    button.wait_for()
    before = document(page)
    button.click()
    changed(page, before)


def set_field(page: Any, locator: Any, value: str) -> None:
    before = document(page)
    if locator.evaluate("e => e.tagName") == "SELECT":
        locator.select_option(value)
    else:
        locator.fill(value)
        locator.dispatch_event("change")
    changed(page, before)


def check_text(page: Any) -> str:
    return re.sub(r"\s+", " ", page.locator("section.check").inner_text())


def no_sideways_scroll(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "the page scrolls sideways"


@pytest.mark.parametrize("width", WIDTHS)
def test_a_stronghold_plan_from_an_empty_page_to_a_checked_plan_without_json(page: Any, width: int) -> None:
    page.goto("/build/stronghold/")
    assert "is required" not in page.locator("#list-panel").inner_text()
    # a fresh plan is a whole, checked document: no rule broken, and with no action yet empty rather than legal
    assert page.locator(".check .verdict.empty").is_visible(), "a fresh plan is a whole, checked document"
    assert "invented stand-in" in page.locator(".stand-in-notice").inner_text()
    no_sideways_scroll(page)

    # The round's position, field by field: what was drawn this round and what carries over.
    set_field(page, page.locator("#id_state-drawn-goblin"), "3")
    set_field(page, page.locator("#id_state-drawn-troll"), "4")
    set_field(page, page.locator("#id_state-resources"), "3")
    assert "draw holds" not in check_text(page), "3 + 7 + 4 = the 14 units of a two-player round"

    # A ballista: its target picked on the drawn board, where only the ramparts light up.
    add(page, "Ballista", "ballista")
    legal = page.locator(".board-svg .place.legal")
    legal.first.wait_for()
    assert sorted(legal.evaluate_all("els => els.map(e => e.id)")) == [
        "place-e1", "place-e2", "place-e3", "place-w1", "place-w2"]
    wait_for(page, "!document.querySelector('.htmx-request')")
    before = document(page)
    page.locator("#place-w2").click()
    changed(page, before)
    assert '"target":"W2"' in document(page)
    page.locator("#place-w2.chosen").wait_for()  # the chosen place is drawn as chosen
    set_field(page, page.locator("input[name='pay-plan.entries-0-troll']"), "1")

    # Poison on a wall section, chosen from the action's own list of places; an order's section likewise.
    add(page, "Poison", "poison")
    set_field(page, page.locator("select[name='target-plan.entries-1']"), "S3")
    set_field(page, page.locator("input[name='pay-plan.entries-1-goblin']"), "2")
    add(page, "Orc Blast", "orc-blast")
    set_field(page, page.locator("select[name='section-plan.orders-0']"), "S3")

    text = check_text(page)
    assert "cannot be checked" not in text.lower() and "is required" not in text
    assert "Siege Machines phase cards (red)" in text, "the missing printed actions are named, not guessed"
    assert "TB-9" in text, "the stand-in board is named in the result"
    shown = re.sub(r"\s+", " ", page.locator("#list-panel .summary").inner_text())
    assert "resources spent 7 resource left 1" in shown, shown  # 3 carried + 5 income - 6 - 1
    no_sideways_scroll(page)

    page.get_by_role("button", name="Save and get the links").click()
    page.wait_for_url(re.compile(r"/build/stronghold/\?list="))

    # No source gives the printed actions of phases 2-5's cards: the notice at the top links each card still
    # lacking them to its form, where the player types what his own card prints (kept with the saved list).
    notice = page.locator(".stand-in-notice")
    assert notice.locator("a.phase-card-actions").count() == 4, "phases 2 to 5, each with a link to its form"
    for name, actions in (("Siege Machines phase cards (red)", "Ballista, Catapult"),
                          ("Equipment phase cards (red)", "Poison, Banners")):  # as read off the cards (test)
        notice.locator("a.phase-card-actions", has_text=name).click()
        page.wait_for_url(re.compile(r"/cards/stronghold/default/red-phase-\d/numbers/"))
        no_sideways_scroll(page)
        page.get_by_label("Printed actions").fill(actions)
        page.get_by_role("button", name="Save my numbers").click()
        page.wait_for_url(re.compile(r"/build/stronghold/\?list="))
        wait_for(page, "() => !!document.querySelector('section.check')")
    names = page.locator(".stand-in-notice a.phase-card-actions").all_inner_texts()
    assert names == ["Rituals phase cards (red)", "Training phase cards (red)"], "only what is still missing"
    text = check_text(page)
    assert "lacks the printed actions" not in text, "the plan's actions are checked against the player's"
    assert "Siege Machines phase cards (red): the printed actions used here were entered by a player" in text
    assert "TB-9" in text, "the stand-in board is still named"
    no_sideways_scroll(page)
    # The main board's layout: its form, place by place, fits the page too.
    page.locator("#enter-board-layout").click()
    page.wait_for_url(re.compile(r"/cards/stronghold/default/main-board/numbers/"))
    assert page.locator("fieldset[data-group='ramparts']").is_visible()
    no_sideways_scroll(page)
    page.go_back()
    page.wait_for_url(re.compile(r"/build/stronghold/\?list="))
    share_url = page.locator("#share-link").input_value()
    page.goto(share_url)
    assert "Ballista" in page.locator("main").inner_text()
    no_sideways_scroll(page)


@pytest.mark.parametrize("width", WIDTHS)
def test_a_battlelore_army_recruited_and_placed_is_checked_as_one_army(page: Any, width: int) -> None:
    page.goto("/build/battlelore2/")
    set_field(page, page.locator("#id_faction"), "daqan-lords")
    add(page, "Citadel Guard", "citadel-guard")
    add(page, "Citadel Guard", "citadel-guard")
    add(page, "Roc Warrior", "roc-warrior")

    # Place the first Citadel Guard on a forest hex, then the Roc Warrior: both stay recruited.
    page.locator("input[name=place-what][value='0']").check()
    page.locator("#id_place-terrain").select_option("forest")
    before = document(page)
    page.locator("#hex-r2c5").click()
    changed(page, before)
    page.locator("input[name=place-what][value='1']").check()
    page.locator("#id_place-terrain").select_option("clear")
    before = document(page)
    page.locator("#hex-r1c3").click()
    changed(page, before)
    assert '"entries":[{"card":"Citadel Guard","qty":2},{"card":"Roc Warrior","qty":1}]' in document(page)
    assert '"deployment":[' in document(page)

    text = check_text(page)
    assert "1 recruited unit is not on the map yet" in text
    assert "cannot be checked" not in text.lower() and "not both" not in text
    for name in ("Citadel Guard", "Roc Warrior"):
        assert name in text, "every unit whose cost is missing is named"
    assert "cost (recruitment points)" in text
    no_sideways_scroll(page)


@pytest.mark.parametrize("width", WIDTHS)
def test_a_battlelore_army_from_an_empty_page_to_legal_with_costs_the_player_entered(page: Any, width: int) -> None:
    """No source gives the units' recruitment costs: the player who owns the deployment cards types them in,
    and the army is then legal, its result saying the costs were entered by a player."""
    page.goto("/build/battlelore2/")
    set_field(page, page.locator("#id_faction"), "daqan-lords")
    add(page, "Citadel Guard", "citadel-guard")
    add(page, "Roc Warrior", "roc-warrior")
    assert "Not legal" in check_text(page)
    page.get_by_role("button", name="Save and get the links").click()
    page.wait_for_url(re.compile(r"/build/battlelore2/\?list="))
    no_sideways_scroll(page)

    typed = {"Citadel Guard": "9", "Roc Warrior": "15"}  # as read off the player's own cards (test values)
    for _ in typed:
        link = page.locator(".check .finding[data-rule='catalogue.missing-data'] a.numbers").first
        link.click()
        page.wait_for_url(re.compile(r"/cards/battlelore2/default/[a-z-]+/numbers/"))
        name = page.locator("h1").inner_text()
        card = next(n for n in typed if n in name)
        no_sideways_scroll(page)
        page.get_by_label("Recruitment cost").fill(typed[card])
        page.get_by_role("button", name="Save my numbers").click()
        page.wait_for_url(re.compile(r"/build/battlelore2/\?list="))
        wait_for(page, "() => !!document.querySelector('section.check')")

    page.locator(".check .verdict.legal").wait_for()
    text = check_text(page)
    assert "Legal" in text and "Not legal" not in text
    for name in typed:
        assert f"{name}: the cost used here were entered by a player" in text
    assert "24" in re.sub(r"\s+", " ", page.locator("#list-panel .summary").inner_text())
    no_sideways_scroll(page)
