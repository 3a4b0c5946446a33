"""BattleLore 2E through the three interfaces: the service, POST /api/v1/validate/ (and GET /formats/), and
``validate_list``; the database adapter gives what the data files give. The session database holds the bundled
catalogue; each test adds the invented stand-in units (rolled back after it)."""

from __future__ import annotations

import json
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
from validation.services import list_validate

pytestmark = pytest.mark.django_db

LEGAL = {"game": "battlelore2", "format": "standard", "name": "Daqan vanguard", "faction": "daqan-lords",
         "deployment": [placed("Test Spearmen", "a1", row=2), placed("Test Golem", "a2", terrain="forest"),
                        placed("Test Griffon", "a3", terrain="water")],
         "command_tent": {"hex": "t1", "row": 2, "terrain": "clear"}, "opponent": {"faction": "uthuk-yllan"}}
DOCUMENTS: list[Any] = [
    LEGAL,
    {**LEGAL, "deployment": [placed("Test Golem", "a1", terrain="building"), placed("Test Brute", "a1", row=4)]},
    {"game": "battlelore2", "format": "two-copies", "faction": "Daqan Lords",
     "entries": [{"card": "Roc Warrior", "qty": 2}, {"card": "Yeoman Archers"}]},
    {"game": "battlelore2", "format": "preset-hands", "faction": "uthuk-yllan", "entries": [{"card": "Test Reavers"}],
     "hand": PRESET},
    {"game": "battlelore2", "format": "campaign", "faction": "uthuk-yllan", "entries": [{"card": "Test Reavers"}],
     "campaign": [{"scenario": 1, "daqan-lords": "A1", "uthuk-yllan": "A1", "winner": "daqan-lords"},
                  {"scenario": 2, "daqan-lords": "B2", "uthuk-yllan": "B2"}]},
    # malformed: another game's keys, wrong types, both army forms
    {"game": "battlelore2", "format": "standard", "faction": "daqan-lords", "orders": [], "commanders": []},
    {"game": "battlelore2", "format": "standard", "deployment": [{"card": "Test Spearmen", "hex": 1, "row": 0}]},
    {"game": "battlelore2", "format": "standard", "entries": [{"card": "Test Spearmen"}],
     "deployment": [placed("Test Spearmen", "a1")]},
]


@pytest.fixture
def standins() -> None:
    import_fixture("battlelore2-standins.json")


@pytest.mark.parametrize("document", DOCUMENTS)
def test_the_service_the_api_and_the_command_agree(standins: None, tmp_path: Path, document: Any) -> None:
    assert_interfaces_agree(document, tmp_path)


def test_the_documents_cover_legal_illegal_and_malformed(standins: None) -> None:
    outcomes = [through_service(d) for d in DOCUMENTS]
    assert [s for s, _ in outcomes] == [200] * 5 + [400] * 3
    assert [r["legal"] for s, r in outcomes if s == 200] == [True, False, False, True, False]
    assert set(outcomes[5][1]) == {"/orders", "/commanders"}
    assert {"/deployment/0/hex", "/deployment/0/row", "/deployment/0/terrain"} <= set(outcomes[6][1])


def test_the_database_gives_what_the_data_files_give(standins: None) -> None:
    assert_database_gives_what_files_give(DOCUMENTS[:5], catalogue_from_files("battlelore2", "default", BL2_FILES))


def test_a_validation_makes_at_most_two_queries(standins: None, django_assert_max_num_queries: Any) -> None:
    with django_assert_max_num_queries(2):
        list_validate(document=LEGAL)


def test_the_bundled_units_alone_say_which_costs_are_missing() -> None:
    result = list_validate(document={"game": "battlelore2", "format": "standard", "faction": "uthuk-yllan",
                                     "entries": [{"card": "Chaos Lord"}, {"card": "Viper Legion", "qty": 2}]})
    missing = sorted((v["card"], v["field"]) for v in result["violations"] if v["rule"] == "catalogue.missing-data")
    assert missing == [("chaos-lord", "cost"), ("viper-legion", "cost")]
    assert result["totals"]["points_complete"] is False


def test_the_readable_report_names_the_rules_and_the_totals(standins: None, tmp_path: Path) -> None:
    path = tmp_path / "army.json"
    path.write_text(json.dumps(DOCUMENTS[1]))
    out = StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("validate_list", str(path), stdout=out)
    assert exit_.value.code == 1
    text = out.getvalue()
    assert text.startswith("Daqan vanguard: NOT LEGAL for battlelore2/default/standard")
    assert "battlelore2.deploy-occupiable-hex" in text and "fix: " in text
    assert "Totals: points 27, points_left 23, units 2, lore_from_unspent 5" in text


def test_formats_lists_the_battlelore_formats_with_their_rules(standins: None) -> None:
    body = APIClient().get("/api/v1/formats/").json()
    ours = {f["id"]: f for f in body["formats"] if f["game"] == "battlelore2"}
    assert set(ours) == {"standard", "two-copies", "campaign", "preset-hands"}
    points = next(r for r in ours["standard"]["rules"] if r["id"] == "battlelore2.points-limit")
    assert points["params"] == {"points_limit": 50, "command_tent_points": 0}
    assert points["source"]["file"] == "004_accb02bc63915dff.txt"
    assert ours["standard"]["free_params"]["points_limit"]["default"] == 50
