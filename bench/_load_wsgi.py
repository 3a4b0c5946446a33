"""The WSGI application bench/load.py serves with gunicorn: the site, plus ``/bench/noop/`` (a DRF view that
returns ``{}``), the baseline each figure is compared with."""

from __future__ import annotations

import sys
import types

from django.core.wsgi import get_wsgi_application

application = get_wsgi_application()


def _add_noop() -> None:
    from django.conf import settings
    from django.urls import clear_url_caches, include, path
    from rest_framework.request import Request
    from rest_framework.response import Response
    from rest_framework.views import APIView

    class NoopApi(APIView):
        def get(self, request: Request) -> Response:
            return Response({})

    urls = types.ModuleType("bench_load_urls")
    # After the site's URLs, so that finding it costs what finding the measured URLs costs.
    urls.urlpatterns = [path("", include(settings.ROOT_URLCONF)), path("bench/noop/", NoopApi.as_view())]  # type: ignore[attr-defined]
    sys.modules[urls.__name__] = urls
    settings.ROOT_URLCONF = urls.__name__
    clear_url_caches()


_add_noop()
