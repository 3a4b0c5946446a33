"""The matchup form as a player meets it: a picker of their saved lists and the lists shared with them (besides a
link or a pasted document), errors that name the list and the creature, and two lists of different games told
so in their own words. And the catalogue card's page, which leads to the form for the numbers it lacks."""

from __future__ import annotations

import json
import re
from typing import cast

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client

from builder.models import SavedList
from builder.services_entered import Keeper, entered_card_save
from catalogue.selectors import card_get
from simulate.models import Matchup
from tests.factories import SavedListFactory, UserFactory
from tests.simulate.matchups import CHAOTIC, LAWFUL
from tests.simulate.test_playability import COLLECTOR, DUNGEON_COMMAND

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_rate_limits() -> None:
    cache.clear()


def picker_options(page: str, side: str) -> list[str]:
    select = re.search(rf'<select name="{side}_list".*?</select>', page, re.S)
    assert select is not None, f"no picker for {side}"
    return re.findall(r'<option value="([^"]*)"', select.group(0))


def test_the_picker_offers_my_lists_and_the_lists_shared_with_me_and_nobody_elses():
    me, friend, stranger = (cast(User, UserFactory()) for _ in range(3))
    mine = cast(SavedList, SavedListFactory(document=LAWFUL, owner=me))
    theirs = cast(SavedList, SavedListFactory(document=CHAOTIC, owner=friend))
    cast(SavedList, SavedListFactory(document={**CHAOTIC, "name": "Hidden"}, owner=stranger))
    client = Client()
    client.force_login(me)
    assert picker_options(client.get("/matchups/new/").content.decode(), "a") == ["", f"/l/{mine.share_code}"]
    client.get(f"/l/{theirs.share_code}")  # the friend sent me the link
    client.get(f"/l/{mine.share_code}")  # my own list is not "shared with me" twice
    page = client.get("/matchups/new/").content.decode()
    assert picker_options(page, "b") == ["", f"/l/{mine.share_code}", f"/l/{theirs.share_code}"]
    assert "My lists" in page and "Shared with me" in page and "Hidden" not in page

    response = client.post("/matchups/new/", {"a_list": f"/l/{mine.share_code}", "a": "",
                                              "b_list": f"/l/{theirs.share_code}", "b": "", "battles": "4"})
    assert response.status_code == 303, response.content.decode()[:2000]
    matchup = Matchup.objects.get()
    assert (matchup.a_document["name"], matchup.b_document["name"]) == ("Heironeous", "Corellon")


def test_a_side_is_picked_or_given_not_both_and_not_neither():
    me = cast(User, UserFactory())
    mine = cast(SavedList, SavedListFactory(document=LAWFUL, owner=me))
    client = Client()
    client.force_login(me)
    neither = client.post("/matchups/new/", {"a_list": "", "a": "", "b": json.dumps(CHAOTIC), "battles": "4"})
    assert neither.status_code == 400 and "Pick one of your lists" in neither.content.decode()
    both = client.post("/matchups/new/", {"a_list": f"/l/{mine.share_code}", "a": json.dumps(LAWFUL),
                                          "b": json.dumps(CHAOTIC), "battles": "4"})
    assert both.status_code == 400 and "You picked a list above" in both.content.decode()
    unknown = client.post("/matchups/new/", {"a_list": "/l/not-mine", "b": json.dumps(CHAOTIC), "battles": "4"})
    assert unknown.status_code == 400, "only the lists offered can be picked"
    assert not Matchup.objects.exists()


def test_two_lists_of_different_games_get_their_own_message_in_the_games_names():
    response = Client().post("/matchups/new/", {"a": json.dumps(LAWFUL), "b": json.dumps(DUNGEON_COMMAND),
                                                "battles": "4"})
    text = response.content.decode().replace("&#x27;", "'")
    assert response.status_code == 400
    assert "The two lists are of different games: “Heironeous” is a D&amp;D Miniatures list and “Cormyr” a " \
           "Dungeon Command list." in text
    hungarian = Client(headers={"accept-language": "hu"}).post(
        "/matchups/new/", {"a": json.dumps(LAWFUL), "b": json.dumps(DUNGEON_COMMAND), "battles": "4"})
    assert "különböző játékokhoz" in hungarian.content.decode(), "in the reader's language"
    assert "no battle simulator" not in text and "has no simulator" not in text


def test_an_unplayable_list_is_refused_naming_the_list_and_each_creature_never_a_pointer():
    response = Client().post("/matchups/new/", {"a": json.dumps(COLLECTOR), "b": json.dumps(LAWFUL),
                                                "battles": "4"})
    text = response.content.decode().replace("&#x27;", "'")
    assert response.status_code == 400
    refusal = text[text.index("data-unplayable"):]
    refusal = refusal[:refusal.index("</div>")]
    assert "Collector's Evil" in refusal and "needs numbers for" in refusal
    for slug in ("medusa", "kobold-warrior"):
        assert f'href="/cards/ddm/seed/{slug}/numbers/?next=%2Fmatchups%2Fnew%2F"' in refusal, slug
    assert "an attack" in refusal and "Heironeous" not in refusal, "only the list that cannot be played"
    assert "entries/" not in text
    assert not Matchup.objects.exists()


def test_the_catalogue_card_leads_to_its_numbers_form_and_shows_the_players_own_entered_by_a_player():
    me, stranger = cast(User, UserFactory()), cast(User, UserFactory())
    ranger = card_get(game="ddm", ruleset="seed", slug="wood-elf-ranger")
    assert ranger is not None
    entered_card_save(keeper=Keeper(user=me), card=ranger, raw={"level": 5, "hp": 40}, source="my card")
    client = Client()
    url = "/catalogue/ddm/seed/wood-elf-ranger/"
    anonymous = client.get(url).content.decode()
    assert 'href="/cards/ddm/seed/wood-elf-ranger/numbers/"' in anonymous and "Entered by a player" not in anonymous
    client.force_login(stranger)
    assert "Entered by a player" not in client.get(url).content.decode()
    client.force_login(me)
    page = client.get(url).content.decode()
    assert "Entered by a player" in page and "Level (Save), HP" in page
