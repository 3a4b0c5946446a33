"""Root URLs: pages first, the API under /api/v1/, its schema and docs under /api/."""

from __future__ import annotations

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from catalogue import views as catalogue_views
from config.health import healthz
from config.pages import favicon

urlpatterns = [
    path("", catalogue_views.home, name="home"),
    path("about/sources/", catalogue_views.about_sources, name="about-sources"),
    path("healthz", healthz, name="healthz"),
    path("favicon.ico", favicon, name="favicon"),
    path("admin/", admin.site.urls),
    path("", include("catalogue.urls")),
    path("", include("builder.urls")),
    path("", include("simulate.urls")),
    path("api/v1/", include("catalogue.urls_api")),
    path("api/v1/", include("validation.urls_api")),
    path("api/v1/", include("builder.urls_api")),
    path("api/v1/", include("simulate.urls_api")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
]

handler400 = "config.handlers.bad_request"
handler403 = "config.handlers.permission_denied"
handler404 = "config.handlers.page_not_found"
handler500 = "config.handlers.server_error"
