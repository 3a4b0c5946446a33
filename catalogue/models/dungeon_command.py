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
    """A creature card (``dungeon-command.md`` §3.2). Its powers are ``CardAbility`` rows."""

    level = models.PositiveSmallIntegerField()
    speed = models.PositiveSmallIntegerField()
    hp = models.PositiveSmallIntegerField()
    melee_damage = models.PositiveSmallIntegerField(null=True, blank=True)
    ranged_damage = models.PositiveSmallIntegerField(null=True, blank=True, help_text="NULL: no ranged attack.")
    ranged_range = models.PositiveSmallIntegerField(null=True, blank=True, help_text="NULL: no ranged attack.")
    footprint = models.PositiveSmallIntegerField(
        null=True, blank=True,
        help_text="Squares occupied: 1, or 4 for a 2x2 creature. NULL: no source gives it (most creatures take 1).",
    )
    keywords = models.JSONField(default=list, blank=True)
    card_numbers = models.JSONField(default=list, blank=True, help_text="Numbers printed on the pack's copies.")
    gold_copies = models.PositiveSmallIntegerField(null=True, blank=True, help_text="NULL: not known.")
    silver_copies = models.PositiveSmallIntegerField(null=True, blank=True, help_text="NULL: not known.")


class DcOrder(Card, AbilityFlags):
    """An order card (``dungeon-command.md`` §3.3); ``text`` is the whole printed text."""

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
    attach_text = models.TextField(
        blank=True, help_text="The part of the text that becomes part of the creature while the card is attached."
    )
    card_numbers = models.JSONField(default=list, blank=True, help_text="Numbers printed on the pack's copies.")
    gold_copies = models.PositiveSmallIntegerField(null=True, blank=True, help_text="NULL: not known.")
    silver_copies = models.PositiveSmallIntegerField(null=True, blank=True, help_text="NULL: not known.")


class DcCommander(Card):
    """A commander card (``dungeon-command.md`` §3.4); ``text`` is its ability, also one ``CardAbility``."""

    creature_hand = models.PositiveSmallIntegerField()
    order_hand = models.PositiveSmallIntegerField()
    morale = models.PositiveSmallIntegerField()
    leadership = models.PositiveSmallIntegerField()


class DcTile(Card):
    """A double-sided battlefield tile (``dungeon-command.md`` §2, §6.1). Its printed layout is in no source yet:
    ``layout`` holds the battle engine's stand-in (``muster-dc-tile/1``) until a player supplies the real one."""

    class TileSize(models.TextChoices):
        LARGE = "large"
        SMALL = "small"

    tile_size = models.CharField(max_length=6, choices=TileSize.choices)
    start_area = models.BooleanField(default=False)
    layout = models.JSONField(
        default=dict, blank=True,
        help_text="Squares, walls, terrain, treasure and start squares (muster-dc-tile/1, docs/engine.md).",
    )
    layout_is_standin = models.BooleanField(
        default=True, help_text="The layout is Muster's stand-in, not the printed tile."
    )
