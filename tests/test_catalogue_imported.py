"""The test helper that gives a transactional test its catalogue (tests.conftest.catalogue_imported): the second
time it starts from the same emptied database it writes back exactly what the real import wrote, without
importing."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.management import call_command
from django.db import connection

from catalogue.services import DATA_DIR
from tests import conftest
from tests.conftest import catalogue_imported

pytestmark = pytest.mark.django_db(transaction=True)
FILES = [DATA_DIR / "ddm" / "seed" / "harbinger.json"]


def _emptied() -> None:
    """What a transactional test leaves behind: every table emptied."""
    call_command("flush", interactive=False, verbosity=0)


def _catalogue_rows() -> dict[str, list[tuple[Any, ...]]]:
    quote = connection.ops.quote_name
    rows = {}
    with connection.cursor() as cursor:
        for table in sorted(connection.introspection.table_names()):
            if table.startswith("catalogue_"):
                cursor.execute(f"SELECT * FROM {quote(table)}")
                rows[table] = sorted(map(tuple, cursor.fetchall()), key=repr)
    return rows


def test_a_second_import_from_the_same_emptied_state_writes_what_the_import_wrote(monkeypatch: Any) -> None:
    if connection.vendor != "sqlite":
        pytest.skip("kept imports are a SQLite-only shortcut; elsewhere the helper always imports")
    monkeypatch.setattr(conftest, "_IMPORTED", {})
    _emptied()
    catalogue_imported(FILES)
    imported = _catalogue_rows()
    assert any(table.endswith("_card") and rows for table, rows in imported.items())
    assert conftest._IMPORTED, "what the import added to the emptied catalogue is kept"

    _emptied()

    def no_import(**_: Any) -> None:
        raise AssertionError("imported again instead of writing back what was kept")

    monkeypatch.setattr("catalogue.services.catalogue_import", no_import)
    catalogue_imported(FILES)
    assert _catalogue_rows() == imported


def test_an_import_over_a_catalogue_that_was_not_empty_is_not_kept(monkeypatch: Any) -> None:
    if connection.vendor != "sqlite":
        pytest.skip("kept imports are a SQLite-only shortcut")
    monkeypatch.setattr(conftest, "_IMPORTED", {})
    _emptied()
    catalogue_imported(FILES)
    catalogue_imported([DATA_DIR / "ddm" / "seed" / "war-drums.json"])  # onto cards already there
    assert len(conftest._IMPORTED) == 1
