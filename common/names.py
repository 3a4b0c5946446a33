"""Name matching without regard to case, accents and punctuation (the list contract's rule), for every layer:
the catalogue's search keys and slugs, the validator's and the builder's name matching, the collections."""

from __future__ import annotations

import re
import unicodedata

_NON_WORD = re.compile(r"[^0-9a-z]+")


def normalise_name(name: str) -> str:
    """``"Regdar, Human Fighter"`` and ``"regdar human-fighter"`` give the same key: ``regdar human fighter``."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    stripped = stripped.replace("'", "").replace("\u2019", "")
    return _NON_WORD.sub(" ", stripped).strip()


def slugify_name(name: str) -> str:
    return normalise_name(name).replace(" ", "-")
