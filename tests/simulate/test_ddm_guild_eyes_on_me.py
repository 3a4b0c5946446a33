"""'Use when an enemy shifts or declares an attack action that doesn't include this creature as a target: Make an
opportunity attack against that enemy' (Eyes on Me; 'an enemy within Reach of this creature shifts or takes an attack
action ...', Fire Giant Raider): before the shift leaves, and as an attack of its attack action is declared against
others (ddm-guild.challenge)."""

from __future__ import annotations

from simulate.games import ddm_guild_moves as MV
from simulate.games.ddm_guild import GuildState
from simulate.games.ddm_guild_state import Fighter
from tests.simulate.test_ddm_guild_rules import (
    SWORD,
    PurposeDice,
    assert_played,
    attack_with,
    battle,
    card,
    put,
    turn_of,
)

EYES = ("Eyes on Me: Use when an enemy shifts or declares an attack action that doesn't include this creature as a "
        "target: Make an opportunity attack against that enemy.")
RAIDER = ("Use when an enemy within Reach of this creature shifts or takes an attack action that doesn't include this "
          "creature as a target: This creature makes an opportunity attack against that enemy.")


def _board(power: str) -> tuple[GuildState, Fighter, Fighter, Fighter]:
    assert_played(card("Axe Soldier", SWORD, power), 1)
    s = battle([card("Axe Soldier", SWORD, power), card("Squire", SWORD)], [card("Orc", SWORD, hp=100)],
               PurposeDice(attack=[15, 15, 15]))
    put(s, "a1", 4, 3)
    put(s, "a2", 5, 4)
    put(s, "b1", 5, 3)
    return s, s.b.by_id["a1"], s.b.by_id["a2"], s.b.by_id["b1"]


def test_an_attack_on_another_draws_its_opportunity_attack() -> None:
    for power in (EYES, RAIDER):
        s, _soldier, squire, orc = _board(power)
        turn_of(s, "b1")
        attack_with(s, orc, squire)
        assert orc.hp == 90 and squire.hp == 40
        assert [e.data["attacker"] for e in s.log.of_kind("opportunity-attack")] == ["a1"]


def test_an_attack_on_it_or_not_on_its_turn_draws_none() -> None:
    s, soldier, squire, orc = _board(EYES)
    turn_of(s, "b1")
    attack_with(s, orc, soldier)
    turn_of(s, "a2")
    attack_with(s, orc, squire)  # (not the orc's attack action)
    assert orc.hp == 100


def test_a_shift_draws_it_before_the_enemy_leaves() -> None:
    s, _soldier, _squire, orc = _board(EYES)
    turn_of(s, "b1")
    MV.shift_to(s.b, orc, (6, 3))
    assert orc.hp == 90
