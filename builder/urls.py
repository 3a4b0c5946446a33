"""The builder's pages: accounts, "My lists", the collection and the language switch.

(The builder pages themselves, ``/build/<game>/`` and ``/l/<share_code>``, join these.)"""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.urls import URLPattern, URLResolver, path, reverse_lazy
from django.views.i18n import set_language

from builder import accounts, collections

account_urls: list[URLPattern | URLResolver] = [
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/login/", accounts.MusterLoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
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

urlpatterns: list[URLPattern | URLResolver] = [
    path("i18n/setlang/", set_language, name="set_language"),
    *account_urls,
    *collection_urls,
]
