"""The shared cache on a real Redis (config/cache.py, what ``make serve`` and several web processes use): its
counter for the rate limits, and the page and API limits counted through it."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from django.conf import settings
from django.test import Client, override_settings

from config.cache import RedisCache
from config.limits import limit_count, limit_reached


def _redis_url() -> str:
    return str(settings.CELERY_BROKER_URL).rsplit("/", 1)[0] + "/3"  # the test Redis, a database of its own


@pytest.fixture
def shared_cache() -> Iterator[dict[str, Any]]:
    caches = {"default": {"BACKEND": "config.cache.RedisCache", "LOCATION": _redis_url(),
                          "KEY_PREFIX": f"test-{uuid.uuid4().hex[:8]}"}}
    with override_settings(CACHES=caches):
        yield caches


def test_the_counter_counts_expires_with_its_window_and_reads_as_a_number(shared_cache: dict[str, Any]) -> None:
    from django.core.cache import caches

    cache = caches["default"]

    assert isinstance(cache, RedisCache)
    assert [cache.count("n", 2) for _ in range(3)] == [1, 2, 3]
    assert cache.get("n") == 3
    client = cache._cache.get_client("n", write=True)
    ttl = client.ttl(cache.make_and_validate_key("n"))
    assert 0 < ttl <= 2, "the window's counter expires with the window"
    time.sleep(2.1)
    assert cache.count("n", 2) == 1, "a new window starts at one"


def test_one_redis_client_serves_every_call(shared_cache: dict[str, Any]) -> None:
    from django.core.cache import caches

    cache = caches["default"]

    assert isinstance(cache, RedisCache)
    cache.set("a", {"x": 1}, 10)
    assert cache.get("a") == {"x": 1}
    assert cache._cache.get_client("a") is cache._cache.get_client("b", write=True)


def test_the_page_limits_count_through_it(shared_cache: dict[str, Any]) -> None:
    key = uuid.uuid4().hex
    for _ in range(3):
        assert not limit_reached(scope="login", key=key, limit=3)
        limit_count(scope="login", key=key, window=60)
    assert limit_reached(scope="login", key=key, limit=3)


@pytest.mark.django_db
def test_the_api_refuses_the_request_past_its_rate_through_it(shared_cache: dict[str, Any],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    from rest_framework.throttling import ScopedRateThrottle

    monkeypatch.setitem(ScopedRateThrottle.THROTTLE_RATES, "validate", "3/day")
    body = {"game": "ddm", "format": "skirmish-200", "faction": "LE", "entries": []}
    client = Client()
    codes = [client.post("/api/v1/validate/", body, content_type="application/json").status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]
    other = Client(REMOTE_ADDR="10.0.0.7")
    assert other.post("/api/v1/validate/", body, content_type="application/json").status_code == 200, "per client"


@pytest.mark.django_db
def test_a_shared_list_kept_whole_in_redis_serves_every_visitor_their_own_token_and_never_the_owners_links(
        shared_cache: dict[str, Any]) -> None:
    """The kept page and API answer go through the shared cache (several web processes read one copy): a process
    that did not render it (its own copies emptied) reads it there, fills in its visitor's CSRF token, and a visitor
    never gets what the owner's page carries."""
    import json
    import re

    from django.core.cache import caches

    from builder import readcache
    from builder.models import SavedList

    owner = Client()
    document = {"game": "ddm", "ruleset": "seed", "format": "skirmish-200", "name": "Kept in Redis",
                "faction": "CG", "entries": [{"card": "Centaur", "qty": 2}]}
    owner.post("/build/ddm/", {"document": json.dumps(document), "op": "save"})
    saved = SavedList.objects.get()
    url = f"/l/{saved.share_code}"
    first = Client().get(url).content.decode()
    prefix, cache = shared_cache["default"]["KEY_PREFIX"], caches["default"]
    assert isinstance(cache, RedisCache)
    assert cache._cache.get_client(None).keys(f"{prefix}:*muster-resp:*"), "kept in Redis"
    readcache._NEAR.clear()  # another process: only Redis has it
    mine = owner.get(url).content.decode()
    second = Client().get(url).content.decode()
    tokens = [re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', page) for page in (first, second)]
    assert all(len(t) == 2 for t in tokens) and not set(tokens[0]) & set(tokens[1])
    assert "Edit this list" in mine and str(saved.pk) in mine
    assert "Edit this list" not in second and str(saved.pk) not in second and "Kept in Redis" in second
    readcache._NEAR.clear()
    api = Client().get(f"/api/v1/shared/{saved.share_code}/")
    assert api.status_code == 200 and api.json()["document"]["name"] == "Kept in Redis"
    assert "edit_token" not in api.json()
