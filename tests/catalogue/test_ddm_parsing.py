"""The DDM converter's readers of printed card text: attack lines, damage, spells, abilities, Guild powers."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from catalogue.convert.ddm import (
    guild_ability,
    parse_ability,
    parse_attacks,
    parse_damage,
    parse_minions,
    parse_spell,
    parse_spell_list,
    parse_type_line,
    parse_warband_building,
)


def test_the_wood_elf_rangers_line_is_two_attacks_with_damages_in_order() -> None:
    """ddm.md §2.8 / seed 000 quick start: ``+10/+9 (10/5)``."""
    assert parse_attacks("+10/+9 (10/5)") == [{"bonus": 10, "damage": 10}, {"bonus": 9, "damage": 5}]


def test_one_damage_for_several_bonuses_applies_to_each_attack() -> None:
    assert parse_attacks("+12/+12 (10)") == [{"bonus": 12, "damage": 10}, {"bonus": 12, "damage": 10}]


def test_the_brass_samurais_damage_has_a_type_and_extra_damage() -> None:
    """Seed 003 p. 11: "10 magic + 5 fire" — the part after "+" is extra damage of its own type."""
    assert parse_damage("10 magic + 5 fire") == {
        "damage": 10, "damage_type": "magic", "extra_damage": 5, "extra_type": "fire",
    }
    assert parse_attacks("+13/+13/+8 (5 magic)")[2] == {"bonus": 8, "damage": 5, "damage_type": "magic"}


def test_a_short_ranged_attack_keeps_its_range_limit() -> None:
    assert parse_attacks("+6 (10) range 6") == [{"bonus": 6, "damage": 10, "max_range": 6}]


@pytest.mark.parametrize("text", ["+10/+9 (10/5/5)", "10 (5)", "+4 (five)", "+4 (5) and more"])
def test_an_unreadable_attack_line_is_an_error_not_a_guess(text: str) -> None:
    with pytest.raises(ValueError, match=r"cannot read|bonuses but"):
        parse_attacks(text)


@given(
    st.lists(st.integers(-5, 40), min_size=1, max_size=4),
    st.lists(st.integers(0, 100), min_size=1, max_size=4),
    st.sampled_from(["", " magic", " fire"]),
)
def test_any_printed_attack_line_reads_back_as_printed(bonuses: list[int], damages: list[int], dtype: str) -> None:
    damages = damages[: len(bonuses)] if len(damages) >= len(bonuses) else damages[:1]
    line = "/".join(f"{b:+d}" for b in bonuses) + " (" + "/".join(f"{d}{dtype}" for d in damages) + ")"
    attacks = parse_attacks(line)
    assert [a["bonus"] for a in attacks] == bonuses
    expected = damages if len(damages) == len(bonuses) else damages * len(bonuses)
    assert [a["damage"] for a in attacks] == expected
    assert all(a.get("damage_type", "") == dtype.strip() for a in attacks)


def test_the_lion_of_talisids_flame_strike_reads_as_the_spell_grammar_says() -> None:
    """ddm.md §2.10: ``Name [boxes] (range[; radius R]; effect[; DC N])``."""
    spell = parse_spell("flame strike □ (sight; radius 2; 30 fire damage; DC 16)")
    assert spell == {
        "name": "flame strike", "uses": 1, "range": "sight", "radius": 2, "damage": 30, "damage_type": "fire",
        "dc": 16, "text": "flame strike □ (sight; radius 2; 30 fire damage; DC 16)",
    }


def test_a_spell_block_has_a_row_per_spell_level_and_counts_the_boxes() -> None:
    spells = parse_spell_list(
        "1st—command ❑❑ (range 6; Stun; DC 13), shield of faith ❑ (touch; +2 AC); 2nd—major resistance ❑❑ "
        "(touch; Save +3)."
    )
    assert [(s["name"], s["spell_level"], s["uses"], s.get("range"), s.get("dc")) for s in spells] == [
        ("command", 1, 2, "range 6", 13), ("shield of faith", 1, 1, "touch", None),
        ("major resistance", 2, 2, "touch", None),
    ]


def test_an_unlimited_spell_has_no_box_count_and_says_so() -> None:
    [spell] = parse_spell_list("4th—dimension door (unlimited uses) (self; place this creature in any space).")
    assert (spell["spell_level"], spell.get("uses"), spell["unlimited"], spell["range"]) == (4, None, True, "self")


def test_abilities_keep_their_number_and_boxes() -> None:
    assert parse_ability("Turn Undead 4 *") == {"name": "Turn Undead", "param": "4", "uses": 1}
    assert parse_ability("Stunning Attack ** (DC 15)") == {"name": "Stunning Attack", "uses": 2, "text": "DC 15"}
    assert parse_ability("Smite Evil +5") == {"name": "Smite Evil", "param": "+5"}


def test_minions_name_the_kind_the_count_and_the_cost_cap() -> None:
    assert parse_minions("two Goblinoids whose total cost does not exceed 12") == [
        {"name": "Goblinoid", "qty": 2, "max_total_cost": 12}
    ]


def test_warband_building_becomes_data_where_the_wording_is_known() -> None:
    wb = parse_warband_building("Attack +2. WARBAND BUILDING: Halflings of any faction are legal in your warband.")
    assert wb is not None
    assert (wb["allow_types"], wb["any_faction"]) == (["Halfling"], True)
    wb = parse_warband_building("WARBAND BUILDING: CE Animals and CE Magical Beasts are legal in your warband")
    assert wb is not None
    assert (wb["allow_types"], wb["from_factions"]) == (["Animal", "Magical Beast"], ["CE"])
    assert parse_warband_building("Followers gain melee attack +2") is None


def test_a_type_line_without_a_size_word_is_medium() -> None:
    """ddm.md §2.2: "a creature with no size shown is Medium"."""
    assert parse_type_line("Humanoid (Human)") == {"size": "Medium", "creature_type": "Humanoid", "subtypes": ["Human"]}
    assert parse_type_line("Small Humanoid (Halfling)")["size"] == "Small"
    assert parse_type_line("Large Monstrous Humanoid") == {
        "size": "Large", "creature_type": "Monstrous Humanoid", "subtypes": [],
    }


def test_a_guild_attack_power_keeps_its_name_bonus_and_limit() -> None:
    power = {"type": "ATTACK", "text": "Morningstar: +15 vs. AC: 15 Damage", "limit": 1}
    assert guild_ability(power) == {
        "kind": "attack", "name": "Morningstar", "param": "+15", "value": 15, "uses": 1,
        "text": "Morningstar: +15 vs. AC: 15 Damage",
    }


def test_a_guild_champion_power_without_a_name_has_none() -> None:
    ability = guild_ability({"type": "CHAMPION", "text": "Use when this creature is hit by an attack: An ally is hit."})
    assert ability["kind"] == "champion" and "name" not in ability
    assert guild_ability({"type": "SPECIAL", "text": "Restuff: Minor Action: heals 5 HP."})["action_type"] == "minor"
