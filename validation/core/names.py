"""Name matching without regard to case, accents and punctuation (the list contract's rule).

The same function as ``catalogue.text.normalise_name`` (a test proves they agree on any text); it is
repeated here so that the rules import nothing outside ``validation``.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_NON_WORD = re.compile(r"[^0-9a-z]+")


@lru_cache(maxsize=8192)
def normalise(name: str) -> str:
    """``"Regdar, Human Fighter"`` and ``"regdar human-fighter"`` give the same key: ``regdar human fighter``."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    stripped = stripped.replace("'", "").replace("\u2019", "")
    return _NON_WORD.sub(" ", stripped).strip()


def contains_words(haystack: str, needle: str) -> bool:
    """Whether the normalised ``needle`` occurs in the normalised ``haystack`` as whole words."""
    if not needle:
        return False
    return f" {needle} " in f" {haystack} "
