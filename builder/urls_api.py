from __future__ import annotations

from django.urls import path

from builder.api import ListCreateApi, ListDetailApi, ListImportApi, SharedListApi

urlpatterns = [
    path("lists/", ListCreateApi.as_view(), name="api-lists"),
    path("import/", ListImportApi.as_view(), name="api-import"),
    path("lists/<str:list_id>/", ListDetailApi.as_view(), name="api-list"),
    path("shared/<str:share_code>/", SharedListApi.as_view(), name="api-shared"),
]
