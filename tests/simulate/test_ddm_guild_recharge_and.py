"""'RECHARGE Stunning Rend AND all enemies have -2 Attack', 'This creature recharges Paralyzing Breath and heals 10 HP',
'Recharge Spark Shower and make a Spark Shower attack': a power's name, then another clause the power plays too (a
name that has an 'and' of its own, 'Hit and Run', stays one name)."""

from __future__ import annotations

from typing import Any

from simulate.games import ddm_guild_damage as DM
from simulate.games.ddm_guild_powers import parse_power
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

BREATH = "Paralyzing Breath: (blast 3) +9 vs. Fortitude; 5 damage AND Immobilized."
COLLECT = "Corpse Collecting: Use when an adjacent enemy or ally is destroyed: This creature recharges Paralyzing " \
          "Breath and heals 10 HP."
SHOWER = "Spark Shower: (burst 2) +9 vs. Reflex; 15 fire damage."
BLAZE = "Blaze o' Glory: Use when this creature is destroyed: Recharge Spark Shower and make a Spark Shower attack."


def _limited(c: dict[str, Any], i: int) -> dict[str, Any]:
    c["powers"][i]["uses"] = 1
    return c


def test_the_words_after_the_name_are_a_clause_of_their_own() -> None:
    p = parse_power(0, "special", COLLECT)
    assert p.played and [(e.kind, e.what, e.amount) for e in p.effects] == [
        ("recharge", "power:paralyzing breath", 0), ("heal", "", 10)]
    storm = parse_power(0, "special", "Chaos Storm: Use when you win initiative; RECHARGE Stunning Rend AND all "
                                      "enemies have -2 Attack until end of round.")
    assert storm.played and storm.trigger == "win-initiative"
    assert [(e.kind, e.who, e.what) for e in storm.effects] == [
        ("recharge", "self", "power:stunning rend"), ("mod", "enemies", "attack")]
    ghast = parse_power(0, "special", "Feeding Frenzy: Use when an adjacent living creature is destroyed; RECHARGE "
                                      "Ghoulish Bite; this creature heals 25 HP AND is Dazed until end of its next "
                                      "turn.")
    assert ghast.played and [e.kind for e in ghast.effects] == ["recharge", "heal", "condition"]
    whole = parse_power(0, "special", "Dash: Use when this creature is destroyed: Recharge Hit and Run.")
    assert [e.what for e in whole.effects] == ["power:hit and run"]


def test_a_destroyed_neighbour_recharges_the_named_power_and_heals() -> None:
    crawler = _limited(card("Collector", SWORD, BREATH, COLLECT, hp=60), 1)
    s = battle([crawler, card("Ally", SWORD, hp=20)], [card("Orc", SWORD, hp=80)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "a2", 4, 4)
    put(s, "b1", 5, 3)
    f = s.b.by_id["a1"]
    f.uses[1] = 0
    f.hp = 40
    DM.deal_damage(s.b, s.b.by_id["a2"], [(30, "")], s.b.by_id["b1"])
    assert s.b.by_id["a2"].hp <= 0
    assert f.uses[1] == 1 and f.hp == 50


def test_a_destroyed_creature_recharges_its_burst_and_makes_it() -> None:
    azer = _limited(card("Azer", SWORD, SHOWER, BLAZE, hp=30), 1)
    s = battle([azer], [card("Orc", SWORD, hp=80, defence=5)], PurposeDice(attack=[15, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    f, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    f.uses[1] = 0
    DM.deal_damage(s.b, f, [(40, "")], orc)
    assert orc.hp == 65
