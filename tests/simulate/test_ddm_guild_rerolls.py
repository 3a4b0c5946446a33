"""'Use when an Arcane creature misses with an attack. Reroll that attack roll.' (Red Wizard, Elminster): a reroll the
engine offers for its own side's misses — an ally's or its own side's creature of that kind — never an enemy's."""

from __future__ import annotations

from simulate.games import ddm_guild_attacks as AT
from simulate.games.ddm_guild_powers import parse_power
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

RED_WIZARD = "Use when an Arcane creature misses with an attack. Reroll that attack roll."


def _wizard() -> dict:
    c = card("Red Wizard", SWORD, RED_WIZARD, rating=2)
    c["powers"][1]["kind"] = "champion"
    return c


def test_the_words() -> None:
    p = parse_power(0, "champion", RED_WIZARD)
    assert p.played and p.trigger == "any-misses" and p.trigger_filter.keyword == "arcane", p.unplayed
    q = parse_power(0, "champion", "Use when a Githyanki or Dragon ally misses with an attack: Re-roll that attack "
                                   "roll instead.")
    assert q.played and [(e.kind, e.what) for e in q.effects] == [("reroll", "attack")], q.unplayed


def test_an_arcane_allys_miss_is_rolled_again_and_an_arcane_enemys_is_not() -> None:
    s = battle([_wizard(), card("Mage", SWORD, keywords=("Arcane",))],
               [card("Warlock", SWORD, keywords=("Arcane",), hp=80)], PurposeDice(attack=[2, 15, 2]))
    put(s, "a1", 0, 0)
    put(s, "a2", 4, 3)
    put(s, "b1", 5, 3)
    mage, warlock = s.b.by_id["a2"], s.b.by_id["b1"]
    sword = mage.powers[0]
    assert sword.attack is not None
    AT.attack(s.b, mage, sword, sword.attack, [warlock])  # 2 misses; the wizard has it rolled again: 15 hits
    assert warlock.hp == 70
    assert [e.data["creature"] for e in s.log.of_kind("power")] == ["a1"]
    wsword = warlock.powers[0]
    assert wsword.attack is not None
    AT.attack(s.b, warlock, wsword, wsword.attack, [mage])  # the enemy's 2 misses and stays a miss
    assert mage.hp == 50 and len(s.log.of_kind("power")) == 1
