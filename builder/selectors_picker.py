"""The lists a player may pick for a matchup preview: their saved lists (their account's, and the lists this
browser holds an edit token for) and the lists shared with them (shared links they opened, remembered in their
session, the newest first).

Each is offered by its share link (``/l/<code>``), which the matchup layer reads as any pasted link.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from django.http import HttpRequest

from builder.models import SavedList
from builder.services import list_can_edit
from builder.tokens import edit_tokens

SEEN_KEY = "shared_seen"
SEEN_LISTS = 30  # the newest shared lists a session remembers
MINE_LISTS = 100


@dataclass(frozen=True)
class Pick:
    value: str  # the list's share link path
    name: str
    game: str
    format: str


@dataclass(frozen=True)
class Picks:
    mine: list[Pick]
    shared: list[Pick]

    @property
    def values(self) -> set[str]:
        return {p.value for p in (*self.mine, *self.shared)}


def _pick(saved: SavedList) -> Pick:
    return Pick(f"/l/{saved.share_code}", saved.name or saved.share_code, saved.game, saved.format)


def shared_seen_remember(request: HttpRequest, saved: SavedList) -> None:
    """Remember that this session opened ``saved``'s shared page (the picker's "shared with me")."""
    session = getattr(request, "session", None)
    if session is None:
        return
    seen = [code for code in session.get(SEEN_KEY, []) if isinstance(code, str) and code != saved.share_code]
    session[SEEN_KEY] = [saved.share_code, *seen][:SEEN_LISTS]


def picker_lists(request: HttpRequest) -> Picks:
    """My saved lists (account first, then this browser's), and the shared lists this session opened that are
    not mine; each list once, the most recently changed of mine first."""
    user = getattr(request, "user", None)
    mine: list[SavedList] = []
    if user is not None and user.is_authenticated:
        mine = list(SavedList.objects.filter(owner=user).order_by("-updated")[:MINE_LISTS])
    tokens = edit_tokens(request)
    ids = []
    for key in tokens:
        try:
            ids.append(uuid.UUID(key))
        except ValueError:
            continue
    known = {s.pk for s in mine}
    for saved in SavedList.objects.filter(pk__in=ids).order_by("-updated"):
        if saved.pk not in known and list_can_edit(saved_list=saved, user=None, token=tokens.get(str(saved.pk))):
            mine.append(saved)
            known.add(saved.pk)
    session = getattr(request, "session", None)
    codes = [c for c in (session.get(SEEN_KEY, []) if session is not None else []) if isinstance(c, str)]
    by_code = {s.share_code: s for s in SavedList.objects.filter(share_code__in=codes[:SEEN_LISTS])}
    shared = [by_code[c] for c in codes if c in by_code and by_code[c].pk not in known]
    return Picks([_pick(s) for s in mine], [_pick(s) for s in shared])
