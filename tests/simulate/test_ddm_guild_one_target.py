"""'Whenever this creature targets exactly 1 enemy with an attack: +5 damage on that attack' (one enemy among the
attack's targets) and 'Whenever this creature's {c} or {a} attack has only 1 target, that attack has +5 Damage' (one
target in all, of those forms): the event of its attack as it is declared, with the count of its targets."""

from __future__ import annotations

import pytest

from simulate.games import ddm_guild_attacks as AT
from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

FOCUSED = "Focused Attack: Whenever this creature targets exactly 1 enemy with an attack: +5 damage on that attack."
TACTICAL = ("Tactical Magic: Whenever this creature's {C} or {A} attack has only 1 target, that attack has +5 "
            "Damage.")
BURST = "Fire Burst: (burst 3) +10 vs. Reflex; 10 fire damage."


@pytest.mark.parametrize("text, form, state", [(FOCUSED, "", "one-enemy"), (TACTICAL, "close|area", "one-target")])
def test_the_powers_are_read_and_played(text: str, form: str, state: str) -> None:
    c = card_from_json(card("Any", SWORD, BURST, text))
    p = c.powers[2]
    assert (p.trigger, p.trigger_filter.attack_form, p.trigger_filter.target_state) == ("declares", form, state)
    assert [(e.kind, e.amount, e.what, e.duration) for e in p.effects] == [("mod", 5, "damage", "attack")]
    assert unplayed_powers(c) == []


@pytest.mark.parametrize("text, power, targets, hp", [
    (FOCUSED, 0, ["b1"], [65, 80]),  # its sword: one enemy, +5
    (FOCUSED, 1, ["b1"], [65, 80]),
    (FOCUSED, 1, ["b1", "b2"], [70, 70]),  # two enemies: no bonus
    (FOCUSED, 1, ["b1", "a2"], [65, 80]),  # one enemy and an ally in the burst: +5
    (TACTICAL, 1, ["b1"], [65, 80]),
    (TACTICAL, 1, ["b1", "b2"], [70, 70]),
    (TACTICAL, 1, ["b1", "a2"], [70, 80]),  # two targets, one of them an ally: no bonus
    (TACTICAL, 0, ["b1"], [70, 80]),  # a melee attack: not its {c} or {a} attack
])
def test_the_bonus_only_on_an_attack_with_one_target(text: str, power: int, targets: list[str],
                                                     hp: list[int]) -> None:
    s = battle([card("Mage", SWORD, BURST, text), card("Squire", SWORD, hp=80)],
               [card("Orc", SWORD, hp=80), card("Goblin", SWORD, hp=80)], PurposeDice(attack=[15] * 4))
    for fid, x in (("a1", 4), ("a2", 5), ("b1", 3), ("b2", 6)):
        put(s, fid, x, 4 if fid == "a1" else 5)
    mage = s.b.by_id["a1"]
    p = mage.powers[power]
    assert p.attack is not None
    AT.attack(s.b, mage, p, p.attack, [s.b.by_id[t] for t in targets])
    assert [s.b.by_id["b1"].hp, s.b.by_id["b2"].hp] == hp
