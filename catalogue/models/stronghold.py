"""Stronghold (1st edition, the Hungarian seed): every component of ``stronghold.md`` §2 with its costs and limits.

One model for all nine kinds. ``copies`` is the component limit (how many exist in the box). The attacker's
actions carry their costs: a tile bought in a phase carries the cost of the action that places it; an action
with no piece of its own (Produce Resources, the mobilizations, the special actions of flipped phase cards, ...)
is a ``phase-card`` record with ``action_only`` and ``copies`` 0. Field meanings: ``docs/catalogue/stronghold.md``.
"""

from __future__ import annotations

from django.db import models

from .common import Card


def _number(help_text: str) -> models.PositiveSmallIntegerField:
    """A whole number the piece may have (NULL: it has none, or no source gives it)."""
    return models.PositiveSmallIntegerField(null=True, blank=True, help_text=help_text)


class StrongholdPiece(Card):
    class Side(models.TextChoices):
        ATTACKER = "attacker"
        DEFENDER = "defender"
        COMMON = "common"

    class UnitType(models.TextChoices):
        GOBLIN = "goblin"
        ORC = "orc"
        TROLL = "troll"
        ARCHER = "archer"
        SOLDIER = "soldier"
        VETERAN = "veteran"

    class Placement(models.TextChoices):
        GATHERING_POINT = "gathering-point"
        RAMPART = "rampart"
        WALL_SECTION = "wall-section"
        GATE = "gate"
        PATH_FIELD = "path-field"
        BUILDING = "building"
        HOSPITAL = "hospital"
        COURTYARD = "courtyard"
        HERO = "hero"
        CAULDRON = "cauldron"
        CATAPULT = "catapult"
        SHOOTING_MACHINE = "shooting-machine"
        TOWER = "tower"
        NONE = "none"

    side = models.CharField(max_length=10, choices=Side.choices, default=Side.COMMON)
    unit_type = models.CharField(
        max_length=10, choices=UnitType.choices, blank=True,
        help_text="A unit's type; for a cauldron, trap or order tile the unit type it concerns.",
    )
    strength = _number("Melee strength: goblin 1, orc 2, troll 3; archer 1, soldier 2, veteran 3.")
    strength_bonus = _number("Strength the piece adds on its wall section (Banners, Altar: +1).")
    extra_slots = _number("Attacker unit slots it adds to a wall section (Ladders 1, Siege Tower 3).")
    limited = models.BooleanField(
        default=True, help_text="copies is a hard limit; false: unlimited (the hourglasses the defender collects)."
    )
    colour = models.CharField(
        max_length=10, blank=True, help_text="Phase cards: red (2 players) or green (3-4); hourglasses grey/black."
    )
    phase = _number("The attacker phase (1-6) it is bought or taken in.")
    action_only = models.BooleanField(default=False, help_text="An action with no piece of its own (copies 0).")
    special_action = models.BooleanField(
        default=False, help_text="The special action of a flipped phase card (only once the card is flipped)."
    )
    cost_resources = _number("Resource cubes.")
    cost_goblins = _number("One payment option: this many goblins. NULL: goblins cannot pay.")
    cost_orcs = _number("One payment option: this many orcs. NULL: orcs cannot pay.")
    cost_trolls = _number("One payment option: this many trolls. NULL: trolls cannot pay.")
    hourglasses = _number("Fixed hourglasses the action gives the defender, besides 1 per unit paid.")
    placement = models.CharField(
        max_length=20, choices=Placement.choices, blank=True,
        help_text="Where the tile goes, or what the action targets.",
    )
    lasts_one_round = models.BooleanField(
        null=True, blank=True, help_text="Removed at the end of the round (rituals, orders, precise hit, cathedral)."
    )
    deck_hit_cards = _number("Shooting machines: hit cards in a new machine's deck.")
    deck_miss_cards = _number("Shooting machines: miss cards in a new machine's deck.")
    actions = models.JSONField(
        null=True, blank=True,
        help_text="Phase cards: the names of the actions the card prints (its front); empty: not known.",
    )
    layout = models.JSONField(
        null=True, blank=True,
        help_text="A board: its topology and capacities as data (docs/catalogue/stronghold.md); empty: not known.",
    )
