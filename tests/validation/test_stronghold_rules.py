"""Stronghold: each rule of stronghold.md §10.7 on both sides of its limit, the §10.5 examples and the §12 plan
examples (E16, E17, E19), the three formats, missing and stand-in data, malformed plans. The bundled catalogue (read
from its file: costs, placements, the stand-in board TB-9) plus invented stand-in phase cards
(tests/validation/fixtures/stronghold-standins.json: the seed prints no card's actions)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.validation.helpers import FIXTURES, ROOT, catalogue_from_files, check, only, rules, warnings
from validation.core import RULES, Catalogue, DocumentError, ResultJSON, describe_formats, parse_document
from validation.core.entered import with_entered

SH_FILES = [ROOT / "catalogue" / "data" / "stronghold" / "default" / "stronghold.json",
            FIXTURES / "stronghold-standins.json"]

# What the stand-in cards print (the fixture): Red/Green Machines 1 Ballista, Altar, Ram; 2 Ballista, Catapult, Ram,
# Cover; 3 Trebuchet, Siege Tower, Cover; 4 Catapult, Altar, Siege Tower; 5 Ballista, Trebuchet, Ram. Equipment 1
# Banners, Ladders, Bridge; 2 Ropes, Trapdoor, Shields; 3 Banners, Ladders, Ropes, Poison; 4 Trapdoor, Bridge,
# Shields; 5 Poison, Banners, Ladders, Shields. Training 1 Gunner, Commissar, Drover; 2 Trench Commander, Saboteur,
# Recruit Trainer; 3 Marksman, Commissar, Gunner; 4 Drover, Saboteur, Marksman; 5 Recruit Trainer, Trench Commander,
# Commissar. Rituals 1 Bloodstone, Possession, Ghost; 2 Fire, Panic, Storm; 3 Accident, Bloodstone, Fire; 4 Fire,
# Storm, Possession, Ghost; 5 Panic, Accident, Storm, Possession. Supply: Produce Resources (+ Transfer Units, green);
# Mobilization: both mobilizations, Open Order, Secret Orders.

RULE_IDS = {
    "stronghold.setup-counts", "stronghold.phase-card-draft", "stronghold.round-limit", "stronghold.phase-order",
    "stronghold.action-on-phase-card", "stronghold.action-once-per-round", "stronghold.phase-card-flip",
    "stronghold.unit-cost-option", "stronghold.resource-cost", "stronghold.fresh-units-only",
    "stronghold.resources-available", "stronghold.resource-income", "stronghold.units-per-round",
    "stronghold.hourglass-total", "stronghold.camp-upkeep", "stronghold.max-shooting-machines",
    "stronghold.component-limit", "stronghold.tile-placement", "stronghold.one-item-per-field",
    "stronghold.siege-tower-section", "stronghold.ram-per-round", "stronghold.equipment-per-section",
    "stronghold.bridge-empty-path", "stronghold.training-per-rampart", "stronghold.gunner-hit-card",
    "stronghold.recruit-exchange", "stronghold.transfer-restrictions", "stronghold.same-side",
    "stronghold.escape-knife", "stronghold.mobilization-limit", "stronghold.mobilization-sequence",
    "stronghold.forward-movement", "stronghold.direct-entry", "stronghold.rope-move",
    "stronghold.gathering-point-capacity", "stronghold.rampart-capacity", "stronghold.section-capacity",
    "stronghold.gate-tower-capacity", "stronghold.order-unit-type", "stronghold.one-order-per-section",
    "stronghold.open-order-single", "stronghold.ally-action", "stronghold.unit-transfer",
    "stronghold.no-resource-sharing",
}

# stronghold.md §10.5: the two-player round plan on the test board (legal: 11 hourglasses, 1 resource left).
EXAMPLE_PLAN: dict[str, Any] = {
    "kind": "round-plan", "round": 4,
    "phase_cards": {"1": "Red Supply", "2": "Red Machines 2", "3": "Red Equipment 5", "4": "Red Training 3",
                    "5": "Red Rituals 4", "6": "Red Mobilization", "camp": "Red Camp"},
    "flipped": [],
    "state": {
        "resources": 1, "drawn": {"goblin": 4, "orc": 7, "troll": 3}, "camp": {"goblin": 1, "orc": 1},
        "board": {"tiles": [{"name": "Catapult", "at": "W2"}, {"name": "Ram", "at": "GATE"}],
                  "units": {"GW": {"goblin": 2, "orc": 3}, "W2": {"orc": 2, "troll": 1}}},
        "flipped": [], "killed_goblins": 2, "hit_cards_in_supply": 9, "traps": ["PW2"],
        "defender": {"cauldrons": ["C-S3-orc"]},
    },
    "income": 5,
    "entries": [
        {"name": "Produce Resources", "phase": 1, "pay": {"orc": 1}, "gain": 2},
        {"name": "Ballista", "phase": 2, "pay": {"troll": 1}, "resources": 6, "target": "W1"},
        {"name": "Poison", "phase": 3, "pay": {"goblin": 2}, "resources": 1, "target": "S3"},
        {"name": "Marksman", "phase": 4, "pay": {"orc": 1}, "target": "W2"},
        {"name": "Fire", "phase": 5, "pay": {"goblin": 1}, "target": "Barracks"},
        {"name": "Lesser Mobilization", "phase": 6, "moves": [
            {"from": "W2", "to": "S3", "units": {"orc": 2, "troll": 1}},
            {"from": "GW", "to": "W2", "units": {"goblin": 2, "orc": 3}},
            {"from": "camp", "to": "GW", "units": {"orc": 3, "troll": 2}},
        ]},
    ],
    "rope_moves": [],
    "orders": [{"name": "Orc Blast", "section": "S3", "secret": False},
               {"name": "Bluff", "section": "S4", "secret": True}],
    "camp_upkeep": 1,
    "hourglasses": 11,
}

# stronghold.md §10.5: the three-player setup (legal).
EXAMPLE_SETUP: dict[str, Any] = {
    "kind": "setup", "players": 3,
    "attackers": [
        {"side": "east", "resources": 3,
         "phase_cards": {"1": "Green Supply", "2": "Green Machines 4", "3": "Green Equipment 2",
                         "4": "Green Training 5", "5": "Green Rituals 1", "6": "Green Mobilization",
                         "camp": "Green Camp"}},
        {"side": "west", "resources": 3,
         "phase_cards": {"1": "Green Supply", "2": "Green Machines 1", "3": "Green Equipment 3",
                         "4": "Green Training 2", "5": "Green Rituals 4", "6": "Green Mobilization",
                         "camp": "Green Camp"}},
    ],
    "draft": {"2": {"drawn": ["Green Machines 1", "Green Machines 3", "Green Machines 4"]},
              "3": {"drawn": ["Green Equipment 2", "Green Equipment 3", "Green Equipment 5"]},
              "4": {"drawn": ["Green Training 1", "Green Training 2", "Green Training 5"]},
              "5": {"drawn": ["Green Rituals 1", "Green Rituals 2", "Green Rituals 4"]}},
    "bag": {"goblin": 60, "orc": 100, "troll": 40},
    "defender": {"stone_per_section": 2, "honour_guard": {"soldier": 2}, "watchtower": {"archer": 1},
                 "barracks": {"archer": 4, "soldier": 1}, "hourglasses": 4},
    "glory": {"attacker": 10, "defender_fields": [1, 1, 1, 1], "supply": 15},
}

CARDS = {"1": "Red Supply", "2": "Red Machines 2", "3": "Red Equipment 3", "4": "Red Training 1",
         "5": "Red Rituals 4", "6": "Red Mobilization", "camp": "Red Camp"}


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return catalogue_from_files("stronghold", "default", SH_FILES)


def sh(plan: dict[str, Any], fmt: str = "two-player", **top: Any) -> dict[str, Any]:
    return {"game": "stronghold", "format": fmt, "plan": plan, **top}


def example() -> dict[str, Any]:
    return copy.deepcopy(EXAMPLE_PLAN)


def bare(*entries: dict[str, Any], orders: list[dict[str, Any]] | None = None, cards: dict[str, str] | None = None,
         drawn: dict[str, int] | None = None, **state: Any) -> dict[str, Any]:
    """A minimal legal two-player plan (nothing built, 14 fresh units) with these entries and state."""
    base_state: dict[str, Any] = {
        "resources": 10, "drawn": drawn or {"goblin": 5, "orc": 6, "troll": 3}, "camp": {},
        "board": {"tiles": [], "units": {}}, "flipped": [], "killed_goblins": 0, "hit_cards_in_supply": 11,
        "traps": [], "defender": {"cauldrons": []},
    }
    board = state.pop("board", None)
    base_state.update(state)
    if board is not None:
        base_state["board"] = {"tiles": board.get("tiles", []), "units": board.get("units", {})}
    return {"kind": "round-plan", "round": 3, "phase_cards": {**CARDS, **(cards or {})}, "flipped": [], "income": 5,
            "state": base_state, "entries": list(entries), "orders": orders or []}


def run(cat: Catalogue, plan: dict[str, Any], fmt: str = "two-player", **top: Any) -> list[str]:
    return rules(check(sh(plan, fmt, **top), cat))


def tile(name: str, at: str, occupied: bool = False) -> dict[str, Any]:
    return {"name": name, "at": at, "occupied": occupied}


def mob(*moves: tuple[str, str, dict[str, int]], major: bool = False) -> dict[str, Any]:
    return {"name": "Major Mobilization" if major else "Lesser Mobilization", "phase": 6,
            "moves": [{"from": f, "to": t, "units": u} for f, t, u in moves]}


def three_player(plan: dict[str, Any], side: str = "west", **ally: Any) -> dict[str, Any]:
    out = copy.deepcopy(plan)
    out.pop("camp_upkeep", None)
    hourglasses = out.pop("hourglasses", None)
    out["phase_cards"] = {k: v.replace("Red", "Green") for k, v in out["phase_cards"].items()}
    out.update({"side": side, "ally_phase_cards": {k: v.replace("Red", "Green") for k, v in CARDS.items()},
                "ally_flipped": [], "ally_used_my_card": [], "ally_used_own_card": [],
                "ally_built_ram_this_round": False,
                "hourglasses_excluding_camp": hourglasses if hourglasses is not None else 0, **ally})
    return out


# ------------------------------------------------------------------------------------------- registry and formats


def test_every_rule_of_the_digests_table_is_registered_with_a_seed_source() -> None:
    ours = {r for r in RULES if r.startswith("stronghold.")}
    assert ours == RULE_IDS
    for rule_id in ours:
        assert RULES[rule_id].source.file == "002_d44d61b2c33012b1.txt" and "Source:" in RULES[rule_id].doc


def test_the_formats_are_the_digests_with_the_3_4_player_rules_only_there() -> None:
    formats = {f["id"]: f for f in describe_formats()["formats"] if f["game"] == "stronghold"}
    assert set(formats) == {"two-player", "three-player", "four-player"}
    many = {"stronghold.ally-action", "stronghold.unit-transfer", "stronghold.no-resource-sharing",
            "stronghold.ram-per-round"}
    two = {r["id"] for r in formats["two-player"]["rules"]}
    assert two == RULE_IDS - many
    assert {r["id"] for r in formats["three-player"]["rules"]} == RULE_IDS
    p2, p3, p4 = (formats[f]["params"] for f in ("two-player", "three-player", "four-player"))
    assert (p2["units_per_round"], p3["units_per_round"], p4["units_per_round"]) == (14, 10, 10)
    assert (p2["setup_resources"], p3["setup_resources"]) == (5, 3)
    assert p2["camp_upkeep"] == [[0, 3, 0], [4, 7, 1], [8, 11, 3], [12, None, 6]] and p3["camp_upkeep"] is None
    assert (p2["phase_card_set"], p3["phase_card_set"], p3["phase_cards_drawn_per_phase"]) == ("red", "green", 3)
    assert p4["defenders"] == 2 and p4["defender_round_income"] == {"stone": 1, "hourglasses_each": 1}
    assert p2["board"] == "TB-9" and "board" in formats["two-player"]["free_params"]
    assert p3["unit_transfer"] == {"hourglasses": 1, "max_units": 3} and "unit_transfer" not in p2
    assert (p2["camp_limit_scope"], p2["rope_moves_per_round"], p2["open_orders"]) == ("destination-group", 1, 1)
    assert set(formats["two-player"]["free_params"]) == {"board", "camp_limit_scope"}


# ------------------------------------------------------------------------------------------- the worked examples


def test_the_digests_round_plan_is_legal_with_11_hourglasses_and_1_resource_left(cat: Catalogue) -> None:
    result = check(sh(example()), cat)
    assert result["legal"], result["violations"]
    totals = result["totals"]
    assert (totals["resources_spent"], totals["resources_left"], totals["units_used"], totals["hourglasses"]) == (
        7, 1, 6, 11)
    assert (totals["camp"], totals["camp_upkeep"]) == (5, 1)
    assert totals["capacity_left"]["S3"] == 1 and totals["capacity_left"]["W2"] == 2


def test_the_digests_three_player_setup_is_legal(cat: Catalogue) -> None:
    result = check(sh(copy.deepcopy(EXAMPLE_SETUP), "three-player"), cat)
    assert result["legal"], result["violations"]
    assert result["totals"] == {"resources_spent": 0, "resources_left": 6, "units_used": 0, "hourglasses": None}


def test_a_plan_on_the_stand_in_board_says_so_and_the_stand_in_cards_too(cat: Catalogue) -> None:
    result = check(sh(example()), cat)
    stand_ins: list[dict[str, Any]] = [dict(w) for w in result["warnings"] if w["rule"] == "catalogue.stand-in"]
    assert [w["cards"] for w in stand_ins] == [["tb-9"], sorted(["test-red-camp", "test-red-equipment-5",
                                               "test-red-machines-2", "test-red-mobilization", "test-red-rituals-4",
                                               "test-red-supply", "test-red-training-3"])]
    assert stand_ins[0]["source"]["file"] == "stronghold.md"


def test_e19_a_full_two_player_round_gives_15_hourglasses(cat: Catalogue) -> None:
    # stronghold.md §12, derived E19 [round-2p-full-legal].
    plan = bare(
        {"name": "Produce Resources", "phase": 1, "pay": {"troll": 1}, "gain": 3},
        {"name": "Catapult", "phase": 2, "pay": {"orc": 2}, "resources": 6, "target": "W2"},
        {"name": "Banners", "phase": 3, "pay": {"orc": 1}, "resources": 1, "target": "S3"},
        {"name": "Ladders", "phase": 3, "pay": {"goblin": 2}, "resources": 2, "target": "S1"},
        {"name": "Commissar", "phase": 4, "pay": {"orc": 2}, "target": "W1"},
        {"name": "Storm", "phase": 5, "pay": {"goblin": 1}, "target": "S6"},
        {"name": "Possession", "phase": 5, "pay": {"goblin": 1}, "target": "Officer"},
        mob(("W1", "S1", {"orc": 2, "goblin": 1}), ("W1", "S2", {"orc": 1}), ("GW", "W1", {"orc": 4, "troll": 1}),
            ("camp", "GW", {"goblin": 3, "orc": 1, "troll": 2}), major=True),
        orders=[{"name": "Goblin Frenzy", "section": "S1"}],
        cards={"2": "Red Machines 2", "3": "Red Equipment 3", "4": "Red Training 1", "5": "Red Rituals 4"},
        resources=2, drawn={"goblin": 5, "orc": 6, "troll": 3}, camp={"goblin": 2},
        board={"tiles": [tile("Ballista", "W1")], "units": {"W1": {"orc": 3, "goblin": 2},
                                                           "GW": {"orc": 4, "troll": 1}}},
    )
    plan.update({"camp_upkeep": 0, "hourglasses": 15})
    result = check(sh(plan), cat)
    assert result["legal"], result["violations"]
    assert (result["totals"]["hourglasses"], result["totals"]["resources_left"], result["totals"]["camp"]) == (15, 1, 0)
    assert result["totals"]["capacity_left"]["W1"] == 3  # 6 units on a commissar rampart of 9


def test_e16_two_mobilizations_mirrored_on_the_test_board(cat: Catalogue) -> None:
    # stronghold.md §12 E16 [book-example-two-mobilizations]: (a) = GE, (d) = E1 inner, (e) = E2 outer, (c) = E3;
    # the lesser mobilization's "3 -> (b)" goes to E1 (TB-9's GE leads to E1 and E3 only).
    plan = bare(
        mob(("E1", "E2", {"orc": 6}), ("GE", "E1", {"orc": 5}), ("GE", "E3", {"goblin": 2}),
            ("camp", "GE", {"orc": 7}), major=True),
        mob(("E2", "S7", {"orc": 3}), ("E2", "S8", {"orc": 2}), ("E1", "E2", {"orc": 5}), ("GE", "E1", {"orc": 3}),
            ("GE", "E3", {"orc": 2}), ("camp", "GE", {"orc": 5})),
        drawn={"orc": 12, "goblin": 2}, board={"units": {"E1": {"orc": 6}, "GE": {"orc": 5, "goblin": 2}}},
    )
    result = check(sh(plan), cat)
    assert result["legal"], result["violations"]
    left = result["totals"]["capacity_left"]
    assert (left["E2"], left["E3"], left["GE"], left["E1"]) == (7 - 6, 7 - 4, 10 - 7, 7 - 3)
    # At (a) 7 are present and 5 more come: had only 4 left first, the gathering point would hold 11.
    crowded = copy.deepcopy(plan)
    crowded["entries"][1]["moves"][3]["units"] = {"orc": 1}
    del crowded["entries"][1]["moves"][4]
    assert "stronghold.gathering-point-capacity" in rules(check(sh(crowded), cat))


def test_e17_three_into_the_siege_tower_and_two_to_the_gathering_point_are_five(cat: Catalogue) -> None:
    board = {"tiles": [tile("Siege Tower", "S2")]}
    five = bare(mob(("camp", "ST:S2", {"orc": 3}), ("camp", "GW", {"orc": 2})), drawn={"orc": 14}, board=board)
    assert "stronghold.mobilization-limit" not in run(cat, five)
    six = bare(mob(("camp", "ST:S2", {"orc": 3}), ("camp", "GW", {"orc": 3})), drawn={"orc": 14}, board=board)
    found = only(check(sh(six), cat), "stronghold.mobilization-limit")
    assert found["entries"] == ["/plan/entries/0/moves/0", "/plan/entries/0/moves/1"]
    east = bare(mob(("camp", "ST:S2", {"orc": 3}), ("camp", "GE", {"orc": 3})), drawn={"orc": 14}, board=board)
    assert "stronghold.mobilization-limit" not in run(cat, east)  # another side's gathering point: its own group
    assert "stronghold.mobilization-limit" in run(cat, east, params={"camp_limit_scope": "total"})  # the other reading


# ------------------------------------------------------------------------------------------- setup


def test_setup_counts_on_both_sides(cat: Catalogue) -> None:
    def setup(**change: Any) -> list[str]:
        doc = copy.deepcopy(EXAMPLE_SETUP)
        for key, value in change.items():
            section, _, field = key.partition("__")
            if field:
                doc[section][field] = value
            else:
                doc[section] = value
        return run(cat, doc, "three-player")

    assert setup() == []
    assert "stronghold.setup-counts" in setup(players=4)
    assert "stronghold.setup-counts" in setup(bag={"goblin": 59, "orc": 100, "troll": 40})
    assert "stronghold.setup-counts" in setup(defender__hourglasses=5)
    assert "stronghold.setup-counts" in setup(defender__barracks={"archer": 4})
    assert "stronghold.setup-counts" in setup(glory__supply=14)
    assert "stronghold.setup-counts" in setup(glory__defender_fields=[1, 1, 1])
    two = copy.deepcopy(EXAMPLE_SETUP)
    two["attackers"][0]["resources"] = 4
    assert only(check(sh(two, "three-player"), cat), "stronghold.setup-counts")["entries"] == [
        "/plan/attackers/0/resources"]
    two["attackers"][0]["resources"] = 3
    two["attackers"][1]["side"] = "east"
    assert only(check(sh(two, "three-player"), cat), "stronghold.setup-counts")["hint"] == (
        "one attacker takes the other side")


def test_a_two_player_setup_has_one_attacker_without_a_side_on_red_cards(cat: Catalogue) -> None:
    doc = copy.deepcopy(EXAMPLE_SETUP)
    doc["players"] = 2
    doc["attackers"] = [{"side": None, "resources": 5, "phase_cards": {**CARDS, "2": "Red Machines 1"}}]
    doc["draft"] = {k: {"drawn": [f"Red {w} 1", f"Red {w} 2"]} for k, w in (("2", "Machines"), ("3", "Equipment"),
                                                                         ("4", "Training"), ("5", "Rituals"))}
    doc["attackers"][0]["phase_cards"].update({"3": "Red Equipment 1", "4": "Red Training 2", "5": "Red Rituals 1"})
    assert run(cat, doc) == []
    doc["attackers"][0]["side"] = "west"
    assert run(cat, doc) == ["stronghold.setup-counts"]
    doc["attackers"][0]["side"] = None
    doc["attackers"][0]["resources"] = 3
    assert run(cat, doc) == ["stronghold.setup-counts"]


def test_the_phase_card_draft(cat: Catalogue) -> None:
    def draft(change: Any) -> ResultJSON:
        doc = copy.deepcopy(EXAMPLE_SETUP)
        change(doc)
        return check(sh(doc, "three-player"), cat)

    not_drawn = draft(lambda d: d["attackers"][0]["phase_cards"].update({"2": "Green Machines 2"}))
    assert only(not_drawn, "stronghold.phase-card-draft")["entries"] == ["/plan/attackers/0/phase_cards/2"]
    same = draft(lambda d: d["attackers"][1]["phase_cards"].update({"2": "Green Machines 4"}))
    assert "different" in only(same, "stronghold.phase-card-draft")["message"]
    two_drawn = draft(lambda d: d["draft"]["3"].update({"drawn": ["Green Equipment 2", "Green Equipment 3"]}))
    assert only(two_drawn, "stronghold.phase-card-draft")["entries"] == ["/plan/draft/3/drawn"]
    repeated = draft(lambda d: d["draft"]["3"].update({"drawn": ["Green Equipment 2", "Green Equipment 3",
                                                                 "Green Equipment 3"]}))
    assert "stronghold.phase-card-draft" in rules(repeated)
    red = draft(lambda d: d["attackers"][0]["phase_cards"].update({"6": "Red Mobilization"}))
    assert only(red, "stronghold.phase-card-draft")["entries"] == ["/plan/attackers/0/phase_cards/6"]
    wrong_phase = draft(lambda d: d["draft"]["4"].update({"drawn": ["Green Training 1", "Green Training 2",
                                                                    "Green Rituals 5"]}))
    assert "stronghold.phase-card-draft" in rules(wrong_phase)


def test_a_draft_of_deck_records_waits_for_the_individual_cards(cat: Catalogue) -> None:
    doc = copy.deepcopy(EXAMPLE_SETUP)
    deck = "Siege Machines phase cards (green)"
    doc["draft"]["2"]["drawn"] = [deck, deck, deck]
    doc["attackers"][0]["phase_cards"]["2"] = deck
    doc["attackers"][1]["phase_cards"]["2"] = deck
    result = check(sh(doc, "three-player"), cat)
    missing = only(result, "catalogue.missing-data")
    assert (missing["card"], missing["field"], missing["needed_by"]) == (
        "green-phase-2", "cards", ["stronghold.phase-card-draft"])
    assert "stronghold.phase-card-draft" not in rules(result)


# ------------------------------------------------------------------------------------------- round and cards


@pytest.mark.parametrize(("round_", "ok"), [(0, False), (1, True), (10, True), (11, False)])
def test_round_limit(cat: Catalogue, round_: int, ok: bool) -> None:
    plan = bare()
    plan["round"] = round_
    assert ("stronghold.round-limit" not in run(cat, plan)) is ok


def test_phases_never_go_back(cat: Catalogue) -> None:
    fire = {"name": "Fire", "phase": 5, "pay": {"goblin": 1}, "target": "Barracks"}
    ballista = {"name": "Ballista", "phase": 2, "pay": {"troll": 1}, "target": "W1"}
    assert run(cat, bare(ballista, fire)) == []
    result = check(sh(bare(fire, ballista)), cat)
    assert only(result, "stronghold.phase-order")["entries"] == ["/plan/entries/1/phase"]


def test_an_action_is_printed_on_the_chosen_card_of_its_phase(cat: Catalogue) -> None:
    catapult = {"name": "Catapult", "phase": 2, "pay": {"troll": 1}, "target": "W1"}
    assert run(cat, bare(catapult, cards={"2": "Red Machines 2"})) == []
    found = only(check(sh(bare(catapult, cards={"2": "Red Machines 1"})), cat), "stronghold.action-on-phase-card")
    assert found["hint"] == "take only Red Machines 1's actions: Altar, Ballista and Ram"
    late = {**catapult, "phase": 3}
    assert only(check(sh(bare(late)), cat), "stronghold.action-on-phase-card")["entries"] == [
        "/plan/entries/0/phase"]


def test_a_flipped_card_offers_only_its_special_action(cat: Catalogue) -> None:
    catapult = {"name": "Catapult", "phase": 2, "pay": {"troll": 1}, "target": "W1"}
    precise = {"name": "Precise Hit", "phase": 2, "target": "W2"}
    board = {"tiles": [tile("Catapult", "W2")]}
    flipped = bare(catapult, board=board)
    flipped["flipped"] = ["2"]
    assert "stronghold.action-on-phase-card" in run(cat, flipped)
    special = bare(precise, board=board)
    assert "stronghold.action-on-phase-card" in run(cat, special)
    special["flipped"] = ["2"]
    assert run(cat, special) == []


def test_a_deck_record_as_the_card_waits_for_its_printed_actions_and_the_fixed_cards_are_known(
    cat: Catalogue,
) -> None:
    plan = bare({"name": "Catapult", "phase": 2, "pay": {"troll": 1}, "target": "W1"},
                {"name": "Lesser Mobilization", "phase": 6, "moves": []},
                {"name": "Produce Resources", "phase": 1, "pay": {"orc": 1}, "gain": 2},
                cards={"1": "Supply phase cards (red)", "2": "Siege Machines phase cards (red)",
                       "6": "Mobilization phase cards (red)", "camp": "Camp card (red)"})
    plan["entries"].insert(0, plan["entries"].pop())
    result = check(sh(plan), cat)
    missing = only(result, "catalogue.missing-data")
    assert (missing["card"], missing["field"], missing["needed_by"]) == (
        "red-phase-2", "actions", ["stronghold.action-on-phase-card"])
    assert rules(result) == ["catalogue.missing-data"]


def test_printed_actions_a_player_entered_for_a_phase_card_are_checked_and_marked_as_theirs(cat: Catalogue) -> None:
    plan = bare({"name": "Catapult", "phase": 2, "pay": {"troll": 1}, "target": "W1"},
                cards={"2": "Siege Machines phase cards (red)"})
    typed = with_entered(cat, {"red-phase-2": {"actions": ["Catapult", "Ballista"]}})  # as read off a card (test)
    result = check(sh(plan), typed)
    assert result["legal"], result["violations"]
    [entered] = [dict(w) for w in result["warnings"] if w["rule"] == "catalogue.player-entered"]
    assert entered["card"] == "red-phase-2" and entered["fields"] == ["actions"]
    assert entered["entries"] == ["/plan/phase_cards/2"] and "entered by a player" in str(entered["message"])
    other = with_entered(cat, {"red-phase-2": {"actions": ["Ballista"]}})
    assert rules(check(sh(plan), other)) == ["stronghold.action-on-phase-card"]


def test_the_main_boards_layout_a_player_entered_replaces_the_stand_in_and_is_marked_as_theirs(
        cat: Catalogue) -> None:
    tower = {"name": "Siege Tower", "phase": 2, "pay": {"troll": 1}, "target": "S1"}
    plan = bare(tower, cards={"2": "Red Machines 3"})
    on_tb9 = check(sh(plan), cat)  # TB-9 takes no siege tower at S1, and says it is a stand-in
    assert rules(on_tb9) == ["stronghold.siege-tower-section"]
    assert any(w["rule"] == "catalogue.stand-in" and "TB-9" in str(w["message"]) for w in on_tb9["warnings"])
    layout = copy.deepcopy(cat.by_slug["tb-9"].fields["layout"])  # a board as a player typed it (test)
    layout["sections"]["S1"]["siege_tower"] = True
    typed = with_entered(cat, {"main-board": {"layout": layout}})
    result = check(sh(plan), typed)  # the format still names TB-9: it gives way to the board the player entered
    assert result["legal"], result["violations"]
    assert not any("TB-9" in str(w["message"]) for w in result["warnings"])
    [entered] = [dict(w) for w in result["warnings"] if w["rule"] == "catalogue.player-entered"]
    assert entered["card"] == "main-board" and entered["fields"] == ["layout"]
    assert "Main board" in str(entered["message"]) and "entered its layout" in str(entered["message"])
    named = check(sh(plan, params={"board": "main-board"}), cat)  # chosen by name and not known: missing data
    assert only(named, "catalogue.missing-data")["field"] == "layout"


def test_a_two_player_plan_has_no_allys_card(cat: Catalogue) -> None:
    plan = bare({"name": "Fire", "phase": 5, "pay": {"goblin": 1}, "target": "Barracks", "card": "ally"})
    assert only(check(sh(plan), cat), "stronghold.action-on-phase-card")["entries"] == ["/plan/entries/0/card"]


def test_orders_need_open_or_secret_orders_on_the_phase_6_card(cat: Catalogue) -> None:
    plan = bare(orders=[{"name": "Bluff", "section": "S1", "secret": True}], cards={"6": "Red Supply"})
    assert "stronghold.action-on-phase-card" in run(cat, plan)


def test_each_action_once_per_round(cat: Catalogue) -> None:
    fire = {"name": "Fire", "phase": 5, "pay": {"goblin": 1}, "target": "Barracks"}
    assert "stronghold.action-once-per-round" in run(cat, bare(fire, {**fire, "target": "Forge"}))
    assert "stronghold.action-once-per-round" in run(cat, bare({**fire, "qty": 2, "pay": {"goblin": 2}}))
    both = bare(mob(("camp", "GW", {"orc": 1})), mob(("camp", "GE", {"orc": 1}), major=True))
    assert run(cat, both) == []


def test_flipped_cards_stay_flipped_and_phase_6_has_none(cat: Catalogue) -> None:
    plan = bare(resources=0)
    plan["state"]["flipped"] = ["3"]
    assert only(check(sh(plan), cat), "stronghold.phase-card-flip")["hint"] == "add 3"
    plan["flipped"] = ["3"]
    assert run(cat, plan) == []
    plan["flipped"] = ["3", "6"]
    assert run(cat, plan) == ["stronghold.phase-card-flip"]


# ------------------------------------------------------------------------------------------- paying


@pytest.mark.parametrize(("name", "pay", "ok"), [
    ("Ballista", {"troll": 1}, True), ("Ballista", {"orc": 2}, True), ("Ballista", {"orc": 1, "goblin": 1}, False),
    ("Ballista", {"troll": 1, "orc": 2}, False), ("Ballista", {"goblin": 2}, False), ("Ballista", {}, False),
    ("Cover", {"orc": 1}, True), ("Cover", {"goblin": 2}, True), ("Cover", {"troll": 1}, False),
])
def test_units_paid_are_exactly_one_printed_option(cat: Catalogue, name: str, pay: dict[str, int], ok: bool) -> None:
    plan = bare({"name": name, "phase": 2, "pay": pay, "target": "W1"})
    assert ("stronghold.unit-cost-option" not in run(cat, plan)) is ok


def test_rituals_take_goblins_and_hourglass_actions_no_units(cat: Catalogue) -> None:
    assert run(cat, bare({"name": "Fire", "phase": 5, "pay": {"goblin": 1}, "target": "Barracks"})) == []
    assert "stronghold.unit-cost-option" in run(cat, bare({"name": "Fire", "phase": 5, "pay": {"orc": 1},
                                                            "target": "Barracks"}))
    paid_mob = bare({**mob(("camp", "GW", {"orc": 1})), "pay": {"goblin": 1}})
    assert "stronghold.unit-cost-option" in run(cat, paid_mob)


def test_resources_paid_are_the_printed_cost(cat: Catalogue) -> None:
    ballista = {"name": "Ballista", "phase": 2, "pay": {"troll": 1}, "target": "W1"}
    assert run(cat, bare({**ballista, "resources": 6})) == []
    assert only(check(sh(bare({**ballista, "resources": 5})), cat), "stronghold.resource-cost")["hint"] == (
        "pay 6 resources")
    marksman = {"name": "Marksman", "phase": 4, "pay": {"orc": 1}, "target": "W1", "resources": 1}
    cards = {"4": "Red Training 3"}
    assert "stronghold.resource-cost" in run(cat, bare(marksman, cards=cards))


def test_only_the_fresh_draw_pays(cat: Catalogue) -> None:
    trolls = [{"name": "Ballista", "phase": 2, "pay": {"troll": 1}, "target": "W1"},
              {"name": "Produce Resources", "phase": 1, "pay": {"troll": 1}, "gain": 3}]
    assert run(cat, bare(trolls[1], trolls[0], drawn={"troll": 2, "orc": 12})) == []
    result = check(sh(bare(trolls[1], trolls[0], drawn={"troll": 1, "orc": 13}, camp={"troll": 5})), cat)
    assert only(result, "stronghold.fresh-units-only")["hint"].startswith("1 troll short")


def test_resources_exactly_spent_are_legal_one_more_is_one_short(cat: Catalogue) -> None:
    ballista = {"name": "Ballista", "phase": 2, "pay": {"troll": 1}, "resources": 6, "target": "W1"}
    assert run(cat, bare(ballista, resources=1)) == []  # 1 + 5
    result = check(sh(bare(ballista, resources=0)), cat)
    assert only(result, "stronghold.resources-available")["hint"] == "1 resource short"
    assert result["totals"]["resources_left"] == -1
    produce = {"name": "Produce Resources", "phase": 1, "pay": {"goblin": 1}, "gain": 1}
    assert run(cat, bare(produce, ballista, resources=0)) == []


def test_income_and_production(cat: Catalogue) -> None:
    plan = bare({"name": "Produce Resources", "phase": 1, "pay": {"orc": 1}, "gain": 2})
    assert run(cat, plan) == []
    plan["entries"][0]["gain"] = 3
    assert only(check(sh(plan), cat), "stronghold.resource-income")["hint"] == "claim 2"
    plan = bare()
    plan["income"] = 4
    assert only(check(sh(plan), cat), "stronghold.resource-income")["entries"] == ["/plan/income"]


def test_charge_draws_2_more_units_and_brings_no_resources(cat: Catalogue) -> None:
    plan = bare(drawn={"orc": 16})
    plan["flipped"] = ["1"]
    plan["income"] = 0
    assert run(cat, plan) == []
    plan["income"] = 5
    assert run(cat, plan) == ["stronghold.resource-income"]
    plan["income"] = 0
    plan["state"]["drawn"] = {"orc": 14}
    assert run(cat, plan) == ["stronghold.units-per-round"]


@pytest.mark.parametrize(("drawn", "bag", "ok"), [(14, None, True), (13, None, False), (15, None, False),
                                                  (12, 12, True), (14, 12, False)])
def test_the_draw_is_14_or_what_is_left_in_the_bag(cat: Catalogue, drawn: int, bag: int | None, ok: bool) -> None:
    plan = bare(drawn={"orc": drawn}, bag_size=bag)
    assert ("stronghold.units-per-round" not in run(cat, plan)) is ok


def test_the_hourglasses_declared_are_the_actions_and_the_upkeep(cat: Catalogue) -> None:
    plan = example()
    plan["hourglasses"] = 12
    assert only(check(sh(plan), cat), "stronghold.hourglass-total")["hint"] == "declare 11"
    plan = example()
    plan["camp_upkeep"] = 3
    plan["hourglasses"] = 13
    assert rules(check(sh(plan), cat)) == ["stronghold.camp-upkeep"]  # a wrong upkeep is reported once
    del plan["camp_upkeep"]
    plan["hourglasses"] = 11
    assert rules(check(sh(plan), cat)) == []  # no upkeep declared: the computed one counts


@pytest.mark.parametrize(("left", "upkeep"), [(0, 0), (3, 0), (4, 1), (7, 1), (8, 3), (11, 3), (12, 6), (14, 6)])
def test_camp_upkeep_at_its_band_edges(cat: Catalogue, left: int, upkeep: int) -> None:
    moved = 14 - left
    moves = [m for m in (("camp", "GW", {"orc": min(moved, 7)}), ("camp", "GE", {"orc": moved - min(moved, 7)}))
             if sum(m[2].values())]
    plan = bare(mob(*moves, major=True), drawn={"orc": 14})
    plan["camp_upkeep"] = upkeep
    plan["hourglasses"] = 5 + upkeep
    result = check(sh(plan), cat)
    assert result["legal"], result["violations"]
    assert result["totals"]["camp"] == left
    plan["camp_upkeep"] = upkeep + 1
    plan["hourglasses"] = 6 + upkeep
    assert rules(check(sh(plan), cat)) == ["stronghold.camp-upkeep"]


# ------------------------------------------------------------------------------------------- tiles


def test_at_most_4_shooting_machines(cat: Catalogue) -> None:
    three = [tile("Catapult", "W2"), tile("Ballista", "E1"), tile("Trebuchet", "GE")]
    ballista = {"name": "Ballista", "phase": 2, "pay": {"troll": 1}, "target": "W1"}
    assert run(cat, bare(ballista, board={"tiles": three})) == []
    four = [*three, tile("Trebuchet", "GW")]
    assert run(cat, bare(ballista, board={"tiles": four})) == ["stronghold.max-shooting-machines"]


def test_the_box_limits_tiles_orders_and_hit_cards(cat: Catalogue) -> None:
    cover = {"name": "Cover", "phase": 2, "pay": {"orc": 1}, "target": "E2"}
    two = [tile("Cover", "W1"), tile("Cover", "W2")]
    assert run(cat, bare(cover, board={"tiles": two})) == []
    three = [*two, tile("Cover", "E1")]
    found = only(check(sh(bare(cover, board={"tiles": three})), cat), "stronghold.component-limit")
    assert found["hint"] == "Cover: 1 tile too many"
    bluffs = [{"name": "Bluff", "section": s, "secret": True} for s in ("S1", "S2")]
    assert run(cat, bare(orders=bluffs)) == []
    assert run(cat, bare(orders=[*bluffs, {"name": "Bluff", "section": "S3", "secret": True}])) == [
        "stronghold.component-limit"]
    ballista = {"name": "Ballista", "phase": 2, "pay": {"troll": 1}, "target": "W1"}
    assert run(cat, bare(ballista, hit_cards_in_supply=2)) == []
    assert run(cat, bare(ballista, hit_cards_in_supply=1)) == ["stronghold.component-limit"]


@pytest.mark.parametrize(("name", "phase", "target", "cards", "ok"), [
    ("Ballista", 2, "W1", {}, True), ("Ballista", 2, "S1", {}, False), ("Ballista", 2, "GW", {}, False),
    ("Trebuchet", 2, "GW", {"2": "Red Machines 3"}, True), ("Trebuchet", 2, "W1", {"2": "Red Machines 3"}, False),
    ("Ram", 2, "GATE", {}, True), ("Ram", 2, "S1", {}, False),
    ("Bridge", 3, "PW1", {"3": "Red Equipment 1"}, True), ("Bridge", 3, "S1", {"3": "Red Equipment 1"}, False),
    ("Poison", 3, "S1", {}, True), ("Poison", 3, "W1", {}, False),
    ("Saboteur", 4, "Forge", {"4": "Red Training 2"}, True), ("Saboteur", 4, "W1", {"4": "Red Training 2"}, False),
    ("Fire", 5, "Barracks", {}, True), ("Fire", 5, "Courtyard", {}, False),
    ("Ghost", 5, "Hospital", {}, True), ("Ghost", 5, "Barracks", {}, False),
    ("Possession", 5, "Officer", {}, True), ("Possession", 5, "Forge", {}, False),
    ("Panic", 5, "Courtyard", {"5": "Red Rituals 2"}, True), ("Panic", 5, "S1", {"5": "Red Rituals 2"}, False),
    ("Accident", 5, "C-S3-orc", {"5": "Red Rituals 3"}, True), ("Accident", 5, "C-S9-orc", {"5": "Red Rituals 3"},
                                                                False),
    ("Bloodstone", 5, "W2", {"5": "Red Rituals 1"}, True), ("Bloodstone", 5, "E1", {"5": "Red Rituals 1"}, False),
])
def test_each_tile_goes_to_its_kind_of_place(cat: Catalogue, name: str, phase: int, target: str,
                                             cards: dict[str, str], ok: bool) -> None:
    card = next(c for c in cat.cards if c.name == name and c.get("hourglasses") is not None)
    option = next({u: int(card.get(f"cost_{u}s"))} for u in ("goblin", "orc", "troll") if card.get(f"cost_{u}s"))
    entry = {"name": name, "phase": phase, "pay": option, "target": target}
    plan = bare(entry, cards=cards, board={"tiles": [tile("Catapult", "W2"), tile("Ballista", "E1")]},
                defender={"cauldrons": ["C-S3-orc"]})
    result = run(cat, plan)
    assert ("stronghold.tile-placement" not in result) is ok, result


def test_orders_go_on_wall_sections(cat: Catalogue) -> None:
    assert "stronghold.tile-placement" in run(cat, bare(orders=[{"name": "Bluff", "section": "W1"}]))


def test_one_item_per_field(cat: Catalogue) -> None:
    ballista = {"name": "Ballista", "phase": 2, "pay": {"troll": 1}, "target": "W2"}
    board = {"tiles": [tile("Catapult", "W2")]}
    assert only(check(sh(bare(ballista, board=board)), cat), "stronghold.one-item-per-field")["entries"] == [
        "/plan/entries/0/target"]
    cover = {"name": "Cover", "phase": 2, "pay": {"orc": 1}, "target": "W2"}
    assert run(cat, bare(cover, board=board)) == []  # its own field
    assert run(cat, bare(cover, board={"tiles": [tile("Cover", "W2")]})) == ["stronghold.one-item-per-field"]
    altar = {"name": "Altar", "phase": 2, "pay": {"orc": 1}, "target": "GW"}
    assert run(cat, bare(altar, cards={"2": "Red Machines 1"}, board={"tiles": [tile("Trebuchet", "GW")]})) == []
    full = {"tiles": [tile("Trebuchet", "GW"), tile("Altar", "GW")]}
    assert run(cat, bare(altar, cards={"2": "Red Machines 1"}, board=full)) == ["stronghold.one-item-per-field"]
    saboteur = {"name": "Saboteur", "phase": 4, "pay": {"orc": 2}, "target": "Forge"}
    assert run(cat, bare(saboteur, cards={"4": "Red Training 2"}, board={"tiles": [tile("Saboteur", "Forge")]})) == [
        "stronghold.one-item-per-field"]


def test_a_siege_tower_only_on_the_marked_sections(cat: Catalogue) -> None:
    tower = {"name": "Siege Tower", "phase": 2, "pay": {"troll": 1}, "target": "S2"}
    assert run(cat, bare(tower, cards={"2": "Red Machines 3"})) == []
    result = check(sh(bare({**tower, "target": "S1"}, cards={"2": "Red Machines 3"})), cat)
    assert only(result, "stronghold.siege-tower-section")["hint"] == "build it at S2 or S3 or S7 or S8"
    assert "stronghold.one-item-per-field" in run(cat, bare(tower, cards={"2": "Red Machines 3"},
                                                            board={"tiles": [tile("Siege Tower", "S2")]}))


def test_equipment_two_per_section_of_different_types(cat: Catalogue) -> None:
    ladders = {"name": "Ladders", "phase": 3, "pay": {"orc": 1}, "target": "S1"}
    assert run(cat, bare(ladders, board={"tiles": [tile("Banners", "S1")]})) == []
    full = {"tiles": [tile("Banners", "S1"), tile("Poison", "S1")]}
    assert run(cat, bare(ladders, board=full)) == ["stronghold.equipment-per-section"]
    assert run(cat, bare(ladders, board={"tiles": [tile("Ladders", "S1")]})) == ["stronghold.equipment-per-section"]


def test_a_bridge_needs_an_empty_path_field(cat: Catalogue) -> None:
    bridge = {"name": "Bridge", "phase": 3, "pay": {"orc": 1}, "target": "PW1"}
    cards = {"3": "Red Equipment 1"}
    assert run(cat, bare(bridge, cards=cards, traps=["PW2"])) == []
    assert run(cat, bare({**bridge, "target": "PW2"}, cards=cards, traps=["PW2"])) == ["stronghold.bridge-empty-path"]
    assert run(cat, bare(bridge, cards=cards, board={"tiles": [tile("Bridge", "PW1")]})) == [
        "stronghold.bridge-empty-path"]


def test_training_two_per_rampart_of_different_types(cat: Catalogue) -> None:
    commissar = {"name": "Commissar", "phase": 4, "pay": {"orc": 2}, "target": "W2"}
    assert run(cat, bare(commissar, board={"tiles": [tile("Marksman", "W2")]})) == []
    full = {"tiles": [tile("Marksman", "W2"), tile("Drover", "W2")]}
    assert run(cat, bare(commissar, board=full)) == ["stronghold.training-per-rampart"]
    assert run(cat, bare(commissar, board={"tiles": [tile("Commissar", "W2")]})) == [
        "stronghold.training-per-rampart"]


def test_a_gunner_needs_a_shooting_machine_and_a_spare_hit_card(cat: Catalogue) -> None:
    gunner = {"name": "Gunner", "phase": 4, "pay": {"orc": 2}, "target": "W2"}
    board = {"tiles": [tile("Catapult", "W2")]}
    assert run(cat, bare(gunner, board=board, hit_cards_in_supply=1)) == []
    assert run(cat, bare(gunner, board=board, hit_cards_in_supply=0)) == ["stronghold.gunner-hit-card"]
    assert run(cat, bare({**gunner, "target": "W1"}, board=board)) == ["stronghold.gunner-hit-card"]
    ballista = {"name": "Ballista", "phase": 2, "pay": {"troll": 1}, "target": "W1"}
    assert run(cat, bare(ballista, {**gunner, "target": "W1"}, hit_cards_in_supply=3)) == []
    assert run(cat, bare(ballista, {**gunner, "target": "W1"}, hit_cards_in_supply=2)) == [
        "stronghold.gunner-hit-card"]


def test_the_recruit_trainer_exchanges_up_one_type(cat: Catalogue) -> None:
    cards = {"4": "Red Training 2"}
    trainer = {"name": "Recruit Trainer", "phase": 4, "pay": {"goblin": 2}, "receive": {"orc": 2}}
    result = check(sh(bare(trainer, cards=cards)), cat)
    assert result["legal"] and result["totals"]["camp"] == 14  # 12 fresh left + 2 new orcs
    assert run(cat, bare({**trainer, "receive": {"troll": 2}}, cards=cards)) == ["stronghold.recruit-exchange"]
    assert run(cat, bare({**trainer, "pay": {"orc": 2}, "receive": {"troll": 2}}, cards=cards)) == []


def test_transfers_move_an_existing_tile_to_the_same_kind_of_place(cat: Catalogue) -> None:
    transfer = {"name": "Equipment Transfer", "phase": 3, "tile": "Banners", "from": "S1", "to": "S2"}
    board = {"tiles": [tile("Banners", "S1")]}

    def flipped(plan: dict[str, Any]) -> dict[str, Any]:
        plan["flipped"] = ["3"]
        return plan

    assert run(cat, flipped(bare(transfer, board=board))) == []
    assert run(cat, flipped(bare({**transfer, "from": "S4"}, board=board))) == ["stronghold.transfer-restrictions"]
    assert run(cat, flipped(bare({**transfer, "to": "W1"}, board=board))) == ["stronghold.transfer-restrictions"]
    ladder = {"tiles": [tile("Ladders", "S1", occupied=True)]}
    assert run(cat, flipped(bare({**transfer, "tile": "Ladders"}, board=ladder))) == [
        "stronghold.transfer-restrictions"]
    crowded = {"tiles": [tile("Banners", "S1"), tile("Poison", "S2"), tile("Ropes", "S2")]}
    assert run(cat, flipped(bare(transfer, board=crowded))) == ["stronghold.equipment-per-section"]
    relocate = {"name": "Training Relocation", "phase": 4, "tile": "Marksman", "from": "W2", "to": "W1"}
    plan = bare(relocate, board={"tiles": [tile("Marksman", "W2")]})
    plan["flipped"] = ["4"]
    assert run(cat, plan) == []
    plan["entries"][0]["to"] = "S1"
    assert run(cat, plan) == ["stronghold.transfer-restrictions"]


def test_nothing_crosses_to_the_other_side(cat: Catalogue) -> None:
    transfer = {"name": "Equipment Transfer", "phase": 3, "tile": "Banners", "from": "S4", "to": "S5"}
    plan = bare(transfer, board={"tiles": [tile("Banners", "S4")]})
    plan["flipped"] = ["3"]
    assert run(cat, plan) == ["stronghold.same-side"]


def test_escape_from_the_knife(cat: Catalogue) -> None:
    def escape(goblins: int, killed: int, on_gp: int = 0) -> list[str]:
        plan = bare({"name": "Escape from the Knife", "phase": 5, "target": "GW", "goblins": goblins},
                    killed_goblins=killed, board={"units": {"GW": {"orc": on_gp}}})
        plan["flipped"] = ["5"]
        return run(cat, plan)

    assert escape(3, 3) == [] and escape(1, 5) == []
    assert escape(4, 5) == ["stronghold.escape-knife"]
    assert escape(3, 2) == ["stronghold.escape-knife"]
    assert escape(0, 2) == ["stronghold.escape-knife"]
    assert escape(3, 3, on_gp=7) == []
    assert escape(3, 3, on_gp=8) == ["stronghold.gathering-point-capacity"]


# ------------------------------------------------------------------------------------------- mobilization


@pytest.mark.parametrize(("major", "count", "commissar", "ok"), [
    (False, 5, False, True), (False, 6, False, False), (True, 7, False, True), (True, 8, False, False),
    (False, 7, True, True), (False, 8, True, False),
])
def test_units_leaving_a_rampart(cat: Catalogue, major: bool, count: int, commissar: bool, ok: bool) -> None:
    first = min(count, 4)
    plan = bare(mob(("W1", "S1", {"orc": first}), ("W1", "S2", {"orc": count - first}), major=major),
                board={"units": {"W1": {"orc": count}}, "tiles": [tile("Commissar", "W1")] if commissar else []})
    assert ("stronghold.mobilization-limit" not in run(cat, plan)) is ok


@pytest.mark.parametrize(("major", "count", "ok"), [(False, 5, True), (False, 6, False), (True, 7, True),
                                                    (True, 8, False)])
def test_units_from_the_camp_to_a_gathering_point(cat: Catalogue, major: bool, count: int, ok: bool) -> None:
    plan = bare(mob(("camp", "GW", {"orc": count}), major=major), drawn={"orc": 14})
    assert ("stronghold.mobilization-limit" not in run(cat, plan)) is ok


def test_the_gate_tower_is_its_own_group_and_holds_2_crew_per_ram_part(cat: Catalogue) -> None:
    ram = {"tiles": [tile("Ram", "GATE")]}
    ok = bare(mob(("camp", "GW", {"orc": 5}), ("camp", "GATE", {"orc": 2})), drawn={"orc": 14}, board=ram)
    assert run(cat, ok) == []
    over = bare(mob(("camp", "GATE", {"orc": 3})), drawn={"orc": 14}, board=ram)
    assert only(check(sh(over), cat), "stronghold.gate-tower-capacity")["hint"] == (
        "move 1 unit fewer to GATE (room for 2 in all)")
    built = bare({"name": "Ram", "phase": 2, "pay": {"orc": 1}, "target": "GATE"},
                 mob(("camp", "GATE", {"orc": 4})), drawn={"orc": 14}, board=ram)
    assert run(cat, built) == []


def test_rampart_moves_then_gathering_point_moves_then_camp_moves(cat: Catalogue) -> None:
    board = {"units": {"W1": {"orc": 2}, "GW": {"orc": 2}}}
    ordered = bare(mob(("W1", "S1", {"orc": 2}), ("GW", "W1", {"orc": 2}), ("camp", "GW", {"orc": 2})),
                   drawn={"orc": 14}, board=board)
    assert run(cat, ordered) == []
    wrong = bare(mob(("camp", "GW", {"orc": 2}), ("W1", "S1", {"orc": 2})), drawn={"orc": 14}, board=board)
    assert only(check(sh(wrong), cat), "stronghold.mobilization-sequence")["entries"] == [
        "/plan/entries/0/moves/1"]


def test_a_unit_moves_once_per_mobilization_and_only_from_where_it_stood(cat: Catalogue) -> None:
    twice = bare(mob(("GW", "W1", {"orc": 2}), ("camp", "GW", {"orc": 2}), ("W1", "S1", {"orc": 2})),
                 drawn={"orc": 14}, board={"units": {"GW": {"orc": 2}}})
    found = [v for v in check(sh(twice), cat)["violations"] if v["rule"] == "stronghold.mobilization-sequence"]
    assert {v["entries"][0] for v in found} == {"/plan/entries/0/moves/2", "/plan/entries/0/moves/2/units"}
    more = bare(mob(("W2", "S3", {"orc": 2}), ("W2", "S4", {"orc": 1})), board={"units": {"W2": {"orc": 2}}})
    assert only(check(sh(more), cat), "stronghold.mobilization-sequence")["entries"] == [
        "/plan/entries/0/moves/1/units"]
    again = bare(mob(("GW", "W1", {"orc": 2})), mob(("W1", "S1", {"orc": 2}), major=True),
                 board={"units": {"GW": {"orc": 2}}})
    assert run(cat, again) == []  # moved in the first mobilization, again in the second


@pytest.mark.parametrize(("src", "dst", "tiles", "ok"), [
    ("GW", "W1", [], True), ("GW", "S1", [], False), ("W1", "S1", [], True), ("W1", "S3", [], False),
    ("E1", "E2", [], True), ("E2", "E1", [], False), ("E2", "E1", ["Drover"], True), ("E2", "GE", [], False),
    ("E2", "GE", ["Drover"], True), ("E2", "GW", ["Drover"], False), ("S1", "W1", [], False),
    ("GE", "E2", [], False), ("W1", "Z9", [], False),
])
def test_units_move_only_forward(cat: Catalogue, src: str, dst: str, tiles: list[str], ok: bool) -> None:
    plan = bare(mob((src, dst, {"orc": 1})), board={"units": {src: {"orc": 1}},
                                                    "tiles": [tile(t, src) for t in tiles]})
    assert ("stronghold.forward-movement" not in run(cat, plan)) is ok


def test_camp_units_go_to_a_gathering_point_or_the_gate_not_a_rampart(cat: Catalogue) -> None:
    plan = bare(mob(("camp", "W1", {"orc": 1})), drawn={"orc": 14})
    assert only(check(sh(plan), cat), "stronghold.forward-movement")["hint"] == (
        "from the camp, move to a gathering point or the gate tower")


def test_straight_onto_a_section_only_through_a_trapdoor_into_a_tower_only_where_one_stands(cat: Catalogue) -> None:
    door = {"tiles": [tile("Trapdoor", "S1")]}
    assert run(cat, bare(mob(("camp", "S1", {"orc": 1})), drawn={"orc": 14}, board=door)) == []
    assert run(cat, bare(mob(("camp", "S1", {"orc": 2})), drawn={"orc": 14}, board=door)) == [
        "stronghold.direct-entry"]
    assert run(cat, bare(mob(("camp", "S2", {"orc": 1})), drawn={"orc": 14}, board=door)) == [
        "stronghold.direct-entry"]
    both = bare(mob(("camp", "S1", {"orc": 1})), mob(("camp", "S1", {"orc": 1}), major=True), drawn={"orc": 14},
                board=door)
    assert run(cat, both) == []  # a trapdoor works in each mobilization
    assert run(cat, bare(mob(("camp", "ST:S2", {"orc": 1})), drawn={"orc": 14})) == ["stronghold.direct-entry"]


def test_ropes_move_one_unit_to_the_next_section_never_across_the_gate(cat: Catalogue) -> None:
    def ropes(src: str, dst: str, n: int = 1, at: str = "S3", count: int = 1) -> list[str]:
        plan = bare(board={"tiles": [tile("Ropes", at)], "units": {src: {"orc": 2}}})
        plan["rope_moves"] = [{"from": src, "to": dst, "units": {"orc": n}}] * count
        return run(cat, plan)

    assert ropes("S3", "S4") == [] and ropes("S3", "S2") == []
    assert ropes("S3", "S5") == ["stronghold.rope-move", "stronghold.same-side"]
    assert ropes("S4", "S5", at="S4") == ["stronghold.rope-move", "stronghold.same-side"]  # across the gate
    assert ropes("S3", "S4", n=2) == ["stronghold.rope-move"]
    assert ropes("S3", "S4", count=2) == ["stronghold.rope-move"]
    assert ropes("S2", "S1") == ["stronghold.rope-move"]


@pytest.mark.parametrize(("there", "ok"), [(3, True), (4, False)])
def test_a_gathering_point_holds_10(cat: Catalogue, there: int, ok: bool) -> None:
    plan = bare(mob(("camp", "GW", {"orc": 7}), major=True), drawn={"orc": 14}, board={"units": {"GW": {"orc": there}}})
    assert ("stronghold.gathering-point-capacity" not in run(cat, plan)) is ok


@pytest.mark.parametrize(("there", "commissar", "ok"), [(2, False, True), (3, False, False), (4, True, True),
                                                        (5, True, False)])
def test_a_rampart_holds_7_or_9_with_a_commissar(cat: Catalogue, there: int, commissar: bool, ok: bool) -> None:
    plan = bare(mob(("GW", "W1", {"orc": 5})), board={"units": {"GW": {"orc": 5}, "W1": {"orc": there}},
                                                      "tiles": [tile("Commissar", "W1")] if commissar else []})
    assert ("stronghold.rampart-capacity" not in run(cat, plan)) is ok


@pytest.mark.parametrize(("count", "ladders", "ok"), [(4, False, True), (5, False, False), (5, True, True),
                                                      (6, True, False)])
def test_a_section_holds_its_slots_plus_a_ladder(cat: Catalogue, count: int, ladders: bool, ok: bool) -> None:
    plan = bare(mob(("W1", "S1", {"orc": count})), board={"units": {"W1": {"orc": count}},
                                                           "tiles": [tile("Ladders", "S1")] if ladders else []})
    assert ("stronghold.section-capacity" not in run(cat, plan)) is ok


@pytest.mark.parametrize(("count", "ok"), [(3, True), (4, False)])
def test_a_siege_tower_holds_3(cat: Catalogue, count: int, ok: bool) -> None:
    plan = bare(mob(("camp", "ST:S2", {"orc": count})), drawn={"orc": 14},
                board={"tiles": [tile("Siege Tower", "S2")]})
    assert ("stronghold.section-capacity" not in run(cat, plan)) is ok


# ------------------------------------------------------------------------------------------- orders


def test_an_order_needs_its_unit_type_on_the_section_after_movement(cat: Catalogue) -> None:
    plan = example()
    plan["orders"][0]["section"] = "S4"
    plan["orders"][1]["section"] = "S3"
    result = check(sh(plan), cat)
    assert only(result, "stronghold.order-unit-type")["entries"] == ["/plan/orders/0/section"]
    call = bare(orders=[{"name": "Troll Call", "section": "S2"}], board={"units": {"ST:S2": {"troll": 1}}})
    assert run(cat, call) == []  # a siege tower's units count for its section


def test_one_order_per_section_and_one_face_up(cat: Catalogue) -> None:
    plan = example()
    plan["orders"][1]["section"] = "S3"
    assert only(check(sh(plan), cat), "stronghold.one-order-per-section")["entries"] == [
        "/plan/orders/0", "/plan/orders/1"]
    plan = example()
    plan["orders"][1]["secret"] = False
    plan["hourglasses"] = 10
    result = check(sh(plan), cat)
    assert rules(result) == ["stronghold.open-order-single"]
    assert only(result, "stronghold.open-order-single")["hint"].startswith("make 1 order secret")


# ------------------------------------------------------------------------------------------- 3-4 players


def west_plan() -> dict[str, Any]:
    """The §10.5 plan for the west attacker of a three-player game: 10 units drawn, no upkeep."""
    plan = three_player(example(), hourglasses_excluding_camp=10)
    plan["state"]["drawn"] = {"goblin": 3, "orc": 5, "troll": 2}
    plan["entries"][-1]["moves"][2]["units"] = {"orc": 3, "troll": 1}
    return plan


def test_the_example_plan_for_a_three_player_west_attacker_is_legal(cat: Catalogue) -> None:
    for fmt in ("three-player", "four-player"):
        result = check(sh(west_plan(), fmt), cat)
        assert result["legal"], result["violations"]
        assert result["totals"]["hourglasses"] == 10


def test_a_three_player_attacker_acts_on_his_own_side(cat: Catalogue) -> None:
    plan = west_plan()
    plan["side"] = "east"
    result = check(sh(plan, "three-player"), cat)
    assert set(rules(result)) == {"stronghold.same-side"}
    pointers = {v["entries"][0] for v in result["violations"]}
    assert "/plan/entries/1/target" in pointers and "/plan/orders/0/section" in pointers
    assert "/plan/entries/4/target" not in pointers  # the fortress is shared


def test_an_allys_card_costs_one_more_hourglass_and_a_spent_action_is_spent(cat: Catalogue) -> None:
    plan = west_plan()
    plan["entries"].insert(4, {"name": "Storm", "phase": 5, "pay": {"goblin": 1}, "target": "S4", "card": "ally"})
    plan["state"]["drawn"] = {"goblin": 4, "orc": 5, "troll": 1}
    plan["entries"][1]["pay"] = {"orc": 2}
    plan["entries"][-1]["moves"][2]["units"] = {"orc": 1, "troll": 1}
    plan["hourglasses_excluding_camp"] = 13
    result = check(sh(plan, "three-player"), cat)
    assert result["legal"], result["violations"]
    plan["ally_used_own_card"] = ["Storm"]
    assert rules(check(sh(plan, "three-player"), cat)) == ["stronghold.ally-action"]
    plan["ally_used_own_card"] = []
    plan["ally_used_my_card"] = ["Fire"]
    assert rules(check(sh(plan, "three-player"), cat)) == ["stronghold.ally-action"]


def test_one_ram_part_a_round_for_both_attackers(cat: Catalogue) -> None:
    plan = west_plan()
    plan["entries"].insert(2, {"name": "Ram", "phase": 2, "pay": {"goblin": 2}, "resources": 3, "target": "GATE"})
    plan["state"]["resources"] = 4
    plan["state"]["drawn"] = {"goblin": 5, "orc": 4, "troll": 1}
    plan["entries"][-1]["moves"][2]["units"] = {"orc": 2, "troll": 0, "goblin": 0}
    plan["hourglasses_excluding_camp"] = 12
    assert check(sh(plan, "three-player"), cat)["legal"]
    plan["ally_built_ram_this_round"] = True
    assert rules(check(sh(plan, "three-player"), cat)) == ["stronghold.ram-per-round"]


@pytest.mark.parametrize(("give", "ok"), [({"orc": 3}, True), ({"orc": 1}, True), ({"orc": 4}, False),
                                          ({"orc": 1, "goblin": 1}, False)])
def test_transfer_units_gives_1_to_3_of_one_type(cat: Catalogue, give: dict[str, int], ok: bool) -> None:
    plan = west_plan()
    plan["entries"].insert(1, {"name": "Transfer Units", "phase": 1, "give": give})
    plan["entries"][-1]["moves"][2]["units"] = {"troll": 1}  # the 3 spare orcs may go to the ally
    plan["hourglasses_excluding_camp"] = 11  # 10 and Transfer Units' 1
    result = run(cat, plan, "three-player")
    if ok:
        assert result == []
    else:
        assert "stronghold.unit-transfer" in result


def test_attackers_share_no_resources(cat: Catalogue) -> None:
    plan = west_plan()
    plan["resources_given"] = 0
    assert run(cat, plan, "three-player") == []
    plan["resources_given"] = 1
    assert run(cat, plan, "three-player") == ["stronghold.no-resource-sharing"]


# ------------------------------------------------------------------------------------------- several at once


def test_several_violations_at_once(cat: Catalogue) -> None:
    plan = example()
    plan["round"] = 11
    plan["income"] = 6
    plan["entries"][1]["target"] = "S1"
    plan["entries"][1]["resources"] = 5
    plan["entries"][-1]["moves"][0]["to"] = "S5"
    plan["hourglasses"] = 99
    result = check(sh(plan), cat)
    assert sorted(set(rules(result))) == [
        "stronghold.forward-movement", "stronghold.hourglass-total", "stronghold.order-unit-type",
        "stronghold.resource-cost", "stronghold.resource-income", "stronghold.round-limit", "stronghold.same-side",
        "stronghold.tile-placement",
    ]
    assert rules(result) == sorted(rules(result))


# ------------------------------------------------------------------------------------------- missing data


def test_a_board_without_a_layout_is_missing_data_for_every_rule_that_reads_it(cat: Catalogue) -> None:
    result = check(sh(example(), params={"board": "main-board"}), cat)
    missing = only(result, "catalogue.missing-data")
    assert (missing["card"], missing["field"]) == ("main-board", "layout")
    assert {"stronghold.forward-movement", "stronghold.section-capacity", "stronghold.tile-placement"} <= set(
        missing["needed_by"])
    assert "catalogue.stand-in" in warnings(result)  # the stand-in cards, not the board
    unknown = check(sh(example(), params={"board": "Atlantis"}), cat)
    assert only(unknown, "list.unknown-card")["entries"] == ["/plan"]


def test_unknown_names_are_unknown_cards(cat: Catalogue) -> None:
    plan = bare({"name": "Dragon", "phase": 2}, orders=[{"name": "Retreat", "section": "S1"}])
    assert rules(check(sh(plan), cat)) == ["list.unknown-card", "list.unknown-card"]
    assert "list.wrong-kind" in rules(check(sh(bare({"name": "Bag", "phase": 1})), cat))


# ------------------------------------------------------------------------------------------- malformed


def errors_of(doc: dict[str, Any]) -> dict[str, list[str]]:
    with pytest.raises(DocumentError) as caught:
        parse_document(doc)
    return caught.value.fields


@pytest.mark.parametrize(("change", "pointer"), [
    (lambda d: d.update({"entries": []}), "/entries"),
    (lambda d: d.update({"battle_map": "x"}), "/battle_map"),
    (lambda d: d.update({"faction": "defender"}), "/faction"),
    (lambda d: d["plan"].pop("kind"), "/plan/kind"),
    (lambda d: d["plan"].update({"kind": "siege"}), "/plan/kind"),
    (lambda d: d["plan"].update({"round": "4"}), "/plan/round"),
    (lambda d: d["plan"].update({"colour": "red"}), "/plan/colour"),
    (lambda d: d["plan"].pop("state"), "/plan/state"),
    (lambda d: d["plan"]["phase_cards"].pop("camp"), "/plan/phase_cards/camp"),
    (lambda d: d["plan"]["entries"][1].pop("target"), "/plan/entries/1/target"),
    (lambda d: d["plan"]["entries"][0].pop("gain"), "/plan/entries/0/gain"),
    (lambda d: d["plan"]["entries"][5]["moves"][0].update({"units": {"orc": 0}}), "/plan/entries/5/moves/0/units"),
    (lambda d: d["plan"]["entries"][0].update({"pay": {"dragon": 1}}), "/plan/entries/0/pay/dragon"),
    (lambda d: d["plan"]["entries"][0].update({"phase": 7}), "/plan/entries/0/phase"),
    (lambda d: d["plan"].update({"side": "west"}), "/plan/side"),
    (lambda d: d["plan"]["state"].update({"hit_cards_in_supply": 12}), "/plan/state/hit_cards_in_supply"),
    (lambda d: d["plan"]["state"]["board"].update({"units": []}), "/plan/state/board/units"),
    (lambda d: d["plan"].update({"flipped": ["7"]}), "/plan/flipped/0"),
    (lambda d: d.update({"params": {"rounds": 12}}), "/params/rounds"),
])
def test_malformed_plans_name_the_field(change: Any, pointer: str) -> None:
    doc = sh(example())
    change(doc)
    assert pointer in errors_of(doc)


def test_a_three_player_plan_needs_the_ally_keys_and_no_two_player_keys() -> None:
    two = example()
    fields = errors_of(sh(two, "three-player"))
    assert "/plan/side" in fields and "/plan/ally_phase_cards" in fields and "/plan/camp_upkeep" in fields
    assert "/plan/hourglasses" in fields
    many = west_plan()
    parse_document(sh(many, "three-player"))
    assert "/plan/side" in errors_of(sh(many))


def test_a_setup_is_checked_by_its_own_shape() -> None:
    setup = copy.deepcopy(EXAMPLE_SETUP)
    setup["draft"].pop("5")
    assert "/plan/draft/5" in errors_of(sh(setup, "three-player"))
    setup = copy.deepcopy(EXAMPLE_SETUP)
    setup["entries"] = []
    assert "/plan/entries" in errors_of(sh(setup, "three-player"))


# ------------------------------------------------------------------------------------------- properties


@settings(max_examples=60, deadline=None)
@given(moved=st.integers(1, 14), there=st.integers(0, 10), major=st.booleans())
def test_camp_moves_break_the_limit_and_the_capacity_exactly_past_them(moved: int, there: int, major: bool) -> None:
    cat = catalogue_from_files("stronghold", "default", SH_FILES)
    plan = bare(mob(("camp", "GW", {"orc": moved}), major=major), drawn={"orc": 14},
                board={"units": {"GW": {"goblin": there}}})
    found = set(run(cat, plan))
    assert ("stronghold.mobilization-limit" in found) == (moved > (7 if major else 5))
    assert ("stronghold.gathering-point-capacity" in found) == (there + moved > 10)
    assert found <= {"stronghold.mobilization-limit", "stronghold.gathering-point-capacity"}


@settings(max_examples=60, deadline=None)
@given(st.fixed_dictionaries({"goblin": st.integers(0, 3), "orc": st.integers(0, 3), "troll": st.integers(0, 2)}))
def test_a_ballista_is_paid_exactly_with_one_troll_or_two_orcs(pay: dict[str, int]) -> None:
    cat = catalogue_from_files("stronghold", "default", SH_FILES)
    found = run(cat, bare({"name": "Ballista", "phase": 2, "pay": pay, "target": "W1"}))
    exact = {k: v for k, v in pay.items() if v} in ({"troll": 1}, {"orc": 2})
    assert ("stronghold.unit-cost-option" not in found) == exact


@settings(max_examples=30, deadline=None)
@given(st.permutations(range(4)))
def test_the_order_of_the_orders_never_changes_the_result(order: list[int]) -> None:
    cat = catalogue_from_files("stronghold", "default", SH_FILES)
    orders: list[dict[str, Any]] = [{"name": "Bluff", "section": "S1", "secret": True},
              {"name": "Bluff", "section": "S1", "secret": True},
              {"name": "Orc Blast", "section": "S2"}, {"name": "Troll Call", "section": "S3"}]
    base = check(sh(bare(orders=orders)), cat)
    shuffled = check(sh(bare(orders=[orders[i] for i in order])), cat)
    assert sorted(rules(base)) == sorted(rules(shuffled))
    assert base["totals"] == shuffled["totals"]
