"""Attack riders read from the cards' own spellings: 'target is destroyed' / 'destroyed' (by the attack), 'Target may
not make attacks (save ends)', 'target provokes an opportunity attack from each adjacent enemy', 'target has -5 Attack
on its next attack roll', '...; effect lasts until end of battle'."""

from __future__ import annotations

from simulate.games import ddm_guild_apply as FX
from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_damage as DM
from simulate.games import ddm_guild_moves as MV
from simulate.games.ddm_guild import GuildAttack
from simulate.games.ddm_guild_cards import card_from_json
from simulate.games.ddm_guild_judge import stat_mods
from simulate.games.ddm_guild_vocab import Filter
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

SLAYING = "Slaying Arrow: (sight, bloodied target only) +18 vs. Fortitude; target is destroyed."
FURY = "Fury of the Abyss: (reach 3, bloodied target only) +18 vs. Fortitude; destroyed."
CALM = "Blanket of Calm: (radius 1 within 10) +12 vs. Will; Target may not make attacks (save ends)."
BIOMANCER = ("Biomancer Bolt: (range 6) +17 vs. Reflex; Slide 1 AND Dazed AND target provokes an opportunity attack "
             "from each adjacent enemy.")
DISSOLVING = ("Dissolving Weapon: +15 vs. DEF(Fort); 20 + 10 acid Damage AND target has -5 Attack on its next attack "
              "roll")
DARKFIRE = ("Greater Darkfire: (minor action, blast 5) +14 vs. Reflex; target is not invisible and does not benefit "
            "from conceal; effect lasts until end of battle.")


def test_the_powers_are_played() -> None:
    for text in (SLAYING, FURY, CALM, BIOMANCER, DISSOLVING, DARKFIRE):
        assert_played(card("Caster", text), 0)


def test_a_target_destroyed_by_the_attack() -> None:
    s = battle([card("Solar", SLAYING)], [card("Orc", SWORD, hp=80)], PurposeDice(attack=[15]))
    put(s, "a1", 3, 3)
    put(s, "b1", 8, 3)
    solar, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    orc.hp = 30
    attack_with(s, solar, orc)
    assert not orc.alive and solar.kills == 1


def test_no_attacks_and_a_provoked_target() -> None:
    bolt = BIOMANCER.replace("Slide 1 AND ", "")  # (a slide of the engine's choice would move it first)
    s = battle([card("Healer", CALM), card("Wizard", bolt), card("Fighter", SWORD)], [card("Orc", SWORD, hp=100)],
               PurposeDice(attack=[15, 15, 15]))
    for fid, x, y in (("a1", 1, 1), ("a2", 1, 6), ("a3", 6, 3), ("b1", 7, 3)):
        put(s, fid, x, y)
    healer, wizard, orc = s.b.by_id["a1"], s.b.by_id["a2"], s.b.by_id["b1"]
    attack_with(s, healer, orc)
    assert orc.has("no-attack")
    attack_with(s, wizard, orc)  # the fighter beside it makes an opportunity attack on it
    assert [e.data["attacker"] for e in s.log.of_kind("opportunity-attack")] == ["a3"]


def test_a_penalty_on_the_targets_next_attack_roll() -> None:
    s = battle([card("Fighter", SWORD)], [card("Half-Giant", SWORD, DISSOLVING, hp=100)], PurposeDice(attack=[15, 15]))
    put(s, "a1", 6, 3)
    put(s, "b1", 7, 3)
    fighter, giant = s.b.by_id["a1"], s.b.by_id["b1"]
    attack_with(s, giant, fighter, 1)
    assert stat_mods(s.b, fighter, "attack") == -5
    attack_with(s, fighter, giant)
    assert stat_mods(s.b, fighter, "attack") == 0


def test_an_effect_that_lasts_until_end_of_battle() -> None:
    s = battle([card("Web Mage", DARKFIRE)], [card("Drow", SWORD, "Invisible")], PurposeDice(attack=[15]))
    put(s, "a1", 3, 3)
    put(s, "b1", 5, 3)
    mage, drow = s.b.by_id["a1"], s.b.by_id["b1"]
    AT.attack(s.b, mage, mage.powers[0], mage.powers[0].attack, [drow])  # type: ignore[arg-type]
    assert sorted((e.what, e.duration) for e in drow.effects if e.kind == "gain") == [("no-conceal", "battle"),
                                                                                      ("no-invisible", "battle")]


BLOODRAGE = ("Bloodrage: +10 vs. AC, 15 damage AND repeat this attack against a different target (once per turn). "
             "Recharge whenever this creture starts a turn bloodied.")
TAIL = ("Tail Sweep: (burst 1) +12 vs. DEF(Ref); 20 Damage AND Stunned; RECHARGE i this creature destroys a Stunned "
        "enemy")
FREEZING = ("Freezing Sweep: (blast 3) +10 vs. DEF(Fort); 20 + 10 cold Damage AND Slowed AND target has Vulnerable 5 "
            "All until end of its next turn. RECHARGE when this creature would take cold Damage.")


def test_recharges_on_events_in_other_words() -> None:
    s = battle([card("Fanatic", SWORD, BLOODRAGE), card("Behemoth", SWORD, TAIL), card("Troll", SWORD, FREEZING)],
               [card("Orc", SWORD), card("Goblin", SWORD), card("Kobold", SWORD)], PurposeDice(save=[1] * 4))
    for fid, x, y in (("a1", 1, 1), ("a2", 1, 4), ("a3", 1, 7), ("b1", 10, 1), ("b2", 10, 4), ("b3", 10, 7)):
        put(s, fid, x, y)
    fanatic, behemoth, troll, orc, goblin = (s.b.by_id[x] for x in ("a1", "a2", "a3", "b1", "b2"))
    for f in (fanatic, behemoth, troll):
        f.uses[f.powers[1].index] = 0
    s._start_turn(fanatic)  # not bloodied: no
    assert fanatic.uses[fanatic.powers[1].index] == 0
    DM.deal_damage(s.b, fanatic, [(30, "")], orc)
    s._start_turn(fanatic)  # a turn started bloodied
    assert fanatic.uses[fanatic.powers[1].index] == 1
    DM.destroy(s.b, s.b.by_id["b3"], behemoth)  # not stunned: no
    assert behemoth.uses[behemoth.powers[1].index] == 0
    FX.add_active(s.b, orc, "condition", "stunned", 0, "save", behemoth, Filter())
    DM.destroy(s.b, orc, behemoth)
    assert behemoth.uses[behemoth.powers[1].index] == 1
    DM.deal_damage(s.b, troll, [(5, "fire")], goblin)
    assert troll.uses[troll.powers[1].index] == 0
    DM.deal_damage(s.b, troll, [(5, "cold")], goblin)
    assert troll.uses[troll.powers[1].index] == 1


PANTHER = ("Swift Panther Rage: +6 vs. AC; 25 Damage AND until end of battle, whenever this creature shifts, it can "
           "shift 2 squares")


def test_a_longer_shift_for_the_rest_of_the_battle() -> None:
    s = battle([card("Barbarian", PANTHER)], [card("Orc", SWORD, hp=80)], PurposeDice(attack=[15]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    barbarian, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    assert (3, 3) not in s._shift_squares(barbarian)
    attack_with(s, barbarian, orc)
    assert (3, 3) in s._shift_squares(barbarian) and (2, 3) not in s._shift_squares(barbarian)


SHRIEK = ("Shriek: (range 5) +15 vs. Will, 5 psychic + 5 thunder damage AND Dazed AND this creature loses a use of "
          "Sweetsong.")
SWEETSONG = "Sweetsong: (blast 5) +12 vs. Will; Stunned (save ends)."


def test_an_attack_that_spends_a_use_of_another_power() -> None:
    harpy = card("Harpy", SHRIEK, SWEETSONG)
    harpy["powers"][1]["uses"] = 1
    s = battle([harpy], [card("Orc", SWORD, hp=80)], PurposeDice(attack=[15, 15]))
    put(s, "a1", 3, 3)
    put(s, "b1", 6, 3)
    f, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    song = f.powers[1]
    assert f.uses_left(song)
    attack_with(s, f, orc)
    assert not f.uses_left(song) and orc.hp == 70
    attack_with(s, f, orc)  # (none left to lose: the attack still is made)
    assert orc.hp == 60 and f.uses[song.index] == 0
    # a power with no use limit has no use to lose: not played
    assert "no use limit" in card_from_json(card("Harpy", SHRIEK, SWEETSONG)).powers[0].unplayed


SACRIFICE = ("Sacrificial Explosion: +15 vs. Fortitude; 15 psychic damage. Hit or miss, each target is Dazed AND this "
             "creature takes 20 damage and cannot take further actions this turn.")


def test_an_attack_that_ends_what_is_left_of_its_turn() -> None:
    s = battle([card("Berbalang", SACRIFICE, hp=60)], [card("Orc", SWORD, hp=80)], PurposeDice(attack=[1]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    turn_of(s, "a1")
    berbalang, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    s.apply(GuildAttack(berbalang.powers[0].index, ("b1",)))  # a miss: Dazed all the same
    assert orc.has("dazed") and orc.hp == 80 and berbalang.hp == 40
    assert not (berbalang.move_action or berbalang.minor_action or berbalang.attack_action)


LOCKDOWN = ("Arcane Lockdown: (radius 2 within 10) +17 vs. Reflex; Target may not make ranged, burst, or blast "
            "attacks (save ends).")


def test_no_ranged_burst_or_blast_attacks_until_saved() -> None:
    s = battle([card("Cleric", LOCKDOWN)], [card("Archer", "Bow: (range 10) +10 vs. AC; 5 damage.", SWORD)],
               PurposeDice(attack=[15]))
    put(s, "a1", 3, 3)
    put(s, "b1", 8, 3)
    cleric, archer = s.b.by_id["a1"], s.b.by_id["b1"]
    AT.attack(s.b, cleric, cleric.powers[0], cleric.powers[0].attack, [archer])  # type: ignore[arg-type]
    assert archer.barred_forms() == {"ranged", "close", "area"}  # its Sword still swings


BLESSING = "Blessing of Orcus: (blast 4) +17 vs. DEF(Fort); 20 necrotic Damage (Undead creatures instead heal 20 HP)"


def test_targets_of_a_kind_heal_instead_of_taking_the_damage() -> None:
    s = battle([card("Aspect", BLESSING), card("Ghoul", SWORD, keywords=("undead",))],
               [card("Orc", SWORD, hp=80), card("Zombie", SWORD, hp=80, keywords=("undead",))],
               PurposeDice(attack=[15, 15, 15]))
    for fid, x, y in (("a1", 3, 3), ("a2", 4, 2), ("b1", 4, 3), ("b2", 4, 4)):
        put(s, fid, x, y)
    aspect, ghoul, orc, zombie = (s.b.by_id[x] for x in ("a1", "a2", "b1", "b2"))
    ghoul.hp = zombie.hp = 30
    blast = aspect.powers[0]
    assert blast.attack is not None
    AT.attack(s.b, aspect, blast, blast.attack, [ghoul, orc, zombie])
    assert (ghoul.hp, orc.hp, zombie.hp) == (50, 60, 50)


FICKLE = ("Fickle Flame: (sight) +16 vs. Fortitude; 15 fire damage AND ongoing 10 fire damage AND target's Resist Fire "
          "is reduced by 15 (save ends both).")


def test_a_resistance_reduced_until_saved() -> None:
    s = battle([card("Summoner", FICKLE)], [card("Salamander", SWORD, "Resist 20 fire", hp=100)],
               PurposeDice(attack=[15, 15], save=[1, 1, 20, 20]))
    put(s, "a1", 3, 3)
    put(s, "b1", 8, 3)
    summoner, salamander = s.b.by_id["a1"], s.b.by_id["b1"]
    attack_with(s, summoner, salamander)  # 15 fire against Resist 20: nothing; then Resist 5 fire
    assert salamander.hp == 100 and salamander.resist_now()["fire"] == 5
    attack_with(s, summoner, salamander)  # 15 fire against Resist 5 (the reductions of one power do not add)
    assert salamander.hp == 90 and salamander.resist_now()["fire"] == 5
    s._end_turn(salamander)
    s._end_turn(salamander)
    s._end_turn(salamander)  # (saves of 20 end what is left)
    assert salamander.resist_now()["fire"] == 20


PICKPOCKET = ("Pickpocket: +17 vs. Reflex; target loses a use of a limited use (check box) power or a champion power. "
              "If two or more powers are available, target may choose which to lose.")


def test_a_target_loses_a_use_of_a_limited_power_then_of_its_champion_powers() -> None:
    hero = card("Hero", SWORD, "Smite: +12 vs. AC; 20 damage.", "Rally: Minor action: Heal 10 HP.", rating=2)
    hero["powers"][1]["uses"] = 1
    hero["powers"][2]["uses"] = 1
    s = battle([card("Rake", PICKPOCKET)], [hero], PurposeDice(attack=[15, 15, 15, 15]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    rake, f = s.b.by_id["a1"], s.b.by_id["b1"]
    smite, rally = f.powers[1], f.powers[2]
    champion = f.champion_left
    attack_with(s, rake, f)  # the one printed last
    assert (f.uses[smite.index], f.uses[rally.index], f.champion_left) == (1, 0, champion)
    attack_with(s, rake, f)
    assert (f.uses[smite.index], f.uses[rally.index], f.champion_left) == (0, 0, champion)
    attack_with(s, rake, f)  # then its champion powers
    assert f.champion_left == champion - 1


UNERRING = "Unerring Sword: +18 vs. AC; 20 Damage; rolls of natural 1 are not automatic misses with this attack"


def test_a_natural_1_that_is_no_automatic_miss() -> None:
    s = battle([card("Samurai", UNERRING, SWORD)], [card("Orc", SWORD, hp=80)], PurposeDice(attack=[1, 1]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    samurai, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    attack_with(s, samurai, orc)  # 1 + 18 against AC 15: a hit
    assert orc.hp == 60
    attack_with(s, samurai, orc, 1)  # its Sword: a natural 1 misses
    assert orc.hp == 60


HYENA = ("Bite: +4 vs. AC; 5 Damage AND ongoing 5 Damage AND Slowed (both end when target is not adjacent to this "
         "creature)")


def test_ongoing_damage_and_a_condition_that_end_once_apart() -> None:
    s = battle([card("Hyena", HYENA)], [card("Orc", SWORD, hp=80)], PurposeDice(attack=[15], save=[20, 20]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    hyena, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    attack_with(s, hyena, orc)
    s._end_turn(orc)  # no save ends them
    assert orc.has("slowed") and [e.kind for e in orc.effects] == ["ongoing", "condition"]
    MV.place(s.b, orc, (8, 3))
    MV.refresh_while(s.b)
    assert not orc.effects


STRENGTHENING = ("Strengthening Blow: +14 vs. AC; 10 Damage AND this creature and allies within 4 squares each heal "
                 "15 HP")


def test_it_and_its_allies_near_it_each_heal_on_a_hit() -> None:
    s = battle([card("Warpriest", STRENGTHENING), card("Near", SWORD), card("Far", SWORD)],
               [card("Orc", SWORD, hp=80)], PurposeDice(attack=[15]))
    for fid, x, y in (("a1", 5, 3), ("a2", 5, 5), ("a3", 0, 7), ("b1", 6, 3)):
        put(s, fid, x, y)
    priest, near, far, orc = (s.b.by_id[x] for x in ("a1", "a2", "a3", "b1"))
    for f in (priest, near, far):
        f.hp = 20
    attack_with(s, priest, orc)
    assert (priest.hp, near.hp, far.hp, orc.hp) == (35, 35, 20, 70)


BLUE_FLAME = ("Blue Flame Blast: +18 vs. AC; 10 fire + 10 necrotic damage AND this creature heals 5 for each target "
              "destroyed.")


def test_it_heals_for_the_target_its_hit_destroys() -> None:
    s = battle([card("Black Wizard", BLUE_FLAME)], [card("Orc", SWORD, hp=80), card("Goblin", SWORD, hp=80)],
               PurposeDice(attack=[15, 15]))
    for fid, x, y in (("a1", 5, 3), ("b1", 6, 3), ("b2", 6, 4)):
        put(s, fid, x, y)
    wizard, orc, goblin = (s.b.by_id[x] for x in ("a1", "b1", "b2"))
    wizard.hp = 20
    attack_with(s, wizard, orc)  # not destroyed: nothing
    assert wizard.hp == 20 and orc.hp == 60
    goblin.hp = 15
    attack_with(s, wizard, goblin)
    assert not goblin.alive and wizard.hp == 25


MANTRAP = ("Engulf: +11 vs. AC; 10 damage AND Medium or smaller target is Immobilized (save ends, or ends when this "
           "creature is no longer adjacent.")


def test_a_condition_that_also_ends_when_its_creature_is_no_longer_adjacent() -> None:
    s = battle([card("Mantrap", MANTRAP)], [card("Orc", SWORD, hp=80), card("Ogre", SWORD, hp=80, size="Large")],
               PurposeDice(attack=[15, 15], save=[1]))
    for fid, x, y in (("a1", 5, 3), ("b1", 6, 3), ("b2", 3, 3)):
        put(s, fid, x, y)
    mantrap, orc, ogre = (s.b.by_id[x] for x in ("a1", "b1", "b2"))
    attack_with(s, mantrap, ogre)  # Large: no
    assert not ogre.has("immobilized")
    attack_with(s, mantrap, orc)
    s._end_turn(orc)  # a failed save
    assert orc.has("immobilized")
    MV.place(s.b, mantrap, (9, 6))
    MV.refresh_while(s.b)
    assert not orc.has("immobilized")


ZOMBIE_BITE = "Zombie's Bite: +7 vs. AC; 5 damage; if this attack destroys the target, this creature is Immobilized."


def test_a_condition_on_itself_once_its_hit_destroys_the_target() -> None:
    s = battle([card("Zombie", ZOMBIE_BITE)], [card("Orc", SWORD, hp=80), card("Goblin", SWORD, hp=80)],
               PurposeDice(attack=[15, 15]))
    for fid, x, y in (("a1", 5, 3), ("b1", 6, 3), ("b2", 6, 4)):
        put(s, fid, x, y)
    zombie, orc, goblin = (s.b.by_id[x] for x in ("a1", "b1", "b2"))
    attack_with(s, zombie, orc)
    assert not zombie.has("immobilized")
    goblin.hp = 5
    attack_with(s, zombie, goblin)
    assert not goblin.alive and zombie.has("immobilized")


MANGLING = ("Mangling Strike: +11 vs. AC; 15 damage AND if target became bloodied, target is also Slowed until end of "
            "battle.")


def test_a_rider_once_the_hit_bloodies_the_target() -> None:
    s = battle([card("Minotaur", MANGLING)], [card("Orc", SWORD, hp=50)], PurposeDice(attack=[15, 15, 15]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    minotaur, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    attack_with(s, minotaur, orc)  # 35 of 50: not bloodied
    assert not orc.has("slowed")
    attack_with(s, minotaur, orc)  # 20: bloodied now
    assert orc.has("slowed")
    orc.effects = []
    attack_with(s, minotaur, orc)  # bloodied before: no
    assert not orc.has("slowed")


BEACON = ("Beacon of Hope: +14 vs. AC; 15 radiant damage AND 1 ally within 3 squares makes a saving throw against 1 "
          "condition or effect that a save can end.")


def test_an_ally_near_it_makes_a_saving_throw_on_the_hit() -> None:
    s = battle([card("Meepo", BEACON), card("Kobold", SWORD)], [card("Orc", SWORD, hp=80)],
               PurposeDice(attack=[15, 15], save=[5, 15]))
    for fid, x, y in (("a1", 5, 3), ("a2", 5, 5), ("b1", 6, 3)):
        put(s, fid, x, y)
    meepo, kobold, orc = (s.b.by_id[x] for x in ("a1", "a2", "b1"))
    FX.add_active(s.b, kobold, "condition", "dazed", 0, "save", orc, Filter())
    attack_with(s, meepo, orc)  # a save of 5: still dazed
    assert kobold.has("dazed")
    attack_with(s, meepo, orc)  # 15: saved
    assert not kobold.has("dazed") and orc.hp == 50
    bard = card_from_json(card("Bard", SWORD, "Use at end of round: each ally adjacent to this creature rolls a saving "
                                              "throw to end each condition that a save can end."))
    assert bard.powers[1].played and [(e.who, e.what, e.count) for e in bard.powers[1].effects] == [
        ("allies", "save-roll:condition", 99)]
