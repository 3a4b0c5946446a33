"""GET /api/v1/cards/ and /api/v1/cards/<game>/<ruleset>/<slug>/: the pages' filters, the error envelope."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from catalogue.services import catalogue_import

pytestmark = pytest.mark.django_db


def results(response: Any) -> list[str]:
    assert response.status_code == 200, response.content
    return [card["slug"] for card in response.json()["results"]]


def test_the_list_is_paginated_with_count_next_and_previous(client: Client, catalogue: None) -> None:
    body = client.get("/api/v1/cards/", {"page_size": 5}).json()
    assert set(body) == {"count", "next", "previous", "results"}
    assert body["count"] == 21 and len(body["results"]) == 5
    assert body["previous"] is None and "page=2" in body["next"]
    last = client.get("/api/v1/cards/", {"page_size": 5, "page": 5}).json()
    assert len(last["results"]) == 1 and last["next"] is None


def test_a_list_item_names_the_card_its_set_factions_and_typed_numbers(client: Client, catalogue: None) -> None:
    body = client.get("/api/v1/cards/", {"game": "ddm", "ruleset": "seed", "search": "wood elf"}).json()
    assert body["count"] == 1
    card = body["results"][0]
    assert card["game"] == "ddm" and card["ruleset"] == "seed" and card["kind"] == "creature"
    assert card["set"] == {"slug": "test-drums", "name": "Test Drums", "kind": "expansion"}
    assert card["factions"] == ["CG"]
    assert card["stats"]["cost"] == 14 and card["stats"]["hp"] == 30 and card["stats"]["commander_rating"] is None
    assert card["url"] == "/api/v1/cards/ddm/seed/wood-elf-ranger/"
    assert card["page_url"] == "/catalogue/ddm/seed/wood-elf-ranger/"


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({"game": "stronghold"}, ["catapult", "troll", "veteran"]),
        ({"game": "ddm", "ruleset": "ddm-guild"}, ["orc-mauler-gt", "warlord-gt"]),
        ({"kind": "commander"}, ["kreeg"]),
        ({"search": "MAULER"}, ["kreeg", "orc-mauler", "orc-mauler-gt", "td-55-orc-mauler"]),
        ({"search": "mualer", "game": "ddm"}, ["orc-mauler", "orc-mauler-gt", "td-55-orc-mauler"]),
        ({"game": "ddm", "faction": ["LG", "CG"]}, ["lion-of-talisid", "wood-elf-ranger"]),
        ({"game": "ddm", "cost_min": 40}, ["lion-of-talisid", "red-wyrmling", "red-wyrmling-epic"]),
        ({"cost_max": 10}, ["catapult", "citadel-guard", "seance-adept"]),
        ({"game": "dungeon-command", "icon": "dex"}, ["battle-cry", "orc-archer"]),
        ({"game": "battlelore2", "combat_type": "ranged"}, ["yeoman-archers"]),
        ({"game": "ddm", "size": "Huge"}, ["red-wyrmling-epic"]),
        ({"game": "ddm", "commander": "false", "ruleset": "ddm-guild"}, ["orc-mauler-gt"]),
        ({"standin": "true"}, ["seance-adept"]),
        ({"set": ["test-pack", "test-box"], "kind": "unit"}, ["troll", "veteran"]),
        ({"game": "ddm", "search": "orc", "set": "", "kind": ""}, None),
    ],
)
def test_the_api_has_the_pages_filters(
    client: Client, catalogue: None, params: dict[str, Any], expected: list[str] | None
) -> None:
    found = results(client.get("/api/v1/cards/", params))
    if expected is not None:
        assert sorted(found) == expected


def test_search_results_come_best_match_first_unless_sorted(client: Client, catalogue: None) -> None:
    found = results(client.get("/api/v1/cards/", {"game": "ddm", "search": "orc"}))
    assert found[-1] == "wood-elf-ranger", "an ability's text ranks below names"
    by_cost = results(client.get("/api/v1/cards/", {"game": "ddm", "search": "orc", "sort": "-cost"}))
    assert by_cost[:2] == ["wood-elf-ranger", "orc-mauler-gt"]


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"game": "chess"}, "/game"),
        ({"ruleset": "advanced"}, "/ruleset"),
        ({"game": "ddm", "kind": "tile"}, "/kind"),
        ({"game": "ddm", "faction": "daqan-lords"}, "/faction"),
        ({"set": "no-such-set"}, "/set"),
        ({"cost_min": "cheap"}, "/cost_min"),
        ({"cost_max": "1.5"}, "/cost_max"),
        ({"level_min": "-3"}, "/level_min"),
        ({"level_max": "99999999999999999999"}, "/level_max"),
        ({"size": "Tiny-ish"}, "/size"),
        ({"icon": "luck"}, "/icon"),
        ({"standin": "perhaps"}, "/standin"),
        ({"sort": "price"}, "/sort"),
        ({"search": "q" * 201}, "/search"),
        ({"colour": "red"}, "/colour"),
        ({"page": "0"}, "/page"),
        ({"page": "x"}, "/page"),
        ({"page": "1000"}, "/page"),
        ({"page_size": "0"}, "/page_size"),
        ({"page_size": "101"}, "/page_size"),
    ],
)
def test_a_bad_parameter_is_a_400_envelope_naming_it(
    client: Client, catalogue: None, params: dict[str, str], field: str
) -> None:
    response = client.get("/api/v1/cards/", params)
    assert response.status_code == 400, response.content
    error = response.json()["error"]
    assert error["code"] == "invalid"
    assert field in error["fields"], error


def test_the_detail_has_every_field_its_source_and_what_is_missing(client: Client, catalogue: None) -> None:
    response = client.get("/api/v1/cards/ddm/seed/orc-mauler/")
    assert response.status_code == 200
    card = response.json()
    stats = card["stats"]
    assert (stats["speed"], stats["ac"], stats["hp"], stats["level"]) == (6, 18, 55, 6)
    assert stats["cost"] is None and "cost" in card["missing"] and "hp" not in card["missing"]
    assert card["factions"] == []
    [attack] = card["parts"]["attacks"]
    assert {k: attack[k] for k in ("kind", "bonus", "damage", "extra_damage")} == {
        "kind": "melee", "bonus": 11, "damage": 15, "extra_damage": None
    }
    assert card["source"] == "seed 000, the quick start's worked battle"
    assert card["provenance"]["hp"][0]["how"] == "stated"
    assert card["refs"] == {"miniature": "td-55-orc-mauler", "standard_side": None, "epic_side": None}
    assert {(p["ruleset"], p["slug"]) for p in card["printings"]} == {
        ("ddm-guild", "orc-mauler-gt"), ("seed", "td-55-orc-mauler")
    }


def test_the_detail_links_epic_sides_and_lists_abilities(client: Client, catalogue: None) -> None:
    standard = client.get("/api/v1/cards/ddm/seed/red-wyrmling/").json()
    assert standard["refs"]["epic_side"] == "red-wyrmling-epic"
    assert standard["abilities"][0]["name"] == "Fire Breath" and standard["abilities"][0]["uses"] == 1
    epic = client.get("/api/v1/cards/ddm/seed/red-wyrmling-epic/").json()
    assert epic["refs"]["standard_side"] == "red-wyrmling"
    order = client.get("/api/v1/cards/dungeon-command/default/battle-cry/").json()
    assert order["stats"]["any_ability"] is True and order["stats"]["action_type"] == "minor"


@pytest.mark.parametrize(
    "url",
    [
        "/api/v1/cards/ddm/seed/nothing-like-it/",
        "/api/v1/cards/ddm/default/orc-mauler/",
        "/api/v1/cards/chess/seed/orc-mauler/",
    ],
)
def test_an_unknown_game_ruleset_or_slug_is_a_404_envelope(client: Client, catalogue: None, url: str) -> None:
    response = client.get(url)
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


def test_the_bundled_seed_orc_mauler_is_there_with_its_quick_start_numbers(client: Client) -> None:
    card = client.get("/api/v1/cards/ddm/seed/orc-mauler/").json()
    assert {k: card["stats"][k] for k in ("speed", "ac", "hp", "level", "cost")} == {
        "speed": 6, "ac": 18, "hp": 55, "level": 6, "cost": None
    }
    assert [(a["kind"], a["bonus"], a["damage"]) for a in card["parts"]["attacks"]] == [("melee", 11, 15)]
    found = results(client.get("/api/v1/cards/", {"game": "ddm", "search": "Orc Mauler"}))
    assert "orc-mauler" in found[:5]


def test_the_openapi_schema_documents_the_filters_and_the_docs_page_serves(client: Client) -> None:
    response = client.get("/api/schema/", {"format": "json"})
    assert response.status_code == 200
    schema = json.loads(response.content)
    operation = schema["paths"]["/api/v1/cards/"]["get"]
    names = {p["name"] for p in operation["parameters"]}
    assert {"game", "ruleset", "kind", "search", "faction", "set", "cost_min", "cost_max", "level_min", "level_max",
            "size", "type", "commander", "icon", "unit_type", "side", "sort", "page", "page_size"} <= names
    assert "/api/v1/cards/{game}/{ruleset}/{slug}/" in schema["paths"]
    assert client.get("/api/docs/").status_code == 200


@pytest.mark.parametrize("n", [10, 50])
def test_the_list_takes_a_fixed_number_of_queries_whatever_the_page_size(
    client: Client, empty_catalogue: None, tmp_path: Path, django_assert_num_queries: Any, n: int
) -> None:
    cards = [
        {"kind": "creature", "slug": f"gen-{i:03d}", "name": f"Generated {i:03d}", "factions": ["CE", "LE"],
         "cost": i, "level": 3, "attacks": [{"kind": "melee", "bonus": 5, "damage": 10}]}
        for i in range(n)
    ]
    path = tmp_path / "gen.json"
    path.write_text(json.dumps({"format": "muster-catalogue/1", "game": "ddm", "ruleset": "seed",
                                "set": {"slug": "gen", "name": "Generated"}, "source": "generated", "cards": cards}))
    assert catalogue_import(paths=[path]).ok
    # The count, the page (typed rows joined), the factions prefetched; faction choices to check CE.
    with django_assert_num_queries(4):
        response = client.get("/api/v1/cards/", {"game": "ddm", "faction": "CE", "sort": "cost", "page_size": "100"})
    assert len(response.json()["results"]) == n


def test_filters_stay_scoped_to_the_game_after_the_schema_was_built(client: Client, catalogue: None) -> None:
    assert client.get("/api/schema/").status_code == 200
    response = client.get("/api/v1/cards/", {"game": "ddm", "kind": "order"})
    assert response.status_code == 400 and "/kind" in response.json()["error"]["fields"]
    assert client.get("/catalogue/ddm/", {"ruleset": "default"}).status_code == 400
