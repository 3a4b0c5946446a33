"""Attack and damage arithmetic, every modifier of ``ddm.md`` §9, criticals and damage types (§10)."""

from __future__ import annotations

import pytest

from simulate.games import ddm_sight as sight
from simulate.games.ddm import Activate, Attack
from simulate.games.ddm_cards import AbilitySpec
from simulate.games.ddm_damage import half
from tests.simulate.games.ddm_helpers import battle, creature, events
from tests.simulate.printed import attack_line


def last_attack(state):
    return events(state, "attack")[-1]


def test_a_hit_needs_d20_plus_bonus_to_reach_the_ac():
    state, _ = battle([creature(bonus=5)], [creature(ac=16)], [(3, 3)], [(4, 3)], [11])
    state.apply(Activate("a1"))
    state.apply(Attack(0, "b1"))
    assert last_attack(state)["hit"] and last_attack(state)["total"] == 16
    state, _ = battle([creature(bonus=5)], [creature(ac=16)], [(3, 3)], [(4, 3)], [10])
    state.apply(Activate("a1"))
    state.apply(Attack(0, "b1"))
    assert not last_attack(state)["hit"]
    assert state.creatures["b1"].hp == 30


def test_a_natural_1_always_misses():
    state, _ = battle([creature(bonus=40)], [creature(ac=10)], [(3, 3)], [(4, 3)], [1])
    state.apply(Activate("a1"))
    state.apply(Attack(0, "b1"))
    assert not last_attack(state)["hit"]


def test_a_natural_20_hits_any_ac_and_doubles_the_base_but_not_the_extra_damage():
    """E4: Brass Samurai, 10 magic + 5 fire: a critical hit deals 20 magic + 5 fire = 25."""
    samurai = creature("Brass Samurai", bonus=0, attacks=attack_line("+0 (10 magic + 5 fire)", "melee"))
    state, _ = battle([samurai], [creature(ac=40, hp=100)], [(3, 3)], [(4, 3)], [20])
    state.apply(Activate("a1"))
    state.apply(Attack(0, "b1"))
    assert last_attack(state)["crit"]
    assert state.creatures["b1"].hp == 75


def test_damage_reduction_applies_after_doubling_and_not_to_the_extra_energy():
    """E5: 10 + 5 fire doubled is 20 + 5 fire; DR 5 takes 5 off the 20 only."""
    att = creature(attacks=attack_line("+0 (10 + 5 fire)", "melee"))
    tgt = creature(ac=40, hp=100, abilities=[AbilitySpec("DR", param="5")])
    state, _ = battle([att], [tgt], [(3, 3)], [(4, 3)], [20])
    state.apply(Activate("a1"))
    state.apply(Attack(0, "b1"))
    assert state.creatures["b1"].hp == 100 - (20 - 5) - 5


def test_magic_damage_ignores_damage_reduction():
    att = creature(attacks=attack_line("+10 (10 magic)", "melee"))
    tgt = creature(ac=10, hp=100, abilities=[AbilitySpec("DR", param="5")])
    state, _ = battle([att], [tgt], [(3, 3)], [(4, 3)], [15])
    state.apply(Activate("a1"))
    state.apply(Attack(0, "b1"))
    assert state.creatures["b1"].hp == 90


def test_a_creature_immune_to_criticals_is_still_hit_automatically_but_takes_normal_damage():
    state, _ = battle([creature(bonus=0, damage=10)], [creature(ac=40, hp=50, creature_type="Undead")],
                      [(3, 3)], [(4, 3)], [20])
    state.apply(Activate("a1"))
    state.apply(Attack(0, "b1"))
    assert last_attack(state)["hit"]
    assert state.creatures["b1"].hp == 40


@pytest.mark.parametrize(("amount", "halved"), [(15, 5), (5, 0), (30, 15), (25, 10), (40, 20), (10, 5)])
def test_half_damage_rounds_down_to_a_multiple_of_five(amount, halved):
    """E6 (§10.3)."""
    assert half(amount) == halved


def test_flanking_gives_plus_two():
    """§8.4: an ally threatening the target from the opposite side."""
    state, _ = battle([creature(), creature()], [creature(ac=10)], [(3, 3), (5, 3)], [(4, 3)], [10])
    state.apply(Activate("a1"))
    state.apply(Attack(0, "b1"))
    assert "flanking+2" in last_attack(state)["mods"]


def test_a_stunned_ally_gives_no_flanking():
    """E20: the stunned soldier does not threaten the Chain Devil's square."""
    state, _ = battle([creature(), creature()], [creature(ac=10)], [(3, 3), (5, 3)], [(4, 3)], [10])
    state.creatures["a2"].stunned = True
    state.apply(Activate("a1"))
    state.apply(Attack(0, "b1"))
    assert "flanking+2" not in last_attack(state)["mods"]


def test_a_stunned_defender_has_minus_two_ac():
    state, _ = battle([creature()], [creature(ac=15)], [(3, 3)], [(4, 3)], [10])
    state.creatures["b1"].stunned = True
    state.apply(Activate("a1"))
    state.apply(Attack(0, "b1"))
    assert last_attack(state)["ac"] == 13 and "stunned-2" in last_attack(state)["ac_mods"]


def test_melee_against_a_helpless_defender_hits_without_a_roll_for_double_damage():
    state, dice = battle([creature(damage=10)], [creature(ac=40, hp=50)], [(3, 3)], [(4, 3)], [])
    state.creatures["b1"].paralysed_dc = 15
    state.apply(Activate("a1"))
    state.apply(Attack(0, "b1"))
    assert last_attack(state)["auto"] and last_attack(state)["roll"] is None
    assert state.creatures["b1"].hp == 30
    assert dice.remaining == []


def test_ranged_against_a_helpless_defender_gets_plus_four_and_normal_damage():
    state, _ = battle([creature(ranged=(5, 10))], [creature(ac=15, hp=50)], [(0, 3)], [(6, 3)], [6])
    state.creatures["b1"].paralysed_dc = 15
    state.apply(Activate("a1"))
    state.apply(Attack(1, "b1"))
    assert "helpless+4" in last_attack(state)["mods"] and last_attack(state)["hit"]
    assert state.creatures["b1"].hp == 40


def test_cover_and_shooting_into_melee_stack_to_plus_eight():
    """E10: a gnoll behind the ranger has cover (+4) and is in melee with it (+4): +8 AC against the archer."""
    archer = creature("Archer", ranged=(8, 10))
    ranger = creature("Ranger")
    gnoll = creature("Gnoll", ac=15)  # TEST VALUE: the book gives no gnoll AC
    state, _ = battle([archer, ranger], [gnoll], [(0, 5), (3, 5)], [(4, 5)], [10])
    state.apply(Activate("a1"))
    state.apply(Attack(1, "b1"))
    atk = last_attack(state)
    assert atk["ac"] == 23 and {"cover+4", "in-melee+4"} <= set(atk["ac_mods"])


def test_precise_shot_ignores_the_melee_penalty_but_not_cover():
    archer = creature("Archer", ranged=(8, 10), abilities=[AbilitySpec("Precise Shot")])
    state, _ = battle([archer, creature()], [creature(ac=15)], [(0, 5), (3, 5)], [(4, 5)], [10])
    state.apply(Activate("a1"))
    state.apply(Attack(1, "b1"))
    assert last_attack(state)["ac"] == 19


def test_ranged_attacks_must_target_the_nearest_visible_enemy():
    """§8.9: even if the nearest has cover and a farther one does not."""
    archer = creature("Archer", ranged=(8, 10))
    state, _ = battle([archer, creature()], [creature(), creature()], [(0, 5), (2, 5)], [(4, 5), (0, 10)])
    state.apply(Activate("a1"))
    shots = {a.target for a in state.legal_actions() if isinstance(a, Attack) and a.attack == 1}
    assert shots == {"b1"}


def test_no_ranged_attack_while_an_enemy_threatens_you():
    """§8.3: in an enemy's threatened area, no ranged attacks (it sees you, and no wall corner covers you)."""
    archer = creature("Archer", ranged=(8, 10))
    state, _ = battle([archer], [creature()], [(3, 3)], [(4, 3)])
    state.apply(Activate("a1"))
    kinds = {a.attack for a in state.legal_actions() if isinstance(a, Attack)}
    assert kinds == {0}


def test_a_short_ranged_attack_cannot_reach_past_six_squares():
    attacks = attack_line("+5 (5)", "melee") + attack_line("+5 (5) range 6", "ranged")
    archer = creature("Slinger", attacks=attacks)
    state, _ = battle([archer], [creature()], [(0, 3)], [(8, 3)])
    state.apply(Activate("a1"))
    assert not [a for a in state.legal_actions() if isinstance(a, Attack)]


def test_a_sacred_circle_gives_plus_two_and_makes_the_damage_magic():
    """§14 sacred circle: +2 attack; damage counts as magic (ignores DR)."""
    tgt = creature(ac=17, hp=50, abilities=[AbilitySpec("DR", param="5")])
    rows = ["............", "...c........"] + ["." * 12] * 10
    state, _ = battle([creature(bonus=5, damage=10)], [tgt], [(3, 1)], [(4, 1)], [10], rows=rows)
    state.apply(Activate("a1"))
    state.apply(Attack(0, "b1"))
    assert "sacred-circle+2" in last_attack(state)["mods"] and last_attack(state)["hit"]
    assert state.creatures["b1"].hp == 40


def test_deflect_arrows_is_plus_four_ac_against_ranged_attacks():
    archer = creature("Archer", ranged=(8, 10))
    monk = creature("Monk", ac=15, abilities=[AbilitySpec("Deflect Arrows")])
    state, _ = battle([archer], [monk], [(0, 3)], [(6, 3)], [10])
    state.apply(Activate("a1"))
    state.apply(Attack(1, "b1"))
    assert last_attack(state)["ac"] == 19


def test_the_attacker_choosing_a_damage_line_uses_that_lines_bonus_and_damage():
    """§2.8: +10/+9 (10/5): the second attack deals the second value."""
    ranger = creature("Ranger", attacks=attack_line("+10/+9 (10/5)", "melee"))
    state, _ = battle([ranger], [creature(ac=10, hp=50)], [(3, 3)], [(4, 3)], [10])
    state.apply(Activate("a1"))
    state.apply(Attack(1, "b1"))
    assert last_attack(state)["total"] == 19
    assert state.creatures["b1"].hp == 45


def test_hunter_needs_no_more_than_one_adjacent_enemy():
    hunter = creature("Ranger", damage=10, abilities=[AbilitySpec("Hunter")])
    state, _ = battle([hunter], [creature(ac=5, hp=60), creature()], [(3, 3)], [(4, 3), (2, 3)], [10])
    state.apply(Activate("a1"))
    state.apply(Attack(0, "b1"))
    assert state.creatures["b1"].hp == 50


def test_a_limited_smite_is_declared_before_the_roll_and_a_miss_spends_it():
    """§2.9: the Inspired Lieutenant's Smite."""
    lt = creature("Inspired Lieutenant", abilities=[AbilitySpec("Smite", param="+10", uses=1)])
    state, _ = battle([lt], [creature(ac=30, hp=50)], [(3, 3)], [(4, 3)], [2])
    state.apply(Activate("a1"))
    assert Attack(0, "b1", ("smite",)) in state.legal_actions()
    state.apply(Attack(0, "b1", ("smite",)))
    assert not last_attack(state)["hit"]
    assert state.creatures["a1"].uses["smite:0"] == 0


def test_smite_evil_adds_its_damage_against_an_evil_warband_only():
    paladin = creature("Paladin", damage=10, abilities=[AbilitySpec("Smite Evil", param="+5")])
    state, _ = battle([paladin], [creature(ac=5, hp=50)], [(3, 3)], [(4, 3)], [10])
    state.players[1].warband = type(state.players[1].warband)("B", state.players[1].warband.creatures, faction="LE")
    state.apply(Activate("a1"))
    state.apply(Attack(0, "b1"))
    assert state.creatures["b1"].hp == 35


def test_conceal_makes_a_hit_miss_unless_the_attacker_rolls_its_number():
    tgt = creature(ac=5, hp=50, abilities=[AbilitySpec("Conceal", param="11")])
    state, _ = battle([creature()], [tgt], [(3, 3)], [(4, 3)], [15, 10])
    state.apply(Activate("a1"))
    state.apply(Attack(0, "b1"))
    assert not last_attack(state)["hit"] and last_attack(state)["notes"] == ["conceal11:10"]


def test_incorporeal_defenders_take_damage_on_eleven_or_more():
    tgt = creature(ac=5, hp=50, abilities=[AbilitySpec("Incorporeal")])
    state, _ = battle([creature()], [tgt], [(3, 3)], [(4, 3)], [15, 11])
    state.apply(Activate("a1"))
    state.apply(Attack(0, "b1"))
    assert last_attack(state)["hit"] and state.creatures["b1"].hp == 40


@pytest.mark.parametrize(("ability", "damage", "taken"), [
    (AbilitySpec("Resist", param="5", text="fire"), 15, 10),
    (AbilitySpec("Double Damage from fire"), 15, 30),
    (AbilitySpec("Double Damage from fire"), 12, 22),
    (AbilitySpec("Immune", param="fire"), 15, 0),
])
def test_energy_resistance_double_damage_and_immunity(ability, damage, taken):
    """§10.4: 15 fire → 30, 12 fire → 12 + 10 = 22 for Double Damage from fire."""
    att = creature(attacks=attack_line(f"+10 ({damage} fire)", "melee"))
    state, _ = battle([att], [creature(ac=5, hp=100, abilities=[ability])], [(3, 3)], [(4, 3)], [10])
    state.apply(Activate("a1"))
    state.apply(Attack(0, "b1"))
    assert state.creatures["b1"].hp == 100 - taken


def test_you_may_not_attack_an_ally():
    state, _ = battle([creature(), creature()], [creature()], [(3, 3), (4, 3)], [(9, 9)])
    state.apply(Activate("a1"))
    assert not [a for a in state.legal_actions() if isinstance(a, Attack)]


def test_a_full_attack_only_when_the_creature_has_not_moved():
    """§8.11: a creature that moved attacks at most once."""
    fighter = creature(attacks=attack_line("+10/+10 (5)", "melee"))
    state, _ = battle([fighter], [creature(ac=5, hp=60)], [(3, 3)], [(5, 3)], [10])
    from simulate.games.ddm import Move
    state.apply(Activate("a1"))
    state.apply(Move(((4, 3),)))
    state.apply(Attack(0, "b1"))
    assert state.turn is None  # no second attack and no more movement: the turn ended


def test_a_full_attack_makes_every_attack_when_standing_still():
    fighter = creature(attacks=attack_line("+10/+10 (5)", "melee"))
    state, _ = battle([fighter], [creature(ac=5, hp=60)], [(3, 3)], [(4, 3)], [10, 10])
    state.apply(Activate("a1"))
    state.apply(Attack(0, "b1"))
    assert Attack(1, "b1") in state.legal_actions()
    state.apply(Attack(1, "b1"))
    assert state.creatures["b1"].hp == 50


def test_a_creature_between_gives_no_cover_in_melee():
    """WE-12: the gnoll between the orc and the warrior gives neither of them melee cover."""
    orc = creature("Orc", abilities=[AbilitySpec("Melee Reach", param="2")], attacks=attack_line("+5 (10)", "melee"))
    state, _ = battle([orc, creature("Gnoll")], [creature("Warrior", ac=15)], [(2, 3), (3, 3)], [(4, 3)], [10])
    state.apply(Activate("a1"))
    state.apply(Attack(0, "b1"))
    assert "cover+4" in last_attack(state)["ac_mods"]  # at reach the ranged rules apply: the gnoll covers
    assert not sight.melee_cover(state, state.creatures["a2"], state.creatures["b1"])
