"""One registry of games; an unknown id is a clear error."""

from __future__ import annotations

import pytest

from simulate.engine.ai import UnknownPolicy, make_policy
from simulate.games import GAMES, UnknownGame, get_game


def test_ddm_and_dungeon_command_are_registered():
    assert get_game("ddm") is GAMES["ddm"]
    assert GAMES["ddm"].id == "ddm"
    assert get_game("dungeon-command") is GAMES["dungeon-command"]


def test_an_unknown_game_is_a_clear_error():
    with pytest.raises(UnknownGame, match="unknown game 'chess'"):
        get_game("chess")


def test_a_known_game_without_a_simulator_says_so():
    with pytest.raises(UnknownGame, match="no simulator yet"):
        get_game("stronghold")


def test_an_unknown_policy_is_a_clear_error():
    with pytest.raises(UnknownPolicy, match="unknown AI policy 'genius'"):
        make_policy("genius", 1, 0)
