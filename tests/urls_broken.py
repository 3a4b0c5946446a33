"""The site's URLs plus one page that fails, to see the 500 page (tests/test_site_pages.py)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.urls import path

from config.urls import handler500
from config.urls import urlpatterns as site


def broken(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("a page that fails")


urlpatterns = [*site, path("broken/", broken)]
__all__ = ["handler500", "urlpatterns"]
