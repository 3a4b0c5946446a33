"""The edit cookie: the edit tokens of the saved lists this browser made or opened with their edit link
(``list id:token|…``, the newest first). Pages read it to know which lists the browser may change and whose
entered card numbers it may use."""

from __future__ import annotations

import re

from django.http import HttpRequest

EDIT_COOKIE = "muster_edit"
EDIT_COOKIE_LISTS = 20  # the newest lists a browser keeps edit tokens for
EDIT_COOKIE_AGE = 365 * 24 * 3600
TOKEN = re.compile(r"^[A-Za-z0-9_-]{8,100}$")


def edit_tokens(request: HttpRequest) -> dict[str, str]:
    """The edit tokens the request's cookie holds, by list id (not yet checked against the lists)."""
    raw = request.COOKIES.get(EDIT_COOKIE, "")
    out: dict[str, str] = {}
    for part in raw.split("|")[:EDIT_COOKIE_LISTS]:
        list_id, _sep, token = part.partition(":")
        if _sep and TOKEN.match(token):
            out[list_id] = token
    return out
