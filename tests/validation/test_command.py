"""``manage.py validate_list FILE [--json]``: a readable report; exit 0 legal, 1 illegal, 2 malformed."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.validation.helpers import ROOT, bundled_dc, pack_list
from validation.services import list_validate

pytestmark = [
    pytest.mark.django_db,
]

LEGAL = pack_list(bundled_dc(), "sting-of-lolth", name="Spiders")
ILLEGAL = {**LEGAL, "entries": [{"card": "Drider", "qty": 3}], "orders": [{"card": "Drider"}]}


def write(tmp_path: Path, body: Any, name: str = "list.json") -> Path:
    path = tmp_path / name
    path.write_bytes(body if isinstance(body, bytes) else json.dumps(body).encode())
    return path


def run(*args: str) -> tuple[int, str]:
    out = StringIO()
    try:
        call_command("validate_list", *args, stdout=out)
    except SystemExit as exc:
        return int(exc.code or 0), out.getvalue()
    return 0, out.getvalue()


def test_a_legal_list_exits_0_with_a_readable_report(tmp_path: Path) -> None:
    status, out = run(str(write(tmp_path, LEGAL)))
    assert status == 0
    assert out.splitlines()[0].startswith("Spiders: LEGAL for dungeon-command/default/custom (catalogue ")
    assert out.splitlines()[-1].startswith("Totals: creatures 12, orders 36, commanders 1, levels ")


def test_an_illegal_list_exits_1_and_says_how_to_fix_it(tmp_path: Path) -> None:
    status, out = run(str(write(tmp_path, ILLEGAL)))
    assert status == 1
    assert "NOT LEGAL" in out.splitlines()[0]
    assert "  dungeon-command.min-creatures: The warband has 3 creatures; it needs at least 12. [/entries]" in out
    assert "      fix: add 9 creatures" in out
    assert "      fix: put Drider under \"entries\"" in out
    assert "      rule: 001_2362fc22da385df6.txt, Создание своих отрядов (p. 15)" in out


def test_json_prints_exactly_the_services_result(tmp_path: Path) -> None:
    status, out = run(str(write(tmp_path, ILLEGAL)), "--json")
    assert status == 1
    assert json.loads(out) == list_validate(document=ILLEGAL)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (b'{"game": ', "not JSON: Expecting value at line 1 column 10"),
        (b"\xff\xfe", "not UTF-8 text"),
        (b"[" * 50_000 + b"]" * 50_000, "not JSON: nested too deeply"),
        ({"game": "dungeon-command", "format": "custom", "entries": [{"card": "Drider", "qty": 0}]},
         "/entries/0/qty: must be at least 1"),
        ({"game": "go", "format": "custom"}, "/game: unknown game 'go'"),
    ],
)
def test_a_malformed_or_unreadable_file_exits_2_naming_the_problem(tmp_path: Path, body: Any, message: str) -> None:
    with pytest.raises(CommandError) as caught:
        run(str(write(tmp_path, body)))
    assert caught.value.returncode == 2
    assert message in str(caught.value)


def test_a_missing_file_or_one_over_the_size_bound_exits_2(tmp_path: Path) -> None:
    with pytest.raises(CommandError) as caught:
        run(str(tmp_path / "nothing.json"))
    assert caught.value.returncode == 2 and "cannot read" in str(caught.value)
    big = write(tmp_path, {**LEGAL, "notes": "x" * (2 * 1024 * 1024)})
    with pytest.raises(CommandError) as caught:
        run(str(big))
    assert caught.value.returncode == 2 and "larger than" in str(caught.value)


def test_the_exit_statuses_are_the_processs(tmp_path: Path) -> None:
    from django.db import connection

    if connection.vendor != "sqlite":
        pytest.skip("copies the SQLite test database")
    # The test's own transaction holds SQLite's write lock: the process reads a copy of the database.
    copy = tmp_path / "db.sqlite3"
    with sqlite3.connect(connection.settings_dict["NAME"]) as source, sqlite3.connect(copy) as target:
        source.backup(target)
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{copy}", "DJANGO_SETTINGS_MODULE": "config.settings_test"}
    statuses = []
    for body in (LEGAL, ILLEGAL, {"game": "ddm"}):
        done = subprocess.run([sys.executable, "manage.py", "validate_list", str(write(tmp_path, body))], cwd=ROOT,
                              env=env, capture_output=True, text=True)
        statuses.append(done.returncode)
        assert "Traceback" not in done.stderr, done.stderr
    assert statuses == [0, 1, 2]
    done = subprocess.run([sys.executable, "manage.py", "validate_list", "-", "--json"], cwd=ROOT, env=env,
                          input=json.dumps(LEGAL), capture_output=True, text=True)
    assert done.returncode == 0 and json.loads(done.stdout)["legal"] is True
