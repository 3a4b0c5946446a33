"""RECHARGE "when this creature uses <power>" (or "a champion power"): the named power's use recharges the other,
whichever way it is used (an action, a trigger), and a power whose named power the engine does not play is listed as
not played."""

from __future__ import annotations

from typing import Any

from simulate.games import ddm_guild_damage as DM
from simulate.games.ddm_guild import GuildAttack, GuildPower
from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from simulate.games.ddm_guild_powers import parse_power
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put, turn_of

PALM = "Staggering Palm: +13 vs. Fortitude; 15 damage AND Stunned. RECHARGE when this creature uses Quick Step."


def _limited(c: dict[str, Any], *indices: int) -> dict[str, Any]:
    for i in indices:
        c["powers"][i]["uses"] = 1
    return c



def test_the_words_name_the_power_or_any_champion_power() -> None:
    assert parse_power(0, "attack", PALM).recharge == "uses:quick step"
    two = parse_power(0, "attack", "Bolt: +10 vs. AC; 10 damage. RECHARGE when it uses Mist or its Shadow Step.")
    assert two.recharge == "uses:mist|shadow step"
    sune = parse_power(0, "attack", "Awestruck: (blast 4) +18 vs. Will; Stunned. Recharge when this creature uses a "
                                    "champion power.")
    assert sune.recharge == "uses-champion" and sune.played


def test_using_the_named_power_as_an_action_recharges_the_spent_one() -> None:
    monk = _limited(card("Monk", SWORD, PALM, "Quick Step: Replaces move action: Shift up to 3 squares."), 1)
    s = battle([monk], [card("Orc", SWORD, hp=80)], PurposeDice(attack=[15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    turn_of(s, "a1")
    f = s.b.by_id["a1"]
    palm = f.powers[1]
    s.apply(GuildAttack(palm.index, ("b1",)))
    assert f.uses[palm.index] == 0 and s.b.by_id["b1"].hp == 65
    assert not s.log.of_kind("recharge")
    s.apply(GuildPower(f.powers[2].index))
    assert f.uses[palm.index] == 1
    assert [e.data["power"] for e in s.log.of_kind("recharge")] == ["Staggering Palm"]


def test_a_triggered_champion_power_recharges_a_power_waiting_for_any_champion_power() -> None:
    awe = "Awestruck: (blast 4) +18 vs. Will; Stunned. Recharge when this creature uses a champion power."
    cleric = _limited(card("Cleric", SWORD, awe, "Use when an enemy becomes bloodied: that enemy takes 10 damage.",
                           rating=2), 1)
    cleric["powers"][2]["kind"] = "champion"
    s = battle([cleric], [card("Orc", SWORD, hp=50)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    f, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    f.uses[f.powers[1].index] = 0
    DM.deal_damage(s.b, orc, [(25, "")], f)  # bloodied: the champion power answers
    assert orc.hp == 15
    assert f.uses[f.powers[1].index] == 1


def test_a_power_recharged_by_one_the_engine_does_not_play_is_listed_as_not_played() -> None:
    unread = "Quick Step: Replaces move action: This creature dances a strange dance no rule describes."
    c = card_from_json(_limited(card("Monk", SWORD, PALM, unread), 1))
    missing = {p.name: p.unplayed for p in unplayed_powers(c)}
    assert "Quick Step" in missing
    assert missing["Staggering Palm"] == "recharge when it uses a power the engine does not play"
    c2 = card_from_json(_limited(card("Monk", SWORD, PALM, "Quick Step: Replaces move action: Shift up to 3 squares."),
                                 1))
    assert not unplayed_powers(c2)


def test_a_power_that_recharges_with_no_number_of_uses_is_not_played() -> None:
    """Green Dragon's Poison Breath prints RECHARGE, but the data gives it no check box: played as unlimited its
    recharge would mean nothing and the engine would breathe every turn; how many uses it has is not known."""
    breath = "Poison Breath: (blast 5) +10 vs. Fort; 10 poison damage. RECHARGE when first Bloodied."
    raw = card("Green Dragon", SWORD, breath)
    raw["powers"][1]["uses"] = None  # as the catalogue holds it
    bare = card_from_json(raw)
    assert [p.name for p in unplayed_powers(bare)] == ["Poison Breath"]
    assert "no number of uses" in unplayed_powers(bare)[0].unplayed
    assert not unplayed_powers(card_from_json(_limited(card("Green Dragon", SWORD, breath), 1)))
