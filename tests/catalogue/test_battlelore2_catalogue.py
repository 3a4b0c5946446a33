"""BattleLore 2E's bundled catalogue: what the seed, TAG and the digest give, and nothing invented."""

from __future__ import annotations

import json

import pytest
from django.conf import settings

from catalogue import models as m
from catalogue.text import normalise_name

pytestmark = pytest.mark.django_db

SEED_FILE = "004_accb02bc63915dff.txt"
TAG_FILE = settings.MUSTER_SHARED_DIR / "data" / "battlelore2-tag" / "units.json"


@pytest.fixture()
def imported(django_db_setup: None) -> None:
    """The bundled BattleLore data: the session's database holds the whole bundled catalogue, imported once and
    checked (tests/conftest.py); importing it again before each test changed nothing and cost seconds."""


def unit(slug: str) -> m.Bl2Unit:
    return m.Bl2Unit.objects.get(game__slug="battlelore2", slug=slug)


def num(value: int | None) -> int:
    assert value is not None, "a number the test needs is missing"
    return value


def test_every_kind_is_there_per_set(imported: None) -> None:
    per_set = {
        (c.product_set.slug if c.product_set else "", c.kind)
        for c in m.Card.objects.filter(game__slug="battlelore2").select_related("product_set")
    }
    assert {("core-set", k) for k in ("unit", "command-card", "lore-card", "terrain", "scenario")} <= per_set
    assert ("hernfar-guardians", "unit") in per_set and ("warband-of-scorn", "unit") in per_set
    core_units = m.Bl2Unit.objects.filter(product_set__slug="core-set")
    assert sorted(core_units.filter(factions__slug="daqan-lords").values_list("name", flat=True)) == [
        "Citadel Guard", "Riverwatch Riders", "Roc Warrior", "Rune Golems", "Yeoman Archers"]
    assert sorted(core_units.filter(factions__slug="uthuk-yllan").values_list("name", flat=True)) == [
        "Blood Harvesters", "Chaos Lord", "Flesh Ripper Brutes", "Obscenes", "Viper Legion"]


def test_tags_four_real_units_are_used_and_the_decoy_is_left_out(imported: None) -> None:
    rows = {r["name"]: r for r in json.loads(TAG_FILE.read_text(encoding="utf-8"))}
    assert "Decoy" in rows and not m.Card.objects.filter(name__iexact="decoy").exists()
    for name, row in rows.items():
        if name == "Decoy":
            continue
        u = m.Bl2Unit.objects.get(name=name)
        assert (u.movement, u.combat_value, u.health) == (row["move"][1], row["strength"][1], row["health"][1])
        for field in ("movement", "combat_value", "health"):
            assert u.provenance[field][0]["how"] == "TAG's simplification"
            assert "not checked against the unit reference cards" in u.provenance[field][0]["source"]
    assert unit("blood-harvesters").abilities.get().name == "Rage"
    assert unit("yeoman-archers").abilities.get().name == "Double Shot"
    poison = unit("viper-legion").abilities.get()
    assert (poison.kind, poison.name, poison.param) == ("dice-ability", "Poison", "heroic")
    pursue = unit("citadel-guard").abilities.get()
    assert (pursue.name, pursue.value) == ("Pursue", None), "Pursue's X is in no source"
    assert "X: not known" in pursue.text


def test_unit_pages_show_game_text_never_a_sources_wording(imported: None) -> None:
    """An ability reads as the Reference Guide's rule (in our words), never as TAG's ids ('doubleshot', 'bite')."""
    for u in m.Bl2Unit.objects.all():
        for a in u.abilities.all():
            assert a.text and "TAG" not in a.text and "special" not in a.text, (u.slug, a.text)
            if a.name not in ("Vigilant", "Flanking"):
                assert any(p["source"].startswith(f"seed {SEED_FILE}") for p in u.provenance["abilities"]), u.slug
        assert not any("TAG gives the type" in n for n in u.notes)


def test_costs_are_missing_everywhere(imported: None) -> None:
    assert m.Bl2Unit.objects.exists()
    assert not m.Bl2Unit.objects.exclude(cost=None).exists()
    assert m.Bl2LoreCard.objects.exists() and not m.Bl2LoreCard.objects.exclude(lore_cost=None).exists()
    assert all("Cost (recruitment points): not known" in " ".join(u.notes)
               for u in m.Bl2Unit.objects.filter(product_set__slug="core-set"))


def test_numbers_no_source_gives_stay_missing(imported: None) -> None:
    for slug in ("rune-golems", "flesh-rippers", "obscenes", "roc-warrior", "chaos-lord", "riverwatch-riders"):
        u = unit(slug)
        assert (u.movement, u.combat_value, u.health, u.range_min, u.range_max) == (None,) * 5, slug
    assert unit("yeoman-archers").range_min is None and unit("yeoman-archers").range_max is None
    assert not m.Bl2Unit.objects.exclude(unit_type="").exists(), "no source gives a unit's type"
    assert not m.Bl2Unit.objects.exclude(damage_tokens=None).exists()
    packs = m.Bl2Unit.objects.exclude(product_set__slug="core-set")
    assert packs.count() == 8
    assert not packs.exclude(figures=None).exists() and not packs.exclude(deployment_cards_per_copy=None).exists()


def test_deployment_cards_per_copy_follow_the_seed_and_the_digest(imported: None) -> None:
    """Seed: two copies give two Chaos Lords and two Roc Warriors, so 1 each; others: core figures ÷ 3 (outside)."""
    assert unit("roc-warrior").deployment_cards_per_copy == unit("chaos-lord").deployment_cards_per_copy == 1
    assert unit("roc-warrior").provenance["deployment_cards_per_copy"][0]["source"].startswith(f"seed {SEED_FILE}")
    derived = {u.slug: (u.figures_in_set, u.figures, u.deployment_cards_per_copy)
               for u in m.Bl2Unit.objects.filter(figures=3)}
    assert derived == {"yeoman-archers": (15, 3, 5), "citadel-guard": (15, 3, 5), "riverwatch-riders": (9, 3, 3),
                       "viper-legion": (15, 3, 5), "blood-harvesters": (15, 3, 5)}
    for slug in derived:
        u = unit(slug)
        assert num(u.figures_in_set) == num(u.figures) * num(u.deployment_cards_per_copy)
        assert u.provenance["deployment_cards_per_copy"][0]["how"].startswith("outside knowledge, medium")
        if u.health is not None:
            assert num(u.figures) <= u.health, "figures never exceed health"


def test_the_forest_and_rage_example_reads_from_the_catalogue(imported: None) -> None:
    """battlelore2.md §16.4: a Rage unit of combat 3 with 1 damage rolls 2 + 1 = 3 from a forest, 3 + 1 = 4 outside."""
    harvesters = unit("blood-harvesters")
    forest = m.Bl2Terrain.objects.get(slug="forest")
    rage = 1 if harvesters.abilities.filter(name="Rage").exists() else 0
    base = num(harvesters.combat_value)
    assert min(base, num(forest.combat_dice_cap)) + rage == 3
    assert base + rage == 4


def test_the_building_example_ignores_one_damage_per_combat(imported: None) -> None:
    """§16.5: strike, strike, cleave in a building: 3 damage, 1 ignored, 2 suffered."""
    building = m.Bl2Terrain.objects.get(slug="building")
    assert 3 - num(building.ignore_damage_per_combat) == 2
    assert building.massive_may_enter is False and building.stops_retreat and building.movement_stop


def test_terrain_follows_the_quick_reference(imported: None) -> None:
    t = {x.slug: x for x in m.Bl2Terrain.objects.filter(product_set__slug="core-set")}
    assert set(t) == {"clear", "hills", "forest", "building", "water", "ford", "bridge", "command-tent"}
    assert {s for s, x in t.items() if x.blocks_los} == {"hills", "forest", "building", "command-tent"}
    assert {s for s, x in t.items() if x.movement_stop} == {"forest", "building", "ford", "command-tent"}
    assert {s for s, x in t.items() if x.impassable} == {"water"}
    assert {s for s, x in t.items() if x.stops_retreat} == {"forest", "building", "ford", "command-tent"}
    assert {s for s, x in t.items() if x.deployable is False} == {"water"}
    assert {s: x.placed_on for s, x in t.items() if x.is_tile} == {"ford": "water", "bridge": "water",
                                                                  "command-tent": "clear"}
    assert t["hills"].occupant_ignores_units_for_los and t["command-tent"].capture_vp == 2
    assert t["forest"].combat_dice_cap == 2 and t["clear"].combat_dice_cap is None


def test_command_cards_of_the_seed(imported: None) -> None:
    attack = m.Bl2CommandCard.objects.get(slug="attack")
    assert (attack.units_ordered, attack.unit_type, attack.names["hu"]) == (3, "infantry", "Támadás")
    assert attack.abilities.get().value == 1
    preset = m.Bl2CommandCard.objects.exclude(slug="attack")
    assert sorted(preset.values_list("name", flat=True)) == [
        "Forward", "Patrol Center", "Patrol Left Flank", "Patrol Right Flank"]
    assert set(preset.values_list("copies", flat=True)) == {2}, "8 removed for two preset hands: at least 2 each"
    assert dict(preset.values_list("slug", "section")) == {
        "patrol-left-flank": "left", "patrol-right-flank": "right", "patrol-center": "center", "forward": ""}


def test_lore_cards_of_the_seed_with_their_numbers(imported: None) -> None:
    lore = {c.slug: c for c in m.Bl2LoreCard.objects.all()}
    assert len(lore) == 8
    values = {slug: {a.name: a.value for a in c.abilities.all()} for slug, c in lore.items()}
    assert values["fury-of-yllan"] == {"Extra dice": 3}
    assert values["rune-blade"] == {"Dice": 4}
    assert values["portal"] == {"Portal tokens": 2, "Most hexes apart": 8}
    assert values["to-the-skies"] == {"Hexes from the Roc Warrior": 2}
    assert list(lore["fury-of-yllan"].factions.values_list("slug", flat=True)) == ["uthuk-yllan"]
    assert list(lore["to-the-skies"].factions.values_list("slug", flat=True)) == ["daqan-lords"]
    assert not lore["battle-cry"].factions.exists(), "a lore card's deck is not given: no faction"


def test_scenarios_are_seven_per_faction_with_the_campaigns_initiatives(imported: None) -> None:
    for faction in ("daqan-lords", "uthuk-yllan"):
        cards = m.Bl2Scenario.objects.filter(factions__slug=faction)
        assert sorted(cards.values_list("initiative", flat=True)) == ["A1", "B1", "B2", "C1", "C2", "D1", "D2"]
        for c in cards:
            assert c.initiative == f"{c.initiative_letter}{c.initiative_number}"
    # The campaign: scenario 1 is A1; a winner picks X1 or X2 of the next letter, a loser X1.
    letters = sorted(set(m.Bl2Scenario.objects.values_list("initiative_letter", flat=True)))
    assert letters == ["A", "B", "C", "D"]
    for letter in "BCD":
        assert set(m.Bl2Scenario.objects.filter(initiative_letter=letter).values_list(
            "initiative_number", flat=True)) == {1, 2}


def test_hungarian_names_are_the_seeds(imported: None) -> None:
    seed = normalise_name((settings.MUSTER_SHARED_DIR / "seeds" / SEED_FILE).read_text(encoding="utf-8"))
    named = [c for c in m.Card.objects.filter(game__slug="battlelore2") if c.names.get("hu")]
    assert len(named) >= 3 + 5 + 8 + 8
    assert [c.names["hu"] for c in named if normalise_name(c.names["hu"]) not in seed] == []
    assert unit("roc-warrior").names == {"hu": "Óriásmadár harcos"}
    assert unit("chaos-lord").names == {"hu": "Káosz lord"}
    assert unit("yeoman-archers").names == {"hu": "Önkéntes Íjász"}


def test_every_number_has_provenance(imported: None) -> None:
    numeric = ("figures", "health", "movement", "combat_value", "deployment_cards_per_copy", "figures_in_set")
    for u in m.Bl2Unit.objects.all():
        for field in numeric:
            if getattr(u, field) is not None:
                assert u.provenance.get(field), f"{u.slug}.{field}"
    for t in m.Bl2Terrain.objects.filter(product_set__slug="core-set"):
        for field in ("combat_dice_cap", "ignore_damage_per_combat", "capture_vp", "blocks_los", "movement_stop"):
            if getattr(t, field) is not None:
                assert t.provenance.get(field), f"{t.slug}.{field}"


