"""Charging (``ddm.md`` §8.7, E17 and the book's three blocked charges)."""

from __future__ import annotations

from simulate.games.ddm import Activate, Charge
from simulate.games.ddm_cards import AbilitySpec
from tests.simulate.games.ddm_helpers import battle, creature, events
from tests.simulate.printed import attack_line

DWARF = creature("Dwarf", speed=4, bonus=5, damage=10)
ORC = creature("Orc", ac=15, hp=60)


def charges(state):
    return [a for a in state.legal_actions() if isinstance(a, Charge)]


def test_a_charge_runs_to_the_nearest_adjacent_square_and_attacks_at_plus_two():
    state, _ = battle([DWARF], [ORC], [(0, 3)], [(6, 3)], [8])
    state.apply(Activate("a1"))
    options = {a.path[-1]: a for a in charges(state)}
    assert set(options) == {(5, 2), (5, 3), (5, 4)}  # three squares tie as nearest: the player chooses
    state.apply(options[(5, 3)])
    assert state.creatures["a1"].anchor == (5, 3)
    attack = events(state, "attack")[-1]
    assert attack["charge"] and "charge+2" in attack["mods"] and attack["total"] == 15
    assert state.turn is None  # a charge is the whole turn


def test_no_charge_when_the_nearest_adjacent_square_is_occupied():
    """The book's first reason: the nearest square next to the orc holds a fighter."""
    rows = ["#######", ".......", "#######"]
    state, _ = battle([DWARF, creature("Fighter")], [ORC], [(0, 1), (5, 1)], [(6, 1)], rows=rows)
    state.apply(Activate("a1"))
    assert charges(state) == []


def test_no_charge_when_the_line_crosses_a_wall():
    """The book's second reason: the line between start and end passes through a wall square."""
    rows = [".......", "...#...", "......."]
    state, _ = battle([DWARF], [ORC], [(0, 1)], [(6, 1)], rows=rows)
    state.apply(Activate("a1"))
    assert charges(state) == []


def test_no_charge_through_an_ally():
    """The book's third reason: the line passes through an ally's square."""
    state, _ = battle([DWARF, creature("Fighter")], [ORC], [(0, 3), (3, 3)], [(6, 3)])
    state.apply(Activate("a1"))
    assert charges(state) == []


def test_no_charge_into_difficult_terrain():
    rows = ["." * 8] * 3 + ["....d..."] + ["." * 8] * 3
    state, _ = battle([DWARF], [ORC], [(0, 3)], [(6, 3)], rows=rows)
    state.apply(Activate("a1"))
    assert charges(state) == []


def test_a_charge_moves_at_least_two_squares():
    state, _ = battle([DWARF], [ORC], [(3, 3)], [(5, 3)])
    state.apply(Activate("a1"))
    assert charges(state) == []


def test_only_the_nearest_enemy_may_be_charged():
    state, _ = battle([DWARF], [ORC, creature("Goblin")], [(0, 3)], [(6, 3), (0, 11)])
    state.apply(Activate("a1"))
    assert {a.target for a in charges(state)} == {"b1"}


def test_set_against_charge_hurts_the_charger_before_its_attack():
    pikeman = creature("Pikeman", ac=15, hp=60, abilities=[AbilitySpec("Set against Charge", param="10")])
    tough = creature("Dwarf", speed=4, hp=40, abilities=[AbilitySpec("DR", param="10")])
    state, _ = battle([tough], [pikeman], [(0, 3)], [(6, 3)], [8])
    state.apply(Activate("a1"))
    state.apply(charges(state)[0])
    assert state.creatures["a1"].hp == 30  # not reduced by DR


def test_pounce_makes_every_melee_attack_at_plus_two_and_powerful_charge_adds_damage():
    cat = creature("Hellcat", speed=6, attacks=attack_line("+5/+5 (5)", "melee"),
                   abilities=[AbilitySpec("Pounce"), AbilitySpec("Powerful Charge", param="+5")])
    state, _ = battle([cat], [creature(ac=10, hp=60)], [(0, 3)], [(6, 3)], [10, 10])
    state.apply(Activate("a1"))
    state.apply(charges(state)[0])
    attacks = events(state, "attack")
    assert len(attacks) == 2 and all("charge+2" in a["mods"] for a in attacks)
    assert state.creatures["b1"].hp == 60 - 2 * (5 + 5)


def test_a_stronger_version_of_an_ability_replaces_the_weaker():
    """WE-19: Powerful Charge +5 and Powerful Charge +10 give +10, not +15."""
    from simulate.games.ddm_abilities import traits_for

    card = creature("Charger", abilities=[AbilitySpec("Powerful Charge", param="+5"),
                                          AbilitySpec("Powerful Charge", param="+10")])
    assert traits_for(card).powerful_charge == 10


def test_a_large_charge_is_not_clear_across_slowing_terrain_in_the_rows_it_covers():
    """§8.7 requirement 5 (seed 003 "SZARŻOWANIE": "jeśli dowolna linia ... przechodzi przez pole, które spowalnia
    ruch"), Q16: a 2 × 2 charger's lines run through both rows it covers. A band of difficult terrain (or statues)
    across its path slows every way round, so the straight charge is among the cheapest: it still may not be
    made. (A Centaur and a Large Earth Elemental did, with the Harbinger cards on Broken Demongate.)"""
    for symbol in ("d", "s"):
        rows = [f"....{symbol}......."] * 12
        centaur = creature("Centaur", size="Large", speed=8)
        state, _ = battle([centaur], [ORC], [(0, 3)], [(8, 3)], rows=rows)
        state.apply(Activate("a1"))
        assert charges(state) == [], symbol
        clear, _ = battle([centaur], [ORC], [(0, 3)], [(8, 3)])
        clear.apply(Activate("a1"))
        assert {a.path[-1] for a in charges(clear)} == {(6, 2), (6, 3), (6, 4)}

