"""A signed-in player's collection: how many of each figure or card they own.

What a player counts differs per game (``COLLECTIBLE_KINDS`` in ``builder.selectors_collections``): DDM
players own physical figures (``miniature``: ddmdb's checklist; creature cards of both rulesets link
to them), Dungeon Command players own cards, BattleLore players units, Stronghold players components.
An item the player owns none of has no row.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from catalogue.models import Card


class CollectionItem(models.Model):
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="collection")
    # A card the catalogue drops is gone from every collection with it (the import removes only what no data holds).
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="+")
    quantity = models.PositiveIntegerField()
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["owner", "card__game__position", "card__name"]
        constraints = [
            models.UniqueConstraint(fields=["owner", "card"], name="collection_item_unique_card"),
            models.CheckConstraint(condition=models.Q(quantity__gt=0), name="collection_item_quantity_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.quantity} × {self.card_id}"
