"""Stronghold's bundled catalogue: the seed's component list, strengths and costs, read back through the import."""

from __future__ import annotations

from collections import Counter

import pytest
from django.conf import settings
from django.db.models import Sum

from catalogue import models as m
from catalogue.text import normalise_name

pytestmark = pytest.mark.django_db

SEED_FILE = "002_d44d61b2c33012b1.txt"
Piece = m.StrongholdPiece


@pytest.fixture()
def imported(django_db_setup: None) -> None:
    """The bundled Stronghold data: the session's database holds the whole bundled catalogue, imported once and
    checked (tests/conftest.py); importing it again before each test changed nothing and cost seconds."""


def piece(slug: str) -> m.StrongholdPiece:
    return Piece.objects.get(game__slug="stronghold", slug=slug)


def copies(**filters: object) -> int:
    return int(Piece.objects.filter(game__slug="stronghold", **filters).aggregate(n=Sum("copies"))["n"] or 0)


def num(value: int | None) -> int:
    assert value is not None, "a number the test needs is missing"
    return value


def effect(slug: str, name: str) -> int:
    return num(piece(slug).abilities.get(name=name).value)


def breakdown(kind: str) -> dict[str, int]:
    return dict(Piece.objects.filter(kind=kind, action_only=False).values_list("slug", "copies"))


def test_the_physical_counts_per_kind_are_the_seeds_component_list(imported: None) -> None:
    assert copies(kind="unit", side="attacker") == 200
    assert copies(kind="unit", side="defender") == 41
    assert copies(kind="resource") == 16
    assert copies(kind="machine") == 23
    assert copies(kind="equipment") == 21
    assert copies(kind="training") == 15
    assert copies(kind="ritual") == 10
    assert copies(kind="order") == 5
    assert copies(kind="phase-card") == 49
    assert copies(kind="component", slug__startswith="hourglass") == 24
    assert copies(kind="component", slug__in=["stone-wall-element", "wood-wall-element"]) == 26
    assert copies(kind="component", slug__in=["machine-hit-card", "machine-miss-card"]) == 36


def test_every_type_has_its_own_record_with_the_seeds_breakdown(imported: None) -> None:
    assert breakdown("unit") == {"goblin": 60, "orc": 100, "troll": 40, "archer": 17, "soldier": 20, "veteran": 4}
    assert breakdown("machine") == {"ballista": 4, "catapult": 4, "altar": 2, "cover": 3, "ram": 5,
                                    "trebuchet": 2, "siege-tower": 3}
    assert breakdown("equipment") == dict.fromkeys(
        ["banners", "ladders", "ropes", "trapdoor", "bridge", "shields", "poison"], 3
    )
    assert breakdown("training") == dict.fromkeys(
        ["commissar", "trench-commander", "marksman", "drover", "saboteur"], 3
    )
    assert breakdown("ritual") == {"bloodstone": 2, "possession": 1, "fire": 2, "ghost": 1, "panic": 1,
                                   "storm": 2, "accident": 1}
    assert breakdown("order") == {"goblin-frenzy": 1, "orc-blast": 1, "troll-call": 1, "bluff": 2}
    hourglasses = Piece.objects.filter(slug__startswith="hourglass").values_list("colour", "copies")
    assert sorted(hourglasses) == [("black", 12), ("grey", 12)]
    assert [(p.unit_type, p.copies) for p in Piece.objects.filter(slug__endswith="-cauldron").order_by("slug")] == [
        ("goblin", 3), ("orc", 3), ("troll", 3)]
    assert [(p.unit_type, p.copies) for p in Piece.objects.filter(slug__endswith="-trap").order_by("slug")] == [
        ("goblin", 3), ("troll", 3)]


def test_unit_strengths_are_the_seeds(imported: None) -> None:
    strengths = {p.slug: (p.side, p.strength) for p in Piece.objects.filter(kind="unit")}
    assert strengths == {
        "goblin": ("attacker", 1), "orc": ("attacker", 2), "troll": ("attacker", 3),
        "archer": ("defender", 1), "soldier": ("defender", 2), "veteran": ("defender", 3),
    }
    assert piece("warrior").strength == 2 and piece("officer").strength == 0
    assert piece("stone-wall-element").strength == piece("wood-wall-element").strength == 1


def test_the_melee_examples_of_the_seed_add_up_with_the_catalogues_strengths(imported: None) -> None:
    """'KÖZELHARC VÉGREHAJTÁSÁRA' examples: 2 soldiers + 1 archer + 2 stones = 7 against 2 trolls + 1 orc = 8;
    Goblin Frenzy example 1: 2 orcs + a frenzied goblin + banners = 8 against 2 soldiers, a veteran, 4 stones = 11."""
    s = {p.slug: num(p.strength) for p in Piece.objects.exclude(strength=None)}
    assert 2 * s["soldier"] + s["archer"] + 2 * s["stone-wall-element"] == 7
    assert 2 * s["troll"] + s["orc"] == 8
    frenzy = effect("goblin-frenzy", "Frenzied goblin strength")
    assert 2 * s["orc"] + frenzy + num(piece("banners").strength_bonus) == 8
    assert 2 * s["soldier"] + s["veteran"] + 4 * s["stone-wall-element"] == 11


def pay(slug: str, units: dict[str, int]) -> tuple[int, int]:
    """(hourglasses, resources) of an action paid with ``units``, which must be one printed option."""
    action = piece(slug)
    assert action.phase is not None and action.hourglasses is not None and action.cost_resources is not None
    options = {t: getattr(action, f"cost_{t}s") for t in ("goblin", "orc", "troll")}
    if units:
        assert len(units) == 1, f"{slug}: one unit type per payment"
        (unit_type, count), = units.items()
        assert options[unit_type] == count, f"{slug}: {count} {unit_type}(s) is not a printed option ({options})"
    else:
        assert set(options.values()) == {None}, f"{slug} must be paid with units"
    return sum(units.values()) + action.hourglasses, action.cost_resources


def test_the_catapult_costs_one_troll_or_two_orcs_as_the_seeds_example_says(imported: None) -> None:
    assert pay("catapult", {"troll": 1}) == (1, 6)
    assert pay("catapult", {"orc": 2}) == (2, 6)
    with pytest.raises(AssertionError, match="not a printed option"):
        pay("catapult", {"goblin": 4})


def test_the_digests_full_two_player_round_costs_15_hourglasses(imported: None) -> None:
    """stronghold.md §12 'Derived E19': income 5 + troll production 3 on 2 carried, then 6 + 1 + 2 spent."""
    resources = 2 + 5 + effect("produce-resources", "Resources from a troll")
    steps = [
        ("produce-resources", {"troll": 1}), ("catapult", {"orc": 2}), ("banners", {"orc": 1}),
        ("ladders", {"goblin": 2}), ("commissar", {"orc": 2}), ("storm", {"goblin": 1}),
        ("possession", {"goblin": 1}), ("major-mobilization", {}), ("open-order", {}),
    ]
    hourglasses = 0
    for slug, units in steps:
        hg, cost = pay(slug, units)
        hourglasses += hg
        resources -= cost
    assert resources == 1
    assert hourglasses + upkeep(camp=0) == 15


def test_the_digests_plan_example_costs_11_hourglasses_and_leaves_1_resource(imported: None) -> None:
    """stronghold.md §10.5: resources 1 + 5 + 2 - 6 - 1 = 1; hourglasses 6 + 3 + 1 + 1 = 11 (5 units left in camp)."""
    resources = 1 + 5 + effect("produce-resources", "Resources from an orc")
    hourglasses = 0
    for slug, units in [("produce-resources", {"orc": 1}), ("ballista", {"troll": 1}), ("poison", {"goblin": 2}),
                        ("marksman", {"orc": 1}), ("fire", {"goblin": 1}), ("lesser-mobilization", {}),
                        ("secret-orders", {})]:
        hg, cost = pay(slug, units)
        hourglasses += hg
        resources -= cost
    assert (resources, hourglasses + upkeep(camp=5)) == (1, 11)


def upkeep(camp: int) -> int:
    for band in piece("red-camp").abilities.filter(kind="upkeep"):
        low, _, high = band.param.partition("-")
        if camp >= int(low.rstrip("+")) and (not high or camp <= int(high)):
            return num(band.value)
    raise AssertionError(f"no upkeep band for {camp}")


def test_the_camp_upkeep_bands_are_the_seeds(imported: None) -> None:
    assert [upkeep(n) for n in (0, 3, 4, 7, 8, 11, 12, 30)] == [0, 0, 1, 1, 3, 3, 6, 6]
    assert not piece("green-camp").abilities.filter(kind="upkeep").exists(), "green camp upkeep is missing"


def test_costs_of_every_attacker_action_follow_section_5(imported: None) -> None:
    machines = {p.slug: (p.cost_resources, p.cost_goblins, p.cost_orcs, p.cost_trolls)
                for p in Piece.objects.filter(kind="machine")}
    assert machines == {
        "ballista": (6, None, 2, 1), "catapult": (6, None, 2, 1), "altar": (4, 2, 1, None),
        "cover": (4, 2, 1, None), "ram": (3, 2, 1, None), "trebuchet": (8, None, 2, 1),
        "siege-tower": (8, None, 2, 1),
    }
    equipment = {p.slug: p.cost_resources for p in Piece.objects.filter(kind="equipment")}
    assert equipment == {"banners": 1, "ladders": 2, "ropes": 2, "trapdoor": 1, "bridge": 1, "shields": 3,
                         "poison": 1}
    assert set(Piece.objects.filter(kind="equipment").values_list("cost_goblins", "cost_orcs", "cost_trolls")) == {
        (2, 1, None)}
    training = {p.slug: (p.cost_goblins, p.cost_orcs)
                for p in Piece.objects.filter(phase=4).exclude(hourglasses=None)}
    assert training == {"commissar": (None, 2), "trench-commander": (None, 2), "marksman": (2, 1),
                        "drover": (None, 2), "saboteur": (3, 2), "gunner": (3, 2), "recruit-trainer": (2, 2),
                        "training-relocation": (None, None)}
    rituals = {p.slug: p.cost_goblins for p in Piece.objects.filter(kind="ritual")}
    assert rituals == {"bloodstone": 2, "possession": 1, "fire": 1, "ghost": 1, "panic": 2, "storm": 1,
                       "accident": 3}
    assert not Piece.objects.filter(kind="ritual").exclude(cost_orcs=None, cost_trolls=None).exists()
    fixed = {p.slug: p.hourglasses for p in Piece.objects.filter(hourglasses__gt=0)}
    assert fixed == {"transfer-units": 1, "precise-hit": 2, "equipment-transfer": 1, "training-relocation": 1,
                     "escape-from-the-knife": 1, "lesser-mobilization": 3, "major-mobilization": 5,
                     "secret-orders": 1, "use-the-other-attackers-action": 1}
    actions = Piece.objects.exclude(hourglasses=None)
    assert not actions.filter(cost_resources=None).exists(), "an action's resource cost is known (0 outside 2-3)"
    assert not actions.filter(phase__in=[1, 4, 5, 6]).exclude(cost_resources=0).exists()


def test_special_actions_are_one_per_flippable_phase(imported: None) -> None:
    specials = dict(Piece.objects.filter(special_action=True).values_list("phase", "name"))
    assert specials == {1: "Charge!", 2: "Precise Hit", 3: "Equipment Transfer", 4: "Training Relocation",
                        5: "Escape from the Knife"}
    for deck in Piece.objects.filter(kind="phase-card", action_only=False, phase__lte=5):
        assert deck.abilities.get(kind="special-action").name == specials[deck.phase]
    assert not Piece.objects.filter(kind="phase-card", action_only=False, phase=6, abilities__kind="special-action")


def test_phase_cards_are_decks_per_phase_and_colour_with_their_contents_missing(imported: None) -> None:
    decks = Piece.objects.filter(kind="phase-card", action_only=False)
    assert copies(kind="phase-card", colour="red") == 23
    assert copies(kind="phase-card", colour="green") == 26
    for colour, single in (("red", 1), ("green", 2)):
        per_phase = {d.phase: d.copies for d in decks.filter(colour=colour)}
        assert per_phase == {1: single, 2: 5, 3: 5, 4: 5, 5: 5, 6: single, None: single}
    assert all("not in any source" in " ".join(d.notes) for d in decks)
    actions = Piece.objects.filter(action_only=True)
    assert actions.exists() and set(actions.values_list("copies", flat=True)) == {0}
    assert set(actions.values_list("kind", flat=True)) == {"phase-card"}


def test_limits_that_are_not_the_copy_count_are_flagged(imported: None) -> None:
    assert list(Piece.objects.filter(limited=False).values_list("slug", flat=True).order_by("slug")) == [
        "hourglass-black", "hourglass-grey"]
    assert piece("siege-tower").extra_slots == 3 and piece("ladders").extra_slots == 1
    assert piece("altar").strength_bonus == piece("banners").strength_bonus == 1
    shooting = Piece.objects.exclude(deck_hit_cards=None)
    assert sorted(shooting.values_list("slug", "deck_hit_cards", "deck_miss_cards")) == [
        ("ballista", 2, 5), ("catapult", 2, 5), ("trebuchet", 2, 5)]
    assert set(Piece.objects.filter(kind__in=["ritual", "order"]).values_list("lasts_one_round", flat=True)) == {True}
    assert set(Piece.objects.filter(kind__in=["machine", "equipment", "training"]).values_list(
        "lasts_one_round", flat=True)) == {False}


def test_placements_follow_the_seed(imported: None) -> None:
    placed = dict(Piece.objects.filter(kind__in=["machine", "equipment", "training", "ritual"]).values_list(
        "slug", "placement"))
    assert placed["trebuchet"] == placed["altar"] == "gathering-point"
    assert placed["ballista"] == placed["catapult"] == placed["cover"] == "rampart"
    assert placed["ram"] == "gate" and placed["siege-tower"] == "wall-section"
    assert placed["bridge"] == "path-field" and placed["saboteur"] == "building"
    assert (placed["bloodstone"], placed["possession"], placed["ghost"], placed["panic"], placed["accident"]) == (
        "catapult", "hero", "hospital", "courtyard", "cauldron")


def test_every_record_has_a_hungarian_name_and_the_seeds_headings_are_in_the_seed(imported: None) -> None:
    seed = normalise_name((settings.MUSTER_SHARED_DIR / "seeds" / SEED_FILE).read_text(encoding="utf-8"))
    pieces = list(Piece.objects.all())
    assert all(p.names.get("hu") for p in pieces)
    headed = [p for p in pieces if p.kind in {"unit", "machine", "equipment", "training", "ritual", "order"}
              or p.action_only]
    missing = [p.names["hu"] for p in headed if normalise_name(p.names["hu"]) not in seed]
    assert missing == []


def test_numbers_carry_their_provenance_and_the_english_pages_differences_are_noted(imported: None) -> None:
    for p in Piece.objects.all():
        for field in ("strength", "cost_resources", "cost_goblins", "cost_orcs", "cost_trolls", "hourglasses"):
            if getattr(p, field) is not None:
                assert p.provenance.get(field), f"{p.slug}.{field} has no provenance"
        if not p.action_only:
            assert p.provenance["copies"][0]["source"].startswith("seed 002")
    assert any("gives 5 training tiles" in n for n in piece("drover").notes)
    assert any("gives 12 ritual tiles" in n for n in piece("panic").notes)
    assert any("gives 28 wall components" in n for n in piece("wood-wall-element").notes)
    assert not any("English 1st-edition component page gives" in n for n in piece("banners").notes)
    assert piece("goblin").provenance["copies"][-1]["note"] == "agrees"


def test_the_counts_by_kind_are_what_the_api_reports(imported: None) -> None:
    counted: Counter[str] = Counter()
    for p in Piece.objects.all():
        counted[p.kind] += p.copies
    # 'JÁTÉKELEMEK': boards 2, glory tiles 29, gate marker 1, hourglasses 24, machine cards 36, wall elements 26,
    # defender hit cards 6, hero markers 2, defender machines 6, cauldrons 9, platforms 3, traps 6, cathedral 2,
    # precise hit 2, ruined wall 1, speed 1, bag 1, rulebooks 2.
    components = 2 + 29 + 1 + 24 + 36 + 26 + 6 + 2 + 6 + 9 + 3 + 6 + 2 + 2 + 1 + 1 + 1 + 2
    assert counted == {"unit": 200 + 41, "resource": 16, "machine": 23, "equipment": 21, "training": 15,
                       "ritual": 10, "order": 5, "phase-card": 49, "component": components}


