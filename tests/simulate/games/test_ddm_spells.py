"""Spells (``ddm.md`` §12, E7–E9) and special abilities used as actions or on hits (§13, §17)."""

from __future__ import annotations

from simulate.games.ddm import Activate, Attack, Cast, EndTurn, UseAbility
from simulate.games.ddm_cards import AbilitySpec
from tests.simulate.games.ddm_helpers import battle, creature, events
from tests.simulate.printed import spell_entry, spell_list

FLAME_STRIKE = spell_entry("flame strike □ (sight; radius 2; 30 fire damage; DC 16)", 4)


def casts(state):
    return [a for a in state.legal_actions() if isinstance(a, Cast)]


def test_the_spell_notation_is_read_into_its_parts():
    assert (FLAME_STRIKE.name, FLAME_STRIKE.uses, FLAME_STRIKE.range, FLAME_STRIKE.radius, FLAME_STRIKE.damage,
            FLAME_STRIKE.damage_type, FLAME_STRIKE.dc) == ("flame strike", 1, "sight", 2, 30, "fire", 16)
    spells = spell_list("1st—command ❑❑ (range 6; Stun; DC 13), shield of faith ❑ (touch; +2 AC); "
                              "2nd—major resistance ❑❑ (touch; Save +3).")
    assert [(s.name, s.spell_level, s.uses) for s in spells] == [
        ("command", 1, 2), ("shield of faith", 1, 1), ("major resistance", 2, 2)]


def test_flame_strike_hits_every_creature_in_its_radius_and_a_save_halves():
    """E7: 30 fire damage, or 15 on a successful DC 16 save (1d20 + Level)."""
    lion = creature("Lion of Talisid", spells=[FLAME_STRIKE])
    near, beside, far = creature(hp=50, level=3), creature(hp=50, level=3), creature(hp=50, level=3)
    # b1 fails its save (2 + 3) and, below half, makes a morale save (20); b2 saves (15 + 3)
    state, dice = battle([lion], [near, beside, far], [(0, 5)], [(6, 5), (7, 6), (11, 11)], [2, 20, 15])
    state.apply(Activate("a1"))
    options = casts(state)
    assert {a.target for a in options} == {"b1"} and len(options) == 4  # the hole may sit 4 ways around b1
    state.apply(Cast(0, "b1", 6, 5))
    c = state.creatures
    assert (c["b1"].hp, c["b2"].hp, c["b3"].hp) == (20, 35, 50)
    assert c["a1"].uses["spell:0"] == 0 and dice.remaining == []


def test_magic_missile_targets_the_nearest_enemy_and_ignores_damage_reduction():
    mage = creature("Evoker's Apprentice", spells=spell_list("1st—magic missile ❑ (sight; 5 damage)."))
    tough = creature(hp=30, abilities=[AbilitySpec("DR", param="5")])
    state, _ = battle([mage], [tough, creature()], [(0, 5)], [(5, 5), (11, 11)])
    state.apply(Activate("a1"))
    assert [(a.spell, a.target) for a in casts(state)] == [(0, "b1")]
    state.apply(casts(state)[0])
    assert state.creatures["b1"].hp == 25


def test_only_touch_spells_while_an_enemy_threatens_the_caster():
    cleric = creature("Cleric", spells=spell_list(
        "1st—magic missile ❑ (sight; 5 damage), cure light wounds ❑❑ (touch; heal 5 hp)."))
    state, _ = battle([cleric], [creature()], [(3, 3)], [(4, 3)])
    state.creatures["a1"].hp = 20
    state.apply(Activate("a1"))
    assert {(a.spell, a.target) for a in casts(state)} == {(1, "a1")}


def test_healing_never_raises_hp_above_the_start():
    cleric = creature("Cleric", spells=spell_list("1st—cure light wounds ❑❑ (touch; heal 5 hp)."))
    state, _ = battle([cleric, creature(hp=30)], [creature()], [(3, 3), (4, 3)], [(11, 11)])
    state.creatures["a2"].hp = 27
    state.apply(Activate("a1"))
    state.apply(Cast(0, "a2"))
    assert state.creatures["a2"].hp == 30


def test_healing_hurts_undead_who_save_for_half():
    cleric = creature("Cleric", spells=spell_list("2nd—cure moderate wounds ❑ (touch; heal 10 hp)."))
    # the engine offers healing to allies only; an undead ally takes the damage (and saves for half)
    state, _ = battle([cleric, creature(hp=30, creature_type="Undead")], [creature()], [(3, 3), (4, 3)],
                      [(11, 11)], [1])
    state.apply(Activate("a1"))
    state.apply(Cast(0, "a2"))
    assert state.creatures["a2"].hp == 20


def test_different_spells_stack_and_the_same_spell_does_not():
    """E8: magic weapon (+1) and bless (+1) give +2; a second magic weapon adds nothing."""
    spells = spell_list("1st—bless ❑ (your warband; attack +1), magic weapon ❑❑ (touch; attack +1, ignore DR).")
    cleric = creature("Cleric of Corellon Larethian", spells=spells)
    state, _ = battle([cleric, creature()], [creature()], [(3, 3), (4, 3)], [(11, 11)], [20, 1] * 3)
    fighter = state.creatures["a2"]
    from simulate.games.ddm import ChooseFirstPlayer, EndTurn

    def cast_and_pass(action):
        state.apply(Activate("a1"))
        state.apply(action)
        state.apply(EndTurn())
        state.apply(Activate("a2"))
        state.apply(EndTurn())
        state.apply(Activate("b1"))
        state.apply(EndTurn())

    cast_and_pass(Cast(0, ""))
    state.apply(ChooseFirstPlayer(0))  # round 2
    cast_and_pass(Cast(1, "a2"))
    assert fighter.effect_total("attack") == 2
    state.apply(ChooseFirstPlayer(0))  # round 3
    cast_and_pass(Cast(1, "a2"))
    assert fighter.effect_total("attack") == 2


def test_bears_endurance_raises_hp_above_the_start_but_not_the_morale_threshold():
    """E9 and §10.5: the half-HP trigger still uses the starting value."""
    spell = spell_entry("bear's endurance □ (touch; a living creature gets +10 hp)", 2)
    state, _ = battle([creature(spells=[spell], hp=30)], [creature(bonus=10, damage=25)], [(3, 3)], [(8, 8)],
                      [15, 20, 1])  # the attack, then round 2's initiative
    from simulate.games.ddm import EndTurn, Move
    state.apply(Activate("a1"))
    state.apply(Cast(0, "a1"))
    state.apply(EndTurn())
    assert state.creatures["a1"].hp == 40
    state.apply(Activate("b1"))
    state.apply(Move(((7, 7), (6, 6), (5, 5), (4, 4))))
    state.apply(Attack(0, "a1"))
    assert state.creatures["a1"].hp == 15 and events(state, "morale") == []  # 15 is not below half of 30


def test_hold_person_paralyses_a_humanoid_that_fails_its_save():
    spells = spell_list("2nd—hold person ❑❑ (sight; Humanoids only, Paralysis; DC 14).")
    state, _ = battle([creature(spells=spells)], [creature(level=3)], [(0, 0)], [(6, 6)], [5])
    state.apply(Activate("a1"))
    state.apply(casts(state)[0])
    assert state.creatures["b1"].helpless
    state, _ = battle([creature(spells=spells)], [creature(creature_type="Undead")], [(0, 0)], [(6, 6)])
    state.apply(Activate("a1"))
    assert casts(state) == []  # the nearest enemy is not a Humanoid


def test_command_stuns_and_spell_resistance_can_shrug_it_off():
    spells = spell_list("1st—command ❑❑ (range 6; Stun; DC 13).")
    archon = creature("Hound Archon", abilities=[AbilitySpec("Spell Resistance", param="11")])
    state, _ = battle([creature(spells=spells)], [archon], [(0, 0)], [(4, 4)], [10])
    state.apply(Activate("a1"))
    state.apply(casts(state)[0])
    assert not state.creatures["b1"].stunned and events(state, "spell-resistance")[-1]["affected"] is False
    state, _ = battle([creature(spells=spells)], [creature(level=1)], [(0, 0)], [(4, 4)], [3])
    state.apply(Activate("a1"))
    state.apply(casts(state)[0])
    assert state.creatures["b1"].stunned


def test_dimension_door_places_the_creature_anywhere_it_can_see():
    spells = spell_list("4th—dimension door (unlimited uses) (self; place this creature in any space it "
                              "can see at least part of).")
    rows = [".....", ".....", "#####", "....."]
    state, _ = battle([creature(spells=spells)], [creature()], [(0, 0)], [(4, 3)], rows=rows)
    state.apply(Activate("a1"))
    targets = {(a.x, a.y) for a in casts(state)}
    assert (4, 1) in targets and (0, 3) not in targets
    state.apply(Cast(0, "", 4, 1))
    assert state.creatures["a1"].anchor == (4, 1)


def test_turn_undead_makes_the_nearest_undead_save_despite_fearless():
    cleric = creature("Cleric of Order", abilities=[AbilitySpec("Turn Undead", param="4", uses=1)])
    mummy = creature("Zombie", creature_type="Undead", level=3)
    state, _ = battle([cleric], [mummy], [(0, 0)], [(5, 5)], [2], exit_b=[(11, y) for y in range(12)])
    state.apply(Activate("a1"))
    state.apply(UseAbility("turn undead", "b1"))
    assert state.creatures["b1"].routing or state.creatures["b1"].place == "eliminated"
    assert events(state, "morale")[-1]["success"] is False


def test_stunning_attack_stuns_a_creature_that_fails_its_save():
    monk = creature("Monk", abilities=[AbilitySpec("Stunning Attack", param="DC 15", uses=2)])
    state, _ = battle([monk], [creature(ac=5, hp=50, level=1)], [(3, 3)], [(4, 3)], [10, 4])
    state.apply(Activate("a1"))
    state.apply(Attack(0, "b1", ("stunning",)))
    assert state.creatures["b1"].stunned and state.creatures["a1"].uses["stunning"] == 1


def test_cleave_follows_a_kill_with_an_attack_on_another_adjacent_enemy():
    axe = creature("Dwarf Axefighter", bonus=7, damage=10, abilities=[AbilitySpec("Cleave")])
    state, _ = battle([axe], [creature(ac=5, hp=10), creature(ac=5, hp=30)], [(3, 3)], [(4, 3), (2, 3)],
                      [10, 10])
    state.apply(Activate("a1"))
    state.apply(Attack(0, "b1"))
    assert state.creatures["b1"].place == "eliminated" and state.creatures["b2"].hp == 20
    assert events(state, "cleave")


def test_death_burst_damages_the_creatures_around_it():
    burster = creature("Chraal", hp=5, abilities=[AbilitySpec("Death Burst", text="radius 2; cold 10; DC 15")])
    state, _ = battle([creature(bonus=10, hp=40), creature(hp=40)], [burster], [(3, 3), (3, 4)], [(4, 3)],
                      [15, 1, 1])
    state.apply(Activate("a1"))
    state.apply(Attack(0, "b1"))
    assert state.creatures["a1"].hp == 30 and state.creatures["a2"].hp == 30


def test_level_drain_weakens_the_victim_and_feeds_the_drainer():
    wight = creature("Wight", abilities=[AbilitySpec("Level Drain")], hp=30)
    state, _ = battle([wight], [creature(ac=5, hp=50)], [(3, 3)], [(4, 3)], [10])
    state.apply(Activate("a1"))
    state.apply(Attack(0, "b1"))
    assert state.creatures["b1"].level_drain == 1 and state.creatures["a1"].hp == 35


def test_a_confused_creature_rolling_low_fights_for_the_opponent_this_turn():
    """Glossary *Confusion*: 1-5 a random opponent controls it; 6-15 it does nothing; 16-20 normal."""
    state, _ = battle([creature(), creature(ac=5)], [creature()], [(3, 3), (4, 3)], [(11, 11)], [3])
    state.creatures["a1"].confused_dc = 30
    state.apply(Activate("a1"))
    assert state.current_player() == 1
    assert {a.target for a in state.legal_actions() if isinstance(a, Attack)} == {"a2"}
    state, _ = battle([creature()], [creature()], [(3, 3)], [(11, 11)], [10, 1])
    state.creatures["a1"].confused_dc = 30
    state.apply(Activate("a1"))
    assert state.turn is None and events(state, "confusion")[-1]["effect"] == "does-nothing"


# --- heal against the Undead (§10.5; glossary *heal*; seed 003 "uzdrawianie") --------------------------------

CURE = "2nd—cure moderate wounds ❑ (touch; heal 10 hp)."


def test_heal_may_be_aimed_at_an_enemy_undead_which_saves_for_half():
    """heal [#] deals # damage to an Undead, which saves for half (DC 12 + the spell's level): an enemy mummy
    next to the cleric may be its target."""
    cleric = creature("Cleric", spells=spell_list(CURE))
    state, dice = battle([cleric], [creature("Mummy", hp=40, level=2, creature_type="Undead")], [(3, 3)], [(4, 3)],
                         [12])
    state.apply(Activate("a1"))
    assert Cast(0, "b1") in casts(state)
    state.apply(Cast(0, "b1"))
    save = events(state, "save")[-1]
    assert (save["purpose"], save["dc"], save["total"], save["success"]) == ("heal-vs-undead", 14, 14, True)
    assert state.creatures["b1"].hp == 35 and dice.remaining == []  # 10, halved to 5


def test_heal_on_an_allied_undead_is_damage_with_a_save_for_half():
    cleric = creature("Cleric", spells=spell_list(CURE))
    state, _ = battle([cleric, creature(hp=30, level=2, creature_type="Undead")], [creature()], [(3, 3), (4, 3)],
                      [(11, 11)], [12])
    state.apply(Activate("a1"))
    state.apply(Cast(0, "a2"))
    assert events(state, "save")[-1]["success"] and state.creatures["a2"].hp == 25


def test_a_ranged_heal_reaches_the_nearest_enemy_only_if_it_is_undead():
    spells = spell_list("2nd—healing ray ❑ (range 6; heal 10 hp).")
    state, _ = battle([creature(spells=spells)], [creature("Zombie", creature_type="Undead"), creature()],
                      [(3, 3)], [(5, 3), (9, 3)])
    state.apply(Activate("a1"))
    assert {a.target for a in casts(state)} == {"b1"}
    state, _ = battle([creature(spells=spells)], [creature(), creature("Zombie", creature_type="Undead")],
                      [(3, 3)], [(5, 3), (9, 3)])
    state.apply(Activate("a1"))
    assert casts(state) == []  # the nearest enemy is alive and there is no wounded ally... nor any ally


# --- poison (glossary *Poison*; §15.2) -------------------------------------------------------------------------

VIPER = creature("Viper", bonus=10, damage=5, abilities=[AbilitySpec("Poison", text="5 damage each activation; DC 14")])


def test_a_poisoned_attack_poisons_a_creature_that_fails_its_save_for_five_damage_each_activation():
    """Two Vipers poison it with the same poison: identical poison effects do not stack."""
    state, dice = battle([creature(hp=60, level=3), creature()], [VIPER, VIPER], [(3, 3), (0, 11)], [(4, 3), (4, 4)],
                         [15, 5, 15, 5], first=1)
    for viper in ("b1", "b2"):
        state.apply(Activate(viper))
        state.apply(Attack(0, "a1"))  # hit (5 damage), save 5 + 3 fails
        state.apply(EndTurn())
    a1 = state.creatures["a1"]
    assert a1.poison == 5 and a1.poisoned_by == "b2" and a1.hp == 50
    state.apply(Activate("a1"))
    assert events(state, "poison")[-1]["amount"] == 5 and a1.hp == 45 and dice.remaining == []


def test_a_creature_eliminated_by_poison_gives_its_points_to_the_poisoner():
    state, _ = battle([creature(hp=10, level=1, cost=9), creature()], [VIPER], [(3, 3), (0, 11)], [(4, 3)],
                      [15, 2, 20], first=1)
    state.apply(Activate("b1"))
    state.apply(Attack(0, "a1"))  # 5 damage (morale save at 5 of 10: a natural 20)
    state.apply(EndTurn())
    state.apply(Activate("a1"))  # 5 poison damage at the start of its turn
    a1 = state.creatures["a1"]
    assert a1.place == "eliminated" and state.players[1].vp == 9 and state.creatures["b1"].kills == 1


def test_a_spell_with_the_poison_keyword_poisons_a_creature_that_fails_its_save():
    spells = spell_list("2nd—poison touch ❑ (touch; poison; DC 14).")
    state, _ = battle([creature(spells=spells)], [creature(level=2), creature()], [(3, 3)], [(4, 3), (11, 11)], [3])
    state.apply(Activate("a1"))
    state.apply(Cast(0, "b1"))
    assert state.creatures["b1"].poison == 5
    state, _ = battle([creature(spells=spells)], [creature("Golem", creature_type="Construct")], [(3, 3)], [(4, 3)])
    state.apply(Activate("a1"))
    state.apply(Cast(0, "b1"))
    assert state.creatures["b1"].poison == 0  # immune: no save rolled either


def test_a_save_that_halves_a_spells_damage_also_avoids_its_condition():
    """§10.6: a success halves damage and avoids the rest of the effect."""
    spells = spell_list("3rd—thunder strike ❑ (sight; 20 sonic damage, Stun; DC 15).")
    state, _ = battle([creature(spells=spells)], [creature(hp=50, level=3)], [(0, 0)], [(6, 6)], [15])
    state.apply(Activate("a1"))
    state.apply(casts(state)[0])
    assert state.creatures["b1"].hp == 40 and not state.creatures["b1"].stunned
    state, _ = battle([creature(spells=spells)], [creature(hp=50, level=3)], [(0, 0)], [(6, 6)], [2])
    state.apply(Activate("a1"))
    state.apply(casts(state)[0])
    assert state.creatures["b1"].hp == 30 and state.creatures["b1"].stunned
