from __future__ import annotations

from django.urls import URLPattern, URLResolver, path

from validation.api import FormatListApi, ValidateApi

urlpatterns: list[URLPattern | URLResolver] = [
    path("validate/", ValidateApi.as_view(), name="api-validate"),
    path("formats/", FormatListApi.as_view(), name="api-formats"),
]
