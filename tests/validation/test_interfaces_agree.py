"""The three interfaces are one implementation: the service, the API and the command give the same
result for any list (and the same refusal for a malformed one)."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient
from rest_framework.throttling import ScopedRateThrottle

from config.errors import ApplicationError
from tests.validation.test_properties import any_list
from validation.services import list_validate

pytestmark = pytest.mark.django_db


def through_command(document: Any, folder: Path) -> tuple[int, Any]:
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
    try:
        result = list_validate(document=document)
    except ApplicationError as exc:
        return exc.status, exc.fields
    return 200, result


malformed = st.sampled_from([
    {"game": "ddm", "format": "skirmish-200", "entries": [{"card": "Orc Mauler", "qty": 0}]},
    {"game": "dungeon-command", "format": "custom", "tiles": {"large": -1}},
    {"game": "ddm", "ruleset": "ddm-guild", "format": "skirmish-200"},
    [],
])


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.one_of(any_list(), malformed))
def test_the_service_the_api_and_the_command_agree_on_any_list(
    imported: list[Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, document: Any
) -> None:
    monkeypatch.setitem(ScopedRateThrottle.THROTTLE_RATES, "validate", "100000/minute")
    status, expected = through_service(document)
    response = APIClient().post("/api/v1/validate/", data=json.dumps(document), content_type="application/json")
    exit_status, printed = through_command(document, tmp_path)
    if status == 200:
        assert response.status_code == 200 and response.json() == expected
        assert (exit_status, printed) == (0 if expected["legal"] else 1, expected)
    else:
        assert response.status_code == 400 and response.json()["error"]["fields"] == expected
        assert (exit_status, printed) == (2, None)
