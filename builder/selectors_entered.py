"""Reads of the numbers players entered for cards: whose a request may use (:class:`EntryScope`), as the overlay
a validation or preview lays over the catalogue, and one player's entries for their pages.

A request may use only its own player's numbers: those of the signed-in account, and those kept with saved
lists whose edit token the request proves (the edit cookie of the pages, ``X-Edit-Token`` of the API). Nobody
reads or changes another player's entries.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Q, QuerySet
from django.http import HttpRequest

from builder.models import EnteredCard, SavedList
from builder.services import list_can_edit
from builder.services_entered import Keeper
from builder.tokens import edit_tokens


@dataclass(frozen=True)
class EntryScope:
    """Whose entered numbers a request may use: a signed-in player's, and those of the saved lists whose edit
    token it holds."""

    user_id: int | None = None
    list_ids: tuple[str, ...] = ()

    @property
    def empty(self) -> bool:
        return self.user_id is None and not self.list_ids

    def query(self) -> Q:
        q = Q(pk__in=[])
        if self.user_id is not None:
            q |= Q(owner_id=self.user_id)
        if self.list_ids:
            q |= Q(saved_list_id__in=self.list_ids)
        return q


def entry_scope(*, user: AbstractBaseUser | AnonymousUser | None, tokens: Mapping[str, str]) -> EntryScope:
    """The scope of a request: its account, and each saved list (by id) whose edit token it holds and proves."""
    user_id = user.pk if user is not None and user.is_authenticated else None
    ids = [k for k in tokens if len(k) <= 40][:50]
    lists = {str(s.pk): s for s in SavedList.objects.filter(pk__in=_uuids(ids))}
    proved = tuple(sorted(k for k, token in tokens.items() if k in lists
                          and list_can_edit(saved_list=lists[k], user=None, token=token)))
    return EntryScope(user_id=user_id, list_ids=proved)


def _uuids(values: Iterable[str]) -> list[str]:
    import uuid

    out = []
    for value in values:
        try:
            out.append(str(uuid.UUID(value)))
        except ValueError:
            continue
    return out


def entered_in_scope(*, scope: EntryScope) -> QuerySet[EnteredCard]:
    return EnteredCard.objects.filter(scope.query()) if not scope.empty else EnteredCard.objects.none()


def entered_overlay(*, scope: EntryScope, game: str, ruleset: str) -> dict[str, dict[str, Any]]:
    """The numbers in scope for a game and ruleset, per card slug (the most recently changed entry of a card
    wins when a player keeps two: with their account and with a list)."""
    out: dict[str, dict[str, Any]] = {}
    for entry in entered_in_scope(scope=scope).filter(game=game, ruleset=ruleset).order_by("updated"):
        out[entry.slug] = dict(entry.values)
    return out


def entered_for(*, keeper: Keeper, game: str, ruleset: str, slug: str) -> EnteredCard | None:
    return EnteredCard.objects.filter(game=game, ruleset=ruleset, slug=slug, **keeper.filter()).first()


def entered_cards(*, scope: EntryScope) -> list[EnteredCard]:
    """A player's entries, the newest first (their page)."""
    return list(entered_in_scope(scope=scope).select_related("report", "saved_list").order_by("-updated")[:500])


def request_scope(request: HttpRequest, *, tokens: Mapping[str, str] | None = None) -> EntryScope:
    """A request's scope: its account, the lists of its edit cookie, and ``tokens`` it gives otherwise (the
    API's ``X-Edit-Token`` for a list it names)."""
    return entry_scope(user=getattr(request, "user", None), tokens={**edit_tokens(request), **(tokens or {})})


def entered_source(scope: EntryScope) -> Callable[[str, str], dict[str, dict[str, Any]]]:
    """The requester's own numbers for a game and ruleset, asked for once the lists' game is known
    (``validation.services.EnteredSource``)."""

    def source(game: str, ruleset: str) -> dict[str, dict[str, Any]]:
        return entered_overlay(scope=scope, game=game, ruleset=ruleset)

    return source
