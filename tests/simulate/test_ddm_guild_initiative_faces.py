"""Powers on the champion test's die and on its loss: 'Whenever rolling initiative, if your result is a natural
6-10: ...', 'Use after rolling initiative: If your roll was a natural 11-15, ...' (its player's initiative die, judged
once the test is rolled) and 'Immediate action, when you lose initiative: ...' (the creatures of the player who lost
it). Each is read and played, then played in a battle with set champion-test dice."""

from __future__ import annotations

import pytest

from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

BLOOD = ("Chaos Storm: Whenever rolling initiative, if your result is a natural 6-10: This creature recharges Horrid "
         "Croak. Each Slaad ally has +2 Speed until end of round.")
TALON = ("Chaos Storm: Use after rolling initiative: If your roll was a natural 11-15, this creature recharges "
         "Ravager's Fury and each enemy has -2 AC until end of round.")
CROAK = "Horrid Croak: +10 vs. Will; 10 damage."
FURY = "Ravager's Fury: +10 vs. AC; 15 damage."
POOR = ("Poor Tempered: Immediate action, when you lose initiative: make a basic melee or basic ranged attack as a "
        "free action.")


@pytest.mark.parametrize("text, trigger, natural", [(BLOOD, "after-initiative", "6-10"),
                                                    (TALON, "after-initiative", "11-15"),
                                                    (POOR, "lose-initiative", "")])
def test_the_powers_are_read_and_played(text: str, trigger: str, natural: str) -> None:
    c = card_from_json(card("Slaad", SWORD, CROAK, FURY, text))
    assert (c.powers[3].trigger, c.powers[3].trigger_filter.natural) == (trigger, natural)
    assert unplayed_powers(c) == []


@pytest.mark.parametrize("faces, speed", [([8, 3], 2), ([12, 3], 0), ([3, 8], 0)])
def test_the_bonus_only_on_its_own_players_die_in_the_range(faces: list[int], speed: int) -> None:
    # no champions: one die each (player 0's first); the first champion test starts the first round
    slaads = [card("Blood Slaad", SWORD, CROAK, BLOOD, keywords=("Slaad",)), card("Slaad", SWORD, keywords=("Slaad",))]
    s = battle(slaads, [card("Orc", SWORD, keywords=("Slaad",))], PurposeDice(setup=[15, 5], champion_test=faces))
    assert s.b.initiative_faces == faces
    mods = [x.amount for x in s.b.by_id["a2"].effects if x.kind == "mod" and x.what == "speed"]
    assert mods == ([speed] if speed else [])
    assert not [x for x in s.b.by_id["b1"].effects if x.kind == "mod"]  # (an enemy Slaad is not its ally)


def test_the_enemies_lose_ac_on_its_players_die() -> None:
    s = battle([card("Talon Slaad", SWORD, FURY, TALON)], [card("Orc", SWORD)],
               PurposeDice(setup=[15, 5], champion_test=[3, 13]))
    assert [x.amount for x in s.b.by_id["b1"].effects if x.kind == "mod" and x.what == "ac"] == []  # its die was 3
    s = battle([card("Talon Slaad", SWORD, FURY, TALON)], [card("Orc", SWORD)],
               PurposeDice(setup=[15, 5], champion_test=[13, 3]))
    assert [x.amount for x in s.b.by_id["b1"].effects if x.kind == "mod" and x.what == "ac"] == [-2]


@pytest.mark.parametrize("faces, attacks", [([3, 12], 1), ([12, 3], 0)])
def test_it_attacks_when_its_player_loses_the_champion_test(faces: list[int], attacks: int) -> None:
    dice = PurposeDice(setup=[15, 5], champion_test=[15, 5])
    s = battle([card("Storm Giant", SWORD, POOR)], [card("Orc", SWORD, hp=200)], dice)
    put(s, "a1", 4, 4)
    put(s, "b1", 5, 4)
    dice.script["champion-test"] = list(faces)
    before = len(s.log.of_kind("attack"))
    s._start_round()
    made = [e.data for e in s.log.of_kind("attack")][before:]
    assert [(e["attacker"], e["target"]) for e in made] == [("a1", "b1")] * attacks
    assert s.b.won_initiative == (1 if attacks else 0)
