"""The target words: one vocabulary for the creature an attack, a rider or a modifier is against ('enemies with
Flight', 'level 1 or 2 enemies', 'targets adjacent to a wall', 'targets taking ongoing fire damage', 'creatures that
have already activated this round', 'Evil Undead targets', '(Level 10 or lower target)', '10 radiant damage vs. Evil
enemies'), read by ddm_guild_words._target_words and judged by ddm_guild_judge.target_state_ok; and attack lines
the reader had refused ('(burst 3, Undead targets only), +6 vs. Will', '(range 5) 2 attacks against 1 target')."""

from __future__ import annotations

import re
from typing import Any

from simulate.games import ddm_guild_apply as FX
from simulate.games import ddm_guild_judge as J
from simulate.games.ddm_guild import GuildAttack
from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from simulate.games.ddm_guild_powers import parse_power
from simulate.games.ddm_guild_state import Fighter
from simulate.games.ddm_guild_vocab import Filter
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put, turn_of

AERIAL = "Aerial Fighter: +10 damage vs. enemies with Flight."
BULLY = "Bully 5: +5 damage vs. level 1 or 2 enemies."
WALLS = "Walls as Allies: +2 attack and +5 damage vs. targets adjacent to a wall."
SMITE = "Smite Lawbreakers: +10 damage vs. creatures that have already activated this round."
HEATSENSE = "Heatsense: +3 Attack against targets taking ongoing fire damage."
EVIL_UNDEAD = "Evil Undead Foe: +2 Attack against Evil Undead targets."
SUDDEN = "Sudden Strike: +15 Damage against targets that cannot see this creature and against Stunned targets."
REAPER = "Reaper: +4 Attack and +10 Damage against bloodied targets granting this creature combat advantage."
OPPORTUNIST = "Vicious Opportunist: +10 Damage with {m} attacks during other creature's turns."
METHODICAL = "Methodical Killer 20: +20 Damage with m attacks against the lowest-level enemy in play."
STONESHEARER = "Stoneshearer: +20 damage against enemies with Resist All 20, Resist All 25, or Resist All 30."
WINDBORN = "Windborn: +4 AC vs. enemies without Flight."
VISAGE = ("Fearful Visage: Minor action: (range 6, Level 10 or lower target) +14 vs. Will: Immobilized. Recharge as a "
          "move action.")
HORROR = ("Horror Attack: (target that does not have line of sight to any of its allies only) +14 vs. AC; 10 + 20 "
          "psychic damage AND Dazed.")
POISON_MIND = ("Poison the Mind: (range 10, only against targets taking ongoing poison damage) +8 vs. DEF(Will); Dazed "
               "AND Slowed (Poison, save ends both)")
HOLY = "Holy Avenger: +10 vs. AC; 20 damage AND 10 radiant damage vs. Evil enemies."
TURN_UNDEAD = "Turn Undead: (burst 3, Undead targets only), +6 vs. DEF(Will); 5 radiant Damage"
AXE = "Throwing Axe: (range 5) 2 attacks against 1 target, +10 vs. AC each; 10 Damage each"
FORTIFIED = "Fortified 10: -10 damage vs. critical hits."

READ = (AERIAL, BULLY, WALLS, SMITE, HEATSENSE, EVIL_UNDEAD, SUDDEN, REAPER, OPPORTUNIST, METHODICAL, STONESHEARER,
        WINDBORN, VISAGE, HORROR, POISON_MIND, HOLY, TURN_UNDEAD, AXE, FORTIFIED,
        "Humanoid Bane 10: +10 damage vs. Kobold, Orc, Goblin and Hobgoblin enemies.",
        "Breathing Room: +15 Damage with {m} attacks against targets not adjacent to a wall.",
        "Surprise Attack: +10 Damage against targets that have not yet taken a turn this round.",
        "Mind Thrust: (nearest) Does not provoke opportunity attacks, +7 vs. DEF(Ref); 10 Damage",
        "Ravenous Feast: (Staggered, Stunned, or Helpless enemy) +10 vs. AC; 25 Damage",
        "Venomous Bite: (adjacent Immobilized enemy only) +11 vs. AC; 15 Damage AND Stunned (save ends)",
        "Sweeping Sword: Make up to 2 attacks, each against a different Medium or smaller target, +20 vs. AC; 25 "
        "damage.")


def _card(name: str, *powers: str, **kw: Any) -> dict[str, Any]:
    flight = kw.pop("flight", False)
    alignment = kw.pop("alignment", "neutral")
    raw = card(name, *powers, **kw)
    raw["alignment"] = alignment
    if flight:
        raw["movement_mode"] = "flight"
    for power in raw["powers"]:  # an attack has a roll against a defence ('+10 damage vs. enemies' has none)
        power["kind"] = "attack" if re.search(r"\+\d+ vs\.", power["text"]) else "special"
    return raw


def test_the_powers_are_read_and_played() -> None:
    for text in READ:
        c = card_from_json(_card("Any", SWORD, text))
        assert len(c.powers) == 2 and c.powers[1].text == text, text
        assert unplayed_powers(c) == [], (text, [p.unplayed for p in unplayed_powers(c)])


def test_the_words_as_target_states() -> None:
    def state(text: str) -> str:
        p = parse_power(1, "special", text)
        assert p.played and p.statics, text
        return p.statics[0].filter.target_state

    assert state(AERIAL) == "flying" and state(WINDBORN) == "!flying"
    assert state(BULLY) == "kinds:level<=2" and state(EVIL_UNDEAD) == "kinds:evil+undead"
    assert state(WALLS) == "at:adjacent-wall" and state(SMITE) == "activated"
    assert state(HEATSENSE) == "ongoing:fire" and state(SUDDEN) == "unseeing/cond:stunned"
    assert state(REAPER) == "bloodied&ca" and state(STONESHEARER) == "resist:all=20|25|30"
    assert state("X: +10 damage vs. Dazed, Stunned, Immobilized, and Confused enemies.") == \
        "cond:dazed|stunned|immobilized|confused"  # a list is any of them
    assert state("X: +10 Damage against Aberrant targets, Immortal targets, and Planar targets.") == \
        "kinds:aberrant|immortal|planar"
    # a Big creature: Large or larger (the 1.0 rules' big creatures, ddm-guild.size)
    assert state("X: +5 damage vs. big enemies.") == "size>=large"
    # words that are no creature kind or state stay unread
    for text in ("X: +5 damage vs. frobnitz enemies.", "X: +10 damage vs. enemies with Frobnitz."):
        assert not parse_power(1, "special", text).played, text


def _mods(fighter: Fighter, stat: str, target: Fighter, s: Any) -> int:
    sword = fighter.powers[0]
    assert sword.attack is not None
    return J._stat_mods(s.b, fighter, stat, target, sword.attack, sword, False, False)


def test_flight_level_and_kinds_of_the_target() -> None:
    s = battle([_card("Hunter", SWORD, AERIAL, BULLY, EVIL_UNDEAD)],
               [_card("Bat", SWORD, flight=True, level=2), _card("Lich", SWORD, level=3, alignment="evil",
                                                                 keywords=("Undead",)),
                _card("Ghoul", SWORD, level=3, keywords=("Undead",))], PurposeDice())
    hunter, bat, lich, ghoul = (s.b.by_id[k] for k in ("a1", "b1", "b2", "b3"))
    assert [p.name for p in hunter.powers] == ["Sword", "Aerial Fighter", "Bully 5", "Evil Undead Foe"]
    assert _mods(hunter, "damage", bat, s) == 15  # Flight and level 2
    assert _mods(hunter, "damage", lich, s) == 0
    assert (_mods(hunter, "attack", lich, s), _mods(hunter, "attack", ghoul, s)) == (2, 0)  # Evil and Undead
    bat.flight = False
    assert _mods(hunter, "damage", bat, s) == 5


def test_a_wall_next_to_the_target_and_the_target_taking_ongoing_fire() -> None:
    s = battle([_card("Rogue", SWORD, WALLS, HEATSENSE)], [_card("Edge", SWORD), _card("Open", SWORD)], PurposeDice())
    put(s, "a1", 5, 3)
    put(s, "b1", 5, 0)  # the map's edge counts as a wall (ddm-guild.stand-in-terrain)
    put(s, "b2", 6, 3)
    rogue, edge, open_ = (s.b.by_id[k] for k in ("a1", "b1", "b2"))
    assert (_mods(rogue, "attack", edge, s), _mods(rogue, "attack", open_, s)) == (2, 0)
    FX.add_active(s.b, open_, "ongoing", "fire", 5, "save", rogue, Filter())
    assert _mods(rogue, "attack", open_, s) == 3
    FX.add_active(s.b, edge, "ongoing", "poison", 5, "save", rogue, Filter())
    assert _mods(rogue, "attack", edge, s) == 2  # poison is not fire


def test_already_activated_this_round_in_a_battle() -> None:
    s = battle([_card("Archon", SWORD, SMITE)], [_card("Early", SWORD, hp=60), _card("Late", SWORD, hp=60)],
               PurposeDice(attack=[15, 15]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    put(s, "b2", 5, 4)
    early, late = s.b.by_id["b1"], s.b.by_id["b2"]
    early.activations_left, late.activations_left = 0, 1  # the early one has taken its turn this round
    late.activations = early.activations = 1
    turn_of(s, "a1")
    s.apply(GuildAttack(0, ("b1",)))
    turn_of(s, "a1")
    s.apply(GuildAttack(0, ("b2",)))
    assert (early.hp, late.hp) == (40, 50)


def test_either_description_and_both_states() -> None:
    s = battle([_card("Ninja", SWORD, SUDDEN, REAPER), _card("Friend", SWORD)],
               [_card("Orc", SWORD, hp=60)], PurposeDice())
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    put(s, "a2", 9, 7)
    ninja, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    assert _mods(ninja, "damage", orc, s) == 0
    FX.add_active(s.b, orc, "condition", "stunned", 0, "save", ninja, Filter())
    assert _mods(ninja, "damage", orc, s) == 15  # Stunned: Sudden Strike; not bloodied: no Reaper
    orc.hp = 20  # bloodied, and stunned grants combat advantage
    assert _mods(ninja, "damage", orc, s) == 25
    s.b.by_id["b1"].effects.clear()
    assert _mods(ninja, "damage", orc, s) == 0  # bloodied, but no combat advantage and it sees the ninja


def test_other_turns_lowest_level_and_resist_all() -> None:
    s = battle([_card("Killer", SWORD, OPPORTUNIST, METHODICAL, STONESHEARER)],
               [_card("Low", SWORD, level=2), _card("High", SWORD, level=7)], PurposeDice())
    killer, low, high = (s.b.by_id[k] for k in ("a1", "b1", "b2"))
    s.b.active = killer
    assert (_mods(killer, "damage", low, s), _mods(killer, "damage", high, s)) == (20, 0)
    s.b.active = high
    assert _mods(killer, "damage", high, s) == 10
    high.resist["all"] = 20
    assert _mods(killer, "damage", high, s) == 30
    high.resist["all"] = 15
    assert _mods(killer, "damage", high, s) == 10


def test_a_defence_against_attackers_without_flight() -> None:
    s = battle([_card("Drake", SWORD, WINDBORN, flight=True)], [_card("Walker", SWORD), _card("Flyer", SWORD,
                                                                                              flight=True)],
               PurposeDice())
    drake, walker, flyer = (s.b.by_id[k] for k in ("a1", "b1", "b2"))
    sword = walker.powers[0]
    assert sword.attack is not None
    assert J.defence(s.b, drake, "ac", walker, sword.attack, sword, False) == 19
    assert J.defence(s.b, drake, "ac", flyer, sword.attack, sword, False) == 15


def test_attacks_limited_to_a_target() -> None:
    s = battle([_card("Bugbear", SWORD, VISAGE, POISON_MIND)],
               [_card("Low", SWORD, level=10), _card("High", SWORD, level=12)], PurposeDice())
    put(s, "a1", 5, 3)
    put(s, "b1", 7, 3)
    put(s, "b2", 7, 5)
    turn_of(s, "a1")
    bugbear = s.b.by_id["a1"]
    aims = {(a.power, a.targets) for a in s._attack_actions(bugbear) if isinstance(a, GuildAttack)}
    assert (1, ("b1",)) in aims and (1, ("b2",)) not in aims  # level 10 or lower
    assert not any(a[0] == 2 for a in aims)  # nobody takes ongoing poison damage
    FX.add_active(s.b, s.b.by_id["b2"], "ongoing", "poison", 5, "save", bugbear, Filter())
    aims = {(a.power, a.targets) for a in s._attack_actions(bugbear) if isinstance(a, GuildAttack)}
    assert (2, ("b2",)) in aims and (2, ("b1",)) not in aims


def test_a_target_that_sees_none_of_its_allies() -> None:
    s = battle([_card("Scarecrow", SWORD, HORROR)], [_card("Alone", SWORD), _card("Pal", SWORD)], PurposeDice())
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    put(s, "b2", 6, 4)
    turn_of(s, "a1")
    scarecrow = s.b.by_id["a1"]
    aims = {a.targets for a in s._attack_actions(scarecrow) if isinstance(a, GuildAttack) and a.power == 1}
    assert aims == set()  # each sees the other
    s.b.by_id["b2"].alive = False
    s.b.by_id["b2"].on_map = False
    s.b.moved()
    aims = {a.targets for a in s._attack_actions(scarecrow) if isinstance(a, GuildAttack) and a.power == 1}
    assert aims == {("b1",)}


def test_a_rider_against_evil_enemies_in_a_battle() -> None:
    s = battle([_card("Paladin", HOLY)], [_card("Fiend", SWORD, hp=60, alignment="evil"),
                                          _card("Knight", SWORD, hp=60, alignment="good")],
               PurposeDice(attack=[15, 15]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    put(s, "b2", 5, 4)
    for target in ("b1", "b2"):
        turn_of(s, "a1")
        s.apply(GuildAttack(0, (target,)))
    assert (s.b.by_id["b1"].hp, s.b.by_id["b2"].hp) == (30, 40)


def test_attack_lines_the_reader_had_refused() -> None:
    turn = parse_power(0, "attack", TURN_UNDEAD)
    assert turn.attack is not None and (turn.attack.form, turn.attack.size, turn.attack.target_filter.keyword) == (
        "close-burst", 3, "undead")
    axe = parse_power(0, "attack", AXE)
    assert axe.attack is not None and (axe.attack.form, axe.attack.range, axe.attack.targets, axe.attack.same) == (
        "ranged", 5, 2, True)
    s = battle([_card("Halfling", AXE)], [_card("One", SWORD), _card("Two", SWORD)], PurposeDice())
    put(s, "a1", 5, 3)
    put(s, "b1", 7, 3)
    put(s, "b2", 7, 5)
    turn_of(s, "a1")
    aims = {a.targets for a in s._attack_actions(s.b.by_id["a1"]) if isinstance(a, GuildAttack)}
    assert aims == {("b1", "b1"), ("b2", "b2")}  # both rolls against the one target
    fortified = parse_power(0, "special", FORTIFIED)
    assert [(x.kind, x.amount) for x in fortified.statics] == [("resist-crit", 10)]


GANG = "Gang Fighter: +1 AC for each enemy adjacent to this creature."
KRAUL = "Kraul Swarmers: +1 attack and +5 damage for each Kraul ally within 5 squares of it (maximum +10 damage)."
PACK_FURY = "Pack Fury: +5 damage with {m} attacks for each Gnoll or Beast ally adjacent to target."


def test_a_modifier_counted_for_each_creature() -> None:
    for text in (GANG, KRAUL, PACK_FURY):
        c = card_from_json(_card("Any", SWORD, text))
        assert len(c.powers) == 2 and unplayed_powers(c) == [], text
    s = battle([_card("Kraul", SWORD, KRAUL, GANG, PACK_FURY, keywords=("Kraul",)),
                _card("K2", SWORD, keywords=("Kraul",)), _card("K3", SWORD, keywords=("Kraul",)),
                _card("K4", SWORD, keywords=("Kraul",)), _card("Gnoll", SWORD, keywords=("Gnoll",))],
               [_card("Orc", SWORD), _card("Elf", SWORD)], PurposeDice())
    put(s, "a1", 5, 3)
    put(s, "a2", 4, 3)
    put(s, "a3", 4, 4)
    put(s, "a4", 11, 7)  # 6 squares away: too far
    put(s, "a5", 7, 3)
    put(s, "b1", 6, 3)
    put(s, "b2", 9, 6)
    kraul, orc, elf = s.b.by_id["a1"], s.b.by_id["b1"], s.b.by_id["b2"]
    assert _mods(kraul, "attack", orc, s) == 2  # two Kraul allies within 5 squares
    assert _mods(kraul, "damage", orc, s) == 10 + 5  # the Kraul's +10 (its maximum), the Gnoll beside the Orc +5
    assert _mods(kraul, "damage", elf, s) == 10
    put(s, "a4", 5, 5)
    assert (_mods(kraul, "attack", orc, s), _mods(kraul, "damage", elf, s)) == (3, 10)  # 15 capped at 10
    sword = orc.powers[0]
    assert sword.attack is not None
    assert J.defence(s.b, kraul, "ac", orc, sword.attack, sword, False) == 16  # one enemy adjacent
    put(s, "b2", 6, 4)
    assert J.defence(s.b, kraul, "ac", orc, sword.attack, sword, False) == 17


BLOODFURY = "Bloodfury: Make 1 {B} attack against each adjacent Bloodied enemy."
EARTHCREST = "Earthcrest: Make 1 attack against each enemy within 2 squares, +16 vs. AC; 20 damage and push 1."
MANCATCHER = "Mancatcher: +10 vs. AC; 15 damage AND Medium or smaller target is Immobilized"
PRISM = "Prism: (blast 5) +10 vs. Reflex; 5 acid + 5 cold + 5 fire damage"


def test_a_basic_attack_against_each_enemy_it_names() -> None:
    for text in (BLOODFURY, EARTHCREST, MANCATCHER, PRISM,
                 "Scavenge: Make 1 {B} attack against each Helpless enemy within reach.",
                 "Avalanche: Make a ranged attack vs. each enemy within 5 squares.",
                 "Column of Flame: (burst 2) +10 vs. Reflex; 10 fire + radiant damage"):
        c = card_from_json(_card("Any", SWORD, text))
        assert len(c.powers) == 2 and unplayed_powers(c) == [], text
    s = battle([_card("Berserker", SWORD, BLOODFURY)],
               [_card("Hurt", SWORD, hp=60), _card("Fresh", SWORD, hp=60), _card("Far", SWORD, hp=60)],
               PurposeDice(attack=[15, 15, 15]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    put(s, "b2", 5, 4)
    put(s, "b3", 9, 6)
    hurt, fresh, far = (s.b.by_id[k] for k in ("b1", "b2", "b3"))
    hurt.hp, far.hp = 25, 25
    turn_of(s, "a1")
    aims = [a.targets for a in s._attack_actions(s.b.by_id["a1"]) if isinstance(a, GuildAttack) and a.power == 1]
    assert aims == [("b1",)]  # adjacent and bloodied: not the fresh one, not the far one
    put(s, "b3", 4, 3)
    turn_of(s, "a1")
    aims = [a.targets for a in s._attack_actions(s.b.by_id["a1"]) if isinstance(a, GuildAttack) and a.power == 1]
    assert aims == [("b1", "b3")]
    s.apply(GuildAttack(1, ("b1", "b3")))
    assert (hurt.hp, fresh.hp, far.hp) == (15, 60, 15)


def test_a_rider_on_a_target_of_a_size() -> None:
    s = battle([_card("Guard", MANCATCHER)], [_card("Man", SWORD, hp=60), _card("Giant", SWORD, hp=60, size="Large")],
               PurposeDice(attack=[15, 15]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    put(s, "b2", 4, 4)
    for target in ("b1", "b2"):
        turn_of(s, "a1")
        s.apply(GuildAttack(0, (target,)))
    man, giant = s.b.by_id["b1"], s.b.by_id["b2"]
    assert (man.hp, giant.hp) == (45, 45)
    assert man.has("immobilized") and not giant.has("immobilized")


DOUBLE = ("Double Attack: Make 2 {B} attacks, each against the same target. If both attacks hit, target is also "
          "Immobilized.")
SWOOPER = "Swooper: +5 attack when charging a non-flying target."
BLOOD_DRAIN = ("Blood Drain: Use only when target grants it combat advantage: +9 vs. AC; 10 damage AND this creature "
               "heals 15 HP.")
FIREBALL = ("Fireball: (radius 2 within 10) +10 vs. Reflex; 20 fire damage. RECHARGE at start of its turn if it has "
            "line of sight to an enemy within 10 squares of it.")


def test_both_attacks_hit_the_target() -> None:
    for text in (DOUBLE, SWOOPER, BLOOD_DRAIN, FIREBALL,
                 "Savage Rend: Make 2 {B} attacks against the same target; if both hit, target is also Dazed (save "
                 "ends).", "Four-Armed Attack: Make 4 {mb} attacks vs. a single target.",
                 "Crowdsweeper: (burst 1) +10 vs. AC; 20 damage. RECHARGE when 2 or more enemies are adjacent to it at "
                 "end of its turn.", "Scorrow Fury: +10 vs. AC; 20 damage. RECHARGE when it reduces an enemy to 0 HP."):
        c = card_from_json(_card("Any", SWORD, text))
        assert len(c.powers) == 2 and unplayed_powers(c) == [], text
    s = battle([_card("Bear", SWORD, DOUBLE)], [_card("Elk", SWORD, hp=80)], PurposeDice(attack=[15, 15, 15, 2]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    elk = s.b.by_id["b1"]
    turn_of(s, "a1")
    s.apply(GuildAttack(1, ("b1", "b1")))
    assert elk.hp == 60 and elk.has("immobilized")
    elk.effects.clear()
    turn_of(s, "a1")
    s.apply(GuildAttack(1, ("b1", "b1")))  # the second roll (2) misses
    assert elk.hp == 50 and not elk.has("immobilized")


def test_a_charge_at_a_creature_without_flight() -> None:
    s = battle([_card("Harpy", SWORD, SWOOPER)], [_card("Walker", SWORD), _card("Flyer", SWORD, flight=True)],
               PurposeDice())
    harpy, walker, flyer = (s.b.by_id[k] for k in ("a1", "b1", "b2"))
    sword = harpy.powers[0]
    assert sword.attack is not None
    mods = (J._stat_mods(s.b, harpy, "attack", walker, sword.attack, sword, True, False),
            J._stat_mods(s.b, harpy, "attack", flyer, sword.attack, sword, True, False),
            J._stat_mods(s.b, harpy, "attack", walker, sword.attack, sword, False, False))
    assert mods == (5, 0, 0)


HARASSER = "Harasser: +5 damage whenever there are 1 or fewer enemies within 5 squares of this creature."
COVENWORK = "Covenwork: +2 attack whenever this creature has at least two allies within 10 squares."
PERSISTENT = "Persistent: +2 AC and +2 DEF while Dazed, Slowed, Staggered, or Stunned."
KEEN_EYES = "Keen Eyes: +3 Attack instead of +2 whenever this creature has combat advantage against target."
POINT_BLANK = "Point Blank Shot: +2 attack and +5 damage whenever target is within 6 squares."
LIDDA = "Lurking Lidda: +5 {m} Damage against targets occupying your victory areas."
BLOODTHIRSTY = "Bloodthirsty 10: + 10 {m} Damage against Bloodied targets."


def test_states_of_its_own_and_of_the_target_counted() -> None:
    for text in (HARASSER, COVENWORK, PERSISTENT, KEEN_EYES, POINT_BLANK, LIDDA, BLOODTHIRSTY,
                 "Dodge Giants: +4 AC against attacks by Giant creatures.",
                 "Bride of the Vampire: +2 attack whenever your warband includes a Vampire ally of level 8 or greater.",
                 "Brutal Urgency: +10 Damage with {m} attacks when this creature was the first creature to activate "
                 "in a round.", "Dragon Minion: +5 damage while this creature has line of sight to a Dragon ally."):
        c = card_from_json(_card("Any", SWORD, text))
        assert len(c.powers) == 2 and unplayed_powers(c) == [], text
    bloodthirsty = parse_power(1, "special", BLOODTHIRSTY)
    assert [(x.amount, x.filter.attack_form) for x in bloodthirsty.statics] == [(10, "melee")]  # {m} kept
    s = battle([_card("Skirm", SWORD, HARASSER, COVENWORK, KEEN_EYES, POINT_BLANK, LIDDA),
                _card("Ally1", SWORD), _card("Ally2", SWORD)],
               [_card("Near", SWORD, PERSISTENT), _card("Far", SWORD)], PurposeDice())
    put(s, "a1", 2, 2)
    put(s, "b1", 3, 2)
    put(s, "b2", 11, 7)
    put(s, "a2", 0, 0)
    put(s, "a3", 0, 7)
    skirm, near, far = s.b.by_id["a1"], s.b.by_id["b1"], s.b.by_id["b2"]
    # one enemy within 5 squares (+5), two allies within 10 (+2 attack), the near one within 6 squares (+2/+5)
    assert (_mods(skirm, "attack", near, s), _mods(skirm, "damage", near, s)) == (4, 10)
    assert (_mods(skirm, "attack", far, s), _mods(skirm, "damage", far, s)) == (2, 5)
    put(s, "b2", 6, 2)
    assert _mods(skirm, "damage", near, s) == 5  # two enemies within 5 squares now
    own = next(a for a in s.b.board.grid.areas("victory") if a.letter == s.b.letters[skirm.player])
    other = next(a for a in s.b.board.grid.areas("victory") if a.letter != s.b.letters[skirm.player])
    put(s, "b2", 11, 7)
    put(s, "b1", *sorted(other.cells)[0])  # the opponent's victory area (each is within 6 squares of (2, 2))
    assert _mods(skirm, "damage", near, s) == 5 + 5  # Harasser again, Point Blank
    put(s, "b1", *sorted(own.cells)[0])  # one of its side's victory areas
    assert _mods(skirm, "damage", near, s) == 5 + 5 + 5  # and Lurking Lidda
    sword = skirm.powers[0]
    assert sword.attack is not None
    assert J.defence(s.b, near, "ac", skirm, sword.attack, sword, False) == 15
    FX.add_active(s.b, near, "condition", "slowed", 0, "save", skirm, Filter())
    assert J.defence(s.b, near, "ac", skirm, sword.attack, sword, False) == 17  # Persistent
    assert _mods(skirm, "attack", near, s) == 4  # slowed grants no combat advantage
    FX.add_active(s.b, near, "condition", "dazed", 0, "save", skirm, Filter())
    assert _mods(skirm, "attack", near, s) == 5  # dazed: combat advantage, Keen Eyes' 1 more than the rules' +2


TENTACLES = ("Paralyzing Tentacles: Roll 4d20 and use the highest result: +11 vs. AC; 5 + 5 poison damage and "
             "Immobilized (save ends).")
FLAIL = "Heavy Flail: Treats targets with AC greater than 25 as AC 25: +9 vs. AC; 15 damage."
WORD = "Power Word, Kill: (range 6) +18 vs. Fortitude, cannot be a critical hit; 75 damage."


def test_what_an_attack_roll_does_before_it() -> None:
    for text in (TENTACLES, FLAIL, WORD, "Choke: (Immobilized target only) automatic 10 Damage",
                 "Twin Swords of Justice: Ignore Insubstantial. +17 vs. Reflex; 10 + 10 radiant damage.",
                 "Inevitable Longbow: This attack may not be redirected: (sight) +15 vs. Reflex; 20 damage.",
                 "Web Spray: (blast 3) +13 vs. Reflex; Immobilized (save ends), Slowed (save ends) on miss.",
                 "Seeking Javelin: range 6, ignore invisible) +20 vs. AC; 15 damage."):
        c = card_from_json(_card("Any", SWORD, text))
        assert len(c.powers) == 2 and unplayed_powers(c) == [], text
    dice = PurposeDice(attack=[3, 17, 4, 2, 14])
    s = battle([_card("Grell", TENTACLES, FLAIL, WORD)], [_card("Knight", SWORD, hp=200, ac=30)], dice)
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    knight = s.b.by_id["b1"]
    turn_of(s, "a1")
    s.apply(GuildAttack(0, ("b1",)))  # the highest of 3, 17, 4, 2: 17 + 11 = 28 against AC 30: a miss
    assert knight.hp == 200
    turn_of(s, "a1")
    s.apply(GuildAttack(1, ("b1",)))  # 14 + 9 = 23 against AC 30 treated as 25: a miss; 16 would hit
    assert knight.hp == 200
    dice.script["attack"] = [16]
    turn_of(s, "a1")
    s.apply(GuildAttack(1, ("b1",)))
    assert knight.hp == 185
    dice.script["attack"] = [20]
    turn_of(s, "a1")
    s.apply(GuildAttack(2, ("b1",)))  # a natural 20 hits, but is no critical hit: 75, not 150
    assert knight.hp == 110


EMBRACE = "Noisome Embrace: +9 vs. DEF(Fort); 25 Damage AND –4 Attack"
SWORD_ONGOING = "Sword: +10 vs. AC; 10 damage AND bloodied target takes 5 ongoing damage"


def test_a_penalty_with_no_duration_and_a_rider_on_a_bloodied_target() -> None:
    for text in (EMBRACE, SWORD_ONGOING):
        c = card_from_json(_card("Any", SWORD, text))
        assert len(c.powers) == 2 and unplayed_powers(c) == [], text
    embrace = parse_power(0, "attack", EMBRACE)
    assert embrace.attack is not None
    assert [(e.kind, e.amount, e.what, e.duration) for e in embrace.attack.hit] == [
        ("damage", 25, "", ""), ("mod", -4, "attack", "end-next-turn")]  # ddm-guild.default-duration
    s = battle([_card("Knight", SWORD_ONGOING)], [_card("Hurt", SWORD, hp=60), _card("Fresh", SWORD, hp=60)],
               PurposeDice(attack=[15, 15]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    put(s, "b2", 5, 4)
    hurt, fresh = s.b.by_id["b1"], s.b.by_id["b2"]
    hurt.hp = 30
    for target in ("b1", "b2"):
        turn_of(s, "a1")
        s.apply(GuildAttack(0, (target,)))
    assert any(e.kind == "ongoing" and e.amount == 5 for e in hurt.effects)
    assert not any(e.kind == "ongoing" for e in fresh.effects)


GREATSWORD = "Greatsword: +10 vs. AC; 15 damage."
SHIELD_BASH = "Shield Bash: +10 vs. AC; 5 damage."
SLASH_AND_BASH = "Slash and Bash: Make 1 Greatsword attack and 1 Shield Bash attack against the same target."
MAUL, AXE_ATTACK = "Maul: +10 vs. AC; 20 damage.", "Axe: +10 vs. AC; 10 damage."
TWIN_STRIKE = "Twin Strike: Make a Maul attack, then make an Axe attack against a different target."
TOOTH = "Tooth and Claw: Make a Greatsword and a Shield Bash attack against the same target (bloodied target only)."


def test_several_attacks_it_names() -> None:
    for powers in ((GREATSWORD, SHIELD_BASH, SLASH_AND_BASH), (MAUL, AXE_ATTACK, TWIN_STRIKE),
                   (GREATSWORD, SHIELD_BASH, TOOTH)):
        c = card_from_json(_card("Any", *powers))
        assert len(c.powers) == 3 and unplayed_powers(c) == [], powers
    c = card_from_json(_card("Any", GREATSWORD, SLASH_AND_BASH))  # no Shield Bash on the card
    assert [p.name for p in unplayed_powers(c)] == ["Slash and Bash"]
    s = battle([_card("Knight", GREATSWORD, SHIELD_BASH, SLASH_AND_BASH, TOOTH), _card("Brute", MAUL, AXE_ATTACK,
                                                                                       TWIN_STRIKE)],
               [_card("Orc", SWORD, hp=60), _card("Gob", SWORD, hp=60)], PurposeDice(attack=[15] * 4))
    put(s, "a1", 5, 3)
    put(s, "a2", 5, 5)
    put(s, "b1", 6, 4)
    put(s, "b2", 4, 4)
    orc, gob = s.b.by_id["b1"], s.b.by_id["b2"]
    turn_of(s, "a1")
    aims: dict[int, set[tuple[str, ...]]] = {a.power: set() for a in s._attack_actions(s.b.by_id["a1"])
                                             if isinstance(a, GuildAttack)}
    for a in s._attack_actions(s.b.by_id["a1"]):
        if isinstance(a, GuildAttack):
            aims[a.power].add(a.targets)
    assert aims[2] == {("b1", "b1"), ("b2", "b2")} and 3 not in aims  # nobody is bloodied
    s.apply(GuildAttack(2, ("b1", "b1")))
    assert orc.hp == 40  # 15 + 5
    turn_of(s, "a2")
    brute_aims = {a.targets for a in s._attack_actions(s.b.by_id["a2"]) if isinstance(a, GuildAttack) and a.power == 2}
    assert brute_aims == {("b1", "b2"), ("b2", "b1")}  # a different target for each
    s.apply(GuildAttack(2, ("b2", "b1")))
    assert (gob.hp, orc.hp) == (40, 30)


def test_more_spellings_of_attacks_and_targets() -> None:
    for text in ("Hurled Stone: (target further than 5 squares distant only) +10 vs. AC; 20 damage.",
                 "Hamstring Cut: (only with combat advantage vs. a living target) +10 vs. AC; 10 damage.",
                 "Twin Blades: (make two attacks against 1 target) +10 vs. AC; 10 damage.",
                 "Lightning Breath: (3 targets within line of sight) +10 vs. Reflex; 10 lightning damage.",
                 "Lightning Burst: (radius 1 within 10)) +16 vs. Ref; 20 lightning damage",
                 "Poison Arrow: (range 10) +11vs. AC; 5 damage and 5 ongoing poison damage (save ends).",
                 "Hunter's call: (range 6)(Fear) +16 vs. Will; 5 psychic damage and Immobilized.",
                 "Defensive Acuity: +4 AC against {r} and {a} attacks.",
                 "Chivalrous Fighter: +2 {m} attack and +5 {m} damage against higher-level targets; -2 {m} attack and "
                 "-5 {m} damage against lower-level targets."):
        c = card_from_json(_card("Any", SWORD, text))
        assert len(c.powers) == 2 and unplayed_powers(c) == [], text
    stone = "Hurled Stone: (sight, target further than 5 squares distant only) +10 vs. AC; 20 damage."
    s = battle([_card("Trebuchet", stone)], [_card("Near", SWORD), _card("Far", SWORD)], PurposeDice())
    put(s, "a1", 1, 3)
    put(s, "b1", 6, 3)  # 5 squares away
    put(s, "b2", 7, 3)  # 6 squares away
    turn_of(s, "a1")
    aims = {a.targets for a in s._attack_actions(s.b.by_id["a1"]) if isinstance(a, GuildAttack)}
    assert aims == {("b2",)}


def test_a_flanked_target_a_guarded_one_and_a_penalty() -> None:
    sneak = "Underfoot Sneak: +4 attack when flanking."
    hunter = "Fire Hunter: +10 {m} Damage against targets with Immune Fire or Resist Fire."
    weak = "Destroy the Weak: +10 damage vs. enemies that have a penalty to AC."
    chatkcha = ("Chatkcha: (range 12) +15 vs. AC; 15 damage. Recharge when this creature's Chatkcha attack misses.")
    for text in (sneak, hunter, weak, chatkcha):
        c = card_from_json(_card("Any", SWORD, text))
        assert len(c.powers) == 2 and unplayed_powers(c) == [], text
    s = battle([_card("Regis", SWORD, sneak, hunter, weak), _card("Pal", SWORD)], [_card("Salamander", SWORD)],
               PurposeDice())
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    put(s, "a2", 9, 7)
    regis, sal = s.b.by_id["a1"], s.b.by_id["b1"]
    assert (_mods(regis, "attack", sal, s), _mods(regis, "damage", sal, s)) == (0, 0)
    put(s, "a2", 7, 3)  # on the other side: they flank it
    sal.resist["fire"] = 10
    assert (_mods(regis, "attack", sal, s), _mods(regis, "damage", sal, s)) == (4, 10)
    FX.add_active(s.b, sal, "mod", "ac", -2, "save", regis, Filter())
    assert _mods(regis, "damage", sal, s) == 20


def test_a_bonus_against_the_target_a_push_on_a_smaller_one_and_two_penalties_at_once() -> None:
    mace = ("Mace: +10 vs. AC; 15 damage AND this creature has +2 AC against target's attacks until end of its next "
            "turn.")
    talons = "Talons: +10 vs. AC; 20 damage AND if target is smaller than this creature, push target up to 3 squares."
    claws = "Resorptive Claws: +10 vs. AC; 5 damage AND -2AC and -2 attack (until end of battle)"
    for text in (mace, talons, claws):
        c = card_from_json(_card("Any", text))
        assert len(c.powers) == 1 and unplayed_powers(c) == [], text
    hit = parse_power(0, "attack", claws).attack
    assert hit is not None and [(e.amount, e.what, e.duration) for e in hit.hit[1:]] == [
        (-2, "ac", "battle"), (-2, "attack", "battle")]
    s = battle([_card("Roc", talons, size="Large")], [_card("Man", SWORD, hp=60), _card("Ogre", SWORD, hp=60,
                                                                                         size="Large")],
               PurposeDice(attack=[15, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 6, 3)
    put(s, "b2", 4, 5)
    man, ogre = s.b.by_id["b1"], s.b.by_id["b2"]
    turn_of(s, "a1")
    s.apply(GuildAttack(0, ("b1",)))
    turn_of(s, "a1")
    s.apply(GuildAttack(0, ("b2",)))
    assert man.pos != (6, 3) and ogre.pos == (4, 5)  # the smaller one pushed, the one of its size not
    s = battle([_card("Dwarf", mace)], [_card("Orc", SWORD, hp=60), _card("Gob", SWORD, hp=60)],
               PurposeDice(attack=[15]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    put(s, "b2", 4, 3)
    dwarf, orc, gob = s.b.by_id["a1"], s.b.by_id["b1"], s.b.by_id["b2"]
    turn_of(s, "a1")
    s.apply(GuildAttack(0, ("b1",)))
    sword = orc.powers[0]
    assert sword.attack is not None and orc.hp == 45
    assert J.defence(s.b, dwarf, "ac", orc, sword.attack, sword, False) == 17  # against the Mace's target only
    assert J.defence(s.b, dwarf, "ac", gob, sword.attack, sword, False) == 15
