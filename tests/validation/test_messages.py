"""Rule messages and hints in every language: each is an English template with parameters (``msg``/``nmsg``)
that the pages translate, the English rendering is the contract's ``message``/``hint``, and no template is
left in English in Hungarian, Russian or Polish.

Two checks: every template the validator's source holds has a translation with the same placeholders in each
language (read from the source, so a new message cannot slip through), and every finding a sample of lists
produces (random lists over the fixture catalogues, broken lists for each format of each game over the bundled
catalogues) renders in each language with none of its template's English words left.
"""

from __future__ import annotations

import ast
import contextlib
import copy
import gettext as pygettext
import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from django.utils import translation
from hypothesis import HealthCheck, given, settings

from builder.selectors_results import finding_localise, text_render
from tests.validation.helpers import ROOT, catalogue_from_files
from tests.validation.test_battlelore2_rules import BL2_FILES
from tests.validation.test_properties import DC, DDM, GUILD, dc_lists, ddm_lists, guild_lists
from tests.validation.test_stronghold_rules import EXAMPLE_PLAN, SH_FILES, bare, three_player
from validation.core import Catalogue, DocumentError, parse_document, validate
from validation.core.registry import ruleset_spec

LANGUAGES = ("hu", "ru", "pl")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def catalogs() -> dict[str, dict[Any, str]]:
    out = {}
    for language in LANGUAGES:
        with (ROOT / "locale" / language / "LC_MESSAGES" / "django.mo").open("rb") as f:
            out[language] = pygettext.GNUTranslations(f)._catalog  # type: ignore[attr-defined]
    return out


CATALOGS = catalogs()


# ----------------------------------------------------------------------------------------------- the source


def source_templates() -> list[tuple[str, str, str | None]]:
    """``(where, template, plural)`` of every ``msg(...)``/``nmsg(...)`` in ``validation/``."""
    out = []
    for path in sorted((ROOT / "validation").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("msg", "nmsg")):
                continue
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            first = node.args[0] if node.args else None
            assert isinstance(first, ast.Constant) and isinstance(first.value, str), f"{where}: a template is a literal"
            plural = None
            if node.func.id == "nmsg":
                second = node.args[1]
                assert isinstance(second, ast.Constant) and isinstance(second.value, str), where
                plural = second.value
            out.append((where, first.value, plural))
    return out


TEMPLATES = source_templates()


def test_the_validator_writes_its_messages_as_templates() -> None:
    assert len(TEMPLATES) > 300
    assert not (ROOT / "validation" / "core" / "text.py").read_text().count("import django")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_template_of_the_validator_has_a_translation_with_the_same_placeholders(language: str) -> None:
    catalog = CATALOGS[language]
    problems = []
    for where, template, plural in TEMPLATES:
        wanted = set(PLACEHOLDER.findall(template)) | set(PLACEHOLDER.findall(plural or ""))
        if plural is None:
            forms = [catalog.get(template)]
        else:
            forms = [catalog.get((template, i)) for i in range(4 if language != "hu" else 2)]
        if not all(forms):
            problems.append(f"{where}: {template!r} has no {language} translation")
            continue
        for form in forms:
            assert form is not None
            kept = set(PLACEHOLDER.findall(form))
            if not kept <= wanted or (plural is None and kept != wanted):
                problems.append(f"{where}: the {language} {form!r} does not keep the placeholders of {template!r}")
    assert not problems, "\n".join(problems[:30])


# --------------------------------------------------------------------------------------------- the findings


def nodes(text: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    yield text
    for value in (text.get("params") or {}).values():
        if isinstance(value, Mapping):
            yield from nodes(value)


def english_words(template: str, translated: str) -> list[str]:
    """The template's own English text (between placeholders, two words or more) that its translation lacks."""
    chunks = [c.strip(" .,:;()") for c in PLACEHOLDER.split(template)[::2]]
    return [c for c in chunks if len(re.findall(r"[A-Za-z]{2,}", c)) >= 2 and c not in translated]


def check_finding(finding: Mapping[str, Any], problems: list[str]) -> None:
    for key in ("message", "hint"):
        text = finding.get(f"{key}_text")
        if not finding.get(key):
            continue
        if not isinstance(text, Mapping):
            problems.append(f"{finding['rule']}: the {key} {finding[key]!r} has no template")
            continue
        if text_render(text=text, translate=False) != finding[key]:
            problems.append(f"{finding['rule']}: the English {key} is not the template's rendering: {finding[key]!r}")
        with translation.override("en"):
            if finding_localise(finding=finding)[key] != finding[key]:
                problems.append(f"{finding['rule']}: the English page changes {finding[key]!r}")
        for language in LANGUAGES:
            with translation.override(language):
                shown = text_render(text=text) or ""
            catalog = CATALOGS[language]
            for node in nodes(text):
                template, plural, n = node["id"], node.get("plural"), node.get("n")
                if plural:
                    key_ = (template, 0)
                    translated = " ".join(v for k, v in catalog.items() if isinstance(k, tuple) and k[0] == template)
                else:
                    key_, translated = template, catalog.get(template, "")
                if key_ not in catalog:
                    problems.append(f"{finding['rule']}: {template!r} has no {language} translation")
                    continue
                english = template if not plural or n == 1 else plural
                for words in english_words(english, translated):
                    if words in shown:
                        problems.append(f"{finding['rule']} in {language}: {words!r} is left in {shown!r}")


def results(document: dict[str, Any], catalogue: Catalogue) -> list[dict[str, Any]]:
    result = validate(parse_document(document), catalogue, texts=True)
    return [dict(f) for f in [*result["violations"], *result["warnings"]]]


SEEN: set[str] = set()  # the message templates the sample produced


def check_all(findings: list[dict[str, Any]]) -> None:
    problems: list[str] = []
    for finding in findings:
        check_finding(finding, problems)
        for key in ("message_text", "hint_text"):
            if isinstance(finding.get(key), Mapping):
                SEEN.update(node["id"] for node in nodes(finding[key]))
    assert not problems, "\n".join(sorted(set(problems))[:30])


FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(ddm_lists())
def test_every_finding_of_random_ddm_lists_reads_in_every_language(document: dict[str, Any]) -> None:
    check_all(results(document, DDM))


@FAST
@given(guild_lists())
def test_every_finding_of_random_guild_lists_reads_in_every_language(document: dict[str, Any]) -> None:
    check_all(results(document, GUILD))


@FAST
@given(dc_lists())
def test_every_finding_of_random_dungeon_command_lists_reads_in_every_language(document: dict[str, Any]) -> None:
    check_all(results(document, DC))


def broken_armies(format_id: str) -> list[dict[str, Any]]:
    base = {"game": "battlelore2", "format": format_id}
    entries = [{"card": name, "qty": qty} for name, qty in (
        ("Test Spearmen", 9), ("Test Brute", 2), ("Test Recruits", 2), ("Test Reavers", 1), ("Nobody's Unit", 1),
        ("Patrol Center", 1),
    )]
    deployment = [
        {"card": "Test Golem", "hex": "r1c1", "row": 1, "terrain": "forest"},
        {"card": "Test Spearmen", "hex": "r1c1", "row": 1, "terrain": "water"},
        {"card": "Test Recruits", "hex": "r4c2", "row": 4, "terrain": "water"},
        {"card": "Test Brute", "hex": "r2c2", "row": 2, "terrain": "building"},
    ]
    return [
        {**base, "faction": "daqan-lords", "entries": entries, "opponent": {"faction": "daqan-lords"},
         "scenario": "Nobody's Scenario", "hand": ["Patrol Left Flank", "Nowhere Card", "Forward", "Forward"]},
        {**base, "faction": None, "entries": entries[:2]},
        {**base, "faction": "uthuk-yllan", "deployment": deployment,
         "command_tent": {"hex": "r1c5", "row": 1, "terrain": "forest"},
         "campaign": [{"scenario": 2, "daqan-lords": "B2", "uthuk-yllan": "A1"}, {"scenario": 2, "daqan-lords": "C1"}]},
        {**base, "faction": "daqan-lords", "entries": entries[:1], "hand": []},
    ]


def test_every_finding_of_broken_battlelore_armies_reads_in_every_language() -> None:
    catalogue = catalogue_from_files("battlelore2", "default", BL2_FILES)
    findings = []
    for format_id in ruleset_spec("battlelore2", "default").formats:
        for document in broken_armies(format_id):
            with contextlib.suppress(DocumentError):  # a document a format's keys refuse: the others still run
                findings += results(document, catalogue)
    assert len({f["rule"] for f in findings}) >= 8
    check_all(findings)


def broken_plans(plan: dict[str, Any]) -> Iterator[dict[str, Any]]:
    yield plan
    wrong = copy.deepcopy(plan)
    wrong.update({"round": 11, "income": 3, "flipped": ["6"], "hourglasses": 1, "camp_upkeep": 5})
    wrong["entries"] = [
        *wrong.get("entries", []),
        {"name": "Ballista", "phase": 3, "target": "nowhere", "pay": {"goblin": 9}, "resources": 7},
        {"name": "Produce Resources", "phase": 1, "pay": {"troll": 1}, "gain": 9},
        {"name": "Nobody's Action", "phase": 2},
        {"name": "Ram", "phase": 2, "target": "gate", "pay": {"orc": 2}, "resources": 1},
        {"name": "Ram", "phase": 1, "target": "gate", "pay": {"orc": 2}, "resources": 1},
    ]
    wrong["orders"] = [{"name": "Nobody's Order", "section": "nowhere"}]
    yield wrong


def test_every_finding_of_broken_stronghold_plans_reads_in_every_language() -> None:
    catalogue = catalogue_from_files("stronghold", "default", SH_FILES)
    findings = []
    for base in (copy.deepcopy(EXAMPLE_PLAN), bare()):
        for plan in broken_plans(base):
            for fmt, doc_plan in (("two-player", plan), ("three-player", three_player(plan, side="east"))):
                with contextlib.suppress(DocumentError):
                    findings += results({"game": "stronghold", "format": fmt, "plan": doc_plan}, catalogue)
    assert len({f["rule"] for f in findings}) >= 8
    check_all(findings)


def test_the_sample_covers_many_of_the_validators_templates() -> None:
    """Run last in this module (pytest keeps the file's order): the findings above used many templates."""
    assert len(SEEN) >= 60, sorted(SEEN)


def test_a_parameter_that_is_a_template_is_translated_on_its_own() -> None:
    finding = results({"game": "ddm", "format": "skirmish-200", "faction": "LG", "battle_map": "Broken Demongate",
                       "entries": [{"card": "Nobody Known", "qty": 1}]}, DDM)[0]
    with translation.override("hu"):
        shown = finding_localise(finding=finding)
    assert finding["message"] == "No creature named 'Nobody Known' in the catalogue."
    assert shown["message"] == "A katalógusban nincs 'Nobody Known' nevű lény."

