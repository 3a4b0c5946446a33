from __future__ import annotations

from django.urls import path

from catalogue.api import CatalogueSummaryApi

urlpatterns = [
    path("catalogue/", CatalogueSummaryApi.as_view(), name="api-catalogue"),
]
