"""Numbers a player typed in from a printed card the catalogue lacks them for ("entered by a player").

They belong to the player: to their account, or (without one) to a saved list, reachable only with that list's
edit token. They are used in that player's own validation and previews and nowhere else; they reach the shared
catalogue only when the player offers them (a :class:`~catalogue.models.CardReport`) and an editor accepts them.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q


class EnteredCard(models.Model):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, null=True, blank=True, related_name="entered_cards",
        help_text="The player whose numbers these are (or a saved list's, for a player without an account).",
    )
    saved_list = models.ForeignKey(
        "builder.SavedList", on_delete=models.CASCADE, null=True, blank=True, related_name="entered_cards",
        help_text="Without an account: the saved list whose edit token keeps them.",
    )
    game = models.CharField(max_length=40)
    ruleset = models.CharField(max_length=40)
    kind = models.CharField(max_length=20)
    slug = models.CharField(max_length=160, help_text="The catalogue card's slug.")
    name = models.CharField(max_length=200, help_text="The card's name when they were entered.")
    values = models.JSONField(
        default=dict, blank=True,
        help_text="The numbers entered: a partial card record in the catalogue's data format.",
    )
    catalogue_version = models.CharField(max_length=40, help_text="The catalogue version they were entered against.")
    source = models.CharField(max_length=500, blank=True, help_text="Where the player read them (their card).")
    report = models.ForeignKey(
        "catalogue.CardReport", on_delete=models.SET_NULL, null=True, blank=True, related_name="+",
        help_text="The report that offered them to the catalogue, if any.",
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated"]
        constraints = [
            models.CheckConstraint(
                condition=Q(owner__isnull=False, saved_list__isnull=True)
                | Q(owner__isnull=True, saved_list__isnull=False),
                name="entered_card_one_keeper",
            ),
            models.UniqueConstraint(fields=["owner", "game", "ruleset", "slug"], condition=Q(owner__isnull=False),
                                    name="entered_card_unique_per_owner"),
            models.UniqueConstraint(fields=["saved_list", "game", "ruleset", "slug"],
                                    condition=Q(saved_list__isnull=False), name="entered_card_unique_per_list"),
        ]

    def __str__(self) -> str:
        return f"{self.name} (entered by a player)"
