"""The builder as a new player walked it (issue 18): searching a pack by its name, the rules and format a
new list starts with, a draft brought back whole, a Dungeon Command pack loaded as it comes, only what I
own, "add to my list" from a card's page, the history's changes, and the shared page as a table sheet."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest
from django.test import Client

from builder.models import SavedList
from builder.services_collections import collection_add_set, collection_set_quantities
from catalogue.models import Card
from tests.builder.test_pages_builder import change, document_of, text_of
from tests.factories import SavedListFactory, UserFactory

pytestmark = pytest.mark.django_db


def rows(response: Any) -> list[str]:
    return re.findall(r'<li class="cat-row[^"]*" data-slug="([^"]+)"', response.content.decode())


def test_searching_a_set_or_pack_by_its_name_finds_its_cards() -> None:
    client = Client()
    found = rows(client.get("/build/ddm/", {"c-search": "Harbinger"}))
    harbinger = set(Card.objects.filter(game__slug="ddm", ruleset__slug="seed", kind="creature",
                                        product_set__name="Harbinger").values_list("slug", flat=True))
    assert found and set(found) <= harbinger
    pack = rows(client.get("/build/dungeon-command/", {"c-search": "heart of cormyr"}))
    assert pack and set(pack) <= set(Card.objects.filter(game__slug="dungeon-command",
                                                         product_set__name="Heart of Cormyr")
                                     .values_list("slug", flat=True))


def test_a_new_list_starts_with_the_rules_and_format_the_player_chose_last() -> None:
    client = Client()
    document = document_of(client.get("/build/ddm/?ruleset=ddm-guild"))
    assert document["format"] == "standard-200", "the Guild's standard game, not the quick one"
    document = document_of(change(client, "ddm", document, format="epic-500"))
    assert document["format"] == "epic-500"
    again = document_of(client.get("/build/ddm/"))
    assert (again["ruleset"], again["format"]) == ("ddm-guild", "epic-500")
    assert document_of(Client().get("/build/ddm/"))["ruleset"] == "seed", "another player's choice is theirs"


def test_a_draft_brought_back_keeps_its_name_faction_and_format() -> None:
    client = Client()
    kept = {"game": "ddm", "ruleset": "seed", "format": "skirmish-300", "name": "Elves of the Wood",
            "faction": "CG", "battle_map": "Broken Demongate", "entries": [{"card": "Centaur", "qty": 2}]}
    # The page's fields still show the blank list it replaces: a restore takes the draft whole.
    response = change(client, "ddm", kept, "restore", name="", faction="", format="skirmish-200")
    assert document_of(response) == kept


def test_a_dungeon_command_pack_loads_as_it_comes_and_is_a_ready_warband() -> None:
    client = Client()
    document = document_of(client.get("/build/dungeon-command/"))
    document["name"] = "Cormyr"
    response = change(client, "dungeon-command", document, "pack", pack="heart-of-cormyr")
    loaded = document_of(response)
    pack = Card.objects.filter(game__slug="dungeon-command", product_set__slug="heart-of-cormyr")
    assert loaded["format"] == "faction-box" and loaded["box"] == "Heart of Cormyr" and loaded["name"] == "Cormyr"
    assert sum(e["qty"] for e in loaded["entries"]) == sum(c.copies for c in pack.filter(kind="creature"))
    assert sum(e["qty"] for e in loaded["orders"]) == sum(c.copies for c in pack.filter(kind="order"))
    assert len(loaded["commanders"]) == 1
    text = text_of(response)
    assert "Not legal" not in text and "Legal" in text


def test_a_signed_in_player_sees_what_they_own_and_can_keep_only_that() -> None:
    me = UserFactory.create()
    archer = Card.objects.get(game__slug="dungeon-command", slug="goblin-archer")
    collection_set_quantities(user=me, game="dungeon-command", quantities={archer.pk: 3})
    client = Client()
    client.force_login(me)
    page = client.get("/build/dungeon-command/", {"c-search": "goblin"})
    assert "you own 3" in text_of(page) and "you own 0" in text_of(page)
    only = client.get("/build/dungeon-command/", {"c-owned": "1"})
    assert rows(only) == ["goblin-archer"]
    collection_add_set(user=me, game="ddm", set_slug="harbinger")
    ddm = client.get("/build/ddm/", {"c-search": "Arcane Archer", "c-owned": "1"})
    assert "arcane-archer" in rows(ddm), "a DDM card counts its figure"
    assert "Only what I own" not in Client().get("/build/ddm/").content.decode()


def test_a_cards_page_adds_it_to_a_list() -> None:
    client = Client()
    page = client.get("/catalogue/ddm/seed/centaur/").content.decode()
    assert 'href="/build/ddm/?ruleset=seed&amp;add=centaur"' in page
    response = client.get("/build/ddm/?ruleset=seed&add=centaur")
    assert document_of(response)["entries"] == [{"card": "Centaur", "qty": 1}]
    assert 'data-add="centaur"' in response.content.decode(), "the browser's draft takes it when there is one"
    assert client.get("/build/ddm/?add=no-such-card").status_code == 404


def test_the_history_says_what_changed_between_versions() -> None:
    client = Client()
    document = {"game": "ddm", "ruleset": "seed", "format": "skirmish-200", "name": "Elves", "faction": "CG",
                "battle_map": "Broken Demongate", "entries": [{"card": "Centaur", "qty": 1}]}
    response = change(client, "ddm", document, "save", htmx=False)
    saved = SavedList.objects.get()
    changed = {**document, "format": "epic-500", "entries": [{"card": "Centaur", "qty": 3},
                                                             {"card": "Arcane Archer", "qty": 1}]}
    client.post("/build/ddm/", {"document": json.dumps(changed), "op": "save", "list": str(saved.pk),
                                "format": "epic-500"})
    page = re.sub(r"\s+", " ", text_of(client.get(f"/build/ddm/?list={saved.pk}")))
    assert "+1 Arcane Archer; +2 Centaur; format: Assault, 200 points → Epic Assault, 500 points" in page
    assert "+1 Centaur" in page, "the first version: from an empty list"
    assert response.status_code == 303


def test_the_shared_page_and_print_are_a_table_sheet_with_its_stamp() -> None:
    document = {"game": "ddm", "ruleset": "seed", "format": "skirmish-200", "name": "Elves", "faction": "CG",
                "battle_map": "Broken Demongate", "entries": [{"card": "Wood Elf Ranger", "qty": 1},
                                                              {"card": "Centaur", "qty": 1}]}
    original = SavedListFactory.create(document=document)
    client = Client()
    client.post(f"/l/{original.share_code}/fork/")
    copy = SavedList.objects.exclude(pk=original.pk).get()
    for url in (f"/l/{copy.share_code}", f"/l/{copy.share_code}/print/"):
        text = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", client.get(url).content.decode())))
        assert "Assault, 200 points" in text and "Chaotic Good" in text and "skirmish-200" not in text
        assert re.search(r"AC \d+ · HP \d+", text), "a stat line"
        assert "Hunter" in text and "Orc Foe" in text, "the Wood Elf Ranger's abilities, at the table"
    printed = client.get(f"/l/{copy.share_code}/print/").content.decode()
    assert 'class="qr"' in printed and "list digest" in printed and "catalogue" in printed
    assert f'href="/l/{original.share_code}"' in client.get(f"/l/{copy.share_code}").content.decode()
