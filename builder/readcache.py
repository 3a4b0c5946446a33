"""What reading a saved list costs once, kept in the cache: its rule check and the catalogue's changes since it
was saved, as the API answers them (the shared page checks a list with its reader's own entered numbers, so it
is not kept here).

Each is a function of the list's version, the catalogue's version and the reader's language alone, so that is
the key: saving the list makes a new version and every catalogue change (import, correction) a new catalogue
label, and an entry is never read again after either. A shared list opened a thousand times is checked once
per process (once per site with the shared cache of ``make serve``), not a thousand times (bench/load.py).

Only what every reader is shown alike belongs here: a read that depends on who reads it (a player's own entered
numbers for cards, their collection) must pass that reader's part as ``reader`` (it joins the key), or not be
cached."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from django.core.cache import cache
from django.utils.translation import get_language

from builder.models import ListVersion, SavedList
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
