"""The skeleton: pages, the catalogue summary contract, health, bounds, security settings."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.test import Client

from catalogue.services import catalogue_import, catalogue_version_label

GOOD = Path(__file__).parent / "catalogue" / "fixtures" / "import" / "good.json"

pytestmark = pytest.mark.django_db


@pytest.mark.usefixtures("empty_catalogue")
def test_the_catalogue_summary_counts_physical_cards_per_game_ruleset_and_kind(client: Client) -> None:
    report = catalogue_import(paths=[GOOD])
    response = client.get("/api/v1/catalogue/")
    assert response.status_code == 200
    body = response.json()
    assert body["version"] == report.version
    assert body["games"]["ddm"]["seed"] == {"creature": 2, "miniature": 1}
    assert set(body["games"]) == {"ddm", "dungeon-command", "battlelore2", "stronghold"}
    assert set(body["games"]["ddm"]) == {"seed", "ddm-guild"}


def test_the_sources_page_names_every_source_its_licence_and_the_publishers(client: Client) -> None:
    from catalogue.sources import DATA_SOURCES

    html = client.get("/about/sources/").content.decode()
    for source in DATA_SOURCES:
        assert source["name"].replace("&", "&amp;").replace("'", "&#x27;") in html
        assert source["licence"].replace("'", "&#x27;")[:30] in html
    for publisher in ("Wizards of the Coast", "Fantasy Flight Games", "Portal Games"):
        assert publisher in html
    assert "belong to their publishers" in html


def test_every_shared_data_folder_is_named_on_the_sources_page() -> None:
    from django.conf import settings

    from catalogue.sources import DATA_SOURCES

    folders = {p.name for p in (Path(settings.MUSTER_SHARED_DIR) / "data").iterdir() if p.is_dir()}
    assert folders <= {s["key"] for s in DATA_SOURCES}


def test_the_home_page_shows_the_catalogue_and_its_version(client: Client) -> None:
    html = client.get("/").content.decode()
    assert catalogue_version_label() in html
    for game in ("ddm", "dungeon-command", "battlelore2", "stronghold"):
        assert f'href="/build/{game}/"' in html and f'href="/catalogue/{game}/"' in html
    assert 'href="/matchups/new/"' in html
    assert '<html lang="en">' in html


def test_an_oversized_body_is_refused_with_413_in_the_error_envelope(client: Client, settings: object) -> None:
    response = client.generic("POST", "/api/v1/catalogue/", "x" * (1024 * 1024 + 1), content_type="application/json")
    assert response.status_code == 413
    assert response.json()["error"]["code"] == "too_large"


def test_an_unknown_api_path_is_404_not_500(client: Client) -> None:
    assert client.get("/api/v1/nothing-here/").status_code == 404


def test_the_api_schema_and_docs_are_served(client: Client) -> None:
    schema = client.get("/api/schema/")
    assert schema.status_code == 200
    assert b"/api/v1/catalogue/" in schema.content
    assert client.get("/api/docs/").status_code == 200


def test_health_reports_the_database_and_the_broker(client: Client) -> None:
    body = client.get("/healthz").json()
    assert body["database"] == "ok"
    assert body["broker"] == "ok"


def test_debug_is_off_and_csrf_is_on_by_default() -> None:
    from django.conf import settings

    assert settings.DEBUG is False
    assert "django.middleware.csrf.CsrfViewMiddleware" in settings.MIDDLEWARE


def test_the_settings_refuse_to_start_without_a_secret_key_outside_debug() -> None:
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k not in {"SECRET_KEY", "DEBUG", "MUSTER_ALLOW_LOCAL_SECRET"}}
    env["DJANGO_SETTINGS_MODULE"] = "config.settings"
    proc = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"],
        env=env,
        cwd=Path(__file__).resolve().parent.parent,
        capture_output=True,
        text=True,
    )
    assert proc.returncode != 0
    assert "SECRET_KEY is not set" in proc.stderr

    # Through manage.py, an operator is told what to set, with exit status 2 and no traceback.
    proc = subprocess.run([sys.executable, "manage.py", "check"], env=env, cwd=Path(__file__).resolve().parent.parent,
                          capture_output=True, text=True)
    assert proc.returncode == 2
    assert "SECRET_KEY is not set" in proc.stderr
    assert "Traceback" not in proc.stderr
