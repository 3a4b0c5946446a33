"""The builder's pages: building, saving and sharing lists (``/build/<game>/``, ``/l/<share_code>``),
accounts, "My lists", the collection and the language switch."""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.urls import URLPattern, URLResolver, path, reverse_lazy
from django.views.i18n import set_language

from builder import accounts, collections, views, views_entered

account_urls: list[URLPattern | URLResolver] = [
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/login/", accounts.MusterLoginView.as_view(), name="login"),
    path("accounts/logout/", accounts.MusterLogoutView.as_view(), name="logout"),
    path(
        "accounts/password/change/",
        auth_views.PasswordChangeView.as_view(success_url=reverse_lazy("password_change_done")),
        name="password_change",
    ),
    path("accounts/password/change/done/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"),
    path(
        "accounts/password/reset/",
        accounts.MusterPasswordResetView.as_view(success_url=reverse_lazy("password_reset_done")),
        name="password_reset",
    ),
    path("accounts/password/reset/sent/", auth_views.PasswordResetDoneView.as_view(), name="password_reset_done"),
    path(
        "accounts/password/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(success_url=reverse_lazy("password_reset_complete")),
        name="password_reset_confirm",
    ),
    path(
        "accounts/password/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    path("accounts/lists/", accounts.my_lists, name="my-lists"),
    path("accounts/claim/", accounts.claim, name="claim-list"),
]

collection_urls: list[URLPattern | URLResolver] = [
    path("collection/", collections.collection_home, name="collection"),
    path("collection/export.csv", collections.collection_export, name="collection-export"),
    path("collection/import/", collections.collection_import, name="collection-import"),
    path("collection/shortfall/", collections.collection_shortfall_page, name="collection-shortfall"),
    path("collection/<slug:game>/", collections.collection_game, name="collection-game"),
    path("collection/<slug:game>/add-set/", collections.collection_add_set_view, name="collection-add-set"),
]

builder_urls: list[URLPattern | URLResolver] = [
    path("build/", views.build_index, name="build-index"),
    path("build/import/", views.build_import, name="build-import"),
    path("build/<slug:game>/", views.build_page, name="build"),
    path("lists/<uuid:list_id>/edit/", views.list_edit_link, name="list-edit-link"),
    path("lists/<uuid:list_id>/restore/", views.list_restore_view, name="list-restore"),
    path("lists/<uuid:list_id>/delete/", views.list_delete_view, name="list-delete"),
    path("l/<str:share_code>", views.shared_list, name="shared-list"),
    path("l/<str:share_code>/print/", views.shared_print, name="shared-print"),
    path("l/<str:share_code>/text/", views.shared_text, name="shared-text"),
    path("l/<str:share_code>/json/", views.shared_json, name="shared-json"),
    path("l/<str:share_code>/fork/", views.shared_fork, name="shared-fork"),
    path("cards/mine/", views_entered.my_cards, name="my-cards"),
    path("cards/<slug:game>/<slug:ruleset>/<slug:slug>/numbers/", views_entered.card_numbers, name="card-numbers"),
]

urlpatterns: list[URLPattern | URLResolver] = [
    path("i18n/setlang/", set_language, name="set_language"),
    *builder_urls,
    *account_urls,
    *collection_urls,
]
