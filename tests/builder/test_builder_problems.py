"""A list the rules cannot check yet says why by the control to use, in the reader's language: never a JSON
pointer ("/box") nor the validator's schema English ("is required by the format first-game")."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from builder.problems import draft_problems
from tests.builder.test_pages_builder import change, document_of, text_of

pytestmark = pytest.mark.django_db

POINTER = re.compile(r"(?<![\w/])/(?:box|symbol|entries|format|name|commanders|orders)\b")


def _first_game(client: Client) -> Any:
    document = document_of(client.get("/build/dungeon-command/"))
    return change(client, "dungeon-command", document, format="first-game")


@pytest.mark.parametrize(("language", "pack", "needs"), [
    ("en", "Faction pack: choose one", "format needs it"),
    ("hu", "Frakciócsomag: válassz egyet", "formátuma"),
    ("ru", "Набор фракции: выберите", "формат списка"),
    ("pl", "Zestaw frakcji: wybierz", "format listy"),
])
def test_a_first_game_without_its_pack_names_the_pack_control_in_the_readers_language(
        language: str, pack: str, needs: str) -> None:
    client = Client()
    client.cookies["django_language"] = language
    response = _first_game(client)
    assert response.status_code == 200
    page = response.content.decode()
    check = page[page.index('<section class="check"'):]
    check = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", check[:check.index("</section>")]))
    assert pack in check and needs in check, check
    assert not POINTER.search(check) and "is required" not in check and "first-game" not in check, check


def test_the_pack_chosen_the_list_is_checked() -> None:
    client = Client()
    response = _first_game(client)
    document = document_of(response)
    chosen = change(client, "dungeon-command", document, box="Heart of Cormyr", symbol="gold")
    text = text_of(chosen)
    assert "Faction pack: choose one" not in text and "cannot be checked" not in text


def test_a_row_a_field_and_an_unknown_key_are_named_as_a_player_reads_them() -> None:
    document = {"game": "ddm", "ruleset": "seed", "format": "skirmish-200", "entries": [{"card": "Centaur"}]}
    problems = draft_problems(errors={
        "/entries/2/qty": ["must be a whole number"],
        "/name": ["must be at most 200 characters long"],
        "/zzz": ["is not a key of a list (known: …)"],
        "/faction": ["is required"],
    }, document=document)
    assert problems[0].endswith("line 3: Muster cannot read what is there; choose or type it again.")
    assert problems[1] == "Name: Muster cannot read what is there; choose or type it again."
    assert "Other keys of the list document" in problems[2]
    assert problems[3] == "Faction: choose one; this list’s format needs it."
    assert not any(POINTER.search(p) or "qty" in p or "zzz" in p for p in problems)


def test_the_catalogue_beside_a_list_names_each_cards_faction_never_its_slug() -> None:
    page = Client().get("/build/dungeon-command/").content.decode()
    shown = re.findall(r'<span class="faction" translate="no">([^<]*)</span>', page)
    assert shown, "the catalogue's cards show their factions"
    assert not [f for f in shown if re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)+", f)], shown
    ddm = Client().get("/build/ddm/").content.decode()
    assert re.search(r'<span class="faction" translate="no">(?:LG|LE|CG|CE)</span>', ddm), "DDM keeps its symbols"
