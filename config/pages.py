"""The site's own error pages: 404 and 500 with the site's navigation, in the reader's language.

Django renders ``404.html`` with the request, so that page needs no view. Its ``server_error`` renders
``500.html`` without one (no navigation state, no language); ours passes the request, and falls back to a
page that needs nothing (no database, no template) when even that fails: whatever broke the first
request may break the second.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect, HttpResponseServerError
from django.shortcuts import render
from django.templatetags.static import static
from django.views.decorators.csrf import requires_csrf_token

FALLBACK = (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" '
    'content="width=device-width, initial-scale=1"><title>Server error · Muster</title></head><body>'
    '<p><a href="/">Muster</a></p><h1>Something went wrong on our side</h1>'
    "<p>The page could not be made. Nothing you saved is lost; try again in a moment.</p></body></html>"
)


@requires_csrf_token
def server_error(request: HttpRequest) -> HttpResponse:
    try:
        return render(request, "500.html", status=500)
    except Exception:  # noqa: BLE001 - the error page must answer whatever failed
        return HttpResponseServerError(FALLBACK)


def favicon(request: HttpRequest) -> HttpResponse:
    """``/favicon.ico``, which browsers ask for on pages without an icon link (the API's docs): the icon."""
    return HttpResponsePermanentRedirect(static("img/favicon.svg"))
