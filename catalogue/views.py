"""Catalogue pages. The attribution page names every data source and its licence."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from catalogue.selectors import catalogue_summary, catalogue_versions
from catalogue.sources import DATA_SOURCES


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html", {"summary": catalogue_summary()})


def about_sources(request: HttpRequest) -> HttpResponse:
    return render(
        request, "about/sources.html", {"sources": DATA_SOURCES, "versions": catalogue_versions(limit=10)}
    )
