"""Stronghold: every component of ``stronghold.md`` §2 with its costs and limits."""

from __future__ import annotations

from django.db import models

from .common import Card


class StrongholdPiece(Card):
    """A Stronghold component. ``copies`` is the component limit (how many exist in the box)."""

    class Side(models.TextChoices):
        ATTACKER = "attacker"
        DEFENDER = "defender"
        COMMON = "common"

    side = models.CharField(max_length=10, choices=Side.choices, default=Side.COMMON)
    strength = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Units: goblin 1, orc 2, troll 3.")
    phase = models.PositiveSmallIntegerField(null=True, blank=True, help_text="The attacker phase it is bought in.")
    cost_resources = models.PositiveSmallIntegerField(null=True, blank=True)
    cost_goblins = models.PositiveSmallIntegerField(null=True, blank=True)
    cost_orcs = models.PositiveSmallIntegerField(null=True, blank=True)
    cost_trolls = models.PositiveSmallIntegerField(null=True, blank=True)
    hourglasses = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Time the action gives the defender.")
    deck_set = models.CharField(max_length=10, blank=True, help_text="Phase cards: red (2p) or green (3-4p).")
