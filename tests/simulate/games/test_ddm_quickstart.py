"""The quick start's first battle, step by step with the book's dice (``ddm-basic.md`` §7, ``ddm.md`` §19 E3).

Wood Elf Ranger against Orc Mauler on the first battlefield of Broken Demongate. Player 0 is the Ranger.
"""

from __future__ import annotations

from simulate.engine.dice import ScriptedDice
from simulate.games.ddm import (
    Activate,
    Attack,
    ChooseFirstPlayer,
    ChooseStartArea,
    DdmGame,
    Deploy,
    EndTurn,
    Move,
)
from tests.simulate.games.ddm_helpers import ORC_MAULER, WOOD_ELF_RANGER

BOOK_DICE = [
    5, 17,  # WE-01 placement: Ranger 5, Orc 17: the Orc's player places first
    17, 15,  # WE-02 round 1 initiative: Ranger 17, Orc 15
    17,  # WE-04 the Ranger's attack
    3, 12,  # WE-05 round 2 initiative: Ranger 3, Orc 12
    10,  # WE-06 the Orc's attack
    3, 18,  # WE-07 the Ranger's full attack
    5,  # WE-08 the Orc's morale save
]


def first_battle():
    dice = ScriptedDice(BOOK_DICE)
    lists = [{"name": "Ranger", "creatures": [WOOD_ELF_RANGER.to_json()]},
             {"name": "Mauler", "creatures": [ORC_MAULER.to_json()]}]
    state = DdmGame().new_initial_state(lists=lists, battle_map="first-battle", dice=dice,
                                        params={"scenario": "first-battle"})
    return state, dice


def test_the_higher_placement_roll_places_first_and_the_other_takes_the_opposite_side():
    state, _ = first_battle()
    assert state.current_player() == 1  # the Orc's player won the placement roll
    state.apply(ChooseStartArea("A"))
    state.apply(Deploy("b1", 1, 0))
    assert state.current_player() == 0
    assert {(d.x, d.y) for d in state.legal_actions()} == {(1, 11), (3, 11)}  # the two positions opposite


def test_the_whole_first_battle():
    state, dice = first_battle()
    state.apply(ChooseStartArea("A"))
    state.apply(Deploy("b1", 1, 0))
    state.apply(Deploy("a1", 1, 11))
    ranger, orc = state.creatures["a1"], state.creatures["b1"]

    # WE-02: the Ranger wins initiative and lets the Orc act first
    assert state.current_player() == 0
    state.apply(ChooseFirstPlayer(1))
    # WE-03: the Orc cannot reach the Ranger with 6 squares, so it moves at double speed: 8 diagonal steps
    # cost 1+2+1+2+1+2+1+2 = 12
    state.apply(Activate("b1"))
    path = ((2, 1), (3, 2), (2, 3), (1, 4), (2, 5), (3, 6), (2, 7), (1, 8))
    state.apply(Move(path))
    assert orc.anchor == (1, 8)
    # all 12 squares spent and no attack after a double move: its turn ends by itself
    assert state.turn is None and state.current_player() == 0
    # the Ranger moves up to 6 squares to stand next to the Orc and attacks once (it moved)
    state.apply(Activate("a1"))
    state.apply(Move(((1, 10), (1, 9))))
    assert [a for a in state.legal_actions() if isinstance(a, Attack)] == [Attack(0, "b1"), Attack(1, "b1")]
    # WE-04: d20 17 + 10 = 27 >= AC 18: 10 + 5 (Hunter) + 5 (Orc Foe) = 20 damage
    state.apply(Attack(0, "b1"))
    attack = [e for e in state.log if e.kind == "attack"][-1].data
    assert (attack["roll"], attack["total"], attack["ac"], attack["hit"]) == (17, 27, 18, True)
    damage = [e for e in state.log if e.kind == "damage-roll"][-1].data
    assert damage["bonuses"] == ["hunter+5", "orc-foe+5"]
    assert orc.hp == 35  # above half of 55: no morale save
    assert not [e for e in state.log if e.kind == "morale"]
    # having moved, the Ranger has no second attack: its turn ends by itself

    # WE-05: round 2, the Orc wins initiative and acts first
    assert state.round == 2 and state.current_player() == 1
    state.apply(ChooseFirstPlayer(1))
    state.apply(Activate("b1"))
    # WE-06: d20 10 + 11 = 21 >= AC 16: 15 damage
    state.apply(Attack(0, "a1"))
    assert ranger.hp == 25
    state.apply(EndTurn())
    # WE-07: the Ranger does not move and makes both attacks: 3 + 10 = 13 misses; 18 + 9 = 27 hits for 5 + 10
    state.apply(Activate("a1"))
    state.apply(Attack(0, "b1"))
    assert orc.hp == 35
    state.apply(Attack(1, "b1"))
    assert orc.hp == 20  # the book prints 25; 55 - 20 - 15 = 20 (ddm-basic.md §8 item 2)
    # WE-08: below half of 55 → morale save d20 5 + Level 6 = 11 < 20: the Orc routs and the Ranger wins
    morale = [e for e in state.log if e.kind == "morale"][-1].data
    assert (morale["roll"], morale["total"], morale["dc"], morale["success"]) == (5, 11, 20, False)
    assert state.is_terminal()
    assert state.result().winner == 0 and state.result().reason == "rout"
    assert dice.remaining == []
