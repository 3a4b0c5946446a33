"""Shared fixtures: the fixture catalogues (from files, no database) and the imported ones."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from django.core.cache import cache

from tests.validation.helpers import (
    DC_FIXTURE_FILES,
    DDM_FILES,
    GUILD_FILES,
    catalogue_from_files,
    real_dc_files,
)
from validation.core import Catalogue


@pytest.fixture(scope="session")
def ddm_catalogue() -> Catalogue:
    return catalogue_from_files("ddm", "seed", DDM_FILES)


@pytest.fixture(scope="session")
def guild_catalogue() -> Catalogue:
    return catalogue_from_files("ddm", "ddm-guild", GUILD_FILES)


@pytest.fixture(scope="session")
def dc_catalogue() -> Catalogue:
    return catalogue_from_files("dungeon-command", "default", [*DC_FIXTURE_FILES, *real_dc_files()])


@pytest.fixture
def imported(empty_catalogue: None) -> list[Path]:
    """Only the fixture files and the real Dungeon Command packs in the test database (rolled back)."""
    from catalogue.services import catalogue_import

    paths = [*DDM_FILES, *GUILD_FILES, *DC_FIXTURE_FILES, *real_dc_files()]
    report = catalogue_import(paths=paths)
    assert report.ok, [f.error for f in report.files if f.error]
    return paths


@pytest.fixture(autouse=True)
def _fresh_state() -> Iterator[None]:
    """Kept catalogue facts and throttle counts never leak from one test into another."""
    from validation.selectors import catalogue_facts_forget

    catalogue_facts_forget()
    cache.clear()
    yield
    catalogue_facts_forget()
