"""Dungeon Command: every rule on both sides of its limit, the real faction packs as custom warbands,
the faction-box and first-game formats."""

from __future__ import annotations

from typing import Any

import pytest

from tests.validation.helpers import check, only, pack_cards, pack_list, rules
from validation.core import Catalogue

PACKS = ["heart-of-cormyr", "sting-of-lolth", "tyranny-of-goblins", "curse-of-undeath", "blood-of-gruumsh"]


def custom(creatures: list[tuple[str, int]], orders: list[tuple[str, int]], commanders: list[str],
           **top: Any) -> dict[str, Any]:
    return {
        "game": "dungeon-command",
        "format": "custom",
        "entries": [{"card": n, "qty": q} for n, q in creatures],
        "orders": [{"card": n, "qty": q} for n, q in orders],
        "commanders": commanders,
        **top,
    }


@pytest.fixture(scope="module")
def mixed(dc_catalogue: Catalogue) -> dict[str, Any]:
    """A custom warband from two packs: exactly 12 creatures (4 of one) and 30 orders (4 of one)."""
    hoc = pack_cards(dc_catalogue, "heart-of-cormyr", "creature")
    sol = pack_cards(dc_catalogue, "sting-of-lolth", "creature")
    creatures = [(hoc[0].name, 4), *[(c.name, 1) for c in hoc[1:5]], *[(c.name, 1) for c in sol[:4]]]
    orders_pool = [*pack_cards(dc_catalogue, "heart-of-cormyr", "order"),
                   *pack_cards(dc_catalogue, "sting-of-lolth", "order")]
    orders = [(orders_pool[0].name, 4), *[(c.name, 1) for c in orders_pool[1:27]]]
    commander = pack_cards(dc_catalogue, "sting-of-lolth", "commander")[0].name
    return custom(creatures, orders, [commander], tiles={"large": 2, "small": 2, "small_with_start_area": 1})


# ----------------------------------------------------------------------------------- the real packs


@pytest.mark.parametrize("slug", PACKS)
def test_the_real_dungeon_command_packs_are_legal_custom_warbands(dc_catalogue: Catalogue, slug: str) -> None:
    result = check(pack_list(dc_catalogue, slug), dc_catalogue)
    assert result["legal"], result["violations"]
    assert result["totals"]["creatures"] == 12 and result["totals"]["orders"] == 36
    assert result["totals"]["commanders"] == 1 and result["totals"]["levels"] > 12


@pytest.mark.parametrize("slug", PACKS)
def test_the_real_packs_are_legal_as_faction_boxes(dc_catalogue: Catalogue, slug: str) -> None:
    box = pack_cards(dc_catalogue, slug, "creature")[0].set.name  # type: ignore[union-attr]
    result = check(pack_list(dc_catalogue, slug, fmt="faction-box", box=box), dc_catalogue)
    assert result["legal"], result["violations"]


def test_the_real_packs_do_not_say_which_cards_are_gold_so_a_first_game_is_missing_data(
    dc_catalogue: Catalogue,
) -> None:
    doc = pack_list(dc_catalogue, "heart-of-cormyr", fmt="first-game", box="heart-of-cormyr", symbol="gold")
    result = check(doc, dc_catalogue)
    assert set(rules(result)) == {"catalogue.missing-data"}
    assert {v["field"] for v in result["violations"]} == {"gold_copies"}


def test_a_mixed_warband_of_exactly_12_creatures_and_30_orders_is_legal(mixed: dict[str, Any],
                                                                       dc_catalogue: Catalogue) -> None:
    result = check(mixed, dc_catalogue)
    assert result["legal"], result["violations"]
    assert result["totals"]["creatures"] == 12 and result["totals"]["orders"] == 30


# ----------------------------------------------------------------------------------- limits


def test_eleven_creatures_are_one_short(mixed: dict[str, Any], dc_catalogue: Catalogue) -> None:
    doc = {**mixed, "entries": mixed["entries"][:-1]}
    v = only(check(doc, dc_catalogue), "dungeon-command.min-creatures")
    assert v["hint"] == "add 1 creature" and v["entries"] == ["/entries"]


def test_thirteen_creatures_are_fine(mixed: dict[str, Any], dc_catalogue: Catalogue) -> None:
    doc = {**mixed, "entries": [*mixed["entries"], mixed["entries"][-1]]}
    assert check(doc, dc_catalogue)["legal"]


def test_a_fifth_copy_of_a_creature_is_one_too_many_across_entries(mixed: dict[str, Any],
                                                                   dc_catalogue: Catalogue) -> None:
    first = mixed["entries"][0]["card"]
    doc = {**mixed, "entries": [*mixed["entries"], {"card": first.upper()}]}
    v = only(check(doc, dc_catalogue), "dungeon-command.creature-copies")
    assert v["hint"] == f"{first}: 1 copy too many"
    assert v["entries"] == ["/entries/0", f"/entries/{len(mixed['entries'])}"]


def test_29_orders_are_one_short_and_31_are_fine(mixed: dict[str, Any], dc_catalogue: Catalogue) -> None:
    short = {**mixed, "orders": mixed["orders"][:-1]}
    assert only(check(short, dc_catalogue), "dungeon-command.min-orders")["hint"] == "add 1 order card"
    more = {**mixed, "orders": [*mixed["orders"], mixed["orders"][-1]]}
    assert check(more, dc_catalogue)["legal"]


def test_a_fifth_copy_of_an_order_is_one_too_many(mixed: dict[str, Any], dc_catalogue: Catalogue) -> None:
    orders = [dict(mixed["orders"][0], qty=5), *mixed["orders"][1:]]
    result = check({**mixed, "orders": orders}, dc_catalogue)
    assert rules(result) == ["dungeon-command.order-copies"]
    assert only(result, "dungeon-command.order-copies")["hint"].endswith(": 1 copy too many")


@pytest.mark.parametrize(("count", "hint"), [(0, "add 1 commander card"), (2, "remove 1 commander card")])
def test_zero_or_two_commanders_are_a_violation_not_a_malformed_list(
    mixed: dict[str, Any], dc_catalogue: Catalogue, count: int, hint: str
) -> None:
    commanders = ["Test Marshal", "Test General"][:count]
    v = only(check({**mixed, "commanders": commanders}, dc_catalogue), "dungeon-command.one-commander")
    assert v["hint"] == hint


def test_tiles_are_checked_only_when_the_list_records_them(mixed: dict[str, Any], dc_catalogue: Catalogue) -> None:
    doc = {k: v for k, v in mixed.items() if k != "tiles"}
    assert check(doc, dc_catalogue)["legal"]
    result = check({**mixed, "tiles": {"large": 3, "small": 2, "small_with_start_area": 0}}, dc_catalogue)
    found = [v for v in result["violations"] if v["rule"] == "dungeon-command.battlefield-tiles"]
    assert [(v["entries"], v["hint"]) for v in found] == [
        (["/tiles/large"], "remove 1 large tile"),
        (["/tiles/small_with_start_area"], "add 1 small tile with a start area"),
    ]


def test_cards_of_the_wrong_kind_break_card_kinds_and_wrong_kind(mixed: dict[str, Any],
                                                                 dc_catalogue: Catalogue) -> None:
    order = mixed["orders"][0]["card"]
    doc = {**mixed, "entries": [*mixed["entries"], {"card": order}], "commanders": [*mixed["commanders"], "Drider"]}
    result = check(doc, dc_catalogue)
    assert rules(result) == ["dungeon-command.card-kinds", "dungeon-command.card-kinds", "list.wrong-kind",
                             "list.wrong-kind"]
    kinds = {v["entries"][0]: v["hint"] for v in result["violations"] if v["rule"] == "list.wrong-kind"}
    assert kinds == {
        f"/entries/{len(mixed['entries'])}/card": f'put {order} under "orders"',
        "/commanders/1": 'put Drider under "entries"',
    }


def test_an_unknown_name_breaks_card_kinds_and_unknown_card_with_suggestions(mixed: dict[str, Any],
                                                                             dc_catalogue: Catalogue) -> None:
    doc = {**mixed, "entries": [*mixed["entries"], {"card": "Drow Assasin"}]}
    result = check(doc, dc_catalogue)
    assert rules(result) == ["dungeon-command.card-kinds", "list.unknown-card"]
    assert only(result, "list.unknown-card")["suggestions"][0] == "Drow Assassin"


def test_names_match_without_case_accents_or_punctuation(mixed: dict[str, Any], dc_catalogue: Catalogue) -> None:
    entries = [dict(e, card="  " + e["card"].upper().replace(" ", "-") + "!") for e in mixed["entries"]]
    assert check({**mixed, "entries": entries}, dc_catalogue)["legal"]


# ----------------------------------------------------------------------------------- boxes (fixture pack)


def box_list(fmt: str, creatures: list[tuple[str, int]], orders: list[tuple[str, int]], commander: str,
             **top: Any) -> dict[str, Any]:
    return {**custom(creatures, orders, [commander]), "format": fmt, "box": "Test Pack", **top}


def test_a_faction_box_is_exactly_the_boxs_cards(dc_catalogue: Catalogue) -> None:
    creatures = [("Test Knight", 2), ("Test Archer", 1), ("Test Priest", 1)]
    orders = [("Test Strike", 2), ("Test Parry", 1), ("Test Rally", 1)]
    assert check(box_list("faction-box", creatures, orders, "Test Marshal"), dc_catalogue)["legal"]
    short = check(box_list("faction-box", creatures[:2], orders, "Test Marshal"), dc_catalogue)
    v = only(short, "dungeon-command.faction-box-creatures")
    assert v["hint"] == "add Test Priest ×1"
    extra = check(box_list("faction-box", creatures, [*orders, ("Test Parry", 1)], "test-marshal"), dc_catalogue)
    assert only(extra, "dungeon-command.faction-box-orders")["hint"] == "remove Test Parry ×1"


def test_a_faction_box_commander_comes_from_the_box(dc_catalogue: Catalogue) -> None:
    creatures = [("Test Knight", 2), ("Test Archer", 1), ("Test Priest", 1)]
    orders = [("Test Strike", 2), ("Test Parry", 1), ("Test Rally", 1)]
    result = check(box_list("faction-box", creatures, orders, "Odd Commander"), dc_catalogue)
    v = only(result, "dungeon-command.faction-box-commander")
    assert v["hint"] == "choose Test General or Test Marshal"


def test_a_first_game_half_is_the_cards_of_one_symbol(dc_catalogue: Catalogue) -> None:
    gold = box_list("first-game", [("Test Knight", 1), ("Test Archer", 1)], [("Test Strike", 1), ("Test Parry", 1)],
                    "Test General", symbol="gold")
    assert check(gold, dc_catalogue)["legal"]
    silver = {**gold, "symbol": "SILVER"}
    result = check(silver, dc_catalogue)
    assert only(result, "dungeon-command.first-game-creatures")["hint"] == "add Test Priest ×1; remove Test Archer ×1"
    assert only(result, "dungeon-command.first-game-orders")["hint"] == "add Test Rally ×1; remove Test Parry ×1"


def test_an_unknown_box_is_an_unknown_card(dc_catalogue: Catalogue) -> None:
    result = check(box_list("faction-box", [], [], "Test Marshal", box="Test Pak"), dc_catalogue)
    v = only(result, "list.unknown-card")
    assert v["entries"] == ["/box"] and "Test Pack" in v["suggestions"]


def test_a_box_whose_halves_are_unknown_is_missing_data(dc_catalogue: Catalogue) -> None:
    doc = box_list("first-game", [("Half Known", 1)], [("Half Order", 1)], "Odd Commander", box="unknown-halves",
                   symbol="gold")
    result = check(doc, dc_catalogue)
    assert {(v["card"], v["field"]) for v in result["violations"]} == {
        ("half-known", "gold_copies"), ("half-order", "gold_copies"),
    }
    assert result["violations"][0]["needed_by"] == ["dungeon-command.first-game-creatures"]


def test_a_list_breaking_several_rules_hears_of_every_one(dc_catalogue: Catalogue) -> None:
    doc = custom([("Test Knight", 5)], [("Test Strike", 6)], [], tiles={"large": 1})
    assert rules(check(doc, dc_catalogue)) == [
        "dungeon-command.battlefield-tiles", "dungeon-command.battlefield-tiles",
        "dungeon-command.battlefield-tiles", "dungeon-command.creature-copies", "dungeon-command.min-creatures",
        "dungeon-command.min-orders", "dungeon-command.one-commander", "dungeon-command.order-copies",
    ]
