"""The API's rate limits: DRF's scoped rates, counted per client (:func:`config.limits.client_address`, the
identity every page limit uses too) in fixed windows in the cache."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from rest_framework.request import Request
from rest_framework.throttling import ScopedRateThrottle

from config.limits import client_address


class ClientRateThrottle(ScopedRateThrottle):
    """The view's ``throttle_scope`` rate (``DEFAULT_THROTTLE_RATES``), per client, in fixed windows: one cache
    increment a request, where DRF's sliding window reads and writes the list of every request time in the
    window. A signed-in account is counted as itself (DRF's key), anyone else by address."""

    def get_ident(self, request: Request | HttpRequest) -> str:
        return client_address(request)

    def allow_request(self, request: Request, view: Any) -> bool:
        self.scope = getattr(view, self.scope_attr, None)
        if not self.scope:
            return True
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)
        self.key = self.get_cache_key(request, view)
        if self.key is None or self.num_requests is None or self.duration is None:
            return True
        self.now = self.timer()
        window = int(self.now // self.duration)
        self.window_end = (window + 1) * self.duration
        key = f"{self.key}:{window}"
        if hasattr(self.cache, "count"):  # the shared cache on Redis (config.cache): one round trip
            return bool(self.cache.count(key, self.duration + 1) <= self.num_requests)
        if self.cache.add(key, 1, self.duration + 1):
            return bool(self.num_requests >= 1)
        try:
            count = self.cache.incr(key)
        except ValueError:  # the window's counter expired between add and incr
            self.cache.add(key, 1, self.duration + 1)
            return True
        return bool(count <= self.num_requests)

    def wait(self) -> float | None:
        return max(0.0, self.window_end - self.timer())


def throttled(request: HttpRequest, scope: str) -> bool:
    """For a page: count one request of ``scope`` against the API's rate and say whether it is one too many
    (the page and the API share the count)."""

    class _View:
        throttle_scope = scope

    return not ClientRateThrottle().allow_request(request, _View())  # type: ignore[arg-type]
