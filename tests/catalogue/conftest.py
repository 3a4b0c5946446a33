"""The catalogue tests' shared fixture: the small fixture catalogue of every game."""

from __future__ import annotations

from pathlib import Path

import pytest

from catalogue.services import catalogue_import

FIXTURES = Path(__file__).parent / "fixtures" / "pages"


@pytest.fixture
def catalogue(empty_catalogue: None) -> None:
    """Only the small fixture catalogue of every game (the bundled one is set aside for the test)."""
    report = catalogue_import(paths=[FIXTURES])
    assert report.ok, [f.error for f in report.files if f.error]
