from __future__ import annotations

from django.urls import URLPattern, URLResolver, path

from simulate import rules_pages, views

urlpatterns: list[URLPattern | URLResolver] = [
    path("matchups/new/", views.matchup_new, name="matchup-new"),
    path("matchups/quick-start/<slug:game>/<slug:ruleset>/", views.matchup_quick_start_view,
         name="matchup-quick-start"),
    path("matchups/<uuid:matchup_id>/", views.matchup_page, name="matchup"),
    path("matchups/<uuid:matchup_id>/progress/", views.matchup_progress_view, name="matchup-progress"),
    path("matchups/rules/<slug:game>/<slug:ruleset>/", rules_pages.rules_readings, name="rules-readings"),
]
