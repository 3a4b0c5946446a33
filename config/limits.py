"""Who a client is, and how much it may do in a window of time.

:func:`client_address` is the one client identity of every limit, pages and API alike (sign-ups, logins,
saves, card reports, and the API's throttles in :mod:`config.throttles`). Counts live in the cache:
``CACHE_URL`` shares them between web processes (``make serve`` sets it; a site of several processes
without it would count per process), in fixed windows.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest


def _address(text: str) -> str | None:
    """``text`` as a canonical IP address, or None when it is not one (a made-up header value)."""
    text = text.strip()
    if text.startswith("[") and "]" in text:  # "[::1]:443"
        text = text[1 : text.index("]")]
    elif text.count(":") == 1:  # "198.51.100.7:443"
        text = text.split(":", 1)[0]
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        return None


def client_address(request: HttpRequest) -> str:
    """The client's address, as far as it can be trusted.

    ``X-Forwarded-For`` is read only as far as ``MUSTER_TRUSTED_PROXIES`` proxies (``TRUSTED_PROXIES`` in the
    environment; default 0, or 1 behind the TLS proxy): with N proxies in front of the site, the address the
    N-th proxy from us saw is the client; anything to the left of it was written by the client and is
    ignored. With 0, the header is ignored and the socket's peer is the client."""
    peer = str(request.META.get("REMOTE_ADDR", ""))[:64]
    proxies = int(getattr(settings, "MUSTER_TRUSTED_PROXIES", 0))
    if proxies <= 0:
        return peer
    forwarded = [part for part in str(request.META.get("HTTP_X_FORWARDED_FOR", "")).split(",") if part.strip()]
    if not forwarded:
        return peer
    return _address(forwarded[-min(proxies, len(forwarded))]) or peer


def _limit_key(scope: str, key: str) -> str:
    return f"muster-limit:{scope}:{key.casefold()[:200]}"


def limit_reached(*, scope: str, key: str, limit: int) -> bool:
    return int(cache.get(_limit_key(scope, key), 0)) >= limit


def limit_count(*, scope: str, key: str, window: int) -> None:
    """Count one attempt; the count expires ``window`` seconds after the first attempt."""
    name = _limit_key(scope, key)
    if hasattr(cache, "count"):  # the shared cache on Redis (config.cache): one round trip
        cache.count(name, window)
        return
    if cache.add(name, 1, timeout=window):
        return
    try:
        cache.incr(name)
    except ValueError:  # expired between add and incr
        cache.add(name, 1, timeout=window)
