"""In a real browser: the page opens in the browser's language, and the switcher changes it for good."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import wait_for

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def polish_page(browser: Any, live_server: Any) -> Any:
    context = browser.new_context(base_url=live_server.url, locale="pl-PL")
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def test_a_polish_browser_gets_polish_and_the_switcher_changes_to_hungarian_for_good(polish_page: Any) -> None:
    page = polish_page
    page.goto("/about/sources/")
    assert page.locator("html").get_attribute("lang") == "pl"
    assert page.get_by_role("heading", level=1).inner_text() == "Źródła danych i licencje"

    page.get_by_role("button", name="Magyar").click()
    wait_for(page, "document.documentElement.lang === 'hu'")
    assert page.url.endswith("/about/sources/"), "the switch stays on the same page"
    assert page.get_by_role("heading", level=1).inner_text() == "Adatforrások és licencek"
    assert page.get_by_role("button", name="Magyar").get_attribute("aria-current") == "true"

    page.goto("/accounts/login/")  # the choice outlasts the browser's own language
    assert page.locator("html").get_attribute("lang") == "hu"
    assert page.get_by_role("heading", level=1).inner_text() == "Bejelentkezés"

    page.get_by_role("button", name="Русский").click()
    wait_for(page, "document.documentElement.lang === 'ru'")
    assert page.get_by_role("heading", level=1).inner_text() == "Войти"
