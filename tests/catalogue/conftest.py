"""The catalogue tests' shared fixture: the small fixture catalogue of every game.

It is imported once per test module, not once per test: the first test of a module that asks for ``catalogue``
opens a transaction around the rest of the module (each test's own transaction is a savepoint inside it), sets
the bundled catalogue aside and imports the small one; the transaction is rolled back after the module's last
test, so the next module sees the bundled catalogue again. The module's tests that ask for ``catalogue`` run
after its other tests (:func:`pytest_collection_modifyitems`), so no other test sees the small catalogue. A
transactional test (a real worker, a live server) cannot run inside that transaction: it imports what it needs
itself."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from catalogue.services import catalogue_import
from tests.conftest import catalogue_delete

HERE = Path(__file__).resolve().parent
FIXTURES = HERE / "fixtures" / "pages"
TRANSACTIONAL = {"transactional_db", "live_server", "django_db_reset_sequences", "django_db_serialized_rollback"}


def _transactional(item: Any) -> bool:
    fixtures = set(getattr(item, "fixturenames", ()))
    marker = item.get_closest_marker("django_db")
    return bool(fixtures & TRANSACTIONAL) or bool(marker and marker.kwargs.get("transaction"))


def _shares_module_import(item: Any) -> bool:
    return "catalogue" in getattr(item, "fixturenames", ()) and HERE in Path(str(item.path)).resolve().parents


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Within each run of one module's tests, those that share its small catalogue go last (the order is otherwise
    kept: pytest-django has already put the transactional tests after the others, and that must stay so)."""
    start = 0
    while start < len(items):
        end = start
        while end < len(items) and items[end].parent is items[start].parent:
            end += 1
        run = items[start:end]
        shared = [i for i in run if _shares_module_import(i)]
        items[start:end] = [i for i in run if not _shares_module_import(i)] + shared
        start = end


@pytest.fixture(scope="module")
def _module_catalogue(django_db_setup: None, django_db_blocker: Any) -> Iterator[None]:
    from django.db import transaction

    from validation.selectors import catalogue_facts_forget

    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        catalogue_delete()
        report = catalogue_import(paths=[FIXTURES])
        assert report.ok, [f.error for f in report.files if f.error]
        catalogue_facts_forget()
    try:
        yield
    finally:
        with django_db_blocker.unblock():
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)
            catalogue_facts_forget()


@pytest.fixture
def catalogue(_module_catalogue: None, request: pytest.FixtureRequest) -> None:
    """Only the small fixture catalogue of every game (the bundled one is set aside for the test)."""
    if _transactional(request.node):
        pytest.fail("a transactional test cannot share its module's small catalogue: import what it needs itself")
    request.getfixturevalue("db")
