"""More parts of an event the reader takes and the engine judges: the natural die of an attack roll ('rolls a natural
18, 19, or 20 on an attack roll', 'if the attack roll is a natural 16-20', 'hits ... with a natural 18+'; reading
ddm-guild.natural-roll), an attack once resolved ('use after an adjacent enemy resolves an attack against this
creature'; reading ddm-guild.attack-resolved), 'within reach' of the power's creature, an opportunity attack as an
event's attack form, a defence 'against that attack', and 'that attack misses' answered before the roll."""

from __future__ import annotations

from typing import Any

from simulate.games import ddm_guild_apply as FX
from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_damage as DM
from simulate.games import ddm_guild_moves as MV
from simulate.games import ddm_guild_triggers as TR
from simulate.games.ddm_guild import GuildState
from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from simulate.games.ddm_guild_powers import parse_power
from simulate.games.ddm_guild_state import Fighter
from simulate.games.ddm_guild_vocab import Filter
from tests.simulate.test_ddm_guild_rules import OPEN, SWORD, PurposeDice, battle, card, put

LOCKED = ("Locked Claw: Use when this creature rolls a natural 18, 19, or 20 on an attack roll: Target takes 5 damage "
          "and is Immobilized.")
BAD_LUCK = ("Bad Luck for You: Whenever this creature rolls a natural 13 on the attack roll vs. a living target; that "
            "attack is an automatic hit and a critical hit.")
HEALING = ("Combat Healing: Use when a living ally within 5 squares of this creature makes a {m} attack, if the attack "
           "roll is a natural 16-20: That ally heals 15 HP.")
CRIPPLING = ("Crippling Slash: Use when this creature hits a living enemy with a {m} attack: If the attack roll was a "
             "natural 17-20, target is also Immobilized and takes ongoing 10 damage (save ends both).")
RETORT = ("Retributive Strike: Use after an adjacent enemy resolves an attack against this creature: Make 1 {b} attack "
          "against that enemy as an immediate action.")
PREY = ("Prey on the Weak-Minded: Use when a Confused enemy activates within Reach. Make a {b} attack against that "
        "creature.")
DEFENDER = ("Defender: Use when an enemy within reach makes a {m} attack against an ally: Make a {b} attack against "
            "that enemy as an immediate action.")
QUICK = "Quick-Footed: Whenever this creature is targeted by an opportunity attack: +4 AC against that attack."
ACROBATICS = ("Acrobatics: Use when this creature is targeted by an opportunity attack; that attack automatically "
              "misses.")
PHALANX = ("Phalanx Fighting: Whenever this creature is targeted by an attack, if it is adjacent to an ally: +2 AC "
           "against that attack.")
ALL = (LOCKED, BAD_LUCK, HEALING, CRIPPLING, RETORT, PREY, DEFENDER, QUICK, ACROBATICS, PHALANX)


def test_the_powers_are_on_the_card_and_played() -> None:
    for text in ALL:
        c = card_from_json(card("Any", SWORD, text))
        assert len(c.powers) == 2 and unplayed_powers(c) == [], text
    for text, trigger, natural in ((LOCKED, "rolls", "18-20"), (BAD_LUCK, "rolls", "13-13"),
                                   (HEALING, "ally-rolls", "16-20"), (CRIPPLING, "hits", "17-20")):
        p = parse_power(0, "special", text)
        assert (p.trigger, p.trigger_filter.natural) == (trigger, natural), text
    assert parse_power(0, "special", RETORT).trigger == "resolved-against"
    assert parse_power(0, "special", PREY).trigger_filter.within == -3
    assert parse_power(0, "special", QUICK).trigger_filter.attack_form == "opportunity"
    # faces with a gap are not one range: not read
    assert not parse_power(0, "special", "Use when this creature rolls a natural 18 or 20 on an attack roll: Target "
                                         "takes 5 damage.").played


def _duel(a: dict[str, Any], b: dict[str, Any], attack: list[int]) -> tuple[GuildState, Fighter, Fighter]:
    s = battle([a], [b], PurposeDice(attack=attack))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    return s, s.b.by_id["a1"], s.b.by_id["b1"]


def test_a_natural_18_immobilizes_even_on_a_miss_and_a_17_does_not() -> None:
    s, aldani, orc = _duel(card("Aldani", SWORD, LOCKED), card("Orc", SWORD, hp=100, ac=40), [17, 18])
    claw = aldani.powers[0]
    assert claw.attack is not None
    AT.attack(s.b, aldani, claw, claw.attack, [orc])
    assert orc.hp == 100 and not orc.has("immobilized")
    AT.attack(s.b, aldani, claw, claw.attack, [orc])  # 18 + 10 misses AC 40, yet the die calls the power
    assert orc.hp == 95 and orc.has("immobilized")


def test_a_natural_13_against_a_living_target_is_an_automatic_critical_hit() -> None:
    s, skeleton, orc = _duel(card("Skeleton", SWORD, BAD_LUCK), card("Orc", SWORD, hp=100, ac=40), [12, 13])
    sword = skeleton.powers[0]
    assert sword.attack is not None
    AT.attack(s.b, skeleton, sword, sword.attack, [orc])
    assert orc.hp == 100
    AT.attack(s.b, skeleton, sword, sword.attack, [orc])
    assert orc.hp == 80  # a critical hit: double damage
    assert [(e.data["roll"], e.data["hit"], e.data["crit"]) for e in s.log.of_kind("attack")] == [
        (12, False, False), (13, True, True)]


def test_an_allys_natural_16_heals_it_and_a_15_does_not() -> None:
    s = battle([card("Cleric", SWORD, HEALING), card("Fighter", SWORD)], [card("Orc", SWORD, hp=100)],
               PurposeDice(attack=[15, 16]))
    put(s, "a1", 1, 3)
    put(s, "a2", 4, 3)
    put(s, "b1", 5, 3)
    fighter, orc = s.b.by_id["a2"], s.b.by_id["b1"]
    fighter.hp = 20
    sword = fighter.powers[0]
    assert sword.attack is not None
    AT.attack(s.b, fighter, sword, sword.attack, [orc])
    assert fighter.hp == 20
    AT.attack(s.b, fighter, sword, sword.attack, [orc])
    assert fighter.hp == 35


def test_a_hit_with_a_natural_17_cripples_and_a_hit_with_16_does_not() -> None:
    s, troll, orc = _duel(card("Troll", SWORD, CRIPPLING), card("Orc", SWORD, hp=100), [16, 17])
    sword = troll.powers[0]
    assert sword.attack is not None
    AT.attack(s.b, troll, sword, sword.attack, [orc])
    assert orc.hp == 90 and not orc.has("immobilized")
    AT.attack(s.b, troll, sword, sword.attack, [orc])
    assert orc.hp == 80 and orc.has("immobilized") and any(e.kind == "ongoing" for e in orc.effects)


def test_the_retort_comes_after_the_enemys_attack_is_resolved() -> None:
    s, soldier, orc = _duel(card("Soldier", SWORD, RETORT), card("Orc", SWORD, hp=100), [15, 15])
    osword = orc.powers[0]
    assert osword.attack is not None
    AT.attack(s.b, orc, osword, osword.attack, [soldier])
    assert soldier.hp == 40 and orc.hp == 90
    assert [(e.data["attacker"], e.data["hit"]) for e in s.log.of_kind("attack")] == [("b1", True), ("a1", True)]


def test_a_confused_enemy_starting_its_turn_within_reach_is_attacked_and_beyond_it_is_not() -> None:
    hulk = card("Umber Hulk", SWORD, PREY, "Reach 2")
    s = battle([hulk], [card("Orc", SWORD, hp=100)], PurposeDice(attack=[15, 15]))
    put(s, "a1", 2, 3)
    put(s, "b1", 5, 3)  # 3 squares: beyond its reach
    umber, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    FX.add_active(s.b, orc, "condition", "confused", 0, "save", umber, Filter())  # as if a power confused it
    TR.turn_started(s.b, orc)
    assert orc.hp == 100
    put(s, "b1", 4, 3)  # 2 squares: within Reach 2, not adjacent
    assert not s.b.adjacent(umber, orc)
    TR.turn_started(s.b, orc)
    assert orc.hp == 90


def test_a_defender_with_reach_answers_an_attack_on_an_ally() -> None:
    s = battle([card("Elf Guard", SWORD, DEFENDER, "Reach 2"), card("Squire", SWORD)], [card("Orc", SWORD, hp=100)],
               PurposeDice(attack=[5, 15]))
    put(s, "a1", 2, 3)
    put(s, "a2", 5, 4)
    put(s, "b1", 4, 3)  # 2 squares from the guard, adjacent to the squire
    orc, squire = s.b.by_id["b1"], s.b.by_id["a2"]
    osword = orc.powers[0]
    assert osword.attack is not None
    AT.attack(s.b, orc, osword, osword.attack, [squire])
    assert orc.hp == 90


def test_an_opportunity_attack_meets_4_more_ac_and_an_ordinary_one_does_not() -> None:
    s, goblin, orc = _duel(card("Goblin Runner", SWORD, QUICK), card("Orc", SWORD, hp=100), [6, 6])
    osword = orc.powers[0]
    assert osword.attack is not None
    AT.attack(s.b, orc, osword, osword.attack, [goblin], opportunity=True)  # 16 against AC 15 + 4
    assert goblin.hp == 50
    AT.attack(s.b, orc, osword, osword.attack, [goblin])  # 16 against AC 15
    assert goblin.hp == 40


def test_an_opportunity_attack_misses_before_its_roll_counts() -> None:
    s, elf, orc = _duel(card("Swashbuckler", SWORD, ACROBATICS), card("Orc", SWORD, hp=100), [20, 15])
    osword = orc.powers[0]
    assert osword.attack is not None
    AT.attack(s.b, orc, osword, osword.attack, [elf], opportunity=True)  # a natural 20, yet a miss
    assert elf.hp == 50
    AT.attack(s.b, orc, osword, osword.attack, [elf])
    assert elf.hp == 40


def test_phalanx_fighting_beside_an_ally_only() -> None:
    s = battle([card("Hobgoblin", SWORD, PHALANX), card("Other", SWORD)], [card("Orc", SWORD, hp=100)],
               PurposeDice(attack=[6, 6]))
    put(s, "a1", 4, 3)
    put(s, "a2", 8, 8)
    put(s, "b1", 5, 3)
    hob, other, orc = s.b.by_id["a1"], s.b.by_id["a2"], s.b.by_id["b1"]
    osword = orc.powers[0]
    assert osword.attack is not None
    AT.attack(s.b, orc, osword, osword.attack, [hob])  # alone: 16 hits AC 15
    assert hob.hp == 40
    put(s, "a2", 4, 4)
    assert s.b.adjacent(hob, other)
    AT.attack(s.b, orc, osword, osword.attack, [hob])  # beside an ally: 16 misses AC 17
    assert hob.hp == 40


# --- moves: 'an enemy enters a square within 2 squares / exactly 3 squares away', 'moves out of an adjacent square',
# 'whenever this creature enters river terrain'

READY = "Ready Spear: Use when an enemy enters a square within 2 squares: Make 1 {b} attack against that enemy."
EXACTLY = ("Unexpected Strike 3: Use after an enemy enters a square exactly 3 squares away: Make 1 {b} attack against "
           "that enemy.")
BEARD = "Grasping Beard: Whenever an enemy moves out of a square adjacent to this creature, that enemy takes 5 damage."
AQUAPHOBE = "Aquaphobe: Whenever this creature enters river terrain, it takes 5 damage."
REACHING = "Spear: (Reach 3) +10 vs. AC; 10 damage."


def test_the_move_events_are_read_and_played() -> None:
    for text, trigger, within in ((READY, "enemy-enters-within", 2), (EXACTLY, "enemy-enters-at", 3),
                                  (BEARD, "enemy-leaves-adjacent", 0), (AQUAPHOBE, "enters-square", 0)):
        c = card_from_json(card("Any", SWORD, text))
        assert len(c.powers) == 2 and unplayed_powers(c) == [], text
        p = parse_power(0, "special", text)
        assert (p.trigger, p.trigger_filter.within) == (trigger, within), text
    assert parse_power(0, "special", AQUAPHOBE).requirement == "in-terrain:river"


def test_an_enemy_coming_within_2_squares_is_attacked_once_it_is_there() -> None:
    s = battle([card("Tiefling", REACHING, READY)], [card("Orc", SWORD, hp=100)], PurposeDice(attack=[15, 15]))
    put(s, "a1", 2, 3)
    put(s, "b1", 7, 3)
    orc = s.b.by_id["b1"]
    MV.walk(s.b, orc, [(6, 3), (5, 3)])  # 4, then 3 squares away: nothing
    assert orc.hp == 100
    MV.walk(s.b, orc, [(4, 3)])  # 2 squares away (its spear reaches 3)
    assert orc.hp == 90


def test_an_enemy_exactly_3_squares_away_is_attacked_and_nearer_is_not() -> None:
    s = battle([card("Toad", REACHING, EXACTLY)], [card("Orc", SWORD, hp=100)], PurposeDice(attack=[15, 15]))
    put(s, "a1", 2, 3)
    put(s, "b1", 7, 3)
    orc = s.b.by_id["b1"]
    MV.walk(s.b, orc, [(6, 3)])  # 4 squares away
    assert orc.hp == 100
    MV.walk(s.b, orc, [(5, 3)])  # exactly 3
    assert orc.hp == 90
    MV.walk(s.b, orc, [(4, 3)])  # 2: not exactly 3
    assert orc.hp == 90


def test_an_enemy_leaving_its_side_takes_5_damage_and_one_moving_beside_it_does_not() -> None:
    s = battle([card("Bearded Devil", SWORD, BEARD)], [card("Orc", SWORD, hp=100)], PurposeDice(attack=[1]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    orc = s.b.by_id["b1"]
    MV.walk(s.b, orc, [(5, 4)])  # still adjacent (diagonally): nothing; a 1 on the opportunity attack
    assert orc.hp == 100
    MV.walk(s.b, orc, [(6, 4), (7, 4)])  # out of the adjacent squares at the first step, once
    assert orc.hp == 95


# its own map (open ground under another slug), whose grid alone gets a river square: no map format has river terrain
# (the stand-in maps have none: ddm-guild.stand-in-terrain), and the open map's grid is shared by the other tests
RIVER_CROSSING = {**OPEN, "slug": "test-river-crossing", "name": "A river square"}


def test_it_takes_5_damage_entering_river_terrain_only() -> None:
    s = battle([card("Fire Snake", SWORD, AQUAPHOBE)], [card("Orc", SWORD)], PurposeDice(), RIVER_CROSSING)
    assert s.b.board.grid is not battle([card("Orc", SWORD)], [card("Orc", SWORD)], PurposeDice()).b.board.grid
    put(s, "a1", 2, 3)
    put(s, "b1", 10, 7)
    snake = s.b.by_id["a1"]
    s.b.board.grid.terrain = {**s.b.board.grid.terrain, (4, 3): frozenset({"river"})}
    MV.walk(s.b, snake, [(3, 3)])
    assert snake.hp == 50
    MV.walk(s.b, snake, [(4, 3)])
    assert snake.hp == 45


# --- 'if that attack hits / misses': an effect that waits for the event's attack

PIN = ("Pin: Use when this creature declares an attack: if that attack hits, target is also Immobilized until end of "
       "its next turn.")
REBUKE = ("Snapping Rebuke: Use after an enemy resolves a {m} attack against this creature: If that attack hit, make 1 "
          "{b} attack against that enemy as an immediate action.")
FADE = ("Fade Away: Use when an enemy declares a {r} or {a} attack against this creature; this creature has +4 AC and "
        "+4 DEF against that attack. If that attack misses, shift 4 squares.")
BOW = "Bow: (Range 10) +10 vs. AC; 10 damage."


def test_the_outcome_words_are_read_and_played() -> None:
    for text, flag in ((PIN, "if-hit"), (REBUKE, "if-hit"), (FADE, "if-miss")):
        c = card_from_json(card("Any", SWORD, text))
        assert len(c.powers) == 2 and unplayed_powers(c) == [], text
        assert flag in parse_power(0, "special", text).effects[-1].extra, text
    # after an attack the power makes itself, 'that attack' is that one: not read as the event's
    assert not parse_power(0, "special", "Use when this creature is hit: Make a {b} attack against that enemy. If "
                                         "that attack hits, shift 2 squares.").played


def test_a_pin_declared_holds_only_after_a_hit() -> None:
    pin = card("Guard", SWORD, PIN)
    pin["powers"][1]["uses"] = 2
    s, guard, orc = _duel(pin, card("Orc", SWORD, hp=100), [2, 15])
    sword = guard.powers[0]
    assert sword.attack is not None
    AT.attack(s.b, guard, sword, sword.attack, [orc])  # declared (a use spent), missed: nothing
    assert not orc.has("immobilized") and guard.uses[1] == 1
    AT.attack(s.b, guard, sword, sword.attack, [orc])
    assert orc.hp == 90 and orc.has("immobilized")


def test_a_rebuke_answers_a_hit_and_not_a_miss() -> None:
    s, norker, orc = _duel(card("Norker", SWORD, REBUKE), card("Orc", SWORD, hp=100), [2, 15, 15])
    osword = orc.powers[0]
    assert osword.attack is not None
    AT.attack(s.b, orc, osword, osword.attack, [norker])  # a miss: no rebuke
    assert orc.hp == 100
    AT.attack(s.b, orc, osword, osword.attack, [norker])  # a hit, then the rebuke
    assert norker.hp == 40 and orc.hp == 90


def test_it_fades_away_after_a_miss_only() -> None:
    fade = card("Deepshadow Elf", SWORD, FADE)
    fade["powers"][1]["uses"] = 2
    s = battle([fade], [card("Archer", BOW, hp=100)], PurposeDice(attack=[8, 15]))
    put(s, "a1", 2, 3)
    put(s, "b1", 9, 3)
    elf, archer = s.b.by_id["a1"], s.b.by_id["b1"]
    bow = archer.powers[0]
    assert bow.attack is not None
    AT.attack(s.b, archer, bow, bow.attack, [elf])  # 18 against AC 15 + 4: a miss, then it shifts away
    assert elf.hp == 50 and elf.pos != (2, 3)
    where = elf.pos
    AT.attack(s.b, archer, bow, bow.attack, [elf])  # 25: a hit, it stays
    assert elf.hp == 40 and elf.pos == where


# --- damage dealt by an attack: 'whenever this creature is damaged by a {m} attack: attacker takes 5 poison damage'
# (the damage events carry the attack whose hit dealt it; before, such a filter never held and the power never acted)

THORNS = "Poison Thorns: Whenever this creature is damaged by a {m} attack: Attacker takes 5 poison damage."
ENTRAP = ("Entrap Attacker: Use when this creature is missed by a {m} attack, no more than once per turn: Attacker is "
          "Immobilized (save ends).")
HAG = "Use when an enemy is damaged by a {m} attack: That enemy takes 5 damage."


def test_the_attacker_words_are_read_and_played() -> None:
    for text in (THORNS, ENTRAP, HAG):
        c = card_from_json(card("Any", SWORD, text))
        assert len(c.powers) == 2 and unplayed_powers(c) == [], text
    p = parse_power(0, "special", THORNS)
    assert (p.trigger, p.trigger_filter.attack_form, [(e.kind, e.who) for e in p.effects]) == (
        "damaged", "melee", [("damage", "target")])


def test_thorns_answer_a_melee_attacks_damage_and_not_a_ranged_one() -> None:
    s = battle([card("Dryad", SWORD, THORNS)], [card("Orc", SWORD, BOW, hp=100)], PurposeDice(attack=[15, 15]))
    put(s, "a1", 2, 3)
    put(s, "b1", 8, 3)  # the bow from afar (no opportunity attack)
    dryad, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    bow, sword = orc.powers[1], orc.powers[0]
    assert bow.attack is not None and sword.attack is not None
    AT.attack(s.b, orc, bow, bow.attack, [dryad])
    assert dryad.hp == 40 and orc.hp == 100
    put(s, "b1", 3, 3)
    AT.attack(s.b, orc, sword, sword.attack, [dryad])
    assert dryad.hp == 30 and orc.hp == 95


def test_an_enemy_damaged_by_a_melee_attack_takes_5_more() -> None:
    s = battle([card("Hag", HAG), card("Fighter", SWORD)], [card("Orc", SWORD, hp=100)], PurposeDice(attack=[15]))
    put(s, "a1", 1, 1)
    put(s, "a2", 4, 3)
    put(s, "b1", 5, 3)
    fighter, orc = s.b.by_id["a2"], s.b.by_id["b1"]
    sword = fighter.powers[0]
    assert sword.attack is not None
    AT.attack(s.b, fighter, sword, sword.attack, [orc])
    assert orc.hp == 85
    DM.deal_damage(s.b, orc, [(10, "")], fighter)  # damage that is no attack's: nothing more
    assert orc.hp == 75


def test_a_missed_melee_attacker_is_immobilized() -> None:
    s, golem, orc = _duel(card("Web Golem", SWORD, ENTRAP), card("Orc", SWORD, hp=100), [2])
    osword = orc.powers[0]
    assert osword.attack is not None
    AT.attack(s.b, orc, osword, osword.attack, [golem])
    assert golem.hp == 50 and orc.has("immobilized")


# --- 'when this creature causes an enemy to become bloodied', 'bloodies or destroys an enemy', 'an Orc ally bloodies'

FRENZIED = ("Frenzied Strike: Use when this creature causes an enemy to become Bloodied; make a {b} attack against "
            "that enemy.")
REDCAP = "Redcap: Use when this creature bloodies or destroys an enemy: Heal 10 HP."
GRUUMSH = "Blessing of Gruumsh: Use when an Orc ally bloodies an enemy; that ally heals 15 hp."


def test_the_bloodying_events_are_read_and_played() -> None:
    for text, trigger in ((FRENZIED, "bloodies"), (REDCAP, "bloodies-or-destroys"), (GRUUMSH, "ally-bloodies")):
        c = card_from_json(card("Any", SWORD, text))
        assert len(c.powers) == 2 and unplayed_powers(c) == [], text
        assert parse_power(0, "special", text).trigger == trigger, text


def test_bloodying_an_enemy_calls_a_second_attack_and_a_hit_above_half_does_not() -> None:
    s, troll, orc = _duel(card("Troll", SWORD, FRENZIED), card("Orc", SWORD, hp=40), [15, 15, 15])
    sword = troll.powers[0]
    assert sword.attack is not None
    AT.attack(s.b, troll, sword, sword.attack, [orc])  # 40 -> 30: not bloodied
    assert orc.hp == 30
    AT.attack(s.b, troll, sword, sword.attack, [orc])  # 30 -> 20: bloodied, then the frenzied strike
    assert orc.hp == 10


def test_it_heals_when_it_bloodies_and_when_it_destroys() -> None:
    s, redcap, orc = _duel(card("Redcap", SWORD, REDCAP), card("Orc", SWORD, hp=20), [15, 15])
    redcap.hp = 20
    sword = redcap.powers[0]
    assert sword.attack is not None
    AT.attack(s.b, redcap, sword, sword.attack, [orc])  # 20 -> 10: bloodied
    assert redcap.hp == 30
    AT.attack(s.b, redcap, sword, sword.attack, [orc])  # destroyed
    assert not orc.in_play() and redcap.hp == 40


def test_an_orc_ally_that_bloodies_an_enemy_heals() -> None:
    s = battle([card("Templar", GRUUMSH), card("Orc Warrior", SWORD, keywords=("Orc",))],
               [card("Human", SWORD, hp=20)], PurposeDice(attack=[15]))
    put(s, "a1", 1, 1)
    put(s, "a2", 4, 3)
    put(s, "b1", 5, 3)
    warrior, human = s.b.by_id["a2"], s.b.by_id["b1"]
    warrior.hp = 20
    sword = warrior.powers[0]
    assert sword.attack is not None
    AT.attack(s.b, warrior, sword, sword.attack, [human])
    assert human.hp == 10 and warrior.hp == 35


# --- RECHARGE by an event with a named power or an adjacent victim

BLESSING = "Blessing of Orcus: Whenever an adjacent living enemy is destroyed: heal 10 HP."
SMOKE = ("Smoke Form: Use at start of any turn: This creature heals 10 HP and has Insubstantial until the start of its "
         "next turn. Recharge when this creature hits with Terror Strike.")
TERROR = "Terror Strike: +10 vs. AC; 10 damage."


def test_an_adjacent_enemy_destroyed_heals_it_and_one_farther_away_does_not() -> None:
    s = battle([card("Devourer", SWORD, BLESSING)], [card("Orc", SWORD, hp=10), card("Goblin", SWORD, hp=10)],
               PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 8, 6)
    devourer, orc, goblin = s.b.by_id["a1"], s.b.by_id["b1"], s.b.by_id["b2"]
    devourer.hp = 20
    DM.deal_damage(s.b, goblin, [(10, "")], devourer)  # destroyed 4 squares away
    assert not goblin.in_play() and devourer.hp == 20
    DM.deal_damage(s.b, orc, [(10, "")], devourer)  # destroyed beside it
    assert not orc.in_play() and devourer.hp == 30


def test_a_hit_with_the_named_power_recharges_it_and_another_hit_does_not() -> None:
    demon = card("Shadow Demon", SWORD, TERROR, SMOKE)
    demon["powers"][2]["uses"] = 1
    s = battle([demon], [card("Orc", SWORD, hp=100)], PurposeDice(attack=[15, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    shadow, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    smoke = shadow.powers[2]
    assert smoke.recharge == "on:hits" and smoke.recharge_filter.attack_form == "power:terror strike"
    shadow.uses[smoke.index] = 0  # spent
    sword, terror = shadow.powers[0], shadow.powers[1]
    assert sword.attack is not None and terror.attack is not None
    AT.attack(s.b, shadow, sword, sword.attack, [orc])
    assert shadow.uses[smoke.index] == 0
    AT.attack(s.b, shadow, terror, terror.attack, [orc])
    assert shadow.uses[smoke.index] == 1


STALKER = ("Stalker: Whenever this creature makes an attack against a target that has no other creature adjacent to "
           "it: +4 Attack and +10 Damage on that attack.")


def test_an_attack_against_a_lone_target_has_its_bonus_and_against_a_flanked_one_not() -> None:
    c = card_from_json(card("Panther", SWORD, STALKER))
    assert len(c.powers) == 2 and unplayed_powers(c) == []
    s = battle([card("Panther", SWORD, STALKER), card("Wolf", SWORD)], [card("Orc", SWORD, hp=100)],
               PurposeDice(attack=[15, 15]))
    put(s, "a1", 4, 3)
    put(s, "a2", 9, 7)
    put(s, "b1", 5, 3)
    panther, wolf, orc = s.b.by_id["a1"], s.b.by_id["a2"], s.b.by_id["b1"]
    sword = panther.powers[0]
    assert sword.attack is not None
    AT.attack(s.b, panther, sword, sword.attack, [orc])  # alone with the orc: +10 damage
    assert orc.hp == 80
    put(s, "a2", 6, 3)  # another creature beside the orc
    assert s.b.adjacent(wolf, orc)
    AT.attack(s.b, panther, sword, sword.attack, [orc])
    assert orc.hp == 70


def test_an_ally_first_bloodied_heals_and_bloodied_again_does_not() -> None:
    text = "Use when a Martial ally within 5 squares first becomes bloodied: That ally heals 15 HP."
    c = card_from_json(card("Any", SWORD, text))
    assert len(c.powers) == 2 and unplayed_powers(c) == []
    assert parse_power(0, "special", text).trigger == "ally-first-bloodied"
    s = battle([card("Champion", SWORD, text), card("Soldier", SWORD, keywords=("Martial",))],
               [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 2, 3)
    put(s, "a2", 4, 3)
    put(s, "b1", 10, 7)
    soldier, orc = s.b.by_id["a2"], s.b.by_id["b1"]
    DM.deal_damage(s.b, soldier, [(30, "")], orc)  # 50 -> 20: bloodied the first time, healed to 35
    assert soldier.hp == 35
    DM.deal_damage(s.b, soldier, [(15, "")], orc)  # 35 -> 20: bloodied again, not the first time
    assert soldier.hp == 20


# --- any creature destroyed, an ally's natural roll, a weakened creature destroyed (RECHARGE)

MOLDER = "Moldering Growth: Use when an adjacent creature is destroyed: heal 10 HP."
KEEN_ALLY = "Use when an ally's {m} attack roll is a natural 17+. That attack scores a critical."
SPECTRAL = ("Spectral Dissipation: (radius 1 within 10) +9 vs. Will; 15 damage AND Weakened (save ends). RECHARGE when "
            "a Weakened creature is destroyed.")


def test_the_any_creature_and_ally_roll_words_are_read_and_played() -> None:
    for text, trigger in ((MOLDER, "any-destroyed"), (KEEN_ALLY, "ally-rolls")):
        c = card_from_json(card("Any", SWORD, text))
        assert len(c.powers) == 2 and unplayed_powers(c) == [], text
        assert parse_power(0, "special", text).trigger == trigger, text
    c = card_from_json(card("Magelord", SPECTRAL))
    assert len(c.powers) == 1 and unplayed_powers(c) == []
    assert (c.powers[0].recharge, c.powers[0].recharge_filter.self_state) == ("on:any-destroyed", "cond:weakened")


def test_an_adjacent_ally_destroyed_heals_it_too() -> None:
    s = battle([card("Drudge", SWORD, MOLDER, hp=40), card("Friend", SWORD, hp=10)], [card("Orc", SWORD)],
               PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "a2", 4, 4)
    put(s, "b1", 9, 7)
    drudge, friend, orc = s.b.by_id["a1"], s.b.by_id["a2"], s.b.by_id["b1"]
    drudge.hp = 20
    DM.deal_damage(s.b, friend, [(10, "")], orc)
    assert not friend.in_play() and drudge.hp == 30


def test_an_allys_natural_17_is_a_critical_hit() -> None:
    s = battle([card("Half-Orc", SWORD, KEEN_ALLY), card("Fighter", SWORD)], [card("Orc", SWORD, hp=100)],
               PurposeDice(attack=[16, 17]))
    put(s, "a1", 1, 1)
    put(s, "a2", 4, 3)
    put(s, "b1", 5, 3)
    fighter, orc = s.b.by_id["a2"], s.b.by_id["b1"]
    sword = fighter.powers[0]
    assert sword.attack is not None
    AT.attack(s.b, fighter, sword, sword.attack, [orc])
    assert orc.hp == 90
    AT.attack(s.b, fighter, sword, sword.attack, [orc])  # a critical hit: double damage
    assert orc.hp == 70


def test_a_weakened_creature_destroyed_recharges_it_and_another_does_not() -> None:
    mage = card("Magelord", SPECTRAL)
    mage["powers"][0]["uses"] = 1
    s = battle([mage], [card("Orc", SWORD, hp=10), card("Goblin", SWORD, hp=10)], PurposeDice())
    put(s, "a1", 2, 3)
    put(s, "b1", 8, 3)
    put(s, "b2", 8, 6)
    magelord, orc, goblin = s.b.by_id["a1"], s.b.by_id["b1"], s.b.by_id["b2"]
    power = magelord.powers[0]
    magelord.uses[power.index] = 0
    DM.deal_damage(s.b, goblin, [(10, "")], magelord)  # not weakened
    assert magelord.uses[power.index] == 0
    FX.add_active(s.b, orc, "condition", "weakened", 0, "save", magelord, Filter())
    DM.deal_damage(s.b, orc, [(10, "")], magelord)
    assert magelord.uses[power.index] == 1


# --- 'a creature in your warband' / 'this creature or an ally' hits or is hit

RADIANT = "Use when a creature in your warband hits with a {m} attack: +10 radiant Damage on that attack."
REBUFF = "Use when a creature in your warband is hit by a {m} attack. The attacker takes 10 radiant Damage."


def test_its_side_hitting_and_being_hit() -> None:
    for text, trigger in ((RADIANT, "friend-hits"), (REBUFF, "friend-hit")):
        c = card_from_json(card("Any", SWORD, text))
        assert len(c.powers) == 2 and unplayed_powers(c) == [], text
        assert parse_power(0, "special", text).trigger == trigger, text
    s = battle([card("Cleric", SWORD, RADIANT, REBUFF), card("Fighter", SWORD)], [card("Orc", SWORD, hp=100)],
               PurposeDice(attack=[15, 15]))
    put(s, "a1", 1, 1)
    put(s, "a2", 4, 3)
    put(s, "b1", 5, 3)
    fighter, orc = s.b.by_id["a2"], s.b.by_id["b1"]
    sword, osword = fighter.powers[0], orc.powers[0]
    assert sword.attack is not None and osword.attack is not None
    AT.attack(s.b, fighter, sword, sword.attack, [orc])  # the ally's hit: +10 radiant
    assert orc.hp == 80
    AT.attack(s.b, orc, osword, osword.attack, [fighter])  # the ally is hit: the attacker takes 10
    assert fighter.hp == 40 and orc.hp == 70
