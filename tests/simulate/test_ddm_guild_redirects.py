"""Attacks given away by the creature attacked (profile ddm-guild.redirect-away): 'Use when this creature is targeted
by an attack: Redirect that attack to an adjacent Elf ally', 'Redirect a {m} or {r} attack against this creature to an
adjacent Immobilized enemy other than the attacker', 'Use when this creature is hit by an attack: An adjacent Beast ally
is hit instead'; and the attacks that cannot be redirected ('Use when this creature makes an attack; that attack
cannot be redirected', 'Attacks against this creature may not be redirected')."""

from __future__ import annotations

from simulate.games import ddm_guild_apply as FX
from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_damage as DM
from simulate.games.ddm_guild_vocab import Filter
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, assert_played, attack_with, battle, card, put

BOW = "Bow: (range 10) +10 vs. AC; 10 damage."
ELF_SHIELD = "Use when this creature is targeted by an attack: Redirect that attackj to an adjacent Elf ally.."
BEAST_SHIELD = "Use when this creature is hit by an attack: An adjacent Beast ally is hit instead."
BODY_SHIELD = "Body Shield: Redirect a {m} or {r} attack against this creature to an adjacent Immobilized enemy " \
              "other than the attacker. RECHARGE when this creature hits with a {b} attack."




def test_an_attack_redirected_to_an_adjacent_ally_of_the_kind_named() -> None:
    ambassador = card("Elf Ambassador", SWORD, ELF_SHIELD)
    assert_played(ambassador, 1)
    s = battle([ambassador, card("Elf Guard", SWORD, hp=60, keywords=("Elf",)), card("Man", SWORD, hp=80)],
               [card("Orc", SWORD)], PurposeDice(attack=[15]))
    put(s, "a1", 4, 3)
    put(s, "a2", 4, 4)  # an adjacent Elf
    put(s, "a3", 4, 2)  # adjacent, not an Elf
    put(s, "b1", 5, 3)
    amb, elf, man, orc = (s.b.by_id[i] for i in ("a1", "a2", "a3", "b1"))
    assert attack_with(s, orc, amb) == 1
    assert (amb.hp, elf.hp, man.hp) == (50, 50, 80)  # the Elf took the hit
    put(s, "a2", 9, 9)  # no Elf beside it: it takes the attack itself
    attack_with(s, orc, amb)
    assert (amb.hp, elf.hp) == (40, 50)


def test_the_ally_with_the_most_hit_points_takes_it_and_not_an_area_attack() -> None:
    kobold = card("Kobold Champion", SWORD, "Sneaky Desperation: While Bloodied, whenever this creature is targeted "
                                            "by a {m} attack, it can redirect that attack to an adjacent ally.")
    assert_played(kobold, 1)
    s = battle([kobold, card("Kobold", SWORD, hp=30), card("Dragon", SWORD, hp=90)],
               [card("Orc", SWORD, BOW, "Burst: (burst 2) +10 vs. Reflex; 5 damage.")],
               PurposeDice(attack=[15, 15, 15, 15, 15, 15]))
    put(s, "a1", 4, 3)
    put(s, "a2", 4, 4)
    put(s, "a3", 4, 2)
    put(s, "b1", 5, 3)
    k, small, big, orc = (s.b.by_id[i] for i in ("a1", "a2", "a3", "b1"))
    attack_with(s, orc, k)  # not bloodied: it takes the hit
    assert k.hp == 40
    k.hp = 20
    attack_with(s, orc, k)  # bloodied: the ally with the most hit points takes it
    assert (k.hp, small.hp, big.hp) == (20, 30, 80)
    attack_with(s, orc, k, 1)  # a {r} attack: not redirected
    assert k.hp == 10
    burst = orc.powers[2]
    assert burst.attack is not None  # (the cards' spelling of a burst: an attack)
    AT.attack(s.b, orc, burst, burst.attack, AT.area_targets(s.b, orc, burst.attack, None))  # a burst: each takes its
    # own part, nothing redirected
    assert (k.hp, small.hp, big.hp) == (5, 25, 75)


def test_body_shield_gives_the_attack_to_an_immobilized_enemy_other_than_the_attacker() -> None:
    choker = card("Choker", SWORD, BODY_SHIELD)
    choker["powers"][1]["uses"] = 1
    assert_played(choker, 1)
    s = battle([choker], [card("Orc", SWORD), card("Goblin", SWORD)], PurposeDice(attack=[15, 15, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 3, 3)
    ch, orc, gob = (s.b.by_id[i] for i in ("a1", "b1", "b2"))
    attack_with(s, orc, ch)  # the goblin is not Immobilized: the choker is hit
    assert (ch.hp, gob.hp) == (40, 50)
    for f in (gob, orc):
        FX.add_active(s.b, f, "condition", "immobilized", 0, "save", ch, Filter())
    assert gob.has("immobilized") and orc.has("immobilized")
    attack_with(s, orc, ch)  # the goblin takes it (not the orc, the attacker, Immobilized too)
    assert (ch.hp, gob.hp, orc.hp) == (40, 40, 50)
    attack_with(s, orc, ch)  # used: it recharges only when the choker hits with a basic attack
    assert (ch.hp, gob.hp) == (30, 40)


def test_an_adjacent_beast_ally_is_hit_instead() -> None:
    ranger = card("Moon Elf Ranger", SWORD, BEAST_SHIELD)
    assert_played(ranger, 1)
    s = battle([ranger, card("Wolf", SWORD, hp=40, ac=30, keywords=("Beast",))], [card("Orc", SWORD)],
               PurposeDice(attack=[12, 3]))
    put(s, "a1", 4, 3)
    put(s, "a2", 4, 4)
    put(s, "b1", 5, 3)
    r, wolf, orc = (s.b.by_id[i] for i in ("a1", "a2", "b1"))
    assert attack_with(s, orc, r) == 1  # 22 hits the ranger's AC 15; the wolf is hit, whatever its AC
    assert (r.hp, wolf.hp) == (50, 30)
    assert attack_with(s, orc, r) == 0  # a miss: nothing to hand over
    assert (r.hp, wolf.hp) == (50, 30)


def test_an_attack_that_cannot_be_redirected() -> None:
    wizard = card("Halfling Wizard", SWORD, "Precise Attack: Use when this creature makes an attack; that attack "
                                            "cannot be redirected")
    assert_played(wizard, 1)
    proud = card("Roving Swordmage", SWORD, "Prideful: Attacks against this creature may not be redirected.")
    assert_played(proud, 1)
    guard = "Bodyguard: Use when an enemy targets an adjacent ally with an attack: Redirect that attack to this " \
            "creature."
    s = battle([card("Guard", SWORD, guard), card("Lord", SWORD), proud], [wizard, card("Orc", SWORD)],
               PurposeDice(attack=[15, 15, 15]))
    put(s, "a1", 4, 3)
    put(s, "a2", 4, 4)
    put(s, "a3", 3, 3)
    put(s, "b1", 5, 4)
    put(s, "b2", 5, 3)
    g, lord, sm, wiz, orc = (s.b.by_id[i] for i in ("a1", "a2", "a3", "b1", "b2"))
    attack_with(s, wiz, lord)  # the wizard's attack stays on the lord
    assert (g.hp, lord.hp) == (50, 40)
    attack_with(s, orc, lord)  # the orc's goes to the guard
    assert (g.hp, lord.hp) == (40, 40)
    attack_with(s, orc, sm)  # nor is an attack on the swordmage taken over
    assert (g.hp, sm.hp) == (40, 40)


def test_that_attack_hits_this_creature_instead() -> None:
    militia = card("Human Town Guard", SWORD, "Militia Guard: Use when an adjacent ally is hit with a {m} or {r} "
                                              "attack: That attack hits this creature instead.", ac=40)
    assert_played(militia, 1)
    s = battle([militia, card("Lord", SWORD)], [card("Orc", SWORD)], PurposeDice(attack=[15]))
    put(s, "a1", 4, 3)
    put(s, "a2", 4, 4)
    put(s, "b1", 5, 4)
    guard, lord, orc = (s.b.by_id[i] for i in ("a1", "a2", "b1"))
    assert attack_with(s, orc, lord) == 1  # the lord is hit; the guard takes the hit, whatever its AC
    assert (guard.hp, lord.hp) == (40, 50)


def test_the_attack_goes_to_the_creature_with_the_fewest_hit_points_in_reach() -> None:
    berserker = card("Foulspawn Berserker", SWORD, "Berserk Deflection: Whenever an enemy targets an ally adjacent to "
                     "this creature with a {m} attack, that attack instead targets the enemy or ally with the lowest "
                     "current HP within that enemy's reach.", hp=5)
    assert_played(berserker, 1)
    s = battle([berserker, card("Lord", SWORD)], [card("Orc", SWORD), card("Goblin", SWORD, hp=20)],
               PurposeDice(attack=[15]))
    put(s, "a1", 4, 3)  # (the berserker itself, the weakest, is not one of them)
    put(s, "a2", 4, 4)
    put(s, "b1", 5, 4)
    put(s, "b2", 5, 5)  # the orc's own ally, within its reach, with the fewest hit points
    lord, orc, gob = (s.b.by_id[i] for i in ("a2", "b1", "b2"))
    attack_with(s, orc, lord)
    assert (lord.hp, gob.hp) == (50, 10)


def test_a_ranged_miss_instead_hits_an_enemy_within_5_squares() -> None:
    ulmo = card("Ulmo Lightbringer", SWORD, "Ki Deflection: Use when a {r} attack misses this creature; the attack "
                                           "instead hits 1 enemy within 5 squares of this creature.", ac=40)
    assert_played(ulmo, 1)
    s = battle([ulmo], [card("Archer", BOW), card("Orc", SWORD, ac=40)], PurposeDice(attack=[15, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 12, 3)  # the archer, 8 squares away
    put(s, "b2", 6, 3)
    u, archer, orc = (s.b.by_id[i] for i in ("a1", "b1", "b2"))
    assert attack_with(s, archer, u) == 1  # missed the monk: the orc is hit, whatever its AC
    assert (u.hp, orc.hp, archer.hp) == (50, 40, 50)
    attack_with(s, orc, u)  # a {m} miss: nothing
    assert (u.hp, orc.hp) == (50, 40)


def test_an_honor_guard_takes_half_the_champions_damage() -> None:
    honor = card("Hobgoblin Fighter", SWORD, "Honor Guard: Use when an adjacent Hobgoblin champion takes damage: "
                                             "Assign half the damage to this creature instead.")
    assert_played(honor, 1)
    champion = card("Hobgoblin Warcaster", SWORD, rating=2, keywords=("Hobgoblin",))
    s = battle([honor, champion, card("Hobgoblin Soldier", SWORD, keywords=("Hobgoblin",))],
               [card("Orc", SWORD, "Axe: +10 vs. AC; 15 damage.")], PurposeDice(attack=[15, 15]))
    put(s, "a1", 4, 3)
    put(s, "a2", 4, 4)
    put(s, "a3", 3, 3)  # adjacent too, not a champion
    put(s, "b1", 5, 4)
    guard, champ, soldier, orc = (s.b.by_id[i] for i in ("a1", "a2", "a3", "b1"))
    attack_with(s, orc, champ, 1)
    assert (champ.hp, guard.hp) == (50 - 8, 50 - 7)
    attack_with(s, orc, soldier, 1)
    assert (soldier.hp, guard.hp) == (35, 43)
    DM.deal_damage(s.b, champ, [(10, "")], None)  # any damage: 5 each
    assert (champ.hp, guard.hp) == (37, 38)


def test_that_attack_deals_half_damage_to_that_ally_and_to_this_creature() -> None:
    myconid = card("Myconid Guard", SWORD, "Roots of the Colony: Use when a Myconid ally within 5 squares of this "
                                           "creature is hit by an attack; that attack deals half damage to that ally "
                                           "and to this creature.")
    assert_played(myconid, 1)
    s = battle([myconid, card("Myconid Sovereign", SWORD, keywords=("Myconid",)), card("Human", SWORD)],
               [card("Orc", SWORD, "Axe: +10 vs. AC; 15 damage.")], PurposeDice(attack=[15, 15]))
    put(s, "a1", 8, 3)
    put(s, "a2", 4, 4)
    put(s, "a3", 4, 2)
    put(s, "b1", 5, 3)
    guard, sovereign, human, orc = (s.b.by_id[i] for i in ("a1", "a2", "a3", "b1"))
    attack_with(s, orc, sovereign, 1)
    assert (sovereign.hp, guard.hp) == (43, 43)
    attack_with(s, orc, human, 1)
    assert (human.hp, guard.hp) == (35, 43)


def test_the_attack_targets_an_adjacent_kobold_ally_instead() -> None:
    king = card("Kobold King", SWORD, "Use when this creature is targeted by an attack: The attack targets an adjacent "
                                      "Kobold ally instead.")
    assert_played(king, 1)
    s = battle([king, card("Kobold", SWORD, keywords=("Kobold",))], [card("Orc", SWORD)], PurposeDice(attack=[15]))
    put(s, "a1", 4, 3)
    put(s, "a2", 4, 4)
    put(s, "b1", 5, 3)
    k, kobold, orc = (s.b.by_id[i] for i in ("a1", "a2", "b1"))
    attack_with(s, orc, k)
    assert (k.hp, kobold.hp) == (50, 40)


def test_damage_taken_instead() -> None:
    druid = card("Vadania", SWORD, "Use when a Beast or Magical Beast ally takes damage. This creature takes that "
                                   "damage instead.", hp=80)
    assert_played(druid, 1)
    brain = card("Brain in a Jar", SWORD, "Protect the Master: Use when this creature would take damage: 1 "
                 "non-Champion ally within 5 squares takes that damage instead, then this creature takes 5 damage.")
    assert_played(brain, 1)
    nilbog = card("Nilbog", SWORD, "Reversal of Fortune: Immediate action, use when this creature would take damage "
                                   "from an attack: an adjacent enemy takes that damage instead.")
    assert_played(nilbog, 1)
    s = battle([druid, card("Wolf", SWORD, keywords=("Beast",)), brain, card("Zombie", SWORD, hp=70),
                card("Lich", SWORD, rating=2, hp=90)], [nilbog, card("Orc", SWORD, hp=100)], PurposeDice(attack=[15]))
    put(s, "a1", 0, 0)
    put(s, "a2", 3, 3)
    put(s, "a3", 8, 6)
    put(s, "a4", 10, 6)
    put(s, "a5", 9, 7)  # a champion, with more hit points: not one
    put(s, "b1", 11, 0)
    put(s, "b2", 4, 3)
    druid_f, wolf, brain_f, zombie, lich, nil, orc = (s.b.by_id[i] for i in ("a1", "a2", "a3", "a4", "a5", "b1", "b2"))
    attack_with(s, orc, wolf)
    assert (wolf.hp, druid_f.hp) == (50, 70)
    DM.deal_damage(s.b, brain_f, [(20, "")], None)
    assert (brain_f.hp, zombie.hp, lich.hp) == (45, 50, 90)
    DM.deal_damage(s.b, nil, [(20, "")], None)  # not an attack's damage
    assert nil.hp == 30
    put(s, "a2", 11, 1)
    attack_with(s, wolf, nil)  # the wolf's attack: it takes that damage instead
    assert (nil.hp, wolf.hp) == (30, 40)


def test_it_switches_positions_with_that_ally_and_is_hit_instead() -> None:
    paladin = card("Dragonborn Paladin of Bahamut", SWORD, "Use when an ally adjacent to this creature is hit by a {m} "
                   "or {r} attack: This creature switches positions with that ally and is hit by that attack instead.")
    assert_played(paladin, 1)
    s = battle([paladin, card("Cleric", SWORD)], [card("Orc", SWORD)], PurposeDice(attack=[15]))
    put(s, "a1", 4, 3)
    put(s, "a2", 5, 4)
    put(s, "b1", 6, 4)
    pal, cleric, orc = (s.b.by_id[i] for i in ("a1", "a2", "b1"))
    attack_with(s, orc, cleric)
    assert (pal.pos, cleric.pos) == ((5, 4), (4, 3))
    assert (pal.hp, cleric.hp) == (40, 50)


def test_an_attack_of_its_side_is_not_redirected_instead() -> None:
    countess = card("Countess Sansuri", SWORD, "Use when an attack is redirected: That attack is not redirected "
                                               "instead.")
    assert_played(countess, 1)
    guard = "Bodyguard: Use when an enemy targets an adjacent ally with an attack: Redirect that attack to this " \
            "creature."
    s = battle([card("Guard", SWORD, guard), card("Lord", SWORD)], [countess, card("Orc", SWORD)],
               PurposeDice(attack=[15, 15]))
    put(s, "a1", 4, 3)
    put(s, "a2", 4, 4)
    put(s, "b1", 5, 4)
    put(s, "b2", 5, 5)
    g, lord, orc = (s.b.by_id[i] for i in ("a1", "a2", "b2"))
    attack_with(s, orc, lord)  # her ally's attack stays on the lord
    assert (g.hp, lord.hp) == (50, 40)


def test_an_active_goblin_ally_takes_the_attack() -> None:
    snig = card("Snig the Axe", SWORD, "Devoted Followers: Immediate, when an enemy targets this creature with an "
                                       "attack; choose 1 active adjacent Goblin ally as the target instead.")
    assert_played(snig, 1)
    s = battle([snig, card("Goblin", SWORD, keywords=("Goblin",))], [card("Orc", SWORD)], PurposeDice(attack=[15]))
    put(s, "a1", 4, 3)
    put(s, "a2", 4, 4)
    put(s, "b1", 5, 3)
    sn, gob, orc = (s.b.by_id[i] for i in ("a1", "a2", "b1"))
    attack_with(s, orc, sn)
    assert (sn.hp, gob.hp) == (50, 40)
