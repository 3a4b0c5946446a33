"""Saved lists: a document and every earlier version of it, owned by an edit token or an account.

Legality is never stored: it is computed from the document whenever a list is shown, against the
current catalogue; the version records which catalogue version the list was saved against.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.conf import settings
from django.db import models

from common.text import json_scrub, text_scrub


class SavedList(models.Model):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    share_code = models.CharField(max_length=16, unique=True, help_text="The read-only link's code: /l/<code>.")
    edit_token_hash = models.CharField(max_length=64, help_text="SHA-256 of the edit token; the token is never stored.")
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="lists"
    )
    forked_from = models.ForeignKey("self", on_delete=models.SET_NULL, null=True, blank=True, related_name="forks")
    game = models.CharField(max_length=40)
    ruleset = models.CharField(max_length=40)
    format = models.CharField(max_length=40)
    name = models.CharField(max_length=200, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated"]
        indexes = [models.Index(fields=["owner", "-updated"])]

    def __str__(self) -> str:
        return self.name or str(self.id)

    @classmethod
    def from_db(cls, db: str | None, field_names: Any, values: Any, **kwargs: Any) -> SavedList:
        """A name stored before the API refused NUL and lone surrogates still renders (as U+FFFD)."""
        row = super().from_db(db, field_names, values, **kwargs)
        if "name" in row.__dict__:
            row.name = text_scrub(row.name)
        return row


class ListVersion(models.Model):
    """One save of a list. Versions are never changed; restoring an old one saves it again as the newest."""

    saved_list = models.ForeignKey(SavedList, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    document = models.JSONField()
    catalogue_version = models.CharField(max_length=40)
    created = models.DateTimeField(auto_now_add=True)
    note = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["saved_list", "-number"]
        constraints = [models.UniqueConstraint(fields=["saved_list", "number"], name="list_version_unique_number")]

    def __str__(self) -> str:
        return f"{self.saved_list_id} v{self.number}"

    @classmethod
    def from_db(cls, db: str | None, field_names: Any, values: Any, **kwargs: Any) -> ListVersion:
        """A document stored before the API refused NUL and lone surrogates still renders (as U+FFFD)."""
        row = super().from_db(db, field_names, values, **kwargs)
        if "document" in row.__dict__:
            row.document = json_scrub(row.document)
        return row
