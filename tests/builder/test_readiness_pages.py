"""Readiness where the player is: the builder (live, with every change) and the shared page say "ready to
preview" or which cards need numbers, each a link to the form for that card."""

from __future__ import annotations

import html
from typing import cast

import pytest
from django.contrib.auth.models import User
from django.test import Client

from builder.models import SavedList
from builder.services_entered import Keeper, entered_card_save
from catalogue.selectors import card_get
from tests.builder.test_pages_builder import build, change, document_of
from tests.factories import SavedListFactory, UserFactory
from tests.simulate.test_playability import COLLECTOR

pytestmark = pytest.mark.django_db


def readiness(page: str) -> str:
    start = page.find('<section class="readiness"')
    assert start >= 0, "the list says whether it can be previewed"
    return html.unescape(page[start:page.find("</section>", start)])


def test_the_builder_says_live_whether_the_list_can_be_previewed(client: Client) -> None:
    document, response = build(client, "ddm", ["add:sword-of-heironeous"], faction="LG")
    shown = readiness(response.content.decode())
    assert 'data-readiness="ready"' in shown and "Ready to preview" in shown
    response = change(client, "ddm", document, "add:medusa")
    shown = readiness(response.content.decode())
    assert 'data-readiness="needs-numbers"' in shown and "Needs numbers for" in shown
    assert 'href="/cards/ddm/seed/medusa/numbers/?next=' in shown and "fill them in" in shown
    document = document_of(response)
    shown = readiness(change(client, "ddm", document, "remove:entries:1").content.decode())
    assert 'data-readiness="ready"' in shown, "and back, as the list changes"


def test_the_shared_page_says_what_it_needs_and_is_ready_for_the_player_who_entered_the_numbers() -> None:
    owner = cast(User, UserFactory())
    saved = cast(SavedList, SavedListFactory(document=COLLECTOR, owner=owner))
    visitor = Client()
    shown = readiness(visitor.get(f"/l/{saved.share_code}").content.decode())
    assert 'data-readiness="needs-numbers"' in shown and "Medusa" in shown and "Kobold Warrior" in shown
    for entry in COLLECTOR["entries"]:
        slug = entry["card"].lower().replace(" ", "-")
        card = card_get(game="ddm", ruleset="seed", slug=slug)
        assert card is not None
        entered_card_save(keeper=Keeper(user=owner), card=card,
                          raw={"attacks": [{"kind": "melee", "bonus": 6, "damage": 10}]}, source="test")
    client = Client()
    client.force_login(owner)
    shown = readiness(client.get(f"/l/{saved.share_code}").content.decode())
    assert 'data-readiness="ready"' in shown and "Entered by a player" in shown
    assert 'data-readiness="needs-numbers"' in readiness(visitor.get(f"/l/{saved.share_code}").content.decode()), (
        "a visitor does not see the owner's numbers")
