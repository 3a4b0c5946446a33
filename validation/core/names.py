"""Name matching without regard to case, accents and punctuation (the list contract's rule).

``normalise`` is ``common.names.normalise_name`` (the one normaliser every layer uses), kept per name: the
rules normalise the same names in every validation.
"""

from __future__ import annotations

from functools import lru_cache

from common.names import normalise_name

# ``"Regdar, Human Fighter"`` and ``"regdar human-fighter"`` give the same key: ``regdar human fighter``.
normalise = lru_cache(maxsize=8192)(normalise_name)


def contains_words(haystack: str, needle: str) -> bool:
    """Whether the normalised ``needle`` occurs in the normalised ``haystack`` as whole words."""
    if not needle:
        return False
    return f" {needle} " in f" {haystack} "
