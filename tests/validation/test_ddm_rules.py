"""D&D Miniatures (seed rules): every rule on both sides of its limit, several at once, every format.

The fixture catalogue (fixtures/ddm-seed.json) has made-up costs chosen for the limits."""

from __future__ import annotations

import pytest

from tests.validation.helpers import ROOT, catalogue_from_files, check, ddm, only, rules, warnings
from validation.core import Catalogue

CG_BASE = [("Halfling Captain", 1), ("Wood Elf Ranger", 2)]  # 48 points, a commander
AT_200 = [("Young Red Dragon", 1), ("Goblin Boss", 1), ("Orc Mauler", 1), ("Goblin Sneak", 2), ("Dire Wolf", 1)]
AT_201 = [("Young Red Dragon", 1), ("Goblin Boss", 1), ("Orc Mauler", 1), ("Goblin Sneak", 4)]


def test_the_quick_start_warband_is_legal_with_nothing_to_say(ddm_catalogue: Catalogue) -> None:
    result = check(ddm(*CG_BASE, faction="CG"), ddm_catalogue)
    assert result["legal"] and result["violations"] == [] and result["warnings"] == []
    assert result["totals"] == {
        "points": 48, "points_left": 152, "creatures": 3, "commanders": 1, "minions": 0, "points_complete": True,
    }
    assert (result["game"], result["ruleset"], result["format"]) == ("ddm", "seed", "skirmish-200")
    assert result["catalogue_version"] == "files"


# ----------------------------------------------------------------------------------- points-limit


def test_it_accepts_exactly_200_points(ddm_catalogue: Catalogue) -> None:
    result = check(ddm(*AT_200, faction="CE"), ddm_catalogue)
    assert result["legal"], result["violations"]
    assert result["totals"]["points"] == 200 and result["totals"]["points_left"] == 0


def test_it_rejects_201_points_and_says_how_many_to_remove(ddm_catalogue: Catalogue) -> None:
    result = check(ddm(*AT_201, faction="CE"), ddm_catalogue)
    assert rules(result) == ["ddm.points-limit"]
    v = only(result, "ddm.points-limit")
    assert v["hint"] == "remove at least 1 point"
    assert v["entries"] == ["/entries"]
    assert v["source"]["file"] == "003_c161f482ef98045d.txt" and "Ograniczenie 200" in v["source"]["section"]
    assert result["totals"]["points_left"] == -1


def test_a_skirmish_at_another_size_uses_that_limit(ddm_catalogue: Catalogue) -> None:
    assert check(ddm(*AT_201, faction="CE", fmt="skirmish-201"), ddm_catalogue)["legal"]
    result = check(ddm(*AT_200, faction="CE", fmt="skirmish-199"), ddm_catalogue)
    assert only(result, "ddm.points-limit")["hint"] == "remove at least 1 point"


def test_a_cost_the_catalogue_lacks_is_missing_data_not_a_guess(ddm_catalogue: Catalogue) -> None:
    result = check(ddm(("Mystery Knight", 1), *CG_BASE, faction="CG"), ddm_catalogue)
    missing = [v for v in result["violations"] if v["rule"] == "catalogue.missing-data" and v["field"] == "cost"]
    assert len(missing) == 1
    assert missing[0]["card"] == "mystery-knight" and missing[0]["entries"] == ["/entries/0"]
    assert missing[0]["needed_by"] == ["ddm.max-creature-cost", "ddm.points-limit"]
    assert missing[0]["hint"] == "complete it on the card page of Mystery Knight"
    assert not result["legal"] and result["totals"]["points_complete"] is False


def test_known_costs_over_the_limit_are_a_violation_even_with_a_cost_missing(ddm_catalogue: Catalogue) -> None:
    result = check(ddm(*AT_201, ("Mystery Knight", 1), faction="CE"), ddm_catalogue)
    assert "ddm.points-limit" in rules(result) and "catalogue.missing-data" in rules(result)


# ----------------------------------------------------------------------------------- max-creatures


def test_it_accepts_eight_creatures_and_rejects_nine(ddm_catalogue: Catalogue) -> None:
    eight = check(ddm(("Goblin Boss", 1), ("Goblin Sneak", 7), faction="CE"), ddm_catalogue)
    assert eight["legal"] and eight["totals"]["creatures"] == 8
    nine = check(ddm(("Goblin Boss", 1), ("Goblin Sneak", 8), faction="CE"), ddm_catalogue)
    assert rules(nine) == ["ddm.max-creatures"]
    assert only(nine, "ddm.max-creatures")["hint"] == "remove 1 creature"


def test_minions_do_not_count_toward_the_eight_or_the_points(ddm_catalogue: Catalogue) -> None:
    doc = ddm(
        ("Goblin Boss", 1), ("Goblin Sneak", 7),
        {"card": "Goblin Sneak", "qty": 2, "minion_of": "Goblin Boss"},
        faction="CE",
    )
    result = check(doc, ddm_catalogue)
    assert result["legal"], result["violations"]
    assert result["totals"]["creatures"] == 8 and result["totals"]["minions"] == 2
    assert result["totals"]["points"] == 25 + 7 * 5


# ----------------------------------------------------------------------------------- max-creature-cost


def test_a_140_point_creature_is_legal_at_200_and_a_141_point_one_is_not(ddm_catalogue: Catalogue) -> None:
    assert check(ddm(("Young Red Dragon", 1), ("Goblin Boss", 1), faction="CE"), ddm_catalogue)["legal"]
    result = check(ddm(("Stone Giant", 1), ("Goblin Boss", 1), faction="CE"), ddm_catalogue)
    v = only(result, "ddm.max-creature-cost")
    assert v["entries"] == ["/entries/0"]
    assert v["hint"] == "replace Stone Giant (1 point over the cap)"


def test_the_cap_at_other_sizes_is_70_percent_rounded_down(ddm_catalogue: Catalogue) -> None:
    # floor(0.7 × 199) = 139: the 140-point dragon is one over; at 201 the cap is 140 again.
    result = check(ddm(("Young Red Dragon", 1), ("Goblin Boss", 1), faction="CE", fmt="skirmish-199"), ddm_catalogue)
    assert rules(result) == ["ddm.max-creature-cost"]
    assert "139" in only(result, "ddm.max-creature-cost")["message"]
    assert check(ddm(("Young Red Dragon", 1), ("Goblin Boss", 1), faction="CE", fmt="skirmish-201"),
                 ddm_catalogue)["legal"]


# ----------------------------------------------------------------------------------- faction


def test_a_creature_without_the_warbands_symbol_is_named(ddm_catalogue: Catalogue) -> None:
    result = check(ddm(*CG_BASE, ("Orc Mauler", 1), faction="CG"), ddm_catalogue)
    v = only(result, "ddm.faction")
    assert v["entries"] == ["/entries/2"]
    assert v["message"] == "Orc Mauler does not show the CG symbol (it shows CE)."
    assert v["hint"] == "remove Orc Mauler"


def test_creatures_with_two_or_four_symbols_join_any_of_them(ddm_catalogue: Catalogue) -> None:
    for faction in ("CG", "LG"):
        doc = ddm(("Élan Sorcerer", 1), ("Angel of All", 1), ("Regdar, Adventurer", 1), faction=faction)
        result = check(doc, ddm_catalogue)
        assert ("ddm.faction" in rules(result)) == (faction == "CG")  # Regdar is LG only


def test_a_list_without_a_faction_is_told_which_faction_fits(ddm_catalogue: Catalogue) -> None:
    result = check(ddm(("Élan Sorcerer", 1), ("Regdar, Adventurer", 1)), ddm_catalogue)
    v = only(result, "ddm.faction")
    assert v["entries"] == ["/faction"] and v["hint"] == "choose LG under Faction"


def test_faction_symbols_the_catalogue_lacks_are_missing_data(ddm_catalogue: Catalogue) -> None:
    result = check(ddm(("Mystery Knight", 1), *CG_BASE, faction="CG"), ddm_catalogue)
    fields = {v["field"] for v in result["violations"] if v["rule"] == "catalogue.missing-data"}
    assert "factions" in fields and "ddm.faction" not in rules(result)


# ----------------------------------------------------------------------------------- warband building


def test_warband_building_brings_in_creatures_of_the_kind_it_names(ddm_catalogue: Catalogue) -> None:
    result = check(ddm(*CG_BASE, ("Halfling Outrider", 2), faction="CG"), ddm_catalogue)
    assert result["legal"], result["violations"]


def test_warband_building_never_brings_in_another_factions_commander(ddm_catalogue: Catalogue) -> None:
    result = check(ddm(*CG_BASE, ("Halfling Priest", 1), faction="CG"), ddm_catalogue)
    assert rules(result) == ["ddm.faction", "ddm.warband-building"]
    assert only(result, "ddm.warband-building")["entries"] == ["/entries/2"]


def test_an_out_of_faction_creature_no_effect_names_breaks_only_the_faction_rule(ddm_catalogue: Catalogue) -> None:
    result = check(ddm(*CG_BASE, ("Regdar, Adventurer", 1), faction="CG"), ddm_catalogue)
    assert rules(result) == ["ddm.faction"]


def test_warband_building_from_one_faction_only_admits_that_faction(ddm_catalogue: Catalogue) -> None:
    assert check(ddm(("Wolf Lord", 1), ("Dire Wolf", 1), faction="LE"), ddm_catalogue)["legal"]
    result = check(ddm(("Wolf Lord", 1), ("Riding Horse", 1), faction="LE"), ddm_catalogue)
    assert rules(result) == ["ddm.faction"]


def test_a_warband_building_effect_known_only_as_text_is_missing_data(ddm_catalogue: Catalogue) -> None:
    result = check(ddm(("Vague Chieftain", 1), ("Orc Mauler", 1), faction="LE"), ddm_catalogue)
    v = only(result, "catalogue.missing-data")
    assert (v["card"], v["field"], v["needed_by"]) == ("vague-chieftain", "warband_building", ["ddm.faction"])
    assert "ddm.faction" not in rules(result)


# ----------------------------------------------------------------------------------- commander required


def test_a_warband_without_a_commander_gets_a_warning_not_a_violation(ddm_catalogue: Catalogue) -> None:
    result = check(ddm(("Wood Elf Ranger", 2), faction="CG"), ddm_catalogue)
    assert result["legal"]
    assert warnings(result) == ["ddm.commander-required"]
    assert result["warnings"][0]["hint"] == "add a creature with a Commander rating"


def test_an_event_can_make_the_commander_mandatory(ddm_catalogue: Catalogue) -> None:
    doc = ddm(("Wood Elf Ranger", 2), faction="CG", params={"commander_required_severity": "violation"})
    assert rules(check(doc, ddm_catalogue)) == ["ddm.commander-required"]
    doc = ddm(*CG_BASE, faction="CG", params={"commander_required_severity": "violation"})
    assert check(doc, ddm_catalogue)["legal"]


def test_an_unknown_commander_rating_needed_only_by_a_warning_is_a_warning(ddm_catalogue: Catalogue) -> None:
    result = check(ddm(("Unsure Captain", 1), ("Halfling Outrider", 1), faction="LG"), ddm_catalogue)
    assert result["legal"]
    assert warnings(result) == ["catalogue.missing-data"]
    w = result["warnings"][0]
    assert w["field"] == "is_commander" and w["needed_by"] == ["ddm.commander-required"]
    assert w["message"] == ("The catalogue does not say whether Unsure Captain has a Commander rating, which "
                            "ddm.commander-required needs: the warning cannot be settled without it.")
    assert w["hint"] == "complete it on the card page of Unsure Captain"


def test_one_warning_names_every_creature_whose_commander_rating_nobody_recorded() -> None:
    """An Epic warband of seven creatures whose Commander rating the bundled catalogue lacks: one warning that
    lists them, not seven."""
    bundled = catalogue_from_files("ddm", "seed", sorted((ROOT / "catalogue/data/ddm/seed").glob("*.json")))
    unsure = sorted({c.name for c in bundled.cards if c.kind == "creature" and c.get("is_commander") is None
                     and c.get("commander_rating") is None and c.get("cost") is not None and c.factions == ("LE",)})[:7]
    assert len(unsure) == 7
    result = check(ddm(*((name, 1) for name in unsure), faction="LE", fmt="epic-500", battle_map="Field of Ruin"),
                   bundled)
    assert result["legal"] and not result["violations"]
    [w] = result["warnings"]
    assert w["rule"] == "catalogue.missing-data" and w["field"] == "is_commander"
    assert len(w["cards"]) == 7 and len(w["entries"]) == 7
    assert w["message"].startswith("The catalogue does not say whether ")
    assert " have a Commander rating, which ddm.commander-required needs" in w["message"]
    for name in unsure:
        assert name in w["message"]
    assert w["hint"].startswith("complete them on the card pages of ") and all(n in w["hint"] for n in unsure)


# ----------------------------------------------------------------------------------- unique


def test_one_regdar_is_legal_and_two_regdars_are_not(ddm_catalogue: Catalogue) -> None:
    assert check(ddm(("Regdar, Adventurer", 1), faction="LG"), ddm_catalogue)["legal"]
    result = check(ddm(("Regdar, Adventurer", 1), ("Regdar, Human Fighter", 1), faction="LG"), ddm_catalogue)
    v = only(result, "ddm.unique")
    assert v["entries"] == ["/entries/0", "/entries/1"]
    assert v["hint"] == "Regdar: 1 copy too many"


def test_two_copies_of_one_unique_card_are_one_too_many(ddm_catalogue: Catalogue) -> None:
    result = check(ddm(("Regdar, Adventurer", 2), faction="LG"), ddm_catalogue)
    assert only(result, "ddm.unique")["hint"] == "Regdar: 1 copy too many"


def test_repeated_figures_of_unknown_uniqueness_are_missing_data(ddm_catalogue: Catalogue) -> None:
    result = check(ddm(("Unsure Captain", 2), ("Halfling Priest", 1), faction="LG"), ddm_catalogue)
    assert {v["field"] for v in result["violations"]} == {"unique"}
    assert check(ddm(("Unsure Captain", 1), ("Halfling Priest", 1), faction="LG"), ddm_catalogue)["legal"]


# ----------------------------------------------------------------------------------- size


def test_large_is_legal_in_assault_and_huge_is_not(ddm_catalogue: Catalogue) -> None:
    assert check(ddm(("Minotaur", 1), ("Goblin Boss", 1), faction="CE"), ddm_catalogue)["legal"]
    result = check(ddm(("Purple Worm", 1), ("Goblin Boss", 1), faction="CE"), ddm_catalogue)
    v = only(result, "ddm.size-limit")
    assert v["message"] == "Purple Worm is Huge; creatures larger than Large are not allowed."


def test_a_size_missing_on_the_card_comes_from_its_figure(ddm_catalogue: Catalogue) -> None:
    result = check(ddm(("Sized Figure", 1), ("Halfling Captain", 1), faction="CG"), ddm_catalogue)
    assert result["legal"], result["violations"]


def test_a_size_known_nowhere_is_missing_data(ddm_catalogue: Catalogue) -> None:
    result = check(ddm(("Mystery Knight", 1), faction="LG"), ddm_catalogue)
    assert "size" in {v.get("field") for v in result["violations"]}


# ----------------------------------------------------------------------------------- epic versions


def test_an_epic_side_is_illegal_in_assault_and_legal_in_epic(ddm_catalogue: Catalogue) -> None:
    epic_balor = {"card": "Balor", "version": "epic"}
    result = check(ddm(epic_balor, faction="CE"), ddm_catalogue)
    assert "ddm.epic-version" in rules(result)
    assert only(result, "ddm.epic-version")["hint"] == "use the standard version of Balor"
    epic = check(ddm(epic_balor, ("Balor", 1), faction="CE", fmt="epic-500", battle_map="Field of Ruin"),
                 ddm_catalogue)
    assert epic["legal"], epic["violations"]
    assert epic["totals"]["points"] == 300


def test_an_epic_side_the_catalogue_lacks_is_missing_data_and_a_figure_without_one_is_unknown(
    ddm_catalogue: Catalogue,
) -> None:
    result = check(ddm({"card": "Aspect of Kord", "version": "epic"}, faction="CG", fmt="epic-500",
                       battle_map="Field of Ruin"), ddm_catalogue)
    v = only(result, "catalogue.missing-data")
    assert v["field"] == "epic side" and v["entries"] == ["/entries/0/card"]
    result = check(ddm({"card": "Orc Mauler", "version": "epic"}, faction="CE"), ddm_catalogue)
    assert only(result, "list.unknown-card")["message"] == "The catalogue has no epic version of Orc Mauler."


def test_the_epic_side_can_be_named_by_its_slug(ddm_catalogue: Catalogue) -> None:
    result = check(ddm("balor-epic", fmt="epic-500", faction="CE", battle_map="Field of Ruin"), ddm_catalogue)
    assert result["legal"] and result["totals"]["points"] == 200


# ----------------------------------------------------------------------------------- commander zero

LIMITED_POOL = ["Goblin Sneak", "Orc Mauler", "Dire Wolf", "Minotaur", "Goblin Boss", "Cheap Mystery",
                "Goblin Sneak", "Kobold Skirmisher"]


def limited(*entries: object, designee: str | None = None, fmt: str = "limited-200", pool: list[str] | None = None,
            ) -> dict[str, object]:
    return ddm(*entries, fmt=fmt, commander_zero=designee, pool=LIMITED_POOL if pool is None else pool)


def test_commander_zero_is_the_cheapest_creature_neither_difficult_nor_wild(ddm_catalogue: Catalogue) -> None:
    entries = [("Goblin Sneak", 1), ("Orc Mauler", 1), ("Dire Wolf", 1), ("Minotaur", 1)]
    result = check(limited(*entries, designee="Goblin Sneak"), ddm_catalogue)
    assert result["legal"], result["violations"]
    assert result["totals"]["points"] == 5 + 16 + 9 + 30 + 5 and result["totals"]["commanders"] == 1
    wrong = check(limited(*entries, designee="Orc Mauler"), ddm_catalogue)
    v = only(wrong, "ddm.commander-zero")
    assert v["hint"] == "designate Goblin Sneak" and v["entries"] == ["/commander_zero", "/entries/1"]


def test_a_designee_named_in_two_entries_is_blamed_in_both_whatever_their_order(ddm_catalogue: Catalogue) -> None:
    entries = [("Goblin Sneak", 1), ("Orc Mauler", 1), ("Orc Mauler", 2)]
    v = only(check(limited(*entries, designee="Orc Mauler"), ddm_catalogue), "ddm.commander-zero")
    assert v["entries"] == ["/commander_zero", "/entries/1", "/entries/2"]
    swapped = [entries[2], entries[0], entries[1]]
    v = only(check(limited(*swapped, designee="Orc Mauler"), ddm_catalogue), "ddm.commander-zero")
    assert v["entries"] == ["/commander_zero", "/entries/0", "/entries/2"]


def test_a_cheaper_difficult_or_wild_creature_does_not_block_the_choice(ddm_catalogue: Catalogue) -> None:
    entries = [("Dire Wolf", 1), ("Orc Mauler", 1), ("Minotaur", 1)]
    assert check(limited(*entries, designee="Orc Mauler"), ddm_catalogue)["legal"]
    for designee, why in (("Dire Wolf", "Wild"), ("Minotaur", "Difficult")):
        v = only(check(limited(*entries, designee=designee), ddm_catalogue), "ddm.commander-zero")
        assert why in v["message"] and v["hint"] == "designate Orc Mauler"


def test_commander_zero_is_refused_when_the_warband_has_a_commander(ddm_catalogue: Catalogue) -> None:
    result = check(limited(("Goblin Sneak", 1), ("Goblin Boss", 1), designee="Goblin Sneak"), ddm_catalogue)
    assert "already has a commander" in only(result, "ddm.commander-zero")["message"]


def test_commander_zero_is_not_available_in_constructed_formats(ddm_catalogue: Catalogue) -> None:
    result = check(ddm(*CG_BASE, faction="CG", commander_zero="Wood Elf Ranger"), ddm_catalogue)
    v = only(result, "ddm.commander-zero")
    assert v["entries"] == ["/commander_zero"] and v["hint"] == "clear the Commander 0 field"


def test_a_designee_outside_the_warband_is_refused(ddm_catalogue: Catalogue) -> None:
    result = check(limited(("Goblin Sneak", 1), designee="Orc Mauler"), ddm_catalogue)
    assert "is not a creature of the warband" in only(result, "ddm.commander-zero")["message"]


def test_the_commander_zero_surcharge_counts_toward_the_points_limit(ddm_catalogue: Catalogue) -> None:
    pool = ["Young Red Dragon", "Orc Mauler", "Minotaur", "Dire Wolf", "Goblin Sneak", "Goblin Sneak"]
    at = check(limited(("Young Red Dragon", 1), ("Minotaur", 1), ("Orc Mauler", 1), ("Dire Wolf", 1),
                       designee="Orc Mauler", pool=pool), ddm_catalogue)
    assert at["legal"] and at["totals"]["points"] == 140 + 30 + 16 + 9 + 5 == 200
    over = check(limited(("Young Red Dragon", 1), ("Minotaur", 1), ("Orc Mauler", 1), ("Goblin Sneak", 2),
                         designee="Goblin Sneak", pool=pool), ddm_catalogue)
    assert only(over, "ddm.points-limit")["hint"] == "remove at least 1 point"


def test_a_cheaper_creature_of_unknown_abilities_makes_the_designee_missing_data(ddm_catalogue: Catalogue) -> None:
    result = check(limited(("Goblin Sneak", 1), ("Cheap Mystery", 1), designee="Goblin Sneak"), ddm_catalogue)
    missing = {(v["card"], v["field"]) for v in result["violations"] if v["rule"] == "catalogue.missing-data"}
    assert missing == {("cheap-mystery", "is_difficult"), ("cheap-mystery", "wild")}


# ----------------------------------------------------------------------------------- requires


def test_a_creature_that_requires_a_dragon_needs_one(ddm_catalogue: Catalogue) -> None:
    result = check(ddm(("Kobold Dragonpriest", 1), ("Hound Master", 1), faction="LE"), ddm_catalogue)
    v = only(result, "ddm.requires-creature")
    assert v["hint"] == "add a Dragon, or remove Kobold Dragonpriest"
    assert check(ddm(("Kobold Dragonpriest", 2), ("Blue Wyrmling", 1), ("Hound Master", 1), faction="LE"),
                 ddm_catalogue)["legal"]


def test_requires_commander_ally_needs_another_commander(ddm_catalogue: Catalogue) -> None:
    result = check(ddm(("Harbinger Sergeant", 1), ("Halfling Outrider", 1), faction="LG"), ddm_catalogue)
    assert "ddm.requires-creature" in rules(result)
    assert check(ddm(("Harbinger Sergeant", 1), ("Halfling Priest", 1), faction="LG"), ddm_catalogue)["legal"]


def test_requires_is_not_checked_in_limited(ddm_catalogue: Catalogue) -> None:
    result = check(limited(("Kobold Dragonpriest", 1), pool=["Kobold Dragonpriest"]), ddm_catalogue)
    assert "ddm.requires-creature" not in rules(result)


# ----------------------------------------------------------------------------------- minions


def test_a_master_brings_its_granted_minions_and_no_more(ddm_catalogue: Catalogue) -> None:
    two = ddm(("Hound Master", 1), {"card": "Guard Hound", "qty": 2, "minion_of": "Hound Master"}, faction="LE")
    result = check(two, ddm_catalogue)
    assert result["legal"] and result["totals"]["points"] == 20 and result["totals"]["minions"] == 2
    three = ddm(("Hound Master", 1), {"card": "Guard Hound", "qty": 3, "minion_of": "Hound Master"}, faction="LE")
    assert only(check(three, ddm_catalogue), "ddm.minions")["hint"] == "Guard Hound: 1 copy too many"
    doubled = ddm(("Hound Master", 2), {"card": "Guard Hound", "qty": 4, "minion_of": "hound-master"}, faction="LE")
    assert check(doubled, ddm_catalogue)["legal"]


def test_a_master_in_two_entries_brings_minions_for_both_whatever_the_order(ddm_catalogue: Catalogue) -> None:
    hounds = {"card": "Guard Hound", "qty": 4, "minion_of": "Hound Master"}
    for masters in ([("Hound Master", 1), ("Hound Master", 1)], [("Hound Master", 1), ("Hound Master", 1)][::-1]):
        assert check(ddm(*masters, hounds, faction="LE"), ddm_catalogue)["legal"]
    five = ddm(("Hound Master", 1), {**hounds, "qty": 5}, ("Hound Master", 1), faction="LE")
    assert only(check(five, ddm_catalogue), "ddm.minions")["hint"] == "Guard Hound: 1 copy too many"


def test_a_minion_needs_its_master_and_a_master_that_grants_it(ddm_catalogue: Catalogue) -> None:
    orphan = ddm(("Hound Master", 1), {"card": "Guard Hound", "minion_of": "Goblin Boss"}, faction="LE")
    assert only(check(orphan, ddm_catalogue), "ddm.minions")["entries"] == ["/entries/1/minion_of"]
    stranger = ddm(("Hound Master", 1), {"card": "Kobold Skirmisher", "minion_of": "Hound Master"}, faction="LE")
    assert "brings Guard Hound, not Kobold Skirmisher" in only(check(stranger, ddm_catalogue), "ddm.minions")["message"]


def test_minions_named_by_type_respect_their_total_cost(ddm_catalogue: Catalogue) -> None:
    cheap = ddm(("Goblin Boss", 1), {"card": "Goblin Sneak", "qty": 2, "minion_of": "Goblin Boss"}, faction="CE")
    assert check(cheap, ddm_catalogue)["legal"]
    dear = ddm(("Goblin Boss", 1), {"card": "Goblin Sneak", "minion_of": "Goblin Boss"},
               {"card": "Goblin Archer", "minion_of": "Goblin Boss"}, faction="CE")
    v = only(check(dear, ddm_catalogue), "ddm.minions")
    assert v["hint"] == "choose minions costing at least 1 point less"


def test_minions_do_not_work_straight_out_of_the_box(ddm_catalogue: Catalogue) -> None:
    doc = limited(("Hound Master", 1), {"card": "Guard Hound", "qty": 2, "minion_of": "Hound Master"},
                  fmt="limited-sootb", pool=["Hound Master"])
    assert rules(check(doc, ddm_catalogue)) == ["ddm.minions"]


# ----------------------------------------------------------------------------------- limited pool


def test_straight_out_of_the_box_plays_exactly_the_booster(ddm_catalogue: Catalogue) -> None:
    pool = ["Goblin Sneak", "Orc Mauler", "Goblin Sneak"]
    exact = limited(("Goblin Sneak", 2), ("Orc Mauler", 1), fmt="limited-sootb", pool=pool, designee="Goblin Sneak")
    assert check(exact, ddm_catalogue)["legal"]
    short = check(limited(("Goblin Sneak", 2), fmt="limited-sootb", pool=pool), ddm_catalogue)
    assert only(short, "ddm.limited-pool")["hint"] == "add Orc Mauler ×1"
    extra = check(limited(("Goblin Sneak", 3), ("Orc Mauler", 1), fmt="limited-sootb", pool=pool), ddm_catalogue)
    assert only(extra, "ddm.limited-pool")["hint"] == "Goblin Sneak: 1 copy more than the pool holds"


def test_straight_out_of_the_box_has_no_faction_points_or_unique_limit(ddm_catalogue: Catalogue) -> None:
    pool = ["Regdar, Adventurer", "Regdar, Human Fighter", "Purple Worm", "Stone Giant", "Young Red Dragon"]
    doc = limited(*[(n, 1) for n in pool], fmt="limited-sootb", pool=pool)
    assert check(doc, ddm_catalogue)["legal"]


def test_advanced_limited_builds_from_the_pool(ddm_catalogue: Catalogue) -> None:
    assert check(limited(("Goblin Sneak", 2), ("Goblin Boss", 1)), ddm_catalogue)["legal"]
    result = check(limited(("Goblin Sneak", 3), ("Goblin Boss", 1)), ddm_catalogue)
    assert rules(result) == ["ddm.limited-pool"]


def test_a_limited_list_without_its_pool_is_illegal(ddm_catalogue: Catalogue) -> None:
    doc = ddm(("Goblin Sneak", 1), fmt="limited-200")
    assert only(check(doc, ddm_catalogue), "ddm.limited-pool")["entries"] == ["/pool"]


def test_a_pool_larger_than_the_boosters_is_a_warning(ddm_catalogue: Catalogue) -> None:
    nine = ["Goblin Sneak"] * 9
    result = check(limited(("Goblin Sneak", 9), fmt="limited-sootb", pool=nine), ddm_catalogue)
    assert result["legal"] and warnings(result) == ["ddm.limited-pool"]
    assert check(limited(("Goblin Sneak", 8), fmt="limited-sootb", pool=nine[:8]), ddm_catalogue)["warnings"] == []


def test_minions_in_advanced_limited_come_from_the_pool(ddm_catalogue: Catalogue) -> None:
    doc = limited(("Hound Master", 1), {"card": "Guard Hound", "qty": 2, "minion_of": "Hound Master"},
                  pool=["Hound Master", "Guard Hound"])
    assert "Guard Hound: 1 copy more" in only(check(doc, ddm_catalogue), "ddm.limited-pool")["hint"]


# ----------------------------------------------------------------------------------- battle map


def test_a_warband_without_its_battle_map_breaks_the_rule_as_the_book_says(ddm_catalogue: Catalogue) -> None:
    """Seed 003's warband basics ("1 pole bitwy") and seed 000's ("1 csatatérkép"): a warband brings one map."""
    doc = ddm(*CG_BASE, faction="CG", battle_map=None)
    result = check(doc, ddm_catalogue)
    assert rules(result) == ["ddm.battle-map"] and not result["legal"]
    assert only(result, "ddm.battle-map")["hint"] == "choose the battle map you bring under Battle map"
    for fmt in ("epic-500", "limited-200", "skirmish-300"):
        assert "ddm.battle-map" in rules(check({**doc, "format": fmt}, ddm_catalogue)), fmt


def test_a_list_built_before_its_map_is_chosen_may_make_the_map_a_warning(ddm_catalogue: Catalogue) -> None:
    doc = ddm(*CG_BASE, faction="CG", battle_map=None, params={"map_required": False})
    result = check(doc, ddm_catalogue)
    assert result["legal"] and warnings(result) == ["ddm.battle-map"]


def test_epic_assault_needs_an_epic_map(ddm_catalogue: Catalogue) -> None:
    result = check(ddm(("Balor", 1), faction="CE", fmt="epic-500"), ddm_catalogue)
    assert only(result, "ddm.battle-map")["hint"] == "bring an epic map such as Field of Ruin"
    assert check(ddm(("Balor", 1), faction="CE", fmt="epic-500", battle_map="field of ruin"), ddm_catalogue)["legal"]


def test_an_unknown_map_is_an_unknown_card(ddm_catalogue: Catalogue) -> None:
    result = check(ddm(*CG_BASE, faction="CG", battle_map="Broken Demon Gate"), ddm_catalogue)
    v = only(result, "list.unknown-card")
    assert v["entries"] == ["/battle_map"] and v["suggestions"] == ["Broken Demongate"]


# ----------------------------------------------------------------------------------- several at once, formats


def test_a_list_breaking_several_rules_hears_of_every_one_sorted(ddm_catalogue: Catalogue) -> None:
    doc = ddm(
        ("Regdar, Adventurer", 2), ("Stone Giant", 1), ("Purple Worm", 1), ("Orc Mauler", 6), {"card": "Orc Maulr"},
        faction="LG",
    )
    result = check(doc, ddm_catalogue)
    assert rules(result) == [
        "ddm.faction", "ddm.faction", "ddm.faction",
        "ddm.max-creature-cost", "ddm.max-creatures", "ddm.points-limit", "ddm.size-limit", "ddm.unique",
        "list.unknown-card",
    ]
    assert [v["entries"][0] for v in result["violations"] if v["rule"] == "ddm.faction"] == [
        "/entries/1", "/entries/2", "/entries/3",
    ]
    assert only(result, "list.unknown-card")["suggestions"] == ["Orc Mauler"]


def test_epic_assault_allows_huge_creatures_and_any_single_creature_cost(ddm_catalogue: Catalogue) -> None:
    doc = ddm(("Purple Worm", 1), ("Stone Giant", 1), ("Young Red Dragon", 1), ("Balor", 1), ("Goblin Boss", 1),
              faction="CE", fmt="epic-500", battle_map="Field of Ruin")
    assert check(doc, ddm_catalogue)["legal"]
    doc["entries"] += [{"card": "Stone Giant"}, {"card": "Goblin Sneak", "qty": 3}]  # 9 creatures, 622 points
    assert rules(check(doc, ddm_catalogue)) == ["ddm.max-creatures", "ddm.points-limit"]


def test_team_games_play_assault_warbands_at_an_agreed_size(ddm_catalogue: Catalogue) -> None:
    doc = ddm(("Stone Giant", 1), ("Goblin Boss", 1), faction="CE", fmt="team-multiplayer")
    assert rules(check(doc, ddm_catalogue)) == ["ddm.max-creature-cost"]
    doc["params"] = {"points_limit": 300}  # cap floor(0.7 × 300) = 210
    result = check(doc, ddm_catalogue)
    assert result["legal"] and result["totals"]["points_left"] == 300 - 166
    teammates = {"teammates": [{"faction": "LG", "entries": [{"card": "Regdar, Adventurer"}]}]}
    assert check({**doc, **teammates}, ddm_catalogue)["legal"]


def test_free_for_all_uses_assault_rules(ddm_catalogue: Catalogue) -> None:
    assert check(ddm(*CG_BASE, faction="CG", fmt="ffa-multiplayer"), ddm_catalogue)["legal"]
    assert rules(check(ddm(*AT_201, faction="CE", fmt="ffa-multiplayer"), ddm_catalogue)) == ["ddm.points-limit"]


@pytest.mark.parametrize(
    ("fmt", "expected"),
    [
        ("skirmish-200", {"ddm.battle-map", "ddm.commander-required", "ddm.commander-zero", "ddm.epic-version",
                          "ddm.faction", "ddm.max-creature-cost", "ddm.max-creatures", "ddm.minions",
                          "ddm.points-limit", "ddm.requires-creature", "ddm.size-limit", "ddm.unique",
                          "ddm.warband-building"}),
        ("epic-500", {"ddm.battle-map", "ddm.commander-required", "ddm.commander-zero", "ddm.epic-version",
                      "ddm.faction", "ddm.max-creatures", "ddm.minions", "ddm.points-limit",
                      "ddm.requires-creature", "ddm.unique", "ddm.warband-building"}),
        ("limited-sootb", {"ddm.battle-map", "ddm.commander-zero", "ddm.epic-version", "ddm.limited-pool",
                           "ddm.minions"}),
        ("limited-200", {"ddm.battle-map", "ddm.commander-zero", "ddm.epic-version", "ddm.limited-pool",
                         "ddm.max-creatures", "ddm.minions", "ddm.points-limit"}),
    ],
)
def test_each_format_runs_the_digests_rules(fmt: str, expected: set[str]) -> None:
    from validation.core.registry import ruleset_spec

    found = ruleset_spec("ddm", "seed").find_format(fmt)
    assert found is not None and set(found.rules) == expected
