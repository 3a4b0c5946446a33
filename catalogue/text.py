"""The catalogue's name keys and slugs: the one normaliser of ``common.names`` (shared with every layer)."""

from __future__ import annotations

from common.names import normalise_name, slugify_name

__all__ = ["normalise_name", "slugify_name"]
