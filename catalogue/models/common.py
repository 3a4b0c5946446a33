"""What every game's catalogue shares: games, rulesets, product sets, factions, the card, versions."""

from __future__ import annotations

from django.db import models

from catalogue.text import normalise_name


class Game(models.Model):
    """One of the four games (``ddm``, ``dungeon-command``, ``battlelore2``, ``stronghold``)."""

    slug = models.SlugField(max_length=40, unique=True)
    name = models.CharField(max_length=100)
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["position", "slug"]

    def __str__(self) -> str:
        return self.name


class Ruleset(models.Model):
    """A rules edition of a game whose cards have their own numbers (``ddm``: ``seed``, ``ddm-guild``)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rulesets")
    slug = models.SlugField(max_length=40)
    name = models.CharField(max_length=100)
    is_default = models.BooleanField(default=False)

    class Meta:
        ordering = ["game__position", "-is_default", "slug"]
        constraints = [models.UniqueConstraint(fields=["game", "slug"], name="ruleset_unique_slug")]

    def __str__(self) -> str:
        return f"{self.game.slug}/{self.slug}"


class ProductSet(models.Model):
    """A product a card comes in: an expansion, a starter, a faction pack, a core box."""

    class Kind(models.TextChoices):
        EXPANSION = "expansion"
        STARTER = "starter"
        PACK = "pack"
        CORE = "core"
        PROMO = "promo"
        FAN = "fan"
        RULEBOOK = "rulebook"
        OTHER = "other"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="sets")
    slug = models.SlugField(max_length=80)
    name = models.CharField(max_length=150)
    kind = models.CharField(max_length=20, choices=Kind.choices, default=Kind.EXPANSION)
    abbreviation = models.CharField(max_length=20, blank=True)
    released_on = models.DateField(null=True, blank=True)
    size = models.PositiveIntegerField(null=True, blank=True, help_text="Items in the set, where known.")
    position = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["game__position", "position", "name"]
        constraints = [models.UniqueConstraint(fields=["game", "slug"], name="set_unique_slug")]

    def __str__(self) -> str:
        return self.name


class Faction(models.Model):
    """A faction a card can belong to, per game and ruleset (DDM's LG/CG/LE/CE, a DC pack's faction)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="factions")
    ruleset = models.ForeignKey(Ruleset, on_delete=models.CASCADE, related_name="factions")
    slug = models.SlugField(max_length=40)
    name = models.CharField(max_length=100)
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["game__position", "ruleset__slug", "position", "slug"]
        constraints = [
            models.UniqueConstraint(fields=["ruleset", "slug"], name="faction_unique_slug"),
        ]

    def __str__(self) -> str:
        return self.name


class Card(models.Model):
    """Anything a list can name: a creature, an order, a unit, a map, a component.

    The kind-specific numbers live in the typed subclass (multi-table inheritance: ``DdmCreature``,
    ``DcOrder``, ...). A number that no source gives is NULL, shown as missing, never invented.
    """

    class Kind(models.TextChoices):
        CREATURE = "creature"
        BATTLE_MAP = "battle-map"
        MINIATURE = "miniature"
        ORDER = "order"
        COMMANDER = "commander"
        TILE = "tile"
        UNIT = "unit"
        COMMAND_CARD = "command-card"
        LORE_CARD = "lore-card"
        TERRAIN = "terrain"
        SCENARIO = "scenario"
        RESOURCE = "resource"
        MACHINE = "machine"
        EQUIPMENT = "equipment"
        TRAINING = "training"
        RITUAL = "ritual"
        PHASE_CARD = "phase-card"
        COMPONENT = "component"

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="cards")
    ruleset = models.ForeignKey(Ruleset, on_delete=models.PROTECT, related_name="cards")
    product_set = models.ForeignKey(
        ProductSet, on_delete=models.PROTECT, related_name="cards", null=True, blank=True
    )
    kind = models.CharField(max_length=20, choices=Kind.choices, db_index=True)
    slug = models.SlugField(max_length=160)
    name = models.CharField(max_length=200)
    search_name = models.CharField(
        max_length=200, db_index=True, editable=False, help_text="The name without case, accents or punctuation."
    )
    names = models.JSONField(default=dict, blank=True, help_text='Localised names: {"hu": "...", "pl": "..."}')
    copies = models.PositiveIntegerField(default=1, help_text="Physical copies of this card in its set.")
    factions = models.ManyToManyField(Faction, blank=True, related_name="cards")
    text = models.TextField(blank=True, help_text="Rules text printed on the card, where it has one.")
    source = models.TextField(help_text="Where this card's numbers come from.")
    provenance = models.JSONField(default=dict, blank=True, help_text="Per field: the sources and how derived.")
    notes = models.JSONField(default=list, blank=True)
    is_standin = models.BooleanField(
        default=False, help_text="Our stand-in numbers, not the publisher's: shown as such everywhere."
    )
    data_file = models.CharField(max_length=200, blank=True, help_text="The bundled file it was imported from.")
    retired = models.BooleanField(
        default=False, db_index=True,
        help_text="The data no longer holds it: kept for the collections and lists that name it, shown as no "
        "longer in the catalogue, and back in it if the data holds it again.",
    )
    position = models.PositiveIntegerField(default=0, help_text="Order within its data file.")
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game__position", "ruleset__slug", "name", "slug"]
        constraints = [
            models.UniqueConstraint(fields=["game", "ruleset", "slug"], name="card_unique_slug"),
        ]
        indexes = [models.Index(fields=["game", "ruleset", "kind", "search_name"])]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: object, **kwargs: object) -> None:
        self.search_name = normalise_name(self.name)
        super().save(*args, **kwargs)  # type: ignore[arg-type]


class CardAbility(models.Model):
    """A named ability, power, commander effect or special rule of a card, in printed order.

    ``value`` is the ability's number where it has one ("Turn Undead 4", "Difficult 4", "Pursue 2");
    ``uses`` the limited-use boxes; ``kind`` says which part of the card it comes from.
    """

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="abilities")
    position = models.PositiveSmallIntegerField(default=0)
    kind = models.CharField(max_length=30, default="special")
    name = models.CharField(max_length=200, blank=True)
    param = models.CharField(max_length=100, blank=True, help_text="The printed parameter, e.g. '+10', '4', 'fire'.")
    value = models.IntegerField(null=True, blank=True)
    uses = models.PositiveSmallIntegerField(null=True, blank=True)
    action_type = models.CharField(max_length=20, blank=True)
    taps = models.BooleanField(null=True, blank=True)
    text = models.TextField(blank=True)

    class Meta:
        ordering = ["card", "position"]

    def __str__(self) -> str:
        return self.name or self.text[:40]


class CatalogueVersion(models.Model):
    """One state of the catalogue's data. ``label`` is a digest of the data, so the same data has the
    same version on every machine; a new row is written whenever an import or a correction changes it."""

    label = models.CharField(max_length=40, db_index=True)
    created = models.DateTimeField(auto_now_add=True)
    summary = models.TextField(blank=True)

    class Meta:
        ordering = ["-id"]
        get_latest_by = "id"

    def __str__(self) -> str:
        return self.label


class CatalogueChange(models.Model):
    """What one version changed: a card added, changed (with old and new values) or removed."""

    class Action(models.TextChoices):
        ADDED = "added"
        CHANGED = "changed"
        REMOVED = "removed"

    version = models.ForeignKey(CatalogueVersion, on_delete=models.CASCADE, related_name="changes")
    game = models.CharField(max_length=40)
    ruleset = models.CharField(max_length=40)
    slug = models.CharField(max_length=160)
    name = models.CharField(max_length=200)
    action = models.CharField(max_length=10, choices=Action.choices)
    fields = models.JSONField(default=dict, blank=True, help_text="{field: [old, new]}")
    reason = models.TextField(blank=True)

    class Meta:
        ordering = ["version", "game", "ruleset", "slug"]
        indexes = [models.Index(fields=["game", "ruleset", "slug"])]


class CardCorrection(models.Model):
    """An editor's reviewed correction of one field of one card: a layer above the bundled data.

    The import applies every correction on top of what the data files say, so a re-import never undoes it;
    when the data itself changes a corrected field (it no longer says ``was``), the import keeps the correction
    and reports the conflict. The card is named by (game, ruleset, slug), so a correction outlives its card.
    """

    game = models.CharField(max_length=40)
    ruleset = models.CharField(max_length=40)
    slug = models.CharField(max_length=160)
    field = models.CharField(max_length=60, help_text="A field of the data format ('cost', 'abilities', ...).")
    value = models.JSONField(null=True, blank=True, help_text="The corrected value (null: the value is removed).")
    was = models.JSONField(null=True, blank=True, help_text="What the bundled data said when it was corrected.")
    reason = models.TextField()
    editor = models.ForeignKey(
        "auth.User", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    version = models.ForeignKey(
        CatalogueVersion, on_delete=models.SET_NULL, null=True, blank=True, related_name="+",
        help_text="The catalogue version the correction made.",
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "ruleset", "slug", "field"]
        constraints = [
            models.UniqueConstraint(fields=["game", "ruleset", "slug", "field"], name="card_correction_unique_field"),
        ]

    def __str__(self) -> str:
        return f"{self.game}/{self.ruleset}/{self.slug}: {self.field}"


class CardFormerName(models.Model):
    """A name a card had before the data renamed it (same slug): lists that name it so still find it."""

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="former_names")
    name = models.CharField(max_length=200)
    search_name = models.CharField(max_length=200, db_index=True)
    until = models.ForeignKey(
        CatalogueVersion, on_delete=models.SET_NULL, null=True, blank=True, related_name="+",
        help_text="The version that renamed it.",
    )

    class Meta:
        ordering = ["card", "name"]
        constraints = [models.UniqueConstraint(fields=["card", "search_name"], name="card_former_name_unique")]

    def __str__(self) -> str:
        return self.name
