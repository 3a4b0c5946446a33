"""Dungeon Command: creatures, orders, commanders and tiles (``dungeon-command.md`` §2–§3)."""

from __future__ import annotations

from django.db import models

from .common import Card


class AbilityFlags(models.Model):
    """The six ability icons (flags, not scores)."""

    str_icon = models.BooleanField(default=False)
    dex_icon = models.BooleanField(default=False)
    con_icon = models.BooleanField(default=False)
    int_icon = models.BooleanField(default=False)
    wis_icon = models.BooleanField(default=False)
    cha_icon = models.BooleanField(default=False)

    class Meta:
        abstract = True

    ICONS = ("str", "dex", "con", "int", "wis", "cha")

    @property
    def ability_icons(self) -> list[str]:
        return [icon.upper() for icon in self.ICONS if getattr(self, f"{icon}_icon")]


class Symbol(models.TextChoices):
    GOLD = "gold"
    SILVER = "silver"


class DcCreature(Card, AbilityFlags):
    level = models.PositiveSmallIntegerField()
    speed = models.PositiveSmallIntegerField()
    hp = models.PositiveSmallIntegerField()
    melee_damage = models.PositiveSmallIntegerField(null=True, blank=True)
    ranged_damage = models.PositiveSmallIntegerField(null=True, blank=True)
    ranged_range = models.PositiveSmallIntegerField(null=True, blank=True)
    footprint = models.PositiveSmallIntegerField(default=1, help_text="Squares occupied: 1, or 4 for a 2x2 creature.")
    keywords = models.JSONField(default=list, blank=True)
    card_numbers = models.JSONField(default=list, blank=True)
    gold_copies = models.PositiveSmallIntegerField(null=True, blank=True, help_text="NULL: not known.")
    silver_copies = models.PositiveSmallIntegerField(null=True, blank=True, help_text="NULL: not known.")


class DcOrder(Card, AbilityFlags):
    class ActionType(models.TextChoices):
        STANDARD = "standard"
        MINOR = "minor"
        IMMEDIATE = "immediate"

    level = models.PositiveSmallIntegerField()
    any_ability = models.BooleanField(default=False)
    action_type = models.CharField(max_length=10, choices=ActionType.choices)
    taps = models.BooleanField(null=True, blank=True)
    requires_keyword = models.CharField(max_length=60, blank=True)
    affinity_keyword = models.CharField(max_length=60, blank=True)
    attach = models.BooleanField(default=False)
    card_numbers = models.JSONField(default=list, blank=True)
    gold_copies = models.PositiveSmallIntegerField(null=True, blank=True, help_text="NULL: not known.")
    silver_copies = models.PositiveSmallIntegerField(null=True, blank=True, help_text="NULL: not known.")


class DcCommander(Card):
    creature_hand = models.PositiveSmallIntegerField()
    order_hand = models.PositiveSmallIntegerField()
    morale = models.PositiveSmallIntegerField()
    leadership = models.PositiveSmallIntegerField()


class DcTile(Card):
    class TileSize(models.TextChoices):
        LARGE = "large"
        SMALL = "small"

    tile_size = models.CharField(max_length=6, choices=TileSize.choices)
    start_area = models.BooleanField(default=False)
