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
share one)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any, TypeVar

from django.core.cache import cache
from django.utils.translation import get_language

from builder.models import ListVersion, SavedList
from builder.selectors_entered import EntryScope, entered_overlay
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
