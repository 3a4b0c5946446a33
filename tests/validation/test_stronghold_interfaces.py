"""Stronghold through the three interfaces: the service, POST /api/v1/validate/ (and GET /formats/), and
``validate_list``; the database adapter (the board's layout and the cards' actions are JSON fields) gives what the
data files give. The session database holds the bundled catalogue; each test adds the invented stand-in phase cards
(rolled back after it)."""

from __future__ import annotations

import copy
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
from tests.validation.test_stronghold_rules import EXAMPLE_PLAN, EXAMPLE_SETUP, SH_FILES, west_plan
from validation.services import list_validate

pytestmark = pytest.mark.django_db


def sh(plan: dict[str, Any], fmt: str = "two-player", **top: Any) -> dict[str, Any]:
    return {"game": "stronghold", "format": fmt, "name": "Round 4", "plan": copy.deepcopy(plan), **top}


def _illegal() -> dict[str, Any]:
    doc = sh(EXAMPLE_PLAN)
    doc["plan"]["entries"][1]["target"] = "S1"
    doc["plan"]["state"]["resources"] = 0
    doc["plan"]["entries"][0].update({"pay": {"goblin": 1}, "gain": 1})  # 0 + 5 + 1 - 6 - 1 = -1
    return doc


DOCUMENTS: list[Any] = [
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


@pytest.fixture
def standins() -> None:
    import_fixture("stronghold-standins.json")


@pytest.mark.parametrize("document", DOCUMENTS)
def test_the_service_the_api_and_the_command_agree(standins: None, tmp_path: Path, document: Any) -> None:
    assert_interfaces_agree(document, tmp_path)


def test_the_documents_cover_legal_illegal_and_malformed(standins: None) -> None:
    outcomes = [through_service(d) for d in DOCUMENTS]
    assert [s for s, _ in outcomes] == [200] * 5 + [400] * 3
    assert [r["legal"] for s, r in outcomes if s == 200] == [True, False, True, True, False]
    assert set(outcomes[5][1]) == {"/entries", "/faction", "/plan"}
    assert set(outcomes[6][1]) == {"/plan/round", "/plan/income"}
    assert set(outcomes[7][1]) == {"/plan/side"}


def test_the_database_gives_what_the_data_files_give(standins: None) -> None:
    assert_database_gives_what_files_give(DOCUMENTS[:5], catalogue_from_files("stronghold", "default", SH_FILES))


def test_a_validation_makes_at_most_two_queries(standins: None, django_assert_max_num_queries: Any) -> None:
    with django_assert_max_num_queries(2):
        list_validate(document=DOCUMENTS[0])


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


def test_the_readable_report_shows_the_hints_and_totals(standins: None, tmp_path: Path) -> None:
    path = tmp_path / "plan.json"
    path.write_text(json.dumps(DOCUMENTS[1]))
    out = StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("validate_list", str(path), stdout=out)
    assert exit_.value.code == 1
    text = out.getvalue()
    assert text.startswith("Round 4: NOT LEGAL for stronghold/default/two-player")
    assert "fix: 1 resource short" in text and "Warnings (2):" in text
    assert "Totals: resources_spent 7, resources_left -1, units_used 6, hourglasses 11" in text


def test_formats_lists_the_stronghold_formats_with_the_board_free(standins: None) -> None:
    body = APIClient().get("/api/v1/formats/").json()
    ours = {f["id"]: f for f in body["formats"] if f["game"] == "stronghold"}
    assert set(ours) == {"two-player", "three-player", "four-player"}
    assert ours["two-player"]["free_params"]["board"]["default"] == "TB-9"
    assert len(ours["three-player"]["rules"]) == 44 and len(ours["two-player"]["rules"]) == 40


def test_the_stand_in_board_is_marked_on_its_catalogue_page() -> None:
    from django.test import Client

    page = Client().get("/catalogue/stronghold/default/tb-9/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Stand-in numbers." in html and "STAND-IN: invented" in html
    listing = Client().get("/catalogue/stronghold/?standin=true").content.decode()
    assert "TB-9" in listing and "stand-in" in listing
