"""'Use when this creature (or an adjacent ally) is hit by a Ranged attack: -20 damage and ignore non-damage effects of
that attack' (Arrow of Deflection): 20 less of that attack's damage, and none of its conditions or other effects on
the creature hit (its damage, ongoing damage included, still counts)."""

from __future__ import annotations

import pytest

from simulate.games import ddm_guild_attacks as AT
from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

LESSER = ("Lesser Arrow of Deflection: Use when this creature is hit by a Ranged attack: -20 damage and ignore "
          "non-damage effects of that attack.")
ARROW = ("Arrow of Deflection: Use when this creature or an adjacent ally is hit by a Ranged attack: -20 damage and "
         "ignore non-damage effects of that attack.")
BOW = "Bow: (range 10) +10 vs. AC; 30 damage and Dazed (save ends)."


@pytest.mark.parametrize("text, trigger", [(LESSER, "hit-by"), (ARROW, "friend-hit")])
def test_the_powers_are_read_and_played(text: str, trigger: str) -> None:
    c = card_from_json(card("Monk", SWORD, text))
    p = c.powers[1]
    assert p.trigger == trigger
    assert [(e.kind, e.amount, e.what) for e in p.effects] == [("mod", -20, "damage"), ("reduce", 0, "riders")]
    assert unplayed_powers(c) == []


@pytest.mark.parametrize("text, hit, hp, dazed", [
    (LESSER, "a1", 40, False), (ARROW, "a1", 40, False), (ARROW, "a2", 40, False),
    (LESSER, "a2", 20, True),  # its ally: not its power's
    ("", "a1", 20, True),
])
def test_less_damage_and_no_condition(text: str, hit: str, hp: int, dazed: bool) -> None:
    monk = card("Monk", SWORD, text, hp=50) if text else card("Monk", SWORD, hp=50)
    s = battle([monk, card("Squire", SWORD, hp=50)], [card("Archer", BOW)], PurposeDice(attack=[15] * 4))
    put(s, "a1", 4, 4)
    put(s, "a2", 4, 5)
    put(s, "b1", 10, 4)
    archer = s.b.by_id["b1"]
    bow = archer.powers[0]
    assert bow.attack is not None
    target = s.b.by_id[hit]
    AT.attack(s.b, archer, bow, bow.attack, [target])
    assert (target.hp, target.has("dazed")) == (hp, dazed)
