"""Powers the engine counted played while it played them otherwise than printed (the review of issue 23): each test
shows what the card says should happen."""

from __future__ import annotations

from typing import Any

from simulate.games import ddm_guild_damage as DM
from simulate.games import ddm_guild_moves as MV
from simulate.games.ddm_guild import GuildState
from simulate.games.ddm_guild_state import Fighter
from tests.simulate.test_ddm_guild_rules import (
    SWORD,
    PurposeDice,
    assert_played,
    attack_with,
    battle,
    card,
    put,
    turn_of,
)


def duel(ours: dict[str, Any], theirs: dict[str, Any], dice: PurposeDice) -> tuple[GuildState, Fighter, Fighter]:
    """``ours`` (its power 1 read and played whole) beside ``theirs`` on open ground."""
    assert_played(ours, 1)
    s = battle([ours], [theirs], dice)
    put(s, "a1", 4, 4)
    put(s, "b1", 5, 4)
    return s, s.b.by_id["a1"], s.b.by_id["b1"]

# --- 'when damaged by an attack': an attack's damage, not ongoing damage nor a power's ----------------------------

BOILING_BLOOD = "Boiling Blood: Whenever it takes damage from an attack: Each adjacent creature takes 10 fire damage."


def test_damage_from_an_attack_answers_an_attacks_damage_only() -> None:
    """Adult Remorhaz: ongoing damage (or a power's) is no attack's; the power answers a hit's damage."""
    s, a, orc = duel(card("Adult Remorhaz", SWORD, BOILING_BLOOD, hp=200), card("Orc", SWORD, hp=100),
                     PurposeDice(attack=[18]))
    DM.deal_damage(s.b, a, [(10, "fire")], orc)  # (the way ongoing damage is dealt: from its source, no attack)
    assert orc.hp == 100
    attack_with(s, orc, a)
    assert orc.hp == 90


WILD_SWING = "Wild Swing: (burst 1) +5 vs. AC; 25 Damage. RECHARGE when this creature is damaged by an attack."


def test_recharge_when_damaged_by_an_attack_waits_for_an_attack() -> None:
    """Mountain Orc: its Wild Swing recharges on an attack's damage, not on ongoing damage."""
    s, a, guard = duel(card("Mountain Orc", SWORD, WILD_SWING, hp=100), card("Guard", SWORD, hp=100),
                       PurposeDice(attack=[18]))
    a.uses[1] = 0  # (spent)
    DM.deal_damage(s.b, a, [(10, "")], guard)
    assert a.uses[1] == 0
    attack_with(s, guard, a)
    assert a.uses[1] == 1


BLOOD_DRAIN = ("Blood Drain: Use only when target grants this creature combat advantage: +9 vs. AC; 10 damage AND "
               "this creature heals 15 HP. RECHARGE when this creature is hit by a {m} attack.")


def test_recharge_when_hit_by_a_melee_attack_waits_for_a_melee_hit() -> None:
    """Vampire Spawn: a ranged hit, or ongoing damage, does not recharge Blood Drain; a melee hit does."""
    spawn = card("Vampire Spawn", SWORD, BLOOD_DRAIN, hp=100)
    assert_played(spawn, 1)
    s = battle([spawn], [card("Archer", SWORD, "Bow: (range 10) +10 vs. AC; 10 damage.", hp=100)],
               PurposeDice(attack=[18, 18]))
    a, archer = s.b.by_id["a1"], s.b.by_id["b1"]
    put(s, "a1", 4, 4)
    put(s, "b1", 5, 4)
    a.uses[1] = 0  # (spent)
    DM.deal_damage(s.b, a, [(10, "")], archer)
    attack_with(s, archer, a, 1)
    assert a.uses[1] == 0
    attack_with(s, archer, a, 0)
    assert a.uses[1] == 1


# --- 'when an enemy ... an ally': the enemy named is of the other side (an ally's burst hits allies too) ------------

BURST = "Fire Burst: (burst 1) +10 vs. Reflex; 10 fire damage."
ST_CUTHBERT = "Use when an enemy hits an ally with an attack: That enemy takes ongoing 10 radiant damage (save ends)."


def ally_burst(raw: dict[str, Any]) -> tuple[GuildState, Fighter, Fighter, Fighter]:
    """``raw`` (its power 1 played whole) with a mage whose burst takes in an ally (a lord) and an orc: the burst
    made, then (mage, lord, orc)."""
    assert_played(raw, 1)
    s = battle([raw, card("Mage", BURST), card("Lord", SWORD)], [card("Orc", SWORD)], PurposeDice(attack=[18, 18, 18]))
    mage, lord, orc = s.b.by_id["a2"], s.b.by_id["a3"], s.b.by_id["b1"]
    put(s, "a1", 1, 1)
    put(s, "a2", 4, 4)
    put(s, "a3", 4, 5)
    put(s, "b1", 5, 5)
    attack_with(s, mage, lord)  # (the burst: the lord and the orc)
    assert lord.hp < 50
    return s, mage, lord, orc


def test_an_enemy_hitting_an_ally_is_not_an_allys_burst() -> None:
    """Cleric of St. Cuthbert: an ally's burst that hits an ally is no enemy's hit; an enemy's hit is."""
    s, mage, lord, orc = ally_burst(card("Cleric of St. Cuthbert", SWORD, ST_CUTHBERT))
    assert not any(e.kind == "ongoing" for e in mage.effects)
    attack_with(s, orc, lord)
    assert any(e.kind == "ongoing" and e.what == "radiant" for e in orc.effects)


BLACKGUARD = "Use when an enemy attacks an ally. That enemy has -4 AC and -4 DEF until end of its next turn."


def test_an_enemy_attacking_an_ally_is_not_an_allys_burst() -> None:
    """Human Blackguard: an ally's burst that takes in an ally leaves that ally's AC alone; an enemy's attack does
    not."""
    s, mage, lord, orc = ally_burst(card("Human Blackguard", SWORD, BLACKGUARD))
    assert not [e for e in mage.effects if e.kind == "mod"]
    attack_with(s, orc, lord)
    assert {(e.what, e.amount) for e in orc.effects if e.kind == "mod"} >= {("ac", -4)}


# --- 'make a {b} attack against that enemy': that enemy or no one ---------------------------------------------------

LOYAL_PROTECTOR = ("Loyal Protector: Use after an enemy makes an attack against a champion ally: Make a {b} attack "
                   "against that enemy as an immediate action.")
BOW = "Bow: (range 10) +10 vs. AC; 10 damage."


def test_an_attack_against_that_enemy_out_of_reach_attacks_no_one_else() -> None:
    """Clay Golem: the archer that shot its champion ally is out of its reach; the orc beside it is not that enemy
    (and the golem's reaction is not spent). A brute beside it that attacks the champion is."""
    golem = card("Clay Golem", SWORD, LOYAL_PROTECTOR)
    assert_played(golem, 1)
    s = battle([golem, card("Lord", SWORD, rating=1)], [card("Archer", BOW), card("Orc", SWORD), card("Brute", SWORD)],
               PurposeDice(attack=[18, 18, 18, 18]))
    golem_f, lord, archer, orc, brute = (s.b.by_id[x] for x in ("a1", "a2", "b1", "b2", "b3"))
    put(s, "a1", 2, 2)
    put(s, "a2", 2, 6)
    put(s, "b1", 9, 6)
    put(s, "b2", 3, 2)
    put(s, "b3", 9, 1)
    attack_with(s, archer, lord)
    assert orc.hp == 50 and archer.hp == 50
    assert golem_f.immediate_ready()
    put(s, "a1", 3, 7)
    put(s, "b3", 2, 7)
    attack_with(s, brute, lord)
    assert brute.hp == 40 and orc.hp == 50


# --- '(save ends both)': one saving throw ends both ------------------------------------------------------------------

POISON_TOUCH = "Poison Touch: +13 vs. Reflex; 5 ongoing poison damage AND -2 AC (save ends both)."
HOBBLE = "Hobble: +8 vs. AC; Slowed AND 10 ongoing damage (save ends both)."


def test_one_save_ends_both() -> None:
    """Orc War Druid: one save (15) ends the ongoing poison damage and the -2 AC; no second save is rolled."""
    dice = PurposeDice(attack=[18], save=[15, 5])
    s, a, orc = duel(card("Orc War Druid", SWORD, POISON_TOUCH), card("Orc", SWORD), dice)
    attack_with(s, a, orc, 1)
    assert {(e.kind, e.what) for e in orc.effects} == {("ongoing", "poison"), ("mod", "ac")}
    s._saves(orc)
    assert orc.effects == []
    assert [face for purpose, face in dice.rolled if purpose == "save"] == [15]


def test_a_condition_printed_without_a_duration_before_save_ends_both_lasts_until_saved() -> None:
    """Kobold with Glaive: 'Slowed AND 10 ongoing damage (save ends both)': the Slowed lasts until the save, which
    ends the ongoing damage too; failed, both stay."""
    s, a, orc = duel(card("Kobold with Glaive", SWORD, HOBBLE), card("Orc", SWORD),
                     PurposeDice(attack=[18], save=[5, 15]))
    attack_with(s, a, orc, 1)
    assert {(e.kind, e.what, e.duration) for e in orc.effects} == {("condition", "slowed", "save"),
                                                                    ("ongoing", "", "save")}
    s._saves(orc)
    assert len(orc.effects) == 2
    s._saves(orc)
    assert orc.effects == []


BLACK_CLOUD = ("Black Cloud: (burst 2, Achaierai creatures immune) +13 vs. DEF (Fort); 10 Damage AND Dazed (save "
               "ends); on a critical, target is also Dominated (save ends both).")


def test_a_critical_hits_condition_ends_with_the_hits_own_on_one_save() -> None:
    """Achaierai: on a critical hit the Dazed and the Dominated end together, on one save."""
    dice = PurposeDice(attack=[20], save=[15, 5])
    s, a, orc = duel(card("Achaierai", SWORD, BLACK_CLOUD), card("Orc", SWORD), dice)
    attack_with(s, a, orc, 1)
    assert orc.has("dazed") and orc.has("dominated")
    s._saves(orc)
    assert not orc.has("dazed") and not orc.has("dominated")
    assert [face for purpose, face in dice.rolled if purpose == "save"] == [15]


# --- a power that would do nothing is not used (its use is not spent) -----------------------------------------------

MIRT = "Use when this creature destroys an enemy: Recharge one use of an Ally's Champion Powers."


def _champion(raw: dict[str, Any], index: int) -> dict[str, Any]:
    raw["powers"][index]["kind"] = "champion"
    return raw


def test_a_champion_power_that_would_recharge_nothing_is_not_used() -> None:
    """Mirt: no ally has spent a champion use, so destroying an enemy does not spend Mirt's; once one has, it
    does."""
    mirt = _champion(card("Mirt", SWORD, MIRT, rating=2), 1)
    assert_played(mirt, 1)
    s = battle([mirt, card("Lord", SWORD, rating=2)], [card("Orc", SWORD, hp=10), card("Goblin", SWORD, hp=10)],
               PurposeDice(attack=[18, 18]))
    a, lord = s.b.by_id["a1"], s.b.by_id["a2"]
    put(s, "a1", 4, 4)
    put(s, "a2", 1, 1)
    put(s, "b1", 5, 4)
    put(s, "b2", 9, 7)
    attack_with(s, a, s.b.by_id["b1"])
    assert not s.b.by_id["b1"].alive
    assert a.champion_left == 2
    lord.champion_left = 1
    put(s, "b2", 5, 5)
    attack_with(s, a, s.b.by_id["b2"])
    assert a.champion_left == 1 and lord.champion_left == 2


RAIDER = ("Use when a Dragon in your warband becomes bloodied: RECHARGE one of that Dragon's attack powers, even if "
          "the power is not normally rechargeable.")


def test_a_champion_recharge_of_a_dragon_that_spent_nothing_is_not_used() -> None:
    """Green Dragon Raider: a Dragon bloodied with its breath unspent leaves the raider's use alone."""
    raider = _champion(card("Green Dragon Raider", SWORD, RAIDER, rating=2, keywords=("Dragon",)), 1)
    assert_played(raider, 1)
    s = battle([raider], [card("Orc", SWORD)], PurposeDice(attack=[18]))
    a = s.b.by_id["a1"]
    put(s, "a1", 4, 4)
    put(s, "b1", 5, 4)
    DM.deal_damage(s.b, a, [(30, "")], s.b.by_id["b1"])
    assert a.bloodied and a.champion_left == 2


# --- 'when a creature takes damage': the power's own creature is one ------------------------------------------------

BLUE = ("Use when a creature takes lightning damage. An enemy within 5 squares of that creature takes 10 lightning "
        "Damage.")


def test_any_creature_taking_damage_includes_the_powers_own() -> None:
    """Large Blue Dragon: lightning damage it takes itself is 'a creature' taking lightning damage."""
    dragon = card("Large Blue Dragon", SWORD, BLUE, hp=100)
    assert_played(dragon, 1)
    s = battle([dragon], [card("Orc", SWORD)], PurposeDice())
    a, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    put(s, "a1", 4, 4)
    put(s, "b1", 7, 4)
    DM.deal_damage(s.b, a, [(10, "lightning")], None)
    assert orc.hp == 40


# --- ddm-guild.opportunity-attack: a close burst or blast provokes none -----------------------------------------------

def test_a_close_burst_provokes_no_opportunity_attack_a_ranged_attack_does() -> None:
    """A burst around the attacker takes in the enemy beside it without provoking it; a ranged attack beside it
    provokes its melee basic attack."""
    s = battle([card("Mage", BURST, BOW)], [card("Orc", SWORD)], PurposeDice(attack=[5, 5, 5, 5]))
    mage, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    put(s, "a1", 4, 4)
    put(s, "b1", 5, 4)
    attack_with(s, mage, orc, 0)
    assert not s.log.of_kind("opportunity-attack")
    attack_with(s, mage, orc, 1)
    assert [e.data["attacker"] for e in s.log.of_kind("opportunity-attack")] == ["b1"]


# --- 'until end of this creature's next turn' on another creature: this creature's turns count ----------------------

PIN_DOWN = "Pin Down: +21 vs. AC; 15 Damage AND Immobilized until end of this creature's next turn"


def test_this_creatures_next_turn_counts_this_creatures_turns() -> None:
    """Steel Predator: the orc it pins on its turn stays Immobilized through the end of that turn and of the orc's own
    turn; the end of the predator's next turn ends it."""
    s, predator, orc = duel(card("Steel Predator", SWORD, PIN_DOWN), card("Orc", SWORD, hp=100),
                            PurposeDice(attack=[18]))
    turn_of(s, "a1")
    attack_with(s, predator, orc, 1)
    assert orc.has("immobilized")
    s._end_turn(predator)
    turn_of(s, "b1")
    s._end_turn(orc)
    assert orc.has("immobilized")
    turn_of(s, "a1")
    s._end_turn(predator)
    assert not orc.has("immobilized")


# --- a push: each square farther from the pusher (ddm-guild.forced-movement; review suspect 8, not confirmed) --------

def test_each_square_of_a_push_is_farther_from_the_pusher() -> None:
    """A push of 1 from beside the pusher ends 2 squares from it, diagonally or not (squares count 1 each way: the
    1.0 glossary's 'a square that is farther'); a longer push gets farther with every square."""
    shove = "Shove: +10 vs. AC; 5 damage AND push target 1 square."
    s, ogre, orc = duel(card("Ogre", SWORD, shove), card("Orc", SWORD), PurposeDice())
    for start, n in (((5, 4), 1), ((5, 5), 1), ((5, 4), 3)):
        put(s, "b1", *start)
        seen = [s.b.gap(ogre, orc)]
        for _ in range(n):
            MV.forced_move(s.b, orc, ogre, "push", 1, False)
            seen.append(s.b.gap(ogre, orc))
        assert seen == list(range(1, n + 2)), (start, n, seen)


WHITE = "Use when any creature takes cold damage: That creature is Immobilized until end of round."


def test_a_champion_power_that_harms_the_damaged_creature_is_used_on_enemies_only() -> None:
    """Elder White Dragon (a champion power, its player's choice): cold damage on itself or an ally leaves it free to
    move; on an enemy, that enemy is Immobilized."""
    dragon = _champion(card("Elder White Dragon", SWORD, WHITE, rating=2), 1)
    assert_played(dragon, 1)
    s = battle([dragon, card("Lord", SWORD)], [card("Orc", SWORD)], PurposeDice())
    a, lord, orc = s.b.by_id["a1"], s.b.by_id["a2"], s.b.by_id["b1"]
    for fid, x in (("a1", 1), ("a2", 4), ("b1", 8)):
        put(s, fid, x, 4)
    for f in (a, lord):
        DM.deal_damage(s.b, f, [(5, "cold")], orc)
        assert not f.has("immobilized")
    DM.deal_damage(s.b, orc, [(5, "cold")], a)
    assert orc.has("immobilized") and a.champion_left == 1
