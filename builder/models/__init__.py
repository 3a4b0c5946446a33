from __future__ import annotations

from .collections import CollectionItem
from .entered import EnteredCard
from .lists import ListVersion, SavedList

__all__ = ["CollectionItem", "EnteredCard", "ListVersion", "SavedList"]
