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


@pytest.fixture(scope="module")
def bundled_guild() -> Catalogue:
    """The bundled Guild cards: the warband-building abilities are tested on the cards that print them."""
    from pathlib import Path

    from tests.validation.helpers import ROOT, catalogue_from_files

    return catalogue_from_files("ddm", "ddm-guild", sorted(Path(ROOT, "catalogue/data/ddm/ddm-guild").glob("*.json")))


def test_strength_in_numbers_raises_the_creature_limit_once_by_the_largest(bundled_guild: Catalogue) -> None:
    # Gnoll with Two Swords: "Strength in Numbers 1: Increase your warband's creature limit by 1." (16 points)
    assert check(guild(("Gnoll with Two Swords", 11)), bundled_guild)["legal"]
    over = check(guild(("Gnoll with Two Swords", 12)), bundled_guild)
    v = only(over, "ddm-guild.max-creatures")  # copies of one ability do not add up (ddm-guild.stacking)
    assert v["message"] == ("The warband holds 12 creatures; at most 11 are allowed (10, raised by the Strength in "
                            "Numbers of Gnoll with Two Swords).")
    assert v["hint"] == "remove 1 creature"
    # Snig the Axe's Strength in Numbers 3 is the largest in the warband: the limit is 13, not 14
    assert check(guild(("Snig the Axe", 1), ("Gnoll with Two Swords", 12), fmt="epic-500"), bundled_guild)["legal"]
    over = check(guild(("Snig the Axe", 1), ("Gnoll with Two Swords", 13), fmt="epic-500"), bundled_guild)
    message = only(over, "ddm-guild.max-creatures")["message"]
    assert "at most 13 are allowed (10, raised by the Strength in Numbers of Snig the Axe)" in message


def test_every_two_mob_creatures_of_one_name_count_as_one(bundled_guild: Catalogue) -> None:
    # Karrnathi Zombie: "Mob 2: Every 2 creatures named Karrnathi Zombie count as 1 creature for your warband's
    # creature limit." (11 points)
    assert check(guild(("Karrnathi Zombie", 9), fmt="quick-100"), bundled_guild)["legal"]  # 9 count as 5 of 8
    over = check(guild(("Karrnathi Zombie", 11), fmt="arena"), bundled_guild)  # 11 count as 6 of 5
    assert only(over, "ddm-guild.max-creatures")["message"] == "The warband holds 6 creatures; at most 5 are allowed."
    assert check(guild(("Karrnathi Zombie", 10), fmt="arena"), bundled_guild)["legal"]


@pytest.mark.django_db
def test_the_database_gives_the_check_the_abilities_it_reads() -> None:
    from validation.services import list_validate

    # the session's database holds the bundled catalogue: the same verdicts as from the files
    assert list_validate(document=guild(("Gnoll with Two Swords", 11)))["legal"]
    assert list_validate(document=guild(("Karrnathi Zombie", 9), fmt="quick-100"))["legal"]
    over = list_validate(document=guild(("Gnoll with Two Swords", 12)))
    assert [v["rule"] for v in over["violations"]] == ["ddm-guild.max-creatures"]
