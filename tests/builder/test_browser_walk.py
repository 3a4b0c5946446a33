"""In a real browser, at a desk (1366×900) and on a phone (390×844): the catalogue's filters open, the
keyboard builds a list (arrows choose a card, Enter adds it, Ctrl+Z and Ctrl+Shift+Z undo and redo), Back
from a card's page keeps the list, a kept draft comes back with its name, faction and format, and a card's
page adds it to the list being built."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import cache

from catalogue.services import DATA_DIR
from tests.conftest import catalogue_imported, wait_for

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SIZES = [(1366, 900), (390, 844)]


@pytest.fixture
def page_at(browser: Any, live_server: Any) -> Any:
    cache.clear()
    catalogue_imported([DATA_DIR / "ddm" / "seed"])
    made = []

    def open_page(width: int, height: int) -> Any:
        context = browser.new_context(base_url=live_server.url, viewport={"width": width, "height": height})
        context.set_default_timeout(20_000)
        made.append(context)
        return context.new_page()

    yield open_page
    for context in made:
        context.close()


def document(page: Any) -> str:
    return str(page.locator("input[name=document]").get_attribute("value"))


def changed(page: Any, before: str) -> None:
    """Wait for the list to change and the page to settle (no request of htmx still out)."""
    wait_for(page, "b => document.querySelector('input[name=document]').getAttribute('value') !== b"
             " && !document.querySelector('.htmx-request')", arg=before)
    page.wait_for_timeout(100)


def choose(page: Any, selector: str, value: str, shown: str) -> None:
    """Choose ``value`` in a header select once the page has settled, until the list records it (``shown``):
    an answer still on its way may swap the select back as it lands."""
    for _attempt in range(3):
        wait_for(page, "!document.querySelector('.htmx-request')")
        page.wait_for_timeout(200)
        page.locator(selector).select_option(value)
        try:
            wait_for(page, "s => document.querySelector('input[name=document]').value.includes(s)", arg=shown,
                     timeout=8)
            return
        except AssertionError:
            continue
    raise AssertionError(f"{selector} never took {value}")


def entries(page: Any) -> list[str]:
    import json

    return [f"{e['qty']}x {e['card']}" for e in json.loads(document(page)).get("entries", [])]


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_keyboard_builds_undoes_and_redoes(page_at: Any, width: int, height: int) -> None:
    page = page_at(width, height)
    page.goto("/build/ddm/")
    assert page.locator("#id_c-sort").is_visible(), "the filters are open at every width"
    page.keyboard.press("/")
    page.keyboard.type("Centaur")
    page.locator("#catalogue-results li.cat-row.chosen[data-slug='centaur']").wait_for()
    before = document(page)
    page.keyboard.press("Enter")
    changed(page, before)
    assert entries(page) == ["1x Centaur"]
    page.locator("#id_c-search").fill("Elf")
    page.locator("#catalogue-results li.cat-row.chosen[data-slug*='elf']").first.wait_for()
    page.locator("#id_c-search").press("ArrowDown")
    second = page.locator("#catalogue-results li.cat-row.chosen").get_attribute("data-slug")
    before = document(page)
    page.locator("#id_c-search").press("Enter")
    changed(page, before)
    assert len(entries(page)) == 2 and second
    page.locator("#list-h").click()
    before = document(page)
    page.keyboard.press("Control+z")
    changed(page, before)
    assert entries(page) == ["1x Centaur"]
    before = document(page)
    page.keyboard.press("Control+Shift+z")
    changed(page, before)
    assert len(entries(page)) == 2
    before = document(page)
    page.locator("#undo").click()
    changed(page, before)
    assert entries(page) == ["1x Centaur"]


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_back_from_a_cards_page_keeps_the_list(page_at: Any, width: int, height: int) -> None:
    page = page_at(width, height)
    page.goto("/build/ddm/")
    page.locator("#id_name").fill("Elves of the Wood")
    page.locator("#id_name").press("Tab")
    wait_for(page, "document.querySelector('input[name=document]').value.includes('Elves of the Wood')")
    page.locator("#id_c-search").fill("Centaur")
    button = page.locator("#catalogue-results li[data-slug='centaur'] button.add")
    button.wait_for()
    before = document(page)
    button.click()
    changed(page, before)
    page.goto("/catalogue/ddm/seed/centaur/")
    page.go_back()
    wait_for(page, "document.querySelector('input[name=document]').value.includes('Centaur')")
    assert entries(page) == ["1x Centaur"]
    assert page.locator("#id_name").input_value() == "Elves of the Wood"


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_kept_draft_comes_back_whole_and_a_cards_page_adds_to_it(page_at: Any, width: int, height: int) -> None:
    page = page_at(width, height)
    page.goto("/build/ddm/")
    page.locator("#id_name").fill("Elves of the Wood")
    page.locator("#id_name").press("Tab")
    wait_for(page, "document.querySelector('input[name=document]').value.includes('Elves of the Wood')")
    choose(page, "#id_faction", "CG", '"faction":"CG"')
    choose(page, "#id_format", "epic-500", "epic-500")
    page.locator("#id_c-search").fill("Centaur")
    button = page.locator("#catalogue-results li[data-slug='centaur'] button.add")
    button.wait_for()
    before = document(page)
    button.click()
    changed(page, before)

    fresh = page.context.new_page()  # another visit: the draft kept in this browser is offered
    fresh.goto("/build/ddm/")
    restore = fresh.locator("#restore-draft")
    restore.wait_for()
    before = document(fresh)
    restore.click()
    changed(fresh, before)
    assert fresh.locator("#id_name").input_value() == "Elves of the Wood"
    assert fresh.locator("#id_faction").input_value() == "CG"
    assert fresh.locator("#id_format").input_value() == "epic-500"
    assert entries(fresh) == ["1x Centaur"]

    fresh.goto("/catalogue/ddm/seed/arcane-archer/")
    fresh.get_by_role("link", name="Add to my list").click()
    wait_for(fresh, "document.querySelector('input[name=document]').value.includes('Arcane Archer')")
    wait_for(fresh, "document.querySelector('input[name=document]').value.includes('Centaur')")
    assert fresh.locator("#id_name").input_value() == "Elves of the Wood"
    assert fresh.evaluate("document.documentElement.scrollWidth") <= width
