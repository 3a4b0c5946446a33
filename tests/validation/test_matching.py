"""Name matching per the contract: case, accents and punctuation ignored; slugs; sets; the list codes."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from common.names import normalise_name
from tests.validation.helpers import check, ddm, only, rules
from validation.core import Catalogue
from validation.core.names import normalise

CG = [("Halfling Captain", 1)]


def test_names_match_without_regard_to_case_accents_or_punctuation(ddm_catalogue: Catalogue) -> None:
    for written in ("Élan Sorcerer", "elan sorcerer", "ELAN-SORCERER", "  Elan, Sorcerer! "):
        result = check(ddm(*CG, (written, 1), faction="CG"), ddm_catalogue)
        assert result["legal"], (written, result["violations"])


def test_a_slug_names_its_card(ddm_catalogue: Catalogue) -> None:
    assert check(ddm(*CG, ("wood-elf-ranger", 1), faction="CG"), ddm_catalogue)["legal"]
    assert check(ddm(*CG, ("man-at-arms-second-set", 1), faction="LG"), ddm_catalogue)["totals"]["points"] == 27


def test_a_localised_name_names_its_card(ddm_catalogue: Catalogue) -> None:
    assert check(ddm(*CG, ("Erdei elf vadász", 1), faction="CG"), ddm_catalogue)["legal"]


def test_one_name_in_two_sets_is_ambiguous_until_the_set_is_given(ddm_catalogue: Catalogue) -> None:
    result = check(ddm(("Man-at-Arms", 1), faction="LG"), ddm_catalogue)
    v = only(result, "list.ambiguous-card")
    assert v["entries"] == ["/entries/0/card"]
    assert v["suggestions"] == ["man-at-arms-fixture-drums", "man-at-arms-second-set"]
    assert v["hint"] == "choose the one you mean: Man-at-Arms (Fixture Drums) or Man-at-Arms (Second Set)"
    assert v["choices"] == [{"card": "man-at-arms-fixture-drums", "label": "Man-at-Arms (Fixture Drums)"},
                            {"card": "man-at-arms-second-set", "label": "Man-at-Arms (Second Set)"}]
    assert "man-at-arms" not in v["message"], "the message names the cards, not their slugs"
    for written_set in ("Second Set", "second-set", "SS"):
        doc = ddm({"card": "Man-at-Arms", "set": written_set}, ("Halfling Priest", 1), faction="LG")
        assert check(doc, ddm_catalogue)["totals"]["points"] == 19


def test_a_card_named_with_a_set_it_is_not_in_is_unknown(ddm_catalogue: Catalogue) -> None:
    result = check(ddm({"card": "Orc Mauler", "set": "Second Set"}, faction="CE"), ddm_catalogue)
    v = only(result, "list.unknown-card")
    assert v["message"] == "Orc Mauler is not in the set 'Second Set'." and v["suggestions"] == ["Fixture Drums"]


def test_an_unknown_name_gets_the_closest_names(ddm_catalogue: Catalogue) -> None:
    result = check(ddm(("Wood Elf Rangr", 1), ("mauler", 1), ("Zzyzx", 1), faction="CG"), ddm_catalogue)
    found = {v["entries"][0]: v["suggestions"] for v in result["violations"] if v["rule"] == "list.unknown-card"}
    assert found == {"/entries/0/card": ["Wood Elf Ranger"], "/entries/1/card": ["Orc Mauler"],
                     "/entries/2/card": []}


def test_a_map_among_the_creatures_is_the_wrong_kind(ddm_catalogue: Catalogue) -> None:
    result = check(ddm(*CG, ("Field of Ruin", 1), faction="CG"), ddm_catalogue)
    v = only(result, "list.wrong-kind")
    assert v["message"] == "Field of Ruin is a battle map, not a creature."
    assert v["hint"] == "put Field of Ruin under Battle map"


def test_a_figure_whose_stat_card_the_catalogue_lacks_is_missing_data(ddm_catalogue: Catalogue) -> None:
    result = check(ddm(*CG, ("Lonely Figure", 1), faction="CG"), ddm_catalogue)
    assert rules(result) == ["catalogue.missing-data"]
    v = result["violations"][0]
    assert (v["card"], v["field"]) == ("fd-1-lonely-figure", "stat card")
    assert "ddm.points-limit" in v["needed_by"]


@given(st.text(max_size=40))
def test_the_core_normalises_names_exactly_as_the_catalogue_does(text: str) -> None:
    assert normalise.__wrapped__ is normalise_name, "one normaliser (common.names), kept per name"
    assert normalise(text) == normalise_name(text)
