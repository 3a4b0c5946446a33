"""The three interfaces are one implementation: the service, the API and the command give the same
result for any list (and the same refusal for a malformed one)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.validation.helpers import assert_interfaces_agree
from tests.validation.test_properties import any_list

pytestmark = pytest.mark.django_db


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
    imported: list[Path], tmp_path: Path, document: Any
) -> None:
    assert_interfaces_agree(document, tmp_path)
