"""Writes to saved lists: create, save a new version, restore, fork, delete. Each is one transaction."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, User
from django.db import IntegrityError, transaction
from django.db.models import Max

from builder.checks import document_check
from builder.models import ListVersion, SavedList
from builder.selectors import list_current
from builder.services_entered import entered_cards_claim
from catalogue.services import catalogue_version_label
from config.errors import ApplicationError

SHARE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ"  # no 0/O, 1/l/I
SHARE_CODE_LENGTH = 10  # 55**10 ≈ 2.5e17 codes: not guessable at any rate limit


def _hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _token_matches(saved_list: SavedList, token: str | None) -> bool:
    """Whether ``token`` is the list's edit token (compared in constant time)."""
    return bool(token) and hmac.compare_digest(_hash_token(str(token)), saved_list.edit_token_hash)


def _new_share_code() -> str:
    return "".join(secrets.choice(SHARE_ALPHABET) for _ in range(SHARE_CODE_LENGTH))


def _summary_fields(document: dict[str, Any]) -> dict[str, str]:
    from validation.core import registry

    game = str(document.get("game", ""))
    ruleset = document.get("ruleset") or registry.default_ruleset(game)
    return {
        "game": game,
        "ruleset": str(ruleset),
        "format": str(document.get("format", "")),
        "name": str(document.get("name") or "")[:200],
    }


def list_create(
    *,
    document: dict[str, Any],
    owner: AbstractBaseUser | AnonymousUser | None = None,
    forked_from: SavedList | None = None,
    note: str = "",
) -> tuple[SavedList, str]:
    """Save a new list. Returns it and its edit token (shown once: only its hash is stored)."""
    document_check(document=document)
    token = secrets.token_urlsafe(24)
    owner_user = owner if isinstance(owner, User) else None
    for _attempt in range(5):
        try:
            with transaction.atomic():
                saved = SavedList.objects.create(
                    share_code=_new_share_code(),
                    edit_token_hash=_hash_token(token),
                    owner=owner_user,
                    forked_from=forked_from,
                    **_summary_fields(document),
                )
                ListVersion.objects.create(
                    saved_list=saved,
                    number=1,
                    document=document,
                    catalogue_version=catalogue_version_label(),
                    note=note,
                )
            return saved, token
        except IntegrityError:  # a share code collision: astronomically rare, try another
            continue
    raise RuntimeError("could not find a free share code")


def list_update(*, saved_list: SavedList, document: dict[str, Any], note: str = "") -> ListVersion:
    """Save ``document`` as the newest version; the earlier versions stay."""
    document_check(document=document)
    with transaction.atomic():
        locked = SavedList.objects.select_for_update().get(pk=saved_list.pk)
        last = locked.versions.aggregate(n=Max("number"))["n"] or 0
        version = ListVersion.objects.create(
            saved_list=locked,
            number=last + 1,
            document=document,
            catalogue_version=catalogue_version_label(),
            note=note,
        )
        for key, value in _summary_fields(document).items():
            setattr(locked, key, value)
        locked.save()
    saved_list.refresh_from_db()
    return version


def list_restore(*, saved_list: SavedList, number: int) -> ListVersion:
    """Save version ``number`` again as the newest (restoring never deletes the versions after it)."""
    old = saved_list.versions.get(number=number)
    return list_update(saved_list=saved_list, document=old.document, note=f"restored version {number}")


def list_fork(
    *, saved_list: SavedList, owner: AbstractBaseUser | AnonymousUser | None = None
) -> tuple[SavedList, str]:
    """Copy a list (as shared: its newest version) into a new list with its own edit token."""
    current = list_current(saved_list=saved_list)
    return list_create(
        document=current.document, owner=owner, forked_from=saved_list, note=f"copied from /l/{saved_list.share_code}"
    )


def list_delete(*, saved_list: SavedList) -> None:
    saved_list.delete()


def list_can_edit(
    *, saved_list: SavedList, user: AbstractBaseUser | AnonymousUser | None, token: str | None
) -> bool:
    """The owner: the signed-in account that owns it, or whoever holds its edit token."""
    if user is not None and user.is_authenticated and saved_list.owner_id == user.pk:
        return True
    return _token_matches(saved_list, token)


def list_claim(*, saved_list: SavedList, user: AbstractBaseUser | AnonymousUser, token: str) -> SavedList:
    """Move a list saved without an account into ``user``'s lists: whoever holds its edit token may. The card
    numbers kept with the list move to the account too.

    The edit token keeps working afterwards (the owner may have shared the edit link on purpose). A list
    that already belongs to another account stays there (409), whatever the token."""
    if not isinstance(user, User) or not user.is_authenticated:
        raise ApplicationError("Sign in to claim a list.", code="not_authenticated", status=403)
    if not _token_matches(saved_list, token):
        raise ApplicationError("The edit token does not match this list.", code="forbidden", status=403)
    with transaction.atomic():
        locked = SavedList.objects.select_for_update().get(pk=saved_list.pk)
        if locked.owner_id is not None and locked.owner_id != user.pk:
            raise ApplicationError("This list already belongs to another account.", code="conflict", status=409)
        if locked.owner_id is None:
            locked.owner = user
            locked.save(update_fields=["owner"])
        entered_cards_claim(saved_list=locked, user=user)  # the card numbers kept with the list become theirs
    saved_list.refresh_from_db()
    return saved_list
