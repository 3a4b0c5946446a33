"""Setup, initiative, phases, victory points, victory areas, the scenario's end and tie-breaks (§5, §6, §15)."""

from __future__ import annotations

from simulate.engine.dice import ScriptedDice
from simulate.games import ddm_victory as victory
from simulate.games.ddm import Activate, Attack, ChooseDeployFirst, ChooseMap, ChooseStartArea, DdmGame, Deploy, EndTurn
from tests.simulate.games.ddm_helpers import battle, creature, events, map_doc


def lists(a, b):
    return [{"name": "A", "creatures": [c.to_json() for c in a]}, {"name": "B", "creatures": [c.to_json() for c in b]}]


def test_initiative_adds_the_best_commander_and_ties_go_to_the_better_commander_then_a_reroll():
    """§5.2, §6.1, glossary *tied die rolls*."""
    doc = map_doc(["." * 6] * 6, [(0, 0)], [(5, 5)])
    dice = ScriptedDice([10, 12, 15, 15, 9, 9, 4, 17])
    state = DdmGame().new_initial_state(
        lists=lists([creature(commander=3)], [creature(commander=1)]), battle_map=doc, dice=dice)
    setup = events(state, "setup-initiative")[-1]
    assert setup["totals"] == [13, 13] and setup["winner"] == 0  # tie: the higher rating wins
    state.apply(ChooseDeployFirst(1))
    state.apply(ChooseStartArea("B"))
    assert state.players[1].letter == "B" and state.players[0].letter == "A"
    state.apply(Deploy("b1", 5, 5))
    state.apply(Deploy("a1", 0, 0))
    rolls = events(state, "initiative")
    assert rolls[0]["totals"] == [18, 16] and rolls[0]["winner"] == 0


def test_equal_totals_and_ratings_reroll():
    doc = map_doc(["." * 6] * 6, [(0, 0)], [(5, 5)])
    dice = ScriptedDice([7, 7, 3, 9])
    state = DdmGame().new_initial_state(lists=lists([creature()], [creature()]), battle_map=doc, dice=dice)
    assert [e["winner"] for e in events(state, "setup-initiative")] == [None, 1]


def test_the_battle_map_roll_winner_chooses_either_map():
    dice = ScriptedDice([2, 19, 20, 1])
    state = DdmGame().new_initial_state(
        lists=lists([creature()], [creature()]), dice=dice,
        battle_map={"maps": ["broken-demongate", "dragon-shrine"]})
    assert state.stage == "map" and state.current_player() == 1
    state.apply(ChooseMap(1))
    assert state.map.slug == "dragon-shrine"


def test_deployment_stays_in_the_start_area_and_off_statues_walls_and_pits():
    rows = [".#s.", "p...", "...."]
    doc = map_doc(rows, [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1)], [(3, 2)])
    state = DdmGame().new_initial_state(lists=lists([creature()], [creature()]), battle_map=doc,
                                        dice=ScriptedDice([20, 1]))
    state.apply(ChooseDeployFirst(0))
    state.apply(ChooseStartArea("A"))
    assert {(a.x, a.y) for a in state.legal_actions() if isinstance(a, Deploy)} == {(0, 0), (1, 1)}


def test_players_alternate_phases_of_two_activations_and_the_bigger_side_finishes_alone():
    """§6.1: 2 per phase; with an odd number the last phase has one; the side with more goes on alone."""
    a = [creature(name=f"A{i}") for i in range(3)]
    b = [creature(name="B0")]
    state, _ = battle(a, b, [(0, 0), (0, 2), (0, 4)], [(11, 11)], [20, 1])
    order = []
    for _ in range(4):
        player = state.current_player()
        cid = next(a.creature for a in state.legal_actions() if isinstance(a, Activate))
        order.append((player, cid))
        state.apply(Activate(cid))
        state.apply(EndTurn())
    assert order == [(0, "a1"), (0, "a2"), (1, "b1"), (0, "a3")]
    assert state.round == 2


def test_eliminating_a_creature_scores_its_cost_and_the_target_ends_the_battle():
    state, _ = battle([creature(bonus=20, damage=50)], [creature(hp=10, cost=30), creature()],
                      [(3, 3)], [(4, 3), (11, 11)], [15], params={"vp_target": 30})
    state.apply(Activate("a1"))
    state.apply(Attack(0, "b1"))
    assert state.players[0].vp == 30 and state.is_terminal()
    assert state.result().winner == 0 and state.result().reason == "vp-target"


def test_holding_a_victory_area_scores_once_per_round_whatever_the_number_of_creatures():
    state, _ = battle([creature(), creature()], [creature()], [(0, 0), (1, 0)], [(11, 11)], [20, 1],
                      victory={"A": [(0, 0), (1, 0)], "B": [(5, 5)]})
    for cid in ("a1", "a2", "b1"):
        state.apply(Activate(cid))
        state.apply(EndTurn())
    assert state.players[0].vp == 10 and state.players[1].vp == 0
    assert [e["reason"] for e in events(state, "vp")] == ["victory-area"]


def test_epic_play_scores_twenty_five_per_victory_area():
    state, _ = battle([creature()], [creature()], [(0, 0)], [(11, 11)], [20, 1],
                      victory={"A": [(0, 0)]}, params={"format": "epic-500"})
    state.apply(Activate("a1"))
    state.apply(EndTurn())
    state.apply(Activate("b1"))
    state.apply(EndTurn())
    assert state.players[0].vp == 25


def test_ten_quiet_rounds_end_the_battle_for_the_player_with_more_points():
    """§15.1 stalemate: 10 consecutive rounds without damage, attack rolls or forced saves."""
    state, _ = battle([creature()], [creature()], [(0, 0)], [(11, 11)], [20, 1] * 10,
                      victory={"A": [(0, 0)]})
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
        if state.turn is not None:
            state.apply(EndTurn())
    result = state.result()
    assert result.reason == "stalemate" and result.winner == 0 and result.rounds == 10


def test_tied_points_go_to_the_creature_nearest_the_centre_then_the_costlier():
    state, _ = battle([creature(cost=10)], [creature(cost=20)], [(5, 5)], [(0, 0)], [20, 1] * 10)
    victory.tie_break(state, "stalemate")
    assert state.result().winner == 0 and state.result().details["tie_break"] == "nearest-centre"
    state, _ = battle([creature(cost=10)], [creature(cost=20)], [(5, 5)], [(6, 6)], [20, 1] * 10)
    victory.tie_break(state, "stalemate")
    assert state.result().winner == 1 and state.result().details["tie_break"] == "costliest-nearest"


def test_a_round_limit_ends_a_long_battle_with_the_same_tie_breaks():
    state, _ = battle([creature()], [creature()], [(5, 5)], [(0, 0)], [20, 1] * 3, params={"max_rounds": 3})
    while not state.is_terminal():
        action = state.legal_actions()[0]
        state.apply(action)
        if state.turn is not None:
            state.apply(EndTurn())
    assert state.result().reason == "round-limit" and state.result().rounds == 3


def test_victory_points_add_up_to_eliminations_and_areas():
    state, _ = battle([creature(bonus=20, damage=50)], [creature(hp=10, cost=13), creature(cost=7)],
                      [(3, 3)], [(4, 3), (11, 11)], [15, 20, 1], victory={"A": [(3, 3)]})
    state.apply(Activate("a1"))
    state.apply(Attack(0, "b1"))
    state.apply(EndTurn())
    state.apply(Activate("b2"))
    state.apply(EndTurn())
    vp = events(state, "vp")
    assert sum(e["amount"] for e in vp if e["player"] == 0) == state.players[0].vp == 13 + 10


def test_a_side_with_no_creatures_left_loses():
    state, _ = battle([creature(bonus=20, damage=50)], [creature(hp=10, cost=5)], [(3, 3)], [(4, 3)], [15])
    state.apply(Activate("a1"))
    state.apply(Attack(0, "b1"))
    assert state.result().winner == 0 and state.result().reason == "wiped-out"
