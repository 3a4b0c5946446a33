"""A task goes through the real Redis to a real worker and its result comes back."""

from __future__ import annotations

import pytest

from config.celery import ping

pytestmark = pytest.mark.celery


@pytest.mark.django_db(transaction=True)
def test_a_task_round_trips_through_redis_and_a_worker(celery_worker_process: object) -> None:
    result = ping.delay(21)
    value = result.get(timeout=30)
    assert value["pong"] == 42
    assert value["worker"]
    from simulate import compiled

    assert value["engine"] == compiled.mode(), "the worker plays with the same engine build as the tests"
    assert value["frozen"] > 10_000, "the worker froze its start-up objects out of the collector's sight"
    assert result.successful()


def test_the_broker_is_redis_and_tasks_are_not_eager() -> None:
    from django.conf import settings

    assert settings.CELERY_BROKER_URL.startswith("redis://")
    assert not settings.CELERY_TASK_ALWAYS_EAGER
