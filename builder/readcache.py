"""What reading a saved list costs once, kept in the cache: its rule check and the catalogue's changes since it
was saved, as the API answers them; on the shared page, its check, its preview readiness and its table sheet.

Each is a function of the list's version, the catalogue's version and the reader's language alone, so that is
the key: saving the list makes a new version and every catalogue change (import, correction) a new catalogue
label, and an entry is never read again after either. A shared list opened a thousand times is checked once
per process (once per site with the shared cache of ``make serve``), not a thousand times (bench/load.py).

Only what every reader is shown alike belongs here: a read that depends on who reads it (a player's own entered
numbers for cards, their collection) must pass that reader's part as ``reader`` (it joins the key), or not be
cached. :class:`ReaderNumbers` is that part for a reader's own entered numbers: a digest of the numbers
themselves, so entering or changing one makes a new key at once (and two readers with the same numbers, or none,
share one).

A reader to whom nothing of the page is their own (:func:`plain_visitor`: not signed in, no edit cookie, no
message waiting) is served the whole response from the cache (:func:`response_kept`): the shared page with a
mark where each form's CSRF token goes (:data:`CSRF_MARK`, replaced per request) and the API's JSON, each with
an ETag, so a browser that has the page asks again with ``If-None-Match`` and is answered 304. The key names the
list version, the list's row (its name, its "copied from"), the catalogue version, the language and the site's
address (the share link); the page's also the path asked (the language switch returns to it).
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, TypeVar

from django.contrib import messages
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.cache import get_conditional_response
from django.utils.translation import get_language

from builder.models import ListVersion, SavedList
from builder.selectors import SharedStamp
from builder.selectors_entered import EntryScope, entered_overlay
from builder.tokens import edit_tokens
from validation.selectors import catalogue_version_current

T = TypeVar("T")

KEEP_SECONDS = 600  # long enough to matter under load; a key that can no longer be asked for expires soon


def version_read_cached(*, part: str, saved_list: SavedList, version: ListVersion, compute: Callable[[], T],
                        reader: str = "") -> T:
    """``compute()`` for this version of the list against the current catalogue, from the cache when it is
    there (``part`` names what is kept: one version has several; ``reader``, what of the reader it depends on)."""
    key = ":".join(("muster-read", part, str(saved_list.pk), str(version.pk), str(version.number),
                    catalogue_version_current(), get_language() or "", reader))
    found = cache.get(key)
    if found is None:
        found = compute()
        cache.set(key, found, KEEP_SECONDS)
    return found


class ReaderNumbers:
    """A reader's own entered numbers for cards (``validation.services.EnteredSource``), read once per request and
    game, and :meth:`key`, what of them a cached read depends on."""

    def __init__(self, scope: EntryScope) -> None:
        self._scope = scope
        self._read: dict[tuple[str, str], dict[str, dict[str, Any]]] = {}

    def __call__(self, game: str, ruleset: str) -> dict[str, dict[str, Any]]:
        if self._scope.empty:  # no account and no list of theirs: no numbers, and no query to say so
            return {}
        if (game, ruleset) not in self._read:
            self._read[(game, ruleset)] = entered_overlay(scope=self._scope, game=game, ruleset=ruleset)
        return self._read[(game, ruleset)]

    def key(self, game: str, ruleset: str) -> str:
        """"" for a reader without numbers for this game's cards, else a digest of the numbers."""
        values = self(game, ruleset)
        if not values:
            return ""
        text = json.dumps([game, ruleset, values], sort_keys=True, ensure_ascii=False, default=str)
        return "n" + hashlib.sha256(text.encode()).hexdigest()[:24]


# ------------------------------------------------------------------------------ whole responses for visitors

CSRF_MARK = "muster0csrf0token0mark0kept0page0"  # where a kept page's forms carry the reader's CSRF token
_NEAR: OrderedDict[str, str] = OrderedDict()  # this process's newest kept responses, in front of the cache
_NEAR_MAX = 64
_NEAR_LOCK = threading.Lock()


def plain_visitor(request: HttpRequest) -> bool:
    """Whether nothing of what ``request`` is shown is its own: not signed in, no edit cookie (so no entered
    numbers, no owner's links), no message waiting to be shown."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return False
    if edit_tokens(request):
        return False
    return not len(messages.get_messages(request))  # counted, not shown: they stay for the page that shows them


def list_response_key(request: HttpRequest, *, part: str, stamp: SharedStamp, extra: tuple[str, ...] = ()) -> str:
    """The key of a whole response about the shared list ``stamp`` names, for a plain visitor of this site."""
    parts = (part, *stamp.parts(), catalogue_version_current(), get_language() or "", request.build_absolute_uri("/"),
             *extra)
    return "muster-resp:" + hashlib.sha256("\n".join(parts).encode()).hexdigest()[:40]


def response_kept(key: str, compute: Callable[[], str]) -> str:
    """The response body under ``key``: this process's copy, the cache's, or ``compute()`` (then kept in both)."""
    with _NEAR_LOCK:
        body = _NEAR.get(key)
        if body is not None:
            _NEAR.move_to_end(key)
            return body
    body = cache.get(key)
    if body is None:
        body = compute()
        cache.set(key, body, KEEP_SECONDS)
    with _NEAR_LOCK:
        _NEAR[key] = body
        while len(_NEAR) > _NEAR_MAX:
            _NEAR.popitem(last=False)
    return body


def response_etag(key: str, *, secret: str = "") -> str:
    """The ETag of a kept response: its key, and the reader's CSRF secret for a page that carries a token (a page
    kept by the browser holds a token for that secret only)."""
    return '"' + hashlib.sha256(f"{key}|{secret}".encode()).hexdigest()[:32] + '"'


def conditional_response(request: HttpRequest, body: str, *, etag: str, cache_control: str,
                         content_type: str = "text/html; charset=utf-8") -> HttpResponse:
    """A kept response with its ETag and Cache-Control, or 304 Not Modified to a client that sent that ETag."""
    response = HttpResponse(body, content_type=content_type)
    response["ETag"] = etag
    response["Cache-Control"] = cache_control
    return get_conditional_response(request, etag=etag, response=response) or response
