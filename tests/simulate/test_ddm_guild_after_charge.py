"""'Can move after charging' (its move action is left after a charge) and 'May take other actions on its turn after
charging' (its move and its minor actions): a charge otherwise ends what it may do that turn."""

from __future__ import annotations

import pytest

from simulate.games.ddm_guild import GuildCharge, GuildMove
from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put, turn_of

SKITTER = "Skittering Assault: Can move after charging."
WARBORN = "Warborn Charger: May take other actions on its turn after charging."


@pytest.mark.parametrize("text, kind", [(SKITTER, "move-after-charge"), (WARBORN, "act-after-charge")])
def test_the_powers_are_read_and_played(text: str, kind: str) -> None:
    c = card_from_json(card("Any", SWORD, text))
    assert [s.kind for s in c.powers[1].statics] == [kind]
    assert unplayed_powers(c) == []


@pytest.mark.parametrize("text, move, minor", [(SKITTER, True, False), (WARBORN, True, True), ("", False, False)])
def test_what_is_left_after_its_charge(text: str, move: bool, minor: bool) -> None:
    powers = (SWORD, text) if text else (SWORD,)
    s = battle([card("Charger", *powers)], [card("Deer", SWORD, hp=80)], PurposeDice(attack=[15] * 4))
    put(s, "a1", 1, 3)
    put(s, "b1", 6, 3)
    turn_of(s, "a1")
    charger = s.b.by_id["a1"]
    s.apply(GuildCharge("b1", (5, 3), charger.powers[0].index))
    assert s.b.by_id["b1"].hp < 80  # (the charge's attack was made)
    assert (charger.attack_action, charger.move_action, charger.minor_action) == (False, move, minor)
    moves = [a for a in s.legal_actions() if isinstance(a, GuildMove)] if s.b.active is charger else []
    assert bool(moves) is move  # (with nothing left, its turn is over)
