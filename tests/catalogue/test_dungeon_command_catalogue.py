"""The bundled Dungeon Command catalogue: the five packs' contents, the seed's numbers, the published counts."""

from __future__ import annotations

from collections import Counter

import pytest
from django.db.models import Sum

from catalogue import models as m
from catalogue.services import DATA_DIR, catalogue_documents

pytestmark = pytest.mark.django_db

DC_DIR = DATA_DIR / "dungeon-command"
PACKS = ["heart-of-cormyr", "sting-of-lolth", "tyranny-of-goblins", "curse-of-undeath", "blood-of-gruumsh"]


@pytest.fixture
def dc(django_db_setup: None) -> None:
    """The bundled packs: the session's database holds the whole bundled catalogue, imported once and checked
    (tests/conftest.py); importing them again before each test changed nothing and cost seconds."""


def copies(model: type[m.Card], **filters: object) -> int:
    return model.objects.filter(game__slug="dungeon-command", **filters).aggregate(n=Sum("copies"))["n"] or 0


def test_each_pack_is_one_file_of_kind_pack(dc: None) -> None:
    assert sorted(p.name for p in (DC_DIR / "default").glob("*.json")) == sorted(f"{s}.json" for s in PACKS)
    sets = m.ProductSet.objects.filter(game__slug="dungeon-command").order_by("position")
    assert [(s.slug, s.kind) for s in sets] == [(slug, "pack") for slug in PACKS]


def test_the_five_packs_hold_60_creatures_180_orders_10_commanders(dc: None) -> None:
    assert copies(m.DcCreature) == 60
    assert copies(m.DcOrder) == 180
    assert copies(m.DcCommander) == 10


@pytest.mark.parametrize("pack", PACKS)
def test_a_pack_holds_12_creatures_36_orders_2_commanders_and_its_4_tiles(dc: None, pack: str) -> None:
    assert copies(m.DcCreature, product_set__slug=pack) == 12
    assert copies(m.DcOrder, product_set__slug=pack) == 36
    assert m.DcCommander.objects.filter(product_set__slug=pack).count() == 2
    tiles = Counter(m.DcTile.objects.filter(product_set__slug=pack).values_list("tile_size", "start_area"))
    assert tiles == {("large", False): 2, ("small", True): 1, ("small", False): 1}
    # Every card of the pack carries the pack's faction symbol; card numbers run 1..12 and 1..36.
    for model, total in ((m.DcCreature, 12), (m.DcOrder, 36)):
        cards = model.objects.filter(product_set__slug=pack)
        assert {f for c in cards for f in c.factions.values_list("slug", flat=True)} == {pack}
        assert sorted(n for c in cards for n in c.card_numbers) == list(range(1, total + 1))
        assert all(len(c.card_numbers) == c.copies for c in cards)


def test_the_seeds_starting_deployment_example_has_its_numbers(dc: None) -> None:
    """Seed 001, Призыв начальных существ (p.6): Valnar 7 = Dwarf Cleric 3 + Half-Orc Thug 3 + Elf Archer 1."""
    assert m.DcCommander.objects.get(name="Valnar Trueblade").leadership == 7
    levels = dict(m.DcCreature.objects.filter(name__in=["Dwarf Cleric", "Half-Orc Thug", "Elf Archer"])
                  .values_list("name", "level"))
    assert levels == {"Dwarf Cleric": 3, "Half-Orc Thug": 3, "Elf Archer": 1}


def test_the_seeds_assist_and_order_examples_have_their_numbers(dc: None) -> None:
    """Seed 001, Розыгрыш карт приказов and Оказание помощи существу (pp.11–12)."""
    icons = {c.name: (c.level, c.ability_icons) for c in m.DcCreature.objects.filter(
        name__in=["Human Ranger", "Dwarf Cleric", "Dwarven Defender"])}
    assert icons == {
        "Human Ranger": (2, ["STR", "DEX"]), "Dwarf Cleric": (3, ["STR", "CON", "WIS"]),
        "Dwarven Defender": (2, ["STR", "CON"]),
    }
    strike = m.DcOrder.objects.get(name="Killing Strike")
    assert (strike.level, strike.ability_icons, strike.any_ability) == (5, ["STR"], False)
    assert strike.action_type == "standard"
    assert m.DcCreature.objects.get(name="Dragon Knight").level >= strike.level
    fire = m.DcOrder.objects.get(name="Faerie Fire")
    assert (fire.level, fire.ability_icons, fire.affinity_keyword, fire.attach) == (2, ["INT"], "Drow", True)
    assert m.DcOrder.objects.get(name="Level Up").requires_keyword == "Humanoid"
    assert m.DcOrder.objects.get(name="Uncanny Dodge").action_type == "immediate"
    assert m.DcOrder.objects.get(name="Deep Wound").names == {"ru": "Глубокая рана"}


def test_drider_occupies_4_squares_and_other_footprints_stay_missing(dc: None) -> None:
    assert m.DcCreature.objects.get(name="Drider").footprint == 4
    assert set(m.DcCreature.objects.exclude(name="Drider").values_list("footprint", flat=True)) == {None}


def test_gold_and_silver_symbols_are_missing_not_invented(dc: None) -> None:
    for model in (m.DcCreature, m.DcOrder):
        assert set(model.objects.values_list("gold_copies", "silver_copies")) == {(None, None)}


@pytest.mark.parametrize(
    ("pack", "single", "paired", "total_level"),
    [("heart-of-cormyr", 14, 11, 66), ("sting-of-lolth", 8, 14, 68)],
)
def test_order_decks_match_oneinchsquares_counts(
    dc: None, pack: str, single: int, paired: int, total_level: int
) -> None:
    """oneinchsquare.net, "Dungeon Command By The Numbers: Order Cards" (SOURCE.md, Checks done)."""
    orders = list(m.DcOrder.objects.filter(product_set__slug=pack))
    assert Counter(o.copies for o in orders) == {1: single, 2: paired}
    assert sum(o.level * o.copies for o in orders) == total_level


def test_orders_have_one_ability_icon_or_any(dc: None) -> None:
    for order in m.DcOrder.objects.all():
        assert len(order.ability_icons) == (0 if order.any_ability else 1), order.name


def test_commanders_carry_their_ability_as_text_and_as_one_row(dc: None) -> None:
    valnar = m.DcCommander.objects.get(name="Valnar Trueblade")
    assert (valnar.creature_hand, valnar.order_hand, valnar.morale) == (3, 4, 14)
    [ability] = valnar.abilities.all()
    assert (ability.kind, ability.name) == ("commander", "Versatile")
    assert valnar.text.endswith(ability.text)


def test_creature_powers_are_rows_with_their_kind_action_and_tap(dc: None) -> None:
    hulk = m.DcCreature.objects.get(name="Umber Hulk")
    assert [(a.kind, a.name, a.action_type, a.taps) for a in hulk.abilities.all()] == [
        ("trait", "Burrow", "", None), ("activated", "Confusion Gaze", "standard", True),
    ]
    [touch] = m.DcCreature.objects.get(name="Dwarf Cleric").abilities.all()
    assert (touch.kind, touch.taps) == ("activated", True)
    assert not touch.text.startswith("(tap)")
    [breath] = m.CardAbility.objects.filter(card__name="Copper Dragon", name="Acid Breath")
    assert (breath.kind, breath.value) == ("triggered", 20)


def test_the_sources_known_doubts_are_in_the_cards_notes(dc: None) -> None:
    doubtful = ["Morgana Valistova", "Drow Blademaster", "Goblin Archer", "Goblin Wolf Rider", "Skeletal Lancer",
                "Orc Chieftain", "Hobgoblin Sorcerer", "Bugbear Berserker", "Faerie Fire"]
    for name in doubtful:
        card = m.Card.objects.get(game__slug="dungeon-command", name=name)
        assert any(n.startswith("Known doubt") for n in card.notes), name
    assert m.DcCreature.objects.get(name="Goblin Archer").melee_damage == 0


def test_every_pack_is_a_file_of_its_own(dc: None) -> None:
    # byte for byte, export = committed = converted: tests/catalogue/test_bundled.py
    assert sorted(catalogue_documents(game="dungeon-command")) == sorted(
        f"dungeon-command/default/{s}.json" for s in PACKS)


def test_texts_the_source_lacks_are_played_from_readings_that_say_so(dc: None) -> None:
    blademaster = m.DcCreature.objects.get(name="Drow Blademaster")
    [blades] = blademaster.abilities.all()
    ranger = m.CardAbility.objects.get(card__name="Human Ranger", name="Flashing Blades")
    assert (blades.kind, blades.text) == ("triggered", ranger.text)
    assert any(p["how"] == "reading" for p in blademaster.provenance["abilities"])
    assert any(n.startswith("Reading (not the printed text): Flashing Blades") for n in blademaster.notes)
    morgana = m.DcCommander.objects.get(name="Morgana Valistova")
    assert any(n.startswith("Reading (not the printed text): each Undead") for n in morgana.notes)
    assert morgana.text.startswith("UNSTOPPABLE HORDES: All Undead creatures you control gain the Cower power.")


@pytest.mark.parametrize("pack", PACKS)
def test_each_tile_has_a_stand_in_layout_marked_as_ours(dc: None, pack: str) -> None:
    tiles = m.DcTile.objects.filter(slug__startswith=pack)
    assert tiles.count() == 4
    for tile in tiles:
        layout = tile.layout
        assert tile.layout_is_standin and layout["stand_in"] is True and layout["format"] == "muster-dc-tile/1"
        rows = layout["rows"]
        assert (len(rows[0]), len(rows)) == ((10, 10) if tile.tile_size == "large" else (10, 5))
        assert any("S" in r for r in rows) == tile.start_area
        assert sum(r.count("T") for r in rows) == (0 if tile.start_area else 1)
        assert tile.provenance["layout"][0]["how"] == "stand-in layout"
