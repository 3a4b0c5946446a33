"""The heuristic D&D Miniatures player: it plays only legal actions, it beats random play with the same
warband far more often than not, and its battles are much shorter than random ones."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from simulate.engine.ai import POLICIES, RandomPolicy
from simulate.engine.dice import SeededDice
from simulate.engine.game import Action, State
from simulate.engine.replay import LazyLegal
from simulate.games import PLAYERS, make_player, play_battle
from simulate.games.ddm import DdmGame, Move
from simulate.games.ddm_ai import DdmHeuristicPolicy, expected_damage, hit_chance
from tests.simulate.games.ddm_helpers import ORC_MAULER, WOOD_ELF_RANGER
from tests.simulate.matchups import SMALL_LISTS, engine_list


class Checked:
    """The heuristic player, with every choice checked against the full list of legal actions."""

    name = "checked"

    def __init__(self, player: int) -> None:
        self.inner = DdmHeuristicPolicy(0, player)
        self.choices = 0

    def choose(self, state: State, legal: Sequence[Action]) -> Action:
        action = self.inner.choose(state, legal)
        full = state.legal_actions()
        if action not in full:  # a move given by its path stands for the same destination
            assert isinstance(action, Move), action
            assert any(isinstance(a, Move) and a.destination == action.destination for a in full), action
        self.choices += 1
        return action


def test_the_heuristic_player_is_the_games_own_by_name():
    assert {"heuristic", "random"} <= set(PLAYERS["ddm"])
    assert isinstance(make_player("ddm", "heuristic", 1, 0), DdmHeuristicPolicy)
    assert "heuristic" not in POLICIES  # no game's player is every game's


@pytest.mark.parametrize("battle_map", ["broken-demongate", "dragon-shrine", "field-of-ruin", "teleport-temple"])
def test_every_choice_of_the_heuristic_player_is_legal(battle_map):
    players = [Checked(0), Checked(1)]
    lists = [engine_list("LG", "LG", ["Sword of Heironeous", "Cleric of Order", "Hound Archon", "Dwarf Axefighter"]),
             engine_list("CG", "CG", ["Arcane Archer", "Cleric of Corellon Larethian", "Centaur", "Axe Sister"])]
    state = DdmGame().new_initial_state(lists=lists, battle_map=battle_map, dice=SeededDice(battle_map),
                                        params={"vp_target": 150, "max_rounds": 12})
    while not state.is_terminal():
        state.apply(players[state.current_player()].choose(state, LazyLegal(state)))
    assert sum(p.choices for p in players) > 20
    assert state.result().winner in (0, 1, None)


def test_the_heuristic_player_beats_random_play_with_the_same_warband_far_more_often_than_not():
    wins = 0
    battles = 8
    for seed in range(battles):
        heuristic_side = seed % 2  # each side in turn, so the map's sides do not decide it
        policies = ("heuristic", "random") if heuristic_side == 0 else ("random", "heuristic")
        lists = [SMALL_LISTS[0], SMALL_LISTS[0]]
        result = play_battle(game="ddm", lists=lists, battle_map="dragon-shrine", seed=seed, policies=policies,
                             params={"format": "skirmish-200", "max_rounds": 15}).state.result()
        wins += result.winner == heuristic_side
    assert wins >= 7, f"the heuristic player won only {wins} of {battles}"


def test_battles_between_heuristic_players_are_much_shorter_than_random_ones():
    def decisions(policy: str) -> float:
        total = 0
        for seed in range(3):
            out = play_battle(game="ddm", lists=SMALL_LISTS, battle_map="dragon-shrine", seed=seed,
                              policies=(policy, policy), params={"format": "skirmish-200"})
            total += len(out.state.history)
        return total / 3

    assert decisions("heuristic") < 0.5 * decisions("random")


def test_the_quick_start_battle_is_played_to_its_end_by_two_heuristic_players():
    lists = [{"name": "Ranger", "creatures": [WOOD_ELF_RANGER.to_json()]},
             {"name": "Mauler", "creatures": [ORC_MAULER.to_json()]}]
    out = play_battle(game="ddm", lists=lists, battle_map="first-battle", seed=3, policies=("heuristic", "heuristic"),
                      params={"scenario": "first-battle"})
    result = out.state.result()
    assert result.reason in ("destroyed", "rout")
    attacks = [e for e in out.state.log if e.kind == "attack"]
    assert attacks, "the two creatures close in and fight"


def test_the_estimates_follow_the_attack_rules():
    assert hit_chance(10, 18) == pytest.approx(0.65)  # 8+ on a d20
    assert hit_chance(30, 10) == 0.95  # a natural 1 always misses
    assert hit_chance(0, 40) == 0.05  # a natural 20 always hits
    state: Any = DdmGame().new_initial_state(
        lists=[{"name": "R", "creatures": [WOOD_ELF_RANGER.to_json()]},
               {"name": "M", "creatures": [ORC_MAULER.to_json()]}],
        battle_map="first-battle", dice=SeededDice(1), params={"scenario": "first-battle"},
    )
    ranger, orc = state.creatures["a1"], state.creatures["b1"]
    # +10 against AC 18 hits on 8+ (65%); 10 damage + Hunter 5 + Orc Foe 5
    assert expected_damage(ranger, ranger.card.attacks[0], orc) == pytest.approx(0.65 * 20)


def test_a_random_player_still_sees_every_legal_action():
    state = DdmGame().new_initial_state(lists=SMALL_LISTS, battle_map="dragon-shrine", dice=SeededDice(4))
    policy = RandomPolicy(4, 0)
    seen = 0
    while not state.is_terminal() and seen < 60:
        legal = state.legal_actions()
        action = policy.choose(state, legal)
        assert action in legal
        state.apply(action)
        seen += 1
