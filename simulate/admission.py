"""Who may start which matchup job: a double click or a retried request does not run a job twice, and one
client cannot fill the queue.

- An identical start (the same lists, map, battles, seed and AI) from the same client while its job is still
  queued or running returns that job instead of making another.
- A client (an account, or an address as ``config.limits.client_address`` sees it) may have at most
  ``MATCHUP_MAX_ALIVE_PER_CLIENT`` (3) jobs queued or running at once; one more is a 429.

What a client started is remembered in the cache (``CACHE_URL`` shares it between web processes) for as long
as a job may live; whether a job is alive is read from the database.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from typing import Any

from django.core.cache import cache

from config.errors import ApplicationError
from simulate.models import Matchup
from simulate.services import matchup_create
from validation.services import EnteredSource

MAX_ALIVE = int(os.environ.get("MATCHUP_MAX_ALIVE_PER_CLIENT", "3"))
REMEMBER = 6 * 3600  # seconds: longer than a job may live (simulate/reconcile.py gives up after 3 hours)
ALIVE = (Matchup.Status.QUEUED, Matchup.Status.RUNNING)


def _fingerprint(request: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(request, sort_keys=True, default=str).encode()).hexdigest()[:32]


def _alive(ids: list[str]) -> list[str]:
    return [str(pk) for pk in Matchup.objects.filter(pk__in=ids, status__in=ALIVE).values_list("pk", flat=True)]


def matchup_start_for(*, client: str, a: Any, b: Any, map: Any = None, battles: Any = None, seed: Any = None,
                      ai: Any = None, entered: EnteredSource | None = None) -> tuple[Matchup, bool]:
    """The client's job for this request: an alive identical one (``False``: not new), or a new one (``True``).
    Raises ``ApplicationError`` (429) when the client has ``MAX_ALIVE`` jobs queued or running. ``entered``: the
    requester's own numbers for cards (``simulate.services.matchup_create``)."""
    request = {"a": a, "b": b, "map": map, "battles": battles, "seed": seed, "ai": ai}
    key = f"muster-matchup:{client[:100]}:{_fingerprint(request)}"
    lock = f"{key}:starting"
    deadline = time.monotonic() + 10
    while not cache.add(lock, 1, timeout=30):  # the same start is being made right now (a double click)
        if time.monotonic() > deadline:
            break
        time.sleep(0.05)
    try:
        known = cache.get(key)
        if known and _alive([known]):
            found = Matchup.objects.get(pk=known)
            return found, False
        mine_key = f"muster-matchups-of:{client[:100]}"
        mine = _alive(list(cache.get(mine_key) or []))
        if len(mine) >= MAX_ALIVE:
            raise ApplicationError(
                f"You have {len(mine)} matchups queued or running; start another when one of them is done.",
                code="too_many_jobs", status=429,
            )
        matchup = matchup_create(a=a, b=b, map=map, battles=battles, seed=seed, ai=ai, entered=entered)
        cache.set(key, str(matchup.pk), timeout=REMEMBER)
        cache.set(mine_key, [*mine, str(matchup.pk)], timeout=REMEMBER)
        return matchup, True
    finally:
        cache.delete(lock)


def client_key(request: Any) -> str:
    """An account counts as itself; anyone else by address."""
    from config.limits import client_address

    user = getattr(request, "user", None)
    return f"user-{user.pk}" if user is not None and user.is_authenticated else f"addr-{client_address(request)}"
