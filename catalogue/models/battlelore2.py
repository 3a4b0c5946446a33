"""BattleLore Second Edition: units, command and lore cards, terrain, scenarios (``battlelore2.md`` §2, §9, §18).

A number no source gives is NULL ("missing"), never guessed: the seed (the Hungarian Reference Guide) prints no
unit statistics and no costs. Abilities, dice abilities and card effects with a number are ``CardAbility`` rows
(``kind`` ``ability``, ``dice-ability`` or ``effect``; ``value`` is the X of "Pursue X"; ``param`` the die face
that triggers a dice ability). Field meanings: ``docs/catalogue/battlelore2.md``.
"""

from __future__ import annotations

from django.db import models

from .common import Card


class Bl2Unit(Card):
    """A unit type: its unit reference card (``copies`` = 1) and the deployment cards one copy of its set supplies."""

    class CombatType(models.TextChoices):
        MELEE = "melee"
        RANGED = "ranged"

    unit_type = models.CharField(max_length=30, blank=True, help_text="infantry, cavalry, ...; blank: not known.")
    figures = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Figures at full strength.")
    health = models.PositiveSmallIntegerField(null=True, blank=True)
    damage_tokens = models.BooleanField(
        null=True, blank=True, help_text="The damage-token icon: one figure, damage kept with tokens, never weak."
    )
    movement = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Hexes per movement step.")
    combat_type = models.CharField(max_length=6, choices=CombatType.choices, blank=True)
    combat_value = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Dice rolled.")
    range_min = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Ranged units only.")
    range_max = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Ranged units only.")
    cost = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Recruitment points per unit.")
    deployment_cards_per_copy = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Units of this type one copy of its set supplies (one deployment card each)."
    )
    figures_in_set = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Figures of this unit type in one copy of its set."
    )
    # Yes/no facts deployment reads (battlelore2.deploy-occupiable-hex). An ability row of that name also says
    # yes; NULL with no such row: not known (a row list may be incomplete, so its silence is not a no).
    flying = models.BooleanField(
        null=True, blank=True, help_text="Has Flying (may deploy on impassable hexes); empty: not known."
    )
    massive = models.BooleanField(
        null=True, blank=True, help_text="Is Massive (never in a building); empty: not known."
    )


class Bl2CommandCard(Card):
    class Section(models.TextChoices):
        LEFT = "left"
        CENTER = "center"
        RIGHT = "right"
        ANY = "any"

    section = models.CharField(
        max_length=10, choices=Section.choices, blank=True, help_text="The section whose units it orders."
    )
    units_ordered = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Up to this many units.")
    unit_type = models.CharField(max_length=30, blank=True, help_text="Only units of this type (e.g. infantry).")


class Bl2LoreCard(Card):
    """A lore card; ``factions`` is the faction whose lore deck holds it (empty: not known)."""

    lore_cost = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Lore tokens to play it.")


class Bl2Terrain(Card):
    """A terrain type of a hex, or a tile placed on a hex (ford, bridge, command tent)."""

    class TerrainClass(models.TextChoices):
        NONE = "none"
        BLOCKING = "blocking"
        IMPASSABLE = "impassable"

    terrain_class = models.CharField(max_length=10, choices=TerrainClass.choices, blank=True)
    blocks_los = models.BooleanField(null=True, blank=True, help_text="Blocks line of sight through the hex.")
    movement_stop = models.BooleanField(null=True, blank=True, help_text="Entering it ends the unit's movement.")
    impassable = models.BooleanField(null=True, blank=True, help_text="Cannot be entered (Flying units excepted).")
    stops_retreat = models.BooleanField(
        null=True, blank=True, help_text="Retreating into it ends retreat for that combat (further retreats: damage)."
    )
    combat_dice_cap = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Most dice (before modifiers) rolled by or against its occupant."
    )
    ignore_damage_per_combat = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Damage its occupant ignores in each combat."
    )
    occupant_ignores_units_for_los = models.BooleanField(null=True, blank=True)
    massive_may_enter = models.BooleanField(null=True, blank=True)
    deployable = models.BooleanField(null=True, blank=True, help_text="Units may deploy in it.")
    is_tile = models.BooleanField(default=False, help_text="A tile placed on a hex, not a printed hex type.")
    placed_on = models.CharField(max_length=30, blank=True, help_text="Tiles: the hex it goes on (water, clear).")
    capture_vp = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="VP an enemy gains by removing it (the command tent: 2)."
    )


class Bl2Scenario(Card):
    """A faction's scenario card (``factions``: its owner). Terrain layout and VP text are printed, not in a source."""

    initiative = models.CharField(max_length=4, blank=True, help_text="e.g. A1, B2.")
    initiative_letter = models.CharField(max_length=1, blank=True, help_text="A to D: the campaign's scenario order.")
    initiative_number = models.PositiveSmallIntegerField(null=True, blank=True)
