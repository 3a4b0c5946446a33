"""The bundled catalogue: the script reproduces it from ../shared/data, and export gives its bytes back."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings

from catalogue import dataformat as fmt
from catalogue.convert import build_all
from catalogue.services import DATA_DIR, catalogue_documents


def committed_files() -> dict[str, str]:
    return {
        str(p.relative_to(DATA_DIR)): p.read_text(encoding="utf-8")
        for p in sorted(DATA_DIR.rglob("*.json"))
        if p.name != "games.json"
    }


def test_the_conversion_script_reproduces_every_committed_file() -> None:
    built = build_all(Path(settings.MUSTER_SHARED_DIR))
    committed = committed_files()
    assert sorted(built) == sorted(committed), "a file is missing or stale"
    different = [rel for rel in built if built[rel] != committed[rel]]
    assert different == [], "run scripts/convert_catalogue.py and commit the result"


@pytest.mark.django_db
def test_exporting_the_imported_catalogue_gives_back_the_committed_bytes() -> None:
    exported = {rel: fmt.dumps(doc) for rel, doc in catalogue_documents().items()}
    assert exported == committed_files()


@pytest.mark.django_db
def test_the_catalogue_has_every_game_and_the_counts_the_issue_names(client: object) -> None:
    from django.test import Client

    assert isinstance(client, Client)
    games = client.get("/api/v1/catalogue/").json()["games"]
    assert games["dungeon-command"]["default"]["creature"] == 60
    assert games["dungeon-command"]["default"]["order"] == 180
    assert games["dungeon-command"]["default"]["commander"] == 10
    assert games["ddm"]["ddm-guild"]["creature"] == 1912
    assert games["ddm"]["seed"]["miniature"] == 1284
    for game in ("battlelore2", "stronghold"):
        assert sum(games[game]["default"].values()) > 0, f"{game} has no cards"


@pytest.mark.django_db
def test_the_migrations_match_the_models() -> None:
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    try:
        call_command("makemigrations", "--check", "--dry-run", stdout=out, stderr=StringIO())
    except SystemExit as exc:
        pytest.fail(f"models changed without a migration (exit {exc.code}):\n{out.getvalue()}")
