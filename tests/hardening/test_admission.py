"""The same matchup start sent twice runs once; one client cannot queue without bound."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from simulate.models import Matchup
from tests.simulate.matchups import CHAOTIC, LAWFUL

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh() -> None:
    cache.clear()


def _start(body: dict[str, Any], address: str = "192.0.2.1") -> Any:
    return APIClient(REMOTE_ADDR=address).post("/api/v1/matchups/", body, format="json")


def test_an_identical_start_while_its_job_is_alive_returns_that_job() -> None:
    body = {"a": LAWFUL, "b": CHAOTIC, "battles": 10}
    first, second = _start(body), _start(body)
    assert first.status_code == second.status_code == 202
    assert first.json()["id"] == second.json()["id"]
    assert Matchup.objects.count() == 1
    assert _start({**body, "seed": 5}).json()["id"] != first.json()["id"]
    assert _start(body, address="192.0.2.2").json()["id"] != first.json()["id"]  # another client: its own job


def test_a_finished_job_is_not_returned_for_a_new_start() -> None:
    body = {"a": LAWFUL, "b": CHAOTIC, "battles": 10}
    first = _start(body).json()["id"]
    Matchup.objects.filter(pk=first).update(status=Matchup.Status.DONE)
    assert _start(body).json()["id"] != first


def test_a_client_may_have_three_jobs_queued_or_running_at_once() -> None:
    ids = [_start({"a": LAWFUL, "b": CHAOTIC, "battles": 10, "seed": n}).json()["id"] for n in range(3)]
    refused = _start({"a": LAWFUL, "b": CHAOTIC, "battles": 10, "seed": 99})
    assert refused.status_code == 429
    assert refused.json()["error"]["code"] == "too_many_jobs"
    assert _start({"a": LAWFUL, "b": CHAOTIC, "battles": 10, "seed": 99}, address="192.0.2.9").status_code == 202
    Matchup.objects.filter(pk=ids[0]).update(status=Matchup.Status.FAILED)
    assert _start({"a": LAWFUL, "b": CHAOTIC, "battles": 10, "seed": 99}).status_code == 202


def test_a_double_click_on_the_page_makes_one_job(client: Any) -> None:
    import json

    form = {"a": json.dumps(LAWFUL), "b": json.dumps(CHAOTIC), "battles": 20, "seed": "", "map": "", "ai": "heuristic"}
    first = client.post("/matchups/new/", form)
    second = client.post("/matchups/new/", form)
    assert first.status_code == second.status_code == 303
    assert first["Location"] == second["Location"]
    assert Matchup.objects.count() == 1
