"""Refuse oversized request bodies before anything reads them."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse

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
