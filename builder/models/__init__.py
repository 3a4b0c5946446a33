from __future__ import annotations

from .collections import CollectionItem
from .lists import ListVersion, SavedList

__all__ = ["CollectionItem", "ListVersion", "SavedList"]
