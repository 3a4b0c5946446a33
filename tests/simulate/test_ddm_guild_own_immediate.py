"""'Use after an enemy misses this creature with a {m} attack: Shift as an immediate action' (Goblin Tactics): what the
power's own creature does 'as an immediate action' is its immediate action, one a round (profile
ddm-guild.immediate-actions); another creature's ('That ally makes a {b} attack as an immediate action') is not."""

from __future__ import annotations

from simulate.games import ddm_guild_attacks as AT
from simulate.games.ddm_guild_powers import parse_power
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

TACTICS = "Goblin Tactics: Use after an enemy misses this creature with a {m} attack: Shift as an immediate action."


def test_the_words() -> None:
    assert parse_power(1, "special", TACTICS).action == "immediate"
    assert parse_power(1, "special", "Death Strike: Use when this creature is destroyed: Make 1 {b} attack as an "
                                     "immediate action.").action == "immediate"
    assert parse_power(1, "special", "Bodyguard: Use when an enemy targets an adjacent ally with an attack: Redirect "
                                     "that attack to this creature as an immediate action.").action == "immediate"
    assert parse_power(1, "special", "Backdraft: Use when a Fire ally within 6 squares is hit by a {m} attack: That "
                                     "ally makes a {b} attack as an immediate action").action == ""


def test_one_shift_a_round() -> None:
    s = battle([card("Goblin Underboss", SWORD, TACTICS)], [card("Orc", SWORD)], PurposeDice(attack=[2, 2, 2]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    goblin, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    assert goblin.powers[1].played and goblin.immediate_ready()
    osword = orc.powers[0]
    assert osword.attack is not None
    AT.attack(s.b, orc, osword, osword.attack, [goblin])  # a miss: it shifts, its immediate action spent
    assert [e.data["creature"] for e in s.log.of_kind("power")] == ["a1"] and not goblin.immediate_ready()
    AT.attack(s.b, orc, osword, osword.attack, [goblin])  # another miss this round: no second immediate action
    assert len(s.log.of_kind("power")) == 1
    s._end_round()
    s._start_round()
    AT.attack(s.b, orc, osword, osword.attack, [goblin])
    assert len(s.log.of_kind("power")) == 2
