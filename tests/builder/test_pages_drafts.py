"""builder.drafts: what "add", "one more", "remove", "place on the map" do to a list document (no database)."""

from __future__ import annotations

from typing import Any

import pytest

from builder.drafts import (
    TENT,
    CardRef,
    DraftError,
    card_kinds,
    draft_add,
    draft_blank,
    draft_place,
    draft_remove,
    draft_replace_card,
    draft_set_qty,
    draft_step,
    draft_unplace,
    left_to_place,
    units_to_place,
)

RANGER = CardRef("wood-elf-ranger", "Wood Elf Ranger", "creature", "standard")
BALOR_EPIC = CardRef("balor-epic", "Balor", "creature", "epic")
MAP = CardRef("broken-demongate", "Broken Demongate", "battle-map")


def test_a_blank_list_has_the_games_parts() -> None:
    assert draft_blank(game="ddm", ruleset="seed", format_id="skirmish-200") == {
        "game": "ddm", "ruleset": "seed", "format": "skirmish-200", "entries": []}
    dc = draft_blank(game="dungeon-command", ruleset="default", format_id="custom")
    assert dc["entries"] == [] and dc["orders"] == [] and dc["commanders"] == []
    plan = draft_blank(game="stronghold", ruleset="default", format_id="two-player")["plan"]
    assert plan["kind"] == "round-plan" and plan["entries"] == [] and plan["orders"] == []


def test_adding_a_card_twice_gives_one_entry_of_two_copies_and_points_at_it() -> None:
    doc = draft_blank(game="ddm", ruleset="seed", format_id="skirmish-200")
    doc, pointer = draft_add(document=doc, card=RANGER)
    assert pointer == "/entries/0"
    doc, pointer = draft_add(document=doc, card=RANGER)
    assert doc["entries"] == [{"card": "Wood Elf Ranger", "qty": 2}] and pointer == "/entries/0"


def test_an_epic_side_is_its_own_entry_and_a_map_fills_the_battle_map() -> None:
    doc = draft_blank(game="ddm", ruleset="seed", format_id="epic-500")
    doc, _ = draft_add(document=doc, card=RANGER)
    doc, pointer = draft_add(document=doc, card=BALOR_EPIC)
    assert pointer == "/entries/1" and doc["entries"][1] == {"card": "Balor", "qty": 1, "version": "epic"}
    doc, pointer = draft_add(document=doc, card=MAP)
    assert doc["battle_map"] == "Broken Demongate" and pointer == "/battle_map"


def test_adding_never_changes_the_document_it_was_given() -> None:
    doc = draft_blank(game="ddm", ruleset="seed", format_id="skirmish-200")
    draft_add(document=doc, card=RANGER)
    assert doc["entries"] == []


def test_a_card_that_shares_its_name_is_added_with_its_set() -> None:
    doc = draft_blank(game="ddm", ruleset="seed", format_id="skirmish-200")
    doc, _ = draft_add(document=doc, card=CardRef("man-at-arms-harbinger", "Man-at-Arms", "creature", "standard",
                                                   "Harbinger"))
    assert doc["entries"] == [{"card": "Man-at-Arms", "qty": 1, "set": "Harbinger"}]


def test_dungeon_command_cards_go_to_the_creature_deck_the_order_deck_and_the_commanders() -> None:
    doc = draft_blank(game="dungeon-command", ruleset="default", format_id="custom")
    doc, _ = draft_add(document=doc, card=CardRef("goblin-archer", "Goblin Archer", "creature"))
    doc, _ = draft_add(document=doc, card=CardRef("killing-strike", "Killing Strike", "order"))
    doc, pointer = draft_add(document=doc, card=CardRef("sarshan", "Sarshan", "commander"))
    assert doc["entries"] == [{"card": "Goblin Archer", "qty": 1}]
    assert doc["orders"] == [{"card": "Killing Strike", "qty": 1}]
    assert doc["commanders"] == ["Sarshan"] and pointer == "/commanders/0"
    assert card_kinds("dungeon-command", "default") == ("commander", "creature", "order")


def test_stronghold_actions_carry_their_phase_and_orders_their_section() -> None:
    doc = draft_blank(game="stronghold", ruleset="default", format_id="two-player")
    doc, pointer = draft_add(document=doc, card=CardRef("ballista", "Ballista", "machine", phase=2))
    doc, _ = draft_add(document=doc, card=CardRef("orc-blast", "Orc Blast", "order", phase=6))
    assert pointer == "/plan/entries/0"
    assert doc["plan"]["entries"] == [{"name": "Ballista", "phase": 2}]
    assert doc["plan"]["orders"] == [{"name": "Orc Blast", "section": "", "secret": False}]


def test_a_kind_with_no_place_in_the_list_is_refused() -> None:
    doc = draft_blank(game="ddm", ruleset="ddm-guild", format_id="standard-200")
    with pytest.raises(DraftError):
        draft_add(document=doc, card=MAP)


def test_copies_go_up_and_down_and_below_one_the_entry_goes() -> None:
    doc: dict[str, Any] = {"game": "ddm", "entries": [{"card": "Wood Elf Ranger", "qty": 2},
                                                      {"card": "Orc Mauler", "qty": 1}]}
    doc = draft_step(document=doc, path="entries", index=0, delta=1)
    assert doc["entries"][0]["qty"] == 3
    doc = draft_set_qty(document=doc, path="entries", index=0, qty=150)
    assert doc["entries"][0]["qty"] == 99, "at most 99 copies, as the document allows"
    doc = draft_step(document=doc, path="entries", index=1, delta=-1)
    assert doc["entries"] == [{"card": "Wood Elf Ranger", "qty": 99}]
    doc = draft_remove(document=doc, path="entries", index=0)
    assert doc["entries"] == []


def test_an_index_past_the_end_is_an_error_not_a_crash() -> None:
    doc = {"game": "ddm", "entries": []}
    for call in (
        lambda: draft_remove(document=doc, path="entries", index=0),
        lambda: draft_step(document=doc, path="entries", index=3, delta=1),
        lambda: draft_replace_card(document=doc, path="entries", index=0, name="Orc Mauler"),
        lambda: draft_unplace(document={"game": "battlelore2"}, index=0),
    ):
        with pytest.raises(DraftError):
            call()


def test_replacing_a_misspelt_name_keeps_the_copies_and_drops_the_set() -> None:
    doc = {"game": "ddm", "entries": [{"card": "Orc Maulr", "qty": 2, "set": "Harbinger"}]}
    doc = draft_replace_card(document=doc, path="entries", index=0, name="Orc Mauler")
    assert doc["entries"] == [{"card": "Orc Mauler", "qty": 2}]
    with pytest.raises(DraftError):
        draft_replace_card(document=doc, path="entries", index=0, name="x" * 201)


def _army() -> dict:
    return {"game": "battlelore2", "format": "standard", "faction": "daqan-lords",
            "entries": [{"card": "Citadel Guard", "qty": 2}, {"card": "Roc Warrior", "qty": 1}]}


def test_placing_a_unit_adds_it_to_the_deployment_and_keeps_it_mustered() -> None:
    doc = draft_place(document=_army(), what="0", hex_id="r2c5", terrain="forest")
    assert doc["entries"] == _army()["entries"]
    assert doc["deployment"] == [{"card": "Citadel Guard", "hex": "r2c5", "row": 2, "terrain": "forest"}]
    assert units_to_place(doc) == 2 and left_to_place(doc, doc["entries"][0]) == 1


def test_a_unit_placed_on_a_taken_hex_takes_the_other_off_the_map() -> None:
    doc = draft_place(document=_army(), what="1", hex_id="r1c3", terrain="clear")
    doc = draft_place(document=doc, what="0", hex_id="r1c3", terrain="hills")
    assert doc["deployment"] == [{"card": "Citadel Guard", "hex": "r1c3", "row": 1, "terrain": "hills"}]
    assert left_to_place(doc, {"card": "Roc Warrior", "qty": 1}) == 1


def test_no_more_units_of_a_kind_are_placed_than_are_mustered() -> None:
    doc = draft_place(document=_army(), what="1", hex_id="r1c3", terrain="clear")
    with pytest.raises(DraftError):
        draft_place(document=doc, what="1", hex_id="r1c4", terrain="clear")


def test_taking_a_unit_off_the_map_keeps_it_mustered_and_the_tent_has_its_own_place() -> None:
    doc = draft_place(document=_army(), what="1", hex_id="r1c3", terrain="clear")
    doc = draft_place(document=doc, what=TENT, hex_id="r1c7", terrain="clear")
    assert doc["command_tent"] == {"hex": "r1c7", "row": 1, "terrain": "clear"}
    doc = draft_unplace(document=doc, index=0)
    assert "deployment" not in doc and doc["entries"] == _army()["entries"]
    doc = draft_unplace(document=doc, index=-1)
    assert "command_tent" not in doc


def test_only_hexes_of_the_map_and_known_terrain_are_accepted() -> None:
    for hex_id, terrain in (("r0c1", "clear"), ("r2c14", "clear"), ("x", "clear"), ("r2c5", "lava")):
        with pytest.raises(DraftError):
            draft_place(document=_army(), what="0", hex_id=hex_id, terrain=terrain)
    with pytest.raises(DraftError):
        draft_place(document=_army(), what="7", hex_id="r2c5", terrain="clear")


def test_a_half_placed_army_counts_the_units_still_to_place() -> None:
    doc = draft_place(document=_army(), what="0", hex_id="r2c5", terrain="clear")
    assert units_to_place(doc) == 2 and units_to_place(_army()) == 0
    whole = draft_place(document=draft_place(document=doc, what="0", hex_id="r2c6", terrain="clear"),
                        what="1", hex_id="r2c7", terrain="clear")
    assert units_to_place(whole) == 0 and whole["entries"] == _army()["entries"] and len(whole["deployment"]) == 3
