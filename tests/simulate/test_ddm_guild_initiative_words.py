"""'Use after rolling initiative: If you won, ...' and '..., if you won: ...' are read as 'Use when you win
initiative: ...' (the same moment, the same condition): the powers act for the player who won the champion test only."""

from __future__ import annotations

import pytest

from simulate.games.ddm_guild_powers import card_powers
from simulate.games.ddm_guild_vocab import Power


def _read(text: str) -> Power:
    return card_powers([{"kind": "champion", "text": text, "uses": 1}])[0]


@pytest.mark.parametrize("text", [
    "Use after rolling initiative: If you won, each ally has Conceal 6 until end of round.",
    "Use after rolling initiative, if you won: Each ally has Conceal 6 until end of round.",
    "Use after rolling initiative, if you win: Each ally has Conceal 6 until end of round.",
])
def test_if_you_won_after_rolling_initiative_is_winning_it(text: str) -> None:
    p, same = _read(text), _read("Use when you win initiative: Each ally has Conceal 6 until end of round.")
    assert not p.unplayed, p.unplayed
    assert (p.trigger, p.effects) == (same.trigger, same.effects) == ("win-initiative", same.effects)


def test_after_rolling_initiative_alone_is_every_player_s_moment() -> None:
    assert _read("Use after rolling initiative: Each ally has Conceal 6 until end of round.").trigger == \
        "after-initiative"
