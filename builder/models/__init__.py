from __future__ import annotations

from .lists import ListVersion, SavedList

__all__ = ["ListVersion", "SavedList"]
