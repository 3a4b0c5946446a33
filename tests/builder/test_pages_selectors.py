"""The builder's reads (builder.selectors): each game's choices, the rule check of a draft, names matched
as the validator matches them, the catalogue beside a list and why a card can no longer be added."""

from __future__ import annotations

from typing import Any

import pytest
from django.http import QueryDict

from builder.selectors import (
    builder_catalogue,
    builder_factions,
    builder_facts,
    builder_rulesets,
    builder_setup,
    card_add_reasons,
    card_find,
    card_ref,
    draft_check,
    list_check,
    list_rows,
)

pytestmark = pytest.mark.django_db

SEVEN = ["Arcane Archer", "Axe Sister", "Bralani Eladrin", "Centaur", "Cleric of Corellon Larethian",
         "Devis, Half-Elf Bard", "Elf Pyromancer"]  # 187 points, Chaotic Good


def warband(*names: str, faction: str = "CG") -> dict[str, Any]:
    return {"game": "ddm", "ruleset": "seed", "format": "skirmish-200", "faction": faction,
            "battle_map": "Broken Demongate", "entries": [{"card": n, "qty": 1} for n in names]}


def test_each_game_offers_its_rulesets_formats_and_factions() -> None:
    assert [r for r, _name in builder_rulesets(game="ddm")] == ["seed", "ddm-guild"]
    ddm = builder_setup(game="ddm", ruleset="seed", format_id="skirmish-200")
    assert ddm.checked and ddm.default_format == "skirmish-200"
    assert [f for f, _label in ddm.factions] == ["LG", "CG", "LE", "CE"]
    assert {p.name for p in ddm.params} == {"commander_required_severity", "map_required"}
    assert ddm.format_known("skirmish-300") and not ddm.format_known("skirmish-0300")
    assert not ddm.format_known("chess")
    guild = builder_setup(game="ddm", ruleset="ddm-guild")
    assert "standard-200" in {f.id for f in guild.formats} and ("wild", "Wild") in guild.factions
    dc = builder_setup(game="dungeon-command", ruleset="default")
    assert dc.factions == [] and {"custom", "faction-box", "first-game"} <= {f.id for f in dc.formats}
    bl2 = builder_setup(game="battlelore2", ruleset="default")
    assert {f for f, _label in bl2.factions} == {"daqan-lords", "uthuk-yllan"}
    assert ("uthuk-yllan", "Uthuk Y'llan") in builder_factions(game="battlelore2", ruleset="default")


def test_names_are_matched_as_the_validator_matches_them() -> None:
    catalogue = builder_facts(game="ddm", ruleset="seed")
    for text in ("Wood Elf Ranger", "wood elf-ranger", "WOOD ELF RANGER", "wood-elf-ranger"):
        card = card_find(catalogue=catalogue, text=text, kinds=("creature",))
        assert card is not None and card.slug == "wood-elf-ranger"
    assert card_find(catalogue=catalogue, text="Orc Maulr", kinds=("creature",)) is None
    assert card_find(catalogue=catalogue, text="Broken Demongate", kinds=("creature",)) is None, "a map, not a creature"
    epic = card_find(catalogue=catalogue, text="Balor", kinds=("creature",), version="epic")
    assert epic is not None and epic.fields["version"] == "epic"
    harbinger = card_find(catalogue=catalogue, text="Man-at-Arms", kinds=("creature",), set_name="harbinger")
    assert harbinger is not None and harbinger.set.name == "Harbinger"


def test_a_card_is_written_with_its_set_only_when_its_name_is_shared() -> None:
    catalogue = builder_facts(game="ddm", ruleset="seed")
    shared = card_ref(catalogue=catalogue, card=catalogue.by_slug["man-at-arms-harbinger"])
    assert (shared.name, shared.set_name, shared.version) == ("Man-at-Arms", "Harbinger", "standard")
    alone = card_ref(catalogue=catalogue, card=catalogue.by_slug["centaur"])
    assert alone.set_name == ""


def test_the_rule_check_is_computed_and_never_raises_for_what_a_player_sends() -> None:
    legal = list_check(document=warband(*SEVEN))
    assert legal.result is not None and legal.result["legal"] is True
    assert legal.result["totals"]["points"] == 187
    malformed = list_check(document={"game": "ddm", "format": "skirmish-200", "entries": [{"card": "X", "qty": 0}]})
    assert malformed.result is None and "/entries/0/qty" in malformed.errors
    assert list_check(document=["not", "a", "list"]).result is None
    assert list_check(document={"game": "chess"}).errors


def test_a_half_placed_battlelore_army_is_checked_with_the_units_still_to_place() -> None:
    document = {"game": "battlelore2", "format": "standard", "faction": "daqan-lords",
                "entries": [{"card": "Citadel Guard", "qty": 2}, {"card": "Roc Warrior", "qty": 1}],
                "deployment": [{"card": "Roc Warrior", "hex": "r1c1", "row": 1, "terrain": "clear"}]}
    assert list_check(document=document).result is not None, "mustered and placed together is a valid document"
    check = draft_check(document=document)
    assert check.result is not None and check.to_place == 2
    assert check.result["totals"]["units"] == 3 and check.result["totals"]["units_placed"] == 1


def test_why_a_card_can_no_longer_be_added() -> None:
    catalogue = builder_facts(game="ddm", ruleset="seed")
    document = warband(*SEVEN)
    check = list_check(document=document)

    def reasons(slug: str) -> list[dict[str, Any]]:
        return card_add_reasons(document=document, check=check, card=catalogue.by_slug[slug], catalogue=catalogue)

    assert reasons("human-wanderer") == [], "13 points of Chaotic Good fit in the 13 left"
    medusa = reasons("medusa")
    assert medusa[0] == {"points": {"cost": 62, "left": 13}}
    assert [r["finding"]["rule"] for r in medusa[1:]] == ["ddm.faction"]
    full = warband(*SEVEN, "Human Wanderer")
    jozan = card_add_reasons(document=full, check=list_check(document=full),
                             card=catalogue.by_slug["jozan-cleric-of-pelor"], catalogue=catalogue)
    assert jozan[0] == {"points": {"cost": 4, "left": 0}}
    assert [r["finding"]["rule"] for r in jozan[1:]] == ["ddm.max-creatures"], "the creature limit is reached"


def test_a_deck_still_short_of_its_minimum_marks_nothing() -> None:
    catalogue = builder_facts(game="dungeon-command", ruleset="default")
    document = {"game": "dungeon-command", "format": "custom", "entries": [{"card": "Goblin Archer", "qty": 1}],
                "orders": [], "commanders": ["Snig the Axe"]}
    check = list_check(document=document)
    card = catalogue.by_slug["goblin-cutter"]
    assert card_add_reasons(document=document, check=check, card=card, catalogue=catalogue) == []


def test_the_catalogue_beside_a_list_is_the_catalogues_search_limited_to_the_lists_kinds() -> None:
    document = warband("Centaur")
    check = list_check(document=document)
    data = QueryDict(mutable=True)
    data["c-search"] = "centaur"
    page = builder_catalogue(game="ddm", ruleset="seed", data=data, document=document, check=check,
                             kinds=("creature", "battle-map"))
    rows = {row.card.slug: row for row in page.rows}
    assert "centaur" in rows and rows["centaur"].in_list == 1 and rows["centaur"].cost == 20
    assert all(row.card.kind in ("creature", "battle-map") for row in page.rows)
    data["c-cost_max"] = "-5"
    assert builder_catalogue(game="ddm", ruleset="seed", data=data, document=document, check=check,
                             kinds=("creature",)).errors


def test_the_lists_rows_carry_their_cards_costs_and_findings() -> None:
    document = warband("Centaur", "Orc Maulr")
    check = list_check(document=document)
    catalogue = builder_facts(game="ddm", ruleset="seed")
    sections = list_rows(document=document, catalogue=catalogue, findings=check.findings_by_pointer)
    entries = sections[0]
    assert entries.section.path == "entries" and entries.count == 2
    centaur, typo = entries.rows
    assert centaur.card.slug == "centaur" and centaur.line_cost == 20 and centaur.anchor == "item-entries-0"
    assert typo.card is None and typo.findings[0]["rule"] == "list.unknown-card"
    assert "Orc Mauler" in typo.findings[0]["suggestions"]
