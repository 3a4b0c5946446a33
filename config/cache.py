"""The shared cache on Redis (``CACHE_URL``): Django's backend, with one redis-py client kept per connection pool
and a counter that takes one round trip.

Django's backend builds a new redis-py client object for every call; building it (its table of reply handlers)
cost more than the round trip itself. A client is only a handle on its pool and safe to share between threads, so
one is kept per pool. :meth:`RedisCache.count` is what a rate limit needs per request (``config.throttles``): add one
to a counter that expires, in one MULTI/EXEC round trip instead of the three of ``add`` then ``incr``."""

from __future__ import annotations

from typing import Any

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient as DjangoRedisCacheClient


class RedisCacheClient(DjangoRedisCacheClient):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        pool = self._get_connection_pool(write)  # type: ignore[attr-defined]  # django-stubs lack the internals
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)  # type: ignore[attr-defined]
        return client

    def count(self, key: str, timeout: int) -> int:
        pipe = self.get_client(key, write=True).pipeline(transaction=True)
        pipe.set(key, 0, ex=timeout, nx=True)  # a new window's counter, expiring with the window
        pipe.incr(key)
        return int(pipe.execute()[1])


class RedisCache(DjangoRedisCache):
    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = RedisCacheClient

    def count(self, key: str, timeout: int, version: int | None = None) -> int:
        """Add one to the counter ``key`` (made with ``timeout`` seconds to live if it is not there) and return it."""
        client: RedisCacheClient = self._cache  # type: ignore[assignment]  # made by self._class
        return client.count(self.make_and_validate_key(key, version=version), timeout)
