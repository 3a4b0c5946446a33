"""D&D Miniatures: the seed rules' stat cards (``ddm.md`` §2), the later rules' cards, maps, figures."""

from __future__ import annotations

from django.db import models

from .common import Card


class Size(models.TextChoices):
    TINY = "Tiny"
    SMALL = "Small"
    MEDIUM = "Medium"
    LARGE = "Large"
    HUGE = "Huge"
    GARGANTUAN = "Gargantuan"
    COLOSSAL = "Colossal"


class DdmMiniature(Card):
    """A physical figure from ddmdb's checklist (kind ``miniature``, ruleset ``seed``): used for collections.

    Creature cards of both rulesets link here by name and set."""

    number = models.PositiveIntegerField(null=True, blank=True, help_text="Collector number in its set.")
    rarity = models.CharField(max_length=30, blank=True)
    size = models.CharField(max_length=12, choices=Size.choices, blank=True)
    creature_type = models.CharField(max_length=60, blank=True)
    subtype = models.CharField(max_length=60, blank=True)
    rpg_challenge_rating = models.DecimalField(max_digits=5, decimal_places=2, null=True, blank=True)
    leader = models.BooleanField(default=False)


class DdmCreature(Card):
    """A seed-rules stat card side (``ddm.md`` §2.2, §2.11). The epic side is its own record."""

    class Version(models.TextChoices):
        STANDARD = "standard"
        EPIC = "epic"

    version = models.CharField(max_length=10, choices=Version.choices, default=Version.STANDARD)
    standard_side = models.OneToOneField(
        "self", on_delete=models.CASCADE, null=True, blank=True, related_name="epic_side",
        help_text="On an epic side: the standard side of the same figure.",
    )
    miniature = models.ForeignKey(
        DdmMiniature, on_delete=models.SET_NULL, null=True, blank=True, related_name="seed_cards"
    )
    cost = models.PositiveIntegerField(null=True, blank=True)
    commander_rating = models.PositiveSmallIntegerField(null=True, blank=True)
    is_commander = models.BooleanField(
        null=True, blank=True, help_text="Known to be a commander (a rating, even 0, makes one). NULL: unknown."
    )
    level = models.SmallIntegerField(null=True, blank=True, help_text="Level (Save).")
    speed = models.PositiveSmallIntegerField(null=True, blank=True)
    flight = models.BooleanField(null=True, blank=True)
    burrow = models.PositiveSmallIntegerField(null=True, blank=True)
    ac = models.PositiveSmallIntegerField(null=True, blank=True)
    hp = models.PositiveSmallIntegerField(null=True, blank=True)
    creature_type = models.CharField(max_length=60, blank=True, help_text="Base type: Humanoid, Undead, ...")
    subtypes = models.JSONField(default=list, blank=True, help_text="Descriptors: Orc, Elf, Human, ...")
    size = models.CharField(max_length=12, choices=Size.choices, blank=True, help_text="Blank: not known.")
    unique = models.BooleanField(null=True, blank=True)
    unique_name = models.CharField(max_length=100, blank=True)
    requires = models.CharField(max_length=200, blank=True, help_text="Requires CREATURE (name or type).")
    difficult = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Difficult N.")
    wild = models.BooleanField(null=True, blank=True)
    independent = models.BooleanField(null=True, blank=True)
    warband_building = models.JSONField(
        null=True, blank=True,
        help_text='Warband Building effect, e.g. {"allow_types": ["Outsider"], "any_faction": true}.',
    )
    rarity = models.CharField(max_length=30, blank=True)
    collector_number = models.PositiveIntegerField(null=True, blank=True)
    set_size = models.PositiveIntegerField(null=True, blank=True)
    sorcerer_slots = models.JSONField(null=True, blank=True, help_text="Boxes per spell level, e.g. {1: 2}.")
    power_points = models.PositiveSmallIntegerField(null=True, blank=True)
    epic_exists = models.BooleanField(
        null=True, blank=True, help_text="A source says the figure has an epic side (its numbers may be unknown)."
    )


class DdmAttack(models.Model):
    """One attack of a seed-rules creature: ``+10/+9 (10/5)`` is two rows."""

    class Kind(models.TextChoices):
        MELEE = "melee"
        RANGED = "ranged"

    creature = models.ForeignKey(DdmCreature, on_delete=models.CASCADE, related_name="attacks")
    kind = models.CharField(max_length=6, choices=Kind.choices)
    position = models.PositiveSmallIntegerField(default=0)
    bonus = models.SmallIntegerField(null=True, blank=True)
    damage = models.PositiveSmallIntegerField(null=True, blank=True)
    damage_type = models.CharField(max_length=30, blank=True, help_text="Blank: plain melee/ranged.")
    extra_damage = models.PositiveSmallIntegerField(null=True, blank=True, help_text="The part after '+'.")
    extra_type = models.CharField(max_length=30, blank=True)
    max_range = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Ranged: 6 for short attacks.")
    text = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["creature", "kind", "position"]


class DdmSpell(models.Model):
    """A spell entry: ``flame strike □ (sight; radius 2; 30 fire damage; DC 16)``."""

    creature = models.ForeignKey(DdmCreature, on_delete=models.CASCADE, related_name="spells")
    position = models.PositiveSmallIntegerField(default=0)
    name = models.CharField(max_length=100)
    spell_level = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Sorcerer/cleric row.")
    uses = models.PositiveSmallIntegerField(null=True, blank=True)
    range = models.CharField(max_length=30, blank=True, help_text="self, touch, range 6, cone, line 12, sight, ...")
    radius = models.PositiveSmallIntegerField(null=True, blank=True)
    damage = models.PositiveSmallIntegerField(null=True, blank=True)
    damage_type = models.CharField(max_length=30, blank=True)
    dc = models.PositiveSmallIntegerField(null=True, blank=True)
    power_points = models.PositiveSmallIntegerField(null=True, blank=True)
    summons = models.JSONField(default=list, blank=True, help_text="Creature names a summon spell can bring.")
    text = models.TextField(blank=True, help_text="The whole entry as printed.")

    class Meta:
        ordering = ["creature", "position"]


class DdmMinion(models.Model):
    """``Minions``: creatures that come with this one (``ddm.md`` glossary)."""

    creature = models.ForeignKey(DdmCreature, on_delete=models.CASCADE, related_name="minions")
    name = models.CharField(max_length=200)
    qty = models.PositiveSmallIntegerField(default=1)


class DdmBattleMap(Card):
    """A battle map (kind ``battle-map``): squares, terrain, start and victory areas, exits, as data."""

    epic = models.BooleanField(default=False)
    width = models.PositiveSmallIntegerField(null=True, blank=True)
    height = models.PositiveSmallIntegerField(null=True, blank=True)
    players = models.CharField(max_length=20, blank=True, help_text="e.g. '2', '2-4'.")
    layout = models.JSONField(
        default=dict, blank=True,
        help_text="Terrain, walls, start areas, victory areas, exits (see docs/catalogue-format.md).",
    )
    layout_is_standin = models.BooleanField(
        default=True, help_text="The layout is our reconstruction, not the printed map."
    )


class DdmGuildCreature(Card):
    """A creature of the later (2.0 / DDM Guild) rules (``ddm-guild.md``), from ddmwi's data."""

    class Alignment(models.TextChoices):
        GOOD = "good"
        EVIL = "evil"
        NEUTRAL = "neutral"

    miniature = models.ForeignKey(
        DdmMiniature, on_delete=models.SET_NULL, null=True, blank=True, related_name="guild_cards"
    )
    alignment = models.CharField(max_length=8, choices=Alignment.choices)
    movement_mode = models.CharField(max_length=20, blank=True)
    cost = models.PositiveIntegerField(null=True, blank=True)
    level = models.PositiveSmallIntegerField(null=True, blank=True)
    speed = models.PositiveSmallIntegerField(null=True, blank=True)
    hp = models.PositiveSmallIntegerField(null=True, blank=True)
    ac = models.PositiveSmallIntegerField(null=True, blank=True)
    fort = models.PositiveSmallIntegerField(null=True, blank=True)
    ref = models.PositiveSmallIntegerField(null=True, blank=True)
    will = models.PositiveSmallIntegerField(null=True, blank=True)
    champion_rating = models.PositiveSmallIntegerField(null=True, blank=True)
    keywords = models.JSONField(default=list, blank=True)
    unique = models.BooleanField(default=False)
