"""DDM Guild triggers read as parts (who acts, what it does, to whom, with what attack): each reading is checked
in a battle, and the words the engine's events cannot honour stay unread."""

from __future__ import annotations

import pytest

from simulate.games import ddm_guild_apply as FX
from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_coverage as C
from simulate.games import ddm_guild_damage as DM
from simulate.games import ddm_guild_judge as J
from simulate.games import ddm_guild_triggers as TR
from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from simulate.games.ddm_guild_powers import parse_power
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

SPEAR = "Spear: (range 6, does not provoke opportunity attacks) +10 vs. AC; 10 damage."


def swing(s: object, attacker: str, target: str, power: int = 0) -> int:
    b = s.b  # type: ignore[attr-defined]
    f = b.by_id[attacker]
    p = f.powers[power]
    assert p.attack is not None
    return AT.attack(b, f, p, p.attack, [b.by_id[target]])


@pytest.mark.parametrize(("text", "trigger", "keyword", "state", "within", "target_state", "form"), [
    ("Flame Shield: Use when an adjacent enemy hits this creature with a {m} attack: That enemy takes 5 fire damage.",
     "hit-by", "", "", -1, "", "melee"),
    ("Dragon Defender: Immediate, when an enemy adjacent to this creature targets a Dragon ally with a {m} attack; "
     "make a {b} attack against that enemy.", "ally-attacked", "dragon", "", 0, "adjacent&enemy", "melee"),
    ("Use when an ally hits a Bloodied enemy: +10 Damage on that attack.", "ally-hits", "", "", 0, "bloodied&enemy",
     ""),
    ("Paralysis: Use when an adjacent Immobilized enemy fails a save: That enemy is also Helpless until end of its "
     "next turn.", "enemy-fails-save", "", "cond:immobilized", -1, "", ""),
    ("Menacing Counterattack: Immediate, when an enemy's {m} attack misses this creature; make a {b} attack against "
     "that enemy.", "missed-by", "", "", 0, "", "melee"),
    ("Use when a Beast or Orc ally hits with a {m} attack: +15 Damage on that attack.", "ally-hits", "beast|orc", "",
     0, "", "melee"),
    ("Use when an enemy hits a Dwarf ally with an attack: That enemy takes ongoing 10 radiant damage (save ends).",
     "ally-hit", "dwarf", "", 0, "enemy", ""),
    ("Wand of Accuracy: Use when this creature declares a {m} or {r} attack: +5 Attack on that attack.", "declares",
     "", "", 0, "", "melee|ranged"),
    ("Hamstring: Use when this creature's {m} attack hits with combat advantage against target; target is also "
     "Immobilized (save ends).", "hits", "", "ca", 0, "", "melee"),
    ("Luck Rune Amulet: Immediate, when hit by a {m} or {r} attack; that attack misses instead.", "hit-by", "", "", 0,
     "", "melee|ranged"),
    ("Fey Escape: Use when this creature is damaged by an enemy: Teleport up to 10 squares.", "damaged", "", "", 0, "",
     ""),
])
def test_an_event_is_read_as_its_parts(text: str, trigger: str, keyword: str, state: str, within: int,
                                       target_state: str, form: str) -> None:
    p = parse_power(0, "special", text)
    assert p.played, p.unplayed
    f = p.trigger_filter
    assert (p.trigger, f.keyword, f.self_state, f.within, f.target_state, f.attack_form) == (
        trigger, keyword, state, within, target_state, form)


@pytest.mark.parametrize(("text", "trigger", "keyword", "target_state"), [
    ("Loyal Protector: Use after an enemy makes an attack against a champion ally: Make a {b} attack against that "
     "enemy as an immediate action.", "ally-attack-resolved", "champion", "enemy"),
    ("Furious Retort: Immediate action, after an adjacent enemy attacks this creature: Make a BASIC attack against "
     "that enemy.", "resolved-against", "", ""),
])
def test_after_an_attack_is_the_event_of_the_attack_resolved(text: str, trigger: str, keyword: str,
                                                             target_state: str) -> None:
    """After the attack, not as it is declared: the engine's events once the attack is resolved against a creature
    (reading ddm-guild.attack-resolved)."""
    p = parse_power(0, "special", text)
    assert p.played and p.trigger == trigger and p.trigger_filter.keyword == keyword
    assert p.trigger_filter.target_state == target_state


@pytest.mark.parametrize("text", [
    # the victim's state before the attack is not what the engine sees once it is destroyed
    "Threatening Advance: Immediate, when this creature's {b} attack destroys a Bloodied target; shift 1 square",
    # an enemy hit by someone: by whom is not known to the engine's event
    "Use when an enemy is hit by a {r} attack: That enemy is slowed.",
    # an ally's combat advantage is not the one the engine's filter measures (this creature's)
    "Use when an ally hits with combat advantage: That ally heals 5 HP.",
    # combat advantage against this creature is not the target's state
    "Use when hit with combat advantage: This creature shifts 1 square.",
])
def test_an_event_the_engine_cannot_honour_stays_unread(text: str) -> None:
    assert not parse_power(0, "special", text).played


def test_a_shield_burns_only_an_adjacent_enemy_that_hits_it_in_melee() -> None:
    shield = "Flame Shield: Use when an adjacent enemy hits this creature with a {m} attack: That enemy takes 5 fire " \
             "damage."
    s = battle([card("Salamander", SWORD, shield, ac=5)], [card("Orc", SWORD, SPEAR), card("Archer", SPEAR)],
               PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 9, 3)
    orc, archer = s.b.by_id["b1"], s.b.by_id["b2"]
    assert swing(s, "b2", "a1") == 1
    assert archer.hp == 50  # a ranged attack from afar: no burn
    assert swing(s, "b1", "a1", power=1) == 1
    assert orc.hp == 50  # adjacent, but a ranged attack
    assert swing(s, "b1", "a1") == 1
    assert orc.hp == 45


def test_a_defender_strikes_an_adjacent_enemy_that_attacks_a_dragon_ally() -> None:
    defender = "Dragon Defender: Immediate, when an enemy adjacent to this creature targets a Dragon ally with a {m} " \
               "attack; make a {b} attack against that enemy."
    s = battle([card("Knight", SWORD, defender), card("Wyrmling", SWORD, keywords=("Dragon",)), card("Squire", SWORD)],
               [card("Orc", SWORD, ac=5)], PurposeDice(attack=[15, 15, 1, 1]))
    put(s, "a1", 4, 3)
    put(s, "a2", 5, 4)
    put(s, "a3", 5, 2)
    put(s, "b1", 5, 3)
    orc = s.b.by_id["b1"]
    swing(s, "b1", "a3")  # the Squire is not a Dragon
    assert orc.hp == 50
    swing(s, "b1", "a2")  # the Knight's sword strikes first (15: a hit), then the orc's attack (1) misses
    assert orc.hp == 40
    put(s, "a1", 2, 3)  # no longer adjacent to the orc
    swing(s, "b1", "a2")
    assert orc.hp == 40


def test_an_allys_hit_on_a_bloodied_enemy_deals_more() -> None:
    cheer = "Use when an ally hits a Bloodied enemy: +10 Damage on that attack."
    s = battle([card("Bard", SWORD, cheer), card("Fighter", SWORD)], [card("Orc", SWORD, ac=5, hp=60)],
               PurposeDice(attack=[15, 15, 15]))
    put(s, "a1", 0, 0)
    put(s, "a2", 4, 3)
    put(s, "b1", 5, 3)
    orc = s.b.by_id["b1"]
    swing(s, "a2", "b1")
    assert orc.hp == 50  # not bloodied: 10
    orc.hp = 30
    swing(s, "a2", "b1")
    assert orc.hp == 10  # bloodied: 10 + 10
    put(s, "a1", 6, 3)
    swing(s, "a1", "b1")
    assert orc.hp == 0  # the bard's own hit is not an ally's: 10
    assert not unplayed_powers(card_from_json(card("Bard", SWORD, cheer)))


def test_paralysis_follows_a_failed_save_of_an_adjacent_immobilized_enemy() -> None:
    paralysis = "Paralysis: Use when an adjacent Immobilized enemy fails a save: That enemy is also Helpless until " \
                "end of its next turn."
    s = battle([card("Ghoul", SWORD, paralysis)], [card("Orc", SWORD), card("Elf", SWORD)],
               PurposeDice(save=[2, 2, 2]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 9, 3)
    orc, elf = s.b.by_id["b1"], s.b.by_id["b2"]
    for f in (orc, elf):
        FX.add_active(s.b, f, "condition", "immobilized", 0, "save", s.b.by_id["a1"], C.Filter())
    assert not TR.roll_save(s.b, elf, elf.effects[0])
    assert not elf.has("helpless")  # not adjacent
    assert not TR.roll_save(s.b, orc, orc.effects[0])
    assert orc.has("helpless")


def sword_mod(s: object, stat: str, attacker: str, target: str) -> int:
    b = s.b  # type: ignore[attr-defined]
    holder = b.by_id[attacker]
    sword = holder.powers[0]
    assert sword.attack is not None
    return J._stat_mods(b, holder, stat, b.by_id[target], sword.attack, sword, False, False)


@pytest.mark.parametrize(("text", "who", "keyword"), [
    ("Use at start of round: Giant and Ogre creatures in your warband have +5 damage until end of round.", "friends",
     "giant|ogre"),
    ("Use at start of round. Goblins in your warband have +2 Attack this round.", "friends", "goblin"),
    ("Use at start of round: Each human, elf or eladrin creature in your warband heals 10 HP.", "friends",
     "human|elf|eladrin"),
    ("Use at the start of round: Shapeshifter allies with the Stealth keyword have +2 attack and +5 damage until end "
     "of round.", "allies", "shapeshifter+stealth"),
    ("Use at start of round: This creature, and each Fey ally with the Shadow keyword, are Invisible until end of "
     "round.", "self-and-allies", "fey+shadow"),
    ("Use at start of round. All Humans (enemies and allies) have +2 {m} Attack and +5 {m} Damage until end of round.",
     "all", "human"),
])
def test_a_group_is_read_as_its_parts(text: str, who: str, keyword: str) -> None:
    p = parse_power(0, "champion", text)
    assert p.played, p.unplayed
    assert {(e.who, e.filter.keyword) for e in p.effects} == {(who, keyword)}


def test_a_group_in_your_warband_reaches_its_kinds_and_the_power_s_own_creature() -> None:
    rally = "Use at start of round: Giant and Ogre creatures in your warband have +5 damage until end of round."
    s = battle([card("Chief", SWORD, keywords=("Giant",), rating=2), card("Ogre", SWORD, keywords=("Ogre",)),
                card("Orc", SWORD, keywords=("Orc",))], [card("Elf", SWORD)], PurposeDice())
    s.b.by_id["a1"].powers = (*s.b.by_id["a1"].powers, parse_power(1, "champion", rally))
    for fid, x in (("a1", 4), ("a2", 6), ("a3", 8)):
        put(s, fid, x, 3)
    put(s, "b1", 5, 4)
    TR.fire(s.b, "start-of-round", [s.b.by_id["a1"]])
    assert [sword_mod(s, "damage", a, "b1") for a in ("a1", "a2", "a3")] == [5, 5, 0]


def test_all_humans_enemies_and_allies_reach_both_sides_but_not_the_power_s_creature() -> None:
    war = "Use at start of round. All Humans (enemies and allies) have +2 {m} Attack and +5 {m} Damage until end of " \
          "round."
    human = ("Human",)
    s = battle([card("Herald", SWORD, keywords=human, rating=2), card("Squire", SWORD, keywords=human)],
               [card("Knight", SWORD, keywords=human), card("Orc", SWORD)], PurposeDice())
    s.b.by_id["a1"].powers = (*s.b.by_id["a1"].powers, parse_power(1, "champion", war))
    for fid, x, y in (("a1", 4, 3), ("a2", 4, 5), ("b1", 5, 3), ("b2", 5, 5)):
        put(s, fid, x, y)
    TR.fire(s.b, "start-of-round", [s.b.by_id["a1"]])
    assert [sword_mod(s, "attack", a, t) for a, t in (("a1", "b1"), ("a2", "b2"), ("b1", "a1"), ("b2", "a2"))] == [
        0, 2, 2, 0]


def test_a_non_kind_aura_spares_that_kind() -> None:
    """'Non-Demon enemies' was read as a keyword no creature has, so the aura reached nobody."""
    stench = "Demonic Stench: (Aura 2) Non-Demon enemies in aura have -2 Attack."
    s = battle([card("Demon", SWORD, stench)], [card("Orc", SWORD), card("Imp", SWORD, keywords=("Demon",))],
               PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 5, 4)
    assert (sword_mod(s, "attack", "b1", "a1"), sword_mod(s, "attack", "b2", "a1")) == (-2, 0)


def test_hamstring_needs_combat_advantage_against_the_target_it_hits() -> None:
    hamstring = "Hamstring: Use when this creature's {m} attack hits with combat advantage against target; target is " \
                "also Immobilized (save ends)."
    s = battle([card("Rogue", SWORD, hamstring), card("Ally", SWORD)], [card("Orc", SWORD, ac=5)],
               PurposeDice(attack=[15, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "a2", 0, 0)
    orc = s.b.by_id["b1"]
    swing(s, "a1", "b1")
    assert not orc.has("immobilized")  # no combat advantage
    put(s, "a2", 6, 3)  # flanking
    swing(s, "a1", "b1")
    assert orc.has("immobilized")


def test_damaged_by_an_enemy_is_not_damage_from_an_ally() -> None:
    escape = "Fey Escape: Use when this creature is damaged by an enemy: Teleport up to 10 squares."
    s = battle([card("Sprite", SPEAR, escape), card("Friend", SWORD)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "a2", 4, 4)
    put(s, "b1", 5, 3)
    sprite = s.b.by_id["a1"]
    DM.deal_damage(s.b, sprite, [(5, "")], s.b.by_id["a2"])
    assert sprite.pos == (4, 3)
    DM.deal_damage(s.b, sprite, [(5, "")], s.b.by_id["b1"])
    assert sprite.pos != (4, 3)


def test_a_charm_negates_a_melee_or_ranged_hit() -> None:
    luck = "Luck Rune Amulet: Immediate, when hit by a {m} or {r} attack; that attack misses instead."
    s = battle([card("Halfling", SWORD, luck, ac=5)], [card("Orc", SWORD)], PurposeDice(attack=[15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    assert swing(s, "b1", "a1") == 0
    assert s.b.by_id["a1"].hp == 50


def test_sneak_attack_counts_a_flank_for_a_melee_attack_only() -> None:
    """Combat advantage from flanking is a melee attack's (ddm-guild.flanking): a modifier 'against targets granting
    combat advantage' counted only the target's conditions before."""
    s = battle([card("Rogue", SWORD, SPEAR, "Sneak Attack 10"), card("Ally", SWORD)], [card("Orc", SWORD)],
               PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "a2", 6, 3)
    assert sword_mod(s, "damage", "a1", "b1") == 10
    b = s.b
    rogue, orc = b.by_id["a1"], b.by_id["b1"]
    spear = rogue.powers[1]
    assert spear.attack is not None
    assert J._stat_mods(b, rogue, "damage", orc, spear.attack, spear, False, False) == 0


def test_an_aura_over_adjacent_creatures_of_both_sides_and_over_non_champion_kinds() -> None:
    curse = "Curse Aura: Adjacent creatures have -2 Attack, -2 AC, and -2 DEF."
    boss = "War Boss: (aura 5) Each non-champion Orc ally within 5 squares of this creature has +2 attack."
    s = battle([card("Hag", SWORD, curse), card("Boss", SWORD, boss, keywords=("Orc",)),
                card("Grunt", SWORD, keywords=("Orc",)), card("Chief", SWORD, keywords=("Orc",), rating=1)],
               [card("Elf", SWORD)], PurposeDice())
    for fid, x, y in (("a1", 4, 3), ("b1", 5, 3), ("a2", 7, 5), ("a3", 3, 3), ("a4", 7, 6)):
        put(s, fid, x, y)
    assert sword_mod(s, "attack", "b1", "a1") == -2  # the enemy next to the hag
    assert sword_mod(s, "attack", "a3", "b1") == -2 + 2  # the grunt: next to the hag, and near its boss
    assert sword_mod(s, "attack", "a4", "b1") == 0  # the chief is a champion
    assert sword_mod(s, "attack", "a1", "b1") == 0  # the aura is not the hag's own


@pytest.mark.parametrize("text", [
    "Aura of Fear: Adjacent enenmies have -2 Attack.",
    "Frightful Baying: Enemies with 6 squares have -2 DEF(Will).",
    "Loyal Unto Death: (Aura 3) Undead allies in aura have +2 {m} att ack and +5 {m} damage.",
])
def test_the_cards_misprints_are_read_as_meant(text: str) -> None:
    assert parse_power(0, "special", text).played


@pytest.mark.parametrize("text", [
    # one adjacent ally, not each of them (the older reading, a chosen ally, is not a group's)
    "Lay on Hands 20: Minor action; adjacent ally heals 20 HP.",
])
def test_one_creature_is_not_a_group(text: str) -> None:
    p = parse_power(0, "special", text)
    assert not p.played or all(e.who != "allies" for e in p.effects)


def test_adjacent_creatures_in_a_ranged_attack_s_rider_stay_unread() -> None:
    globe = "Frost Globe: (range 10) +13 vs. Fortitude; 15 cold damage AND adjacent creatures take 5 cold damage."
    assert not parse_power(0, "attack", globe).played  # adjacent to the target, or to the attacker?


@pytest.mark.parametrize("text", [
    "Sociopathic: Your warband may not include other Dragon creatures.",
    "Strength in Numbers 2: Increase your warband's creature limit by 2.",
    "Mob 2: Every 2 creatures named Karrnathi Zombie count as 1 creature for your warband's creature limit.",
    "Warband Building: All Dwarf creatures are legal in your warband.",
])
def test_a_warband_building_rule_has_nothing_to_play_in_a_battle(text: str) -> None:
    p = parse_power(0, "special", text)
    assert p.played and [s.kind for s in p.statics] == ["construction"] and not p.effects
    assert not C.engine_unplayed(p)


def test_a_battle_rule_in_warband_words_stays_unread() -> None:
    # it changes the battle (VP for destroying it), so it is not a warband-building rule
    assert not parse_power(0, "special", "Expendable: Whenever there is a Dragon champion in its warband: it is worth "
                                        "0 VP when destroyed.").played


def test_several_attacks_against_the_same_target_and_one_against_each_adjacent_enemy() -> None:
    twin = parse_power(0, "attack", "Twin Daggers of the Elder: Make 2 attacks vs. the same target: +13 vs. AC; 5 "
                                    "damage.")
    whirl = parse_power(1, "attack", "Blade Whirlwind: (only while not Bloodied) Make 1 attack against each adjacent "
                                     "enemy: +8 vs. AC; 15 Damage")
    assert twin.played and whirl.played, (twin.unplayed, whirl.unplayed)
    assert twin.attack is not None and twin.attack.targets == 2 and not twin.attack.distinct
    assert whirl.attack is not None and whirl.attack.form == "close-burst" and whirl.requirement == "not-bloodied"
    s = battle([card("Blademaster", SWORD, "Blade Whirlwind: (only while not Bloodied) Make 1 attack against each "
                                           "adjacent enemy: +8 vs. AC; 15 Damage", ac=30)],
               [card("Orc", SWORD, ac=5), card("Goblin", SWORD, ac=5), card("Archer", SWORD, ac=5)],
               PurposeDice(attack=[15, 15, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 3, 3)
    put(s, "b3", 8, 3)
    b = s.b
    master = b.by_id["a1"]
    p = master.powers[1]
    assert p.attack is not None
    AT.attack(b, master, p, p.attack, AT.area_targets(b, master, p.attack, None))
    assert [b.by_id[x].hp for x in ("b1", "b2", "b3")] == [35, 35, 50]


def test_an_extra_attack_against_the_attacker() -> None:
    defender = "Defender: Immediate, when an adjacent enemy makes a {m} attack against an ally; make a {B} attack " \
               "against attacker."
    p = parse_power(0, "special", defender)
    assert p.played and p.trigger == "enemy-attacks-ally", p.unplayed
    s = battle([card("Guard", SWORD, defender), card("Ward", SWORD)], [card("Orc", SWORD, ac=5)],
               PurposeDice(attack=[15, 1]))
    put(s, "a1", 4, 3)
    put(s, "a2", 5, 4)
    put(s, "b1", 5, 3)
    swing(s, "b1", "a2")
    assert s.b.by_id["b1"].hp == 40  # the guard's sword (15) before the orc's roll (1)


def test_the_longer_reading_of_an_event_wins() -> None:
    """'when an enemy declares a melee attack vs. this creature': the older words read 'an enemy declares a melee
    attack' (any enemy's, against anyone) and left 'vs. it' unread; the parts read it whole."""
    riposte = "Riposte: Immediate action, when an enemy declares a melee attack vs. this creature: make a melee " \
              "basic attack vs. that enemy."
    p = parse_power(0, "special", riposte)
    assert p.played and p.trigger == "attacked" and p.trigger_filter.attack_form == "melee", p.unplayed
    s = battle([card("Duelist", SWORD, riposte, ac=30), card("Page", SWORD, ac=30)], [card("Orc", SWORD, ac=5)],
               PurposeDice(attack=[1, 15, 1]))
    put(s, "a1", 4, 3)
    put(s, "a2", 5, 4)
    put(s, "b1", 5, 3)
    swing(s, "b1", "a2")  # against the page: no riposte
    assert s.b.by_id["b1"].hp == 50
    swing(s, "b1", "a1")  # against the duelist: its sword first (15 hits)
    assert s.b.by_id["b1"].hp == 40


def test_an_ally_starting_its_turn_within_some_squares() -> None:
    lord = "Death Lord: Use when an Undead ally starts its turn within 3 squares of this creature: That ally heals " \
           "10 HP."
    s = battle([card("Lich", SWORD, lord), card("Ghoul", SWORD, keywords=("Undead",), hp=60),
                card("Zombie", SWORD, keywords=("Undead",), hp=60)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "a2", 6, 3)
    put(s, "a3", 8, 7)
    put(s, "b1", 11, 0)
    ghoul, zombie = s.b.by_id["a2"], s.b.by_id["a3"]
    ghoul.hp = zombie.hp = 30
    TR.turn_started(s.b, ghoul)
    TR.turn_started(s.b, zombie)
    assert (ghoul.hp, zombie.hp) == (40, 30)


def test_a_modifier_against_a_list_of_states_or_a_bare_kind() -> None:
    feast = "Opportunistic Feast: +10 {m} Damage against Immobilized, Stunned, or Helpless targets."
    slayer = "Undead Slayer: + 10 Damage against Undead."
    s = battle([card("Ghoul", SWORD, feast, slayer)],
               [card("Orc", SWORD), card("Zombie", SWORD, keywords=("Undead",)), card("Elf", SWORD)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 3, 3)
    put(s, "b3", 4, 4)
    FX.add_active(s.b, s.b.by_id["b3"], "condition", "stunned", 0, "save", s.b.by_id["a1"], C.Filter())
    assert [sword_mod(s, "damage", "a1", t) for t in ("b1", "b2", "b3")] == [0, 10, 10]
    assert parse_power(0, "special", "Giganticus: + 10 damage against Big.").unplayed  # not a creature keyword


def test_a_shield_that_burns_whoever_hits_it_in_melee() -> None:
    shield = "Fire Shield 5: Any creature that hits this creature with a {m} attack takes 5 fire Damage."
    quills = "Quills 10: Attacker takes 10 damage whenever this creature is hit with a {m} attack."
    for text in (shield, quills):
        p = parse_power(0, "special", text)
        assert p.played and p.trigger == "hit-by" and p.trigger_filter.attack_form == "melee", text
    s = battle([card("Salamander", SWORD, shield, ac=5)], [card("Orc", SWORD, SPEAR)], PurposeDice(attack=[15, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    orc = s.b.by_id["b1"]
    swing(s, "b1", "a1", power=1)  # the spear: no burn
    assert orc.hp == 50
    swing(s, "b1", "a1")
    assert orc.hp == 45


def test_it_or_one_ally_within_some_squares() -> None:
    balance = "Natural Balance: Use when an enemy fails a saving throw: This creature or 1 ally within 5 squares of " \
              "it heals 10 HP."
    s = battle([card("Druid", SWORD, balance), card("Near", SWORD), card("Far", SWORD)], [card("Orc", SWORD)],
               PurposeDice(save=[2]))
    put(s, "a1", 4, 3)
    put(s, "a2", 6, 3)
    put(s, "a3", 11, 7)
    put(s, "b1", 5, 3)
    near, far = s.b.by_id["a2"], s.b.by_id["a3"]
    near.hp, far.hp = 40, 20  # the farther one is more hurt, but out of reach
    orc = s.b.by_id["b1"]
    FX.add_active(s.b, orc, "condition", "dazed", 0, "save", s.b.by_id["a1"], C.Filter())
    assert not TR.roll_save(s.b, orc, orc.effects[0])
    assert (near.hp, far.hp) == (50, 20)


def test_an_attacker_the_shield_destroys_deals_no_more_of_its_attack() -> None:
    shield = "Fire Shield 5: Any creature that hits this creature with a {m} attack takes 5 fire Damage."
    s = battle([card("Salamander", SWORD, shield, ac=5)], [card("Orc", SWORD, hp=50)], PurposeDice(attack=[15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    orc, salamander = s.b.by_id["b1"], s.b.by_id["a1"]
    orc.hp = 5
    assert swing(s, "b1", "a1") == 0
    assert not orc.alive and salamander.hp == 50
