"""Django's error views (``handler400`` … ``handler500`` in ``config.urls``): under ``/api/`` every error is the
API's JSON envelope (``config.api.error_body``), whatever raised it — a route that does not exist, a request
Django itself refused, or a server error that reached no view's handler; elsewhere the site's pages (404 and
500 with its navigation, ``templates/404.html`` and ``config.pages``) and Django's own for 400 and 403."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.views import defaults

from config import pages
from config.api import json_error

API_PREFIX = "/api/"


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith(API_PREFIX)


def bad_request(request: HttpRequest, exception: Exception | None = None, **kwargs: Any) -> HttpResponse:
    if _is_api(request):
        return json_error("bad_request", "The request could not be read.", 400)
    return defaults.bad_request(request, exception)  # type: ignore[arg-type]


def permission_denied(request: HttpRequest, exception: Exception | None = None, **kwargs: Any) -> HttpResponse:
    if _is_api(request):
        return json_error("permission_denied", "You do not have permission to do this.", 403)
    return defaults.permission_denied(request, exception)  # type: ignore[arg-type]


def page_not_found(request: HttpRequest, exception: Exception | None = None, **kwargs: Any) -> HttpResponse:
    if _is_api(request):
        return json_error("not_found", "Nothing is here: see /api/schema/ for the API's paths.", 404)
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest, **kwargs: Any) -> HttpResponse:
    if _is_api(request):
        return json_error("server_error", "Something went wrong on our side; it has been logged.", 500)
    return pages.server_error(request)  # the site's 500 page, with its navigation in the reader's language
