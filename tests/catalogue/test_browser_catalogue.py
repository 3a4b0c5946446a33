"""In a real browser: search the catalogue for "Mauler", filter, and open the seed rules' Orc Mauler."""

from __future__ import annotations

import re
from typing import Any

import pytest

from catalogue.services import DATA_DIR
from tests.conftest import catalogue_imported, wait_for

SEED = DATA_DIR / "ddm" / "seed"

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def page(browser: Any, live_server: Any) -> Any:
    context = browser.new_context(base_url=live_server.url)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def _import_seed_rules() -> None:
    """The bundled seed-rules catalogue (a transactional test may start with an emptied database)."""
    catalogue_imported([SEED])


def test_a_player_searches_for_mauler_filters_and_opens_the_seed_orc_mauler(page: Any) -> None:
    _import_seed_rules()
    page.goto("/catalogue/ddm/")
    page.get_by_label("Search names, keywords and abilities").fill("Mauler")
    results = page.locator("#results")
    # htmx swaps the results in place: the miniature and the seed creature both match.
    results.locator("tr[data-ruleset='seed'][data-slug='orc-mauler']").wait_for()
    assert "search=Mauler" in page.url, "the search is in the URL, so it can be shared"
    assert results.locator("tbody tr").count() >= 2

    page.get_by_label("Kind").select_option("creature")
    page.wait_for_url(re.compile(r"kind=creature"))
    page.get_by_label("Rules").select_option("seed")
    page.wait_for_url(re.compile(r"ruleset=seed"))
    rows = results.locator("tbody tr")
    rows.first.wait_for()
    wait_for(page, "document.querySelectorAll('#results tbody tr').length === 1")
    assert rows.count() == 1
    assert "search=Mauler" in page.url and "kind=creature" in page.url

    results.get_by_role("link", name="Orc Mauler").click()
    page.wait_for_url("**/catalogue/ddm/seed/orc-mauler/")
    card = page.locator("article.statcard")
    assert card.locator("h1").inner_text().strip() == "Orc Mauler"
    stat = {key: card.locator(f"[data-stat='{key}'] dd").inner_text().strip() for key in ("speed", "ac", "hp", "level")}
    assert stat == {"speed": "6", "ac": "18", "hp": "55", "level": "6"}
    assert card.locator("[data-stat='melee'] dd").inner_text().strip() == "+11 (15)"
    assert card.locator("[data-stat='cost']").inner_text().strip().endswith("missing"), "no source gives its cost"
    assert "missing" in card.locator("[data-field='factions']").inner_text(), "nor its faction"

    # Back in history: the filtered list is still there.
    page.go_back()
    page.wait_for_url(re.compile(r"ruleset=seed"))
    page.locator("#results tr[data-ruleset='seed'][data-slug='orc-mauler']").wait_for()


def test_the_report_form_works_in_the_browser_with_csrf_and_htmx(page: Any) -> None:
    _import_seed_rules()
    page.goto("/catalogue/ddm/seed/orc-mauler/")
    page.get_by_text("Something on this card is wrong or missing?").click()
    page.get_by_label("Which number").select_option("cost")
    page.get_by_label("The right value").fill("twelve")
    page.get_by_label("Your source").fill("<script>window.pwned = 1</script> the printed card")
    page.get_by_role("button", name="Send the report").click()
    page.get_by_text("A whole number, such as 55").wait_for()
    page.get_by_label("The right value").fill("12")
    page.get_by_role("button", name="Send the report").click()
    page.get_by_text("Thank you").wait_for()
    assert page.evaluate("window.pwned") is None

    from catalogue.models import CardReport

    report = CardReport.objects.get()
    assert (report.field, report.proposed_value) == ("cost", "12")
    assert report.source.startswith("<script>")
