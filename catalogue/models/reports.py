"""A player's report of a wrong or missing number on a card, kept for an editor to review in the admin."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from .common import Card, CatalogueVersion


class CardReport(models.Model):
    """What a player says is wrong, and where the right number comes from.

    The card's identity is copied (game, ruleset, slug, name) so a report outlives a card that a later
    import removes. Player text is stored as typed and always shown escaped.
    """

    class Status(models.TextChoices):
        OPEN = "open", "open"
        CORRECTED = "corrected", "corrected"
        REJECTED = "rejected", "rejected"

    card = models.ForeignKey(Card, on_delete=models.SET_NULL, null=True, blank=True, related_name="reports")
    game = models.CharField(max_length=40)
    ruleset = models.CharField(max_length=40)
    slug = models.CharField(max_length=160)
    card_name = models.CharField(max_length=200)
    field = models.CharField(max_length=60, help_text="The number reported: a field of the card's kind, or 'other'.")
    shown_value = models.CharField(
        max_length=200, blank=True, help_text="What the catalogue held when the report was made ('' = missing)."
    )
    proposed_value = models.CharField(max_length=100, blank=True, help_text="The right value, if the player knows it.")
    proposed_values = models.JSONField(
        null=True, blank=True,
        help_text="Numbers a player entered for the card from the printed card (a partial record in the data "
                  "format), offered to be accepted as they are.",
    )
    source = models.TextField(max_length=1000, help_text="Where the right number comes from.")
    message = models.TextField(max_length=2000, blank=True)
    catalogue_version = models.CharField(max_length=40, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True)
    created = models.DateTimeField(auto_now_add=True)
    reviewed = models.DateTimeField(null=True, blank=True)
    reviewer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    review_note = models.TextField(blank=True)
    correction = models.ForeignKey(
        CatalogueVersion, on_delete=models.SET_NULL, null=True, blank=True, related_name="reports",
        help_text="The catalogue version the correction made.",
    )

    class Meta:
        ordering = ["-created", "-id"]
        indexes = [models.Index(fields=["game", "ruleset", "slug"])]

    def __str__(self) -> str:
        return f"{self.card_name}: {self.field}"
