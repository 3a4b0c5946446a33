"""Accounts: sign up, log in (rate-limited), the password pages' rate limit, "My lists" and claiming a list.

Django's own auth views do the work (``django.contrib.auth.views``); this module adds what they lack:
a sign-up form, a limit on guessing passwords and on mass sign-ups and reset mails, and the pages that
tie saved lists to an account. Limits are counted in the cache (``CACHE_URL`` shares them between web
processes) per client address and, for logins, per user name as well, so neither one address trying
many names nor many addresses trying one name gets far.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import AuthenticationForm, PasswordResetForm, UserCreationForm
from django.contrib.auth.models import User
from django.contrib.auth.views import LoginView, LogoutView, PasswordResetView
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from builder.drafts import GAMES
from builder.selectors import list_get, list_get_shared, lists_of
from builder.selectors_picker import SEEN_COOKIE
from builder.services import list_claim
from catalogue.models import Game
from config.errors import ApplicationError
from config.limits import client_address, limit_count, limit_reached

LOGIN_WINDOW = 15 * 60
HOUR = 60 * 60


def _login_limits() -> tuple[int, int]:
    """(failures per user name, failures per address) allowed in ``LOGIN_WINDOW``."""
    return settings.MUSTER_LOGIN_FAILURES_PER_NAME, settings.MUSTER_LOGIN_FAILURES_PER_ADDRESS


def _too_many(request: HttpRequest, template: str, context: dict[str, Any]) -> HttpResponse:
    context["too_many"] = True
    return render(request, template, context, status=429)


# ------------------------------------------------------------------------------------------- log in


class MusterLoginView(LoginView):
    """Django's login, refusing (429) once a name or an address has failed too often recently."""

    template_name = "registration/login.html"
    redirect_authenticated_user = True

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        username = str(request.POST.get("username", "")).strip()
        address = client_address(request)
        per_name, per_address = _login_limits()
        if limit_reached(scope="login-name", key=username, limit=per_name) or limit_reached(
            scope="login-address", key=address, limit=per_address
        ):
            form = self.get_form()
            form.errors.clear()
            return _too_many(request, self.template_name, self.get_context_data(form=form))
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form: AuthenticationForm) -> HttpResponse:
        username = str(self.request.POST.get("username", "")).strip()
        limit_count(scope="login-name", key=username, window=LOGIN_WINDOW)
        limit_count(scope="login-address", key=client_address(self.request), window=LOGIN_WINDOW)
        return super().form_invalid(form)


class MusterLogoutView(LogoutView):
    """Django's logout, which also forgets the shared lists this browser opened (builder.selectors_picker: they
    were kept in the session, which logging out ends)."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response = super().post(request, *args, **kwargs)
        response.delete_cookie(SEEN_COOKIE, samesite="Lax")
        return response


# ------------------------------------------------------------------------------------------- sign up


class SignUpForm(UserCreationForm):
    email = forms.EmailField(
        label=_("Email"),
        required=False,
        help_text=_("Optional: only to reset a forgotten password."),
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")

    def clean_email(self) -> str:
        email = str(self.cleaned_data.get("email") or "").strip()
        if email and get_user_model()._default_manager.filter(email__iexact=email).exists():
            raise forms.ValidationError(gettext("An account with this email already exists."))
        return email


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return HttpResponseRedirect(reverse("my-lists"))
    template = "registration/signup.html"
    if request.method != "POST":
        return render(request, template, {"form": SignUpForm()})
    address = client_address(request)
    if limit_reached(scope="signup", key=address, limit=settings.MUSTER_SIGNUPS_PER_HOUR):
        return _too_many(request, template, {"form": SignUpForm()})
    limit_count(scope="signup", key=address, window=HOUR)
    form = SignUpForm(request.POST)
    if not form.is_valid():
        return render(request, template, {"form": form}, status=400)
    user = form.save()
    login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    messages.success(request, gettext("Welcome, %(name)s: your account is ready.") % {"name": user.get_username()})
    return HttpResponseRedirect(reverse("my-lists"))


# ------------------------------------------------------------------------------------ password reset


class MusterPasswordResetView(PasswordResetView):
    """Django's reset mail, at most ``MUSTER_RESET_MAILS_PER_HOUR`` requests per address."""

    template_name = "registration/password_reset_form.html"

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        address = client_address(request)
        if limit_reached(scope="reset", key=address, limit=settings.MUSTER_RESET_MAILS_PER_HOUR):
            return _too_many(request, self.template_name, self.get_context_data(form=PasswordResetForm()))
        limit_count(scope="reset", key=address, window=HOUR)
        return super().post(request, *args, **kwargs)


# ------------------------------------------------------------------------------------------ my lists


@login_required
def my_lists(request: HttpRequest) -> HttpResponse:
    return render(request, "accounts/my_lists.html", {"lists": lists_of(user=request.user),
                                                     "games": Game.objects.filter(slug__in=GAMES)})


_UUID = re.compile(r"[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}")
_SHARE = re.compile(r"/l/([A-Za-z0-9]{4,16})")
_TOKEN = re.compile(r"(?:edit_token|token)=([A-Za-z0-9_\-]{8,100})")


class ClaimForm(forms.Form):
    link = forms.CharField(
        label=_("The list's edit link, share link or id"),
        max_length=500,
        widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
    )
    token = forms.CharField(
        label=_("Edit token"),
        max_length=100,
        required=False,
        help_text=_("Shown when the list was saved. Not needed when the edit link above contains it."),
        widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        link = str(data.get("link") or "")
        token = str(data.get("token") or "").strip()
        if not token:
            found = _TOKEN.search(link)
            token = found.group(1) if found else ""
        if not token:
            self.add_error("token", gettext("Give the edit token (or an edit link that contains it)."))
            return data
        try:
            uuid_match = _UUID.search(link)
            share_match = _SHARE.search(link)
            if uuid_match:
                saved = list_get(list_id=uuid_match.group(0))
            elif share_match:
                saved = list_get_shared(share_code=share_match.group(1))
            else:
                saved = list_get_shared(share_code=link.strip())
        except ApplicationError:
            self.add_error("link", gettext("No saved list has this link or id."))
            return data
        data["saved_list"] = saved
        data["token"] = token
        return data


@login_required
@require_http_methods(["GET", "POST"])
def claim(request: HttpRequest) -> HttpResponse:
    template = "accounts/claim.html"
    if request.method != "POST":
        return render(request, template, {"form": ClaimForm()})
    address = client_address(request)
    if limit_reached(scope="claim", key=address, limit=settings.MUSTER_CLAIMS_PER_HOUR):
        return _too_many(request, template, {"form": ClaimForm()})
    form = ClaimForm(request.POST)
    if not form.is_valid():
        limit_count(scope="claim", key=address, window=HOUR)
        return render(request, template, {"form": form}, status=400)
    try:
        saved = list_claim(
            saved_list=form.cleaned_data["saved_list"], user=request.user, token=form.cleaned_data["token"]
        )
    except ApplicationError as exc:
        limit_count(scope="claim", key=address, window=HOUR)
        message = (
            gettext("This list already belongs to another account.")
            if exc.code == "conflict"
            else gettext("The edit token does not match this list.")
        )
        form.add_error(None, message)
        return render(request, template, {"form": form}, status=exc.status)
    messages.success(request, gettext("“%(name)s” is now in your lists.") % {"name": saved.name or saved.share_code})
    return HttpResponseRedirect(reverse("my-lists"))
