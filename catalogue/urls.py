"""Catalogue pages (``/catalogue/<game>/`` and ``/catalogue/<game>/<ruleset>/<slug>/`` are public contracts)."""

from __future__ import annotations

from django.urls import path

from catalogue import views

urlpatterns = [
    path("catalogue/", views.catalogue_index, name="catalogue-index"),
    path("catalogue/<slug:game>/", views.catalogue_list, name="catalogue-list"),
    path("catalogue/<slug:game>/<slug:ruleset>/<slug:slug>/", views.card_detail, name="catalogue-card"),
    path("catalogue/<slug:game>/<slug:ruleset>/<slug:slug>/report/", views.card_report, name="catalogue-card-report"),
]
