"""Rule messages and hints in the reader's language: the contract's findings by template, any finding by
message id, card names kept in English, and the English result untouched."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from builder.selectors_results import text_localise, validation_result_localise
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
    result = dict(list_validate(document=DOCUMENT))
    with translation.override(language):
        shown = validation_result_localise(result=result)
    [unknown_card] = findings(shown, "list.unknown-card")
    assert unknown in unknown_card["message"]
    assert "Goblin Archer" in unknown_card["hint"], "card names stay English in the hint"
    [misplaced] = findings(shown, "list.wrong-kind")
    assert misplaced["message"] == wrong_kind
    assert misplaced["rule"] == "list.wrong-kind" and misplaced["entries"] == ["/orders/0/card"]


def test_in_english_and_for_the_api_the_result_is_unchanged() -> None:
    result = dict(list_validate(document=DOCUMENT))
    with translation.override("en"):
        assert validation_result_localise(result=result) == result
    with translation.override("hu"):
        validation_result_localise(result=result)
    assert findings(result, "list.unknown-card")[0]["message"].startswith("No creature named"), "not changed in place"


def test_a_finding_with_a_message_id_is_translated_by_its_id() -> None:
    finding = {
        "rule": "x", "message": "No creature named 'Orc' in the ddm catalogue.",
        "message_id": "No {kinds} named {text} in the {game} catalogue.",
        "message_params": {"kinds": "lény", "text": "'Orc'", "game": "ddm"},
        "hint": "check the spelling", "entries": [],
    }
    with translation.override("hu"):
        shown = validation_result_localise(result={"violations": [finding], "warnings": []})
    assert shown["violations"][0]["message"] == "A(z) ddm katalógusban nincs 'Orc' nevű lény."
    assert shown["violations"][0]["hint"] == "ellenőrizd a helyesírást"


def test_a_message_no_template_covers_stays_english() -> None:
    with translation.override("ru"):
        assert text_localise(text="The warband costs 212 points; the limit is 200.") == (
            "The warband costs 212 points; the limit is 200."
        )
