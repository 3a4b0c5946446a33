"""Challenges (ddm-guild.challenge): 'Until start of this creature's next turn, whenever that enemy attacks, if it does
not target this creature, it takes 10 radiant Damage and has -2 Attack on that attack roll' (Divine Challenge), 'when
taking an attack action that does not include this creature as a target' (Alusair's Divine Challenge; Combat
Challenge's aura), 'it takes 10 Damage if it does not target this creature' (Blade Challenge)."""

from __future__ import annotations

import pytest

from simulate.games.ddm_guild import GuildPower
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

DIVINE = ("Divine Challenge: Minor action; choose 1 enemy within 5 squares of this creature; until start of this "
          "creature's next turn, whenever that enemy attacks, if it does not target this creature, it takes 10 radiant "
          "Damage and has -2 Attack on that attack roll.")
DIVINE_ACTION = ("Divine Challenge: Minor action: Choose 1 enemy within 5 squares. Until start of this creature's next "
                 "turn, that enemy takes 10 radiant damage and has –2 Attack when taking an attack action that does "
                 "not include this creature as a target.")
BLADE = ("Blade Challenge: Use after attacking an enemy with a {m} attack; until start of this creature's next turn, "
         "whenever that enemy attacks, it takes 10 Damage if it does not target this creature.")
COMBAT = ("Combat Challenge: (Aura 1) Enemies in aura have -2 Attack when taking an attack action that does not "
          "include this creature as a target.")
# +10 against AC 15: a d20 of 5 hits (15), of 5 with -2 misses (13)
ORC_SWORD = "Sword: +10 vs. AC; 10 damage."


@pytest.mark.parametrize("power", [DIVINE, DIVINE_ACTION])
def test_divine_challenge_hurts_the_enemy_that_attacks_another(power: str) -> None:
    assert_played(card("Paladin", SWORD, power), 1)
    s = battle([card("Paladin", SWORD, power, hp=60), card("Squire", SWORD)],
               [card("Orc", ORC_SWORD, "Resist 5 radiant", hp=60)], PurposeDice(attack=[5, 5]))
    put(s, "a1", 4, 3)
    put(s, "a2", 5, 4)
    put(s, "b1", 5, 3)
    paladin, squire, orc = (s.b.by_id[x] for x in ("a1", "a2", "b1"))
    turn_of(s, "a1")
    s.apply(GuildPower(1))
    assert any(e.kind == "challenge" for e in orc.effects)
    turn_of(s, "b1")
    assert attack_with(s, orc, squire) == 0  # 5 + 10 - 2 = 13: a miss
    assert orc.hp == 55  # 10 radiant damage, 5 resisted
    assert attack_with(s, orc, paladin) == 1  # no penalty, no damage against the paladin itself
    assert orc.hp == 55 and paladin.hp == 50
    s._start_turn(paladin)  # its next turn: the challenge is over
    assert not any(e.kind == "challenge" for e in orc.effects)


def test_an_attack_action_challenge_leaves_an_opportunity_attack_alone() -> None:
    s = battle([card("Paladin", SWORD, DIVINE_ACTION), card("Squire", SWORD)], [card("Orc", ORC_SWORD, hp=60)],
               PurposeDice(attack=[5]))
    put(s, "a1", 4, 3)
    put(s, "a2", 5, 4)
    put(s, "b1", 5, 3)
    turn_of(s, "a1")
    s.apply(GuildPower(1))
    orc, squire = s.b.by_id["b1"], s.b.by_id["a2"]
    turn_of(s, "a2")  # not the orc's turn: not its attack action
    assert attack_with(s, orc, squire) == 1 and orc.hp == 60


def test_blade_challenge_follows_its_melee_attack() -> None:
    assert_played(card("Bladeling", SWORD, BLADE), 1)
    s = battle([card("Bladeling", SWORD, BLADE), card("Squire", SWORD)], [card("Orc", ORC_SWORD, hp=60)],
               PurposeDice(attack=[15, 5]))
    put(s, "a1", 4, 3)
    put(s, "a2", 5, 4)
    put(s, "b1", 5, 3)
    bladeling, squire, orc = (s.b.by_id[x] for x in ("a1", "a2", "b1"))
    turn_of(s, "a1")
    attack_with(s, bladeling, orc)
    assert orc.hp == 50
    turn_of(s, "b1")
    assert attack_with(s, orc, squire) == 1  # no penalty in Blade Challenge
    assert orc.hp == 40


def test_combat_challenge_aura_penalises_an_attack_action_on_another() -> None:
    assert_played(card("Aasimar", SWORD, COMBAT), 1)
    s = battle([card("Aasimar", SWORD, COMBAT), card("Squire", SWORD)],
               [card("Orc", ORC_SWORD, hp=60), card("Archer", "Bow: (range 10) +10 vs. AC; 10 damage.")],
               PurposeDice(attack=[5, 5, 5]))
    put(s, "a1", 4, 3)
    put(s, "a2", 5, 4)
    put(s, "b1", 5, 3)  # in the aura
    put(s, "b2", 9, 4)  # outside it
    aasimar, squire, orc, archer = (s.b.by_id[x] for x in ("a1", "a2", "b1", "b2"))
    turn_of(s, "b1")
    assert attack_with(s, orc, squire) == 0  # 13
    assert attack_with(s, orc, aasimar) == 1  # 15
    turn_of(s, "b2")
    assert attack_with(s, archer, squire) == 1  # 15
