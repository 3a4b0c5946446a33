"""The referee's random playouts: a few hundred seeded battles between heuristic players and between random ones,
on the four maps, checked after every action by :mod:`tests.simulate.games.referee` (what an expert checks)."""

from __future__ import annotations

import random

import pytest

from simulate.engine.ai import RandomPolicy
from simulate.engine.dice import SeededDice
from simulate.engine.replay import LazyLegal
from simulate.games import make_player
from simulate.games.ddm import DdmGame
from tests.simulate.games.referee import Referee
from tests.simulate.harbinger import random_warband

MAPS = ["broken-demongate", "dragon-shrine", "field-of-ruin", "teleport-temple"]
HEURISTIC_BATTLES = 160
RANDOM_BATTLES = 40


def referee_battle(seed: int, policy: str, points: int, max_rounds: int) -> Referee:
    rng = random.Random(f"referee:{policy}:{seed}")
    lists = [random_warband(rng, points=points), random_warband(rng, points=points)]
    state = DdmGame().new_initial_state(lists=lists, battle_map=MAPS[seed % 4], dice=SeededDice(f"referee:{seed}"),
                                        params={"max_rounds": max_rounds, "vp_target": points})
    players = [make_player("ddm", policy, seed, 0), make_player("ddm", policy, seed, 1)]
    referee = Referee(state)
    decisions = 0
    while not state.is_terminal():
        decisions += 1
        assert decisions < 5_000, f"battle {seed} ({policy}) does not end"
        player = players[state.current_player()]
        action = player.choose(state, state.legal_actions() if isinstance(player, RandomPolicy) else LazyLegal(state))
        referee.before_action(action)
        state.apply(action)
        referee.after_action(action)
    assert state.result().rounds <= max_rounds
    return referee


@pytest.mark.parametrize("policy", ["heuristic", "random"])
def test_the_referee_finds_nothing_wrong_in_hundreds_of_seeded_battles(policy):
    battles = HEURISTIC_BATTLES if policy == "heuristic" else RANDOM_BATTLES
    found: list[str] = []
    checked = {"steps": 0, "charges": 0, "attacks": 0, "casts": 0, "morale": 0}
    for seed in range(battles):
        referee = referee_battle(seed, policy, points=200 if policy == "heuristic" else 60,
                                 max_rounds=12 if policy == "heuristic" else 6)
        found += [f"battle {seed}: {v}" for v in referee.violations]
        for k, v in referee.checked.items():
            checked[k] += v
    assert not found, "\n".join(found[:40])
    assert all(v > 0 for v in checked.values()), checked  # the checks ran on something
