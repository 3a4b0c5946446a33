"""Rounds of alternating phases (``ddm.md`` §6.1; whole-player turns for the other games)."""

from __future__ import annotations

from simulate.engine.turns import PhaseClock


def run(clock: PhaseClock, left: list[int], first: int) -> list[int]:
    clock.start_round(first)
    order = []
    while (player := clock.next_player(lambda p: left[p])) is not None:
        order.append(player)
        left[player] -= 1
        clock.activated()
    return order


def test_two_activations_a_phase_alternating_and_the_bigger_side_finishes_alone():
    assert run(PhaseClock(per_phase=2), [5, 2], first=1) == [1, 1, 0, 0, 0, 0, 0]
    assert run(PhaseClock(per_phase=2), [3, 3], first=0) == [0, 0, 1, 1, 0, 1]


def test_whole_player_turns_never_hand_over_by_count():
    assert run(PhaseClock(per_phase=None), [2, 1], first=0) == [0, 0, 1]
