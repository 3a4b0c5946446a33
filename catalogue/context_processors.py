from __future__ import annotations

from django.http import HttpRequest

from catalogue.services import catalogue_version_label


def catalogue(request: HttpRequest) -> dict[str, object]:
    """The catalogue version, shown in every page's footer (read lazily: most pages never need it)."""
    return {"catalogue_version": catalogue_version_label}
