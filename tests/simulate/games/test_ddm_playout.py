"""Random playouts between random legal warbands of Harbinger creatures, checking the invariants after
every decision (OpenSpiel's random-playout consistency test)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from simulate.engine.ai import RandomPolicy
from simulate.engine.dice import SeededDice
from simulate.games import play_battle
from simulate.games.ddm import DdmGame, DdmState
from tests.simulate.harbinger import random_warband

CASES = [(seed, m) for seed, m in zip(range(1, 9), ["broken-demongate", "dragon-shrine", "field-of-ruin",
                                                    "teleport-temple"] * 2, strict=True)]
PARAMS = {"max_rounds": 15}


def check_invariants(state: DdmState) -> None:
    grid = state.map.grid
    seen: dict[tuple[int, int], str] = {}
    for c in state.creatures.values():
        if not c.on_map:
            assert c.anchor is None or c.place == "undeployed"
            continue
        assert 0 < c.hp <= c.start_hp + c.bonus_hp, (c.id, c.hp)
        for s in c.squares():
            assert grid.in_bounds(s) and not grid.is_solid(s), (c.id, s)
            assert s not in seen, f"{c.id} and {seen.get(s)} share {s}"
            seen[s] = c.id
    for p in state.players:
        assert p.vp >= 0


def vp_add_up(state: DdmState) -> None:
    totals = [0, 0]
    for e in state.log:
        if e.kind == "vp":
            d: dict[str, Any] = e.data
            totals[d["player"]] += d["amount"]
            if d["reason"] == "eliminated":
                c = state.creatures[d["creature"]]
                assert c.place == "eliminated" and c.player != d["player"] and d["amount"] == c.value
    assert totals == [p.vp for p in state.players]
    eliminated = {c.id for c in state.creatures.values() if c.place == "eliminated" and not c.traits.beneath_contempt}
    scored = {e.data["creature"] for e in state.log if e.kind == "vp" and e.data["reason"] == "eliminated"}
    assert scored <= eliminated and (state.is_terminal() or scored == eliminated)


def lists_for(seed: int) -> list[dict]:
    rng = random.Random(f"lists:{seed}")
    return [random_warband(rng), random_warband(rng)]


@pytest.mark.parametrize(("seed", "battle_map"), CASES)
def test_random_battles_keep_every_invariant_and_end(seed, battle_map):
    lists = lists_for(seed)
    state = DdmGame().new_initial_state(lists=lists, battle_map=battle_map, dice=SeededDice(seed), params=PARAMS)
    policies = [RandomPolicy(seed, 0), RandomPolicy(seed, 1)]
    decisions = 0
    while not state.is_terminal():
        decisions += 1
        assert decisions < 20_000
        legal = state.legal_actions()
        assert legal
        state.apply(policies[state.current_player()].choose(state, legal))
        check_invariants(state)
    vp_add_up(state)
    result = state.result()
    assert result.rounds <= PARAMS["max_rounds"]
    assert result.winner in (0, 1, None)


def test_the_same_seed_gives_the_same_battle():
    lists = lists_for(99)
    a = play_battle(game="ddm", lists=lists, battle_map="dragon-shrine", seed=99, params=PARAMS).record.to_json()
    b = play_battle(game="ddm", lists=lists, battle_map="dragon-shrine", seed=99, params=PARAMS).record.to_json()
    assert a == b
    c = play_battle(game="ddm", lists=lists, battle_map="dragon-shrine", seed=100, params=PARAMS).record.to_json()
    assert c["events"] != a["events"]
