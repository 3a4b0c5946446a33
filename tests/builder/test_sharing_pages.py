"""/l/<share_code>: the list as a player reads it, with its current validation, a QR code of the link,
a printable page, text and JSON exports, and "copy to my lists"."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client

from builder.models import ListVersion, SavedList
from builder.services import list_create
from builder.textformat import list_import
from builder.views import EDIT_COOKIE

pytestmark = pytest.mark.django_db

WARBAND: dict[str, Any] = {
    "game": "ddm", "ruleset": "seed", "format": "skirmish-200", "name": "Elves of the Wood", "faction": "CG",
    "entries": [{"card": "Arcane Archer", "qty": 1}, {"card": "Centaur", "qty": 2}, {"card": "Medusa", "qty": 1}],
    "battle_map": "Broken Demongate", "notes": "Archers first.\nThen the centaurs.",
}
DECK: dict[str, Any] = {
    "game": "dungeon-command", "format": "custom", "commanders": ["Snig the Axe"],
    "entries": [{"card": "Goblin Archer", "qty": 4}], "orders": [{"card": "Acrobatics", "qty": 2}],
}
ARMY: dict[str, Any] = {
    "game": "battlelore2", "format": "standard", "faction": "daqan-lords",
    "deployment": [{"card": "Citadel Guard", "hex": "r2c5", "row": 2, "terrain": "forest"}],
    "command_tent": {"hex": "r3c7", "row": 3, "terrain": "clear"},
}


@pytest.fixture
def shared() -> tuple[SavedList, str]:
    return list_create(document=WARBAND)


def text(response: Any) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def test_the_shared_page_shows_the_list_its_totals_and_its_current_violations(shared: tuple[SavedList, str]) -> None:
    saved, token = shared
    response = Client().get(f"/l/{saved.share_code}")
    assert response.status_code == 200
    page = response.content.decode()
    words = text(response)
    assert "Elves of the Wood" in words and "Arcane Archer" in words and "2×" in words
    assert "40 pts" in words, "two centaurs at 20"
    assert "Not legal" in words and "Medusa does not show the CG symbol" in words
    assert "Archers first.<br>Then the centaurs." in page
    assert token not in page, "the edit token is never on the shared page"
    assert str(saved.pk) not in page, "nor is the list's id, to a stranger"
    assert "Edit this list" not in words


@pytest.mark.parametrize("document", [DECK, ARMY], ids=["dungeon-command", "battlelore2"])
def test_every_game_reads_on_its_shared_page(document: dict[str, Any]) -> None:
    saved, _token = list_create(document=document)
    response = Client().get(f"/l/{saved.share_code}")
    assert response.status_code == 200
    assert ("Snig the Axe" if document is DECK else "Citadel Guard") in text(response)


def test_legality_is_computed_when_shown_not_stored(shared: tuple[SavedList, str]) -> None:
    saved, _ = shared
    legal = {**WARBAND, "entries": [{"card": "Arcane Archer", "qty": 1}, {"card": "Centaur", "qty": 1}]}
    ListVersion.objects.filter(saved_list=saved).update(document=legal)
    assert "Not legal" not in text(Client().get(f"/l/{saved.share_code}"))


def test_the_shared_page_has_a_qr_code_of_its_link_inline(shared: tuple[SavedList, str]) -> None:
    saved, _ = shared
    page = Client().get(f"/l/{saved.share_code}").content.decode()
    assert re.search(r'<svg viewBox="[^"]+" class="qr">', page)
    assert f"http://testserver/l/{saved.share_code}" in page


def test_the_printable_page_is_one_page_of_the_list_with_its_qr_code(shared: tuple[SavedList, str]) -> None:
    saved, token = shared
    response = Client().get(f"/l/{saved.share_code}/print/")
    assert response.status_code == 200
    page = response.content.decode()
    assert 'class="print-page"' in page and 'class="qr"' in page
    assert "Arcane Archer" in page and "Medusa does not show the CG symbol" in page
    assert token not in page and 'class="site"' not in page, "no site header or footer to print"


def test_the_print_stylesheet_prints_black_on_white_on_one_page() -> None:
    from pathlib import Path

    css = (Path(__file__).resolve().parents[2] / "static" / "css" / "muster.css").read_text()
    block = css[css.index("/* ---- The shared list"):]
    assert "@media print" in block and "@page" in block
    assert "color: #000 !important" in block and "background: transparent !important" in block


def test_the_text_export_reads_back_as_the_same_list(shared: tuple[SavedList, str]) -> None:
    saved, _ = shared
    response = Client().get(f"/l/{saved.share_code}/text/")
    assert response.status_code == 200 and response["Content-Type"] == "text/plain; charset=utf-8"
    body = response.content.decode()
    assert "2x Centaur · 40 pts" in body and f"/l/{saved.share_code}" in body
    result = list_import(text=body)
    assert result.document == WARBAND and result.problems == []


def test_the_json_export_is_the_list_document(shared: tuple[SavedList, str]) -> None:
    saved, _ = shared
    response = Client().get(f"/l/{saved.share_code}/json/")
    assert response.status_code == 200 and response["Content-Type"].startswith("application/json")
    disposition = response["Content-Disposition"]
    assert "attachment" in disposition and "Elves-of-the-Wood.json" in disposition
    assert json.loads(response.content) == WARBAND


def test_copy_to_my_lists_makes_a_list_of_ones_own_and_leaves_the_original(shared: tuple[SavedList, str]) -> None:
    saved, _ = shared
    friend = Client()
    response = friend.post(f"/l/{saved.share_code}/fork/")
    assert response.status_code == 303
    fork = SavedList.objects.exclude(pk=saved.pk).get()
    assert response["Location"] == f"/build/ddm/?list={fork.pk}"
    assert fork.forked_from == saved and fork.share_code != saved.share_code
    assert str(fork.pk) in response.cookies[EDIT_COOKIE].value
    assert friend.get(response["Location"]).status_code == 200, "the copy opens in the builder"
    assert friend.get(f"/build/ddm/?list={saved.pk}").status_code == 403, "the original stays its owner's"
    assert ListVersion.objects.filter(saved_list=saved).count() == 1


def test_a_signed_in_player_copies_into_their_account(shared: tuple[SavedList, str], django_user_model: Any) -> None:
    saved, _ = shared
    user = django_user_model.objects.create_user("friend", password="a long pass phrase 42")
    client = Client()
    client.force_login(user)
    client.post(f"/l/{saved.share_code}/fork/")
    assert SavedList.objects.get(forked_from=saved).owner == user


def test_the_owner_sees_an_edit_link_on_the_shared_page_without_the_token() -> None:
    owner = Client()
    response = owner.post("/build/ddm/", {"document": json.dumps({**WARBAND, "ruleset": "seed"}), "op": "save"})
    saved = SavedList.objects.get()
    token = response.cookies[EDIT_COOKIE].value.split(":")[1]
    page = owner.get(f"/l/{saved.share_code}").content.decode()
    assert f"/build/ddm/?list={saved.pk}" in page and token not in page


def test_the_shared_page_says_when_the_catalogue_changed_since_the_save(shared: tuple[SavedList, str]) -> None:
    saved, _ = shared
    ListVersion.objects.filter(saved_list=saved).update(catalogue_version="0ld0ld0ld0ld")
    assert "The catalogue changed since this list was saved." in text(Client().get(f"/l/{saved.share_code}"))


def test_unknown_share_codes_are_404() -> None:
    client = Client()
    for url in ("/l/nope", "/l/nope/print/", "/l/nope/text/", "/l/nope/json/", "/l/" + "x" * 40):
        assert client.get(url).status_code == 404
    assert client.post("/l/nope/fork/").status_code == 404


def test_a_shared_list_opened_before_a_catalogue_correction_shows_the_correction(
    shared: tuple[SavedList, str],
) -> None:
    """What a shared list shows is kept between readers (builder/readcache.py), never past a catalogue change."""
    from catalogue.models import DdmCreature
    from catalogue.services import card_correct

    saved, _ = shared
    client = Client()
    assert "40 pts" in text(client.get(f"/l/{saved.share_code}"))
    api = client.get(f"/api/v1/shared/{saved.share_code}/").json()
    for centaur in DdmCreature.objects.filter(name="Centaur", ruleset__slug="seed"):  # each set's printing
        card_correct(card=centaur, values={"cost": 25}, reason="a test's correction")
    assert "50 pts" in text(client.get(f"/l/{saved.share_code}"))
    again = client.get(f"/api/v1/shared/{saved.share_code}/").json()
    assert again["validation"] != api["validation"] and again["catalogue_changes"]["changed"]
