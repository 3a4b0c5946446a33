"""Refuse, before anything reads them, oversized request bodies and addresses no database could look up."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import unquote

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.views import defaults

from config.api import json_error


class RequestSizeLimitMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        limit = settings.MUSTER_MAX_REQUEST_BYTES
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            return json_error("bad_request", "Content-Length is not a number.", 400)
        if length > limit:
            return json_error("too_large", f"The request body is {length} bytes; the limit is {limit} bytes.", 413)
        return self.get_response(request)


class UnstorableTextMiddleware:
    """A NUL in the path names nothing (404); in the query string it is a bad request (400). Either would reach
    PostgreSQL, which refuses NUL in any text, as a server error."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        api = request.path.startswith("/api/")
        if "\x00" in request.path:
            if api:
                return json_error("not_found", "Nothing is here: the address holds a NUL character.", 404)
            return defaults.page_not_found(request, Http404("NUL in the path"))
        if "\x00" in unquote(request.META.get("QUERY_STRING", ""), errors="replace"):
            if api:
                return json_error("bad_request", "The query string holds a NUL character.", 400)
            return defaults.bad_request(request, ValueError("NUL in the query string"))
        return self.get_response(request)
