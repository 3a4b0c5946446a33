"""The DDM Guild power vocabulary in play: conditions a modifier names (which ally is near, how big the target
is, what state it is in) and the bloodied triggers, read from the cards' own words and checked in a battle."""

from __future__ import annotations

from simulate.games import ddm_guild_apply as FX
from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_damage as DM
from simulate.games import ddm_guild_judge as J
from simulate.games import ddm_guild_moves as MV
from simulate.games import ddm_guild_triggers as TR
from simulate.games.ddm_guild_powers import parse_power
from simulate.games.ddm_guild_vocab import Filter
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put


def sword_bonus(state: object, attacker: str, target: str) -> int:
    b = state.b  # type: ignore[attr-defined]
    holder = b.by_id[attacker]
    sword = holder.powers[0]
    assert sword.attack is not None
    return J._stat_mods(b, holder, "attack", b.by_id[target], sword.attack, sword, False, False)


def test_a_modifier_that_needs_an_adjacent_ally_of_a_kind() -> None:
    power = parse_power(0, "special", "Pack Tactics: +2 attack and +5 damage while adjacent to an Undead ally.")
    assert power.played, power.unplayed
    assert {(s.what, s.amount, s.filter.self_state) for s in power.statics} == {
        ("attack", 2, "adjacent-ally:undead"), ("damage", 5, "adjacent-ally:undead")}
    s = battle([card("Ghoul", SWORD, "Pack Tactics: +2 attack and +5 damage while adjacent to an Undead ally."),
                card("Zombie", SWORD, keywords=("Undead",)), card("Human", SWORD)],
               [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "a2", 4, 6)
    put(s, "a3", 3, 3)  # adjacent, but not Undead
    assert sword_bonus(s, "a1", "b1") == 0
    put(s, "a2", 4, 4)
    assert sword_bonus(s, "a1", "b1") == 2


def test_a_modifier_near_an_allied_champion_of_a_kind() -> None:
    text = "Draconic Presence: +4 attack while within 4 squares of an allied Dragon champion."
    s = battle([card("Kobold", SWORD, text), card("Wyrmling", SWORD, keywords=("Dragon",)),
                card("Dragon Lord", SWORD, keywords=("Dragon",), rating=2)],
               [card("Orc", SWORD)], PurposeDice())
    assert s.b.by_id["a1"].powers[1].statics[0].filter.self_state == "near-ally:4:dragon+champion"
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "a2", 4, 4)  # a Dragon, not a champion
    put(s, "a3", 9, 7)  # the champion, 5 squares away
    assert sword_bonus(s, "a1", "b1") == 0
    put(s, "a3", 8, 7)
    assert sword_bonus(s, "a1", "b1") == 4


def test_a_modifier_against_smaller_or_hindered_targets() -> None:
    big = parse_power(0, "special", "Giant Slayer: +2 attack and +5 damage vs. Medium or smaller enemies.")
    hindered = parse_power(1, "special", "Opportunist: +5 damage against Immobilized or Slowed targets.")
    assert big.played and hindered.played
    assert big.statics[0].filter.target_state == "size<=medium"
    assert hindered.statics[0].filter.target_state == "cond:immobilized|slowed"
    s = battle([card("Hunter", SWORD, "Giant Slayer: +2 attack against Medium or smaller enemies.")],
               [card("Orc", SWORD), card("Ogre", SWORD, size="Large")], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 3, 4)
    assert sword_bonus(s, "a1", "b1") == 2
    assert sword_bonus(s, "a1", "b2") == 0


def test_a_modifier_in_a_warband_with_a_kind() -> None:
    s = battle([card("Monk", SWORD, "Discipline: -2 attack while in a warband with a Divine ally."),
                card("Priest", SWORD, keywords=("Divine",))], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "a2", 0, 7)
    assert sword_bonus(s, "a1", "b1") == -2


def test_a_power_used_when_an_enemy_becomes_bloodied() -> None:
    power = parse_power(0, "champion", "Use when an enemy becomes bloodied: that enemy takes 10 damage.")
    assert power.trigger == "enemy-bloodied" and power.played, power.unplayed
    s = battle([card("Cruel", SWORD, "Use when an enemy becomes bloodied: that enemy takes 10 damage.")],
               [card("Orc", SWORD, hp=50)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    orc = s.b.by_id["b1"]
    DM.deal_damage(s.b, orc, [(20, "")], s.b.by_id["a1"])
    assert orc.hp == 30  # not yet bloodied (25 or fewer)
    DM.deal_damage(s.b, orc, [(5, "")], s.b.by_id["a1"])
    assert orc.hp == 15  # bloodied at 25, then 10 more


def test_a_power_used_when_it_is_first_bloodied_acts_once() -> None:
    text = "Second Wind: Use when first bloodied: this creature heals 10 HP."
    power = parse_power(0, "special", text)
    assert power.trigger == "first-bloodied" and power.played, power.unplayed
    s = battle([card("Fighter", SWORD, text, hp=40)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    fighter, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    DM.deal_damage(s.b, fighter, [(25, "")], orc)
    assert fighter.hp == 25  # 15, bloodied, healed 10
    DM.deal_damage(s.b, fighter, [(10, "")], orc)
    assert fighter.hp == 15  # bloodied again: no second heal


def test_a_power_used_when_an_ally_becomes_bloodied_reaches_that_ally() -> None:
    text = "Rally: Use when an ally becomes bloodied: that ally heals 5 HP."
    s = battle([card("Captain", SWORD, text), card("Soldier", SWORD, hp=40)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "a2", 4, 5)
    put(s, "b1", 5, 3)
    soldier = s.b.by_id["a2"]
    DM.deal_damage(s.b, soldier, [(25, "")], s.b.by_id["b1"])
    assert soldier.hp == 20


def test_a_bonus_on_hitting_a_target_of_a_kind_and_a_defence_bonus_while_bloodied() -> None:
    hits = "Cold Snap: Whenever this creature hits an Immobilized target: +10 damage on that attack."
    armor = "Ice Armor: +2 to all defenses while bloodied."
    s = battle([card("Yeti", SWORD, hits, armor, hp=40)], [card("Orc", SWORD), card("Elf", SWORD)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 3, 3)
    yeti, orc, elf = s.b.by_id["a1"], s.b.by_id["b1"], s.b.by_id["b2"]
    sword = yeti.powers[0]
    assert sword.attack is not None
    FX.add_active(s.b, orc, "condition", "immobilized", 0, "save", elf, Filter())
    assert J._stat_mods(s.b, yeti, "damage", orc, sword.attack, sword, False, False) == 10
    assert J._stat_mods(s.b, yeti, "damage", elf, sword.attack, sword, False, False) == 0
    orc_sword = orc.powers[0]
    assert orc_sword.attack is not None
    before = J.defence(s.b, yeti, "ac", orc, orc_sword.attack, orc_sword, False)
    DM.deal_damage(s.b, yeti, [(20, "")], orc)
    assert yeti.bloodied
    assert J.defence(s.b, yeti, "ac", orc, orc_sword.attack, orc_sword, False) == before + 2


def test_powers_used_after_an_attack_and_on_an_opportunity_hit() -> None:
    after = "Hit and Run: Use after this creature makes a {M} attack: this creature heals 5 HP."
    pin = "Bar the Way: Use when this creature hits with an opportunity attack: target of that attack is Immobilized."
    assert parse_power(0, "special", after).trigger == "attack-made"
    assert parse_power(1, "special", pin).trigger == "opportunity-hits"
    assert parse_power(0, "special", after).played and parse_power(1, "special", pin).played
    s = battle([card("Skirmisher", SWORD, after, pin, hp=60)], [card("Orc", SWORD)], PurposeDice(attack=[15, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    skirmisher, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    skirmisher.hp = 40
    sword = skirmisher.powers[0]
    assert sword.attack is not None
    AT.attack(s.b, skirmisher, sword, sword.attack, [orc])
    assert skirmisher.hp == 45 and not orc.has("immobilized")
    AT.attack(s.b, skirmisher, sword, sword.attack, [orc], opportunity=True)
    assert skirmisher.hp == 50 and orc.has("immobilized")


def test_a_damage_bonus_after_moving_away_from_where_its_turn_began() -> None:
    text = "Momentum: +10 damage if this creature moved at least 3 squares from where it started its turn before " \
           "attacking."
    power = parse_power(0, "special", text)
    assert power.played, power.unplayed
    assert power.statics[0].filter.self_state == "moved-from-start:3"
    s = battle([card("Charger", SWORD, text)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 1, 3)
    put(s, "b1", 6, 3)
    charger, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    sword = charger.powers[0]
    assert sword.attack is not None
    s.b.active = charger
    s._start_turn(charger)
    assert J._stat_mods(s.b, charger, "damage", orc, sword.attack, sword, False, False) == 0
    MV.walk(s.b, charger, [(2, 3), (3, 3)])
    assert J._stat_mods(s.b, charger, "damage", orc, sword.attack, sword, False, False) == 0  # 2 squares
    MV.walk(s.b, charger, [(4, 3), (5, 3)])
    assert J._stat_mods(s.b, charger, "damage", orc, sword.attack, sword, False, False) == 10


def test_an_attack_limited_to_kinds_and_to_non_adjacent_targets() -> None:
    flame = "Flame: (range 5; Undead, Shapeshifter, or Evil target only) +10 vs. Will; 10 damage"
    lunge = "Lunge: (reach 2, non-adjacent target only) +10 vs. AC; 10 damage"
    s = battle([card("Inquisitor", SWORD, flame, lunge)],
               [card("Zombie", SWORD, keywords=("Undead",)), card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 6, 3)
    put(s, "b2", 5, 4)
    b = s.b
    inquisitor, zombie, orc = b.by_id["a1"], b.by_id["b1"], b.by_id["b2"]
    flame_p, lunge_p = inquisitor.powers[1], inquisitor.powers[2]
    assert flame_p.attack is not None and lunge_p.attack is not None
    assert AT.in_range(b, inquisitor, flame_p, flame_p.attack, zombie)
    assert not AT.in_range(b, inquisitor, flame_p, flame_p.attack, orc)
    assert AT.in_range(b, inquisitor, lunge_p, lunge_p.attack, zombie)  # two squares away
    assert not AT.in_range(b, inquisitor, lunge_p, lunge_p.attack, orc)  # adjacent


def test_an_attack_against_the_lower_of_two_defences() -> None:
    grasp = "Grasp: +10 vs. AC or +10 vs. Reflex; 10 damage"
    s = battle([card("Duelist", grasp)], [card("Shade", SWORD, ac=25, defence=19)], PurposeDice(attack=[10]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    duelist, shade = s.b.by_id["a1"], s.b.by_id["b1"]
    p = duelist.powers[0]
    assert p.attack is not None
    assert AT.attack(s.b, duelist, p, p.attack, [shade]) == 1  # 10 + 10 misses AC 25, hits Reflex 19
    assert shade.hp == 40


def test_an_attack_that_ignores_conceal() -> None:
    lunge = "Lunge: (ignores Conceal) +10 vs. AC; 10 damage"
    s = battle([card("Duelist", lunge, SWORD)], [card("Ghost", SWORD, "Conceal 15", ac=15)],
               PurposeDice(attack=[10, 10]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    duelist, ghost = s.b.by_id["a1"], s.b.by_id["b1"]
    lunge_p, sword = duelist.powers[0], duelist.powers[1]
    assert lunge_p.attack is not None and sword.attack is not None
    assert AT.attack(s.b, duelist, sword, sword.attack, [ghost]) == 0  # 20 hits AC 15, but 10 < conceal 15
    assert AT.attack(s.b, duelist, lunge_p, lunge_p.attack, [ghost]) == 1  # the lunge ignores conceal


def test_an_aura_over_allies_of_some_kinds_anywhere_and_near() -> None:
    """'Beast, Fey and Centaur allies have +2 attack' reaches those allies anywhere on the map; 'Eladrin and Elf
    allies within 5 squares of it' only near; 'it and adjacent Arcane allies' the creature too."""
    chant = "Chant: Beast, Fey and Centaur allies have +2 attack."
    near = "Song: Eladrin and Elf allies within 5 squares of it have +1 attack."
    own = "Shield: This creature and adjacent Arcane allies have +4 AC."
    for text in (chant, near, own):
        assert parse_power(0, "special", text).played, text
    s = battle([card("Druid", SWORD, chant, near, own), card("Wolf", SWORD, keywords=("Beast",)),
                card("Elf", SWORD, keywords=("Elf", "Fey")), card("Orc", SWORD)],
               [card("Goblin", SWORD)], PurposeDice())
    for fid, x, y in (("a1", 0, 0), ("a2", 11, 7), ("a3", 3, 0), ("a4", 1, 1), ("b1", 6, 6)):
        put(s, fid, x, y)
    assert sword_bonus(s, "a2", "b1") == 2  # a Beast across the map
    assert sword_bonus(s, "a3", "b1") == 3  # Fey (+2) and an Elf within 5 squares (+1)
    assert sword_bonus(s, "a4", "b1") == 0  # an Orc
    put(s, "a3", 9, 0)
    assert sword_bonus(s, "a3", "b1") == 2
    druid = s.b.by_id["a1"]
    goblin_sword = s.b.by_id["b1"].powers[0]
    assert goblin_sword.attack is not None
    assert J.defence(s.b, druid, "ac", s.b.by_id["b1"], goblin_sword.attack, goblin_sword, False) == 19


def test_an_aura_that_harms_enemies_starting_their_turn_in_it() -> None:
    text = "Aura of Fire: (Aura 1) Enemies that start a turn in aura take 10 fire damage."
    p = parse_power(0, "special", text)
    assert p.played and p.trigger == "starts-in-aura", p.unplayed
    s = battle([card("Salamander", SWORD, text)], [card("Orc", SWORD), card("Elf", SWORD)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 8, 3)
    orc, elf = s.b.by_id["b1"], s.b.by_id["b2"]
    TR.turn_started(s.b, orc)
    TR.turn_started(s.b, elf)
    assert (orc.hp, elf.hp) == (40, 50)


def test_powers_used_when_an_enemy_takes_damage_of_a_type_and_when_an_ally_destroys_an_enemy() -> None:
    burn = "Use when an enemy takes fire damage: That enemy gains 10 ongoing fire damage (save ends)."
    feast = "Use when a Construct or Warforged ally destroys an enemy: That ally heals 30 HP."
    s = battle([card("Pyre", SWORD, burn, feast, rating=2), card("Golem", SWORD, keywords=("Construct",))],
               [card("Orc", SWORD), card("Elf", SWORD, hp=10)], PurposeDice())
    for fid, x, y in (("a1", 0, 0), ("a2", 4, 3), ("b1", 5, 3), ("b2", 4, 4)):
        put(s, fid, x, y)
    b = s.b
    pyre, golem, orc, elf = b.by_id["a1"], b.by_id["a2"], b.by_id["b1"], b.by_id["b2"]
    DM.deal_damage(b, orc, [(5, "cold")], golem)
    assert not any(e.kind == "ongoing" for e in orc.effects)
    DM.deal_damage(b, orc, [(5, "fire")], golem)
    assert [(e.kind, e.amount, e.what) for e in orc.effects] == [("ongoing", 10, "fire")]
    golem.hp = 10
    DM.deal_damage(b, elf, [(10, "")], golem)
    assert not elf.alive and golem.hp == 40
    assert pyre.hp == 50


def test_powers_used_when_an_enemy_misses_and_on_a_critical_hit() -> None:
    punish = "Use when an enemy misses with an attack. That enemy takes 5 radiant damage."
    fury = "Frigid Fury: Whenever this creature scores a critical hit: +30 cold damage on that attack."
    s = battle([card("Cleric", SWORD, punish, fury, hp=80)], [card("Orc", SWORD)], PurposeDice(attack=[2, 20]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    cleric, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    orc_sword, sword = orc.powers[0], cleric.powers[0]
    assert orc_sword.attack is not None and sword.attack is not None
    AT.attack(s.b, orc, orc_sword, orc_sword.attack, [cleric])  # a 2 misses
    assert orc.hp == 45
    orc.hp = orc.max_hp = 100
    AT.attack(s.b, cleric, sword, sword.attack, [orc])  # a 20: a critical hit, 2 x 10 + 30 cold
    assert orc.hp == 50


def test_a_failed_save_rolled_again_and_a_power_used_on_an_enemys_failed_save() -> None:
    again = "Use when an ally fails a save. Reroll that save."
    hold = "Use when an enemy fails a save. That enemy is Helpless until end of its next turn."
    s = battle([card("Priest", SWORD, again), card("Knight", SWORD)], [card("Witch", SWORD, hold)],
               PurposeDice(save=[3, 12]))
    b = s.b
    put(s, "a1", 0, 0)
    put(s, "a2", 4, 3)
    put(s, "b1", 8, 3)
    knight, witch = b.by_id["a2"], b.by_id["b1"]
    FX.add_active(b, knight, "condition", "dazed", 0, "save", witch, Filter())
    effect = knight.effects[0]
    assert TR.roll_save(b, knight, effect)  # 3 fails; the priest has it rolled again: 12
    assert not knight.has("helpless")  # the witch answers only a failure that stands
    s2 = battle([card("Knight", SWORD)], [card("Witch", SWORD, hold)], PurposeDice(save=[3]))
    put(s2, "a1", 4, 3)
    put(s2, "b1", 8, 3)
    knight2, witch2 = s2.b.by_id["a1"], s2.b.by_id["b1"]
    FX.add_active(s2.b, knight2, "condition", "dazed", 0, "save", witch2, Filter())
    assert not TR.roll_save(s2.b, knight2, knight2.effects[0])
    assert knight2.has("helpless")


def test_a_recharge_on_an_event_and_when_the_attack_hits() -> None:
    breath = "Breath: (blast 3) +10 vs. Ref; 10 fire damage. RECHARGE when a Dragon ally is destroyed."
    bite = "Bite: +10 vs. AC; 10 damage. RECHARGE when this attack hits."
    p = parse_power(0, "attack", breath)
    assert p.played and p.recharge == "on:ally-destroyed" and p.recharge_filter.keyword == "dragon", p.unplayed
    s = battle([card("Wyrm", SWORD, breath, bite), card("Kobold", SWORD), card("Drake", SWORD, keywords=("Dragon",))],
               [card("Orc", SWORD)], PurposeDice(attack=[15]))
    b = s.b
    for fid, x, y in (("a1", 4, 3), ("a2", 0, 0), ("a3", 0, 7), ("b1", 5, 3)):
        put(s, fid, x, y)
    wyrm, kobold, drake, orc = b.by_id["a1"], b.by_id["a2"], b.by_id["a3"], b.by_id["b1"]
    breath_p, bite_p = wyrm.powers[1], wyrm.powers[2]
    wyrm.uses[breath_p.index] = 0
    wyrm.uses[bite_p.index] = 0
    DM.deal_damage(b, kobold, [(60, "")], orc)
    assert wyrm.uses[breath_p.index] == 0  # a Kobold: no recharge
    DM.deal_damage(b, drake, [(60, "")], orc)
    assert wyrm.uses[breath_p.index] == breath_p.uses
    assert bite_p.attack is not None
    AT.attack(b, wyrm, bite_p, bite_p.attack, [orc])
    assert wyrm.uses[bite_p.index] == bite_p.uses


def test_a_move_with_an_attack_during_it_and_damage_of_the_type_the_target_resists_least() -> None:
    spring = "Spring Attack: Move up to its current speed and make a {b} attack at any time during the move."
    flames = "Unholy Flames: +10 vs. AC; 20 necrotic damage OR 20 fire damage."
    p = parse_power(0, "attack", spring)
    assert p.played and p.action == "attack" and [e.kind for e in p.effects] == ["move", "attack"], p.unplayed
    monk_card = card("Monk", SWORD, spring, flames)
    monk_card["powers"][1]["kind"] = "attack"  # the card lists it with the attacks
    s = battle([monk_card], [card("Ghoul", SWORD, "Resist 10 Necrotic")], PurposeDice(attack=[15, 15]))
    put(s, "a1", 1, 3)
    put(s, "b1", 6, 3)
    monk, ghoul = s.b.by_id["a1"], s.b.by_id["b1"]
    s.b.active = monk
    FX.apply_effects(s.b, monk.powers[1].effects, J.Ctx(monk))
    assert s.b.adjacent(monk, ghoul) and ghoul.hp == 40
    flames_p = monk.powers[2]
    assert flames_p.attack is not None
    AT.attack(s.b, monk, flames_p, flames_p.attack, [ghoul])
    assert ghoul.hp == 20  # fire: the necrotic would have lost 10 to Resist


def test_a_target_that_provokes_opportunity_attacks_now() -> None:
    slap = "Slapping Hand: (nearest) +11 vs. Ref; target provokes opportunity attacks"
    s = battle([card("Wizard", slap), card("Fighter", SWORD)], [card("Orc", SWORD)], PurposeDice(attack=[15, 15]))
    put(s, "a1", 0, 3)
    put(s, "a2", 4, 3)
    put(s, "b1", 5, 3)
    wizard, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    p = wizard.powers[0]
    assert p.attack is not None
    AT.attack(s.b, wizard, p, p.attack, [orc])
    assert orc.hp == 40  # the fighter's opportunity attack


def test_choosing_an_enemy_that_cannot_see_it_and_a_bonus_against_that_enemy() -> None:
    ambush = "Ambush 10: Minor action; choose 1 enemy that does not have line of sight to this creature; +10 damage " \
             "against that enemy until end of this creature's turn."
    p = parse_power(0, "special", ambush)
    assert p.played and [e.kind for e in p.effects] == ["choose", "mod"], p.unplayed
    s = battle([card("Rogue", SWORD, ambush, "Hide")], [card("Orc", SWORD), card("Elf", SWORD)], PurposeDice())
    b = s.b
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 8, 3)
    rogue, orc, elf = b.by_id["a1"], b.by_id["b1"], b.by_id["b2"]
    FX.add_active(b, rogue, "condition", "invisible", 0, "battle", rogue, Filter())
    b.active = rogue
    FX.add_active(b, orc, "condition", "blinded", 0, "save", rogue, Filter())  # the orc cannot see it (nor the elf)
    FX.apply_effects(b, rogue.powers[1].effects, J.Ctx(rogue))
    sword = rogue.powers[0]
    assert sword.attack is not None
    assert J._stat_mods(b, rogue, "damage", orc, sword.attack, sword, False, False) == 10  # the nearest chosen
    assert J._stat_mods(b, rogue, "damage", elf, sword.attack, sword, False, False) == 0


def test_powers_used_at_set_up_and_a_state_held_from_the_start() -> None:
    marked = "Marked: Use during setup: Choose an enemy. That enemy is Marked until end of battle."
    disguise = "Disguise Self: This creature is invisible until after it attacks."
    greater = "Greater Invisibility: Minor action: This creature is invisible until it takes damage."
    for text in (marked, disguise, greater):
        assert parse_power(0, "special", text).played, text
    assert parse_power(0, "special", disguise).trigger == "setup"
    s = battle([card("Inquisitor", SWORD, marked, disguise)], [card("Orc", SWORD)], PurposeDice(attack=[15]))
    b = s.b
    inquisitor, orc = b.by_id["a1"], b.by_id["b1"]
    assert orc.has("marked") and inquisitor.has("invisible")
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    sword = inquisitor.powers[0]
    assert sword.attack is not None
    AT.attack(b, inquisitor, sword, sword.attack, [orc])
    assert not inquisitor.has("invisible")
    s2 = battle([card("Mage", SWORD, greater)], [card("Orc", SWORD)], PurposeDice())
    mage = s2.b.by_id["a1"]
    FX.apply_effects(s2.b, mage.powers[1].effects, J.Ctx(mage))
    assert mage.has("invisible")
    DM.deal_damage(s2.b, mage, [(5, "")], s2.b.by_id["b1"])
    assert not mage.has("invisible")


def test_an_attack_redirected_to_a_bodyguard() -> None:
    guard = "Bodyguard: Use when an enemy targets an adjacent ally with an attack: Redirect that attack to this " \
            "creature."
    s = battle([card("Guard", SWORD, guard, ac=30), card("Lord", SWORD, ac=5)], [card("Orc", SWORD)],
               PurposeDice(attack=[10]))
    put(s, "a1", 4, 3)
    put(s, "a2", 4, 4)
    put(s, "b1", 5, 4)
    guard_f, lord, orc = s.b.by_id["a1"], s.b.by_id["a2"], s.b.by_id["b1"]
    orc_sword = orc.powers[0]
    assert orc_sword.attack is not None
    assert AT.attack(s.b, orc, orc_sword, orc_sword.attack, [lord]) == 0  # 20 misses the guard's AC 30
    assert lord.hp == 50 and guard_f.hp == 50


def test_a_power_used_when_it_declares_an_attack_and_when_an_enemy_comes_next_to_it() -> None:
    focus = "Neural Feedback: Use when this creature declares an attack: +2 Attack and +10 psychic Damage on that " \
            "attack."
    arrest = "Arrest: Immediate action, when an enemy enters an adjacent square: That enemy is Immobilized."
    for text in (focus, arrest):
        assert parse_power(0, "special", text).played, text
    s = battle([card("Psion", SWORD, focus, arrest, ac=40)], [card("Orc", SWORD, speed=8, ac=20)],
               PurposeDice(attack=[8]))
    put(s, "a1", 4, 3)
    put(s, "b1", 9, 3)
    psion, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    MV.walk(s.b, orc, [(8, 3), (7, 3), (6, 3), (5, 3)])
    assert orc.has("immobilized")
    sword = psion.powers[0]
    assert sword.attack is not None
    assert AT.attack(s.b, psion, sword, sword.attack, [orc]) == 1  # 8 + 10 misses AC 20; the +2 makes it a hit
    assert orc.hp == 30  # 10 + 10 psychic


def test_modifiers_against_a_faction_a_size_and_not_a_kind() -> None:
    """'Borderlands' is a faction, 'Medium or larger' a size, 'non-Mounted' not a keyword: each is what it says;
    'Big enemies' are Large or larger (the 1.0 rules' big creatures); a word that is none of these is not read."""
    slayer = "Slayer: +5 damage against Borderlands creatures."
    size = "Size Advantage: +3 damage against Medium or larger targets."
    cavalry = "Cavalry 5: +7 damage vs. non-Mounted targets."
    for text in (slayer, size, cavalry):
        assert parse_power(0, "special", text).played, text
    big = parse_power(0, "special", "Giganticus 5: +5 damage vs. Big enemies.")
    assert big.played and big.statics[0].filter.target_state == "size>=large"
    assert not parse_power(0, "special", "Giganticus 5: +5 damage vs. Frobnitz enemies.").played
    rider = card("Rider", SWORD, keywords=("Mounted",), size="Small")
    rider["factions"] = ["borderlands"]
    hunter = card("Hunter", SWORD, slayer, size, cavalry)
    hunter["powers"][3]["kind"] = "special"  # the test helper files a text with "vs." as an attack
    s = battle([hunter], [card("Orc", SWORD), rider], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 3, 3)
    assert sword_bonus_damage(s, "a1", "b1") == 3 + 7
    assert sword_bonus_damage(s, "a1", "b2") == 5


def sword_bonus_damage(state: object, attacker: str, target: str) -> int:
    b = state.b  # type: ignore[attr-defined]
    holder = b.by_id[attacker]
    sword = holder.powers[0]
    assert sword.attack is not None
    return J._stat_mods(b, holder, "damage", b.by_id[target], sword.attack, sword, False, False)


def test_powers_on_its_sides_first_turn_of_a_round_and_on_its_turn() -> None:
    first = "Use before taking your first turn of a round. Allies have +2 attack until end of round."
    own = "Surge: Use on this creature's turn: This creature heals 5 HP."
    assert parse_power(0, "champion", first).trigger == "first-turn"
    assert parse_power(0, "special", own).trigger == "own-turn"
    s = battle([card("Warlord", SWORD, first, own, hp=60), card("Soldier", SWORD)], [card("Orc", SWORD)],
               PurposeDice())
    b = s.b
    put(s, "a1", 0, 0)
    put(s, "a2", 4, 3)
    put(s, "b1", 5, 3)
    warlord, soldier = b.by_id["a1"], b.by_id["a2"]
    warlord.hp = 40
    for f in b.fighters:
        f.activations_left = f.activations
    soldier.activations_left -= 1
    b.active = soldier
    TR.turn_started(b, soldier)  # its side's first turn: the warlord's power acts
    assert sword_bonus(s, "a2", "b1") == 2 and warlord.hp == 40
    warlord.activations_left -= 1
    b.active = warlord
    TR.turn_started(b, warlord)  # the side's second turn: only its own 'on its turn' power
    assert warlord.hp == 45 and sword_bonus(s, "a2", "b1") == 2


def test_a_power_that_answers_an_event_creature_in_a_state() -> None:
    text = "Unholy Cold: Use when a Slowed or Immobilized enemy starts its turn adjacent to this creature: That " \
           "enemy takes 10 cold damage."
    p = parse_power(0, "special", text)
    assert p.played and p.trigger_filter.self_state == "cond:slowed|immobilized", p.unplayed
    s = battle([card("Wight", SWORD, text)], [card("Orc", SWORD), card("Elf", SWORD)], PurposeDice())
    for fid, x, y in (("a1", 4, 3), ("b1", 5, 3), ("b2", 3, 3)):
        put(s, fid, x, y)
    wight, orc, elf = s.b.by_id["a1"], s.b.by_id["b1"], s.b.by_id["b2"]
    FX.add_active(s.b, orc, "condition", "slowed", 0, "save", wight, Filter())
    TR.turn_started(s.b, elf)
    TR.turn_started(s.b, orc)
    assert (orc.hp, elf.hp) == (40, 50)


def test_a_power_does_not_add_to_itself_unless_cumulative_and_a_typed_bonus_counts_once() -> None:
    """Profile ddm-guild.stacking: the same power used twice gives its modifier once (renewed); 'cumulative' adds
    up. A '+5 fire damage' modifier is added to a hit once, as fire damage."""
    rally = "Rally: Minor action: This creature has +2 attack until end of round."
    fury = "Fury: Minor action: This creature has cumulative +1 attack until end of battle."
    flame = "Flame: Minor action: This creature has +5 fire damage until end of round."
    assert parse_power(0, "special", fury).effects[0].extra == ("cumulative",)
    s = battle([card("Berserker", SWORD, rally, fury, flame)], [card("Orc", SWORD, "Resist 5 Fire")],
               PurposeDice(attack=[15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    b = s.b
    berserker, orc = b.by_id["a1"], b.by_id["b1"]
    for p in berserker.powers[1:3] * 2:
        FX.apply_effects(b, p.effects, J.Ctx(berserker))
    assert sword_bonus(s, "a1", "b1") == 2 + 2  # the rally once, the fury twice
    FX.apply_effects(b, berserker.powers[3].effects, J.Ctx(berserker))
    sword = berserker.powers[0]
    assert sword.attack is not None
    AT.attack(b, berserker, sword, sword.attack, [orc])
    assert orc.hp == 40  # 10, and 5 fire that Resist 5 Fire stops


def test_an_effect_written_before_its_event() -> None:
    text = "Revel in Brutality: This creature heals 10 HP whenever its {m} attack destroys an enemy."
    p = parse_power(0, "special", text)
    assert p.played and p.trigger == "destroys" and p.trigger_filter.attack_form == "melee", p.unplayed


def test_gaining_hit_points_a_bonus_near_a_bloodied_creature_and_the_melee_icon_as_a_letter() -> None:
    frenzy = "Savage Frenzy: Use when this creature hits with a {b} attack: This creature gains +20 HP."
    above = "Savage Frenzy 20: Use when this creature hits with a {m} attack; this creature gains +20 HP. This can " \
            "increase this creature's HP above its starting total."
    smell = "Smell of Blood: +2 Attack and +5 Damage while within 5 squares of a Bloodied creature."
    ambush = "Ambush: Minor action: Choose an enemy that does not have line of sight to this creature. +10 m damage " \
             "vs. that enemy until end of turn."
    assert [(e.kind, e.amount) for e in parse_power(0, "special", frenzy).effects] == [("heal", 20)]
    assert not parse_power(0, "special", above).played  # above its starting hit points: not read
    assert parse_power(0, "special", ambush).effects[1].filter.attack_form == "melee"
    s = battle([card("Shark", SWORD, smell)], [card("Orc", SWORD), card("Elf", SWORD)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 10, 3)
    assert sword_bonus(s, "a1", "b1") == 0
    s.b.by_id["b2"].hp = 20  # bloodied, 6 squares away
    assert sword_bonus(s, "a1", "b1") == 0
    put(s, "b2", 9, 3)  # 5 squares away
    assert sword_bonus(s, "a1", "b1") == 2


def test_a_power_used_when_it_or_an_ally_declares_an_attack_against_a_bloodied_enemy() -> None:
    text = "Use when this creature or an ally declares a {m} attack against a bloodied enemy: If that attack hits, " \
           "+20 damage on that attack."
    p = parse_power(0, "special", text)
    assert p.played and p.trigger == "friend-declares" and p.trigger_filter.target_state == "bloodied", p.unplayed
    s = battle([card("Chief", SWORD, text, hp=80), card("Brute", SWORD)], [card("Orc", SWORD, hp=100)],
               PurposeDice(attack=[15, 15]))
    put(s, "a1", 0, 0)
    put(s, "a2", 4, 3)
    put(s, "b1", 5, 3)
    brute, orc = s.b.by_id["a2"], s.b.by_id["b1"]
    sword = brute.powers[0]
    assert sword.attack is not None
    AT.attack(s.b, brute, sword, sword.attack, [orc])
    assert orc.hp == 90  # not bloodied yet: 10
    orc.hp = 50
    AT.attack(s.b, brute, sword, sword.attack, [orc])
    assert orc.hp == 20  # bloodied: 10 + 20
