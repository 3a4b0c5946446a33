"""Plain text and JSON out and back in, for every game; a pasted list's names matched as the validator
matches them; a clear report of what could not be read, with the closest names."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from django.test import Client

from builder.textformat import MAX_IMPORT_CHARS, list_from_text, list_import, list_to_text
from tests.validation.test_stronghold_rules import EXAMPLE_PLAN

pytestmark = pytest.mark.django_db

DDM: dict[str, Any] = {
    "game": "ddm", "ruleset": "seed", "format": "skirmish-200", "name": "Elves of the Wood", "faction": "CG",
    "entries": [
        {"card": "Arcane Archer", "qty": 1},
        {"card": "Elf Archer", "qty": 2},
        {"card": "Balor", "qty": 1, "version": "epic"},
        {"card": "Centaur", "qty": 2, "minion_of": "Arcane Archer"},
        {"card": "Man-at-Arms", "qty": 1, "set": "Harbinger"},
    ],
    "battle_map": "Broken Demongate",
    "params": {"map_required": True},
    "pool": ["Centaur", "Centaur", "Elf Archer"],
    "notes": "Open with the archers.\nKeep the Balor back.",
}
DDM_GUILD: dict[str, Any] = {
    "game": "ddm", "ruleset": "ddm-guild", "format": "standard-200", "faction": "civilization",
    "entries": [{"card": "Aasimar Paladin", "qty": 1}, {"card": "Aasimar Fighter", "qty": 3}],
}
DUNGEON_COMMAND: dict[str, Any] = {
    "game": "dungeon-command", "ruleset": "default", "format": "first-game", "name": "Cormyr",
    "commanders": ["Valnar Trueblade"],
    "entries": [{"card": "Goblin Archer", "qty": 2}, {"card": "Drider", "qty": 1}],
    "orders": [{"card": "Acrobatics", "qty": 4}, {"card": "Battle Ready", "qty": 1}],
    "tiles": {"large": 2, "small": 2, "small_with_start_area": 1},
    "box": "Heart of Cormyr", "symbol": "gold",
}
BATTLELORE_MUSTERED: dict[str, Any] = {
    "game": "battlelore2", "ruleset": "default", "format": "standard", "faction": "daqan-lords",
    "entries": [{"card": "Citadel Guard", "qty": 2}, {"card": "Roc Warrior", "qty": 1}],
    "opponent": {"faction": "uthuk-yllan"}, "scenario": "Daqan Lords scenario A1",
}
BATTLELORE_DEPLOYED: dict[str, Any] = {
    "game": "battlelore2", "ruleset": "default", "format": "preset-hands", "faction": "daqan-lords",
    "deployment": [
        {"card": "Citadel Guard", "hex": "r2c5", "row": 2, "terrain": "forest"},
        {"card": "Roc Warrior", "hex": "r1c3", "row": 1, "terrain": "water+ford"},
    ],
    "command_tent": {"hex": "r3c7", "row": 3, "terrain": "clear"},
    "hand": ["Patrol Left Flank", "Patrol Right Flank", "Patrol Center", "Forward"],
}
STRONGHOLD: dict[str, Any] = {  # stronghold.md §10.5, the two-player round plan, an order tile twice
    "game": "stronghold", "ruleset": "default", "format": "two-player", "faction": "attacker", "name": "Round 4",
    "plan": {**copy.deepcopy(EXAMPLE_PLAN), "orders": [{"name": "Orc Blast", "section": "S3", "secret": False},
                                                       {"name": "Bluff", "section": "S4", "secret": True, "qty": 2}]},
}
EVERY_GAME = {
    "ddm": DDM, "ddm-guild": DDM_GUILD, "dungeon-command": DUNGEON_COMMAND, "battlelore2-mustered": BATTLELORE_MUSTERED,
    "battlelore2-deployed": BATTLELORE_DEPLOYED, "stronghold": STRONGHOLD,
}


@pytest.mark.parametrize("name", list(EVERY_GAME))
def test_a_list_written_as_text_reads_back_the_same(name: str) -> None:
    document = EVERY_GAME[name]
    text = list_to_text(document=document, totals={"points": 123, "creatures": 4})
    result = list_import(text=text)
    assert result.problems == [], text
    assert result.document == document, text


@pytest.mark.parametrize("name", list(EVERY_GAME))
def test_a_list_as_json_reads_back_the_same(name: str) -> None:
    document = EVERY_GAME[name]
    result = list_import(text=json.dumps(document, indent=2))
    assert result.source == "json"
    assert result.problems == []
    assert result.document == document


def test_the_text_reads_as_a_player_writes_a_list() -> None:
    text = list_to_text(document=DDM, totals={"points": 200, "points_left": 0, "creatures": 8},
                        costs={"/entries/1": 20})
    lines = text.splitlines()
    assert lines[:5] == ["# Elves of the Wood", "Game: D&D Miniatures (ddm)", "Rules: seed", "Format: skirmish-200",
                         "Faction: CG"]
    assert "Total: points 200 · creatures 8" in lines
    assert "2x Elf Archer · 20 pts" in lines
    assert "1x Balor [epic]" in lines and "2x Centaur [minion of Arcane Archer]" in lines
    assert "1x Man-at-Arms [set: Harbinger]" in lines
    assert lines[-2:] == ["Open with the archers.", "Keep the Balor back."]


def test_a_hand_written_list_is_read_forgivingly_and_names_become_the_catalogues() -> None:
    text = "\n".join([
        "My elves",
        "Game: ddm",
        "Faction: cg",
        "",
        "Creatures:",
        "- 2 wood elf skirmisher",
        "* Centaur x2",
        "Elf Archer (x3) - 30 pts",
        "1x  arcane-archer   [48 pts]",
        "ELF PYROMANCER",
    ])
    result = list_import(text=text, default_format="skirmish-200")
    assert result.document is not None
    assert result.document["entries"] == [
        {"card": "Wood Elf Skirmisher", "qty": 2}, {"card": "Centaur", "qty": 2}, {"card": "Elf Archer", "qty": 3},
        {"card": "Arcane Archer", "qty": 1}, {"card": "Elf Pyromancer", "qty": 1},
    ]
    assert result.document["format"] == "skirmish-200" and result.matched == 5
    assert result.document["name"] == "My elves", "a first line that names no card is the list's name"
    assert result.problems == []


def test_the_forms_players_post_are_read_name_size_faction_and_costs_without_a_unit() -> None:
    text = "\n".join([
        "Elves of the Wood - 200 pts, CG",
        "Centaur (20)",
        "Orc Mauler - 26",
        "Regdar, Adventurer 20pts",
        "Elf Archer: 10",
    ])
    result = list_import(text=text, game="ddm", default_format="skirmish-200")
    assert result.document is not None
    assert result.document["name"] == "Elves of the Wood"
    assert result.document["format"] == "skirmish-200" and result.document["faction"] == "CG"
    assert result.document["entries"] == [
        {"card": "Centaur", "qty": 1}, {"card": "Orc Mauler", "qty": 1}, {"card": "Regdar, Adventurer", "qty": 1},
        {"card": "Elf Archer", "qty": 1},
    ]
    assert result.problems == []
    other = list_import(text="Hill giants: 300 points / Chaotic Evil\n2 Orc Mauler", game="ddm",
                        default_format="skirmish-200")
    assert other.document is not None
    assert (other.document["name"], other.document["format"], other.document["faction"]) == (
        "Hill giants", "skirmish-300", "CE")
    assert other.document["entries"] == [{"card": "Orc Mauler", "qty": 2}], "a bare number before a name is copies"


def test_a_near_miss_is_never_taken_for_the_lists_name_and_the_close_names_are_offered() -> None:
    result = list_import(text="Sword of Hieroneus\nClerc of Order\n2x Centaur", game="ddm",
                         default_format="skirmish-200")
    assert result.document is not None and "name" not in result.document
    by_text = {p.text: p for p in result.problems}
    assert by_text["Sword of Hieroneus"].suggestions[0] == "Sword of Heironeous"
    assert by_text["Clerc of Order"].suggestions[0] == "Cleric of Order"
    assert [p.line for p in result.problems] == [1, 2]


def test_identical_lines_become_one_entry_with_their_copies() -> None:
    text = "Game: ddm\n1x Centaur\ncentaur\n2 Centaur\n1x Centaur [epic]\n1x Orc Mauler\n- Centaur (20)\n"
    result = list_import(text=text, default_format="skirmish-200")
    assert result.document is not None
    assert result.document["entries"] == [
        {"card": "Centaur", "qty": 5}, {"card": "Centaur", "qty": 1, "version": "epic"},
        {"card": "Orc Mauler", "qty": 1},
    ]


def test_a_paste_of_more_different_cards_than_a_list_holds_is_refused_with_the_reason() -> None:
    from builder.selectors import builder_facts

    names = sorted({c.name for c in builder_facts(game="ddm", ruleset="seed").cards if c.kind == "creature"})
    result = list_import(text="\n".join(f"1x {n}" for n in names[:201]), game="ddm")
    assert result.document is None
    assert result.problems[0].message == ("The list names 201 different cards in one part; a list holds at most "
                                          "200. Paste one list at a time.")


def test_900_pasted_lines_answer_a_page_under_a_megabyte_that_grows_with_the_list_not_its_square() -> None:
    """The builder page of a long paste stays small: identical lines merge, and a row's "free minion of"
    choice lists the list's masters, not every other row (that was 54 MB for 900 lines)."""
    from builder.selectors import builder_facts

    names = sorted({c.name for c in builder_facts(game="ddm", ruleset="seed").cards if c.kind == "creature"})
    client = Client()

    def page(distinct: int, lines: int) -> str:
        chosen = names[:distinct]
        text = "\n".join(["Elves of the Wood - 200 pts, CG", *(f"1x {chosen[i % distinct]}" for i in range(lines))])
        response = client.post("/build/import/", {"text": text, "game": "ddm"})
        assert response.status_code == 200
        return response.content.decode()

    repeated = page(30, 899)
    assert len(repeated.encode()) < 1_000_000
    assert repeated.count('name="qty-entries-') == 30
    small, large = page(50, 50), page(190, 899)
    assert len(large.encode()) < 1_000_000
    options = large.count("<option") - small.count("<option")
    assert options < 190 * 20, f"{options} more options for 140 more rows: not linear"


def test_a_first_line_that_names_a_card_stays_a_card() -> None:
    result = list_import(text="Centaur\nElf Archer", game="ddm", default_format="skirmish-200")
    assert result.document is not None and "name" not in result.document
    assert [e["card"] for e in result.document["entries"]] == ["Centaur", "Elf Archer"]


def test_a_misspelt_name_is_reported_with_its_line_and_the_closest_names_and_kept() -> None:
    result = list_import(text="Game: ddm\nFormat: skirmish-200\n\n2x Orc Maulr\n1x Centaur")
    assert result.document is not None
    problem = result.problems[0]
    assert problem.where == "line 4" and problem.text == "Orc Maulr"
    assert "Orc Mauler" in problem.suggestions
    assert result.document["entries"][0] == {"card": "Orc Maulr", "qty": 2}, "the rule check offers the fix"


def test_a_name_several_sets_share_asks_for_the_set_and_a_slug_chooses_one() -> None:
    result = list_import(text="Game: ddm\n1x Man-at-Arms\n1x man-at-arms-harbinger")
    assert result.document is not None
    assert result.problems[0].where == "line 2"
    assert set(result.problems[0].suggestions) >= {"Harbinger", "Aberrations"}
    assert result.document["entries"][1] == {"card": "Man-at-Arms", "qty": 1, "set": "Harbinger"}


def test_lines_that_cannot_be_read_are_each_reported() -> None:
    text = "Game: dungeon-command\nColour: red\nTiles: lots\n\nCreatures\n0x Goblin Archer\n2x Drider [shiny]\n"
    result = list_import(text=text, default_format="custom")
    assert result.document is not None
    assert [p.where for p in result.problems] == ["line 2", "line 3", "line 6", "line 7"]
    assert result.document.get("entries") in (None, [])


def test_a_text_that_does_not_say_its_game_needs_one_chosen() -> None:
    assert list_import(text="2x Centaur").document is None
    chosen = list_import(text="2x Centaur", game="ddm", default_format="skirmish-200")
    assert chosen.document is not None and chosen.document["entries"] == [{"card": "Centaur", "qty": 2}]


def test_json_that_is_not_a_list_document_is_refused_with_a_reason() -> None:
    for text in ("{not json", "[1, 2]", '{"game": "chess"}', '{"game": "ddm", "entries": "lots"}',
                 '{"game": "ddm", "name": 5}', '{"game": "ddm", "x": NaN}'):
        result = list_import(text=text)
        assert result.document is None and result.problems, text


def test_an_import_past_the_bounds_is_refused() -> None:
    assert list_import(text="x" * (MAX_IMPORT_CHARS + 1)).document is None
    assert list_import(text="1x Centaur\n" * 1000, game="ddm").document is None
    assert list_import(text="   ").document is None


def test_reading_text_needs_no_catalogue() -> None:
    parsed = list_from_text(text="Game: stronghold\nActions\nPhase 2: Ballista · → W1 · pay 1 troll · 6 resources\n")
    assert parsed.document["plan"]["entries"] == [
        {"name": "Ballista", "phase": 2, "target": "W1", "pay": {"troll": 1}, "resources": 6}]


def test_every_game_document_survives_text_even_with_markup_in_names() -> None:
    document = copy.deepcopy(DDM)
    document["name"] = "<script>alert(1)</script> & co"
    document["notes"] = "<b>bold</b>"
    result = list_import(text=list_to_text(document=document))
    assert result.document is not None
    assert result.document["name"] == document["name"] and result.document["notes"] == document["notes"]


# ------------------------------------------------------------------------------- the import page and API


def test_the_import_page_opens_the_builder_with_the_list_and_the_report() -> None:
    client = Client()
    assert client.get("/build/import/").status_code == 200
    response = client.post("/build/import/", {"text": "Game: ddm\nFormat: skirmish-200\nFaction: CG\n\n2x Centaur\n"
                                                       "1x Orc Maulr\n"})
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="builder"' in html and "Centaur" in html
    assert "line 6" in html and "Orc Mauler" in html, "the report names the line and the closest names"


def test_the_import_page_refuses_what_it_cannot_read_with_a_400() -> None:
    response = Client().post("/build/import/", {"text": "{nope"})
    assert response.status_code == 400
    assert "This is not JSON" in response.content.decode()
    assert Client().post("/build/import/", {"text": ""}).status_code == 400
    assert Client().post("/build/import/", {"text": "x" * (MAX_IMPORT_CHARS + 1)}).status_code == 400


def test_the_import_api_returns_the_document_and_the_problems() -> None:
    client = Client()
    response = client.post("/api/v1/import/", json.dumps({"text": "2x Centaur\n1x Orc Maulr", "game": "ddm"}),
                           content_type="application/json")
    assert response.status_code == 200
    body = response.json()
    assert body["document"]["entries"][0] == {"card": "Centaur", "qty": 2}
    assert body["problems"][0]["where"] == "line 2" and "Orc Mauler" in body["problems"][0]["suggestions"]
    refused = client.post("/api/v1/import/", json.dumps({"text": "2x Centaur"}), content_type="application/json")
    assert refused.status_code == 400 and refused.json()["document"] is None
    bad = client.post("/api/v1/import/", json.dumps({"text": 5, "game": "chess"}), content_type="application/json")
    assert bad.status_code == 400 and "error" in bad.json()
