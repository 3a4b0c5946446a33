"""'Take 1 additional attack action' (at the start of its turn), 'Replaces move action: Take 1 extra attack action
this turn', 'Use on this creature's turn, once per turn: Gain 1 extra attack action': once its attack action is spent,
it has another this turn (not after a charge, which ends what it may do)."""

from __future__ import annotations

import pytest

from simulate.games.ddm_guild import GuildAttack, GuildPower
from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put, turn_of

RADIANT = ("Radiant Haste: Use at start of this creature's turn: Take 1 additional attack action. RECHARGE when this "
           "creature takes radiant damage.")
RELENTLESS = ("Relentless Attack: Replaces move action: Take 1 extra attack action this turn. RECHARGE when this "
              "creature hits with a Sword attack.")
HASTE = ("Haste: Use on this creature's turn, once per turn: Gain 1 extra attack action. RECHARGE when this creature "
         "destroys a living enemy with a {M} attack.")


@pytest.mark.parametrize("text, trigger, action", [(RADIANT, "start-of-turn", ""), (RELENTLESS, "", "move"),
                                                   (HASTE, "own-turn", "")])
def test_the_powers_are_read_and_played(text: str, trigger: str, action: str) -> None:
    c = card_from_json(card("Minotaur", SWORD, text))
    p = c.powers[1]
    assert (p.trigger, p.action) == (trigger, action)
    assert [(e.kind, e.amount, e.what) for e in p.effects] == [("extra-action", 1, "attack")]
    assert unplayed_powers(c) == []


def test_a_second_attack_action_after_the_first() -> None:
    s = battle([card("Scorpion", SWORD, RELENTLESS)], [card("Deer", SWORD, hp=100)], PurposeDice(attack=[15] * 6))
    put(s, "a1", 4, 4)
    put(s, "b1", 5, 4)
    turn_of(s, "a1")
    scorpion = s.b.by_id["a1"]
    s.apply(GuildPower(scorpion.powers[1].index))
    assert (scorpion.move_action, scorpion.extra_attack_actions) == (False, 1)
    s.apply(GuildAttack(scorpion.powers[0].index, ("b1",)))
    assert scorpion.attack_action and scorpion.extra_attack_actions == 0
    s.apply(GuildAttack(scorpion.powers[0].index, ("b1",)))
    assert s.b.by_id["b1"].hp == 80 and not scorpion.attack_action


def test_without_it_one_attack_action() -> None:
    s = battle([card("Scorpion", SWORD)], [card("Deer", SWORD, hp=100)], PurposeDice(attack=[15] * 6))
    put(s, "a1", 4, 4)
    put(s, "b1", 5, 4)
    turn_of(s, "a1")
    scorpion = s.b.by_id["a1"]
    s.apply(GuildAttack(scorpion.powers[0].index, ("b1",)))
    assert not scorpion.attack_action
