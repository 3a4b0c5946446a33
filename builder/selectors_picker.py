"""The lists a player may pick for a matchup preview: their saved lists (their account's, and the lists this
browser holds an edit token for) and the lists shared with them (shared links they opened, remembered in their
browser, the newest first).

The shared lists a browser opened are kept in a signed cookie of their own (``muster_seen``), not in the session:
opening a shared page then writes nothing to the database, and a visitor without a session is given none (the
page is read far more often than anything else; bench/load.py). Sessions that kept them before are still read.
Logging out forgets them, as it forgot the session's (builder.accounts.MusterLogoutView).

Each is offered by its share link (``/l/<code>``), which the matchup layer reads as any pasted link.
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from builder.models import SavedList
from builder.services import list_can_edit
from builder.tokens import edit_tokens

SEEN_KEY = "shared_seen"  # where sessions kept them before the cookie
SEEN_COOKIE = "muster_seen"
_CODE = re.compile(r"[A-Za-z0-9_-]{1,16}")  # a share code (builder.selectors)
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


def _seen_cookie(request: HttpRequest) -> list[str]:
    raw = request.get_signed_cookie(SEEN_COOKIE, default="", salt=SEEN_COOKIE)  # a forged or stale one reads ""
    return [code for code in str(raw).split("|") if _CODE.fullmatch(code)]


def shared_seen(request: HttpRequest) -> list[str]:
    """The share codes of the shared pages this browser opened, the newest first (its cookie, then what its
    session kept before the cookie)."""
    codes = _seen_cookie(request)
    session = getattr(request, "session", None)
    if session is not None and session.session_key:  # no session cookie: nothing kept there (and no query)
        codes += [code for code in session.get(SEEN_KEY, []) if isinstance(code, str) and _CODE.fullmatch(code)]
    return list(dict.fromkeys(codes))[:SEEN_LISTS]


def shared_seen_remember(request: HttpRequest, response: HttpResponse, share_code: str) -> None:
    """Remember on ``response`` that this browser opened the shared page of ``share_code`` (the picker's "shared
    with me"): its cookie, set only when that changes it (the same list opened again sets nothing)."""
    seen = _seen_cookie(request)
    if seen[:1] == [share_code]:
        return
    seen = [share_code, *(code for code in seen if code != share_code)][:SEEN_LISTS]
    response.set_signed_cookie(SEEN_COOKIE, "|".join(seen), salt=SEEN_COOKIE, max_age=settings.SESSION_COOKIE_AGE,
                               secure=settings.SESSION_COOKIE_SECURE, httponly=True, samesite="Lax")


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
    codes = shared_seen(request)
    by_code = {s.share_code: s for s in SavedList.objects.filter(share_code__in=codes)}
    shared = [by_code[c] for c in codes if c in by_code and by_code[c].pk not in known]
    return Picks([_pick(s) for s in mine], [_pick(s) for s in shared])
