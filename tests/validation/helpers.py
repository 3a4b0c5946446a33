"""Catalogue facts straight from data files (no database), and small helpers for the rule tests.

``catalogue_from_files`` reads the same files ``import_catalogue`` reads and builds what the database
adapter (``validation.selectors``) builds; ``test_adapter.py`` proves both give the same results."""

from __future__ import annotations

import json
from collections.abc import Iterable
from io import StringIO
from pathlib import Path
from typing import Any
from unittest import mock

from validation.core import CardFacts, Catalogue, ResultJSON, SetFacts, parse_document, validate

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).parent / "fixtures"
DC_DATA = ROOT / "catalogue" / "data" / "dungeon-command"

BASE = {"kind", "slug", "name", "names", "copies", "text", "source", "provenance", "notes", "is_standin", "factions"}
CHILDREN = {"abilities", "minions", "attacks", "spells"}
REFS = {"miniature", "standard_side"}

DDM_FILES = [FIXTURES / "ddm-seed.json", FIXTURES / "ddm-seed-second.json"]
GUILD_FILES = [FIXTURES / "ddm-guild.json"]
DC_FIXTURE_FILES = [FIXTURES / "dc-pack.json", FIXTURES / "dc-pack-unknown-halves.json"]


def real_dc_files() -> list[Path]:
    """The bundled Dungeon Command files: a test that reads them fails, never skips, when they are missing."""
    files = sorted(DC_DATA.rglob("*.json"))
    assert files, f"{DC_DATA} holds no bundled Dungeon Command file (scripts/convert_catalogue.py writes them)"
    return files


def catalogue_from_files(game: str, ruleset: str, paths: Iterable[Path], version: str = "files") -> Catalogue:
    cards: list[CardFacts] = []
    for path in paths:
        doc = json.loads(path.read_text(encoding="utf-8"))
        assert (doc["game"], doc["ruleset"]) == (game, ruleset), path
        header = doc["set"]
        product = SetFacts(header["slug"], header["name"], header.get("abbreviation", ""))
        for raw in doc["cards"]:
            cards.append(
                CardFacts(
                    slug=raw["slug"],
                    name=raw["name"],
                    kind=raw["kind"],
                    set=product,
                    factions=tuple(sorted(raw.get("factions", []))),
                    copies=raw.get("copies", 1),
                    is_standin=raw.get("is_standin", False),
                    names=raw.get("names", {}),
                    fields={k: v for k, v in raw.items() if k not in BASE | CHILDREN | REFS},
                    children={k: tuple(raw.get(k, [])) for k in ("abilities", "minions")},
                    refs={k: raw.get(k) for k in REFS if k in raw},
                )
            )
    return Catalogue(game, ruleset, version, tuple(sorted(cards, key=lambda c: (c.kind, c.slug))))


def check(document: dict[str, Any], catalogue: Catalogue) -> ResultJSON:
    return validate(parse_document(document), catalogue)


def rules(result: ResultJSON) -> list[str]:
    return [v["rule"] for v in result["violations"]]


def warnings(result: ResultJSON) -> list[str]:
    return [w["rule"] for w in result["warnings"]]


def only(result: ResultJSON, rule: str) -> dict[str, Any]:
    found = [v for v in result["violations"] if v["rule"] == rule]
    assert len(found) == 1, (rule, result["violations"])
    return dict(found[0])


def ddm(*entries: Any, fmt: str = "skirmish-200", **top: Any) -> dict[str, Any]:
    """A ddm list: entries as ``("Orc Mauler", 2)``, ``"Orc Mauler"`` or a dict."""
    out: list[dict[str, Any]] = []
    for e in entries:
        if isinstance(e, dict):
            out.append(e)
        elif isinstance(e, tuple):
            out.append({"card": e[0], "qty": e[1]})
        else:
            out.append({"card": e})
    return {"game": "ddm", "format": fmt, "battle_map": "Broken Demongate", "entries": out, **top}


def pack_cards(catalogue: Catalogue, slug: str, kind: str) -> list[CardFacts]:
    return [c for c in catalogue.cards if c.kind == kind and c.set is not None and c.set.slug == slug]


def pack_list(catalogue: Catalogue, slug: str, fmt: str = "custom", **top: Any) -> dict[str, Any]:
    """A Dungeon Command pack's whole contents as a list: every creature and order with its copies."""
    return {
        "game": "dungeon-command",
        "format": fmt,
        "entries": [{"card": c.name, "qty": c.copies} for c in pack_cards(catalogue, slug, "creature")],
        "orders": [{"card": c.name, "qty": c.copies} for c in pack_cards(catalogue, slug, "order")],
        "commanders": [pack_cards(catalogue, slug, "commander")[0].name],
        **top,
    }


def bundled_dc() -> Catalogue:
    """The bundled Dungeon Command packs, read from their files (the test database holds the same)."""
    return catalogue_from_files("dungeon-command", "default", real_dc_files())


# --- the three interfaces ------------------------------------------------------------------------------

def through_command(document: Any, folder: Path) -> tuple[int, Any]:
    """``validate_list --json`` on the document: its exit status and what it printed (None on exit 2)."""
    from django.core.management import call_command
    from django.core.management.base import CommandError

    path = folder / "list.json"
    path.write_text(json.dumps(document))
    out = StringIO()
    try:
        call_command("validate_list", str(path), "--json", stdout=out)
    except SystemExit as exc:
        return int(exc.code or 0), json.loads(out.getvalue())
    except CommandError as exc:
        return exc.returncode, None
    return 0, json.loads(out.getvalue())


def through_service(document: Any) -> tuple[int, Any]:
    """``list_validate``: 200 and the result, or the refusal's status and field messages."""
    from config.errors import ApplicationError
    from validation.services import list_validate

    try:
        result = list_validate(document=document)
    except ApplicationError as exc:
        return exc.status, exc.fields
    return 200, result


def assert_interfaces_agree(document: Any, folder: Path) -> None:
    """The service, ``POST /api/v1/validate/`` and ``validate_list`` give the same answer for ``document``: the
    same result (exit status 0 legal, 1 illegal), or the same field messages (400, exit status 2). The validate
    rate limit is lifted for the request."""
    from rest_framework.test import APIClient
    from rest_framework.throttling import ScopedRateThrottle

    status, expected = through_service(document)
    with mock.patch.dict(ScopedRateThrottle.THROTTLE_RATES, {"validate": "100000/minute"}):
        response = APIClient().post("/api/v1/validate/", data=json.dumps(document), content_type="application/json")
    exit_status, printed = through_command(document, folder)
    if status == 200:
        assert response.status_code == 200 and response.json() == expected
        assert (exit_status, printed) == (0 if expected["legal"] else 1, expected)
    else:
        assert response.status_code == 400 and response.json()["error"]["fields"] == expected
        assert (exit_status, printed) == (2, None)


def import_fixture(name: str) -> None:
    """Add the fixture file ``name`` to the test database (rolled back after the test)."""
    from catalogue.services import catalogue_import

    report = catalogue_import(paths=[FIXTURES / name])
    assert report.ok, [f.error for f in report.files if f.error]


def assert_database_gives_what_files_give(documents: Iterable[Any], files: Catalogue) -> None:
    """``list_validate`` (the database adapter) gives each document the result the data files ``files`` give,
    but for the catalogue version."""
    from validation.services import list_validate

    for document in documents:
        got = list_validate(document=document)
        assert {**got, "catalogue_version": ""} == {**check(document, files), "catalogue_version": ""}, document
