"""The shared page keeps what a list version costs to read (its check, table sheet, preview readiness and the
catalogue's changes) per list version, catalogue version, language and the reader's own entered numbers
(builder/readcache.py): read once for many readers, and never shown stale after any of those changes."""

from __future__ import annotations

import html
import json
import re
from typing import Any, cast

import pytest
from django.contrib.auth.models import User
from django.test import Client

from builder import views
from builder.models import EnteredCard, SavedList
from builder.services import list_create, list_update
from builder.services_entered import Keeper, entered_card_save
from catalogue.models import DdmCreature
from catalogue.selectors import card_get
from catalogue.services import card_correct
from tests.factories import SavedListFactory, UserFactory
from tests.simulate.test_playability import COLLECTOR

pytestmark = pytest.mark.django_db

WARBAND: dict[str, Any] = {
    "game": "ddm", "ruleset": "seed", "format": "skirmish-200", "name": "Kept between readers", "faction": "CG",
    "entries": [{"card": "Arcane Archer", "qty": 1}, {"card": "Centaur", "qty": 2}],
}


def text(response: Any) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.unescape(response.content.decode())))


def readiness(response: Any) -> str:
    page = html.unescape(response.content.decode())
    start = page.find('<section class="readiness"')
    assert start >= 0
    return page[start:page.find("</section>", start)]


def _count_calls(monkeypatch: pytest.MonkeyPatch, name: str) -> list[int]:
    calls: list[int] = []
    real = getattr(views, name)

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(views, name, counting)
    return calls


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times the shared page read a list version (checked it and drew its sheet)."""
    return _count_calls(monkeypatch, "_shared_read")


def test_many_readers_of_one_version_are_read_once(counted: list[int]) -> None:
    saved, _ = list_create(document=WARBAND)
    first = text(Client().get(f"/l/{saved.share_code}"))
    for _ in range(3):
        assert text(Client().get(f"/l/{saved.share_code}")) == first
    assert len(counted) == 1
    assert "Centaur" in first and "40 pts" in first


def test_a_new_version_of_the_list_is_read_afresh(counted: list[int]) -> None:
    saved, _ = list_create(document=WARBAND)
    assert "Medusa" not in text(Client().get(f"/l/{saved.share_code}"))
    list_update(saved_list=saved, document={**WARBAND, "entries": [*WARBAND["entries"], {"card": "Medusa"}]})
    words = text(Client().get(f"/l/{saved.share_code}"))
    assert "Medusa" in words and "Medusa does not show the CG symbol" in words
    assert len(counted) == 2


def test_a_catalogue_change_shows_at_once_in_the_check_and_the_table_sheet(counted: list[int]) -> None:
    saved, _ = list_create(document=WARBAND)
    before = text(Client().get(f"/l/{saved.share_code}"))
    assert "40 pts" in before and "HP 97" not in before
    for centaur in DdmCreature.objects.filter(name="Centaur", ruleset__slug="seed"):  # each set's printing
        card_correct(card=centaur, values={"cost": 25, "hp": 97}, reason="a test's correction")
    after = text(Client().get(f"/l/{saved.share_code}"))
    assert "50 pts" in after, "the check"
    assert re.search(r"HP 97\b", after), "the table sheet"
    assert "The catalogue changed since this list was saved." in after
    assert len(counted) == 2


def test_a_reader_who_enters_numbers_sees_them_at_once_and_others_do_not() -> None:
    owner = cast(User, UserFactory())
    saved = cast(SavedList, SavedListFactory(document=COLLECTOR, owner=owner))
    client, visitor = Client(), Client()
    client.force_login(owner)
    assert 'data-readiness="needs-numbers"' in readiness(client.get(f"/l/{saved.share_code}"))
    assert 'data-readiness="needs-numbers"' in readiness(visitor.get(f"/l/{saved.share_code}"))
    for entry in COLLECTOR["entries"]:
        card = card_get(game="ddm", ruleset="seed", slug=entry["card"].lower().replace(" ", "-"))
        assert card is not None
        entered_card_save(keeper=Keeper(user=owner), card=card,
                          raw={"attacks": [{"kind": "melee", "bonus": 6, "damage": 10}]}, source="test")
    shown = readiness(client.get(f"/l/{saved.share_code}"))
    assert 'data-readiness="ready"' in shown and "Entered by a player" in shown, "the reader's own numbers, at once"
    assert 'data-readiness="needs-numbers"' in readiness(visitor.get(f"/l/{saved.share_code}")), (
        "another reader's kept read is not the owner's")
    EnteredCard.objects.filter(slug="medusa").delete()  # the reader takes one back
    assert 'data-readiness="needs-numbers"' in readiness(client.get(f"/l/{saved.share_code}"))


def test_links_that_depend_on_the_reader_are_added_per_request() -> None:
    """The owner's links to a card's numbers form carry their list; a visitor then reading the same kept version
    gets links without it."""
    owner = Client()
    document = {**WARBAND, "entries": [{"card": "Medusa"}]}
    owner.post("/build/ddm/", {"document": json.dumps(document), "op": "save"})
    saved = SavedList.objects.get()
    mine = owner.get(f"/l/{saved.share_code}").content.decode()
    assert f"list={saved.pk}" in mine and "/cards/ddm/seed/medusa/numbers/" in mine
    theirs = Client().get(f"/l/{saved.share_code}").content.decode()
    assert "/cards/ddm/seed/medusa/numbers/" in theirs and str(saved.pk) not in theirs


# ------------------------------------------------------------------ the whole page and the API, kept for visitors


@pytest.fixture
def rendered(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times the shared page was put together (its context read and its template rendered)."""
    return _count_calls(monkeypatch, "_shared_context")


def csrf_tokens(response: Any) -> list[str]:
    return re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', response.content.decode())


def test_visitors_are_served_one_kept_page_each_with_a_csrf_token_of_their_own(rendered: list[int]) -> None:
    from django.contrib.sessions.models import Session

    saved, _ = list_create(document=WARBAND)
    first, second = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    one, two = first.get(f"/l/{saved.share_code}"), second.get(f"/l/{saved.share_code}")
    assert one.status_code == two.status_code == 200
    assert len(rendered) == 1, "the second visitor was served the kept page"
    assert text(one) == text(two) and "Centaur" in text(one)
    mine, theirs = csrf_tokens(one), csrf_tokens(two)
    assert len(mine) == len(theirs) == 2 and not set(mine) & set(theirs), "each visitor's own token in both forms"
    assert views.CSRF_MARK not in one.content.decode()
    assert not Session.objects.exists(), "a visitor without a session is given none (no database write)"
    fork = first.post(f"/l/{saved.share_code}/fork/", {"csrfmiddlewaretoken": mine[0]})
    assert fork.status_code == 303, "the kept page's form works with the token it was given"
    assert SavedList.objects.count() == 2
    forged = second.post(f"/l/{saved.share_code}/fork/", {"csrfmiddlewaretoken": "x" * 64})
    assert forged.status_code == 403


def test_a_browser_that_has_the_page_is_told_it_has_not_changed_until_it_changes() -> None:
    saved, _ = list_create(document=WARBAND)
    client = Client()
    page = client.get(f"/l/{saved.share_code}")
    etag = page["ETag"]
    again = client.get(f"/l/{saved.share_code}", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and not again.content
    assert Client().get(f"/l/{saved.share_code}", HTTP_IF_NONE_MATCH=etag).status_code == 200, (
        "another browser (another CSRF secret) gets the whole page")
    list_update(saved_list=saved, document={**WARBAND, "entries": [*WARBAND["entries"], {"card": "Medusa"}]})
    changed = client.get(f"/l/{saved.share_code}", HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and "Medusa" in text(changed) and changed["ETag"] != etag
    etag = changed["ETag"]
    for centaur in DdmCreature.objects.filter(name="Centaur", ruleset__slug="seed"):
        card_correct(card=centaur, values={"cost": 25}, reason="a test's correction")
    corrected = client.get(f"/l/{saved.share_code}", HTTP_IF_NONE_MATCH=etag)
    assert corrected.status_code == 200 and "The catalogue changed since this list was saved." in text(corrected)


def test_the_kept_page_never_carries_an_owners_or_a_signed_in_readers_parts(rendered: list[int]) -> None:
    owner = Client()
    owner.post("/build/ddm/", {"document": json.dumps({**WARBAND, "entries": [{"card": "Medusa"}]}), "op": "save"})
    saved = SavedList.objects.get()
    url = f"/l/{saved.share_code}"
    reader = cast(User, UserFactory(username="someone-else"))
    signed_in = Client()
    signed_in.force_login(reader)
    for order in ([owner, signed_in, Client()], [Client(), owner, signed_in, Client()]):
        pages = {id(c): c.get(url).content.decode() for c in order}
        mine, theirs = pages[id(owner)], pages[id(order[-1])]
        assert "Edit this list" in mine and f"list={saved.pk}" in mine
        assert "Edit this list" not in theirs and str(saved.pk) not in theirs
        assert "someone-else" in pages[id(signed_in)] and "someone-else" not in theirs
        assert "Log in" in theirs


def test_a_visitor_in_another_language_or_with_a_message_waiting_is_not_served_the_kept_page() -> None:
    saved, _ = list_create(document=WARBAND)
    english = Client().get(f"/l/{saved.share_code}")
    hungarian = Client(HTTP_ACCEPT_LANGUAGE="hu").get(f"/l/{saved.share_code}")
    assert '<html lang="en">' in english.content.decode() and '<html lang="hu">' in hungarian.content.decode()
    assert text(english) != text(hungarian)
    forker = Client()
    forker.get(f"/l/{saved.share_code}")
    forker.post(f"/l/{saved.share_code}/fork/")  # "This is your copy", shown on the next page
    copy = SavedList.objects.exclude(pk=saved.pk).get()
    visitor = Client()
    visitor.get(f"/l/{saved.share_code}")
    shown = forker.get(f"/l/{copy.share_code}")
    assert "This is your copy" in text(shown) and "This is your copy" not in text(visitor.get(f"/l/{copy.share_code}"))


def test_a_visitor_is_offered_the_lists_they_opened_without_a_session_and_forgets_them_on_logging_out() -> None:
    from django.contrib.sessions.models import Session

    from tests.simulate.test_matchup_form import picker_options

    first, _ = list_create(document=WARBAND)
    second, _ = list_create(document={**WARBAND, "name": "Another"})
    visitor = Client()
    for saved in (first, second, first):
        assert visitor.get(f"/l/{saved.share_code}").status_code == 200
    assert not Session.objects.exists()
    offered = picker_options(visitor.get("/matchups/new/").content.decode(), "a")
    assert offered == ["", f"/l/{first.share_code}", f"/l/{second.share_code}"], "the newest first, each once"
    again = visitor.get(f"/l/{first.share_code}")
    assert "muster_seen" not in again.cookies, "opening the newest again changes nothing"
    visitor.cookies["muster_seen"] = "forged|codes"
    assert picker_options(visitor.get("/matchups/new/").content.decode(), "a") == [""], "a forged cookie reads empty"
    user = cast(User, UserFactory())
    reader = Client()
    reader.force_login(user)
    reader.get(f"/l/{second.share_code}")
    assert f"/l/{second.share_code}" in picker_options(reader.get("/matchups/new/").content.decode(), "a")
    reader.post("/accounts/logout/")
    assert picker_options(reader.get("/matchups/new/").content.decode(), "a") == [""]


def test_the_shared_list_api_is_kept_whole_and_answers_304_until_the_list_changes(settings: Any) -> None:
    settings.ALLOWED_HOSTS = ["testserver", "other.example"]
    saved, _ = list_create(document=WARBAND)
    url = f"/api/v1/shared/{saved.share_code}/"
    first = Client().get(url)
    body = first.json()
    assert first.status_code == 200 and body["version"] == 1 and body["share_url"].endswith(f"/l/{saved.share_code}")
    assert Client().get(url).content == first.content
    assert Client().get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    assert Client(HTTP_HOST="other.example").get(url).json()["share_url"].startswith("http://other.example/"), (
        "the share link names the site asked")
    list_update(saved_list=saved, document={**WARBAND, "entries": [*WARBAND["entries"], {"card": "Medusa"}]})
    changed = Client().get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200 and changed.json()["version"] == 2
    assert "edit_token" not in changed.json()


def test_a_copys_kept_page_names_the_list_it_was_copied_from_as_that_list_is_named_now() -> None:
    from builder.services import list_fork

    source, _ = list_create(document=WARBAND)
    copy, _token = list_fork(saved_list=source, owner=None)
    assert "copied from Kept between readers" in text(Client().get(f"/l/{copy.share_code}"))
    list_update(saved_list=source, document={**WARBAND, "name": "Renamed since"})
    assert "copied from Renamed since" in text(Client().get(f"/l/{copy.share_code}"))
    assert Client().get("/l/no-such-code").status_code == 404
    assert Client().get("/api/v1/shared/no-such-code/").status_code == 404
