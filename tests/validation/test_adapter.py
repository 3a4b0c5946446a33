"""The database adapter: at most 2 queries whatever the list size, the same facts as the data files,
kept per catalogue version."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.db import connection

from tests.validation.helpers import (
    DC_FIXTURE_FILES,
    DDM_FILES,
    GUILD_FILES,
    bundled_dc,
    catalogue_from_files,
    ddm,
    pack_list,
    real_dc_files,
)
from validation.core import parse_document, validate
from validation.selectors import catalogue_facts
from validation.services import list_validate

pytestmark = pytest.mark.django_db


def big_list(n: int) -> dict[str, Any]:
    dc = bundled_dc()
    names = [c.name for c in dc.cards if c.kind in ("creature", "order")]
    entries = [{"card": names[i % len(names)], "qty": 1} for i in range(n)]
    return {"game": "dungeon-command", "format": "custom", "entries": entries, "commanders": ["Valnar Trueblade"]}


@pytest.mark.parametrize("size", [1, 40, 200])
def test_a_validation_makes_at_most_two_queries_whatever_the_list_size(
    size: int, django_assert_max_num_queries: Any
) -> None:
    connection.features.supports_json_field  # noqa: B018 - SQLite's one-off feature probe is not a validation's
    with django_assert_max_num_queries(2):
        cold = list_validate(document=big_list(size))
    with django_assert_max_num_queries(1):
        warm = list_validate(document=big_list(size))
    assert cold == warm


def test_the_database_holds_the_same_dungeon_command_facts_as_the_files() -> None:
    from_db, from_files = catalogue_facts(game="dungeon-command", ruleset="default"), bundled_dc()
    assert sorted(c.slug for c in from_db.cards) == sorted(c.slug for c in from_files.cards)
    for slug in ("valnar-trueblade", "drider", "killing-strike"):
        db_card, file_card = from_db.by_slug[slug], from_files.by_slug[slug]
        assert (db_card.name, db_card.kind, db_card.factions, db_card.copies, db_card.set) == (
            file_card.name, file_card.kind, file_card.factions, file_card.copies, file_card.set)
        for name, value in file_card.fields.items():
            assert db_card.fields[name] == value, (slug, name)
    for slug in ("heart-of-cormyr", "sting-of-lolth"):
        doc = parse_document(pack_list(from_files, slug, fmt="faction-box", box=slug))
        assert {**validate(doc, from_db), "catalogue_version": ""} == {**validate(doc, from_files),
                                                                       "catalogue_version": ""}


DOCUMENTS = [
    ddm(("Halfling Captain", 1), ("Wood Elf Ranger", 2), faction="CG"),
    ddm(("Regdar, Adventurer", 1), ("Regdar, Human Fighter", 1), ("Mystery Knight", 1), faction="LG"),
    ddm(("Hound Master", 1), {"card": "Guard Hound", "qty": 3, "minion_of": "Hound Master"}, faction="LE"),
    ddm(("Goblin Boss", 1), {"card": "Goblin Sneak", "minion_of": "Goblin Boss"},
        {"card": "Goblin Archer", "minion_of": "Goblin Boss"}, faction="CE"),
    ddm({"card": "Balor", "version": "epic"}, ("Purple Worm", 1), faction="CE", fmt="epic-500"),
    ddm(("Sized Figure", 1), ("Man-at-Arms", 1), ("Lonely Figure", 1), ("Erdei elf vadász", 1), faction="CG"),
    ddm(("Wolf Lord", 1), ("Dire Wolf", 1), ("Vague Chieftain", 1), ("Orc Mauler", 1), faction="LE"),
    ddm(("Goblin Sneak", 1), ("Cheap Mystery", 1), ("Dire Wolf", 1), fmt="limited-200", commander_zero="Goblin Sneak",
        pool=["Goblin Sneak", "Cheap Mystery", "Dire Wolf"]),
    ddm(("Kobold Dragonpriest", 1), ("Harbinger Sergeant", 1), ("Halfling Priest", 1), faction="LG"),
    {"game": "ddm", "ruleset": "ddm-guild", "format": "arena",
     "entries": [{"card": "Guild Hero", "qty": 2}, {"card": "Guild Drow"}, {"card": "Guild Mystery"}]},
    {"game": "dungeon-command", "format": "first-game", "box": "Test Pack", "symbol": "gold",
     "entries": [{"card": "Test Knight"}], "orders": [{"card": "Test Strike"}], "commanders": ["Test General"]},
    {"game": "dungeon-command", "format": "first-game", "box": "unknown-halves", "symbol": "silver",
     "entries": [{"card": "Half Known"}], "orders": [{"card": "Half Order"}], "commanders": ["Odd Commander"]},
]


def test_the_adapter_and_the_data_files_give_the_same_result_for_every_list(imported: list[Path]) -> None:
    files = {
        ("ddm", "seed"): catalogue_from_files("ddm", "seed", DDM_FILES),
        ("ddm", "ddm-guild"): catalogue_from_files("ddm", "ddm-guild", GUILD_FILES),
        ("dungeon-command", "default"): catalogue_from_files("dungeon-command", "default",
                                                             [*DC_FIXTURE_FILES, *real_dc_files()]),
    }
    for document in DOCUMENTS:
        doc = parse_document(document)
        expected = validate(doc, files[(doc.game, doc.ruleset)])
        got = list_validate(document=document)
        assert {**got, "catalogue_version": ""} == {**expected, "catalogue_version": ""}, document


def test_the_facts_are_kept_until_the_catalogue_version_changes(imported: list[Path], tmp_path: Path) -> None:
    from catalogue.services import catalogue_import

    document = ddm(("Halfling Captain", 1), ("Wood Elf Ranger", 2), faction="CG")
    before = list_validate(document=document)
    assert before["totals"]["points"] == 48
    changed = json.loads(DDM_FILES[0].read_text())
    next(c for c in changed["cards"] if c["slug"] == "wood-elf-ranger")["cost"] = 15
    path = tmp_path / DDM_FILES[0].name
    path.write_text(json.dumps(changed))
    report = catalogue_import(paths=[path])
    assert report.new_version
    after = list_validate(document=document)
    assert after["totals"]["points"] == 50 and after["catalogue_version"] == report.version != before[
        "catalogue_version"]


def test_outside_a_transaction_the_version_is_read_at_most_once_a_second(
    monkeypatch: pytest.MonkeyPatch, django_assert_num_queries: Any
) -> None:
    from catalogue import models as m
    from validation import selectors

    monkeypatch.setattr(type(connection), "in_atomic_block", False, raising=False)
    clock = [1000.0]
    monkeypatch.setattr(selectors.time, "monotonic", lambda: clock[0])
    with django_assert_num_queries(1):
        first = selectors.catalogue_version_current()
    with django_assert_num_queries(0):
        assert selectors.catalogue_version_current() == first
    clock[0] += 1.5
    with django_assert_num_queries(1):
        selectors.catalogue_version_current()
    m.CatalogueVersion.objects.create(label="a-new-one")  # an import in this process: seen at once
    with django_assert_num_queries(1):
        assert selectors.catalogue_version_current() == "a-new-one"
