from __future__ import annotations

from django.urls import path

from catalogue.api import CardDetailApi, CardListApi, CatalogueSummaryApi

urlpatterns = [
    path("catalogue/", CatalogueSummaryApi.as_view(), name="api-catalogue"),
    path("cards/", CardListApi.as_view(), name="api-cards"),
    path("cards/<slug:game>/<slug:ruleset>/<slug:slug>/", CardDetailApi.as_view(), name="api-card"),
]
