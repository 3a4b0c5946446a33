"""In a real browser: build a legal 200-point DDM warband and an illegal one and read the messages, save
it, open the share link in a fresh browser, copy it, print it on one black-and-white page, come back with
the private edit link, and import a pasted text list."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core.cache import cache

from catalogue.services import DATA_DIR
from tests.conftest import catalogue_imported, wait_for

SEED = DATA_DIR / "ddm" / "seed"

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Chaotic Good, 200 points, 8 creatures: costs and faction symbols the seeds' catalogue has.
LEGAL_WARBAND = [
    ("Arcane Archer", "arcane-archer"), ("Axe Sister", "axe-sister"), ("Bralani Eladrin", "bralani-eladrin"),
    ("Centaur", "centaur"), ("Cleric of Corellon Larethian", "cleric-of-corellon-larethian"),
    ("Devis, Half-Elf Bard", "devis-half-elf-bard"), ("Elf Pyromancer", "elf-pyromancer"),
    ("Human Wanderer", "human-wanderer"),
]


@pytest.fixture
def context(browser: Any, live_server: Any) -> Any:
    cache.clear()
    catalogue_imported([SEED])  # a transactional test may start with an emptied database
    made = []

    def new_context() -> Any:
        ctx = browser.new_context(base_url=live_server.url)
        ctx.set_default_timeout(15_000)
        made.append(ctx)
        return ctx

    yield new_context
    for ctx in made:
        ctx.close()


def add(page: Any, name: str, slug: str) -> None:
    """Search the catalogue beside the list and add one copy."""
    page.locator("#id_c-search").fill(name)
    button = page.locator(f"#catalogue-results li[data-slug='{slug}'] button.add")
    button.wait_for()
    before = page.locator("input[name=document]").get_attribute("value")
    button.click()
    wait_for(page, "before => document.querySelector('input[name=document]').getAttribute('value') !== before",
             arg=before)


def summary(page: Any) -> str:
    return re.sub(r"\s+", " ", page.locator("#list-panel .summary").inner_text())


def totals(page: Any) -> dict[str, str]:
    """The totals as the page shows them: ``{"points": "200", "points left": "0", ...}``."""
    pairs = page.locator("#list-panel .summary dl.totals div").evaluate_all(
        "els => els.map(e => [e.querySelector('dt').innerText, e.querySelector('dd').innerText])"
    )
    return {label.strip(): value.strip() for label, value in pairs}


def test_a_player_builds_a_legal_warband_saves_shares_and_a_friend_copies_and_prints_it(context: Any) -> None:
    player = context().new_page()
    player.goto("/build/ddm/")
    player.get_by_label("Faction", exact=True).select_option("CG")
    wait_for(player, "document.querySelector('input[name=document]').value.includes('\"faction\":\"CG\"')")

    # The first creature with the keyboard only: "/" to search, Tab to its Add button, Enter.
    player.keyboard.press("/")
    player.keyboard.type("Arcane Archer")
    add_button = player.locator("#catalogue-results li[data-slug='arcane-archer'] button.add")
    add_button.wait_for()
    add_button.focus()
    player.keyboard.press("Enter")
    player.locator("#list-panel table.entries").get_by_text("Arcane Archer").wait_for()
    for name, slug in LEGAL_WARBAND[1:]:
        add(player, name, slug)
    add(player, "Broken Demongate", "broken-demongate")
    shown = totals(player)
    assert (shown["points"], shown["points left"], shown["creatures"]) == ("200", "0", "8")
    assert "Legal" in summary(player) and "Not legal" not in summary(player)
    assert player.locator(".check .verdict.legal").inner_text().startswith("Legal")

    # The catalogue says what can no longer be added, and why.
    player.locator("#id_c-search").fill("Medusa")
    why = player.locator("#catalogue-results li[data-slug='medusa'] .why")
    why.wait_for()
    assert "Over the points left: it costs 62, 0 left." in why.inner_text()
    assert "does not show the CG symbol" in why.inner_text()

    player.get_by_label("Name", exact=True).fill("Elves of the Wood")
    player.get_by_label("Name", exact=True).press("Enter")
    wait_for(player, "document.querySelector('input[name=document]').value.includes('Elves of the Wood')")
    player.get_by_role("button", name="Save and get the links").click()
    player.wait_for_url(re.compile(r"/build/ddm/\?list="))
    assert "Saved." in player.locator(".messages").inner_text()
    share_url = player.locator("#share-link").input_value()
    edit_link = player.locator("#edit-link").input_value()
    assert re.search(r"/l/[A-Za-z0-9]{10}$", share_url)
    assert "#token=" in edit_link and "token" not in player.url

    # A friend opens the share link in a fresh browser: read-only, checked now, with a QR code.
    friend = context().new_page()
    friend.goto(share_url)
    assert friend.locator("h1").inner_text() == "Elves of the Wood"
    assert friend.locator(".check .verdict.legal").is_visible()
    assert friend.locator("figure.qr-figure svg").is_visible()
    token = edit_link.split("#token=")[1]
    assert token not in friend.content()
    assert friend.get_by_text("Edit this list").count() == 0

    # The printable page: one page, black on white.
    friend.get_by_role("link", name="Printable page").click()
    friend.wait_for_url(re.compile(r"/print/$"))
    friend.emulate_media(media="print")
    assert not friend.get_by_role("button", name="Print").is_visible()
    colours = friend.evaluate(
        "[...document.querySelectorAll('h1, td, a, .meta, dd, dt')].map(e => getComputedStyle(e).color)"
    )
    assert colours and set(colours) == {"rgb(0, 0, 0)"}
    assert friend.evaluate("getComputedStyle(document.body).backgroundColor") in ("rgb(255, 255, 255)",
                                                                                  "rgba(0, 0, 0, 0)")
    pdf = friend.pdf(format="A4")
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 1, "the list prints on one page"

    # "Copy to my lists": the friend's own copy opens in the builder.
    friend.emulate_media(media="screen")
    friend.goto(share_url)
    friend.get_by_role("button", name="Copy to my lists").click()
    friend.wait_for_url(re.compile(r"/build/ddm/\?list="))
    assert "This is your copy" in friend.locator(".messages").inner_text()
    assert friend.locator("#share-link").input_value() != share_url
    assert "Legal" in summary(friend)

    # The private edit link opens the original in yet another browser; its token leaves the address bar.
    other = context().new_page()
    other.goto(edit_link)
    other.wait_for_url(re.compile(r"/build/ddm/\?list="))
    assert "#token" not in other.url
    assert "Elves of the Wood" in other.locator("h1").inner_text()


def test_an_illegal_warband_shows_every_violation_with_its_hint_and_source(context: Any) -> None:
    page = context().new_page()
    page.goto("/build/ddm/")
    page.get_by_label("Faction", exact=True).select_option("CG")
    wait_for(page, "document.querySelector('input[name=document]').value.includes('\"faction\":\"CG\"')")
    assert "ddm.battle-map" in page.locator(".check").inner_text(), "the book's warband holds its battle map"
    page.locator("#id_battle_map").select_option("Broken Demongate")
    wait_for(page, "document.querySelector('input[name=document]').value.includes('Broken Demongate')")
    for name, slug in [*LEGAL_WARBAND, ("Medusa", "medusa")]:
        add(page, name, slug)
    assert totals(page)["points"] == "262" and "Not legal: 3 problems" in summary(page)
    check = page.locator(".check")
    rules = check.locator("ol.findings li.finding").evaluate_all("els => els.map(e => e.dataset.rule)")
    assert rules == ["ddm.faction", "ddm.max-creatures", "ddm.points-limit"]
    text = check.inner_text()
    assert "Medusa does not show the CG symbol (it shows LE)." in text
    assert "The warband holds 9 creatures; at most 8 are allowed." in text
    assert "The warband costs 262 points; the limit is 200." in text
    assert "Hint: remove at least 62 points" in text
    assert "Source: D&D Miniatures Game Advanced Rules, War Drums starter set (Polish edition)" in text
    assert ".txt" not in text
    medusa_row = page.locator("#item-entries-8")
    assert "does not show the CG symbol" in medusa_row.inner_text(), "the entry carries its own problem"
    check.get_by_role("link", name="show in the list").first.click()
    assert page.url.endswith("#item-entries-8")

    page.get_by_role("button", name="Remove Medusa").click()
    wait_for(page, "!document.querySelector('input[name=document]').value.includes('Medusa')")
    assert "Legal" in summary(page) and "Not legal" not in summary(page)
    # The focused entry is gone: focus goes to the list's heading, not to the top of the page.
    wait_for(page, "document.activeElement && document.activeElement.id === 'list-h'")

    # Closed by mistake before saving: the draft is kept in this browser and comes back with one click.
    page.goto("/build/ddm/")
    page.get_by_role("button", name="Bring back the list you were building before").click()
    page.locator("#item-entries-0").get_by_role("link", name="Arcane Archer").wait_for()
    assert totals(page)["creatures"] == "8"


def test_a_pasted_text_list_is_imported_with_a_report_and_fixed_in_one_click(context: Any) -> None:
    page = context().new_page()
    page.goto("/build/import/")
    page.get_by_label("Your list, as text or JSON").fill(
        "Elves of the Wood\nGame: ddm\nFaction: CG\n\n2x Centaur\n1 Arcane Archer\nElf Archr x2\n"
    )
    page.get_by_role("button", name="Read the list").click()
    page.locator("#builder").wait_for()
    report = page.locator(".import-report").inner_text()
    assert "line 7" in report and "Elf Archer" in report, "the line it could not match, with the closest names"
    entries = page.locator("#list-panel table.entries").inner_text()
    assert "Centaur" in entries and "Arcane Archer" in entries
    page.get_by_role("button", name="use Elf Archer").click()
    wait_for(page, "document.querySelector('input[name=document]').value.includes('\"Elf Archer\"')")
    assert "Elf Archr" not in page.locator("#list-panel table.entries").inner_text()
    assert totals(page)["points"] == "108"
    page.get_by_role("button", name="Save and get the links").click()
    page.wait_for_url(re.compile(r"/build/ddm/\?list="))
    assert page.locator("h1").inner_text() == "Editing “Elves of the Wood”"
