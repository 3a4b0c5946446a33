"""Bounds and bad input: a malformed list document is refused with a message per JSON pointer."""

from __future__ import annotations

from typing import Any

import pytest

from validation.core import DocumentError, parse_document


def errors_of(document: Any) -> dict[str, list[str]]:
    with pytest.raises(DocumentError) as caught:
        parse_document(document)
    return caught.value.fields


def ddm(**top: Any) -> dict[str, Any]:
    return {"game": "ddm", "format": "skirmish-200", "faction": "CG", "entries": [{"card": "Orc Mauler"}], **top}


def test_a_document_that_is_not_an_object_is_refused() -> None:
    values: list[Any] = [[], "ddm", 3, None, True]
    for value in values:
        assert errors_of(value) == {"": ["a list document must be a JSON object"]}


def test_an_unknown_or_missing_game_is_named() -> None:
    assert "unknown game 'chess'" in errors_of({"game": "chess", "format": "x"})["/game"][0]
    assert errors_of({"format": "x"})["/game"][0].startswith("is required")
    assert errors_of({"game": 7})["/game"][0].startswith("must be one of ddm")


def test_an_unknown_ruleset_or_format_is_named_with_the_known_ones() -> None:
    assert "known: seed, ddm-guild" in errors_of(ddm(ruleset="3e"))["/ruleset"][0]
    message = errors_of(ddm(format="skirmish-x"))["/format"][0]
    assert "unknown format 'skirmish-x'" in message and "skirmish-<N>" in message
    assert "/format" in errors_of({"game": "ddm", "entries": []})


@pytest.mark.parametrize("fmt", ["skirmish-0", "skirmish-10001", "skirmish-0200", "skirmish--5", "skirmish-2e2",
                                 "quick-100"])
def test_a_skirmish_size_outside_1_to_10000_or_of_another_ruleset_is_unknown(fmt: str) -> None:
    assert "/format" in errors_of(ddm(format=fmt))


@pytest.mark.parametrize("fmt", ["skirmish-1", "skirmish-10000", "skirmish-350"])
def test_any_skirmish_size_from_1_to_10000_is_a_format(fmt: str) -> None:
    assert parse_document(ddm(format=fmt)).format.id == fmt


def test_every_error_is_reported_at_once_by_pointer() -> None:
    fields = errors_of(ddm(entries=[{"card": 3, "qty": 0, "colour": "red"}, "Orc Mauler"], faction="NG",
                           battle_map=["a"], commander_zero=False))
    assert fields == {
        "/entries/0/colour": ["is not a key of a ddm list entry (known: card, qty, set, version, minion_of)"],
        "/entries/0/card": ["must be a string, not a number"],
        "/entries/0/qty": ["must be at least 1"],
        "/entries/1": ["must be an object, not a string"],
        "/faction": ["must be one of LG, CG, LE, CE"],
        "/battle_map": ["must be a string, not a list"],
        "/commander_zero": ["must be a string, not true or false"],
    }


@pytest.mark.parametrize(
    ("qty", "message"),
    [(0, "must be at least 1"), (-3, "must be at least 1"), (100, "must be at most 99"),
     (10**40, "must be at most 99"), (2.5, "must be a whole number from 1 to 99, not a decimal number"),
     (2.0, "must be a whole number from 1 to 99, not a decimal number"),
     (True, "must be a whole number from 1 to 99, not true or false"),
     ("2", "must be a whole number from 1 to 99, not a string"),
     (None, "must be a whole number from 1 to 99, not null")],
)
def test_quantities_are_whole_numbers_from_1_to_99(qty: Any, message: str) -> None:
    assert errors_of(ddm(entries=[{"card": "Orc Mauler", "qty": qty}])) == {"/entries/0/qty": [message]}


def test_99_copies_and_200_entries_are_the_bounds() -> None:
    parse_document(ddm(entries=[{"card": "Orc Mauler", "qty": 99}] * 200))
    assert errors_of(ddm(entries=[{"card": "Orc Mauler"}] * 201)) == {
        "/entries": ["must hold at most 200 items, not 201"]
    }


def test_ten_thousand_entries_are_refused_without_reading_them() -> None:
    fields = errors_of(ddm(entries=[{"card": 1, "qty": -1}] * 10_000))
    assert fields == {"/entries": ["must hold at most 200 items, not 10000"]}


def test_long_strings_are_refused() -> None:
    assert errors_of(ddm(name="x" * 201)) == {"/name": ["must be at most 200 characters long"]}
    assert errors_of(ddm(entries=[{"card": "x" * 201}])) == {"/entries/0/card": ["must be at most 200 characters long"]}
    assert errors_of(ddm(notes="x" * 5001)) == {"/notes": ["must be at most 5000 characters long"]}
    assert errors_of(ddm(entries=[{"card": "   "}])) == {"/entries/0/card": ["must not be empty"]}


def test_a_key_of_another_game_is_malformed() -> None:
    assert errors_of(ddm(orders=[]))["/orders"] == [
        "is not a key of a ddm list (known: game, ruleset, format, name, notes, faction, entries, commander_zero, "
        "battle_map, pool, teammates, params)"
    ]
    dc = {"game": "dungeon-command", "format": "custom", "battle_map": "x", "faction": "CG"}
    fields = errors_of(dc)
    assert "/battle_map" in fields and fields["/faction"] == [
        "must be null: a Dungeon Command warband has no faction"
    ]


def test_a_list_may_set_only_its_formats_free_parameters() -> None:
    assert parse_document(ddm(params={"commander_required_severity": "violation"})).params[
        "commander_required_severity"] == "violation"
    fields = errors_of(ddm(params={"points_limit": 300, "commander_required_severity": "fatal"}))
    assert fields["/params/points_limit"][0].startswith("is not a free parameter of the format skirmish-200")
    assert fields["/params/commander_required_severity"] == ["must be one of warning, violation"]
    assert errors_of(ddm(params=[1])) == {"/params": ["must be an object of the format's free parameters"]}
    team = parse_document(ddm(format="team-multiplayer", params={"points_limit": 300}))
    assert team.params["points_limit"] == 300
    assert errors_of(ddm(format="team-multiplayer", params={"points_limit": 0})) == {
        "/params/points_limit": ["must be at least 1"]
    }


def test_faction_letters_match_without_regard_to_case() -> None:
    assert parse_document(ddm(faction="cg")).data["faction"] == "CG"


def test_dungeon_command_formats_name_the_keys_they_need() -> None:
    box = {"game": "dungeon-command", "format": "faction-box"}
    assert errors_of(box) == {"/box": ["is required by the format faction-box: the faction pack's name or slug"]}
    first = {"game": "dungeon-command", "format": "first-game", "box": "Heart of Cormyr"}
    assert errors_of(first) == {"/symbol": ["is required by the format first-game: gold or silver"]}
    assert errors_of({**first, "symbol": "bronze"}) == {"/symbol": ["must be one of gold, silver"]}
    tiles = {"game": "dungeon-command", "format": "custom", "tiles": {"large": 21, "huge": 1}}
    assert errors_of(tiles) == {
        "/tiles/huge": ["is not a key of a tiles record (known: large, small, small_with_start_area)"],
        "/tiles/large": ["must be at most 20"],
    }
    commanders = {"game": "dungeon-command", "format": "custom", "commanders": "Valnar Trueblade"}
    assert errors_of(commanders) == {"/commanders": ["must be a list, not a string"]}


def test_teammates_have_the_shape_of_a_warband() -> None:
    assert errors_of(ddm(teammates=[{"entries": [{"card": "x", "qty": 0}], "teammates": []}])) == {
        "/teammates/0/teammates": [
            "is not a key of a teammate's warband (known: name, notes, faction, entries, commander_zero, "
            "battle_map, pool)"
        ],
        "/teammates/0/entries/0/qty": ["must be at least 1"],
    }


def test_the_error_message_names_the_first_fields() -> None:
    with pytest.raises(DocumentError) as caught:
        parse_document(ddm(entries=[{"card": "a", "qty": 0}] * 7))
    assert caught.value.message.startswith("The list document is not valid: /entries/0/qty: must be at least 1;")
    assert caught.value.message.endswith("(and 2 more)")


def test_pointers_escape_slashes_and_tildes_in_keys() -> None:
    assert "/entries/0/a~1b~0c" in errors_of(ddm(entries=[{"card": "x", "a/b~c": 1}]))
