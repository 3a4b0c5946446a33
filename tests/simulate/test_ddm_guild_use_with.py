"""Powers used with an attack of the creature's own ('Feat of Strength: Use with a {B} attack; +10 Damage to that
attack AND push target 1 square', 'Lovelorn: Use with Sceptre: On hit, target is Helpless (save ends)', 'Use before
making a {m} attack'): as that attack is declared, their words on the target riders of its hit (ddm-guild.use-with);
powers that begin with the attack roll's result ('On a critical hit, target is also Stunned (save ends)', 'On natural
attack rolls of 19 or 20, target is Dazed (hit or miss)', ddm-guild.roll-leads); and bonuses against Big creatures
('+10 damage vs. Big targets', ddm-guild.size)."""

from __future__ import annotations

from simulate.games import ddm_guild_moves as MV
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

FEAT = "Feat of Strength: Use with a {B} attack; +10 Damage to that attack AND push target 1 square."
LOVELORN = "Lovelorn: Use with Sceptre: On hit, taget is helpless (save ends)."
SCEPTRE = "Sceptre: +10 vs. AC; 10 damage."
INQUISITOR = "Inquisitor's Smite: Use before making a {m} attack; +10 {m} Damage AND target is Dazed (save ends)."
STUNNING = "Stunning Critical: On a critical hit, target is also Stunned (save ends)."
HAMMER = "Heavy Hammer: On natural attack rolls of 19 or 20, target is Dazed (hit or miss)."
GIGANTIC = "Gigantic 10: +10 damage vs. Big targets."


def test_the_powers_are_played() -> None:
    raw = card("Champion", SWORD, FEAT, LOVELORN, SCEPTRE, INQUISITOR, STUNNING, HAMMER, GIGANTIC)
    raw["powers"][7]["kind"] = "special"  # (the catalogue's kind: its 'vs.' is no attack line)
    for index in range(1, 8):
        if index != 3:
            assert_played(raw, index)


def test_use_with_a_basic_attack_adds_damage_and_pushes_on_a_hit_only() -> None:
    champion = card("Champion", SWORD, FEAT)
    champion["powers"][1]["uses"] = 2
    s = battle([champion], [card("Orc", SWORD, hp=100)], PurposeDice(attack=[3, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    fighter, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    attack_with(s, fighter, orc)  # a 3 misses: no push (one use spent)
    assert orc.hp == 100 and orc.pos == (5, 3)
    attack_with(s, fighter, orc)  # a 15 hits: 10 + 10 damage, pushed 1 square
    assert orc.hp == 80 and s.b.gap(fighter, orc) == 2
    assert fighter.uses.get(1) == 0


def test_use_with_a_named_attack_and_on_hit() -> None:
    s = battle([card("Cleric", SWORD, SCEPTRE, LOVELORN)], [card("Orc", SWORD, hp=100)], PurposeDice(attack=[15, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    cleric, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    attack_with(s, cleric, orc, 0)  # the sword: not the Sceptre
    assert not orc.has("helpless")
    attack_with(s, cleric, orc, 1)  # the Sceptre hits: helpless
    assert orc.has("helpless")


def test_use_before_a_melee_attack() -> None:
    s = battle([card("Inquisitor", SWORD, INQUISITOR)], [card("Orc", SWORD, hp=100)], PurposeDice(attack=[15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    inquisitor, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    attack_with(s, inquisitor, orc)
    assert orc.hp == 80 and orc.has("dazed")


def test_on_a_critical_hit_and_on_natural_rolls() -> None:
    s = battle([card("Ogre", SWORD, STUNNING, HAMMER)], [card("Orc", SWORD, hp=100, ac=30)],
               PurposeDice(attack=[19, 20]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    ogre, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    attack_with(s, ogre, orc)  # a natural 19 misses AC 30: dazed all the same, not stunned
    assert orc.hp == 100 and orc.has("dazed") and not orc.has("stunned")
    attack_with(s, ogre, orc)  # a natural 20: a critical hit, stunned
    assert orc.hp < 100 and orc.has("stunned")


def test_more_damage_against_big_targets_only() -> None:
    giant_card = card("Giant", SWORD, GIGANTIC)
    giant_card["powers"][1]["kind"] = "special"
    s = battle([giant_card], [card("Troll", SWORD, hp=100, size="Large"), card("Orc", SWORD, hp=100)],
               PurposeDice(attack=[15, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 3, 3)
    giant, troll, orc = s.b.by_id["a1"], s.b.by_id["b1"], s.b.by_id["b2"]
    attack_with(s, giant, troll)
    attack_with(s, giant, orc)
    assert troll.hp == 80 and orc.hp == 90


# --- properties of the creature itself (ddm-guild-play.md, the version note of these readings) -----------------------

MAGGOTS = "Million Maggots: Never provokes opportunity attacks."
SPELLSONG = "Spellsong: Does not provoke opportunity attacks with {r} attacks."
BOW = "Bow: (range 10) +10 vs. AC; 10 damage."
DIVINIAN = "Divinian: Takes no extra damage from critical hits."
OOZE = "Ooze: Takes half damage from melee and ranged attacks."


def test_never_provokes_nor_with_ranged_attacks() -> None:
    for power in (MAGGOTS, SPELLSONG):
        s = battle([card("Grubs", BOW, power)], [card("Orc", SWORD, hp=100)], PurposeDice(attack=[15, 15]))
        put(s, "a1", 4, 3)
        put(s, "b1", 5, 3)
        grubs, orc = s.b.by_id["a1"], s.b.by_id["b1"]
        attack_with(s, grubs, orc)  # a ranged attack beside an enemy: no opportunity attack
        assert not s.log.of_kind("opportunity-attack") and grubs.hp == 50, power
    s = battle([card("Archer", BOW)], [card("Orc", SWORD, hp=100)], PurposeDice(attack=[15, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    attack_with(s, s.b.by_id["a1"], s.b.by_id["b1"])  # (without the power, it provokes)
    assert s.log.of_kind("opportunity-attack")


def test_never_provokes_by_moving() -> None:
    s = battle([card("Grubs", SWORD, MAGGOTS)], [card("Orc", SWORD, hp=100)], PurposeDice(attack=[15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    MV.walk(s.b, s.b.by_id["a1"], [(4, 3), (3, 3), (2, 3)])
    assert not s.log.of_kind("opportunity-attack")


def test_may_not_charge() -> None:
    s = battle([card("Dread Warrior", SWORD, "Deliberate: May not charge")], [card("Orc", SWORD, hp=100)],
               PurposeDice())
    put(s, "a1", 1, 3)
    put(s, "b1", 6, 3)
    warrior = s.b.by_id["a1"]
    turn_of(s, "a1")
    assert warrior.gained("no-charge") and not s._charge_actions(warrior)


def test_no_extra_damage_from_critical_hits_and_half_from_melee() -> None:
    s = battle([card("Orc", SWORD)], [card("Empyrean", SWORD, DIVINIAN, hp=100), card("Pudding", SWORD, OOZE, hp=100)],
               PurposeDice(attack=[20, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 3, 3)
    orc, empyrean, pudding = s.b.by_id["a1"], s.b.by_id["b1"], s.b.by_id["b2"]
    attack_with(s, orc, empyrean)  # a natural 20: a critical hit, 10 damage, not 20
    assert empyrean.hp == 90
    attack_with(s, orc, pudding)  # 10 melee damage, halved
    assert pudding.hp == 95


def test_misprinted_keywords() -> None:
    s = battle([card("Homunculus", SWORD, "Blend In: Invisible to creatures 6 or more squaresa away.")],
               [card("Phoera", SWORD, "NVulnerable 10 Cold", hp=100)], PurposeDice())
    put(s, "a1", 1, 3)
    put(s, "b1", 8, 3)
    homunculus, phoera = s.b.by_id["a1"], s.b.by_id["b1"]
    assert s.b.invisible_to(homunculus, phoera)
    put(s, "b1", 4, 3)
    assert not s.b.invisible_to(homunculus, phoera)
    assert phoera.vulnerable_now().get("cold") == 10


def test_each_creature_of_either_kind_has_flight() -> None:
    nanny = card("Nanny", SWORD, "Juju: Each Hag and Aberration has Flight.")
    s = battle([nanny, card("Witch", SWORD, keywords=("hag",))],
               [card("Beholder", SWORD, keywords=("aberration",)), card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 1, 3)
    put(s, "a2", 1, 5)
    put(s, "b1", 8, 3)
    put(s, "b2", 8, 5)
    MV.refresh_while(s.b)
    witch, beholder, orc = s.b.by_id["a2"], s.b.by_id["b1"], s.b.by_id["b2"]
    assert witch.flies() and beholder.flies() and not orc.flies()
