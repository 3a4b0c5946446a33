"""Powers used as an action ("Minor action: ...", "Replaces move action: ...", "Move action: ..."): the subject phrase
read once (count, side, kinds, distance, a state it is in now: '1 enemy within 5 squares taking ongoing cold damage',
'an adjacent Construct or Object ally', '1 ally within line of sight of it'), the one creature a later clause calls
'that ally', a move 'with Flight' or 'with Burrow', and the heuristic player using such a power when it changes
something now. Each power is first checked to be on the card and played, then played in a battle with set
positions and dice."""

from __future__ import annotations

from typing import Any

import pytest

from simulate.games import ddm_guild_apply as FX
from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_judge as J
from simulate.games import ddm_guild_moves as MV
from simulate.games import ddm_guild_triggers as TR
from simulate.games.ddm_guild import GuildAttack, GuildEndTurn, GuildGame, GuildMove, GuildPower, GuildState
from simulate.games.ddm_guild_ai import GuildHeuristicPolicy
from simulate.games.ddm_guild_board import gap
from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from simulate.games.ddm_guild_state import Fighter
from simulate.games.ddm_guild_vocab import Filter
from tests.simulate.test_ddm_guild_rules import OPEN, SWORD, PurposeDice, battle, card, put, turn_of

FREEZE_RAY = "Freeze Ray: Minor action: 1 enemy within 5 squares taking ongoing cold damage is Weakened."
PARALYTIC = ("Paralytic Poison: Minor action; 1 enemy taking ongoing poison damage within 5 squares of this creature "
             "takes 5 poison Damage and is Slowed.")
FESTERING = ("Festering Necrosis: Replaces attack action: Each enemy taking ongoing necrotic damage is Weakened "
             "(save ends).")
REPAIR = "Repair Damage: Minor action: An adjacent Construct or Object ally heals 25 HP."
LAY_ON_HANDS = "Lay on Hands 20: Minor action; adjacent ally heals 20 HP."
LAY_ON_CLAWS = "Lay on Claws: Minor action: Heal an adjacent ally 10 HP."
REVITALIZE = ("Revitalize: Minor action: 1 ally within 5 squares of this creature heals 15 HP. End 1 effect or "
              "condition on that ally.")
BARK_ORDERS = ("Bark Orders: Replaces attack action: 1 ally within line of sight of this creature shifts 1 "
               "square.")
LEAP = "Telekinetic Leap: Replaces move action: Move up to its current speed as with Flight."
EARTHGLIDE = "Earthglide: Move action: Move up to its current speed with Burrow."
INVISIBLE = "Greater Invisibility: Minor action: Invisible until ittakes damage."

# a pit across the map but for its last row: (5, 0) to (5, 6) is a pit, (5, 7) open ground
PIT_LINE = {**OPEN, "slug": "test-pit-line", "name": "A long pit", "rows": ["....." + "p" + "......"] * 7 + ["." * 12]}
WALL_LINE = {**OPEN, "slug": "test-wall-line", "name": "A long wall", "rows": ["....." + "#" + "......"] * 7
             + ["." * 12]}


def _on(f: Fighter, name: str) -> int:
    return next(p.index for p in f.powers if p.name == name)


def _ongoing(s: GuildState, f: Fighter, dtype: str) -> None:
    FX.add_active(s.b, f, "ongoing", dtype, 5, "save", s.b.by_id["a1"], Filter())


@pytest.mark.parametrize("text", [FREEZE_RAY, PARALYTIC, FESTERING, REPAIR, LAY_ON_HANDS, LAY_ON_CLAWS, REVITALIZE,
                                  BARK_ORDERS, LEAP, EARTHGLIDE, INVISIBLE])
def test_the_action_powers_are_read_and_played(text: str) -> None:
    c = card_from_json(card("Any", SWORD, text))
    assert len(c.powers) == 2 and c.powers[1].action in ("minor", "move", "attack"), text
    assert unplayed_powers(c) == [], text


def test_freeze_ray_weakens_only_the_enemy_taking_ongoing_cold_damage() -> None:
    s = battle([card("Eye of Frost", SWORD, FREEZE_RAY)],
               [card("Burning", SWORD), card("Frozen", SWORD), card("Far", SWORD)], PurposeDice())
    put(s, "a1", 2, 3)
    put(s, "b1", 4, 3)  # nearest, but its ongoing damage is fire
    put(s, "b2", 5, 5)
    put(s, "b3", 9, 3)  # cold, but 6 squares away
    burning, frozen, far = (s.b.by_id[x] for x in ("b1", "b2", "b3"))
    _ongoing(s, burning, "fire")
    _ongoing(s, frozen, "cold")
    _ongoing(s, far, "cold")
    turn_of(s, "a1")
    eye = s.b.by_id["a1"]
    s.apply(GuildPower(_on(eye, "Freeze Ray")))
    assert [f.has("weakened") for f in (burning, frozen, far)] == [False, True, False]
    assert not eye.minor_action


def test_paralytic_poison_damages_and_slows_the_same_poisoned_enemy() -> None:
    s = battle([card("Pureblood", SWORD, PARALYTIC)], [card("Near", SWORD), card("Poisoned", SWORD)], PurposeDice())
    put(s, "a1", 2, 3)
    put(s, "b1", 3, 3)
    put(s, "b2", 6, 3)
    near, poisoned = s.b.by_id["b1"], s.b.by_id["b2"]
    _ongoing(s, poisoned, "poison")
    pure = s.b.by_id["a1"]
    TR.apply_power(s.b, pure, pure.powers[1], J.Ctx(pure))
    assert (near.hp, near.has("slowed")) == (50, False)
    assert (poisoned.hp, poisoned.has("slowed")) == (45, True)


def test_festering_necrosis_weakens_each_enemy_taking_ongoing_necrotic_damage() -> None:
    s = battle([card("Harbinger", SWORD, FESTERING)], [card(f"E{i}", SWORD) for i in range(3)], PurposeDice())
    for i, x in enumerate((6, 8, 10)):
        put(s, f"b{i + 1}", x, 1)
    put(s, "a1", 1, 1)
    e1, e2, e3 = (s.b.by_id[f"b{i}"] for i in (1, 2, 3))
    _ongoing(s, e1, "necrotic")
    _ongoing(s, e3, "necrotic")
    h = s.b.by_id["a1"]
    TR.apply_power(s.b, h, h.powers[1], J.Ctx(h))
    assert [e.has("weakened") for e in (e1, e2, e3)] == [True, False, True]


def test_repair_damage_heals_only_an_adjacent_construct_ally() -> None:
    s = battle([card("Trobriand", SWORD, REPAIR), card("Golem", SWORD, keywords=("Construct",)),
                card("Soldier", SWORD), card("Far Golem", SWORD, keywords=("Construct",))],
               [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 3, 3)
    put(s, "a2", 4, 3)
    put(s, "a3", 3, 4)
    put(s, "a4", 8, 3)
    put(s, "b1", 10, 7)
    golem, soldier, far = (s.b.by_id[x] for x in ("a2", "a3", "a4"))
    for f in (golem, soldier, far):
        f.hp = 10
    t = s.b.by_id["a1"]
    TR.apply_power(s.b, t, t.powers[1], J.Ctx(t))
    assert (golem.hp, soldier.hp, far.hp) == (35, 10, 10)


@pytest.mark.parametrize("text, healed", [(LAY_ON_HANDS, 20), (LAY_ON_CLAWS, 10)])
def test_an_adjacent_ally_is_healed(text: str, healed: int) -> None:
    s = battle([card("Paladin", SWORD, text), card("Near", SWORD), card("Far", SWORD)], [card("Orc", SWORD)],
               PurposeDice())
    put(s, "a1", 3, 3)
    put(s, "a2", 4, 3)
    put(s, "a3", 7, 3)
    put(s, "b1", 10, 7)
    near, far = s.b.by_id["a2"], s.b.by_id["a3"]
    near.hp = far.hp = 5
    pal = s.b.by_id["a1"]
    TR.apply_power(s.b, pal, pal.powers[1], J.Ctx(pal))
    assert (near.hp, far.hp) == (5 + healed, 5)


def test_revitalize_heals_the_most_wounded_ally_and_ends_a_condition_on_that_ally() -> None:
    s = battle([card("Lillend", SWORD, REVITALIZE), card("Hurt", SWORD), card("Held", SWORD)],
               [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 3, 3)
    put(s, "a2", 5, 3)
    put(s, "a3", 3, 6)
    put(s, "b1", 10, 7)
    hurt, held = s.b.by_id["a2"], s.b.by_id["a3"]
    hurt.hp, held.hp = 20, 40
    orc = s.b.by_id["b1"]
    for f in (hurt, held):
        FX.add_active(s.b, f, "condition", "immobilized", 0, "save", orc, Filter())
    lil = s.b.by_id["a1"]
    TR.apply_power(s.b, lil, lil.powers[1], J.Ctx(lil))
    assert (hurt.hp, hurt.has("immobilized")) == (35, False)  # both on the same ally
    assert (held.hp, held.has("immobilized")) == (40, True)


def test_bark_orders_shifts_an_ally_it_sees_and_not_one_behind_a_wall() -> None:
    state = GuildGame().new_initial_state(
        lists=[{"name": "A", "creatures": [card("Fighter", SWORD, BARK_ORDERS), card("Hidden", SWORD),
                                           card("Seen", SWORD)]},
               {"name": "B", "creatures": [card("Orc", SWORD)]}],
        battle_map=WALL_LINE, dice=PurposeDice(), params={"format": "standard-200"})
    assert isinstance(state, GuildState)
    put(state, "a1", 3, 3)
    put(state, "a2", 7, 3)  # behind the wall: nearer the orc, but out of sight
    put(state, "a3", 2, 1)
    put(state, "b1", 10, 3)
    hidden, seen = state.b.by_id["a2"], state.b.by_id["a3"]
    fighter = state.b.by_id["a1"]
    TR.apply_power(state.b, fighter, fighter.powers[1], J.Ctx(fighter))
    assert hidden.pos == (7, 3)
    assert seen.pos != (2, 1)


def _crossing(battle_map: dict[str, Any], power: str) -> GuildState:
    state = GuildGame().new_initial_state(
        lists=[{"name": "A", "creatures": [card("Leaper", SWORD, *((power,) if power else ()), speed=6)]},
               {"name": "B", "creatures": [card("Guard", SWORD)]}],
        battle_map=battle_map, dice=PurposeDice(attack=[15] * 5), params={"format": "standard-200"})
    assert isinstance(state, GuildState)
    put(state, "a1", 3, 0)  # around the line's end is 7 squares and more
    put(state, "b1", 9, 0)
    turn_of(state, "a1")
    return state


@pytest.mark.parametrize("battle_map, power", [(PIT_LINE, LEAP), (WALL_LINE, EARTHGLIDE)])
def test_a_move_with_flight_or_burrow_crosses_what_a_walk_cannot(battle_map: dict[str, Any], power: str) -> None:
    walker = _crossing(battle_map, "")
    assert not any(sq[0] > 5 for sq in MV.reachable(walker.b, walker.b.by_id["a1"], 6))
    s = _crossing(battle_map, power)
    f = s.b.by_id["a1"]
    assert not any(sq[0] > 5 for sq in MV.reachable(s.b, f, 6))  # only for that move
    choice = GuildHeuristicPolicy(1, 0).choose(s, s.legal_actions())
    assert choice == GuildPower(1)  # the player leaps: its walk gets no nearer
    s.apply(choice)
    assert f.pos is not None and f.pos[0] > 5 and f.move_mode == ""
    assert not f.move_action and f.attack_action
    assert not any(sq[0] < 5 for sq in MV.reachable(s.b, f, 6))  # and walks as before after it


def test_the_player_uses_a_flying_leap_to_reach_an_attack() -> None:
    s = _crossing(PIT_LINE, LEAP)
    put(s, "b1", 7, 0)
    policy = GuildHeuristicPolicy(1, 0)
    assert policy.choose(s, s.legal_actions()) == GuildPower(1)
    s.apply(GuildPower(1))
    assert s.b.adjacent(s.b.by_id["a1"], s.b.by_id["b1"])


def test_the_player_heals_a_wounded_ally_before_attacking_and_not_an_unhurt_one() -> None:
    s = battle([card("Paladin", SWORD, LAY_ON_HANDS), card("Squire", SWORD)], [card("Orc", SWORD)],
               PurposeDice(attack=[15]))
    put(s, "a1", 3, 3)
    put(s, "a2", 3, 4)
    put(s, "b1", 4, 3)
    turn_of(s, "a1")
    policy = GuildHeuristicPolicy(1, 0)
    assert not isinstance(policy.choose(s, s.legal_actions()), GuildPower)  # no one is hurt
    s.b.by_id["a2"].hp = 20
    assert policy.choose(s, s.legal_actions()) == GuildPower(1)


def test_the_player_uses_a_minor_bonus_before_its_attack_and_not_after() -> None:
    bonus = "Battle Focus: Minor action: +10 damage until end of turn."
    s = battle([card("Fighter", SWORD, bonus)], [card("Orc", SWORD)], PurposeDice(attack=[15]))
    put(s, "a1", 3, 3)
    put(s, "b1", 4, 3)
    turn_of(s, "a1")
    policy = GuildHeuristicPolicy(1, 0)
    assert policy.choose(s, s.legal_actions()) == GuildPower(1)
    s.apply(GuildPower(1))
    s.apply(policy.choose(s, s.legal_actions()))
    assert s.b.by_id["b1"].hp == 30  # 10 + 10
    turn_of(s, "a1")
    fighter = s.b.by_id["a1"]
    fighter.attack_action = False  # its attack made
    assert policy.choose(s, s.legal_actions()) != GuildPower(1)


def test_the_player_turns_invisible_when_enemies_are_near() -> None:
    s = battle([card("Otto", SWORD, INVISIBLE)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 3, 3)
    put(s, "b1", 6, 3)
    turn_of(s, "a1")
    choice = GuildHeuristicPolicy(1, 0).choose(s, s.legal_actions())
    assert choice == GuildPower(1)
    s.apply(choice)
    assert s.b.by_id["a1"].has("invisible")


def test_the_player_does_not_move_its_creature_by_a_power_that_gets_it_no_nearer() -> None:
    s = _crossing(OPEN, LEAP)
    choice = GuildHeuristicPolicy(1, 0).choose(s, s.legal_actions())
    assert isinstance(choice, GuildMove)  # on open ground the walk goes as far
    assert GuildPower(1) in s.legal_actions()


# --- where a shift, a move or a teleport must end ------------------------------------------------------------------

SLICK = ("Slick Maneuver: Replaces move action, only while adjacent to an enemy: Shift to another square adjacent to "
         "that enemy.")
SLICK_3 = ("Slick Maneuver: Move action, only when adjacent to an enemy: Shift 3 squares, must end adjacent to that "
           "enemy.")
TO_THE_FRAY = "To the Fray: Minor action; shift 2 squares, must end adjacent to a Bloodied enemy."
DINNER = ("Dinner's On: Replaces move action: This creature teleports up to 10 squares to a space adjacent to a "
          "bloodied enemy.")
SWARM = ("Shifting Swarm: Minor action, only while adjacent to a Rat ally; shift 3 squares, must end adjacent to "
         "that ally.")
FADE = "Fade to Black: Replaces move action: Teleport to a space adjacent to a wall."


@pytest.mark.parametrize("text", [SLICK, SLICK_3, TO_THE_FRAY, DINNER, SWARM, FADE])
def test_the_moves_that_must_end_beside_something_are_played(text: str) -> None:
    c = card_from_json(card("Any", SWORD, text))
    assert len(c.powers) == 2 and c.powers[1].effects[0].what.startswith("end:"), text
    assert unplayed_powers(c) == [], text


def test_that_enemy_with_no_enemy_named_is_not_played() -> None:
    c = card_from_json(card("Any", SWORD, "Slick Maneuver: Move action: Shift 3 squares, must end adjacent to that "
                                          "enemy."))
    assert [p.name for p in unplayed_powers(c)] == ["Slick Maneuver"]


def test_slick_maneuver_goes_around_the_enemy_to_flank_it_and_the_player_attacks_with_advantage() -> None:
    s = battle([card("Kuo-Toa", SWORD, SLICK), card("Ally", SWORD)], [card("Orc", SWORD)], PurposeDice(attack=[3]))
    put(s, "a1", 5, 2)  # above the orc
    put(s, "a2", 4, 3)  # left of it: the flanking square is (6, 3)
    put(s, "b1", 5, 3)
    turn_of(s, "a1")
    kuo, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    assert not J.has_combat_advantage(s.b, kuo, orc, melee=True)
    policy = GuildHeuristicPolicy(1, 0)
    assert policy.choose(s, s.legal_actions()) == GuildPower(1)
    s.apply(GuildPower(1))
    assert kuo.pos == (6, 3) and not s.log.of_kind("opportunity-attack")
    assert J.has_combat_advantage(s.b, kuo, orc, melee=True)
    s.apply(policy.choose(s, s.legal_actions()))
    assert orc.hp == 40  # 3 + 10 misses AC 15; combat advantage's +2 makes it a hit


def test_slick_maneuver_stays_when_there_is_no_flank_to_gain() -> None:
    s = battle([card("Kuo-Toa", SWORD, SLICK)], [card("Orc", SWORD)], PurposeDice(attack=[15]))
    put(s, "a1", 5, 2)
    put(s, "b1", 5, 3)
    turn_of(s, "a1")
    choice = GuildHeuristicPolicy(1, 0).choose(s, s.legal_actions())
    assert choice != GuildPower(1)
    kuo = s.b.by_id["a1"]
    TR.apply_power(s.b, kuo, kuo.powers[1], J.Ctx(kuo))
    assert kuo.pos == (5, 2)


def test_to_the_fray_ends_beside_the_bloodied_enemy() -> None:
    s = battle([card("Fighter", SWORD, TO_THE_FRAY)], [card("Fresh", SWORD), card("Hurt", SWORD)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 6, 2)
    put(s, "b2", 6, 5)
    s.b.by_id["b2"].hp = 20
    f = s.b.by_id["a1"]
    TR.apply_power(s.b, f, f.powers[1], J.Ctx(f))
    assert s.b.adjacent(f, s.b.by_id["b2"]) and f.pos is not None and gap((4, 3), 1, f.pos, 1) <= 2


def test_dinners_on_teleports_beside_a_bloodied_enemy_and_not_beside_a_fresh_one() -> None:
    s = battle([card("Gnaw Demon", SWORD, DINNER)], [card("Fresh", SWORD), card("Hurt", SWORD)], PurposeDice())
    put(s, "a1", 0, 0)
    put(s, "b1", 3, 0)
    put(s, "b2", 9, 6)
    f = s.b.by_id["a1"]
    TR.apply_power(s.b, f, f.powers[1], J.Ctx(f))
    assert f.pos == (0, 0)  # no enemy is bloodied
    s.b.by_id["b2"].hp = 20
    TR.apply_power(s.b, f, f.powers[1], J.Ctx(f))
    assert s.b.adjacent(f, s.b.by_id["b2"])


def test_shifting_swarm_ends_beside_the_rat_ally_it_was_beside() -> None:
    s = battle([card("Dire Rat", SWORD, SWARM), card("Rat", SWORD, keywords=("Rat",)), card("Wolf", SWORD)],
               [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 2, 3)
    put(s, "a2", 3, 3)
    put(s, "a3", 5, 6)
    put(s, "b1", 6, 3)
    f = s.b.by_id["a1"]
    assert TR.requirement_ok(f, f.powers[1], charge=False, b=s.b)
    TR.apply_power(s.b, f, f.powers[1], J.Ctx(f))
    assert f.pos != (2, 3) and s.b.adjacent(f, s.b.by_id["a2"])


def test_fade_to_black_teleports_beside_a_wall() -> None:
    state = GuildGame().new_initial_state(
        lists=[{"name": "A", "creatures": [card("Eye", SWORD, FADE)]},
               {"name": "B", "creatures": [card("Orc", SWORD)]}],
        battle_map=WALL_LINE, dice=PurposeDice(), params={"format": "standard-200"})
    assert isinstance(state, GuildState)
    put(state, "a1", 1, 1)
    put(state, "b1", 8, 3)
    f = state.b.by_id["a1"]
    TR.apply_power(state.b, f, f.powers[1], J.Ctx(f))
    assert f.pos is not None and f.pos[0] == 4  # beside the wall, on its side (the other side is out of sight)


# --- the cards' other spellings of an action power's words -----------------------------------------------------------

WAR_MASK = "War Mask: Attack action: An adjacent enemy of level 5 or lower provokes opportunity attacks."
BLOOD_DRAIN = "Blood Drain: Minor action: 1 enemy adjacent to this creature has -5 damage with [m] attacks (save ends)."


@pytest.mark.parametrize("text", [
    "Deceptive Veil: Minor action: Invisible to enemies until end of round.",
    "Repeat: Minor action, once a turn: Make a BASIC attack.",
    BLOOD_DRAIN, WAR_MASK,
    "Bellow Curse: Minor action: Enemies of level 5 or lower within 5 squares take 10 psychic damage.",
    "Overchannel: Minor action, once per turn; this creature takes 5 Damage. Until end of turn, it as +10 Damage and "
    "-2 Attack.",
    "Ambush: Minor action: Choose one enemy that does not have line of sight to this creature: +10 melee damage vs. "
    "that enemy until end of round.",
    "Shadowdance: Replaces move action: Shift this creature up to its current speed.",
    "Magma Tube: Move action: Move up to current speed with Burrow.",
    "Reel In: Minor action: Pull a Slowed enemy within 4 squares up to 3 squares.",
    "Shadow Jump: Minor action: Teleport up to 10 squares, must end in space adjacent to a wall."])
def test_the_cards_other_spellings_are_read_and_played(text: str) -> None:
    c = card_from_json(card("Any", SWORD, text))
    assert len(c.powers) == 2 and c.powers[1].action in ("minor", "move", "attack"), text
    assert unplayed_powers(c) == [], text


def test_war_mask_makes_only_a_low_level_adjacent_enemy_provoke_and_the_player_uses_it() -> None:
    s = battle([card("Batiri", SWORD, WAR_MASK)], [card("Veteran", SWORD, level=7), card("Recruit", SWORD, level=3)],
               PurposeDice(attack=[15, 15]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    put(s, "b2", 5, 4)
    veteran, recruit = s.b.by_id["b1"], s.b.by_id["b2"]
    veteran.hp = 5  # the veteran is the weaker target: the mask is still only for the recruit
    turn_of(s, "a1")
    batiri = s.b.by_id["a1"]
    s.apply(GuildPower(_on(batiri, "War Mask")))
    assert [e.data["target"] for e in s.log.of_kind("opportunity-attack")] == ["b2"]
    assert (veteran.hp, recruit.hp) == (5, 40)


def test_blood_drain_takes_5_from_the_adjacent_enemys_melee_damage() -> None:
    s = battle([card("Blood Scarab", SWORD, BLOOD_DRAIN)], [card("Orc", SWORD)], PurposeDice(attack=[15]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    scarab, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    TR.apply_power(s.b, scarab, scarab.powers[1], J.Ctx(scarab))
    sword = orc.powers[0]
    assert sword.attack is not None
    AT.attack(s.b, orc, sword, sword.attack, [scarab])
    assert scarab.hp == 45


# --- a bonus for the next attack -------------------------------------------------------------------------------------

AIMED = "Aimed Shot: Replaces move action: +4 Attack and +5 Damage on this creature's next {r} attack this turn."
POISON_BLADE = "Poison Blade: Minor action; +5 poison Damage to this creature's next {m} attack."
BOW = "Bow: (range 10) +10 vs. AC; 10 damage."


@pytest.mark.parametrize("text", [AIMED, POISON_BLADE, "True Strike: Replaces attack action. This creature has +10 "
                                                       "attack on its next {m} or {r} attack."])
def test_the_next_attack_bonuses_are_read_and_played(text: str) -> None:
    c = card_from_json(card("Any", SWORD, text))
    assert len(c.powers) == 2 and all("next-attack" in e.extra for e in c.powers[1].effects), text
    assert unplayed_powers(c) == [], text


def test_aimed_shot_counts_on_its_next_ranged_attack_only_and_ends_with_it() -> None:
    s = battle([card("Sniper", SWORD, BOW, AIMED)], [card("Orc", SWORD, hp=80)], PurposeDice(attack=[1, 15, 1, 15]))
    put(s, "a1", 2, 3)
    put(s, "b1", 6, 3)  # (the attacks are made directly: no range is checked, and no opportunity attack is made)
    sniper, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    turn_of(s, "a1")
    s.apply(GuildPower(_on(sniper, "Aimed Shot")))
    sword, bow = sniper.powers[0], sniper.powers[1]
    assert sword.attack is not None and bow.attack is not None
    AT.attack(s.b, sniper, sword, sword.attack, [orc])  # a melee attack (a 1: a miss) leaves the bonus
    assert [e.what for e in sniper.effects] == ["attack", "damage"]
    AT.attack(s.b, sniper, bow, bow.attack, [orc])  # 15: hits, 10 + 5
    assert orc.hp == 65 and sniper.effects == []
    TR.apply_power(s.b, sniper, sniper.powers[2], J.Ctx(sniper))
    AT.attack(s.b, sniper, sword, sword.attack, [orc])
    s.apply(GuildEndTurn())
    assert sniper.effects == []  # 'this turn': gone at its end


def test_poison_blade_adds_poison_damage_to_its_next_melee_attack_not_to_a_ranged_one() -> None:
    s = battle([card("Assassin", SWORD, BOW, POISON_BLADE)], [card("Orc", SWORD, hp=80)],
               PurposeDice(attack=[15, 15]))
    put(s, "a1", 2, 3)
    put(s, "b1", 6, 3)
    assassin, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    TR.apply_power(s.b, assassin, assassin.powers[2], J.Ctx(assassin))
    sword, bow = assassin.powers[0], assassin.powers[1]
    assert sword.attack is not None and bow.attack is not None
    AT.attack(s.b, assassin, bow, bow.attack, [orc])
    assert orc.hp == 70 and len(assassin.effects) == 1
    AT.attack(s.b, assassin, sword, sword.attack, [orc])
    assert orc.hp == 55 and assassin.effects == []


def test_the_player_makes_its_minor_action_attack_after_its_attack() -> None:
    tail = "Tail Slap: Minor action: +8 vs. AC; 5 damage."
    s = battle([card("Lizard", SWORD, tail)], [card("Orc", SWORD, hp=80)], PurposeDice(attack=[15, 15]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    turn_of(s, "a1")
    policy = GuildHeuristicPolicy(1, 0)
    for _ in range(2):
        s.apply(policy.choose(s, s.legal_actions()))
    lizard = s.b.by_id["a1"]
    assert not lizard.attack_action and not lizard.minor_action
    assert s.b.by_id["b1"].hp == 65  # 10 + 5


# --- ending conditions, and 'an adjacent target' ------------------------------------------------------------------

RESTORE = ("Restore Order: Minor action; end 1 condition with a duration of (save ends) on 1 ally within 5 squares of "
           "this creature.")
ANTIDOTE = "Antidote: Minor action: End an ongoing damage condition on an adjacent living ally."
REVITALIZE_2 = ("Revitalize: Minor action; 1 ally within 5 squares of this creature heals 15 HP. End 1 condition or "
                "ongoing damage effect on that ally.")
GNAW = "Gnaw: Minor action: An adjacent Immobilized target takes 10 damage."


@pytest.mark.parametrize("text", [RESTORE, ANTIDOTE, REVITALIZE_2, GNAW])
def test_the_cleanses_and_target_subjects_are_read_and_played(text: str) -> None:
    c = card_from_json(card("Any", SWORD, text))
    assert len(c.powers) == 2 and c.powers[1].action == "minor", text
    assert unplayed_powers(c) == [], text


def _held(s: GuildState, f: Fighter, what: str = "immobilized", kind: str = "condition") -> None:
    FX.add_active(s.b, f, kind, what, 5 if kind == "ongoing" else 0, "save", s.b.by_id["b1"], Filter())


def test_restore_order_ends_a_condition_and_not_ongoing_damage() -> None:
    s = battle([card("Cleric", SWORD, RESTORE), card("Held", SWORD)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 2, 3)
    put(s, "a2", 4, 3)
    put(s, "b1", 10, 7)
    held = s.b.by_id["a2"]
    _held(s, held, "fire", "ongoing")
    _held(s, held)
    cleric = s.b.by_id["a1"]
    TR.apply_power(s.b, cleric, cleric.powers[1], J.Ctx(cleric))
    assert [(x.kind, x.what) for x in held.effects] == [("ongoing", "fire")]


def test_antidote_ends_ongoing_damage_on_an_adjacent_living_ally_only() -> None:
    s = battle([card("Healer", SWORD, ANTIDOTE), card("Golem", SWORD, keywords=("Construct",)), card("Elf", SWORD)],
               [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 3, 3)
    put(s, "a2", 4, 3)
    put(s, "a3", 2, 3)
    put(s, "b1", 10, 7)
    golem, elf = s.b.by_id["a2"], s.b.by_id["a3"]
    for f in (golem, elf):
        _held(s, f, "poison", "ongoing")
        _held(s, f, "poison", "ongoing")  # the golem has more to end: still not a living ally
    _held(s, golem)
    healer = s.b.by_id["a1"]
    TR.apply_power(s.b, healer, healer.powers[1], J.Ctx(healer))
    assert (len(golem.effects), len(elf.effects)) == (3, 1)


def test_revitalize_ends_a_condition_on_the_ally_it_healed_not_on_itself() -> None:
    s = battle([card("Aasimar", SWORD, REVITALIZE_2), card("Hurt", SWORD)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 3, 3)
    put(s, "a2", 5, 3)
    put(s, "b1", 10, 7)
    aasimar, hurt = s.b.by_id["a1"], s.b.by_id["a2"]
    hurt.hp = 20
    for f in (aasimar, hurt):
        _held(s, f)
    TR.apply_power(s.b, aasimar, aasimar.powers[1], J.Ctx(aasimar))
    assert (hurt.hp, hurt.has("immobilized"), aasimar.has("immobilized")) == (35, False, True)


def test_gnaw_bites_the_adjacent_immobilized_enemy() -> None:
    s = battle([card("Wolf", SWORD, GNAW)], [card("Free", SWORD), card("Held", SWORD)], PurposeDice())
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    put(s, "b2", 5, 4)
    free, held = s.b.by_id["b1"], s.b.by_id["b2"]
    _held(s, held)
    wolf = s.b.by_id["a1"]
    turn_of(s, "a1")
    assert GuildHeuristicPolicy(1, 0).choose(s, s.legal_actions()) == GuildPower(1)
    s.apply(GuildPower(1))
    assert (free.hp, held.hp) == (50, 40) and wolf.hp == 50


def test_a_condition_ends_on_an_ally_it_can_see_and_not_on_one_behind_a_wall() -> None:
    text = "Use at start of turn: End 1 condition on an ally this creature can see."
    state = GuildGame().new_initial_state(
        lists=[{"name": "A", "creatures": [card("Wizard", SWORD, text), card("Hidden", SWORD), card("Seen", SWORD)]},
               {"name": "B", "creatures": [card("Orc", SWORD)]}],
        battle_map=WALL_LINE, dice=PurposeDice(), params={"format": "standard-200"})
    assert isinstance(state, GuildState)
    put(state, "a1", 3, 3)
    put(state, "a2", 7, 3)  # behind the wall
    put(state, "a3", 2, 1)
    put(state, "b1", 10, 6)
    hidden, seen = state.b.by_id["a2"], state.b.by_id["a3"]
    _held(state, hidden)
    _held(state, hidden, "slowed")  # more to end: still out of sight
    _held(state, seen)
    wizard = state.b.by_id["a1"]
    assert unplayed_powers(wizard.card) == []
    TR.apply_power(state.b, wizard, wizard.powers[1], J.Ctx(wizard))
    assert (len(hidden.effects), len(seen.effects)) == (2, 0)


def test_a_heal_for_any_creature_heals_one_of_its_own() -> None:
    soothe = "Soothe The Beast: Minor action; 1 Beast creature within 5 squares of this creature heals 10 HP."
    s = battle([card("Druid", SWORD, soothe), card("Wolf", SWORD, keywords=("Beast",))],
               [card("Bear", SWORD, keywords=("Beast",))], PurposeDice())
    put(s, "a1", 3, 3)
    put(s, "a2", 5, 3)
    put(s, "b1", 4, 5)
    wolf, bear = s.b.by_id["a2"], s.b.by_id["b1"]
    wolf.hp = bear.hp = 10
    druid = s.b.by_id["a1"]
    assert unplayed_powers(druid.card) == []
    TR.apply_power(s.b, druid, druid.powers[1], J.Ctx(druid))
    assert (wolf.hp, bear.hp) == (20, 10)


def test_a_ranged_creature_uses_a_minor_shift_out_of_reach_and_keeps_its_move() -> None:
    shifty = "Shifty: Minor action; shift 1 square."
    s = battle([card("Archer", "Longbow: (range 10) +10 vs. AC; 10 damage.", shifty)], [card("Orc", SWORD)],
               PurposeDice(attack=[15]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    turn_of(s, "a1")
    choice = GuildHeuristicPolicy(1, 0).choose(s, s.legal_actions())
    assert choice == GuildPower(1)
    s.apply(choice)
    archer = s.b.by_id["a1"]
    assert not s.b.adjacent(archer, s.b.by_id["b1"]) and archer.move_action and not archer.minor_action
    assert not s.log.of_kind("opportunity-attack")


def test_the_player_weighs_what_an_attack_leaves_on_its_target() -> None:
    stun = "Stunning Blow: +10 vs. AC; Stunned."
    s = battle([card("Monk", SWORD, stun)], [card("Ogre", SWORD, hp=60)], PurposeDice(attack=[15]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    turn_of(s, "a1")
    policy = GuildHeuristicPolicy(1, 0)
    choice = policy.choose(s, s.legal_actions())
    assert isinstance(choice, GuildAttack) and choice.power == 1  # a stun is worth more than 10 damage of 60
    ogre = s.b.by_id["b1"]
    FX.add_active(s.b, ogre, "condition", "stunned", 0, "save", s.b.by_id["a1"], Filter())
    choice = policy.choose(s, s.legal_actions())
    assert isinstance(choice, GuildAttack) and choice.power == 0  # not on a creature stunned already


# --- 'that enemy' named by the power's requirement; it and up to N adjacent allies -----------------------------------

TRIDENT = ("Piercing Trident: Minor action, use when adjacent to an immobilized enemy: That enemy takes 5 ongoing "
           "damage and is immobilized (save ends both).")
VENOM = ("Intensify Venom: Minor action, only if an enemy within 5 squares has ongoing poison damage: That enemy takes "
         "5 poison damage.")
TAPESTRY = "Tapestry Shift: Minor action: This creature and up to 3 adjacent allies teleport up to 4 squares."


@pytest.mark.parametrize("text", [TRIDENT, VENOM, TAPESTRY])
def test_the_named_creature_and_group_moves_are_read_and_played(text: str) -> None:
    c = card_from_json(card("Any", SWORD, text))
    assert len(c.powers) == 2 and c.powers[1].action == "minor", text
    assert unplayed_powers(c) == [], text


def test_piercing_trident_is_offered_only_beside_an_immobilized_enemy_and_strikes_that_one() -> None:
    s = battle([card("Merfolk", SWORD, TRIDENT)], [card("Free", SWORD), card("Held", SWORD)], PurposeDice())
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    put(s, "b2", 5, 5)
    free, held = s.b.by_id["b1"], s.b.by_id["b2"]
    _held(s, held)
    turn_of(s, "a1")
    assert GuildPower(1) not in s.legal_actions()  # the immobilized enemy is not adjacent
    put(s, "b2", 4, 4)
    assert GuildPower(1) in s.legal_actions()
    s.apply(GuildPower(1))
    assert [x.kind for x in free.effects] == [] and sorted(x.kind for x in held.effects) == [
        "condition", "condition", "ongoing"]


def test_intensify_venom_strikes_the_poisoned_enemy() -> None:
    s = battle([card("Viper", SWORD, VENOM)], [card("Near", SWORD), card("Poisoned", SWORD)], PurposeDice())
    put(s, "a1", 2, 3)
    put(s, "b1", 3, 3)
    put(s, "b2", 6, 3)
    near, poisoned = s.b.by_id["b1"], s.b.by_id["b2"]
    turn_of(s, "a1")
    assert GuildPower(1) not in s.legal_actions()
    _ongoing(s, poisoned, "poison")
    s.apply(GuildPower(1))
    assert (near.hp, poisoned.hp) == (50, 45)


def test_tapestry_shift_takes_it_and_its_adjacent_allies_toward_the_enemy() -> None:
    s = battle([card("Weaver", SWORD, TAPESTRY), card("Near", SWORD), card("Far", SWORD)], [card("Orc", SWORD)],
               PurposeDice())
    put(s, "a1", 1, 3)
    put(s, "a2", 1, 4)
    put(s, "a3", 1, 0)
    put(s, "b1", 10, 3)
    weaver, near, far = (s.b.by_id[x] for x in ("a1", "a2", "a3"))
    TR.apply_power(s.b, weaver, weaver.powers[1], J.Ctx(weaver))
    assert weaver.pos is not None and near.pos is not None and far.pos == (1, 0)
    assert weaver.pos[0] == 5 and near.pos[0] == 5  # 4 squares nearer the orc each
