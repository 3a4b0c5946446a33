from __future__ import annotations

from django.urls import URLPattern, URLResolver, path

from simulate.api import MatchupCreateApi, MatchupDetailApi

urlpatterns: list[URLPattern | URLResolver] = [
    path("matchups/", MatchupCreateApi.as_view(), name="api-matchups"),
    path("matchups/<str:matchup_id>/", MatchupDetailApi.as_view(), name="api-matchup"),
]
