"""Powers on the champion test ('Use at start of round: You roll 1 extra d20 when determining initiative this round',
'Use when determining initiative: Roll 2 extra d20s', 'Use before rolling initiative: You automatically win the next
initiative roll'): used before the test they name, their dice join its player's roll (the highest die counts), or
the player wins it outright (profile ddm-guild.initiative-dice). Each power is first checked to be on the card and
played, then played in a battle whose champion-test dice are set."""

from __future__ import annotations

import pytest

from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from tests.simulate.test_ddm_guild_round_awards import _champion
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card

AURAK = "Use at start of round: You roll 1 extra d20 when determining initiative this round."
BLADEMASTER = "Use at start of round: You roll 1 additional d20 when determining initiative this round."
EMPYREAN = "Use at start of round: Roll an extra d20 for initiative this round."
HEKATON = "Use when determining initiative: Roll 2 extra d20s."
DISPATER = "Use before rolling initiative: You automatically win the next initiative roll."


@pytest.mark.parametrize("text, dice", [(AURAK, 1), (BLADEMASTER, 1), (EMPYREAN, 1), (HEKATON, 2), (DISPATER, 0)])
def test_the_powers_are_read_and_played_before_the_champion_test(text: str, dice: int) -> None:
    c = card_from_json(_champion(card("Champion", SWORD, text, rating=3)))
    p = c.powers[1]
    assert p.trigger == "before-initiative" and [(e.kind, e.amount) for e in p.effects] == [("initiative", dice)]
    assert unplayed_powers(c) == []


def _first_test(text: str | None, faces: list[int]) -> tuple[int, int]:
    """The first round's champion test with those faces (the winner, how many dice were rolled for it)."""
    powers = [text] if text else []
    dice = PurposeDice(champion_test=faces)
    s = battle([_champion(card("Champion", SWORD, *powers, rating=3))], [card("Rival", SWORD, rating=3)], dice)
    test = s.log.of_kind("champion-test")[0]
    return int(str(test.data["winner"])), sum(1 for purpose, _f in dice.rolled if purpose == "champion-test")


@pytest.mark.parametrize("text, faces, rolled", [(AURAK, [3, 18, 10], 3), (HEKATON, [3, 4, 18, 10], 4)])
def test_the_extra_dice_join_its_players_roll(text: str, faces: list[int], rolled: int) -> None:
    assert _first_test(None, list(faces)) == (1, 2)  # without the power: 3 against 18
    assert _first_test(text, list(faces)) == (0, rolled)  # its highest die, 18, against 10


def test_the_player_wins_the_test_outright_and_no_die_is_rolled() -> None:
    assert _first_test(DISPATER, [1, 20]) == (0, 0)
