"""Rule messages and hints in the reader's language: each finding rendered from its template and parameters
(``texts=True``), card names kept in English, the English result untouched, and the API's JSON without templates.
Every template of every game is checked in tests/validation/test_messages.py."""

from __future__ import annotations

from typing import Any, cast

import pytest
from django.utils import translation

from builder.selectors_results import validation_result_localise
from validation.services import list_validate

pytestmark = pytest.mark.django_db

DOCUMENT: dict[str, Any] = {
    "game": "dungeon-command",
    "format": "custom",
    "commanders": ["Snig the Axe"],
    "entries": [{"card": "Goblin Archr", "qty": 1}, {"card": "Goblin Cutter", "qty": 1}],
    "orders": [{"card": "Goblin Archer", "qty": 1}],
}


def findings(result: dict[str, Any], rule: str) -> list[dict[str, Any]]:
    return [f for f in result["violations"] + result["warnings"] if f["rule"] == rule]


@pytest.mark.parametrize(
    ("language", "unknown", "wrong_kind"),
    [
        ("hu", "nincs 'Goblin Archr' nevű lény", "Goblin Archer: lény, nem parancs."),
        ("ru", "нет карты вида «существо» с именем 'Goblin Archr'", "Goblin Archer — это существо, а не приказ."),
        ("pl", "nie ma elementu rodzaju „istota” o nazwie 'Goblin Archr'", "Goblin Archer to istota, nie rozkaz."),
    ],
)
def test_the_contracts_findings_read_in_the_players_language(language: str, unknown: str, wrong_kind: str) -> None:
    result = dict(list_validate(document=DOCUMENT, texts=True))
    with translation.override(language):
        shown = validation_result_localise(result=result)
    [unknown_card] = findings(shown, "list.unknown-card")
    assert unknown in unknown_card["message"]
    assert "Goblin Archer" in unknown_card["hint"], "card names stay English in the hint"
    [misplaced] = findings(shown, "list.wrong-kind")
    assert misplaced["message"] == wrong_kind
    assert misplaced["rule"] == "list.wrong-kind" and misplaced["entries"] == ["/orders/0/card"]


def test_in_english_and_for_the_api_the_result_is_unchanged() -> None:
    result = dict(list_validate(document=DOCUMENT, texts=True))
    with translation.override("en"):
        english = validation_result_localise(result=result)
        for f in [*english["violations"], *english["warnings"]]:
            f.pop("cited")
        assert english == result
    with translation.override("hu"):
        validation_result_localise(result=result)
    assert findings(result, "list.unknown-card")[0]["message"].startswith("No creature named"), "not changed in place"
    api = list_validate(document=DOCUMENT)
    assert all("message_text" not in f and "hint_text" not in f for f in [*api["violations"], *api["warnings"]])
    shown = cast(list[dict[str, Any]], result["violations"])
    assert [f["message"] for f in api["violations"]] == [f["message"] for f in shown]


def test_a_finding_is_translated_from_its_template_with_nested_words_and_plurals() -> None:
    finding = {
        "rule": "x", "message": "No creature named 'Orc' in the catalogue.",
        "message_text": {"id": "No {kinds} named {text} in the catalogue.",
                         "params": {"kinds": {"id": "creature", "params": {}}, "text": "'Orc'"}},
        "hint": "remove at least 5 points",
        "hint_text": {"id": "remove at least {n} point", "plural": "remove at least {n} points", "n": 5,
                      "params": {"n": 5}},
        "entries": [],
    }
    with translation.override("hu"):
        shown = validation_result_localise(result={"violations": [finding], "warnings": []})
    assert shown["violations"][0]["message"] == "A katalógusban nincs 'Orc' nevű lény."
    with translation.override("ru"):
        shown = validation_result_localise(result={"violations": [finding], "warnings": []})
    assert shown["violations"][0]["hint"] == "уберите не меньше 5 очков"


def test_a_finding_without_a_template_stays_english() -> None:
    finding = {"rule": "x", "message": "The warband costs 212 points; the limit is 200.", "hint": "", "entries": []}
    with translation.override("ru"):
        shown = validation_result_localise(result={"violations": [finding], "warnings": []})
    assert shown["violations"][0]["message"] == "The warband costs 212 points; the limit is 200."
