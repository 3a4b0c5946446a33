"""A rule's source as a player reads it: the book's title, its sections as the book heads them, the page
where the book gives one, in the reader's language; never one of our file names or a source repository's."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

import games
from builder.selectors_results import citation_render
from tests.validation.test_properties import DDM
from validation.core import parse_document, validate
from validation.core.books import citation
from validation.core.registry import RULES, load_games
from validation.core.result import CONTRACT_SOURCE, Source

FILE_NAME = re.compile(r"\b[\w-]+\.(?:md|txt|java|py|json|xml|js)\b|\d{3}_[0-9a-f]{16}|§|github|mkouba|\w/\w")

load_games()


def test_every_rule_cites_a_book_of_ours() -> None:
    for rule in RULES.values():
        cited = citation(rule.source)
        assert cited is not None, f"{rule.id} cites {rule.source.file}, which no game's books name (games.Game.books)"


@pytest.mark.parametrize("rule_id", sorted(RULES))
def test_no_file_name_note_or_english_aside_reaches_the_citation(rule_id: str) -> None:
    cited = citation(RULES[rule_id].source)
    assert cited is not None
    for section, page in cited.parts:
        assert not FILE_NAME.search(section), section
        assert "(" not in section and ")" not in section, section
        assert section[0].isupper() or section[0].isdigit(), section
        assert page == "" or re.fullmatch(r"\d+(–\d+)?", page)


def test_the_points_limit_cites_the_polish_advanced_rules_with_its_pages() -> None:
    cited = citation(RULES["ddm.points-limit"].source)
    assert cited is not None
    assert str(cited.book.title) == "D&D Miniatures Game Advanced Rules, War Drums starter set (Polish edition)"
    assert cited.book.language == "pl"
    assert cited.parts[:2] == (("TWORZENIE DRUŻYNY: Ograniczenie 200 Punktów", "6"), ("Epickie Starcie", "29"))


def test_a_reading_beyond_the_book_is_said_so_and_the_digest_is_not_named() -> None:
    cited = citation(Source("004_accb02bc63915dff.txt", "Gyors összefoglaló (recruitment points); battlelore2.md "
                                                        "§3.2 (the 50-point budget, outside knowledge)"))
    assert cited is not None and cited.reading
    assert cited.parts == (("Gyors összefoglaló", ""),)


def test_our_contracts_and_stand_ins_cite_no_book() -> None:
    assert citation(CONTRACT_SOURCE) is None
    assert citation(Source("stronghold.md", "§10.6 Test board TB-9 (invented)")) is None
    assert citation(None) is None


@pytest.mark.parametrize(("language", "book", "page"), [
    ("en", "D&D Miniatures Game Advanced Rules", "p. 6"),
    ("hu", "D&D Miniatures", "6. o."),
    ("ru", "D&D Miniatures", "с. 6"),
    ("pl", "D&D Miniatures", "s. 6"),
])
def test_the_page_shows_the_title_and_page_in_the_readers_language(language: str, book: str, page: str) -> None:
    cited = citation(RULES["ddm.points-limit"].source)
    assert cited is not None
    with translation.override(language):
        shown = citation_render(citation=cited.json(), translate=language != "en")
    assert shown is not None
    assert book in shown["book"]
    if language != "en":
        assert shown["book"] != str(cited.book.title), "the title is translated"
    assert shown["parts"][0] == {"section": "TWORZENIE DRUŻYNY: Ograniczenie 200 Punktów", "page": page}
    assert shown["lang"] == "pl"


def test_a_pages_result_carries_the_citation_and_the_apis_does_not() -> None:
    catalogue = DDM
    doc = parse_document({"game": "ddm", "format": "skirmish-200", "entries": []})
    page = validate(doc, catalogue, texts=True)
    api = validate(doc, catalogue)
    findings = [*page["violations"], *page["warnings"]]
    assert findings and all("citation" in f for f in findings if f["rule"] in RULES)
    assert all("citation" not in f for f in [*api["violations"], *api["warnings"]])
    assert all(f["source"]["file"] for f in api["violations"])


def test_the_book_list_names_each_seed() -> None:
    assert {k[:3] for k in games.books() if k.endswith(".txt")} == {"000", "001", "002", "003", "004"}
