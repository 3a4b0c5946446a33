"""What a creature's own card says it never does or always does: 'Never considered to flank enemies' (Lemure),
'Cannot take attack actions and does not provide flanking to allies' (Prisoner), 'Automatically succeeds on saves to
end ongoing damage' (Fiendish Tyrannosaurus), 'Immune to attack that target DEF(Will)' (Lemure)."""

from __future__ import annotations

from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_coverage as C
from simulate.games import ddm_guild_judge as J
from simulate.games import ddm_guild_moves as MV
from simulate.games.ddm_guild import GuildAttack, GuildMove, GuildPower, GuildState
from simulate.games.ddm_guild_powers import parse_power
from simulate.games.ddm_guild_state import Fighter
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put, turn_of

UNCONTROLLED = "Uncontrolled: Never considered to flank enemies"
BOUND = "Bound: Cannot take attack actions and does not provide flanking to allies."
THICK = "Thick-Skinned: Automatically succeeds on saves to end ongoing damage."
MINDLESS = "Mindless: Immune to attack that target DEF(Will)."


def test_the_words_are_read_and_played() -> None:
    for text in (UNCONTROLLED, BOUND, THICK, MINDLESS, STOMP, PRIMAL, RELOAD, WANDER, SLAYER):
        p = parse_power(0, "ability", text)
        assert p.played and not C.engine_unplayed(p), (text, p.unplayed, C.engine_unplayed(p))


def _flank_bonus(mine: str, ally: str) -> tuple[int, int]:
    """The attack bonus of a1 against b1 with a2 on b1's far side: a1 with ``mine``, a2 with ``ally`` (as a1, then
    with the roles swapped)."""
    s = battle([card("Left", SWORD, *([mine] if mine else [])), card("Right", SWORD, *([ally] if ally else []))],
               [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "a2", 6, 3)
    left, right, orc = s.b.by_id["a1"], s.b.by_id["a2"], s.b.by_id["b1"]
    sword = left.powers[0]
    assert sword.attack is not None
    return (J.attack_bonus(s.b, left, orc, sword, sword.attack, False, False)[0],
            J.attack_bonus(s.b, right, orc, right.powers[0], sword.attack, False, False)[0])


def test_a_creature_that_never_flanks_neither_gains_nor_gives_flanking() -> None:
    assert _flank_bonus("", "") == (2, 2)  # the rules' flank
    assert _flank_bonus(UNCONTROLLED, "") == (0, 0)  # it gains none, and its ally gains none by it
    assert _flank_bonus("", BOUND) == (0, 0)


def test_an_enemy_that_never_flanks_leaves_its_target_unflanked() -> None:
    s = battle([card("Knight", SWORD)], [card("Lemure", SWORD, UNCONTROLLED), card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 5, 3)
    put(s, "b1", 4, 3)
    put(s, "b2", 6, 3)
    assert not J.flanked(s.b, s.b.by_id["a1"])
    s2 = battle([card("Knight", SWORD)], [card("Imp", SWORD), card("Orc", SWORD)], PurposeDice())
    put(s2, "a1", 5, 3)
    put(s2, "b1", 4, 3)
    put(s2, "b2", 6, 3)
    assert J.flanked(s2.b, s2.b.by_id["a1"])


def test_a_creature_that_cannot_take_attack_actions_has_none_but_still_makes_opportunity_attacks() -> None:
    s = battle([card("Prisoner", SWORD, BOUND)], [card("Orc", SWORD)], PurposeDice(attack=[15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    prisoner, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    s.b.active = prisoner
    prisoner.attack_action = prisoner.move_action = prisoner.minor_action = True
    assert s.attack_powers(prisoner) == []
    assert not any(type(a).__name__ in ("GuildAttack", "GuildCharge") for a in s.legal_actions())
    assert AT.may_attack(prisoner, orc)  # an opportunity attack is no attack action


def test_ongoing_damage_ends_on_its_first_save_without_a_roll() -> None:
    acid = "Acid: +10 vs. Reflex; 5 ongoing acid damage (save ends)."
    dice = PurposeDice(attack=[15], save=[1])
    s = battle([card("Wizard", acid)], [card("Tyrannosaurus", SWORD, THICK)], dice)
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    wizard, rex = s.b.by_id["a1"], s.b.by_id["b1"]
    power = wizard.powers[0]
    assert power.attack is not None
    AT.attack(s.b, wizard, power, power.attack, [rex])
    s._start_turn(rex)
    assert rex.hp == 45  # the damage at the start of its turn still comes
    s._end_turn(rex)  # the save's die would show 1: not rolled, the save succeeds
    assert not rex.effects and ("save", 1) not in dice.rolled


def test_an_attack_against_will_does_not_touch_a_mindless_creature() -> None:
    mind = "Mind Blast: +10 vs. Will; 10 damage."
    s = battle([card("Mind Flayer", mind)], [card("Lemure", SWORD, MINDLESS, hp=30)], PurposeDice(attack=[19]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    flayer, lemure = s.b.by_id["a1"], s.b.by_id["b1"]
    blast = flayer.powers[0]
    assert blast.attack is not None
    AT.attack(s.b, flayer, blast, blast.attack, [lemure])
    assert lemure.hp == 30


STOMP = "Stomp: Can move through spaces occupied by Large or smaller enemies."


def test_stomp_moves_through_large_enemies_but_never_stops_there() -> None:
    s = battle([card("Treant", SWORD, STOMP, size="Huge")],
               [card("Ogre", SWORD, size="Large"), card("Dragon", SWORD, size="Huge")], PurposeDice())
    s2 = battle([card("Ent", SWORD, size="Huge")], [card("Ogre", SWORD, size="Large")], PurposeDice())
    for state in (s, s2):
        put(state, "a1", 1, 3)
        put(state, "b1", 4, 3)
    treant, ogre = s.b.by_id["a1"], s.b.by_id["b1"]
    put(s, "b2", 8, 0)
    blocked, passable = MV.blocked_for(s.b, treant)
    assert set(ogre.space()) <= passable and not set(ogre.space()) & blocked  # the Large ogre: through, no stop
    assert set(s.b.by_id["b2"].space()) <= blocked  # the Huge dragon: not
    blocked2, _ = MV.blocked_for(s2.b, s2.b.by_id["a1"])
    assert set(s2.b.by_id["b1"].space()) <= blocked2  # without Stomp the ogre blocks


PRIMAL = "Primal Evil: Wolf and Beast allies have Evil alignment."


def test_allies_of_the_kinds_named_take_its_alignment_at_set_up() -> None:
    s = battle([card("Vampire", SWORD, PRIMAL), card("Dire Wolf", SWORD, keywords=("Wolf",)),
                card("Bear", SWORD, keywords=("Beast",)), card("Elf", SWORD, keywords=("Elf",))],
               [card("Wolf", SWORD, keywords=("Wolf",))], PurposeDice())
    by = s.b.by_id
    assert [by[i].card.alignment for i in ("a2", "a3", "a4", "b1")] == ["evil", "evil", "neutral", "neutral"]


RELOAD = "Slow Reload: Can't make a {r} attack and move on the same turn."
CROSSBOW = "Crossbow: (range 10) +14 vs. AC; 15 damage."


def _horror(*powers: str) -> tuple[GuildState, Fighter]:
    s = battle([card("Helmed Horror", SWORD, CROSSBOW, *powers)], [card("Orc", SWORD, hp=100)],
               PurposeDice(attack=[15, 15, 15]))
    put(s, "a1", 1, 3)
    put(s, "b1", 8, 3)
    turn_of(s, "a1")
    return s, s.b.by_id["a1"]


def _kinds(s: GuildState) -> set[str]:
    return {type(a).__name__ for a in s.legal_actions()}


def test_slow_reload_no_ranged_attack_after_a_move() -> None:
    s, _ = _horror(RELOAD)
    s.apply(next(a for a in s.legal_actions() if isinstance(a, GuildMove) and a.to == (2, 3)))
    assert not any(isinstance(a, GuildAttack) for a in s.legal_actions())  # the crossbow is not offered
    free, _ = _horror()
    free.apply(next(a for a in free.legal_actions() if isinstance(a, GuildMove) and a.to == (2, 3)))
    assert any(isinstance(a, GuildAttack) for a in free.legal_actions())  # without Slow Reload it is


def test_slow_reload_no_move_after_a_ranged_attack() -> None:
    s, horror = _horror(RELOAD)
    shot = next(a for a in s.legal_actions() if isinstance(a, GuildAttack))
    s.apply(shot)
    assert s.b.by_id["b1"].hp == 85
    assert s.b.active is not horror  # no move left to take: its turn is over
    free, other = _horror()
    free.apply(next(a for a in free.legal_actions() if isinstance(a, GuildAttack)))
    assert free.b.active is other and "GuildMove" in _kinds(free)  # without Slow Reload it may still move
    s.b.active = horror
    MV.walk(s.b, horror, [(2, 3)])  # nor a move some power would make in that turn
    assert horror.pos == (1, 3)


WANDER = "Tends to Wander: During setup, you may place this creature within 5 squares of your start area."


def test_tends_to_wander_is_placed_beyond_its_start_area_within_5_squares() -> None:
    s = battle([card("Goblin Skirmisher", SWORD, WANDER), card("Goblin", SWORD)], [card("Orc", SWORD)],
               PurposeDice())
    start = s.map.start_squares(s.b.letters[0])
    goblin, plain = s.b.by_id["a1"], s.b.by_id["a2"]
    assert plain.pos in start  # the rules' set-up
    assert goblin.pos is not None and goblin.pos not in start  # moved forward by its power
    assert min(max(abs(goblin.pos[0] - c[0]), abs(goblin.pos[1] - c[1])) for c in start) <= 5


SLAYER = "You score double VP for the first enemy this creature eliminates."


def test_double_points_for_its_first_elimination_only() -> None:
    s = battle([card("Slayer", SWORD, SLAYER)], [card("Imp", SWORD, hp=5, cost=12), card("Orc", SWORD, hp=5, cost=15)],
               PurposeDice(attack=[15, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 3, 3)
    slayer = s.b.by_id["a1"]
    sword = slayer.powers[0]
    assert sword.attack is not None
    AT.attack(s.b, slayer, sword, sword.attack, [s.b.by_id["b1"]])
    assert s.b.scores[0] == 24  # the imp's 12, twice
    AT.attack(s.b, slayer, sword, sword.attack, [s.b.by_id["b2"]])
    assert s.b.scores[0] == 24 + 15  # the second: once


STANCE = "Defensive Stance: Minor action: This creature has +4 AC until start of its next turn."


def test_a_gain_until_the_start_of_its_next_turn_ends_when_that_turn_starts() -> None:
    """Used on its own turn, 'until start of its next turn' ends as its next turn starts (not one turn later)."""
    s = battle([card("Knight", SWORD, STANCE)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 8, 3)
    knight = s.b.by_id["a1"]
    turn_of(s, "a1")
    s.apply(GuildPower(1))
    assert any(e.what == "ac" and e.amount == 4 for e in knight.effects)
    s._end_turn(knight)
    assert any(e.what == "ac" for e in knight.effects)  # through the enemies' turns
    s._start_turn(knight)
    assert not any(e.what == "ac" for e in knight.effects)
