"""A Resist lost for a while: 'At start of each round, if a Good ally is not on the battle map, this creature loses
Resist 5 All until end of round' (Faith-Sustained), 'target of that attack loses Resist Fire until end of round'
(Scorch)."""

from __future__ import annotations

from simulate.games import ddm_guild_triggers as TR
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, assert_played, attack_with, battle, card, put

FAITH = ("Faith-Sustained: At start of each round, if a Good ally is not on the battle map, this creature loses Resist "
         "5 All until end of round.")
SCORCH = ("Scorch: Use when this creature hits with an attack that deals fire damage; target of that attack loses "
          "Resist Fire until end of round.")


def test_faith_sustained_loses_its_resist_without_a_good_ally() -> None:
    assert_played(card("Deva", SWORD, FAITH, "Resist 5 All"), 1)
    for ally, resist in (("good", 5), ("neutral", 0)):
        friend = card("Friend", SWORD)
        friend["alignment"] = ally
        s = battle([card("Deva", SWORD, FAITH, "Resist 5 All"), friend], [card("Orc", SWORD)], PurposeDice())
        put(s, "a1", 5, 3)
        put(s, "a2", 2, 3)
        put(s, "b1", 9, 3)
        deva = s.b.by_id["a1"]
        TR.fire(s.b, "start-of-round", [deva])
        assert deva.resist_now().get("all", 0) == resist, ally


def test_scorch_takes_the_fire_resist_away_for_the_round() -> None:
    assert_played(card("Red Dragon", SWORD, SCORCH), 1)
    s = battle([card("Red Dragon", "Claw: +10 vs. AC; 10 fire damage.", SCORCH)],
               [card("Salamander", SWORD, "Resist 10 Fire", hp=100)], PurposeDice(attack=[15, 15]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    dragon, salamander = s.b.by_id["a1"], s.b.by_id["b1"]
    assert salamander.resist_now() == {"fire": 10}
    attack_with(s, dragon, salamander)
    assert salamander.hp == 90 and "fire" not in salamander.resist_now()
