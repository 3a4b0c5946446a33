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


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times the shared page read a list version (checked it and drew its sheet)."""
    calls: list[int] = []
    real = views._shared_read

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(views, "_shared_read", counting)
    return calls


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
