"""Movement (``ddm.md`` §7), attacks of opportunity (§8.6) and the activation options (§6.2)."""

from __future__ import annotations

import pytest

from simulate.engine.game import IllegalAction
from simulate.games import ddm_movement as movement
from simulate.games import ddm_sight as sight
from simulate.games.ddm import Activate, Attack, EndTurn, Move, UseAbility
from simulate.games.ddm_cards import AbilitySpec
from tests.simulate.games.ddm_helpers import battle, creature, events
from tests.simulate.printed import attack_line

GNOLL = creature("Gnoll", speed=6)


def turn(state):
    assert state.turn is not None
    return state.turn


def destinations(state):
    return {a.destination: a for a in state.legal_actions() if isinstance(a, Move)}


def test_a_gnoll_moves_four_squares_diagonally_and_can_still_attack():
    """E1: 1 + 2 + 1 + 2 = 6 squares of a Speed 6 move, so the gnoll may attack the warrior."""
    state, _ = battle([GNOLL], [creature("Warrior")], [(1, 1)], [(6, 6)], [10])
    state.apply(Activate("a1"))
    state.apply(Move(((2, 2), (3, 3), (4, 4), (5, 5))))
    assert turn(state).moved == 6
    assert Attack(0, "b1") in state.legal_actions()


def test_a_fifth_diagonal_makes_it_a_double_move_without_an_attack():
    state, _ = battle([GNOLL], [creature("Warrior")], [(0, 0)], [(6, 6)])
    state.apply(Activate("a1"))
    state.apply(Move(((1, 1), (2, 2), (3, 3), (4, 4), (5, 5))))
    assert state.turn is not None and turn(state).moved == 7
    assert not [a for a in state.legal_actions() if isinstance(a, Attack)]


def test_the_diagonal_count_runs_over_the_whole_move():
    """§7.2: even-numbered diagonals cost 2 even with straight steps between them."""
    state, _ = battle([GNOLL], [creature()], [(0, 0)], [(11, 11)])
    state.apply(Activate("a1"))
    state.apply(Move(((1, 1), (2, 1), (3, 2))))  # 1 + 1 + 2
    assert turn(state).moved == 4


def test_difficult_terrain_costs_two_and_three_diagonally():
    rows = ["....", ".d..", "..d.", "...."]
    state, _ = battle([GNOLL], [creature()], [(0, 1)], [(3, 3)], rows=rows)
    state.apply(Activate("a1"))
    state.apply(Move(((1, 1),)))
    assert turn(state).moved == 2
    state.apply(Move(((2, 2),)))
    assert turn(state).moved == 5


def test_creatures_pass_allies_but_not_enemies_and_end_on_neither():
    rows = ["#####", ".....", "#####"]
    state, _ = battle([GNOLL, creature()], [creature()], [(0, 1), (1, 1)], [(4, 1)], rows=rows)
    state.apply(Activate("a1"))
    dest = destinations(state)
    assert (2, 1) in dest and (1, 1) not in dest and (4, 1) not in dest


def test_no_diagonal_past_a_wall_corner():
    rows = ["....", ".#..", "...."]
    state, _ = battle([GNOLL], [creature()], [(0, 0)], [(3, 2)], rows=rows)
    state.apply(Activate("a1"))
    with pytest.raises(IllegalAction):
        state.apply(Move(((1, 1),)))
    with pytest.raises(IllegalAction):
        state.apply(Move(((0, 1), (1, 2))))  # past the wall's corner at (1, 2)


def test_a_creature_may_always_move_one_square_spending_its_whole_turn():
    """§6.2 minimum 1 square: even into terrain that costs more than its Speed."""
    slow = creature("Slowpoke", speed=1)
    rows = [".d..", "....", "...."]
    state, _ = battle([slow], [creature()], [(0, 0)], [(3, 2)], rows=rows)
    state.apply(Activate("a1"))
    assert (1, 0) in destinations(state)
    state.apply(Move(((1, 0),)))
    assert state.turn is None


def test_a_large_creature_squeezes_through_a_one_square_gap_at_double_cost():
    """§7.5: through an opening half its width, 2 per square, ending where it fits."""
    big = creature("Ogre", size="Large", speed=8)
    rows = [".......", ".......", "###.###", ".......", "......."]
    state, _ = battle([big], [creature()], [(2, 0)], [(0, 4)], rows=rows)
    state.apply(Activate("a1"))
    dest = destinations(state)
    assert (2, 3) in dest
    assert (2, 2) not in dest and (3, 2) not in dest  # it cannot end while squeezing
    state.apply(dest[(2, 3)])
    assert state.creatures["a1"].anchor == (2, 3)


def test_leaving_a_threatened_square_provokes_one_attack_of_opportunity():
    """§8.6: one attack per threatening creature during the mover's turn."""
    state, _ = battle([GNOLL], [creature(bonus=5, damage=5)], [(3, 3)], [(4, 3)], [15])
    state.apply(Activate("a1"))
    state.apply(Move(((2, 3), (1, 3))))
    aoo = events(state, "aoo")
    assert aoo == [{"kind": "aoo", "round": 1, "attacker": "b1", "target": "a1"}]
    assert events(state, "attack")[-1]["aoo"]


def test_mobility_gives_plus_four_ac_against_attacks_of_opportunity():
    mover = creature("Monk", ac=15, abilities=[AbilitySpec("Mobility")])
    state, _ = battle([mover], [creature()], [(3, 3)], [(4, 3)], [10])
    state.apply(Activate("a1"))
    state.apply(Move(((2, 3),)))
    assert events(state, "attack")[-1]["ac"] == 19


def test_no_attack_of_opportunity_around_a_wall_corner():
    """§8.6: not against a defender with melee cover."""
    rows = ["....", ".#..", "...."]
    state, _ = battle([GNOLL], [creature()], [(1, 0)], [(0, 1)], rows=rows)
    gnoll, enemy = state.creatures["a1"], state.creatures["b1"]
    assert state.adjacent(gnoll, enemy) and sight.melee_cover(state, enemy, gnoll)
    state.apply(Activate("a1"))
    state.apply(Move(((2, 0),)))
    assert not events(state, "aoo")


def test_flying_creatures_provoke_only_leaving_their_first_square():
    flyer = creature("Bird", flight=True, speed=6)
    state, _ = battle([flyer], [creature(), creature()], [(3, 3)], [(4, 3), (2, 5)], [5])
    state.apply(Activate("a1"))
    state.apply(Move(((3, 4), (3, 5), (3, 6))))  # first square provokes b1; leaving b2's squares does not
    assert [e["attacker"] for e in events(state, "aoo")] == ["b1"]


def test_flying_creatures_pass_over_enemies():
    flyer = creature("Bird", flight=True, speed=4)
    rows = ["#####", ".....", "#####"]
    state, _ = battle([flyer], [creature()], [(0, 1)], [(2, 1)], [1], rows=rows)
    state.apply(Activate("a1"))
    assert (3, 1) in destinations(state)


def test_sidestep_moves_one_square_without_provoking_and_still_makes_every_attack():
    dancer = creature("Dancer", abilities=[AbilitySpec("Sidestep")], attacks=attack_line("+5/+5 (5)", "melee"))
    state, _ = battle([dancer], [creature(ac=30)], [(3, 3)], [(4, 3)], [2, 2])
    state.apply(Activate("a1"))
    state.apply(Move(((3, 4),)))
    assert not events(state, "aoo")
    state.apply(Attack(0, "b1"))
    assert Attack(1, "b1") in state.legal_actions()


def test_whirlwind_attack_strikes_every_adjacent_enemy():
    axe = creature("Axe Sister", abilities=[AbilitySpec("Whirlwind Attack")])
    state, _ = battle([axe], [creature(ac=5), creature(ac=5), creature(ac=5)], [(3, 3)],
                      [(4, 3), (2, 3), (3, 4)], [10, 10, 10])
    state.apply(Activate("a1"))
    state.apply(UseAbility("whirlwind attack"))
    assert {e["target"] for e in events(state, "attack")} == {"b1", "b2", "b3"}


def test_melee_reach_attacks_two_squares_away_but_not_two_diagonal():
    """E2: Melee Reach 2 reaches 2 squares straight, not 2 diagonally (1 + 2 = 3)."""
    reach = creature("Elemental", abilities=[AbilitySpec("Melee Reach", param="2")])
    state, _ = battle([reach], [creature(), creature()], [(3, 3)], [(5, 3), (5, 5)])
    state.apply(Activate("a1"))
    assert {a.target for a in state.legal_actions() if isinstance(a, Attack)} == {"b1"}


def test_burrowing_passes_under_walls_without_attacks_of_opportunity():
    digger = creature("Earth Elemental", burrow=4, speed=4, abilities=[AbilitySpec("Burrow", param="4")])
    rows = [".#...", ".#...", ".#..."]
    state, _ = battle([digger], [creature()], [(0, 1)], [(0, 2)], rows=rows)
    state.apply(Activate("a1"))
    burrows = [a for a in state.legal_actions() if isinstance(a, Move) and a.burrow]
    assert any(a.destination == (2, 1) for a in burrows)
    state.apply(next(a for a in burrows if a.destination == (2, 1)))
    assert not events(state, "aoo") and state.creatures["a1"].anchor == (2, 1)


def test_a_huge_creature_squeezes_through_a_two_square_gap_but_not_a_one_square_gap():
    """§7.5: Huge creatures squeeze through openings 2 squares wide (1.5 rounded up)."""
    giant = creature("Giant", size="Huge", speed=10)
    two = [".........", ".........", ".........", "###..####", ".........", ".........", "........."]
    state, _ = battle([giant], [creature()], [(3, 0)], [(8, 6)], rows=two)
    state.apply(Activate("a1"))
    assert (3, 4) in destinations(state)
    one = [".........", ".........", ".........", "###.#####", ".........", ".........", "........."]
    state, _ = battle([giant], [creature()], [(3, 0)], [(8, 6)], rows=one)
    state.apply(Activate("a1"))
    assert not any(d[1] >= 4 for d in destinations(state))


def test_a_large_creature_is_adjacent_along_its_whole_side_and_threatens_from_every_square():
    ogre = creature("Ogre", size="Large")
    state, _ = battle([ogre], [creature(), creature()], [(3, 3)], [(5, 4), (2, 2)], [10])
    ogre_c = state.creatures["a1"]
    assert state.adjacent(ogre_c, state.creatures["b1"]) and state.adjacent(ogre_c, state.creatures["b2"])
    state.apply(Activate("a1"))
    assert {a.target for a in state.legal_actions() if isinstance(a, Attack)} == {"b1", "b2"}


def test_a_wounded_creature_will_not_walk_onto_spike_stones_that_would_kill_it():
    rows = ["....", ".k..", "...."]
    state, _ = battle([creature(hp=5)], [creature()], [(0, 1)], [(3, 2)], rows=rows)
    state.apply(Activate("a1"))
    assert (1, 1) not in destinations(state)



def test_a_creature_routed_by_spike_stones_mid_move_flees_and_leaves_the_rest_of_its_path():
    """§14 Spike stones, §11.6: the 5 damage drops it below half, it fails its morale save and runs; the move it
    was making is over (it does not carry on from where it fled to)."""
    rows = ["." * 20] * 5 + ["." * 12 + "k" + "." * 7] + ["." * 20] * 6
    state, dice = battle([creature(hp=9, level=1, speed=3)], [creature()], [(10, 5)], [(19, 11)], [2], rows=rows,
                         exit_a=[(0, y) for y in range(12)])
    state.apply(Activate("a1"))
    state.apply(Move(((11, 5), (12, 5), (13, 5), (14, 5))))
    a1 = state.creatures["a1"]
    assert a1.routing and a1.anchor is not None and a1.anchor[0] == 6  # 6 squares west of the spikes
    assert [e["x"] for e in events(state, "step")][-1] == 6 and state.turn is None and dice.remaining == []


# --- forced movement (§7.7; §14 Pit; seed 003 glossary *push/pull*, "Dół") ----------------------------------

PUSHER = creature("Ogre Brute", size="Large", bonus=10, damage=10, abilities=[AbilitySpec("Pushback")])


def test_forced_movement_pushes_a_creature_into_a_pit_and_it_saves_at_the_end_of_the_turn():
    """A push follows its own rule, not the walking rules: it may end on a pit (walking never may). The pushed
    creature saves DC 15 at the end of that turn, or falls, for the pusher's points."""
    rows = ["." * 12] * 3 + ["......p....."] + ["." * 12] * 8
    state, dice = battle([PUSHER], [creature(cost=14), creature()], [(3, 3)], [(5, 3), (11, 11)], [15, 2], rows=rows)
    state.apply(Activate("a1"))
    state.apply(Attack(0, "b1"))
    assert events(state, "push")[-1] | {} == {"kind": "push", "round": 1, "actor": "a1", "creature": "b1", "x": 6,
                                              "y": 3}
    state.apply(EndTurn())
    save = events(state, "save")[-1]
    assert (save["purpose"], save["dc"], save["success"]) == ("pit", 15, False)
    b1 = state.creatures["b1"]
    assert b1.place == "eliminated" and b1.eliminated_how == "fell into a pit"
    assert state.players[0].vp == 14 and dice.remaining == []


def test_a_pushed_creature_that_saves_climbs_out_to_the_nearest_legal_square():
    rows = ["." * 12] * 3 + ["......p....."] + ["." * 12] * 8
    state, _ = battle([PUSHER], [creature(), creature()], [(3, 3)], [(5, 3), (11, 11)], [15, 19], rows=rows)
    state.apply(Activate("a1"))
    state.apply(Attack(0, "b1"))
    state.apply(EndTurn())
    b1 = state.creatures["b1"]
    assert b1.on_map and b1.anchor is not None and not state.map.grid.has_terrain(b1.anchor, "pit")
    assert events(state, "placed")[-1]["creature"] == "b1"


def test_a_push_of_one_square_cannot_enter_difficult_terrain_unless_the_creature_flies():
    rows = ["." * 12] * 2 + ["......d....."] * 3 + ["." * 12] * 7
    state, _ = battle([PUSHER], [creature(), creature()], [(3, 3)], [(5, 3), (11, 11)], [15], rows=rows)
    state.apply(Activate("a1"))
    state.apply(Attack(0, "b1"))
    assert events(state, "push") == [] and state.creatures["b1"].anchor == (5, 3)
    flyer = creature("Bat", flight=True)
    state, _ = battle([PUSHER], [flyer, creature()], [(3, 3)], [(5, 3), (11, 11)], [15], rows=rows)
    state.apply(Activate("a1"))
    state.apply(Attack(0, "b1"))
    assert state.creatures["b1"].anchor == (6, 2)


# --- squeezing (§7.5; seed 003 "Przeciskanie się": "Istoty nie mogą przecisnąć się obok wrogów") -------------

CORRIDOR = ["#" * 12, "." * 12, "." * 12, "#" * 12]


def test_a_large_creature_cannot_squeeze_past_an_enemy():
    """A two-square corridor with an enemy in one lane leaves a one-square gap beside it: a Large creature may
    squeeze through such a gap between walls, but not past an enemy."""
    big = creature("Ogre", size="Large", speed=12)
    state, _ = battle([big], [creature()], [(0, 1)], [(5, 1)], rows=CORRIDOR)
    state.apply(Activate("a1"))
    assert all(dest[0] < 4 for dest in destinations(state))
    # beside an ally, the same gap may be squeezed through (and the ally's square passed)
    state, _ = battle([big, creature("Ally")], [creature()], [(0, 1), (5, 1)], [(11, 4)],
                      rows=[*CORRIDOR, "." * 12])
    state.apply(Activate("a1"))
    assert (8, 1) in destinations(state)


def test_a_squeezed_creature_takes_no_diagonal_step_past_the_corners_of_a_short_one_square_gap():
    """A gap one square wide and two rows long: straight through at 2 a squeezed step, never diagonally past the
    gap's corners (§7.2), and never ending inside it."""
    rows = ["......", "......", "##.###", "##.###", "......", "......"]
    big = creature("Ogre", size="Large", speed=8)
    state, _ = battle([big], [creature()], [(2, 0)], [(5, 5)], rows=rows)
    state.apply(Activate("a1"))
    a1 = state.creatures["a1"]
    assert movement.path_cost(state, a1, [(2, 1), (2, 2), (2, 3), (2, 4)]) == (2 + 2 + 2 + 1, 0)
    for path in ([(2, 1), (1, 2)], [(1, 1), (2, 2)], [(2, 1), (2, 2), (1, 3)], [(2, 1), (2, 2), (2, 3), (1, 4)]):
        with pytest.raises(IllegalAction):
            movement.path_cost(state, a1, path)
    dest = destinations(state)
    assert not {(2, 1), (2, 2), (2, 3), (1, 1), (1, 2), (1, 3)} & set(dest) and (2, 4) in dest
