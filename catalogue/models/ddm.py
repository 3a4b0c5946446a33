"""D&D Miniatures: the seed rules' stat cards (``ddm.md`` §2), the later rules' cards, maps, figures.

Every number is NULL when no source gives it ("missing", never guessed); a blank string is a missing
text. ``Card.provenance`` says per field which source gave the value, and lists conflicts (a field on
which sources disagree is left missing). Field meanings: ``docs/catalogue/ddm.md``.
"""

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
    rarity = models.CharField(
        max_length=30, blank=True, help_text="Common, Uncommon, Rare, Very Rare, Starter Only, Visible; blank: unknown."
    )
    size = models.CharField(max_length=12, choices=Size.choices, blank=True, help_text="Figure size; blank: unknown.")
    creature_type = models.CharField(max_length=60, blank=True, help_text="ddmdb's type; blank: not recorded.")
    subtype = models.CharField(max_length=60, blank=True, help_text="ddmdb's subtype (Orc, Elf, ...); blank: none.")
    rpg_challenge_rating = models.DecimalField(
        max_digits=5, decimal_places=2, null=True, blank=True,
        help_text="The roleplaying side's challenge rating (not a skirmish number).",
    )
    rpg_level = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The roleplaying side's level (4th-edition figures; not a skirmish number)."
    )
    leader = models.BooleanField(default=False, help_text="ddmdb's 'leader' flag.")
    ddmdb_id = models.PositiveIntegerField(null=True, blank=True, help_text="The figure's id in ddmdb.")


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
        DdmMiniature, on_delete=models.SET_NULL, null=True, blank=True, related_name="seed_cards",
        help_text="The figure (same name and set); NULL when the set is unknown.",
    )
    cost = models.PositiveIntegerField(null=True, blank=True, help_text="Points; NULL: missing.")
    commander_rating = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Commander [#]; NULL: not a commander or not known (see is_commander)."
    )
    is_commander = models.BooleanField(
        null=True, blank=True, help_text="Known to be a commander (a rating, even 0, makes one). NULL: unknown."
    )
    level = models.SmallIntegerField(null=True, blank=True, help_text="Level (Save).")
    speed = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Squares per move.")
    flight = models.BooleanField(null=True, blank=True, help_text="'F' before the Speed. NULL: unknown.")
    burrow = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Burrow [#].")
    ac = models.PositiveSmallIntegerField(null=True, blank=True)
    hp = models.PositiveSmallIntegerField(null=True, blank=True)
    creature_type = models.CharField(max_length=60, blank=True, help_text="Base type: Humanoid, Undead, ...")
    subtypes = models.JSONField(default=list, blank=True, help_text="Descriptors: Orc, Elf, Human, ...")
    size = models.CharField(max_length=12, choices=Size.choices, blank=True, help_text="Blank: not known.")
    unique = models.BooleanField(null=True, blank=True, help_text="Unique; NULL: not known.")
    unique_name = models.CharField(
        max_length=100, blank=True, help_text="The shared name the Unique limit counts (\"Regdar\")."
    )
    requires = models.CharField(max_length=200, blank=True, help_text="Requires CREATURE (name or type).")
    is_difficult = models.BooleanField(
        null=True, blank=True, help_text="Has Difficult (its value may be missing). NULL: unknown."
    )
    difficult = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Difficult N; NULL: none or missing.")
    wild = models.BooleanField(null=True, blank=True)
    independent = models.BooleanField(null=True, blank=True)
    warband_building = models.JSONField(
        null=True, blank=True,
        help_text='Warband Building effect, e.g. {"allow_types": ["Halfling"], "any_faction": true, "text": "..."}.',
    )
    rarity = models.CharField(max_length=30, blank=True)
    collector_number = models.PositiveIntegerField(null=True, blank=True)
    set_size = models.PositiveIntegerField(null=True, blank=True, help_text="The 'total' of 'n/total'.")
    sorcerer_slots = models.JSONField(null=True, blank=True, help_text="Boxes per spell level, e.g. {1: 2}.")
    power_points = models.PositiveSmallIntegerField(null=True, blank=True)
    epic_exists = models.BooleanField(
        null=True, blank=True, help_text="A source says the figure has an epic side (its numbers may be unknown)."
    )


class DdmAttack(models.Model):
    """One attack of a seed-rules creature: ``+10/+9 (10/5)`` is two rows.

    A row whose bonus and damage are NULL says the card has that attack but its numbers are missing."""

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
    uses = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Limited-use boxes on the attack.")
    text = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["creature", "kind", "position"]


class DdmSpell(models.Model):
    """A spell entry: ``flame strike □ (sight; radius 2; 30 fire damage; DC 16)``."""

    creature = models.ForeignKey(DdmCreature, on_delete=models.CASCADE, related_name="spells")
    position = models.PositiveSmallIntegerField(default=0)
    name = models.CharField(max_length=100)
    spell_level = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Sorcerer/cleric row.")
    uses = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Boxes; NULL: missing (or unlimited).")
    unlimited = models.BooleanField(default=False, help_text="Printed as usable without limit.")
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
    position = models.PositiveSmallIntegerField(default=0)
    name = models.CharField(max_length=200, help_text="A creature's name, or a type (\"Goblinoid\").")
    qty = models.PositiveSmallIntegerField(default=1)
    max_total_cost = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="'[total cost #]': the minions together cost at most this."
    )

    class Meta:
        ordering = ["creature", "position"]


class DdmBattleMap(Card):
    """A battle map (kind ``battle-map``): squares, terrain, start and victory areas, exits, as data."""

    epic = models.BooleanField(default=False, help_text="Epic-scale map (Huge creatures allowed).")
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
    movement_mode = models.CharField(max_length=20, blank=True, help_text="normal, flight, burrow.")
    cost = models.PositiveIntegerField(null=True, blank=True)
    level = models.PositiveSmallIntegerField(null=True, blank=True)
    speed = models.PositiveSmallIntegerField(null=True, blank=True)
    hp = models.PositiveSmallIntegerField(null=True, blank=True)
    ac = models.PositiveSmallIntegerField(null=True, blank=True)
    fort = models.PositiveSmallIntegerField(null=True, blank=True)
    ref = models.PositiveSmallIntegerField(null=True, blank=True)
    will = models.PositiveSmallIntegerField(null=True, blank=True)
    champion_rating = models.PositiveSmallIntegerField(null=True, blank=True, help_text="NULL: not a champion.")
    keywords = models.JSONField(default=list, blank=True)
    unique = models.BooleanField(default=False, help_text="The keyword list holds 'Unique'.")
    size = models.CharField(
        max_length=12, choices=Size.choices, blank=True,
        help_text="The figure's size where its miniature does not give it; blank: the miniature's, or not known.",
    )
