"""More ways the cards write an event or its answer, read into the same triggers: 'use when this creature starts a
turn bloodied' / 'when starting a turn within 4 squares of a Dragon ally' (its turn's start, under a state of its
own), 'would be hit by a {m} attack' (the hit event), 'that attack is a miss / becomes a miss / instead misses'
(the hit is undone), 'hit by a {m} or {r} attack' and 'hit by a melee or ranged attack' (those two forms, not any
attack), 'hits with a charge attack' (a charge's attack only: it had been read as any attack), 'Flight until end of
turn' (what it gains, the verb left out) and 'whenever it would take acid damage: it heals 5 HP instead'."""

from __future__ import annotations

from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_damage as DM
from simulate.games import ddm_guild_triggers as TR
from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from simulate.games.ddm_guild_powers import parse_power
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

VERNAL = "Vernal Regeneration: Use when this creature starts a turn bloodied: Heal 10 HP."
INSPIRED = ("Inspired: Use when starting a turn within 4 squares of a Dragon ally: +2 speed and +5 damage until end "
            "of round.")
MIRROR = "Mirror Image: Use when this creature is hit by a melee or ranged attack: That attack is a miss, instead."
SHROUD = "Shroud of Mist: Use when this creature would be hit by a {M} attack; that attack instead misses."
ROLL = "Defensive Roll: Use when this creature is hit by a {m} or {r} attack: That attack is a miss instead."
PARALYZING = "Paralyzing Charge: Whenever this creature hits with a charge attack, target is also Immobilized."
FLY = "Fly: Use at start of turn: Flight until end of turn."
ACID = "Acid Cured: Whenever this creature would take acid damage: It heals 5 HP instead."
LIGHTNING = "Lightning Healing 5: This creature heals 5 HP whenever lightning damage would be dealt to it."
CLAWS = "Claws: (Burst 1) +10 vs. AC; 10 damage."


def test_the_powers_are_on_the_card_and_played() -> None:
    for text in (VERNAL, INSPIRED, MIRROR, SHROUD, ROLL, PARALYZING, FLY, ACID, LIGHTNING):
        c = card_from_json(card("Any", SWORD, text))
        assert len(c.powers) == 2 and unplayed_powers(c) == [], text
    for text, trigger, form in ((MIRROR, "hit-by", "melee|ranged"), (SHROUD, "hit-by", "melee"),
                                (ROLL, "hit-by", "melee|ranged"), (PARALYZING, "hits", "charge")):
        p = parse_power(0, "special", text, 1)
        assert (p.trigger, p.trigger_filter.attack_form) == (trigger, form), text
    p = parse_power(0, "special", VERNAL)
    assert (p.trigger, p.requirement, [(e.kind, e.amount) for e in p.effects]) == ("start-of-turn", "bloodied",
                                                                                   [("heal", 10)])
    for text, dtype in ((ACID, "acid"), (LIGHTNING, "lightning")):
        assert [(s.kind, s.amount, s.what) for s in parse_power(0, "special", text).statics] == [("absorb", 5, dtype)]


def test_it_heals_only_when_it_starts_a_turn_bloodied() -> None:
    s = battle([card("Vegepygmy", SWORD, VERNAL, hp=40)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 2, 3)
    put(s, "b1", 8, 3)
    veg = s.b.by_id["a1"]
    veg.hp = 30  # hurt, not bloodied
    TR.turn_started(s.b, veg)
    assert veg.hp == 30
    veg.hp = 15  # bloodied
    TR.turn_started(s.b, veg)
    assert veg.hp == 25


def test_a_hit_by_a_melee_or_ranged_attack_becomes_a_miss_and_a_burst_still_hits() -> None:
    image = card("Sorcerer", SWORD, MIRROR)
    image["powers"][1]["uses"] = 2
    s = battle([image], [card("Orc", SWORD, CLAWS, hp=100)], PurposeDice(attack=[15, 15, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    sorcerer, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    claws, sword = orc.powers[1], orc.powers[0]
    assert claws.attack is not None and sword.attack is not None
    AT.attack(s.b, orc, claws, claws.attack, [sorcerer])  # a close burst: not a melee or ranged attack
    assert sorcerer.hp == 40
    AT.attack(s.b, orc, sword, sword.attack, [sorcerer])  # a melee hit: a miss instead
    assert sorcerer.hp == 40
    # (the burst provokes the sorcerer's opportunity attack first: ddm-guild.opportunity-attack)
    assert [(e.data["power"], e.data["hit"]) for e in s.log.of_kind("attack")][-2:] == [("Claws", True),
                                                                                        ("Sword", False)]


def test_only_a_charge_attack_immobilizes() -> None:
    s = battle([card("Hippogriff", SWORD, PARALYZING)], [card("Orc", SWORD, hp=100)], PurposeDice(attack=[15, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    griff, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    sword = griff.powers[0]
    assert sword.attack is not None
    AT.attack(s.b, griff, sword, sword.attack, [orc])  # a plain hit: no rider (it had been read as any attack)
    assert orc.hp == 90 and not orc.has("immobilized")
    AT.attack(s.b, griff, sword, sword.attack, [orc], charge=True)
    assert orc.hp == 80 and orc.has("immobilized")


def test_flight_until_end_of_turn_at_its_start() -> None:
    s = battle([card("Cloud Giant", SWORD, FLY)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 2, 3)
    put(s, "b1", 8, 3)
    giant = s.b.by_id["a1"]
    giant.effects.clear()  # (the battle's first turn may have begun already)
    assert not giant.gained("flight") and not giant.mover().flight
    TR.turn_started(s.b, giant)
    assert giant.gained("flight") and giant.mover().flight


def test_acid_heals_it_instead() -> None:
    s = battle([card("Clay Golem", SWORD, ACID, hp=40)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 2, 3)
    put(s, "b1", 3, 3)
    golem, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    golem.hp = 20
    DM.deal_damage(s.b, golem, [(10, "acid")], orc)
    assert golem.hp == 25
    DM.deal_damage(s.b, golem, [(10, "fire")], orc)
    assert golem.hp == 15


STONE = ("Power from Stone: Use when making a {m} attack while adjacent to a wall; +2 attack and +10 Damage on that "
         "attack.")


def test_when_making_an_attack_its_bonus_counts_on_that_attack() -> None:
    """'Use when making a {m} attack ...: +N on that attack' acts as the attack is made (the bonus is for it)."""
    c = card_from_json(card("Duergar", SWORD, STONE))
    assert len(c.powers) == 2 and unplayed_powers(c) == []
    assert parse_power(0, "special", STONE).trigger == "declares"
    s = battle([card("Duergar", SWORD, STONE)], [card("Orc", SWORD, hp=100)], PurposeDice(attack=[15, 15]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    duergar, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    sword = duergar.powers[0]
    assert sword.attack is not None
    AT.attack(s.b, duergar, sword, sword.attack, [orc])  # in the open: 10 damage
    assert orc.hp == 90
    put(s, "a1", 0, 3)  # beside the map's edge, which counts as a wall (ddm-guild.stand-in-terrain)
    put(s, "b1", 1, 3)
    AT.attack(s.b, duergar, sword, sword.attack, [orc])
    assert orc.hp == 70


def test_a_burst_or_blast_an_enemy_champion_and_only_once_per_turn() -> None:
    dodge = parse_power(0, "special", "Intuitive Dodge: Use when this creature is targeted with a burst or blast "
                                      "attack: Slide this creature 3 squares.")
    assert dodge.played and (dodge.trigger, dodge.trigger_filter.attack_form) == (
        "attacked", "close-burst|close-blast|area")
    bounty = parse_power(0, "special", "Bounty: Use when this creature destroys an enemy Champion, score +10 VP.")
    assert bounty.played and bounty.trigger_filter.target_state == "kinds:champion&enemy"
    fallen = parse_power(0, "special", "Use when an allied champion is destroyed: heal 10 HP.")
    assert fallen.played and (fallen.trigger, fallen.trigger_filter.keyword) == ("ally-destroyed", "champion")
    inspire = parse_power(0, "special", "Inspirational: Use whenever an ally within 5 squares of this creature fails a "
                                        "save, only once per turn; reroll that save.")
    assert inspire.played and inspire.per == "turn"
    s = battle([card("Kobold King", SWORD, dodge.text)], [card("Orc", SWORD, CLAWS, hp=100)],
               PurposeDice(attack=[5, 5, 5]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    king, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    claws, sword = orc.powers[1], orc.powers[0]
    assert claws.attack is not None and sword.attack is not None
    AT.attack(s.b, orc, sword, sword.attack, [king])  # a melee attack: no dodge
    assert not [e for e in s.log.of_kind("power") if e.data["power"] == "Intuitive Dodge"]
    AT.attack(s.b, orc, claws, claws.attack, [king])  # a burst: the dodge (where it slides: the engine's choice of
    assert [e.data["trigger"] for e in s.log.of_kind("power") if e.data["power"] == "Intuitive Dodge"] == [
        "attacked"]  # a place for its own move, ddm-guild-play.md)


def test_an_attack_that_hits_it_misses_only_while_the_state_holds() -> None:
    parry = ("Parry: Use when a {m} attack hits this creature, only if it is not bloodied: that attack is a miss "
             "instead.")
    p = parse_power(0, "special", parry, 2)
    assert (p.trigger, p.requirement, p.trigger_filter.attack_form) == ("hit-by", "not-bloodied", "melee")
    ward = parse_power(0, "special", "Death Ward: Immediate action, when an attack hits this creature: If this "
                                     "creature is bloodied, that attack misses this creature, instead.", 1)
    assert ward.played and ward.requirement == "bloodied" and [e.kind for e in ward.effects] == ["negate"]
    drow = card("Drow", SWORD, parry)
    drow["powers"][1]["uses"] = 2
    s = battle([drow], [card("Orc", SWORD, hp=100)], PurposeDice(attack=[15, 15, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    adventurer, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    osword = orc.powers[0]
    assert osword.attack is not None
    AT.attack(s.b, orc, osword, osword.attack, [adventurer])  # not bloodied: parried
    assert adventurer.hp == 50
    adventurer.hp = 20  # bloodied: no parry
    AT.attack(s.b, orc, osword, osword.attack, [adventurer])
    assert adventurer.hp == 10
