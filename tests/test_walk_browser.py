"""Every page in a real browser as a player walks it: on a phone (360 and 390 px wide) nothing scrolls
sideways, also after the builder's first additions; and no chart clips its words, in any language (a
Russian list name is longer than an English one), on a phone and a desk.

Pages: every URL pattern without parameters, each game's catalogue, builder and collection pages, a card
of each kind, a saved list's builder, shared and print pages, a finished matchup (its plots and replay).
"""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import cache

from tests.conftest import catalogue_imported, wait_for

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONES = (360, 390)
CLIPPED_SVG_TEXT = """() => {
  const out = [];
  for (const svg of document.querySelectorAll("svg")) {
    const box = svg.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    for (const text of svg.querySelectorAll("text")) {
      const r = text.getBoundingClientRect();
      if (!r.width) continue;
      if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1) {
        out.push(text.textContent.trim());
      }
    }
  }
  return out;
}"""


@pytest.fixture
def walk(live_server: Any) -> dict[str, Any]:
    """A player with a list of each game, a finished matchup, and the URLs to walk."""
    from catalogue.models import Card
    from catalogue.services import DATA_DIR
    from simulate.services import matchup_chunk_run, matchup_create, matchup_finish
    from tests.factories import SavedListFactory, UserFactory
    from tests.simulate.matchups import CHAOTIC, LAWFUL
    from tests.test_i18n import _detail_urls, _static_urls

    cache.clear()
    present = set(Card.objects.values_list("game__slug", flat=True).distinct())
    missing = [DATA_DIR / g for g in ("ddm", "dungeon-command", "battlelore2", "stronghold") if g not in present]
    if missing:  # an earlier transactional test emptied the database
        catalogue_imported(missing)
    user = UserFactory.create(username="walker")
    warband = SavedListFactory.create(owner=user, document={
        **CHAOTIC, "name": "Эльфы Светлого Леса и их друзья", "battle_map": "Broken Demongate"})
    SavedListFactory.create(owner=user, document={
        "game": "dungeon-command", "format": "custom", "name": "Goblins",
        "commanders": ["Snig the Axe"], "entries": [{"card": "Goblin Archer", "qty": 2}]})
    done = matchup_create(a={**LAWFUL, "name": "Воины Хиронеуса, защитники праведных земель"}, b=CHAOTIC,
                          battles=2, seed=3)
    for index in range(done.chunk_count):
        matchup_chunk_run(matchup_id=str(done.id), index=index)
    matchup_finish(matchup_id=str(done.id))
    urls = [*_static_urls(), *_detail_urls(), f"/build/ddm/?list={warband.pk}", f"/l/{warband.share_code}",
            f"/l/{warband.share_code}/print/", f"/matchups/{done.id}/", "/collection/ddm/?set=war-drums",
            "/no/such/page/"]
    return {"user": user, "urls": urls, "matchup": f"/matchups/{done.id}/"}


def _signed_in(browser: Any, live_server: Any, user: Any, width: int, language: str = "en") -> Any:
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.save()
    context = browser.new_context(base_url=live_server.url, viewport={"width": width, "height": 844})
    context.set_default_timeout(20_000)
    host = live_server.url.split("//", 1)[1].split(":")[0]
    context.add_cookies([
        {"name": settings.SESSION_COOKIE_NAME, "value": session.session_key, "domain": host, "path": "/"},
        {"name": "django_language", "value": language, "domain": host, "path": "/"},
    ])
    return context


def _too_wide(page: Any) -> int:
    """How many pixels the page scrolls sideways (0: none)."""
    return int(page.evaluate("document.documentElement.scrollWidth - window.innerWidth"))


@pytest.mark.parametrize("width", PHONES)
def test_no_page_scrolls_sideways_on_a_phone(browser: Any, live_server: Any, walk: dict[str, Any],
                                              width: int) -> None:
    context = _signed_in(browser, live_server, walk["user"], width)
    page = context.new_page()
    wide: list[str] = []
    try:
        for url in walk["urls"]:
            page.goto(url)
            if (extra := _too_wide(page)) > 0:
                wide.append(f"{url}: {extra}px")
    finally:
        context.close()
    assert not wide, f"pages wider than a {width}px phone:\n" + "\n".join(wide)


@pytest.mark.parametrize("width", PHONES)
def test_the_builder_stays_within_a_phone_as_cards_are_added(browser: Any, live_server: Any, walk: dict[str, Any],
                                                              width: int) -> None:
    context = _signed_in(browser, live_server, walk["user"], width)
    page = context.new_page()
    try:
        for game, search in (("ddm", "Arcane Archer"), ("dungeon-command", "Goblin"), ("battlelore2", "Guard")):
            page.goto(f"/build/{game}/")
            for _ in range(2):
                page.locator("#id_c-search").fill(search)
                button = page.locator("#catalogue-results button.add:not([disabled])").first
                button.wait_for()
                before = page.locator("input[name=document]").get_attribute("value")
                button.click()
                wait_for(page, "b => document.querySelector('input[name=document]').getAttribute('value') !== b",
                         arg=before)
                assert _too_wide(page) <= 0, f"/build/{game}/ after adding {search}: {_too_wide(page)}px too wide"
            if game == "ddm":
                page.locator("details.entry-more summary").first.click()
            assert _too_wide(page) <= 0, f"/build/{game}/ with a row's details open"
    finally:
        context.close()


@pytest.mark.parametrize("language", ["en", "hu", "ru", "pl"])
def test_no_chart_clips_its_words_in_any_language(browser: Any, live_server: Any, walk: dict[str, Any],
                                                  language: str) -> None:
    for width in (390, 1366):
        context = _signed_in(browser, live_server, walk["user"], width, language)
        page = context.new_page()
        try:
            page.goto(walk["matchup"])
            assert page.locator("svg.plot").count() >= 2
            clipped = page.evaluate(CLIPPED_SVG_TEXT)
            controls = page.locator(".replay-controls button svg.icon")
            assert controls.count() == 4 and all(
                (controls.nth(i).bounding_box() or {}).get("width", 0) > 4 for i in range(4)
            ), "the replay's first, back, forward and last buttons show their icons"
        finally:
            context.close()
        assert not clipped, f"{language}, {width}px: SVG text cut off: {clipped}"
