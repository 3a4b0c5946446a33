"""Command, Commander Effects, morale saves, routing and rallying (``ddm.md`` §11, E11, E12, E19)."""

from __future__ import annotations

from simulate.games import ddm_command as command
from simulate.games import ddm_setup as setup
from simulate.games.ddm import Activate, Attack, EndTurn, Move
from simulate.games.ddm_cards import AbilitySpec, AttackSpec
from tests.simulate.games.ddm_helpers import battle, creature, events

EXIT_A = [(0, y) for y in range(12)]
EXIT_B = [(11, y) for y in range(12)]


def hit_to(state, attacker, target):
    state.apply(Activate(attacker))
    state.apply(Attack(0, target))


def test_the_first_drop_below_half_hp_calls_for_one_morale_save_only():
    victim = creature(hp=30, level=10)
    state, dice = battle([victim], [creature(bonus=10, damage=20), creature(bonus=10, damage=5)],
                         [(3, 3)], [(4, 3), (2, 3)], [15, 10, 15], first=1)
    hit_to(state, "b1", "a1")
    assert events(state, "morale")[-1]["total"] == 10 + 10 and events(state, "morale")[-1]["success"]
    state.apply(EndTurn())
    hit_to(state, "b2", "a1")
    assert len(events(state, "morale")) == 1 and dice.remaining == []


def test_exactly_half_is_not_below_half_by_default():
    """Q14: the Advanced Rules say "below half"; the quick start says "half or below" (a parameter)."""
    state, _ = battle([creature(hp=30)], [creature(bonus=10, damage=15)], [(3, 3)], [(4, 3)], [15], first=1)
    hit_to(state, "b1", "a1")
    assert events(state, "morale") == []
    state, _ = battle([creature(hp=30)], [creature(bonus=10, damage=15)], [(3, 3)], [(4, 3)], [15, 19],
                      first=1, params={"morale_threshold": "half-or-below"})
    hit_to(state, "b1", "a1")
    assert len(events(state, "morale")) == 1


def test_fearless_creatures_pass_morale_saves_without_rolling():
    undead = creature(hp=30, creature_type="Undead")
    state, dice = battle([undead], [creature(bonus=10, damage=20)], [(3, 3)], [(4, 3)], [15], first=1)
    hit_to(state, "b1", "a1")
    assert events(state, "morale")[-1]["fearless"] and dice.remaining == []


def test_a_failed_morale_save_routs_the_creature_off_its_exit_for_the_enemys_points():
    """§11.6: 2 × Speed to the exit; off the map = eliminated; the enemy that caused it gets no AoO."""
    state, _ = battle([creature(hp=30, cost=17, speed=6)], [creature(bonus=10, damage=20)], [(2, 5)], [(3, 5)],
                      [15, 2], first=1, exit_a=EXIT_A, exit_b=EXIT_B)
    hit_to(state, "b1", "a1")
    routed = state.creatures["a1"]
    assert routed.place == "eliminated" and routed.eliminated_how == "routed off the map"
    assert events(state, "aoo") == []
    assert state.players[1].vp == 17


def test_a_commander_in_range_adds_its_rating_to_morale_saves():
    cmdr = creature("Captain", commander=5)
    state, _ = battle([creature(hp=30, level=1), cmdr], [creature(bonus=10, damage=20)], [(3, 3), (3, 8)],
                      [(4, 3)], [15, 14], first=1)
    hit_to(state, "b1", "a1")
    morale = events(state, "morale")[-1]
    assert morale["rating"] == 5 and morale["total"] == 20 and morale["success"]


def test_command_range_is_six_squares_or_line_of_sight():
    """E19: the Cleric of Dol Arrah commands soldiers in sight or within 6, but not the dwarf out of sight and
    farther than 6."""
    rows = ["." * 12] * 5 + ["#########..."] + ["." * 12] * 6
    cleric = creature("Cleric of Dol Arrah", commander=4)
    soldiers = [creature("Soldier of Thrane") for _ in range(3)]
    dwarf = creature("Dwarven rider")
    state, _ = battle([cleric, *soldiers, dwarf], [creature()], [(8, 3), (0, 0), (7, 7), (5, 4), (0, 11)],
                      [(11, 11)], rows=rows)
    c = state.creatures
    assert state.wall_distance(c["a1"], c["a2"], 20) == 9 and command.in_command(state, c["a2"])  # far, but in sight
    assert not state.map.grid.los(c["a1"].squares(), c["a3"].squares())
    assert state.wall_distance(c["a1"], c["a3"]) <= 6 and command.in_command(state, c["a3"])  # 6 or less round a wall
    assert command.in_command(state, c["a4"])
    assert not command.in_command(state, c["a5"])  # out of sight and farther than 6


def test_a_difficult_creature_needs_a_commander_of_at_least_its_rating():
    """E11: a Minotaur (Difficult 4) is commanded only by Commander 4 or higher."""
    minotaur = creature("Minotaur", difficult=4)
    low, high = creature("Sergeant", commander=3), creature("General", commander=4)
    state, _ = battle([minotaur, low], [creature()], [(3, 3), (4, 3)], [(11, 11)])
    assert not command.in_command(state, state.creatures["a1"])
    state, _ = battle([minotaur, high], [creature()], [(3, 3), (4, 3)], [(11, 11)])
    assert command.in_command(state, state.creatures["a1"])


def test_beastmaster_commands_animals_of_its_level_but_not_an_owlbear():
    """E12: Beastmaster 2 commands Hyenas and Wolves (Level 2), not an Owlbear (Level 5, Difficult)."""
    druid = creature("Druid", commander=2, abilities=[AbilitySpec("Beastmaster", param="2")])
    wolf = creature("Wolf", level=2, wild=True, creature_type="Animal")
    owlbear = creature("Owlbear", level=5, difficult=6, creature_type="Magical Beast")
    state, _ = battle([druid, wolf, owlbear], [creature()], [(3, 3), (4, 3), (5, 5)], [(11, 11)])
    assert command.in_command(state, state.creatures["a2"])
    assert not command.in_command(state, state.creatures["a3"])


def test_a_wild_creature_is_never_in_command():
    state, _ = battle([creature(wild=True), creature(commander=5)], [creature()], [(3, 3), (4, 3)], [(11, 11)])
    assert not command.in_command(state, state.creatures["a1"])


def test_a_routing_commander_commands_no_one_and_adds_nothing_to_initiative():
    state, _ = battle([creature(commander=5), creature()], [creature()], [(3, 3), (4, 3)], [(11, 11)])
    cmdr = state.creatures["a1"]
    assert command.in_command(state, state.creatures["a2"]) and setup.best_rating(state, 0, active_only=True) == 5
    cmdr.routing = True
    assert not command.in_command(state, state.creatures["a2"])
    assert setup.best_rating(state, 0, active_only=True) is None
    assert command.morale_rating(state, cmdr) == 5  # but its own morale saves still add its rating


def test_a_routing_creature_in_command_rallies_and_does_nothing_else():
    state, _ = battle([creature(level=10), creature(commander=5)], [creature()], [(3, 3), (4, 3)], [(11, 11)], [6])
    state.creatures["a1"].routing = True
    state.apply(Activate("a1"))
    assert events(state, "rally") and not state.creatures["a1"].routing
    assert state.turn is None


def test_a_routing_creature_out_of_command_cannot_rally_and_flees():
    state, _ = battle([creature(speed=4), creature()], [creature()], [(6, 3), (9, 9)], [(11, 11)],
                      exit_a=EXIT_A, exit_b=EXIT_B)
    state.creatures["a1"].routing = True
    state.apply(Activate("a1"))
    assert (not events(state, "morale") and state.creatures["a1"].anchor == (0, 3)) or \
        state.creatures["a1"].place == "eliminated"
    assert events(state, "flee")


def test_a_commander_effect_helps_followers_in_range_but_not_the_commander():
    cmdr = creature("Captain", commander=3, abilities=[AbilitySpec("Commander Effect", kind="commander-effect",
                                                                    text="Followers gain melee attack +2.")])
    state, _ = battle([cmdr, creature()], [creature(ac=5)], [(3, 3), (4, 4)], [(5, 5)])
    a1, a2, b1 = (state.creatures[k] for k in ("a1", "a2", "b1"))
    assert command.ce_bonus(state, a2, ["melee_attack"], b1) == 2
    assert command.ce_bonus(state, a1, ["melee_attack"], b1) == 0


def test_commander_effects_to_the_same_statistic_do_not_stack():
    ce = AbilitySpec("Commander Effect", kind="commander-effect", text="Followers gain melee attack +2.")
    ce3 = AbilitySpec("Commander Effect", kind="commander-effect", text="Followers gain attack +3.")
    state, _ = battle([creature(commander=3, abilities=[ce]), creature(commander=3, abilities=[ce3]), creature()],
                      [creature()], [(3, 3), (3, 4), (4, 4)], [(11, 11)])
    assert command.ce_bonus(state, state.creatures["a3"], ["attack", "melee_attack"]) == 3


def test_an_attack_bonus_against_larger_creatures_applies_only_to_larger_targets():
    ce = AbilitySpec("Commander Effect", kind="commander-effect", text="Attack +2 against larger creatures.")
    halfling = creature("Halfling", size="Small")
    state, _ = battle([creature(commander=3, abilities=[ce]), halfling], [creature(), creature(size="Small")],
                      [(3, 3), (4, 4)], [(8, 8), (10, 10)])
    a2, b1, b2 = state.creatures["a2"], state.creatures["b1"], state.creatures["b2"]
    assert command.ce_bonus(state, a2, ["attack"], b1) == 2
    assert command.ce_bonus(state, a2, ["attack"], b2) == 0


def test_countersong_switches_off_enemy_commander_effects_nearby():
    ce = AbilitySpec("Commander Effect", kind="commander-effect", text="Followers gain melee attack +2.")
    bard = creature("Bard", abilities=[AbilitySpec("Countersong")])
    state, _ = battle([creature(commander=3, abilities=[ce]), creature()], [bard], [(3, 3), (4, 4)], [(6, 6)])
    assert command.ce_bonus(state, state.creatures["a2"], ["melee_attack"]) == 0


def test_cowardly_creatures_rout_when_an_ally_falls_with_no_active_ally_near():
    coward = creature("Kobold", abilities=[AbilitySpec("Cowardly")], speed=4)
    state, _ = battle([creature(hp=5), coward], [creature(bonus=10, damage=10)], [(3, 3), (10, 3)], [(4, 3)],
                      [15, 1], first=1, exit_a=EXIT_A, exit_b=EXIT_B)  # 1: an AoO as it runs past the enemy
    hit_to(state, "b1", "a1")
    assert state.creatures["a2"].routing and events(state, "cowardly")


def test_willing_to_follow_lets_a_commander_benefit_from_another_commanders_effect():
    ce = AbilitySpec("Commander Effect", kind="commander-effect", text="Followers gain melee attack +2.")
    follower_cmdr = creature("Harmonium Guard", commander=1, abilities=[AbilitySpec("Willing to Follow")])
    plain_cmdr = creature("Sergeant", commander=1)
    state, _ = battle([creature(commander=5, abilities=[ce]), follower_cmdr, plain_cmdr], [creature()],
                      [(3, 3), (4, 4), (4, 2)], [(11, 11)])
    assert command.ce_bonus(state, state.creatures["a2"], ["melee_attack"]) == 2
    assert command.ce_bonus(state, state.creatures["a3"], ["melee_attack"]) == 0


# --- routing during one's own turn (§11.6; seed 003 "Co Może Zrobić Uciekająca Istota", seed 000 "Amit a menekülő
# lények tehetnek") --------------------------------------------------------------------------------------------

def test_routing_ends_its_turn_when_an_attack_of_opportunity_routs_it_as_it_moves():
    """Routed by the attack of opportunity its own move provoked, it flees at once and does nothing more."""
    state, dice = battle([creature(hp=30, level=1, speed=2), creature()], [creature(bonus=10, damage=20)],
                         [(5, 5), (0, 11)], [(6, 5)], [15, 2], exit_a=EXIT_A, exit_b=EXIT_B)
    state.apply(Activate("a1"))
    state.apply(Move(((4, 5),)))
    a1 = state.creatures["a1"]
    assert a1.routing and a1.anchor is not None and a1.anchor[0] == 1 and events(state, "flee")  # 4 squares west
    assert state.turn is None and state.stage == "activate"  # its turn ended by itself
    assert dice.remaining == []


def test_routing_ends_its_turn_when_a_death_burst_it_set_off_routs_it():
    """It destroys a creature with Death Burst, the burst drops it below half and it routs: its second attack
    (a full attack) is gone with the rest of its turn."""
    burster = creature("Chraal", hp=5, abilities=[AbilitySpec("Death Burst", text="10 fire damage; DC 15")])
    twin = creature("Twin Blades", hp=18, level=1, speed=2, attacks=(
        AttackSpec("melee", 5, 10), AttackSpec("melee", 5, 10)))
    state, dice = battle([twin, creature()], [burster, creature()], [(5, 5), (0, 11)], [(6, 5), (11, 11)],
                         [15, 2, 2], exit_a=EXIT_A, exit_b=EXIT_B)
    state.apply(Activate("a1"))
    state.apply(Attack(0, "b1"))
    assert state.creatures["b1"].place == "eliminated" and events(state, "death-burst")
    assert state.creatures["a1"].routing
    assert state.turn is None and dice.remaining == []


def test_routing_ends_its_turn_when_spiker_barbs_rout_it():
    barbed = creature("Spiked Devil", ac=18, abilities=[AbilitySpec("Spiker Barbs", param="5")])
    twin = creature("Twin Blades", hp=8, level=1, speed=2, attacks=(
        AttackSpec("melee", 5, 10), AttackSpec("melee", 5, 10)))
    state, dice = battle([twin, creature()], [barbed], [(5, 5), (0, 11)], [(6, 5)], [2, 2],
                         exit_a=EXIT_A, exit_b=EXIT_B)
    state.apply(Activate("a1"))
    state.apply(Attack(0, "b1"))  # a miss: the barbs deal 5, below half, and the morale save fails
    assert state.creatures["a1"].routing and state.turn is None and dice.remaining == []


def test_the_enemy_that_caused_a_rout_gets_no_attack_of_opportunity_that_turn_but_may_in_a_later_one():
    """§8.6, §11.6: "that turn". Seed 003 says "w tej samej rundzie" (the same round), seed 000 "abban a
    fordulóban" (in that turn), as the English book; the round is read as a slip (docs/rules-choices.md).
    Routed in the enemy's turn, it flees past the enemy without an attack of opportunity; fleeing on in its own
    turn, later in the same round, it provokes one."""
    state, dice = battle([creature(hp=30, level=1, speed=1), creature()], [creature(bonus=10, damage=20)],
                         [(5, 5), (0, 11)], [(4, 4)], [15, 2, 15], first=1, exit_a=EXIT_A, exit_b=EXIT_B)
    hit_to(state, "b1", "a1")
    a1 = state.creatures["a1"]
    assert a1.routing and a1.anchor == (3, 4) and events(state, "aoo") == []  # still next to b1
    state.apply(EndTurn())
    state.apply(Activate("a1"))  # the same round: it cannot rally (no commander) and flees on
    assert events(state, "aoo") == [events(state, "aoo")[0]] and events(state, "aoo")[0]["attacker"] == "b1"
    assert a1.place == "eliminated" and dice.remaining == []


# --- Tyrannical Morale (§11.5, §15.2; glossary *Tyrannical Morale*) --------------------------------------------

TYRANT = AbilitySpec("Commander Effect", kind="commander-effect", text="Tyrannical Morale +4")


def test_tyrannical_morale_adds_its_bonus_to_a_morale_save_that_would_fail():
    state, _ = battle([creature(hp=30, level=3), creature("Tyrant", commander=5, abilities=[TYRANT])],
                      [creature(bonus=10, damage=20)], [(3, 3), (3, 5)], [(4, 3)], [15, 10], first=1)
    hit_to(state, "b1", "a1")
    morale = events(state, "morale")[-1]
    assert morale["tyrannical"] == 4 and morale["total"] == 10 + 3 + 5 + 4 and morale["success"]
    assert not state.creatures["a1"].routing


def test_tyrannical_morale_destroys_instead_of_routing_for_the_enemys_points():
    state, _ = battle([creature(hp=30, level=3, cost=17), creature("Tyrant", commander=5, abilities=[TYRANT])],
                      [creature(bonus=10, damage=20)], [(3, 3), (3, 5)], [(4, 3)], [15, 3], first=1)
    hit_to(state, "b1", "a1")
    a1 = state.creatures["a1"]
    assert not events(state, "rout") and a1.place == "eliminated" and a1.eliminated_how == "destroyed"
    assert state.players[1].vp == 17 and state.creatures["b1"].kills == 1


def test_tyrannical_morale_is_not_given_where_it_changes_nothing_but_the_price_of_a_natural_one():
    """A save that fails only on a natural 1 keeps its rout: the bonus would only make that 1 fatal."""
    state, _ = battle([creature(hp=30, level=13), creature("Tyrant", commander=5, abilities=[TYRANT])],
                      [creature(bonus=10, damage=20)], [(3, 3), (3, 5)], [(4, 3)], [15, 1], first=1,
                      exit_a=EXIT_A, exit_b=EXIT_B)
    hit_to(state, "b1", "a1")
    assert "tyrannical" not in events(state, "morale")[-1] and state.creatures["a1"].routing
