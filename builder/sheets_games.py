"""Each game's card sheets (``builder/sheets.py``): the fields of its printed cards a player may type in.

D&D Miniatures' stat card reads top to bottom (``ddm.md`` §2.1): faction symbols, cost and Commander rating,
the statistics (Level, Speed, AC, HP, type and size), attacks, the Commander Effect, special abilities, spells.
Bounds are wide enough for every printed card and narrow enough to catch a slip of the keyboard.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from django.utils.translation import gettext_lazy as _

from builder.sheets import Choices, Flag, Number, Rows, Sheet, Text, Words, register_sheet
from simulate.games.ddm_guild_cards import recharges

SIZES = ("Tiny", "Small", "Medium", "Large", "Huge", "Gargantuan", "Colossal")
DDM_TYPES = ("Aberration", "Animal", "Construct", "Dragon", "Elemental", "Fey", "Giant", "Humanoid",
             "Magical Beast", "Monstrous Humanoid", "Ooze", "Outsider", "Plant", "Undead", "Vermin")
DAMAGE_TYPES = ("magic", "acid", "cold", "electricity", "fire", "sonic", "negative")


def _pairs(values: Sequence[str]) -> list[tuple[str, Any]]:
    return [(v, v) for v in values]


def _ddm_factions() -> list[tuple[str, Any]]:
    from catalogue.models import Faction

    return [(f.slug, f.name) for f in Faction.objects.filter(game__slug="ddm", ruleset__slug="seed")]


@cache
def _ddm_glossary() -> tuple[tuple[str, Any], ...]:
    """The glossary's abilities and the catalogue's other ability names (``data/ddm/abilities.json``)."""
    from simulate.games.ddm_abilities import ability_list

    names = sorted({str(a["name"]) for a in ability_list() if a.get("kind") != "type"})
    return tuple((n, n) for n in names)


register_sheet("ddm", "seed", "creature", Sheet(
    fields=(
        Choices("factions", _("Faction symbols"), _ddm_factions),
        Number("cost", _("Cost"), 0, 300),
        Number("commander_rating", _("Commander rating"), 0, 10,
               help=_("Only if the card prints “Commander” with a number.")),
        Number("level", _("Level (Save)"), -5, 30),
        Number("speed", _("Speed"), 0, 30),
        Flag("flight", _("Flies (an F before the Speed)")),
        Number("ac", _("AC"), 0, 60),
        Number("hp", _("HP"), 1, 600),
        Text("creature_type", _("Type"), 60, choices=lambda: _pairs(DDM_TYPES)),
        Words("subtypes", _("Descriptors"), help=_("The words after the type, separated by commas: Orc, Goblinoid.")),
        Text("size", _("Size"), 12, choices=lambda: _pairs(SIZES), strict=True,
             help=_("Medium when the card prints no size.")),
        Number("power_points", _("Power points"), 0, 100, help=_("Psionic cards only.")),
    ),
    rows=(
        Rows("attacks", _("Attacks"), (
            Text("kind", _("Melee or ranged"), 6, choices=lambda: [("melee", _("Melee")), ("ranged", _("Ranged"))],
                 strict=True, required=True),
            Number("bonus", _("Attack bonus"), -10, 40, signed=True),
            Number("damage", _("Damage"), 0, 200),
            Text("damage_type", _("Damage type"), 30, choices=lambda: _pairs(DAMAGE_TYPES),
                 help=_("Empty for plain damage.")),
            Number("max_range", _("Range limit"), 1, 40, help=_("Ranged attacks that reach only so far.")),
            Number("uses", _("Uses (boxes)"), 1, 9),
        ), max_rows=8, help=_("One row per attack: “+10/+9 (10/5)” is two rows.")),
        Rows("commander_effects", _("Commander Effect"), (
            Text("text", _("Effect"), 500, long=True, required=True),
        ), max_rows=4, target="abilities", fixed={"kind": "commander-effect"}),
        Rows("abilities", _("Special abilities"), (
            Text("name", _("Ability"), 200, choices=_ddm_glossary, required=True),
            Text("param", _("Its number or word"), 100, help=_("As printed after the name: +5, 4, fire.")),
            Number("uses", _("Uses (boxes)"), 1, 9),
            Text("text", _("Text"), 1000, long=True),
        ), max_rows=16, target="abilities", fixed={"kind": "special"}),
        Rows("spells", _("Spells"), (
            Text("name", _("Spell"), 100, required=True),
            Number("spell_level", _("Spell level"), 0, 9),
            Number("uses", _("Uses (boxes)"), 1, 9),
            Flag("unlimited", _("Unlimited uses")),
            Text("range", _("Range"), 30, help=_("self, touch, range 6, sight, cone, line 12…")),
            Number("radius", _("Radius"), 0, 20),
            Number("damage", _("Damage"), 0, 200),
            Text("damage_type", _("Damage type"), 30, choices=lambda: _pairs(DAMAGE_TYPES)),
            Number("dc", _("DC"), 1, 40),
            Number("power_points", _("Power points"), 0, 50),
            Text("text", _("The whole entry as printed"), 500, long=True),
        ), max_rows=12),
    ),
))


def _guild_sizes_unknown() -> frozenset[str]:
    """The DDM Guild creatures whose figure's size no source gives (neither their record nor their miniature's):
    the engine plays them as Medium (reading ddm-guild.size-unknown) until a player types in the printed size."""
    from django.db.models import Q

    from catalogue.models import DdmGuildCreature

    unknown = DdmGuildCreature.objects.filter(game__slug="ddm", ruleset__slug="ddm-guild", size="").filter(
        Q(miniature__isnull=True) | Q(miniature__size=""))
    return frozenset(unknown.values_list("slug", flat=True))


def _guild_uses_unknown() -> frozenset[str]:
    """The DDM Guild creatures with a power that recharges ("RECHARGE when first Bloodied") whose check boxes the
    catalogue lacks: the engine leaves such a power unplayed ("not known") until a player types its uses in."""
    from catalogue.models import CardAbility

    rows = CardAbility.objects.filter(card__game__slug="ddm", card__ruleset__slug="ddm-guild", uses__isnull=True,
                                      text__icontains="recharge").exclude(name="")
    return frozenset(slug for slug, kind, text in rows.values_list("card__slug", "kind", "text")
                     if recharges(kind, text))


def _guild_recharging(row: Any) -> bool:
    """A power of the record the form offers to complete: a named power that recharges."""
    return bool(row.get("name")) and recharges(str(row.get("kind") or ""), str(row.get("text") or ""))


# DDM Guild: the catalogue has every number of the 1,912 creatures but not the size of about 730 of them (their
# miniature is not linked or its size is not recorded), nor the check boxes of about two dozen powers that
# recharge; a player who owns the card types them in.
register_sheet("ddm", "ddm-guild", "creature", Sheet(
    fields=(
        Text("size", _("Size"), 12, choices=lambda: _pairs(SIZES), strict=True,
             help=_("The size printed on the creature’s stat card (Small, Medium, Large…): it decides how many "
                    "squares the figure takes on the battle map.")),
    ),
    rows=(
        Rows("recharging", _("Powers that recharge"), (
            Text("name", _("Power"), 200, required=True),
            Number("uses", _("Uses (boxes)"), 1, 9),
        ), target="abilities", amend="name", shows=_guild_recharging, caption="text",
            help=_("How many check boxes your card prints beside each power that recharges: it is used that many "
                   "times before it must recharge.")),
    ),
    only=lambda: _guild_sizes_unknown() | _guild_uses_unknown(),
))


# BattleLore Second Edition: no source we reach gives the units' recruitment costs (docs/catalogue/battlelore2.md);
# they are printed on the deployment cards (battlelore2.md §2.3). A player who owns the cards types them in.
register_sheet("battlelore2", "default", "unit", Sheet(
    fields=(
        Number("cost", _("Recruitment cost"), 0, 50,
               help=_("The recruitment points printed for this unit on your deployment card.")),
    ),
))


# Stronghold: the printed actions of phases 2-5's cards are in no source (docs/catalogue/stronghold.md); a player
# types the actions his own card prints, by their names in the catalogue (a plan's actions are checked against them).
register_sheet("stronghold", "default", "phase-card", Sheet(
    fields=(
        Words("actions", _("Printed actions"), max_items=8,
              help=_("The actions printed on your card, separated by commas, named as in the catalogue: "
                     "Ballista, Catapult.")),
    ),
))


# Stronghold's main board: its layout, typed in place by place from the printed board (builder/sheets_stronghold.py).
from builder import sheets_stronghold  # noqa: E402, F401
