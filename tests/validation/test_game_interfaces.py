"""BattleLore 2E and Stronghold through the three interfaces, one test per check and a case per game: the service,
POST /api/v1/validate/ (and GET /formats/) and ``validate_list`` agree; the database adapter gives what the data
files give; a validation makes at most two queries. The session database holds the bundled catalogue; each test
adds the game's invented stand-in cards (rolled back after it)."""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from tests.validation.helpers import (
    assert_database_gives_what_files_give,
    assert_interfaces_agree,
    catalogue_from_files,
    import_fixture,
    through_service,
)
from tests.validation.test_battlelore2_rules import BL2_FILES, PRESET, placed
from tests.validation.test_stronghold_rules import EXAMPLE_PLAN, EXAMPLE_SETUP, SH_FILES, west_plan
from validation.services import list_validate

pytestmark = pytest.mark.django_db

# ------------------------------------------------------------------------------------------- BattleLore 2E

BL2_LEGAL = {"game": "battlelore2", "format": "standard", "name": "Daqan vanguard", "faction": "daqan-lords",
         "deployment": [placed("Test Spearmen", "a1", row=2), placed("Test Golem", "a2", terrain="forest"),
                        placed("Test Griffon", "a3", terrain="water")],
         "command_tent": {"hex": "t1", "row": 2, "terrain": "clear"}, "opponent": {"faction": "uthuk-yllan"}}
BL2_DOCUMENTS: list[Any] = [
    BL2_LEGAL,
    {**BL2_LEGAL, "deployment": [placed("Test Golem", "a1", terrain="building"), placed("Test Brute", "a1", row=4)]},
    {"game": "battlelore2", "format": "two-copies", "faction": "Daqan Lords",
     "entries": [{"card": "Roc Warrior", "qty": 2}, {"card": "Yeoman Archers"}]},
    {"game": "battlelore2", "format": "preset-hands", "faction": "uthuk-yllan", "entries": [{"card": "Test Reavers"}],
     "hand": PRESET},
    {"game": "battlelore2", "format": "campaign", "faction": "uthuk-yllan", "entries": [{"card": "Test Reavers"}],
     "campaign": [{"scenario": 1, "daqan-lords": "A1", "uthuk-yllan": "A1", "winner": "daqan-lords"},
                  {"scenario": 2, "daqan-lords": "B2", "uthuk-yllan": "B2"}]},
    # malformed: another game's keys, wrong types, a campaign's victory points below 0
    {"game": "battlelore2", "format": "standard", "faction": "daqan-lords", "orders": [], "commanders": []},
    {"game": "battlelore2", "format": "standard", "deployment": [{"card": "Test Spearmen", "hex": 1, "row": 0}]},
    {"game": "battlelore2", "format": "campaign", "entries": [{"card": "Test Spearmen"}],
     "campaign": [{"scenario": 1, "daqan-lords": "A1", "uthuk-yllan": "A1", "vp": {"daqan-lords": -1}}]},
]
# The units mustered and where they stand, in one document, checked together (battlelore2.md §3.5).
BL2_MUSTERED_AND_PLACED = {"game": "battlelore2", "format": "standard", "faction": "daqan-lords",
                           "entries": [{"card": "Test Spearmen", "qty": 2}],
                           "deployment": [placed("Test Spearmen", "a1")]}



# ---------------------------------------------------------------------------------------------- Stronghold

def sh(plan: dict[str, Any], fmt: str = "two-player", **top: Any) -> dict[str, Any]:
    return {"game": "stronghold", "format": fmt, "name": "Round 4", "plan": copy.deepcopy(plan), **top}


def _illegal() -> dict[str, Any]:
    doc = sh(EXAMPLE_PLAN)
    doc["plan"]["entries"][1]["target"] = "S1"
    doc["plan"]["state"]["resources"] = 0
    doc["plan"]["entries"][0].update({"pay": {"goblin": 1}, "gain": 1})  # 0 + 5 + 1 - 6 - 1 = -1
    return doc


SH_DOCUMENTS: list[Any] = [
    sh(EXAMPLE_PLAN),
    _illegal(),
    sh(EXAMPLE_SETUP, "three-player"),
    sh(west_plan(), "four-player"),
    sh(EXAMPLE_PLAN, params={"board": "main-board"}),
    # malformed: another game's keys, wrong types, a 3-4 player key in a two-player plan
    {"game": "stronghold", "format": "two-player", "entries": [{"card": "Ballista"}], "faction": "CG"},
    {**sh(EXAMPLE_PLAN), "plan": {**EXAMPLE_PLAN, "round": "four", "income": -1}},
    {**sh(EXAMPLE_PLAN), "plan": {**EXAMPLE_PLAN, "side": "west"}},
]



@dataclass(frozen=True)
class Case:
    """A game's documents (five that read, then three malformed) and what each check expects of them."""

    game: str
    standins: str  # the fixture file of invented stand-in cards
    documents: list[Any]
    files: list[Path]  # the data files the database adapter must agree with
    legal: list[bool]  # of the five that read
    malformed_fields: list[set[str]]  # fields each malformed one is refused for (at least these)
    exact_fields: bool  # whether those are all the fields
    report: list[str]  # the readable report of documents[1]: its first line, then lines it holds
    formats: set[str]
    format_check: Any  # (formats by id) -> None: the game's own formats facts

    def __str__(self) -> str:
        return self.game


def _bl2_formats(ours: dict[str, Any]) -> None:
    points = next(r for r in ours["standard"]["rules"] if r["id"] == "battlelore2.points-limit")
    assert points["params"] == {"points_limit": 50, "command_tent_points": 0}
    assert points["source"]["file"] == "004_accb02bc63915dff.txt"
    assert ours["standard"]["free_params"]["points_limit"]["default"] == 50


def _sh_formats(ours: dict[str, Any]) -> None:
    assert ours["two-player"]["free_params"]["board"]["default"] == "TB-9"
    assert len(ours["three-player"]["rules"]) == 44 and len(ours["two-player"]["rules"]) == 40


CASES = [
    Case("battlelore2", "battlelore2-standins.json", BL2_DOCUMENTS, BL2_FILES, [True, False, False, True, False],
         [{"/orders", "/commanders"}, {"/deployment/0/hex", "/deployment/0/row", "/deployment/0/terrain"}],
         exact_fields=False,
         report=["Daqan vanguard: NOT LEGAL for battlelore2/default/standard", "battlelore2.deploy-occupiable-hex",
                 "fix: ", "Totals: points 27, points_left 23, units 2, lore_from_unspent 5"],
         formats={"standard", "two-copies", "campaign", "preset-hands"}, format_check=_bl2_formats),
    Case("stronghold", "stronghold-standins.json", SH_DOCUMENTS, SH_FILES, [True, False, True, True, False],
         [{"/entries", "/faction", "/plan"}, {"/plan/round", "/plan/income"}, {"/plan/side"}], exact_fields=True,
         report=["Round 4: NOT LEGAL for stronghold/default/two-player", "fix: 1 resource short", "Warnings (2):",
                 "Totals: resources_spent 7, resources_left -1, units_used 6, hourglasses 11"],
         formats={"two-player", "three-player", "four-player"}, format_check=_sh_formats),
]


@pytest.mark.parametrize("case", CASES, ids=str)
def test_the_service_the_api_and_the_command_agree(case: Case, tmp_path: Path) -> None:
    """Every document of the game (the stand-ins imported once: each import is a new catalogue version)."""
    import_fixture(case.standins)
    for index, document in enumerate(case.documents):
        try:
            assert_interfaces_agree(document, tmp_path)
        except AssertionError as exc:
            raise AssertionError(f"{case.game} document {index}: {exc}") from exc


@pytest.mark.parametrize("case", CASES, ids=str)
def test_the_documents_cover_legal_illegal_and_malformed(case: Case) -> None:
    import_fixture(case.standins)
    outcomes = [through_service(d) for d in case.documents]
    assert [s for s, _ in outcomes] == [200] * 5 + [400] * 3
    assert [r["legal"] for s, r in outcomes if s == 200] == case.legal
    for (_status, fields), expected in zip(outcomes[5:], case.malformed_fields, strict=False):
        assert set(fields) == expected if case.exact_fields else expected <= set(fields)


def test_a_battlelore_army_mustered_and_placed_is_one_valid_document_everywhere(tmp_path: Path) -> None:
    import_fixture("battlelore2-standins.json")
    assert_interfaces_agree(BL2_MUSTERED_AND_PLACED, tmp_path)
    status, result = through_service(BL2_MUSTERED_AND_PLACED)
    assert status == 200 and result["legal"], result
    assert (result["totals"]["units"], result["totals"]["units_placed"]) == (2, 1)


@pytest.mark.parametrize("case", CASES, ids=str)
def test_the_database_gives_what_the_data_files_give(case: Case) -> None:
    import_fixture(case.standins)
    assert_database_gives_what_files_give(case.documents[:5], catalogue_from_files(case.game, "default", case.files))


@pytest.mark.parametrize("case", CASES, ids=str)
def test_a_validation_makes_at_most_two_queries(case: Case, django_assert_max_num_queries: Any) -> None:
    import_fixture(case.standins)
    with django_assert_max_num_queries(2):
        list_validate(document=case.documents[0])


@pytest.mark.parametrize("case", CASES, ids=str)
def test_the_readable_report_names_the_rules_hints_and_totals(case: Case, tmp_path: Path) -> None:
    import_fixture(case.standins)
    path = tmp_path / "list.json"
    path.write_text(json.dumps(case.documents[1]))
    out = StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("validate_list", str(path), stdout=out)
    assert exit_.value.code == 1
    text = out.getvalue()
    first, *rest = case.report
    assert text.startswith(first)
    assert all(line in text for line in rest), text


@pytest.mark.parametrize("case", CASES, ids=str)
def test_formats_lists_the_games_formats_with_their_rules(case: Case) -> None:
    body = APIClient().get("/api/v1/formats/").json()
    ours = {f["id"]: f for f in body["formats"] if f["game"] == case.game}
    assert set(ours) == case.formats
    case.format_check(ours)


# ----------------------------------------------------------------------------------- each game's own checks


def test_the_bundled_units_alone_say_which_costs_are_missing() -> None:
    result = list_validate(document={"game": "battlelore2", "format": "standard", "faction": "uthuk-yllan",
                                     "entries": [{"card": "Chaos Lord"}, {"card": "Viper Legion", "qty": 2}]})
    missing = sorted((v["card"], v["field"]) for v in result["violations"] if v["rule"] == "catalogue.missing-data")
    assert missing == [("chaos-lord", "cost"), ("viper-legion", "cost")]
    assert result["totals"]["points_complete"] is False


def test_the_bundled_catalogue_alone_checks_a_plan_on_the_deck_records(tmp_path: Path) -> None:
    plan = copy.deepcopy(EXAMPLE_PLAN)
    plan["phase_cards"] = {"1": "Supply phase cards (red)", "2": "Siege Machines phase cards (red)",
                           "3": "Equipment phase cards (red)", "4": "Training phase cards (red)",
                           "5": "Rituals phase cards (red)", "6": "Mobilization phase cards (red)",
                           "camp": "Camp card (red)"}
    result = list_validate(document=sh(plan))
    missing = sorted(v["card"] for v in result["violations"] if v["rule"] == "catalogue.missing-data")
    assert missing == ["red-phase-2", "red-phase-3", "red-phase-4", "red-phase-5"]
    assert {v["rule"] for v in result["violations"]} == {"catalogue.missing-data"}
    assert [dict(w)["cards"] for w in result["warnings"]] == [["tb-9"]]
    assert result["totals"]["hourglasses"] == 11


def test_the_stand_in_board_is_marked_on_its_catalogue_page() -> None:
    from django.test import Client

    page = Client().get("/catalogue/stronghold/default/tb-9/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Stand-in numbers." in html and "STAND-IN: invented" in html
    listing = Client().get("/catalogue/stronghold/?standin=true").content.decode()
    assert "TB-9" in listing and "stand-in" in listing
