"""States counted or measured for a modifier: 'within 5 squares of 2 or more Bluespawn Stormlizards' (with the
first tier's modifiers, 'instead'), an attacker '7 or more squares away' (Resist 10 All instead of 5, half damage),
and 'while Spear Throw has no uses available' (played only when that power has a use limit)."""

from __future__ import annotations

from typing import Any

from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_judge as J
from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from simulate.games.ddm_guild_vocab import Power
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

STORM = ("Gathering Storm: +2 Attack and +5 Damage with Stormburst while within 5 squares of another Bluespawn "
         "Stormlizard. +4 Attack and +10 Damage with Stormburst while within 5 squares of 2 or more Bluespawn "
         "Stormlizards instead.")
STORMBURST = "Stormburst: (range 6) +10 vs. Ref; 10 lightning damage."
RESILIENT = ("Resilient at Range: Whenever attacked by a creature that is 7 or more squares away: Resist 10 All "
             "instead of Resist 5 All vs. that attack.")
FEATHERS = ("Burst of Feathers: Whenever attacked by an enemy 7 or more squares away: This creature takes half damage "
            "from that attack.")
BOW = "Bow: (range 20) +10 vs. AC; 20 damage."
MISSING = "Missing Spear: -5 damage to {m} attacks while Spear Throw has no uses available."
THROW = "Spear Throw: (range 6) +6 vs. AC; 10 damage."


def _lizard() -> dict[str, Any]:
    return card("Bluespawn Stormlizard", SWORD, STORMBURST, STORM)


def test_the_powers_are_read_and_played() -> None:
    for c in (_lizard(), card("Horror", SWORD, RESILIENT), card("Kenku", SWORD, FEATHERS)):
        assert unplayed_powers(card_from_json(c)) == [], c["name"]


def test_gathering_storm_counts_the_other_stormlizards_within_5_squares() -> None:
    s = battle([_lizard(), _lizard(), _lizard()], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 2, 2)
    put(s, "a2", 2, 7)  # 5 squares away
    put(s, "a3", 10, 7)  # far
    put(s, "b1", 6, 2)
    lizard, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    burst, sword = lizard.powers[1], lizard.powers[0]
    assert burst.attack is not None and sword.attack is not None

    def mods(power: Power, stat: str) -> int:
        return J._stat_mods(s.b, lizard, stat, orc, power.attack, power, False, False)

    assert (mods(burst, "attack"), mods(burst, "damage"), mods(sword, "attack")) == (2, 5, 0)
    put(s, "a3", 6, 6)  # a second one within 5 squares
    assert (mods(burst, "attack"), mods(burst, "damage")) == (4, 10)
    put(s, "a2", 11, 0)
    put(s, "a3", 11, 7)
    assert (mods(burst, "attack"), mods(burst, "damage")) == (0, 0)


def test_an_attacker_far_away_meets_more_resist_or_half_damage() -> None:
    horror = card("Horror", SWORD, RESILIENT, "Resist 5 All", hp=100)
    s = battle([horror, card("Kenku", SWORD, FEATHERS, hp=100)], [card("Archer", SWORD, BOW)],
               PurposeDice(attack=[15, 15, 15, 15]))
    put(s, "a1", 0, 0)
    put(s, "a2", 0, 7)
    put(s, "b1", 7, 0)  # 7 squares from the horror
    h, k, archer = (s.b.by_id[x] for x in ("a1", "a2", "b1"))
    bow = archer.powers[1]
    assert bow.attack is not None
    AT.attack(s.b, archer, bow, bow.attack, [h])
    AT.attack(s.b, archer, bow, bow.attack, [k])
    assert (h.hp, k.hp) == (90, 90)  # 20 less 10; half of 20
    put(s, "b1", 4, 3)  # 4 squares from both
    AT.attack(s.b, archer, bow, bow.attack, [h])
    AT.attack(s.b, archer, bow, bow.attack, [k])
    assert (h.hp, k.hp) == (75, 70)  # 20 less its own Resist 5; all of it


def test_missing_spear_needs_a_spear_throw_with_a_use_limit() -> None:
    unlimited = card_from_json(card("Kobold", SWORD, THROW, MISSING))
    assert [p.name for p in unplayed_powers(unlimited)] == ["Missing Spear"]
    c = card("Kobold", SWORD, THROW, MISSING)
    c["powers"][1]["uses"] = 1
    assert unplayed_powers(card_from_json(c)) == []
    s = battle([c], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 2, 2)
    put(s, "b1", 3, 2)
    kobold, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    spear, throw = kobold.powers[0], kobold.powers[1]
    assert spear.attack is not None
    assert J._stat_mods(s.b, kobold, "damage", orc, spear.attack, spear, False, False) == 0
    kobold.spend(throw)
    assert J._stat_mods(s.b, kobold, "damage", orc, spear.attack, spear, False, False) == -5


def test_icy_strike_adds_cold_damage_on_a_natural_19_or_20_only() -> None:
    icy = "Icy Strike: +10 cold damage on natural attack rolls of 19 or 20."
    assert unplayed_powers(card_from_json(card("Yeti", SWORD, icy))) == []
    untyped = card_from_json(card("X", SWORD, "Y: +10 damage on natural attack rolls of 19 or 20."))
    assert [p.name for p in unplayed_powers(untyped)] == ["Y"]  # (the modifiers of _stat_mods do not see the roll)
    s = battle([card("Yeti", SWORD, icy)], [card("Orc", SWORD, hp=100, ac=10)], PurposeDice(attack=[15, 19]))
    put(s, "a1", 2, 2)
    put(s, "b1", 3, 2)
    yeti, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    sword = yeti.powers[0]
    assert sword.attack is not None
    AT.attack(s.b, yeti, sword, sword.attack, [orc])
    assert orc.hp == 90
    AT.attack(s.b, yeti, sword, sword.attack, [orc])
    assert orc.hp == 90 - 10 - 10
