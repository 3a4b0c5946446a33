"""Shared fixtures: the real Celery worker (against the real Redis that ``make test`` starts)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: None, django_db_blocker: Any) -> None:
    """The test database holds the whole bundled catalogue, imported once per session.

    Tests run in transactions that roll back, so each sees it as imported. A test that needs an empty
    catalogue asks for ``empty_catalogue``; a transactional test (a real worker) imports what it needs."""
    from catalogue.services import DATA_DIR, catalogue_import

    with django_db_blocker.unblock():
        report = catalogue_import(paths=[DATA_DIR])
        assert report.ok, [f.error for f in report.files if f.error]


# What catalogue_imported added to an emptied database, per set of paths and starting state (one per process).
_IMPORTED: dict[tuple[object, ...], list[tuple[str, list[str], list[tuple[Any, ...]]]]] = {}


def catalogue_imported(paths: list[Path]) -> None:
    """The catalogue files ``paths`` imported (``catalogue_import``), for a transactional test.

    Such a test starts from a database that an earlier one may have emptied, and importing the seed again took
    8-13 s of each browser test's set-up. The first import from a given starting state is real; the rows it added
    are kept, and the next test that starts from the same state (the same tables with the same row counts, i.e.
    emptied again) gets them back by plain inserts, which is what the import would have written: the catalogue's
    version label is a digest of its content, and its in-process facts are dropped. On SQLite only (where the
    browser tests run; rows read back raw are what it stores, and an explicit id moves its autoincrement on)."""
    from django.db import connection, transaction

    from catalogue.services import catalogue_import
    from validation.selectors import catalogue_facts_forget

    if connection.vendor != "sqlite":
        report = catalogue_import(paths=paths)
        assert report.ok, [f.error for f in report.files if f.error]
        return
    tables = sorted(connection.introspection.table_names())
    quote = connection.ops.quote_name

    def counts() -> dict[str, int]:
        with connection.cursor() as cursor:
            found: dict[str, int] = {}
            for table in tables:  # table names come from the database's own catalogue
                cursor.execute(f"SELECT COUNT(*) FROM {quote(table)}")
                found[table] = int(cursor.fetchone()[0])
            return found

    before = counts()
    key = (tuple(str(p) for p in paths), connection.vendor, tuple(sorted(before.items())))
    kept = _IMPORTED.get(key)
    if kept is None:
        report = catalogue_import(paths=paths)
        assert report.ok, [f.error for f in report.files if f.error]
        after = counts()
        grown = [t for t in tables if after[t] != before[t]]
        if all(before[t] == 0 for t in grown):  # only then are the grown tables' rows exactly what it added
            rows: list[tuple[str, list[str], list[tuple[Any, ...]]]] = []
            with connection.cursor() as cursor:
                for table in grown:
                    cursor.execute(f"SELECT * FROM {quote(table)}")
                    rows.append((table, [c[0] for c in cursor.description], [tuple(r) for r in cursor.fetchall()]))
            _IMPORTED[key] = rows
        return
    with transaction.atomic(), connection.cursor() as cursor:  # foreign keys are checked at commit
        for table, columns, values in kept:
            names = ", ".join(quote(c) for c in columns)
            marks = ", ".join(["%s"] * len(columns))
            cursor.executemany(f"INSERT INTO {quote(table)} ({names}) VALUES ({marks})", values)
    catalogue_facts_forget()


@pytest.fixture(autouse=True)
def _one_throttle_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """The API's limits count in fixed windows of the clock (config/throttles.py): a test's burst that straddled
    a window's end (the minute turning mid-test) was counted in two, and the test failed now and then. Each test's
    requests fall in one window."""
    from config.throttles import ClientRateThrottle

    now = time.time()
    monkeypatch.setattr(ClientRateThrottle, "timer", lambda _self: now)


def catalogue_delete() -> None:
    """Delete every card, set and version (games, rulesets and factions stay), on the default database."""
    from django.apps import apps
    from django.db import connection

    keep = {"catalogue_game", "catalogue_ruleset", "catalogue_faction"}
    tables = [
        model._meta.db_table
        for model in apps.get_app_config("catalogue").get_models(include_auto_created=True)
        if model._meta.db_table not in keep
    ]
    with connection.cursor() as cursor:
        for table in tables:
            cursor.execute(f"DELETE FROM {connection.ops.quote_name(table)}")  # table names come from the models


@pytest.fixture
def empty_catalogue(db: None) -> None:
    """No cards, sets or versions (games, rulesets and factions stay); rolled back after the test."""
    catalogue_delete()


def _worker_database_url() -> str:
    from django.db import connection

    settings = connection.settings_dict
    if settings["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{settings['NAME']}"
    user = settings.get("USER") or ""
    password = settings.get("PASSWORD") or ""
    auth = f"{user}:{password}@" if password else (f"{user}@" if user else "")
    host = settings.get("HOST") or "localhost"
    port = f":{settings['PORT']}" if settings.get("PORT") else ""
    return f"postgres://{auth}{host}{port}/{settings['NAME']}"


def _ping(app: Any, hostname: str) -> bool:
    """Whether the worker answers; a connection Redis closed (a fault test restarted it) is dropped and opened
    again on the next try."""
    from redis.exceptions import ConnectionError as RedisConnectionError

    try:
        return bool(app.control.ping(destination=[hostname], timeout=0.5))
    except (RedisConnectionError, OSError):
        close_all = getattr(app.pool, "force_close_all", None)
        if close_all is not None:
            close_all()
        return False


@contextmanager
def celery_worker(name: str, *, pool: str = "solo") -> Iterator[subprocess.Popen[bytes]]:
    """A real ``celery worker`` named ``name`` in a subprocess, on the test database and the test Redis, stopped
    afterwards (its log: ``.run/test-celery-<name>.log``)."""
    from django.conf import settings

    from config.celery import app

    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings_test", "DATABASE_URL": _worker_database_url(),
           "REDIS_URL": settings.CELERY_BROKER_URL}
    (ROOT / ".run").mkdir(exist_ok=True)
    process = os.environ.get("PYTEST_XDIST_WORKER", "")  # pytest -n: which of the suite's processes
    log_name = f"test-celery-{name}-{process}" if process else f"test-celery-{name}"
    log = open(ROOT / ".run" / f"{log_name}.log", "wb")  # noqa: SIM115 - closed below
    proc = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", f"--pool={pool}", "--concurrency=1",
         "--loglevel=INFO", "--without-gossip", "--without-mingle", "--without-heartbeat", f"--hostname={name}@%h"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    hostname = f"{name}@{socket.gethostname()}"
    try:
        deadline = time.monotonic() + 60
        while not _ping(app, hostname):
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the worker {hostname} did not start; see .run/{log_name}.log")
        yield proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


@pytest.fixture(scope="session")
def celery_worker_process(django_db_setup: None, django_db_blocker: object) -> Iterator[subprocess.Popen[bytes]]:
    """The session's worker (see :func:`celery_worker`).

    Tests that need it also need ``transactional_db`` (the worker is another connection and must see
    committed rows)."""
    with celery_worker("muster-test") as proc:
        yield proc


CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run",
]


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """Debian's chromium driven by Playwright (``make test`` installs it; Playwright's own download is not used).

    Playwright's sync API runs an event loop in this thread, so Django's async-safety check must be told
    that the test's database calls are fine."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is not installed (make test installs Debian's chromium)")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


# The PostgreSQL pass (``MUSTER_DB_PASS=postgresql``; make test runs it after the SQLite one) runs again the tests
# whose database work PostgreSQL could do differently from SQLite: text it refuses (NUL) or compares otherwise
# (collation, case, LIKE), JSON fields, constraints and deletes (on_delete, unique), transactions and row locks under
# concurrent workers (the reconciler, a job started twice, a worker killed mid-chunk), migrations, ordering of
# queries, the import and the backup. These paths hold them; a test elsewhere joins with
# ``@pytest.mark.postgresql``. Tests that only read the imported catalogue to check rules, play battles, or render
# pages from it (validation/, simulate/games/, the games' catalogue contents, i18n) ran on SQLite already.
POSTGRESQL_PATHS = (
    "tests/hardening/",
    "tests/builder/test_accounts.py",
    "tests/builder/test_collection.py",
    "tests/builder/test_entered_cards.py",
    "tests/builder/test_lists_api.py",
    "tests/builder/test_pages_selectors.py",
    "tests/builder/test_security_builder.py",
    "tests/builder/test_sharing_pages.py",
    "tests/builder/test_text_format.py",
    "tests/catalogue/test_api_cards.py",
    "tests/catalogue/test_bundled.py",
    "tests/catalogue/test_import.py",
    "tests/catalogue/test_reports.py",
    "tests/simulate/test_bridges.py",
    "tests/simulate/test_matchup_api.py",
    "tests/simulate/test_matchup_celery.py",
    "tests/simulate/test_matchup_services.py",
    "tests/validation/test_adapter.py",
    "tests/validation/test_api.py",
    "tests/validation/test_command.py",
    "tests/test_celery_roundtrip.py",
    "tests/test_site.py",
)
DB_FIXTURES = {"db", "transactional_db", "django_db_setup", "empty_catalogue"}


def _for_postgresql(item: pytest.Item) -> bool:
    """Whether the PostgreSQL pass runs ``item``: it touches the database, is not a browser test, and is on one of
    :data:`POSTGRESQL_PATHS` or marked ``postgresql``."""
    uses_db = item.get_closest_marker("django_db") is not None or bool(
        DB_FIXTURES & set(getattr(item, "fixturenames", ())))
    if not uses_db or item.get_closest_marker("browser") is not None:
        return False
    where = Path(str(item.path)).resolve().relative_to(ROOT).as_posix()
    return item.get_closest_marker("postgresql") is not None or where.startswith(POSTGRESQL_PATHS)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """In the PostgreSQL pass, only the tests :func:`_for_postgresql` picks (the rest ran on SQLite)."""
    if os.environ.get("MUSTER_DB_PASS") != "postgresql":
        return
    keep: list[pytest.Item] = []
    drop: list[pytest.Item] = []
    for item in items:
        (keep if _for_postgresql(item) else drop).append(item)
    items[:] = keep
    config.hook.pytest_deselected(items=drop)


def wait_for(page: Any, expression: str, *, arg: Any = None, timeout: float = 30.0) -> None:
    """Wait until ``expression`` (JavaScript, or a function of ``arg``) is true in ``page``.

    Playwright's ``wait_for_function`` evaluates its predicate with the page's own eval, which the pages'
    Content-Security-Policy forbids (no 'unsafe-eval'); ``page.evaluate`` runs through the browser's debugging
    protocol, which the policy does not govern, so the pages are tested with their real policy.

    A predicate that throws counts as not yet true: after a click that navigates, the old page may still be the
    one evaluated (``querySelector`` finds nothing there); the last error is reported if time runs out."""
    from playwright.sync_api import Error as PlaywrightError

    deadline = time.monotonic() + timeout
    last_error = ""
    while True:
        try:
            value = page.evaluate(expression, arg) if arg is not None else page.evaluate(expression)
        except PlaywrightError as exc:  # a navigation under way, or the new page not there yet
            value, last_error = False, str(exc).splitlines()[0]
        if value:
            return
        if time.monotonic() > deadline:
            why = f" (last error: {last_error})" if last_error else ""
            raise AssertionError(f"still false after {timeout:.0f} s: {expression}{why}")
        page.wait_for_timeout(50)
