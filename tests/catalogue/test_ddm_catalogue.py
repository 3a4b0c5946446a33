"""The bundled D&D Miniatures catalogue, imported as ``make run`` imports it: the seeds' numbers, the counts,
the links between cards and figures, the epic sides, missing numbers staying missing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.db import transaction

from catalogue import models as m
from catalogue.services import DATA_DIR, ImportReport, catalogue_import

pytestmark = pytest.mark.django_db

DDM_DIR = DATA_DIR / "ddm"
SHARED = Path(settings.MUSTER_SHARED_DIR)


@pytest.fixture(scope="module")
def ddm(django_db_setup: None, django_db_blocker: Any) -> Iterator[ImportReport]:
    """Import every ddm file once for the module, and roll it all back afterwards."""
    with django_db_blocker.unblock(), transaction.atomic():
        report = catalogue_import(paths=[DDM_DIR])
        assert report.ok, [f.error for f in report.files if f.error]
        yield report
        transaction.set_rollback(True)


def seed(slug: str) -> m.DdmCreature:
    return m.DdmCreature.objects.get(game__slug="ddm", ruleset__slug="seed", slug=slug)


def attacks(creature: m.DdmCreature, kind: str = "melee") -> list[tuple[int | None, int | None]]:
    return [(a.bonus, a.damage) for a in creature.attacks.filter(kind=kind).order_by("position")]


def ability(creature: m.Card, name: str) -> m.CardAbility:
    return creature.abilities.get(name=name)


# ------------------------------------------------------------------------------------------- the seeds


def test_the_quick_start_orc_mauler_has_the_seeds_numbers_and_nothing_more(ddm: ImportReport) -> None:
    """Seed 000, the first battle: Speed 6, AC 18, 55 HP, Level 6, one melee attack +11 for 15."""
    mauler = seed("orc-mauler")
    assert (mauler.speed, mauler.ac, mauler.hp, mauler.level) == (6, 18, 55, 6)
    assert attacks(mauler) == [(11, 15)]
    assert not mauler.attacks.filter(kind="ranged").exists()
    assert mauler.cost is None, "no source gives the seed-rules cost: it stays missing"
    assert not mauler.factions.exists(), "no source gives its faction"
    assert mauler.commander_rating is None and mauler.is_commander is None
    assert mauler.version == "standard"


def test_the_quick_start_wood_elf_ranger_attacks_twice_and_hunts_orcs(ddm: ImportReport) -> None:
    """Seed 000: +10/+9 (10/5), AC 16, Speed 6, Hunter and Orc Foe (+5 damage each against the Mauler)."""
    ranger = seed("wood-elf-ranger")
    assert attacks(ranger) == [(10, 10), (9, 5)]
    assert (ranger.ac, ranger.speed) == (16, 6)
    assert {"Hunter", "Orc Foe"} <= set(ranger.abilities.values_list("name", flat=True))
    assert ranger.hp is None and ranger.level is None and ranger.cost is None
    assert ranger.provenance["ac"][0]["source"].startswith("seed:000")


def test_the_seeds_other_creatures_carry_exactly_their_numbers(ddm: ImportReport) -> None:
    """ddm.md §18.1 / ddm-basic.md §2.2."""
    samurai = seed("brass-samurai").attacks.get(kind="melee")
    assert (samurai.damage, samurai.damage_type, samurai.extra_damage, samurai.extra_type) == (10, "magic", 5, "fire")

    strike = seed("lion-of-talisid").spells.get(name="flame strike")
    assert (strike.uses, strike.range, strike.radius, strike.damage, strike.damage_type, strike.dc) == (
        1, "sight", 2, 30, "fire", 16,
    )
    assert strike.text == "flame strike □ (sight; radius 2; 30 fire damage; DC 16)", "as seed 003 prints it"
    immune = ability(seed("green-dragon"), "Immune")
    assert immune.param == "acid"
    assert ability(seed("inspired-lieutenant"), "Smite").kind == "special"

    minotaur = seed("minotaur")
    assert (minotaur.is_difficult, minotaur.difficult) == (True, 4)
    for name in ("hyena", "wolf"):
        beast = seed(name)
        assert (beast.level, beast.creature_type) == (2, "Animal")
    owlbear = seed("owlbear")
    assert (owlbear.level, owlbear.is_difficult, owlbear.difficult) == (5, True, None)
    assert seed("cleric-of-dol-arrah").is_commander is True
    for slug in ("soldier-of-thrane", "chain-devil", "bulette", "troll"):
        assert seed(slug).source, f"{slug} is named in the seeds' diagrams and is in the catalogue"


def test_both_regdars_share_the_unique_name_regdar(ddm: ImportReport) -> None:
    """Seed 003 glossary, Unique: Regdar, Human Fighter and Regdar, Adventurer both count as "Regdar"."""
    fighter, adventurer = seed("regdar-human-fighter"), seed("regdar-adventurer")
    assert (fighter.unique, fighter.unique_name) == (True, "Regdar")
    assert (adventurer.unique, adventurer.unique_name) == (True, "Regdar")
    assert fighter.product_set is not None and fighter.product_set.name == "Dragoneye"
    assert adventurer.product_set is not None and adventurer.product_set.name == "Giants of Legend"


@pytest.mark.parametrize("slug", ["balor", "aspect-of-moradin"])
def test_the_seeds_epic_creatures_have_an_epic_side_linked_to_the_standard_one(ddm: ImportReport, slug: str) -> None:
    standard = seed(slug)
    epic = seed(f"{slug}-epic")
    assert (standard.version, epic.version) == ("standard", "epic")
    assert epic.standard_side == standard
    assert standard.epic_side == epic
    assert standard.epic_exists is True and epic.name == standard.name
    assert epic.miniature == standard.miniature
    assert epic.cost is None, "no source gives the epic cost"


def test_an_epic_cost_a_source_gives_is_on_the_epic_side_only(ddm: ImportReport) -> None:
    """Wizards' Epic War of the Dragon Queen notebook: epic Tordek costs 240, the standard card 59."""
    assert (seed("tordek-dwarf-champion").cost, seed("tordek-dwarf-champion-epic").cost) == (59, 240)


def test_the_generic_diagram_actors_are_not_cards(ddm: ImportReport) -> None:
    seed_cards = m.Card.objects.filter(game__slug="ddm", ruleset__slug="seed", kind="creature")
    assert not seed_cards.filter(slug__in=["gnoll", "orc", "archer", "wizard", "dwarven-rider", "slaadmaster"]).exists()


# ------------------------------------------------------------------------------------------- sources


def test_a_harbinger_stat_block_comes_whole_from_the_toee_mod_with_its_notice(ddm: ImportReport) -> None:
    cleric = seed("cleric-of-order")
    assert (cleric.cost, cleric.commander_rating, cleric.level, cleric.speed, cleric.ac, cleric.hp) == (
        24, 5, 4, 6, 16, 25,
    )
    assert attacks(cleric) == [(4, 5)]
    assert [(s.name, s.spell_level, s.uses) for s in cleric.spells.order_by("position")] == [
        ("command", 1, 2), ("shield of faith", 1, 1), ("major resistance", 2, 2),
    ]
    assert cleric.abilities.filter(kind="commander-effect").count() == 1
    assert "toee.zmod.skirmish" in cleric.source and "GPL-3.0" in cleric.source
    assert (DDM_DIR / "seed" / "NOTICE-harbinger-toee-zmod.md").read_text().count("GNU General Public License") >= 1


def test_the_26_full_harbinger_stat_blocks_are_all_there(ddm: ImportReport) -> None:
    full = m.DdmCreature.objects.filter(
        ruleset__slug="seed", product_set__slug="harbinger", level__isnull=False, speed__isnull=False,
        ac__isnull=False, hp__isnull=False, cost__isnull=False,
    )
    assert full.count() == 26


def test_sources_that_disagree_leave_the_number_missing_and_say_why(ddm: ImportReport) -> None:
    blackguard = seed("human-blackguard")
    assert blackguard.cost is None
    [conflict] = [c for c in blackguard.provenance["conflicts"] if c["field"] == "cost"]
    assert {v["value"] for v in conflict["values"]} == {46, 24}

    turn = ability(seed("cleric-of-yondalla"), "Turn Undead")
    assert (turn.param, turn.value, turn.uses) == ("", None, 1), "the mod codes 4 but comments 2"


def test_a_number_measured_under_an_ability_is_not_the_printed_one(ddm: ImportReport) -> None:
    """Zakya Rakshasa's +34 is with True Strike (ddm-seed-wizards SOURCE.md, "Boosted values")."""
    zakya = seed("zakya-rakshasa")
    assert attacks(zakya) == [(None, 15)]
    assert zakya.provenance["withheld"][0]["values"][0]["value"] == 34


def test_names_in_several_sets_carry_the_set_in_the_slug(ddm: ImportReport) -> None:
    assert set(m.DdmCreature.objects.filter(name="Man-at-Arms").values_list("slug", flat=True)) == {
        "man-at-arms-harbinger", "man-at-arms-aberrations",
    }


# ------------------------------------------------------------------------------------------- figures


def test_the_checklist_has_all_1284_figures_with_set_headers(ddm: ImportReport) -> None:
    figures = m.DdmMiniature.objects.filter(game__slug="ddm", ruleset__slug="seed")
    assert figures.count() == 1284
    mauler = figures.get(slug="wd-55-orc-mauler")
    assert (mauler.number, mauler.rarity, mauler.size, mauler.creature_type, mauler.subtype) == (
        55, "Common", "Medium", "Humanoid", "Orc",
    )
    wd = m.ProductSet.objects.get(game__slug="ddm", slug="war-drums")
    assert (wd.abbreviation, str(wd.released_on), wd.size) == ("WD", "2006-03-03", 60)
    assert figures.filter(product_set=wd).count() == 60
    assert m.DdmMiniature.objects.get(slug="ha-1-cleric-of-order").rpg_challenge_rating == 4


def test_every_creature_with_a_known_set_is_linked_to_its_figure(ddm: ImportReport) -> None:
    creatures = m.DdmCreature.objects.filter(ruleset__slug="seed")
    for creature in creatures.exclude(product_set__slug="set-unknown").select_related("miniature", "product_set"):
        assert creature.miniature is not None, creature.slug
        assert creature.miniature.name == creature.name
        assert creature.miniature.product_set == creature.product_set
        assert creature.collector_number == creature.miniature.number
    assert seed("minotaur").miniature is None, "two sets have a Minotaur figure; the seed names neither"
    assert seed("orc-mauler").miniature == m.DdmMiniature.objects.get(slug="wd-55-orc-mauler")


# ------------------------------------------------------------------------------------------- guild


def test_the_guild_ruleset_has_all_1912_creatures(ddm: ImportReport) -> None:
    guild = m.DdmGuildCreature.objects.filter(game__slug="ddm", ruleset__slug="ddm-guild")
    assert guild.count() == 1912
    assert guild.filter(unique=True).count() == 200
    assert guild.filter(champion_rating__isnull=False).count() == 394


def test_the_guild_orc_mauler_is_not_the_seed_one(ddm: ImportReport) -> None:
    guild = m.DdmGuildCreature.objects.get(ruleset__slug="ddm-guild", slug="orc-mauler")
    mauler = seed("orc-mauler")
    assert guild.pk != mauler.pk
    assert (guild.cost, guild.level, guild.ac) == (26, 8, 22)
    assert (mauler.cost, mauler.level, mauler.ac) == (None, 6, 18)
    assert sorted(guild.factions.values_list("slug", flat=True)) == ["borderlands", "underdark"]
    assert guild.miniature == mauler.miniature, "both rulesets' cards are of the same figure"
    morningstar = guild.abilities.get(kind="attack")
    assert (morningstar.name, morningstar.value) == ("Morningstar", 15)


def test_guild_power_limits_are_ability_uses(ddm: ImportReport) -> None:
    lurker = m.DdmGuildCreature.objects.get(slug="yuan-ti-abomination-lurker")
    assert list(lurker.abilities.order_by("position").values_list("kind", "uses")) == [
        ("attack", None), ("attack", None), ("special", None), ("special", 2), ("special", 1),
    ]
    assert sorted(lurker.factions.values_list("slug", flat=True)) == ["civilization", "wild"]


# ------------------------------------------------------------------------------------------- files


def test_maps_are_the_starter_maps_and_the_first_battlefield_with_the_engines_approximate_layouts(
    ddm: ImportReport,
) -> None:
    import json

    maps = m.DdmBattleMap.objects.filter(game__slug="ddm").order_by("slug")
    assert [(x.slug, x.epic, x.layout_is_standin) for x in maps] == [
        ("broken-demongate", False, True), ("dragon-shrine", False, True), ("field-of-ruin", True, True),
        ("first-battle", False, True), ("teleport-temple", True, True),
    ]
    engine_maps = DATA_DIR.parent.parent / "simulate" / "games" / "data" / "ddm" / "maps"
    for x in maps:
        engine = json.loads((engine_maps / f"{x.slug}.json").read_text(encoding="utf-8"))
        assert (x.width, x.height, x.players) == (engine["width"], engine["height"], engine["players"])
        assert x.layout["rows"] == engine["rows"] and x.layout["areas"] == engine["areas"]
        assert x.layout["approximation"] is True, "the page must be able to say it is not the printed map"
    assert (maps.get(slug="first-battle").width, maps.get(slug="first-battle").height) == (5, 12)
    assert set(maps.get(slug="teleport-temple").abilities.values_list("name", flat=True)) == {
        "sacred circle", "teleport",
    }


def test_a_second_import_changes_nothing(ddm: ImportReport) -> None:
    again = catalogue_import(paths=[DDM_DIR / "seed" / "war-drums.json", DDM_DIR / "ddm-guild" / "war-drums.json"])
    assert [(f.added, f.changed, f.removed) for f in again.files] == [(0, 0, 0), (0, 0, 0)]
    assert not again.new_version


def test_the_committed_war_drums_file_holds_the_seed_set() -> None:
    # tests/catalogue/test_bundled.py proves the converter reproduces every committed file and export gives it back
    war_drums = json.loads((DATA_DIR / "ddm/seed/war-drums.json").read_text(encoding="utf-8"))
    assert war_drums["set"]["slug"] == "war-drums"
