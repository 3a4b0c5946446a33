"""Limits on what one client may do in a window of time (sign-ups, logins, saves, card reports), counted in the
cache (``CACHE_URL`` shares the counts between web processes) in fixed windows."""

from __future__ import annotations

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest


def client_address(request: HttpRequest) -> str:
    """The client's address. Behind a TLS proxy (``BEHIND_TLS_PROXY``) the proxy's last hop is trusted."""
    if getattr(settings, "SECURE_PROXY_SSL_HEADER", None):
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        if forwarded:
            return forwarded.split(",")[-1].strip()[:64]
    return str(request.META.get("REMOTE_ADDR", ""))[:64]


def _limit_key(scope: str, key: str) -> str:
    return f"muster-limit:{scope}:{key.casefold()[:200]}"


def limit_reached(*, scope: str, key: str, limit: int) -> bool:
    return int(cache.get(_limit_key(scope, key), 0)) >= limit


def limit_count(*, scope: str, key: str, window: int) -> None:
    """Count one attempt; the count expires ``window`` seconds after the first attempt."""
    name = _limit_key(scope, key)
    if cache.add(name, 1, timeout=window):
        return
    try:
        cache.incr(name)
    except ValueError:  # expired between add and incr
        cache.add(name, 1, timeout=window)
