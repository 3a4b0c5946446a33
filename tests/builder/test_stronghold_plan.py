"""The Stronghold plan editor's pure parts (builder/stronghold.py): a fresh plan of every format is a valid,
checkable document; the board's legal targets are the validator's; the board drawing keeps every place inside it;
edits by index refuse what is not there."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builder import stronghold as plans
from tests.validation.helpers import ROOT, catalogue_from_files, check, rules
from validation.core import Catalogue, parse_document

FILES = sorted((ROOT / "catalogue" / "data" / "stronghold").rglob("*.json"))
FORMATS = ("two-player", "three-player", "four-player")


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return catalogue_from_files("stronghold", "default", FILES)


def doc(plan: dict[str, Any], fmt: str = "two-player") -> dict[str, Any]:
    return {"game": "stronghold", "format": fmt, "faction": "attacker", "plan": plan}


def card(cat: Catalogue, name: str) -> Any:
    return next(c for c in cat.cards if c.name == name)


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_fresh_plan_of_every_format_is_a_whole_document_and_legal(cat: Catalogue, fmt: str) -> None:
    plan = plans.fit_plan({"kind": "round-plan"}, fmt, cat.cards)
    parse_document(doc(plan, fmt))  # no key missing: no "is required"
    result = check(doc(plan, fmt), cat)
    assert result["legal"], result["violations"]
    assert [w["rule"] for w in result["warnings"]] == ["catalogue.stand-in"], "TB-9 is named as a stand-in"
    params = plans.format_params(fmt)
    assert plan["state"]["resources"] == params["setup_resources"] and plan["income"] == params["resources_per_round"]
    assert sum(plan["state"]["drawn"].values()) == params["units_per_round"]
    assert all(plan["phase_cards"][k].endswith(f"({params['phase_card_set']})") for k in plans.PHASE_KEYS)


def test_changing_the_format_keeps_the_plan_and_swaps_the_player_count_keys(cat: Catalogue) -> None:
    ram = {"name": "Ram", "phase": 2, "target": "GATE"}
    two = plans.fit_plan({"kind": "round-plan", "round": 3, "entries": [ram]}, "two-player", cat.cards)
    three = plans.fit_plan({**two, "camp_upkeep": 1, "hourglasses": 4}, "three-player", cat.cards)
    assert three["round"] == 3 and three["entries"] == two["entries"]
    assert "camp_upkeep" not in three and "hourglasses" not in three
    assert three["side"] == "west" and set(three["ally_phase_cards"]) == set(plans.PHASE_KEYS)
    back = plans.fit_plan(three, "two-player", cat.cards)
    assert not any(k in back for k in plans.ALLY_KEYS)
    parse_document(doc(back))


@pytest.mark.parametrize(("first", "then"), [("two-player", "three-player"), ("four-player", "two-player")])
def test_a_fresh_plan_follows_a_change_of_format_and_stays_legal(cat: Catalogue, first: str, then: str) -> None:
    plan = plans.fit_plan(plans.fit_plan({"kind": "round-plan"}, first, cat.cards), then, cat.cards)
    result = check(doc(plan, then), cat)
    assert result["legal"], result["violations"]
    entered = plans.fit_plan({"kind": "round-plan", "state": {"resources": 3, "drawn": {"orc": 14}}}, first,
                             cat.cards)
    kept = plans.fit_plan(entered, then, cat.cards)["state"]
    assert (kept["resources"], kept["drawn"]) == (3, {"orc": 14}), "what the player entered stays"
    again = plans.fit_plan(entered, first, cat.cards)["state"]
    assert again["resources"] == 3, "a player's resources are never reset, whatever the format"


def test_a_setup_document_is_left_as_it_is(cat: Catalogue) -> None:
    setup = {"kind": "setup", "players": 2}
    assert plans.fit_plan(setup, "two-player", cat.cards) == setup


@given(st.integers(0, 30), st.integers(0, 100), st.integers(0, 100), st.integers(0, 100))
def test_the_default_draw_always_holds_the_rounds_units(total: int, g: int, o: int, t: int) -> None:
    drawn = plans.default_draw(total, {"goblin": g, "orc": o, "troll": t})
    assert sum(drawn.values()) == (total if g + o + t else 0)
    assert all(drawn[u] == 0 for u, n in (("goblin", g), ("orc", o), ("troll", t)) if n == 0)


def test_phase_cards_are_offered_by_colour_and_phase(cat: Catalogue) -> None:
    red = plans.phase_card_choices(cat.cards, "red")
    assert red["2"] == ["Siege Machines phase cards (red)"] and red["camp"] == ["Camp card (red)"]
    assert all("(red)" in n for names in red.values() for n in names)
    assert "Produce Resources" not in red["1"], "an action is not a card a player holds"


def test_legal_targets_are_the_places_of_the_actions_kind(cat: Catalogue) -> None:
    board = plans.board_of(cat, "TB-9")
    assert board is not None and board.is_standin
    layout = board.layout

    def places(name: str) -> set[str]:
        return set(plans.legal_targets(layout, card(cat, name)))

    assert places("Ballista") == {"W1", "W2", "E1", "E2", "E3"}
    assert places("Siege Tower") == {"S2", "S3", "S7", "S8"}
    assert places("Trebuchet") == {"GW", "GE"}
    assert places("Ram") == {"GATE"}
    assert places("Bridge") == {"PW1", "PW2", "PE1", "PE12", "PE3"}
    assert plans.legal_targets(layout, card(cat, "Ghost")) == ["Hospital"]
    assert plans.legal_targets(layout, card(cat, "Bloodstone")) == [], "no catapult stands yet"
    assert plans.legal_targets(layout, card(cat, "Bloodstone"), [{"name": "Catapult", "at": "W2"}]) == ["W2"]
    assert plans.legal_targets(layout, card(cat, "Gunner"), [{"name": "Trebuchet", "at": "GE"}]) == ["GE"]
    assert plans.legal_targets(layout, card(cat, "Accident"), cauldrons=["C-S4-orc"]) == ["C-S4-orc"]
    assert plans.legal_targets(layout, card(cat, "Produce Resources")) == []


def test_every_legal_target_the_page_offers_passes_tile_placement(cat: Catalogue) -> None:
    """What the board highlights is what the validator accepts (each action alone on a fresh plan)."""
    board = plans.board_of(cat, "TB-9")
    assert board is not None
    for name, phase in (("Ballista", 2), ("Siege Tower", 2), ("Altar", 2), ("Banners", 3), ("Bridge", 3),
                        ("Marksman", 4), ("Saboteur", 4), ("Fire", 5), ("Possession", 5), ("Panic", 5)):
        for target in plans.legal_targets(board.layout, card(cat, name)):
            plan = plans.fit_plan({"kind": "round-plan", "entries": [{"name": name, "phase": phase,
                                                                        "target": target}]}, "two-player", cat.cards)
            assert "stronghold.tile-placement" not in rules(check(doc(plan), cat)), (name, target)


def test_the_board_drawing_keeps_every_place_inside_and_marks_the_legal_ones(cat: Catalogue) -> None:
    board = plans.board_of(cat, "TB-9")
    assert board is not None
    places, lines, width, height = plans.board_drawing(board.layout, legal=["W1", "W2"], chosen="W1")
    ids = {p.id for p in places}
    assert set(plans.kinds(board.layout)) <= ids
    assert all(p.x >= 0 and p.x + p.w <= width and p.y >= 0 and p.y + p.h <= height for p in places)
    assert {p.id for p in places if p.legal} == {"W1", "W2"} and [p.id for p in places if p.chosen] == ["W1"]
    by_id = {p.id: p for p in places}
    assert by_id["E2"].y < by_id["E1"].y, "the outer rampart is drawn nearer the wall"
    assert by_id["S1"].y < by_id["W1"].y < by_id["GW"].y
    assert lines


def test_edits_by_index_refuse_what_is_not_there(cat: Catalogue) -> None:
    plan = plans.fit_plan({"kind": "round-plan", "entries": [{"name": "Ballista", "phase": 2}]}, "two-player",
                          cat.cards)
    changed = plans.set_target(document=doc(plan), index=0, target="W2")
    assert changed["plan"]["entries"][0]["target"] == "W2" and "target" not in plan["entries"][0]
    with pytest.raises(plans.PlanError):
        plans.set_target(document=doc(plan), index=3, target="W2")
    with_tile = plans.add_tile(document=doc(plan), name="Catapult", at="W2")
    assert with_tile["plan"]["state"]["board"]["tiles"] == [{"name": "Catapult", "at": "W2"}]
    assert plans.remove_tile(document=with_tile, index=0)["plan"]["state"]["board"]["tiles"] == []
    with pytest.raises(plans.PlanError):
        plans.remove_tile(document=with_tile, index=1)
    mobil = plans.fit_plan({"kind": "round-plan", "entries": [{"name": "Lesser Mobilization", "phase": 6}]},
                           "two-player", cat.cards)
    moved = plans.add_move(document=doc(mobil), index=0, origin="camp", to="GW")
    assert moved["plan"]["entries"][0]["moves"] == [{"from": "camp", "to": "GW", "units": {"goblin": 1}}]
    assert plans.remove_move(document=moved, index=0, move=0)["plan"]["entries"][0]["moves"] == []


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(["Ballista", "Catapult", "Cover", "Banners", "Fire", "Storm", "Marksman"]),
                max_size=6), st.integers(0, 4))
def test_the_plan_view_always_offers_the_validators_places(names: list[str], active: int) -> None:
    cat = catalogue_from_files("stronghold", "default", FILES)
    phases = {"Ballista": 2, "Catapult": 2, "Cover": 2, "Banners": 3, "Marksman": 4, "Fire": 5, "Storm": 5}
    entries: list[dict[str, Any]] = [{"name": n, "phase": phases[n]} for n in sorted(names, key=phases.__getitem__)]
    plan = plans.fit_plan({"kind": "round-plan", "entries": entries}, "two-player", cat.cards)
    view = plans.plan_view(doc(plan), cat, active)
    assert set(view["rows"]) == set(range(len(entries)))
    if entries:
        assert view["active"] in view["rows"]
        legal = {p.id for p in view["places"] if p.legal}
        assert legal == set(view["rows"][view["active"]]["legal"])
