"""D&D Miniatures under the DDM Guild rules: each check of ddm-guild.md on both sides, every format."""

from __future__ import annotations

import pytest

from tests.validation.helpers import check, only, rules
from validation.core import Catalogue


def guild(*entries: tuple[str, int], fmt: str = "standard-200", **top: object) -> dict[str, object]:
    return {"game": "ddm", "ruleset": "ddm-guild", "format": fmt,
            "entries": [{"card": n, "qty": q} for n, q in entries], **top}


def test_a_good_civilization_warband_is_legal_and_priced(guild_catalogue: Catalogue) -> None:
    result = check(guild(("Guild Paladin", 1), ("Guild Ranger", 2), ("Guild Scout", 1)), guild_catalogue)
    assert result["legal"], result["violations"]
    assert result["totals"] == {"points": 80, "points_left": 120, "creatures": 4, "commanders": 1,
                                "points_complete": True}
    assert result["ruleset"] == "ddm-guild"


@pytest.mark.parametrize(
    ("fmt", "at_limit", "most"),
    [
        ("quick-100", [("Guild Paladin", 2), ("Guild Ranger", 2)], 8),
        ("standard-200", [("Guild Paladin", 4), ("Guild Ranger", 4)], 10),
        ("epic-500", [("Guild Giant", 5)], 10),
        ("arena", [("Guild Giant", 2)], 5),
    ],
)
def test_each_format_allows_exactly_its_points_and_creatures(
    guild_catalogue: Catalogue, fmt: str, at_limit: list[tuple[str, int]], most: int
) -> None:
    result = check(guild(*at_limit, fmt=fmt), guild_catalogue)
    assert result["legal"] and result["totals"]["points_left"] == 0, result["violations"]
    over = check(guild(*at_limit, ("Guild Scout", 1), fmt=fmt), guild_catalogue)
    assert only(over, "ddm-guild.points-limit")["hint"] == "remove at least 10 points"
    assert check(guild(("Guild Scout", most), fmt=fmt), guild_catalogue)["legal"]
    too_many = check(guild(("Guild Scout", most + 1), fmt=fmt), guild_catalogue)
    assert rules(too_many) == ["ddm-guild.max-creatures"]
    assert only(too_many, "ddm-guild.max-creatures")["hint"] == "remove 1 creature"


def test_good_and_evil_do_not_mix_but_neutral_fits_either(guild_catalogue: Catalogue) -> None:
    assert check(guild(("Guild Drow", 1), ("Guild Scout", 1)), guild_catalogue)["legal"]
    result = check(guild(("Guild Drow", 1), ("Guild Scout", 1), ("Guild Paladin", 2)), guild_catalogue)
    v = only(result, "ddm-guild.alignment")
    assert v["entries"] == ["/entries/0"] and v["hint"] == "remove the 1 Evil creature"


def test_the_creatures_must_share_a_faction(guild_catalogue: Catalogue) -> None:
    assert check(guild(("Guild Ranger", 1), ("Guild Druid", 1)), guild_catalogue)["legal"]  # Wild
    result = check(guild(("Guild Paladin", 1), ("Guild Ranger", 1), ("Guild Druid", 1)), guild_catalogue)
    v = only(result, "ddm-guild.faction")
    assert v["hint"] == "remove Guild Druid to share Civilization"


def test_a_declared_faction_must_be_shared(guild_catalogue: Catalogue) -> None:
    assert check(guild(("Guild Ranger", 1), ("Guild Druid", 1), faction="Wild"), guild_catalogue)["legal"]
    result = check(guild(("Guild Ranger", 1), ("Guild Paladin", 1), faction="wild"), guild_catalogue)
    assert only(result, "ddm-guild.faction")["hint"] == "remove Guild Paladin, or declare Civilization"


def test_a_unique_creature_appears_once(guild_catalogue: Catalogue) -> None:
    assert check(guild(("Guild Hero", 1)), guild_catalogue)["legal"]
    result = check(guild(("Guild Hero", 1), ("guild-hero", 1)), guild_catalogue)
    assert only(result, "ddm-guild.unique")["hint"] == "Guild Hero: 1 copy too many"


def test_a_missing_cost_or_faction_is_missing_data(guild_catalogue: Catalogue) -> None:
    result = check(guild(("Guild Mystery", 1), ("Guild Scout", 1)), guild_catalogue)
    assert {v["field"] for v in result["violations"]} == {"cost", "factions"}


def test_freestyle_checks_nothing_and_still_prices_the_list(guild_catalogue: Catalogue) -> None:
    doc = guild(("Guild Hero", 3), ("Guild Drow", 20), fmt="freestyle")
    result = check(doc, guild_catalogue)
    assert result["legal"] and result["totals"]["points"] == 950 and result["totals"]["points_left"] is None


def test_several_guild_rules_at_once(guild_catalogue: Catalogue) -> None:
    doc = guild(("Guild Hero", 2), ("Guild Drow", 2), ("Guild Druid", 1), fmt="arena")
    assert rules(check(doc, guild_catalogue)) == [
        "ddm-guild.alignment", "ddm-guild.faction", "ddm-guild.points-limit", "ddm-guild.unique",
    ]
