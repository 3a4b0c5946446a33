"""BattleLore Second Edition: units, command and lore cards, terrain, scenarios (``battlelore2.md`` §2)."""

from __future__ import annotations

from django.db import models

from .common import Card


class Bl2Unit(Card):
    class CombatType(models.TextChoices):
        MELEE = "melee"
        RANGED = "ranged"

    unit_type = models.CharField(max_length=30, blank=True, help_text="infantry, cavalry, ...")
    figures = models.PositiveSmallIntegerField(null=True, blank=True)
    health = models.PositiveSmallIntegerField(null=True, blank=True)
    damage_tokens = models.BooleanField(null=True, blank=True)
    movement = models.PositiveSmallIntegerField(null=True, blank=True)
    combat_type = models.CharField(max_length=6, choices=CombatType.choices, blank=True)
    combat_value = models.PositiveSmallIntegerField(null=True, blank=True)
    range_min = models.PositiveSmallIntegerField(null=True, blank=True)
    range_max = models.PositiveSmallIntegerField(null=True, blank=True)
    cost = models.PositiveSmallIntegerField(null=True, blank=True)
    deployment_cards_per_copy = models.PositiveSmallIntegerField(null=True, blank=True)


class Bl2CommandCard(Card):
    units_ordered = models.PositiveSmallIntegerField(null=True, blank=True)
    section = models.CharField(max_length=20, blank=True, help_text="left, center, right, any")


class Bl2LoreCard(Card):
    lore_cost = models.PositiveSmallIntegerField(null=True, blank=True)
    faction_only = models.BooleanField(default=False)


class Bl2Terrain(Card):
    blocks_los = models.BooleanField(null=True, blank=True)
    movement_stop = models.BooleanField(null=True, blank=True)
    impassable = models.BooleanField(null=True, blank=True)


class Bl2Scenario(Card):
    initiative = models.CharField(max_length=4, blank=True, help_text="e.g. A1, B2.")
