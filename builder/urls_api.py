from __future__ import annotations

from django.urls import path

from builder.api import ListCreateApi, ListDetailApi, ListImportApi, SharedListApi
from builder.api_entered import EnteredCardApi, EnteredListApi, EnteredOfferApi, SheetApi

urlpatterns = [
    path("lists/", ListCreateApi.as_view(), name="api-lists"),
    path("import/", ListImportApi.as_view(), name="api-import"),
    path("lists/<str:list_id>/", ListDetailApi.as_view(), name="api-list"),
    path("shared/<str:share_code>/", SharedListApi.as_view(), name="api-shared"),
    path("sheets/<slug:game>/<slug:ruleset>/<slug:kind>/", SheetApi.as_view(), name="api-sheet"),
    path("entered/", EnteredListApi.as_view(), name="api-entered"),
    path("entered/<slug:game>/<slug:ruleset>/<slug:slug>/", EnteredCardApi.as_view(), name="api-entered-card"),
    path("entered/<slug:game>/<slug:ruleset>/<slug:slug>/offer/", EnteredOfferApi.as_view(),
         name="api-entered-offer"),
]
