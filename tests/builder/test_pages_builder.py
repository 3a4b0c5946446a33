"""/build/<game>/: build a list in the page (every change answers with the list, its totals and every
violation), the catalogue beside it marked with what can no longer be added and why, then save it and
come back to it with its edit link: history, restore, delete."""

from __future__ import annotations

import html
import json
import re
from typing import Any, cast

import pytest
from django.contrib.auth.models import User
from django.test import Client

from builder.models import EnteredCard, ListVersion, SavedList
from builder.selectors import list_current
from builder.services import list_create
from builder.views import EDIT_COOKIE
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

GAMES = ("ddm", "dungeon-command", "battlelore2", "stronghold")
# A legal 200-point Chaotic Good warband of the seeds' rules: eight creatures whose costs and faction
# symbols the bundled catalogue has (48+21+35+20+25+6+32+13 = 200).
LEGAL_WARBAND = [
    "arcane-archer", "axe-sister", "bralani-eladrin", "centaur", "cleric-of-corellon-larethian",
    "devis-half-elf-bard", "elf-pyromancer", "human-wanderer",
]


def document_of(response: Any) -> dict[str, Any]:
    found = re.search(r'name="document" value="([^"]*)"', response.content.decode())
    assert found, "the page carries the list document"
    return json.loads(html.unescape(found.group(1)))


def change(client: Client, game: str, document: dict[str, Any], op: Any = "update", htmx: Any = True,
           **fields: Any) -> Any:
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(f"/build/{game}/", {"document": json.dumps(document), "op": op, **fields}, headers=headers)


def build(client: Client, game: str, ops: list[str], **fields: Any) -> tuple[dict[str, Any], Any]:
    document = document_of(client.get(f"/build/{game}/"))
    response = None
    for op in ops:
        response = change(client, game, document, op, **fields)
        assert response.status_code == 200, response.content.decode()[:500]
        document = document_of(response)
    return document, response


def text_of(response: Any) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode()))


# ------------------------------------------------------------------------------------------ pages


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_builder_page_with_a_blank_list_and_the_catalogue(client: Client, game: str) -> None:
    response = client.get(f"/build/{game}/")
    assert response.status_code == 200
    page = response.content.decode()
    assert 'id="builder"' in page and 'id="catalogue-results"' in page and "csrfmiddlewaretoken" in page
    assert document_of(response)["game"] == game
    assert 'class="cat-row' in page, "the catalogue beside the list shows cards"


def test_the_start_page_lists_the_games_and_an_unknown_game_is_404(client: Client) -> None:
    page = client.get("/build/").content.decode()
    assert all(f"/build/{g}/" in page for g in GAMES)
    assert client.get("/build/chess/").status_code == 404
    assert client.post("/build/chess/", {"document": "{}"}).status_code == 404


def test_adding_cards_answers_with_the_list_the_totals_and_the_catalogue(client: Client) -> None:
    document, response = build(client, "ddm", ["add:arcane-archer", "add:centaur", "add:centaur"], faction="CG")
    assert document["entries"] == [{"card": "Arcane Archer", "qty": 1}, {"card": "Centaur", "qty": 2}]
    assert document["faction"] == "CG"
    page = response.content.decode()
    assert 'id="list-panel"' in page and 'hx-swap-oob="true"' in page, "htmx: the list, and the catalogue out of band"
    assert "<html" not in page, "an htmx change answers with fragments, not a page"
    totals = text_of(response)
    assert re.search(r"88\s+points", totals) and re.search(r"112\s+points left", totals)


def test_one_more_one_fewer_the_copies_field_and_remove(client: Client) -> None:
    document, _ = build(client, "ddm", ["add:centaur", "add:elf-archer"])
    document = document_of(change(client, "ddm", document, "inc:entries:0"))
    assert document["entries"][0]["qty"] == 2
    document = document_of(change(client, "ddm", document, "update", **{"qty-entries-1": "5"}))
    assert document["entries"][1]["qty"] == 5
    document = document_of(change(client, "ddm", document, "dec:entries:0"))
    document = document_of(change(client, "ddm", document, "dec:entries:0"))
    assert [e["card"] for e in document["entries"]] == ["Elf Archer"]
    document = document_of(change(client, "ddm", document, "remove:entries:0"))
    assert document["entries"] == []


def test_a_legal_warband_says_so_and_an_illegal_one_shows_every_violation_with_hint_and_source(client: Client) -> None:
    ops = [f"add:{slug}" for slug in LEGAL_WARBAND] + ["add:broken-demongate"]
    document, response = build(client, "ddm", ops, faction="CG")
    assert len(document["entries"]) == 8
    assert "Legal" in text_of(response) and "Not legal" not in text_of(response)

    response = change(client, "ddm", document, "add:medusa")
    text = text_of(response)
    assert "Not legal" in text
    for rule in ("ddm.faction", "ddm.max-creatures", "ddm.points-limit"):
        assert f'data-rule="{rule}"' in response.content.decode()
    assert "Medusa does not show the CG symbol" in text
    assert "Hint:" in text and "remove at least 62 points" in text
    flat = re.sub(r"\s+", " ", text)
    assert "Source: D&D Miniatures Game Advanced Rules, War Drums starter set (Polish edition) :" in flat
    assert "TWORZENIE DRUŻYNY: Ograniczenie 200 Punktów , p. 6" in flat
    assert ".txt" not in text, "no file name reaches the page"
    assert 'href="#item-entries-8"' in response.content.decode(), "a violation links to the entry it is about"


def test_the_catalogue_marks_what_can_no_longer_be_added_and_says_why(client: Client) -> None:
    document, _ = build(client, "ddm", [f"add:{slug}" for slug in LEGAL_WARBAND[:7]], faction="CG")
    response = change(client, "ddm", document, "search", **{"c-search": "medusa"})
    assert response.status_code == 200
    row = re.search(r'<li class="cat-row blocked" data-slug="medusa">(.*?)</li>', response.content.decode(), re.S)
    assert row, "Medusa is marked"
    why = html.unescape(re.sub(r"<[^>]+>", " ", row.group(1)))
    assert "Over the points left: it costs 62, 13 left." in why
    assert "Medusa does not show the CG symbol" in why

    response = change(client, "ddm", document, "search", **{"c-search": "human wanderer"})
    assert re.search(r'<li class="cat-row" data-slug="human-wanderer">', response.content.decode()), "it still fits"

    full = document_of(change(client, "ddm", document, "add:human-wanderer"))
    response = change(client, "ddm", full, "search", **{"c-search": "jozan"})
    row = re.search(r'data-slug="jozan-cleric-of-pelor">(.*?)</li>', response.content.decode(), re.S)
    assert row and "at most 8 are allowed" in html.unescape(row.group(1)), "the creature limit is reached"


def test_a_copy_limit_marks_the_card_in_dungeon_command(client: Client) -> None:
    document, _ = build(client, "dungeon-command", ["add:goblin-archer"] * 4)
    assert document["entries"] == [{"card": "Goblin Archer", "qty": 4}]
    response = change(client, "dungeon-command", document, "search", **{"c-search": "goblin archer"})
    row = re.search(r'data-slug="goblin-archer">(.*?)</li>', response.content.decode(), re.S)
    assert row and "cat-row blocked" in response.content.decode()
    assert "4 in the list" in html.unescape(row.group(1))


def test_a_search_answers_with_the_catalogue_only_and_pages_through_it(client: Client) -> None:
    document = document_of(client.get("/build/ddm/"))
    response = change(client, "ddm", document, "search", **{"c-search": "elf"})
    page = response.content.decode()
    assert page.lstrip().startswith('<div id="catalogue-results"') and 'id="list-panel"' not in page
    assert 'data-slug="elf-archer"' in page
    found = re.search(r'name="c-shown" value="([^"]+)"', page)
    assert found
    shown = found.group(1)
    second = change(client, "ddm", document, "search", **{"c-search": "elf", "c-page": "2", "c-shown": shown})
    assert "page 2 of" in text_of(second)
    changed = change(client, "ddm", document, "search", **{"c-search": "orc", "c-page": "2", "c-shown": shown})
    assert "page 2 of" not in text_of(changed), "new filters start again at page 1"
    bad = change(client, "ddm", document, "search", **{"c-cost_min": "lots"})
    assert bad.status_code == 200 and "These filters cannot be used" in text_of(bad)


def test_changing_the_rules_changes_the_formats_and_factions(client: Client) -> None:
    document, _ = build(client, "ddm", ["add:centaur"], faction="CG")
    document = document_of(change(client, "ddm", document, ruleset="ddm-guild", format="skirmish-200"))
    assert document["ruleset"] == "ddm-guild"
    assert document["format"] == "standard-200", "the guild rules' standard format"
    assert "faction" not in document, "CG is not a guild faction"
    document = document_of(change(client, "ddm", document, faction="wild"))
    assert document["faction"] == "wild"


def test_a_skirmish_of_any_size_and_the_formats_free_parameters(client: Client) -> None:
    document = document_of(client.get("/build/ddm/"))
    document = document_of(change(client, "ddm", document, format="family:skirmish-", format_size="300"))
    assert document["format"] == "skirmish-300"
    response = change(client, "ddm", document, **{"params-shown": "1",
                                                  "param-commander_required_severity": "violation"})
    assert document_of(response)["params"] == {"map_required": False, "commander_required_severity": "violation"}
    refused = change(client, "ddm", document, format="family:skirmish-", format_size="0")
    assert refused.status_code == 400 and document_of(refused)["format"] == "skirmish-300"


def test_a_misspelt_card_offers_the_closest_names_and_one_click_fixes_it(client: Client) -> None:
    document = {"game": "ddm", "ruleset": "seed", "format": "skirmish-200",
                "entries": [{"card": "Orc Maulr", "qty": 1}]}
    response = change(client, "ddm", document)
    assert 'value="replace:entries:0:Orc Mauler"' in response.content.decode()
    fixed = document_of(change(client, "ddm", document, "replace:entries:0:Orc Mauler"))
    assert fixed["entries"] == [{"card": "Orc Mauler", "qty": 1}]


def test_ddm_entries_take_a_side_and_a_master(client: Client) -> None:
    document, _ = build(client, "ddm", ["add:arcane-archer", "add:centaur"])
    document = document_of(change(client, "ddm", document, **{"version-entries-1": "epic",
                                                             "minion_of-entries-1": "Arcane Archer"}))
    assert document["entries"][1] == {"card": "Centaur", "qty": 1, "version": "epic", "minion_of": "Arcane Archer"}


def test_dungeon_command_builds_the_creature_deck_the_order_deck_and_the_commander(client: Client) -> None:
    document, response = build(client, "dungeon-command", ["add:goblin-archer", "add:acrobatics", "add:snig-the-axe"],
                               **{"tiles-large": "2", "tiles-small": "2", "tiles-small_with_start_area": "1"})
    assert document["entries"] == [{"card": "Goblin Archer", "qty": 1}]
    assert document["orders"] == [{"card": "Acrobatics", "qty": 1}]
    assert document["commanders"] == ["Snig the Axe"]
    assert document["tiles"] == {"large": 2, "small": 2, "small_with_start_area": 1}
    text = text_of(response)
    assert "Creature deck" in text and "Order deck" in text and "Commander" in text
    assert "it needs at least 12" in text, "the deck minimum, from the validator"


def test_battlelore_recruits_units_and_places_them_and_the_tent_on_the_map(client: Client) -> None:
    document, _ = build(client, "battlelore2", ["add:citadel-guard", "add:citadel-guard", "add:roc-warrior"],
                        faction="daqan-lords")
    assert document["entries"] == [{"card": "Citadel Guard", "qty": 2}, {"card": "Roc Warrior", "qty": 1}]
    response = change(client, "battlelore2", document, "place:r2c5", **{"place-what": "0", "place-terrain": "forest"})
    document = document_of(response)
    assert document["deployment"] == [{"card": "Citadel Guard", "hex": "r2c5", "row": 2, "terrain": "forest"}]
    assert "2 recruited units are not on the map yet" in text_of(response)
    assert "Massive" not in text_of(response) and "Cannot be checked" not in text_of(response)
    for hex_id, what in (("r2c6", "0"), ("r1c3", "1"), ("r3c7", "tent")):
        document = document_of(change(client, "battlelore2", document, f"place:{hex_id}", **{"place-what": what}))
    assert document["entries"] == [{"card": "Citadel Guard", "qty": 2}, {"card": "Roc Warrior", "qty": 1}]
    assert len(document["deployment"]) == 3
    assert document["command_tent"] == {"hex": "r3c7", "row": 3, "terrain": "clear"}
    response = change(client, "battlelore2", document, "unplace:0")
    assert len(document_of(response)["deployment"]) == 2
    assert "1 recruited unit is not on the map yet" in text_of(response)
    refused = change(client, "battlelore2", document, "place:r9c99", **{"place-what": "0"})
    assert refused.status_code == 400


def test_a_fresh_stronghold_plan_is_checked_at_once_with_no_field_missing(client: Client) -> None:
    response = client.get("/build/stronghold/")
    text = text_of(response)
    assert "is required" not in text and "Cannot be checked" not in text
    # checked at once: a plan with no action yet is empty, not legal, and breaks no rule
    assert "Empty" in text and "Not legal" not in text and "TB-9" in text and "invented stand-in" in text
    plan = document_of(response)["plan"]
    assert plan["state"]["resources"] == 5 and sum(plan["state"]["drawn"].values()) == 14
    assert plan["phase_cards"]["2"] == "Siege Machines phase cards (red)"
    three = change(client, "stronghold", document_of(response), format="three-player")
    plan = document_of(three)["plan"]
    assert plan["side"] == "west" and "camp_upkeep" not in plan
    assert sum(plan["state"]["drawn"].values()) == 10 and plan["phase_cards"]["2"].endswith("(green)")
    assert "Empty" in text_of(three) and "Not legal" not in text_of(three) and "is required" not in text_of(three)


def test_stronghold_composes_a_rounds_plan(client: Client) -> None:
    document, response = build(client, "stronghold", ["add:ballista", "add:poison", "add:orc-blast"])
    plan = document["plan"]
    assert plan["entries"] == [{"name": "Ballista", "phase": 2}, {"name": "Poison", "phase": 3}]
    assert plan["orders"] == [{"name": "Orc Blast", "section": "", "secret": False}]
    assert "Pick where" in text_of(response) and 'id="place-w1"' in response.content.decode()
    document = document_of(change(client, "stronghold", document, "target:0:W1"))
    assert document["plan"]["entries"][0]["target"] == "W1"
    response = change(client, "stronghold", document, **{
        "plan-round": "4", "plan-income": "5", "plan-phase_cards-2": "Red Machines 2", "plan-flipped-shown": "1",
        "plan-flipped": ["1"], "pay-plan.entries-0-troll": "1",
        "resources-plan.entries-0": "6", "phase-plan.entries-1": "3", "target-plan.entries-1": "S3",
        "more-plan.entries-1": '{"note": 1}', "section-plan.orders-0": "S3", "secret-plan.orders-0-shown": "1",
        "secret-plan.orders-0": "on", "state-resources": "1", "state-drawn-goblin": "4", "state-drawn-orc": "7",
        "state-drawn-troll": "3", "state-camp-orc": "2", "state-killed_goblins": "2", "state-traps-shown": "1",
        "state-traps": ["PW2"], "state-cauldrons": "C-S3-orc, C-S4-orc", "state-units-shown": "1",
        "state-units-loc": ["GW", "W2"], "state-units-GW-goblin": "2", "state-units-W2-orc": "1",
        "plan-state": '{"resources": 99}',  # the JSON box is only read when it is what changed
    })
    plan = document_of(response)["plan"]
    assert plan["round"] == 4 and plan["flipped"] == ["1"] and plan["phase_cards"]["2"] == "Red Machines 2"
    assert plan["entries"][0] == {"name": "Ballista", "phase": 2, "pay": {"troll": 1}, "resources": 6,
                                  "target": "W1"}
    assert plan["entries"][1] == {"name": "Poison", "phase": 3, "target": "S3", "note": 1}
    assert plan["orders"][0] == {"name": "Orc Blast", "section": "S3", "secret": True}
    state = plan["state"]
    assert (state["resources"], state["drawn"], state["camp"], state["killed_goblins"]) == (
        1, {"goblin": 4, "orc": 7, "troll": 3}, {"orc": 2}, 2)
    assert state["traps"] == ["PW2"] and state["defender"] == {"cauldrons": ["C-S3-orc", "C-S4-orc"]}
    assert state["board"]["units"] == {"GW": {"goblin": 2}, "W2": {"orc": 1}}
    pasted = document_of(change(client, "stronghold", document_of(response), "state-json",
                                **{"plan-state": '{"resources": 2}'}))
    assert pasted["plan"]["state"]["resources"] == 2 and pasted["plan"]["state"]["killed_goblins"] == 0
    bad = change(client, "stronghold", document, "state-json", **{"plan-state": "{nope"})
    assert bad.status_code == 400 and "This is not JSON" in text_of(bad)


def test_stronghold_tiles_and_moves_are_added_without_json(client: Client) -> None:
    document = document_of(client.get("/build/stronghold/"))
    document = document_of(change(client, "stronghold", document, "addtile:0",
                                  **{"newtile-name": "Catapult", "newtile-at": "W2"}))
    assert document["plan"]["state"]["board"]["tiles"] == [{"name": "Catapult", "at": "W2"}]
    response = change(client, "stronghold", document, "add:bloodstone")
    assert 'id="place-w2"' in response.content.decode()
    assert re.search(r'class="place rampart legal[^"]*" id="place-w2"', response.content.decode())
    document = document_of(change(client, "stronghold", document_of(response), "add:lesser-mobilization"))
    document = document_of(change(client, "stronghold", document, "addmove:1",
                                  **{"newmove-1-from": "camp", "newmove-1-to": "GW"}))
    assert document["plan"]["entries"][1]["moves"] == [{"from": "camp", "to": "GW", "units": {"goblin": 1}}]
    document = document_of(change(client, "stronghold", document, **{
        "move-plan.entries-1-0-goblin": "0", "move-plan.entries-1-0-orc": "3", "move-plan.entries-1-0-troll": ""}))
    assert document["plan"]["entries"][1]["moves"][0]["units"] == {"orc": 3}
    assert change(client, "stronghold", document, "target:7:W1").status_code == 400
    assert change(client, "stronghold", document, "untile:5").status_code == 400


def test_other_keys_are_edited_as_json(client: Client) -> None:
    document = document_of(client.get("/build/ddm/"))
    response = change(client, "ddm", document, **{"extra-shown": "1", "extra": '{"pool": ["Centaur"]}'})
    assert document_of(response)["pool"] == ["Centaur"]
    response = change(client, "ddm", document_of(response), **{"extra-shown": "1", "extra": ""})
    assert "pool" not in document_of(response)
    refused = change(client, "ddm", document, **{"extra-shown": "1", "extra": "[1]"})
    assert refused.status_code == 400


def test_without_javascript_every_change_answers_with_the_whole_page(client: Client) -> None:
    document = document_of(client.get("/build/ddm/"))
    response = change(client, "ddm", document, "add:centaur", htmx=False)
    assert response.status_code == 200 and "<html" in response.content.decode()
    assert document_of(response)["entries"] == [{"card": "Centaur", "qty": 1}]


@pytest.mark.parametrize(
    ("fields", "status"),
    [
        ({"document": "{not json"}, 400),
        ({"document": json.dumps({"game": "dungeon-command"})}, 400),
        ({"document": json.dumps(["ddm"])}, 400),
        ({"document": "x" * 200_001}, 400),
        ({"document": json.dumps({"game": "ddm", "entries": []}), "op": "remove:entries:4"}, 400),
        ({"document": json.dumps({"game": "ddm", "entries": []}), "op": "add:no-such-card"}, 400),
        ({"document": json.dumps({"game": "ddm", "entries": []}), "op": "inc:secrets:0"}, 400),
        ({"document": json.dumps({"game": "ddm", "entries": [{"card": "Centaur"}]}), "qty-entries-0": "many"}, 400),
        ({"document": json.dumps({"game": "ddm", "entries": []}), "name": "x" * 201}, 400),
        ({"document": json.dumps({"game": "ddm", "entries": []}), "op": "frobnicate"}, 200),
        ({"document": json.dumps({"game": "ddm", "entries": [{"card": 5, "qty": "x"}]})}, 200),
    ],
)
def test_bad_input_is_a_400_or_a_shown_problem_never_a_500(client: Client, fields: dict[str, Any],
                                                           status: int) -> None:
    response = client.post("/build/ddm/", fields)
    assert response.status_code == status


def test_a_malformed_list_shows_the_documents_problems_instead_of_the_rule_check(client: Client) -> None:
    response = client.post("/build/ddm/", {"document": json.dumps({"game": "ddm", "format": "skirmish-200",
                                                                     "entries": [{"card": "Centaur", "qty": 0}]})})
    assert "The list cannot be checked until these are put right" in text_of(response)
    text = re.sub(r"\s+", " ", text_of(response))
    assert "Creatures, line 1: Muster cannot read what is there" in text and "/entries/0/qty" not in text


# ------------------------------------------------------------------------------ saving and coming back


def save(client: Client, game: str, document: dict[str, Any], htmx: bool = True) -> Any:
    return change(client, game, document, "save", htmx=htmx)


def test_saving_a_new_list_gives_the_edit_cookie_and_opens_it_with_both_links(client: Client) -> None:
    document, _ = build(client, "ddm", [f"add:{slug}" for slug in LEGAL_WARBAND], faction="CG", name="Elves")
    response = save(client, "ddm", document)
    assert response.status_code == 200 and response["HX-Redirect"].startswith("/build/ddm/?list=")
    saved = SavedList.objects.get()
    assert saved.name == "Elves" and saved.versions.count() == 1
    cookie = response.cookies[EDIT_COOKIE]
    assert cookie["httponly"] and cookie["samesite"] == "Lax"
    token = cookie.value.split(":")[1]
    assert token not in response["HX-Redirect"], "the token is in no URL the server sees"
    page = client.get(response["HX-Redirect"])
    assert page.status_code == 200
    text = page.content.decode()
    assert f"/lists/{saved.pk}/edit/#token={token}" in text, "the private edit link, in its fragment"
    assert f"/l/{saved.share_code}" in text
    assert document_of(page)["entries"] == document["entries"]


def test_saving_without_javascript_redirects_with_303(client: Client) -> None:
    document, _ = build(client, "ddm", ["add:centaur"])
    response = save(client, "ddm", document, htmx=False)
    assert response.status_code == 303 and response["Location"].startswith("/build/ddm/?list=")


def test_saving_again_keeps_every_version_and_restore_brings_one_back(client: Client) -> None:
    document, _ = build(client, "ddm", ["add:centaur"])
    list_id = save(client, "ddm", document)["HX-Redirect"].split("=")[1]
    changed = {**document, "entries": [{"card": "Elf Archer", "qty": 3}]}
    response = change(client, "ddm", changed, "save", list=list_id)
    assert response.status_code == 200
    assert [v.number for v in ListVersion.objects.filter(saved_list_id=list_id)] == [2, 1]
    page = client.get(f"/build/ddm/?list={list_id}")
    assert "Restore version 1" in page.content.decode()
    response = client.post(f"/lists/{list_id}/restore/", {"number": "1"})
    assert response.status_code == 303
    newest = ListVersion.objects.filter(saved_list_id=list_id).first()
    assert newest is not None and newest.number == 3 and newest.document == document_of(page) | {
        "entries": [{"card": "Centaur", "qty": 1}]}
    assert client.post(f"/lists/{list_id}/restore/", {"number": "99"}).status_code == 303
    assert ListVersion.objects.filter(saved_list_id=list_id).count() == 3, "no such version: nothing restored"


def test_a_malformed_list_is_not_saved_and_the_last_good_version_stays(client: Client) -> None:
    document, _ = build(client, "ddm", ["add:centaur"])
    list_id = save(client, "ddm", document)["HX-Redirect"].split("=")[1]
    bad = {**document, "entries": [{"card": "Centaur", "qty": 0}]}
    response = change(client, "ddm", bad, "save", list=list_id)
    assert response.status_code == 400 and "cannot be saved" in text_of(response)
    assert ListVersion.objects.filter(saved_list_id=list_id).count() == 1


def test_a_half_placed_battlelore_army_is_saved_as_it_stands(client: Client) -> None:
    document = {"game": "battlelore2", "ruleset": "default", "format": "standard", "faction": "daqan-lords",
                "entries": [{"card": "Citadel Guard", "qty": 2}],
                "deployment": [{"card": "Citadel Guard", "hex": "r1c1", "row": 1, "terrain": "clear"}]}
    response = save(client, "battlelore2", document)
    assert response.status_code in (200, 303)
    saved = SavedList.objects.get()
    assert list_current(saved_list=saved).document["deployment"] == document["deployment"]


def test_the_edit_link_opens_the_list_in_another_browser(client: Client) -> None:
    saved, token = list_create(document={"game": "ddm", "format": "skirmish-200", "entries": []})
    other = Client()
    assert other.get(f"/build/ddm/?list={saved.pk}").status_code == 403
    landing = other.get(f"/lists/{saved.pk}/edit/")
    assert landing.status_code == 200 and 'id="edit-token-form"' in landing.content.decode()
    assert other.post(f"/lists/{saved.pk}/edit/", {"token": "wrong-token-123"}).status_code == 403
    response = other.post(f"/lists/{saved.pk}/edit/", {"token": token})
    assert response.status_code == 303 and response["Location"] == f"/build/ddm/?list={saved.pk}"
    assert other.get(response["Location"]).status_code == 200


def test_deleting_asks_first_then_deletes_and_forgets_the_token(client: Client) -> None:
    document, _ = build(client, "ddm", ["add:centaur"])
    list_id = save(client, "ddm", document)["HX-Redirect"].split("=")[1]
    assert client.get(f"/lists/{list_id}/delete/").status_code == 200
    response = client.post(f"/lists/{list_id}/delete/")
    assert response.status_code == 303 and not SavedList.objects.filter(pk=list_id).exists()
    assert list_id not in response.cookies[EDIT_COOKIE].value


def test_a_signed_in_player_owns_the_lists_they_save(client: Client, django_user_model: Any) -> None:
    user = django_user_model.objects.create_user("builder", password="a long pass phrase 42")
    client.force_login(user)
    document, _ = build(client, "ddm", ["add:centaur"])
    list_id = save(client, "ddm", document)["HX-Redirect"].split("=")[1]
    assert SavedList.objects.get(pk=list_id).owner == user
    again = Client()
    again.force_login(user)
    assert again.get(f"/build/ddm/?list={list_id}").status_code == 200, "the account opens it without the token"


def test_a_signed_in_player_moves_a_list_saved_without_an_account_into_theirs(
    client: Client, django_user_model: Any,
) -> None:
    document, _ = build(client, "ddm", ["add:centaur"])
    list_id = save(client, "ddm", document)["HX-Redirect"].split("=")[1]
    client.force_login(django_user_model.objects.create_user("late", password="a long pass phrase 42"))
    page = client.get(f"/build/ddm/?list={list_id}").content.decode()
    assert "Move this list into my account" in page
    link = re.search(r'name="link" value="([^"]+)"><input type="hidden" name="token" value="([^"]+)"', page)
    assert link
    response = client.post("/accounts/claim/", {"link": link.group(1), "token": link.group(2)})
    assert response.status_code == 302 and SavedList.objects.get(pk=list_id).owner is not None


def test_the_page_says_when_the_catalogue_changed_since_the_save(client: Client) -> None:
    document, _ = build(client, "ddm", ["add:centaur"])
    list_id = save(client, "ddm", document)["HX-Redirect"].split("=")[1]
    ListVersion.objects.filter(saved_list_id=list_id).update(catalogue_version="0ld0ld0ld0ld")
    text = text_of(client.get(f"/build/ddm/?list={list_id}"))
    assert "The catalogue changed since this version was saved." in text and "0ld0ld0ld0ld" in text


def test_a_battlelore_units_missing_cost_links_to_its_form_and_a_cost_past_the_budget_is_refused(
        client: Client) -> None:
    document, response = build(client, "battlelore2", ["add:citadel-guard"], faction="daqan-lords")
    page = response.content.decode()
    assert "/cards/battlelore2/default/citadel-guard/numbers/?next=" in html.unescape(page)
    form = client.get("/cards/battlelore2/default/citadel-guard/numbers/")
    assert form.status_code == 200 and "Recruitment cost" in form.content.decode()
    user = cast(User, UserFactory())
    client.force_login(user)
    refused = client.post("/cards/battlelore2/default/citadel-guard/numbers/", {"cost": "51", "op": "save"})
    assert refused.status_code == 400 and not EnteredCard.objects.exists()
    saved = client.post("/cards/battlelore2/default/citadel-guard/numbers/", {"cost": "9", "op": "save"})
    assert saved.status_code == 303 and EnteredCard.objects.get().values == {"cost": 9}
    text = text_of(change(client, "battlelore2", document))
    assert "Legal" in text and "Not legal" not in text and "entered by a player" in text


def test_a_stronghold_phase_cards_missing_actions_link_to_its_form_and_the_players_actions_are_used(
        client: Client) -> None:
    document, response = build(client, "stronghold", ["add:ballista", "target:0:W1"])
    assert "/cards/stronghold/default/red-phase-2/numbers/?next=" in html.unescape(response.content.decode())
    client.force_login(cast(User, UserFactory()))
    form = client.get("/cards/stronghold/default/red-phase-2/numbers/")
    assert form.status_code == 200 and "Printed actions" in form.content.decode()
    saved = client.post("/cards/stronghold/default/red-phase-2/numbers/", {"actions": "Ballista, Catapult",
                                                                           "op": "save"})
    assert saved.status_code == 303 and EnteredCard.objects.get().values == {"actions": ["Ballista", "Catapult"]}
    text = text_of(change(client, "stronghold", document))
    assert "printed actions used here were entered by a player" in text
    assert "/cards/stronghold/default/red-phase-2/numbers/" not in html.unescape(
        change(client, "stronghold", document).content.decode())


# A small board as a player might type it from his printed board (a test board: two gathering points, a rampart a
# side, four wall sections and the gate tower; the book's capacities).
BOARD_FORM = {
    "op": "save", "gate": "Gate", "gates": "3", "gate_resistance": "6", "ram_fields": "5", "crew_per_part": "2",
    "siege_tower_slots": "3", "rampart_machine_fields": "1", "rampart_cover_fields": "1",
    "rampart_training_fields": "2", "wall_order": "North 1, North 2, Gate, South 1, South 2",
    "buildings": "Forge, Barracks, Hospital", "hospital": "Hospital", "courtyard": "Courtyard",
    "heroes": "Officer, Warrior",
    "gathering_points-rows": "2", "gathering_points-0-name": "West Camp", "gathering_points-0-side": "west",
    "gathering_points-0-capacity": "10", "gathering_points-0-machine_fields": "2",
    "gathering_points-1-name": "East Camp", "gathering_points-1-side": "east", "gathering_points-1-capacity": "10",
    "gathering_points-1-machine_fields": "2",
    "ramparts-rows": "2", "ramparts-0-name": "West Rampart", "ramparts-0-side": "west", "ramparts-0-capacity": "7",
    "ramparts-0-entered_from": "West Camp", "ramparts-0-reaches": "North 1, North 2",
    "ramparts-1-name": "East Rampart", "ramparts-1-side": "east", "ramparts-1-capacity": "7",
    "ramparts-1-entered_from": "East Camp", "ramparts-1-reaches": "South 1, South 2",
    "sections-rows": "4", **{f"sections-{i}-{k}": v for i, (name, side) in enumerate(
        [("North 1", "west"), ("North 2", "west"), ("South 1", "east"), ("South 2", "east")])
        for k, v in (("name", name), ("side", side), ("slots", "4"), ("siege_tower", "yes" if i == 1 else "no"))},
    "path_fields-rows": "1", "path_fields-0-name": "West Path", "path_fields-0-start": "West Camp",
    "path_fields-0-end": "West Rampart",
}


def test_the_stronghold_main_boards_layout_is_typed_in_and_the_plan_is_then_checked_on_it(client: Client) -> None:
    response = client.get("/build/stronghold/")
    page = html.unescape(response.content.decode())
    assert "invented stand-in" in text_of(response)
    assert re.search(r'href="/cards/stronghold/default/main-board/numbers/\?next=[^"]*" id="enter-board-layout"', page)
    assert client.get("/cards/stronghold/default/bag/numbers/").status_code == 404  # only the board has a layout
    form = client.get("/cards/stronghold/default/main-board/numbers/")
    assert form.status_code == 200 and "Gathering points" in form.content.decode()
    client.force_login(cast(User, UserFactory()))
    wrong = client.post("/cards/stronghold/default/main-board/numbers/",
                        {**BOARD_FORM, "ramparts-0-entered_from": "Nowhere"})
    assert wrong.status_code == 400 and not EnteredCard.objects.exists()
    assert "Nowhere is no gathering point or rampart of this board." in text_of(wrong)
    saved = client.post("/cards/stronghold/default/main-board/numbers/", BOARD_FORM)
    assert saved.status_code == 303
    layout = EnteredCard.objects.get(slug="main-board").values["layout"]
    assert layout["ramparts"]["West Rampart"] == {"side": "west", "capacity": 7, "entered_from": ["West Camp"],
                                                  "reaches": ["North 1", "North 2"]}
    assert layout["sections"]["North 2"]["siege_tower"] and layout["gate"]["id"] == "Gate"
    again = client.get("/cards/stronghold/default/main-board/numbers/").content.decode()
    assert 'value="West Rampart"' in again and "entered by a player" in again
    document, response = build(client, "stronghold", ["add:ballista"])
    page = response.content.decode()
    assert 'id="place-west-rampart"' in page and 'id="place-w1"' not in page  # the board drawn is the player's
    assert "with the layout you entered from your printed board" in text_of(response)
    checked = text_of(change(client, "stronghold", document, "target:0:West Rampart"))
    assert "Main board as a player entered its layout" in checked and "invented stand-in for the board" not in checked


def test_the_stronghold_notice_lists_only_the_phase_cards_still_lacking_actions_each_with_its_form(
        client: Client) -> None:
    client.force_login(cast(User, UserFactory()))
    response = client.get("/build/stronghold/")
    links = re.findall(r'<a href="/cards/stronghold/default/([\w-]+)/numbers/\?next=[^"]*" class="phase-card-actions"',
                       response.content.decode())
    assert "red-phase-2" in links and len(links) == 4  # phases 2 to 5 of the red set
    client.post("/cards/stronghold/default/red-phase-2/numbers/", {"actions": "Ballista, Catapult", "op": "save"})
    again = re.findall(r'/cards/stronghold/default/([\w-]+)/numbers/\?next=[^"]*" class="phase-card-actions"',
                       client.get("/build/stronghold/").content.decode())
    assert sorted(again) == sorted(set(links) - {"red-phase-2"})
