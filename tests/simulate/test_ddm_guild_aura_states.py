"""Modifiers and auras that read a state when they are judged: 'takes 10 less damage from {c} and {r} attacks
(minimum 5 damage)' and for a while '(min. 0)', combat advantage against targets vulnerable to the damage types it
deals, a champion rating added to attack rolls, an ally's charge within its sight, the end of round phase, and
enemies near it in a state ('is Slowed, it is also Immobilized', 'taking ongoing necrotic damage are also
Immobilized': judged again as conditions and ongoing damage start and end)."""

from __future__ import annotations

from simulate.games import ddm_guild_apply as FX
from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_judge as J
from simulate.games import ddm_guild_moves as MV
from simulate.games import ddm_guild_triggers as TR
from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from simulate.games.ddm_guild_state import Fighter
from simulate.games.ddm_guild_vocab import Filter
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

SHARD = "Dragonshard Infused: Takes 10 less Damage from {c} and {r} attacks (minimum 5 Damage)."
EXO = ("Exoskeleton: Use at any time: This creature takes 10 less damage from {m} and {r} attacks (min. 0) until end "
       "of its next turn.")
EXPLOIT = ("Exploit Vulnerability: This creature has combat advantage vs. targets that are Vulnerable to any of the "
           "damage types it causes.")
INSPIRED = "Inspired: Add the champion rating of an Orc ally within 5 squares to this creature's attack rolls."
DISCIPLINE = "Requires Discipline: Add your warband's highest Champion rating to this creature's {m} attack rolls."
SONG = "War Song: An ally that charges within sight of this creature deals +10 {m} Damage on that charge."
CLOCKWORK = "Clockwork Precision: Modron allies have +2 attack during the end of round phase."
FREEZE = "Freeze: While an enemy within 3 squares of this creature is Slowed, it is also Immobilized."
SHADOW = "Fear's Dark Shadow: Enemies within 2 squares taking ongoign necrotic damage are also Immobilized."
BOW = "Bow: (range 10) +10 vs. AC; 15 damage."
FROST = "Frost Ray: (range 10) +10 vs. Ref; 10 cold damage."


def _mods(b: object, f: Fighter, stat: str, t: Fighter, i: int = 0, charge: bool = False) -> int:
    p = f.powers[i]
    assert p.attack is not None
    return J._stat_mods(b, f, stat, t, p.attack, p, charge, False)  # type: ignore[arg-type]


def test_the_powers_are_read_and_played() -> None:
    for text in (SHARD, EXO, EXPLOIT, INSPIRED, DISCIPLINE, SONG, CLOCKWORK, FREEZE, SHADOW):
        assert unplayed_powers(card_from_json(card("Any", SWORD, text))) == [], text


def test_less_damage_from_some_attacks_with_a_least_damage() -> None:
    s = battle([card("Warforged", SWORD, SHARD, hp=100), card("Devourer", SWORD, EXO, hp=100)],
               [card("Archer", SWORD, BOW)], PurposeDice(attack=[15] * 6))
    put(s, "a1", 2, 2)
    put(s, "a2", 2, 6)
    put(s, "b1", 3, 2)
    shard, devourer, archer = (s.b.by_id[x] for x in ("a1", "a2", "b1"))
    sword, bow = archer.powers
    assert sword.attack is not None and bow.attack is not None
    AT.attack(s.b, archer, bow, bow.attack, [shard])
    AT.attack(s.b, archer, sword, sword.attack, [shard])
    assert shard.hp == 100 - 5 - 10  # 15 less 10; a melee attack in full
    weak = card_from_json(card("Weak", "Dart: (range 5) +10 vs. AC; 8 damage.")).powers[0]
    assert weak.attack is not None
    AT.attack(s.b, archer, weak, weak.attack, [shard])
    assert shard.hp == 85 - 5  # 8 less 10, but at least 5
    devourer.effects = []
    AT.attack(s.b, archer, bow, bow.attack, [devourer])
    assert devourer.hp == 85  # not in use
    TR.fire(s.b, "any-time", [devourer])
    AT.attack(s.b, archer, bow, bow.attack, [devourer])
    AT.attack(s.b, archer, sword, sword.attack, [devourer])
    assert devourer.hp == 85 - 5 - 0  # 15 less 10; 10 less 10 (min. 0)


def test_combat_advantage_against_a_target_vulnerable_to_its_damage_type() -> None:
    s = battle([card("Gnome", SWORD, FROST, EXPLOIT)],
               [card("Fire Beetle", SWORD, "Vulnerable 5 cold"), card("Rock", SWORD, "Vulnerable 5 fire")],
               PurposeDice())
    put(s, "a1", 2, 2)
    put(s, "b1", 6, 2)
    put(s, "b2", 6, 6)
    gnome, beetle, rock = (s.b.by_id[x] for x in ("a1", "b1", "b2"))
    assert J.has_combat_advantage(s.b, gnome, beetle, False)
    assert not J.has_combat_advantage(s.b, gnome, rock, False)


def test_a_champion_rating_added_to_attack_rolls() -> None:
    s = battle([card("Heavyfoot", SWORD, INSPIRED), card("Mercenary", SWORD, DISCIPLINE),
                card("Chief", SWORD, rating=3, keywords=("Orc",)), card("Hero", SWORD, rating=4)],
               [card("Orc", BOW)], PurposeDice())
    put(s, "a1", 2, 2)
    put(s, "a2", 2, 6)
    put(s, "a3", 4, 2)
    put(s, "a4", 11, 7)
    put(s, "b1", 3, 3)
    heavy, merc, chief, orc = (s.b.by_id[x] for x in ("a1", "a2", "a3", "b1"))
    assert _mods(s.b, heavy, "attack", orc) == 3  # the Orc champion within 5 squares
    assert _mods(s.b, merc, "attack", orc) == 4  # the warband's highest, anywhere
    put(s, "a3", 11, 0)
    assert _mods(s.b, heavy, "attack", orc) == 0
    assert chief is not None


def test_war_song_adds_damage_to_a_charge_it_sees() -> None:
    s = battle([card("Warsinger", SWORD, SONG), card("Charger", SWORD)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 2, 2)
    put(s, "a2", 6, 4)
    put(s, "b1", 7, 4)
    charger, orc = s.b.by_id["a2"], s.b.by_id["b1"]
    assert (_mods(s.b, charger, "damage", orc, charge=True), _mods(s.b, charger, "damage", orc)) == (10, 0)


def test_clockwork_precision_only_in_the_end_of_round_phase() -> None:
    s = battle([card("Pentadrone", SWORD, CLOCKWORK), card("Modron", SWORD, keywords=("Modron",))],
               [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 2, 2)
    put(s, "a2", 6, 4)
    put(s, "b1", 7, 4)
    modron, orc = s.b.by_id["a2"], s.b.by_id["b1"]
    assert _mods(s.b, modron, "attack", orc) == 0
    s.b.ending_round = True
    assert _mods(s.b, modron, "attack", orc) == 2


def test_enemies_near_it_in_a_state_are_immobilized_while_it_lasts() -> None:
    s = battle([card("Dragon", SWORD, FREEZE), card("Mummy", SWORD, SHADOW)],
               [card("Near", SWORD), card("Far", SWORD)], PurposeDice(save=[5, 15]))
    put(s, "a1", 2, 2)
    put(s, "a2", 2, 6)
    put(s, "b1", 4, 4)  # 2 squares from both
    put(s, "b2", 10, 2)
    dragon, near, far = s.b.by_id["a1"], s.b.by_id["b1"], s.b.by_id["b2"]
    MV.refresh_while(s.b)
    assert not near.held()
    FX.add_active(s.b, near, "condition", "slowed", 0, "end-round", dragon, Filter())
    FX.add_active(s.b, far, "condition", "slowed", 0, "end-round", dragon, Filter())
    assert near.held() and not far.held()
    slow = next(e for e in near.effects if e.what == "slowed")
    s.b.end_effect(near, slow, "test")
    assert not near.held()
    FX.add_active(s.b, near, "ongoing", "necrotic", 5, "save", dragon, Filter())
    assert near.held()


HERALD = ("Herald of Justice: while this creature is not Bloodied, all enemies that have line of sight to it have -2 "
          "AC and -2 DEF.")
ANTIMAGIC = "Antimagic Ray: Arcane and Divine enemies have -4 {r}, {a}, and {c} attack vs. this creature."


def test_herald_of_justice_reaches_the_enemies_that_see_it_while_it_is_not_bloodied() -> None:
    assert unplayed_powers(card_from_json(card("Archon", SWORD, HERALD))) == []
    s = battle([card("Archon", SWORD, HERALD)], [card("Seer", SWORD), card("Blind", SWORD)], PurposeDice())
    put(s, "a1", 2, 2)
    put(s, "b1", 6, 2)
    put(s, "b2", 9, 6)
    archon, seer, blind = (s.b.by_id[x] for x in ("a1", "b1", "b2"))
    FX.add_active(s.b, blind, "condition", "blinded", 0, "save", archon, Filter())
    assert (J.stat_mods(s.b, seer, "ac"), J.stat_mods(s.b, blind, "ac")) == (-2, 0)
    archon.hp = 10
    assert J.stat_mods(s.b, seer, "ac") == 0


def test_antimagic_ray_counts_against_attacks_on_it_only() -> None:
    assert unplayed_powers(card_from_json(card("Beholder", SWORD, ANTIMAGIC))) == []
    s = battle([card("Beholder", SWORD, ANTIMAGIC), card("Ally", SWORD)],
               [card("Wizard", SWORD, FROST, keywords=("Arcane",)), card("Brute", SWORD, FROST)], PurposeDice())
    put(s, "a1", 2, 2)
    put(s, "a2", 2, 6)
    put(s, "b1", 8, 2)
    put(s, "b2", 8, 6)
    beholder, ally, wizard, brute = (s.b.by_id[x] for x in ("a1", "a2", "b1", "b2"))
    assert (_mods(s.b, wizard, "attack", beholder, 1), _mods(s.b, wizard, "attack", ally, 1)) == (-4, 0)
    assert _mods(s.b, brute, "attack", beholder, 1) == 0


STATIC = ("Cloud of Static: (Aura 1) Each enemy and each ally in aura has -2 AC, Fortitude, Reflex and Will against "
          "attacks that do lightning damage.")
RESILIENCE = "Dwarven Resilience: +5 DEF against attacks that deal poison damage."


def test_defences_against_attacks_of_a_damage_type() -> None:
    for text in (STATIC, RESILIENCE):
        assert unplayed_powers(card_from_json(card("Any", SWORD, text))) == [], text
    shock = "Shock: (range 10) +10 vs. Ref; 10 lightning damage."
    venom = "Venom: (range 10) +10 vs. Fort; 10 poison damage."
    s = battle([card("Dust Devil", SWORD, STATIC), card("Dwarf", SWORD, RESILIENCE)],
               [card("Mage", SWORD, shock, venom), card("Near", SWORD)], PurposeDice())
    put(s, "a1", 3, 3)
    put(s, "a2", 8, 6)
    put(s, "b1", 10, 0)
    put(s, "b2", 4, 3)
    mage, near, dwarf = s.b.by_id["b1"], s.b.by_id["b2"], s.b.by_id["a2"]
    zap, bite = mage.powers[1], mage.powers[2]
    assert zap.attack is not None and bite.attack is not None
    assert J.defence(s.b, near, "ref", mage, zap.attack, zap, False) == 13 - 2
    assert J.defence(s.b, near, "fort", mage, bite.attack, bite, False) == 13
    assert J.defence(s.b, dwarf, "fort", mage, bite.attack, bite, False) == 13 + 5
    assert J.defence(s.b, dwarf, "ref", mage, zap.attack, zap, False) == 13


SACRED = "Sacred: (Aura 2) Each ally in aura has +2 with attacks against undead creatures."
SIEGE = "Siege Boss: Each Orc ally has +5 damage vs. constructs and objects."


def test_auras_against_creatures_of_kinds_in_other_words() -> None:
    for text in (SACRED, SIEGE):
        assert unplayed_powers(card_from_json(card("Any", SWORD, text))) == [], text
    s = battle([card("Paladin", SWORD, SACRED, SIEGE), card("Orc", SWORD, keywords=("Orc",))],
               [card("Zombie", SWORD, keywords=("Undead",)), card("Golem", SWORD, keywords=("Construct",)),
                card("Man", SWORD)], PurposeDice())
    put(s, "a1", 3, 3)
    put(s, "a2", 4, 4)
    put(s, "b1", 5, 5)
    put(s, "b2", 5, 3)
    put(s, "b3", 4, 5)
    orc, zombie, golem, man = (s.b.by_id[x] for x in ("a2", "b1", "b2", "b3"))
    assert (_mods(s.b, orc, "attack", zombie), _mods(s.b, orc, "attack", man)) == (2, 0)
    assert (_mods(s.b, orc, "damage", golem), _mods(s.b, orc, "damage", man)) == (5, 0)
