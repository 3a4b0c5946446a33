"""'Whenever a Bloodied enemy within 5 squares of this creature takes damage, that enemy takes +5 Damage' (Terrifying
Aura, Aura of Unlife): an aura on the bloodied enemies within 5 squares, 5 more damage each time one takes damage;
two such auras add up."""

from __future__ import annotations

import pytest

from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_moves as MV
from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

TERRIFYING = ("Terrifying Aura: Whenever a Bloodied enemy within 5 squares of this creature takes damage, that enemy "
              "takes +5 Damage. (Fear)")


def test_the_power_is_read_and_played() -> None:
    c = card_from_json(card("Mind Flayer", SWORD, TERRIFYING))
    s = c.powers[1].statics
    assert [(x.kind, x.amount, x.what, x.filter.side, x.filter.target_state, x.aura) for x in s] == [
        ("aura-gain", 5, "more-damage", "enemy", "bloodied", 5)]
    assert unplayed_powers(c) == []


@pytest.mark.parametrize("orc_hp, x, flayers, hp_after", [
    (20, 8, 1, 5),  # bloodied (20 of 50), 4 squares away: 10 + 5
    (50, 8, 1, 40),  # not bloodied: 10
    (20, 10, 1, 10),  # 6 squares away: 10
    (20, 8, 2, 0),  # two auras: 10 + 5 + 5
])
def test_more_damage_to_a_bloodied_enemy_near_it(orc_hp: int, x: int, flayers: int, hp_after: int) -> None:
    ours = [card("Mind Flayer", SWORD, TERRIFYING) for _ in range(flayers)] + [card("Squire", SWORD)]
    s = battle(ours, [card("Orc", SWORD)], PurposeDice(attack=[15] * 4))
    for i in range(flayers):
        put(s, f"a{i + 1}", 4, 4 + i)
    squire = s.b.by_id[f"a{flayers + 1}"]
    put(s, squire.id, x + 1, 4)
    put(s, "b1", x, 4)
    orc = s.b.by_id["b1"]
    orc.hp = orc_hp
    MV.refresh_while(s.b)
    sword = squire.powers[0]
    assert sword.attack is not None
    AT.attack(s.b, squire, sword, sword.attack, [orc])
    assert max(orc.hp, 0) == hp_after
