"""'Pull each enemy within 3 squares adjacent to this creature' / 'Pull 1 enemy within 5 squares of this creature
adjacent to this creature': each of them pulled as far as it takes to stand beside it (as 'pull target adjacent')."""

from __future__ import annotations

import pytest

from simulate.games import ddm_guild_judge as J
from simulate.games import ddm_guild_triggers as TR
from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

COME = ("Come and Get It: Replaces attack action: Pull each enemy within 3 squares adjacent to this creature, then "
        "make a {B} attack against each adjacent enemy. RECHARGE when first Bloodied")
LURE = ("Luring Focus: Use when this creature hits with a {m} attack: Pull 1 enemy within 5 squares of this creature "
        "adjacent to this creature.")


@pytest.mark.parametrize("text, who, within", [(COME, "enemies", 3), (LURE, "chosen-enemy", 5)])
def test_the_powers_are_read_and_played(text: str, who: str, within: int) -> None:
    c = card_from_json(card("Captain", SWORD, text))
    pull = c.powers[1].effects[0]
    assert (pull.kind, pull.who, pull.amount, pull.filter.within) == ("pull", who, -1, within)
    assert unplayed_powers(c) == []


def test_the_enemies_within_3_squares_come_beside_it_and_are_attacked() -> None:
    s = battle([card("Troglodyte Captain", SWORD, COME)], [card("Orc", SWORD, hp=80), card("Goblin", SWORD, hp=80)],
               PurposeDice(attack=[15] * 6))
    put(s, "a1", 4, 4)
    put(s, "b1", 7, 4)  # 3 squares away
    put(s, "b2", 4, 10)  # 6 squares away
    captain, orc, goblin = (s.b.by_id[i] for i in ("a1", "b1", "b2"))
    TR.apply_power(s.b, captain, captain.powers[1], J.Ctx(captain))
    assert s.b.adjacent(captain, orc) and orc.hp == 70
    assert goblin.pos == (4, 10) and goblin.hp == 80
