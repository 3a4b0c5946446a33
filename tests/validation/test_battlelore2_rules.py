"""BattleLore Second Edition: each rule of battlelore2.md §3.3 on both sides of its limit, every format, several
violations at once, malformed armies. The bundled catalogue (read from its files) plus invented stand-in units
(tests/validation/fixtures/battlelore2-standins.json: the seed prints no costs, battlelore2.md §18)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.validation.helpers import FIXTURES, ROOT, catalogue_from_files, check, only, rules, warnings
from validation.core import RULES, Catalogue, DocumentError, describe_formats, parse_document
from validation.core.entered import with_entered

BL2_FILES = [*sorted((ROOT / "catalogue" / "data" / "battlelore2").rglob("*.json")),
             FIXTURES / "battlelore2-standins.json"]

# Invented stand-in costs (the fixture): Spearmen 6 (5 per copy), Bowmen 8 (3), Golem 12 Massive (1), Griffon 14
# Flying (1), Reavers 7 Uthuk (5), Brute 15 Uthuk Massive (1), Mercenaries 9 neutral (2), Drifters 5 no faction,
# Recruits: cost, per-copy count, Flying and Massive not known.
RULE_IDS = {
    "battlelore2.points-limit", "battlelore2.unspent-points-lore", "battlelore2.faction-units",
    "battlelore2.deployment-card-limit", "battlelore2.distinct-factions", "battlelore2.scenario-own-faction",
    "battlelore2.deploy-occupiable-hex", "battlelore2.command-tent-placement", "battlelore2.campaign-sequence",
    "battlelore2.preset-hand",
}
PRESET = ["Patrol Left Flank", "Patrol Right Flank", "Patrol Center", "Forward"]


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return catalogue_from_files("battlelore2", "default", BL2_FILES)


def army(*entries: Any, fmt: str = "standard", faction: str | None = "daqan-lords", **top: Any) -> dict[str, Any]:
    """Entries as ``("Test Spearmen", 2)`` or a name."""
    out = [{"card": e[0], "qty": e[1]} if isinstance(e, tuple) else {"card": e} for e in entries]
    return {"game": "battlelore2", "format": fmt, "faction": faction, "entries": out, **top}


def placed(card: str, hex_: str, row: int = 1, terrain: str = "clear") -> dict[str, Any]:
    return {"card": card, "hex": hex_, "row": row, "terrain": terrain}


def deployed(*items: dict[str, Any], fmt: str = "standard", faction: str = "daqan-lords", **top: Any) -> dict[str, Any]:
    return {"game": "battlelore2", "format": fmt, "faction": faction, "deployment": list(items), **top}


def test_every_rule_of_the_digests_table_is_registered_with_a_seed_source() -> None:
    ours = {r for r in RULES if r.startswith("battlelore2.")}
    assert ours == RULE_IDS
    for rule_id in ours:
        assert RULES[rule_id].source.file == "004_accb02bc63915dff.txt" and "Source:" in RULES[rule_id].doc


def test_the_formats_are_the_digests_with_the_50_point_budget_as_a_parameter() -> None:
    formats = {f["id"]: f for f in describe_formats()["formats"] if f["game"] == "battlelore2"}
    assert set(formats) == {"standard", "two-copies", "campaign", "preset-hands"}
    assert {k: formats["standard"]["params"][k] for k in ("points_limit", "max_starting_lore", "copies")} == {
        "points_limit": 50, "max_starting_lore": 5, "copies": 1}
    assert formats["two-copies"]["params"]["copies"] == 2
    assert formats["campaign"]["params"]["letters"] == ["A", "B", "C", "D"]
    assert formats["campaign"]["params"]["first_scenario"] == "A1" and formats["campaign"]["params"]["scenarios"] == 4
    assert formats["preset-hands"]["params"]["hand"] == PRESET
    assert "points_limit" in formats["standard"]["free_params"]
    assert formats["standard"]["params"]["command_tent_points"] == 0  # the +5 is unverified: off


# ------------------------------------------------------------------------------------------- points and lore


def test_exactly_50_points_is_legal_and_leaves_no_lore(cat: Catalogue) -> None:
    result = check(army(("Test Spearmen", 4), "Test Golem", "Test Griffon"), cat)
    assert result["legal"], result["violations"]
    assert result["totals"] == {"points": 50, "points_left": 0, "units": 6, "lore_from_unspent": 0,
                                "points_limit": 50, "points_complete": True}


def test_51_points_is_one_point_over(cat: Catalogue) -> None:
    result = check(army("Test Mercenaries", "Test Griffon", "Test Golem", ("Test Bowmen", 2)), cat)
    found = only(result, "battlelore2.points-limit")
    assert found["hint"] == "remove at least 1 point" and result["totals"]["points_left"] == -1
    assert result["totals"]["lore_from_unspent"] == 0


@pytest.mark.parametrize(("spent", "lore"), [(50, 0), (48, 2), (46, 4), (45, 5), (44, 5), (6, 5)])
def test_unspent_points_give_one_lore_each_at_most_5(cat: Catalogue, spent: int, lore: int) -> None:
    armies: dict[int, list[Any]] = {50: [("Test Spearmen", 4), "Test Golem", "Test Griffon"],
               48: [("Test Bowmen", 3), "Test Golem", ("Test Spearmen", 2)],
               46: [("Test Spearmen", 2), "Test Bowmen", "Test Golem", "Test Griffon"],
               45: ["Test Spearmen", "Test Mercenaries", ("Test Bowmen", 2), "Test Griffon"],
               44: [("Test Spearmen", 3), "Test Golem", "Test Griffon"],
               6: ["Test Spearmen"]}
    result = check(army(*armies[spent]), cat)
    assert result["totals"]["points"] == spent
    assert result["totals"]["lore_from_unspent"] == lore
    assert "battlelore2.points-limit" not in rules(result)


def test_the_budget_is_a_free_parameter_and_a_command_tent_bonus_can_be_agreed(cat: Catalogue) -> None:
    over = army(("Test Spearmen", 5), "Test Golem", "Test Griffon")  # 56
    assert "battlelore2.points-limit" in rules(check(over, cat))
    assert "battlelore2.points-limit" not in rules(check({**over, "params": {"points_limit": 56}}, cat))
    tent = {"hex": "t1", "row": 5, "terrain": "clear"}
    assert "battlelore2.points-limit" in rules(check({**over, "command_tent": tent}, cat))
    agreed = check({**over, "command_tent": tent, "params": {"command_tent_points": 6}}, cat)
    assert "battlelore2.points-limit" not in rules(agreed) and agreed["totals"]["points_limit"] == 56


def test_a_unit_without_a_cost_cannot_be_shown_legal(cat: Catalogue) -> None:
    result = check(army("Citadel Guard", "Test Spearmen"), cat)
    missing = only(result, "catalogue.missing-data")
    assert (missing["card"], missing["field"], missing["needed_by"]) == (
        "citadel-guard", "cost", ["battlelore2.points-limit"])
    assert missing["entries"] == ["/entries/0"]
    assert result["totals"]["points_complete"] is False and result["totals"]["lore_from_unspent"] is None


def test_known_costs_over_the_budget_are_over_whatever_the_missing_ones_are(cat: Catalogue) -> None:
    result = check(army(("Test Spearmen", 5), "Test Golem", "Test Griffon", "Citadel Guard"), cat)
    assert {"battlelore2.points-limit", "catalogue.missing-data"} <= set(rules(result))


def test_every_bundled_unit_lacks_its_cost_so_a_real_army_reports_missing_data(cat: Catalogue) -> None:
    result = check(army("Yeoman Archers", ("Citadel Guard", 2), "Roc Warrior"), cat)
    missing = {v["card"] for v in result["violations"] if v["rule"] == "catalogue.missing-data"}
    assert missing == {"yeoman-archers", "citadel-guard", "roc-warrior"}
    assert "catalogue.stand-in" not in warnings(result)


# Costs as a player types them in from their own deployment cards (values for the test: no source gives them).
TYPED_COSTS = {"yeoman-archers": {"cost": 7}, "citadel-guard": {"cost": 9}, "roc-warrior": {"cost": 15}}


def test_an_army_whose_costs_a_player_entered_is_legal_and_says_who_entered_them(cat: Catalogue) -> None:
    doc = army("Yeoman Archers", ("Citadel Guard", 2), "Roc Warrior")
    result = check(doc, with_entered(cat, TYPED_COSTS))
    assert result["legal"], result["violations"]
    assert result["totals"]["points"] == 7 + 2 * 9 + 15
    entered = [dict(w) for w in result["warnings"] if w["rule"] == "catalogue.player-entered"]
    assert {w["card"] for w in entered} == set(TYPED_COSTS)
    assert all(w["fields"] == ["cost"] and "entered by a player" in str(w["message"]) for w in entered)
    assert next(w for w in entered if w["card"] == "citadel-guard")["entries"] == ["/entries/1"]


def test_player_entered_costs_count_against_the_budget_and_a_unit_left_out_stays_missing(cat: Catalogue) -> None:
    over = check(army(("Citadel Guard", 3), "Roc Warrior"), with_entered(cat, {**TYPED_COSTS,
                                                                               "citadel-guard": {"cost": 12}}))
    assert rules(over) == ["battlelore2.points-limit"]
    assert "51" in str(only(over, "battlelore2.points-limit")["message"])
    partly = check(army("Yeoman Archers", "Roc Warrior"), with_entered(cat, {"roc-warrior": {"cost": 15}}))
    assert not partly["legal"]
    assert [v["card"] for v in partly["violations"] if v["rule"] == "catalogue.missing-data"] == ["yeoman-archers"]


def test_stand_in_units_are_named_in_a_warning(cat: Catalogue) -> None:
    result = check(army("Test Spearmen", "Yeoman Archers"), cat)
    [warning] = [dict(w) for w in result["warnings"] if w["rule"] == "catalogue.stand-in"]
    assert warning["cards"] == ["test-spearmen"] and warning["entries"] == ["/entries/0"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["Test Spearmen", "Test Bowmen", "Test Mercenaries"]), max_size=12))
def test_lore_from_unspent_points_is_min_5_and_never_makes_a_list_illegal(names: list[str]) -> None:
    cat = catalogue_from_files("battlelore2", "default", BL2_FILES)
    result = check(army(*names), cat)
    spent = result["totals"]["points"]
    assert result["totals"]["lore_from_unspent"] == min(5, max(0, 50 - spent))
    assert "battlelore2.unspent-points-lore" not in rules(result) + warnings(result)
    assert ("battlelore2.points-limit" in rules(result)) == (spent > 50)


# ------------------------------------------------------------------------------------------- factions


def test_own_faction_and_neutral_units_are_allowed_others_are_not(cat: Catalogue) -> None:
    assert check(army("Test Spearmen", "Test Mercenaries"), cat)["legal"]
    result = check(army("Test Spearmen", ("Test Reavers", 2)), cat)
    found = only(result, "battlelore2.faction-units")
    assert found["entries"] == ["/entries/1"] and found["hint"] == "remove Test Reavers ×2"
    assert check(army("Test Reavers", "Test Brute", "Test Mercenaries", faction="Uthuk Y'llan"), cat)["legal"]


def test_an_army_without_a_faction_is_a_violation_and_a_unit_without_one_missing_data(cat: Catalogue) -> None:
    result = check(army("Test Spearmen", faction=None), cat)
    assert only(result, "battlelore2.faction-units")["entries"] == ["/faction"]
    drifting = check(army("Test Drifters"), cat)
    missing = only(drifting, "catalogue.missing-data")
    assert (missing["card"], missing["field"]) == ("test-drifters", "factions")


def test_the_two_armies_are_of_different_factions(cat: Catalogue) -> None:
    assert check(army("Test Spearmen", opponent={"faction": "uthuk-yllan"}), cat)["legal"]
    result = check(army("Test Spearmen", opponent={"faction": "Daqan Lords"}), cat)
    assert only(result, "battlelore2.distinct-factions")["entries"] == ["/faction", "/opponent/faction"]


def test_the_scenario_card_is_one_of_the_armys_factions(cat: Catalogue) -> None:
    assert check(army("Test Spearmen", scenario="Daqan Lords scenario A1"), cat)["legal"]
    assert check(army("Test Spearmen", scenario="daqan-lords-b2"), cat)["legal"]
    result = check(army("Test Spearmen", scenario="Uthuk Y'llan scenario A1"), cat)
    assert only(result, "battlelore2.scenario-own-faction")["entries"] == ["/scenario"]
    assert "list.unknown-card" in rules(check(army("Test Spearmen", scenario="Daqan scenario Z9"), cat))


# ------------------------------------------------------------------------------------------- deployment cards


def test_one_copy_supplies_one_roc_warrior_two_copies_two_as_the_seed_says(cat: Catalogue) -> None:
    one = check(army(("Roc Warrior", 1)), cat)
    assert "battlelore2.deployment-card-limit" not in rules(one)
    two = check(army(("Roc Warrior", 2)), cat)
    assert only(two, "battlelore2.deployment-card-limit")["hint"] == "Roc Warrior: 1 unit too many"
    assert "battlelore2.deployment-card-limit" not in rules(check(army(("Roc Warrior", 2), fmt="two-copies"), cat))
    assert "battlelore2.deployment-card-limit" in rules(check(army(("Roc Warrior", 3), fmt="two-copies"), cat))
    uthuk = check(army(("Chaos Lord", 2), faction="uthuk-yllan", fmt="two-copies"), cat)
    assert "battlelore2.deployment-card-limit" not in rules(uthuk)


@pytest.mark.parametrize(("card", "qty", "fmt", "ok"), [
    ("Test Spearmen", 5, "standard", True), ("Test Spearmen", 6, "standard", False),
    ("Test Bowmen", 3, "standard", True), ("Test Bowmen", 4, "standard", False),
    ("Test Bowmen", 6, "two-copies", True), ("Test Bowmen", 7, "two-copies", False),
])
def test_each_unit_type_up_to_its_deployment_cards(cat: Catalogue, card: str, qty: int, fmt: str, ok: bool) -> None:
    result = check(army((card, qty), fmt=fmt, params={"points_limit": 1000}), cat)
    assert ("battlelore2.deployment-card-limit" not in rules(result)) is ok


def test_copies_of_one_unit_are_counted_across_entries(cat: Catalogue) -> None:
    result = check(army("Test Golem", "test-golem", params={"points_limit": 100}), cat)
    assert only(result, "battlelore2.deployment-card-limit")["entries"] == ["/entries/0", "/entries/1"]


def test_a_missing_per_copy_count_matters_only_past_one_unit_per_copy(cat: Catalogue) -> None:
    assert not any(v["field"] == "deployment_cards_per_copy" for v in check(army("Test Recruits"), cat)["violations"]
                   if v["rule"] == "catalogue.missing-data")
    result = check(army(("Test Recruits", 2)), cat)
    fields = {v["field"]: v["needed_by"] for v in result["violations"] if v["rule"] == "catalogue.missing-data"}
    assert fields == {"cost": ["battlelore2.points-limit"],
                      "deployment_cards_per_copy": ["battlelore2.deployment-card-limit"]}


# ------------------------------------------------------------------------------------------- deploying units


def test_one_unit_per_hex(cat: Catalogue) -> None:
    assert check(deployed(placed("Test Spearmen", "a1"), placed("Test Spearmen", "a2")), cat)["legal"]
    result = check(deployed(placed("Test Spearmen", "a1"), placed("Test Bowmen", "A1")), cat)
    assert only(result, "battlelore2.deploy-occupiable-hex")["entries"] == ["/deployment/1/hex"]


@pytest.mark.parametrize(("terrain", "ok"), [("clear", True), ("hills", True), ("forest", True), ("building", True),
                                             ("water", False), ("water+ford", True), ("water+bridge", True)])
def test_no_unit_deploys_on_water_without_a_ford_or_bridge(cat: Catalogue, terrain: str, ok: bool) -> None:
    result = check(deployed(placed("Test Spearmen", "a1", terrain=terrain)), cat)
    assert result["legal"] is ok
    if not ok:
        assert only(result, "battlelore2.deploy-occupiable-hex")["entries"] == ["/deployment/0/terrain"]


def test_a_flier_may_deploy_on_impassable_water(cat: Catalogue) -> None:
    assert check(deployed(placed("Test Griffon", "a1", terrain="water")), cat)["legal"]


def test_the_building_of_the_worked_example_takes_a_unit_but_never_a_massive_one(cat: Catalogue) -> None:
    """battlelore2.md §16.5 is a combat example (a unit in a building ignores 1 damage per combat and a retreat
    into one stops there): what a list can break is who may stand in the building at all."""
    building = cat.by_slug["building"]
    assert (building.get("ignore_damage_per_combat"), building.get("stops_retreat")) == (1, True)
    assert check(deployed(placed("Test Spearmen", "a1", terrain="building")), cat)["legal"]
    result = check(deployed(placed("Test Golem", "a1", terrain="building")), cat)
    assert "Massive" in only(result, "battlelore2.deploy-occupiable-hex")["message"]
    assert check(deployed(placed("Test Golem", "a1", terrain="forest")), cat)["legal"]


def test_unknown_flying_or_massive_is_missing_data_only_where_it_decides(cat: Catalogue) -> None:
    clear_roc = check(deployed(placed("Roc Warrior", "a1", terrain="clear")), cat)
    assert {v["field"] for v in clear_roc["violations"]} == {"cost"}
    water = check(deployed(placed("Roc Warrior", "a1", terrain="water")), cat)
    assert {(v["card"], v["field"]) for v in water["violations"] if v["rule"] == "catalogue.missing-data"} == {
        ("roc-warrior", "flying"), ("roc-warrior", "cost")}
    building = check(deployed(placed("Test Recruits", "a1", terrain="building")), cat)
    assert ("test-recruits", "massive") in {(v["card"], v["field"]) for v in building["violations"]
                                            if v["rule"] == "catalogue.missing-data"}
    clear = check(deployed(placed("Test Recruits", "a1")), cat)
    assert {v["field"] for v in clear["violations"] if v["rule"] == "catalogue.missing-data"} == {"cost"}


def test_a_terrain_whose_rules_are_not_known_is_missing_data_and_an_unknown_one_an_unknown_card(
    cat: Catalogue,
) -> None:
    ruins = check(deployed(placed("Test Spearmen", "a1", terrain="Test Ruins")), cat)
    assert {(v["card"], v["field"]) for v in ruins["violations"]} == {("test-ruins", "deployable")}
    swamp = check(deployed(placed("Test Spearmen", "a1", terrain="swamp")), cat)
    assert only(swamp, "list.unknown-card")["entries"] == ["/deployment/0/terrain"]


# ------------------------------------------------------------------------------------------- the command tent


def test_no_unit_deploys_farther_forward_than_the_command_tent(cat: Catalogue) -> None:
    tent = {"hex": "t1", "row": 3, "terrain": "clear"}
    level = deployed(placed("Test Spearmen", "a1", row=3), placed("Test Bowmen", "a2", row=1), command_tent=tent)
    assert check(level, cat)["legal"]
    ahead = deployed(placed("Test Spearmen", "a1", row=4), placed("Test Bowmen", "a2", row=1), command_tent=tent)
    found = only(check(ahead, cat), "battlelore2.command-tent-placement")
    assert found["entries"] == ["/deployment/0/row"] and "row 4" in found["hint"]
    assert check({**ahead, "params": {"tent_limits_rows": False}}, cat)["legal"]
    assert check(deployed(placed("Test Spearmen", "a1", row=9)), cat)["legal"]  # no tent, no limit


def test_the_command_tent_goes_on_a_clear_hex(cat: Catalogue) -> None:
    for terrain in ("forest", "hills", "water+ford"):
        result = check(deployed(placed("Test Spearmen", "a1"), command_tent={"hex": "t1", "row": 2,
                                                                               "terrain": terrain}), cat)
        assert only(result, "battlelore2.command-tent-placement")["entries"] == ["/command_tent/terrain"]


def test_a_unit_on_its_own_tents_hex_waits_for_whether_the_tent_takes_units(cat: Catalogue) -> None:
    result = check(deployed(placed("Test Spearmen", "t1", row=2), command_tent={"hex": "t1", "row": 2,
                                                                                 "terrain": "clear"}), cat)
    missing = only(result, "catalogue.missing-data")
    assert (missing["card"], missing["field"]) == ("command-tent", "deployable")


# ------------------------------------------------------------------------------------------- campaign


def campaign(*rounds: tuple[str, str, str | None]) -> list[dict[str, Any]]:
    return [{"scenario": i + 1, "daqan-lords": d, "uthuk-yllan": u, "winner": w} for i, (d, u, w) in enumerate(rounds)]


def test_the_digests_campaign_of_four_scenarios_is_a_legal_sequence(cat: Catalogue) -> None:
    # battlelore2.md §16.9: P1 (Daqan) wins scenarios 1 and 3, P2 (Uthuk) 2 and 4.
    record = campaign(("A1", "A1", "daqan-lords"), ("B2", "B1", "uthuk-yllan"), ("C1", "C2", "daqan-lords"),
                      ("D2", "D1", "uthuk-yllan"))
    result = check(army("Test Spearmen", fmt="campaign", campaign=record, scenario="Daqan Lords scenario D2"), cat)
    assert result["legal"], result["violations"]


def test_the_first_scenario_is_a1_for_both(cat: Catalogue) -> None:
    result = check(army("Test Spearmen", fmt="campaign", campaign=campaign(("A1", "B1", None))), cat)
    found = only(result, "battlelore2.campaign-sequence")
    assert found["entries"] == ["/campaign/0/uthuk-yllan"] and found["hint"] == "play A1"


def test_the_loser_must_take_x1_and_the_winner_may_take_x1_or_x2(cat: Catalogue) -> None:
    ok = campaign(("A1", "A1", "daqan-lords"), ("B1", "B1", None))
    assert check(army("Test Spearmen", fmt="campaign", campaign=ok), cat)["legal"]
    loser = campaign(("A1", "A1", "daqan-lords"), ("B2", "B2", None))
    found = only(check(army("Test Spearmen", fmt="campaign", campaign=loser), cat), "battlelore2.campaign-sequence")
    assert found["entries"] == ["/campaign/1/uthuk-yllan"] and "loser" in found["message"]
    wrong_letter = campaign(("A1", "A1", "daqan-lords"), ("C1", "B1", None))
    assert only(check(army("Test Spearmen", fmt="campaign", campaign=wrong_letter), cat),
                "battlelore2.campaign-sequence")["hint"] == "play B1 or B2"


def test_a_campaign_has_four_scenarios_and_records_its_winners(cat: Catalogue) -> None:
    four = campaign(("A1", "A1", "daqan-lords"), ("B1", "B1", "daqan-lords"), ("C1", "C1", "daqan-lords"),
                    ("D1", "D1", "daqan-lords"))
    assert check(army("Test Spearmen", fmt="campaign", campaign=four), cat)["legal"]
    five = [*four, {"scenario": 5, "daqan-lords": "E1", "uthuk-yllan": "E1", "winner": None}]
    assert only(check(army("Test Spearmen", fmt="campaign", campaign=five), cat),
                "battlelore2.campaign-sequence")["entries"] == ["/campaign/4"]
    no_winner = campaign(("A1", "A1", None), ("B1", "B1", None))
    assert only(check(army("Test Spearmen", fmt="campaign", campaign=no_winner), cat),
                "battlelore2.campaign-sequence")["entries"] == ["/campaign/0/winner"]
    assert "battlelore2.campaign-sequence" in rules(check(army("Test Spearmen", fmt="campaign"), cat))


def test_a_campaign_record_says_whether_it_is_complete(cat: Catalogue) -> None:
    two = check(army("Test Spearmen", fmt="campaign", campaign=campaign(("A1", "A1", "daqan-lords"),
                                                                        ("B1", "B1", None))), cat)
    assert (two["totals"]["campaign_scenarios"], two["totals"]["campaign_complete"]) == (2, False)
    four = campaign(("A1", "A1", "daqan-lords"), ("B2", "B1", "uthuk-yllan"), ("C1", "C2", "daqan-lords"),
                    ("D2", "D1", "uthuk-yllan"))
    done = check(army("Test Spearmen", fmt="campaign", campaign=four), cat)["totals"]
    assert (done["campaign_scenarios"], done["campaign_complete"]) == (4, True)
    assert done["campaign_vp"] is None  # no victory points recorded: no campaign winner is claimed
    unfinished = [*four[:3], {**four[3], "winner": None}]
    unfinished_totals = check(army("Test Spearmen", fmt="campaign", campaign=unfinished), cat)["totals"]
    assert unfinished_totals["campaign_complete"] is False
    assert "campaign_complete" not in check(army("Test Spearmen"), cat)["totals"]


def test_the_digests_campaign_score_worked_example(cat: Catalogue) -> None:
    # battlelore2.md §16.9: P1 (Daqan) 16, 10, 17, 12, won 1 and 3; P2 (Uthuk) 12, 16, 9, 16, won 2 and 4 (the
    # last): 55 against 53 + 2 = 55, a tie that the last scenario's winner, P2, wins.
    record = campaign(("A1", "A1", "daqan-lords"), ("B2", "B1", "uthuk-yllan"), ("C1", "C2", "daqan-lords"),
                      ("D2", "D1", "uthuk-yllan"))
    for item, (daqan, uthuk) in zip(record, ((16, 12), (10, 16), (17, 9), (12, 16)), strict=True):
        item["vp"] = {"daqan-lords": daqan, "uthuk-yllan": uthuk}
    totals = check(army("Test Spearmen", fmt="campaign", campaign=record), cat)["totals"]
    assert totals["campaign_vp"] == {"daqan-lords": 55, "uthuk-yllan": 55}
    assert totals["campaign_winner"] == "uthuk-yllan"
    record[0]["vp"] = {"daqan-lords": 17, "uthuk-yllan": 12}
    totals = check(army("Test Spearmen", fmt="campaign", campaign=record), cat)["totals"]
    assert totals["campaign_winner"] == "daqan-lords"


def test_the_armys_scenario_card_is_the_campaigns_latest(cat: Catalogue) -> None:
    record = campaign(("A1", "A1", "daqan-lords"), ("B2", "B1", None))
    assert check(army("Test Spearmen", fmt="campaign", campaign=record, scenario="daqan-lords-b2"), cat)["legal"]
    result = check(army("Test Spearmen", fmt="campaign", campaign=record, scenario="daqan-lords-b1"), cat)
    assert only(result, "battlelore2.campaign-sequence")["entries"] == ["/scenario"]


# ------------------------------------------------------------------------------------------- preset hands


def test_the_preset_hand_is_exactly_the_four_cards_in_any_order(cat: Catalogue) -> None:
    assert check(army("Test Spearmen", fmt="preset-hands", hand=list(reversed(PRESET))), cat)["legal"]
    short = check(army("Test Spearmen", fmt="preset-hands", hand=PRESET[:3]), cat)
    assert only(short, "battlelore2.preset-hand")["hint"] == "add Forward"
    extra = check(army("Test Spearmen", fmt="preset-hands", hand=[*PRESET, "Attack"]), cat)
    found = only(extra, "battlelore2.preset-hand")
    assert found["hint"] == "remove Attack" and found["entries"] == ["/hand/4"]
    twice = check(army("Test Spearmen", fmt="preset-hands", hand=[*PRESET[:3], "Patrol Center"]), cat)
    assert only(twice, "battlelore2.preset-hand")["hint"] == "add Forward; remove Patrol Center"
    assert "battlelore2.preset-hand" in rules(check(army("Test Spearmen", fmt="preset-hands"), cat))
    assert "list.unknown-card" in rules(check(army("Test Spearmen", fmt="preset-hands", hand=["Charge"]), cat))


def test_the_hand_is_not_checked_outside_the_preset_hands_format(cat: Catalogue) -> None:
    assert check(army("Test Spearmen", hand=["Attack"]), cat)["legal"]


# ------------------------------------------------------------------------------------------- together


@pytest.mark.parametrize("fmt", ["standard", "two-copies", "campaign", "preset-hands"])
def test_every_format_accepts_a_legal_army(cat: Catalogue, fmt: str) -> None:
    extra: dict[str, Any] = {"campaign": campaign(("A1", "A1", None))} if fmt == "campaign" else {}
    if fmt == "preset-hands":
        extra["hand"] = PRESET
    result = check(deployed(placed("Test Spearmen", "a1", row=2), placed("Test Golem", "a2", row=1, terrain="forest"),
                            placed("Test Griffon", "a3", row=2, terrain="water"), fmt=fmt,
                            command_tent={"hex": "t1", "row": 2, "terrain": "clear"},
                            opponent={"faction": "uthuk-yllan"}, scenario="Daqan Lords scenario A1", **extra), cat)
    assert result["legal"], result["violations"]
    assert result["totals"]["points"] == 32 and result["totals"]["units"] == 3


def test_several_violations_at_once_sorted_by_rule(cat: Catalogue) -> None:
    doc = deployed(placed("Test Golem", "a1", row=4, terrain="building"), placed("Test Golem", "a1", row=1),
                   placed("Test Brute", "a2", row=1), placed("Test Griffon", "a3"), placed("Test Spearmen", "a4"),
                   command_tent={"hex": "t1", "row": 3, "terrain": "forest"}, opponent={"faction": "daqan-lords"},
                   scenario="uthuk-yllan-a1")
    result = check(doc, cat)
    assert rules(result) == [
        "battlelore2.command-tent-placement", "battlelore2.command-tent-placement",
        "battlelore2.deploy-occupiable-hex", "battlelore2.deploy-occupiable-hex",
        "battlelore2.deployment-card-limit", "battlelore2.distinct-factions", "battlelore2.faction-units",
        "battlelore2.points-limit", "battlelore2.scenario-own-faction",
    ]
    assert result["totals"]["points"] == 12 + 12 + 15 + 14 + 6


# ------------------------------------------------------------------------------------------- entries and deployment


def test_an_army_mustered_and_deployed_is_checked_as_one_army(cat: Catalogue) -> None:
    # The entries are the army (costs, faction, copies); the deployment places units of it (§3.5).
    doc = army(("Test Spearmen", 2), "Test Golem", deployment=[placed("Test Spearmen", "a1"),
                                                              placed("Test Golem", "a2", terrain="building")])
    result = check(doc, cat)
    assert rules(result) == ["battlelore2.deploy-occupiable-hex"]  # the Massive Golem in a building
    assert only(result, "battlelore2.deploy-occupiable-hex")["entries"] == ["/deployment/1/terrain"]
    assert result["totals"]["points"] == 6 + 6 + 12 and result["totals"]["units"] == 3
    assert result["totals"]["units_placed"] == 2  # one Spearmen still to place is not a violation
    fixed = army(("Test Spearmen", 2), "Test Golem", deployment=[placed("Test Spearmen", "a1"),
                                                                placed("Test Golem", "a2")])
    assert check(fixed, cat)["legal"]


def test_a_placed_unit_the_army_did_not_muster_is_a_faction_units_violation(cat: Catalogue) -> None:
    doc = army("Test Spearmen", deployment=[placed("Test Spearmen", "a1"), placed("Test Spearmen", "a2"),
                                            placed("Test Golem", "a3")])
    result = check(doc, cat)
    found = [v for v in result["violations"] if v["rule"] == "battlelore2.faction-units"]
    assert [v["entries"] for v in found] == [["/deployment/1/card"], ["/deployment/2/card"]]
    assert result["totals"]["points"] == 6  # only what is mustered is paid for


def test_the_faction_check_reads_the_mustered_units_when_both_are_given(cat: Catalogue) -> None:
    doc = army("Test Spearmen", "Test Reavers", deployment=[placed("Test Reavers", "a1")])
    found = only(check(doc, cat), "battlelore2.faction-units")
    assert found["entries"] == ["/entries/1"]


# ------------------------------------------------------------------------------------------- malformed


def errors_of(doc: dict[str, Any]) -> dict[str, list[str]]:
    with pytest.raises(DocumentError) as caught:
        parse_document(doc)
    return caught.value.fields


@pytest.mark.parametrize(("doc", "pointer"), [
    ({"battle_map": "Broken Demongate"}, "/battle_map"),
    ({"plan": {"kind": "setup"}}, "/plan"),
    ({"orders": []}, "/orders"),
    ({"faction": "elves"}, "/faction"),
    ({"deployment": [{"card": "Test Spearmen", "hex": "a1", "row": "3", "terrain": "clear"}]}, "/deployment/0/row"),
    ({"deployment": [{"card": "Test Spearmen", "hex": "a1", "row": 10, "terrain": "clear"}]}, "/deployment/0/row"),
    ({"deployment": [{"card": "Test Spearmen", "hex": "a1", "row": 1}]}, "/deployment/0/terrain"),
    ({"entries": [{"card": "Test Spearmen", "qty": 0}]}, "/entries/0/qty"),
    ({"command_tent": {"hex": "t1", "row": 2}}, "/command_tent/terrain"),
    ({"opponent": {"faction": "orcs"}}, "/opponent/faction"),
    ({"hand": "Forward"}, "/hand"),
    ({"campaign": [{"scenario": 1, "winner": "goblins"}]}, "/campaign/0/winner"),
    ({"campaign": [{"scenario": 1, "elves": "A1"}]}, "/campaign/0/elves"),
    ({"params": {"copies": 3}}, "/params/copies"),
    ({"params": {"points_limit": "50"}}, "/params/points_limit"),
])
def test_malformed_armies_name_the_field(doc: dict[str, Any], pointer: str) -> None:
    base = {"game": "battlelore2", "format": "standard", "faction": "daqan-lords"}
    assert pointer in errors_of({**base, **doc})


def test_an_unknown_format_names_the_games_formats() -> None:
    message = errors_of({"game": "battlelore2", "format": "skirmish-200"})["/format"][0]
    assert "standard" in message and "preset-hands" in message


@settings(max_examples=40, deadline=None)
@given(st.permutations(range(5)))
def test_reordering_the_deployment_never_changes_which_rules_break(order: list[int]) -> None:
    cat = catalogue_from_files("battlelore2", "default", BL2_FILES)
    items = [placed("Test Golem", "a1", row=4, terrain="building"), placed("Test Spearmen", "a2", row=1),
             placed("Test Brute", "a3"), placed("Test Griffon", "a4", terrain="water"),
             placed("Test Bowmen", "a5", row=2, terrain="water")]
    tent = {"hex": "t1", "row": 3, "terrain": "clear"}
    base = check(deployed(*items, command_tent=tent), cat)
    shuffled = check(deployed(*[items[i] for i in order], command_tent=tent), cat)
    assert rules(base) == rules(shuffled) and base["totals"] == shuffled["totals"]
