"""More parts of a triggered power's event, each played in a battle with set positions and dice: the object described
after its noun in the target words ('hits a target adjacent to a Wolf ally', 'an enemy adjacent to a wall', 'a target
with Resist Fire or Immune Fire'), a creature named by its kinds alone ('whenever a Dragon is destroyed': either side),
a turn's end ('whenever this creature ends a turn', 'a creature ends its turn adjacent to it', '5 Damage to each enemy
that ends its turn adjacent to this creature'), the damage of an attack and its types ('destroyed by an attack that did
not deal acid or fire damage', 'damaged by an enemy's attack'), and an attack once resolved ('after it resolves a
successful Grab attack', 'repeat that attack against the same target')."""

from __future__ import annotations

from typing import Any

from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_damage as DM
from simulate.games import ddm_guild_moves as MV
from simulate.games import ddm_guild_triggers as TR
from simulate.games.ddm_guild import GuildState
from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from simulate.games.ddm_guild_judge import Ctx, power_ctx
from simulate.games.ddm_guild_powers import parse_power
from simulate.games.ddm_guild_state import Fighter
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

PREY = "Bring Down Prey: Whenever this creature hits a target adjacent to a Wolf ally: That target is Immobilized."
PIN = "Pin to Wall: Use when this creature hits an enemy adjacent to a wall; that enemy is Immobilized."
RADIANT = ("Radiant Fire: Use when this creature's {r} or {A} attack hits a target with Resist Fire or Immune Fire; "
           "+10 radiant Damage on that attack.")
TROLL = ("Troll Healing: Use when this creature is destroyed by an attack that did not deal acid or fire damage; this "
         "creature is instead not destroyed and has 5 HP remaining.")
FAMISHED = "Famished: Whenever this creature ends a turn: It takes 5 damage."
DEATHLY = ("Deathly Aura: Whenever a creature ends its turn adjacent to this creature, that creature takes 5 necrotic "
           "Damage.")
HORDE = "Gnashing Horde: 5 Damage to each enemy that ends its turn adjacent to this creature."
HOUND = "Faithful Hound: 5 Damage to each enemy that starts its turn within 5 squares of this creature."
PROPHECY = "Prophecy: Immediate action, whenever a Dragon is destroyed: A Yuan-Ti ally teleports 10."
GRAB = "Grab: +11 vs. DEF(Ref): Immobilized AND pull 1 square"
BITE = "Venomous Bite: (adjacent Immobilized enemy only) +11 vs. AC; 15 Damage AND Stunned (save ends)"
FRENZY = ("Hunting Frenzy: Immediate, after this creature resolves a successful Grab attack; make a Venomous Bite "
          "attack against the same target. RECHARGE when first Bloodied.")
RELENTLESS = ("Relentless Opportunist: Use after this creature resolves a successful opportunity attack; immediately "
              "repeat that attack against the same target. RECHARGE when first Bloodied.")
RETORT = ("Soulfire Retort: Immediate action; use only when this creature is damaged by an enemy's attack. (blast 3) "
          "+17 vs. Reflex; 15 + 15 fire damage")
BOW = "Longbow: (range 10) +10 vs. AC; 10 damage."
FIRE_SWORD = "Flame Blade: +10 vs. AC; 10 fire damage."
ALL = (PREY, PIN, RADIANT, TROLL, FAMISHED, DEATHLY, HORDE, HOUND, PROPHECY, RELENTLESS)


def test_the_powers_are_on_their_cards_and_played() -> None:
    for text in ALL:
        c = card_from_json(card("Any", SWORD, text))
        assert len(c.powers) == 2 and unplayed_powers(c) == [], text
    grell = card_from_json(card("Grell", GRAB, BITE, FRENZY, "Reach 2"))
    assert len(grell.powers) == 4 and unplayed_powers(grell) == []
    solamith = card_from_json(card("Solamith", SWORD, RETORT))
    assert len(solamith.powers) == 2 and unplayed_powers(solamith) == []
    expected = {PREY: ("hits", "adjacent-to-ally:wolf"), PIN: ("hits", "at:adjacent-wall"),
                RADIANT: ("hits", "guarded:resist=fire|immune=fire"), TROLL: ("destroyed", "!dtype:acid|fire"),
                FAMISHED: ("end-of-turn", ""), DEATHLY: ("any-ends-turn", ""), HORDE: ("enemy-adjacent-ends", ""),
                HOUND: ("enemy-starts-turn", ""), PROPHECY: ("any-destroyed", ""),
                RELENTLESS: ("resolves-hit", "")}
    for text, (trigger, state) in expected.items():
        p = parse_power(0, "special", text)
        assert (p.trigger, p.trigger_filter.target_state) == (trigger, state), text
    assert parse_power(0, "special", PROPHECY).trigger_filter.keyword == "dragon"
    # a named attack the card does not have: the event would never come
    assert unplayed_powers(card_from_json(card("Grell", SWORD, BITE, FRENZY)))
    # the damage of an enemy's attack (the damage event carries the attack that dealt it; test_ddm_guild_composed had
    # listed it as not honoured before)
    payback = parse_power(0, "special", "Payback: Immediate action, use when this creature is damaged by an enemy "
                                        "attack: This creature shifts 2 squares.")
    assert payback.played and payback.trigger == "damaged"
    assert (payback.trigger_filter.attack_form, payback.trigger_filter.side) == ("any", "enemy")
    # 'RECHARGE Retribution or make a Retribution attack' is a choice (a menu, ddm-guild.menu), not two power names
    choice = parse_power(0, "special", "Payback: Immediate action, use when this creature is damaged by an enemy "
                                       "attack: RECHARGE Retribution or make a Retribution attack.")
    assert choice.played and [e.kind for e in choice.effects] == ["menu"]


def _two(a: list[dict[str, Any]], b: list[dict[str, Any]], attack: list[int]) -> GuildState:
    return battle(a, b, PurposeDice(attack=attack))


def _sword(f: Fighter) -> Any:
    p = f.powers[0]
    assert p.attack is not None
    return p, p.attack


def test_a_target_beside_a_wolf_ally_is_immobilized_and_one_away_from_wolves_is_not() -> None:
    s = _two([card("Dire Wolf", SWORD, PREY), card("Wolf", SWORD, keywords=("Wolf",))],
             [card("Orc", SWORD, hp=100), card("Elf", SWORD, hp=100)], [15, 15])
    put(s, "a1", 4, 3)
    put(s, "a2", 5, 4)  # beside the orc only
    put(s, "b1", 5, 3)
    put(s, "b2", 4, 2)
    dire, orc, elf = s.b.by_id["a1"], s.b.by_id["b1"], s.b.by_id["b2"]
    p, spec = _sword(dire)
    AT.attack(s.b, dire, p, spec, [elf])
    assert elf.hp == 90 and not elf.has("immobilized")
    AT.attack(s.b, dire, p, spec, [orc])
    assert orc.hp == 90 and orc.has("immobilized")


def test_an_enemy_against_a_wall_is_pinned_and_one_in_the_open_is_not() -> None:
    s = _two([card("Swashbuckler", SWORD, PIN)], [card("Orc", SWORD, hp=100), card("Elf", SWORD, hp=100)],
             [15, 15])
    put(s, "a1", 5, 1)
    put(s, "b1", 5, 0)  # the map's edge counts as a wall
    put(s, "b2", 5, 2)
    swash, orc, elf = s.b.by_id["a1"], s.b.by_id["b1"], s.b.by_id["b2"]
    p, spec = _sword(swash)
    AT.attack(s.b, swash, p, spec, [elf])
    assert not elf.has("immobilized")
    AT.attack(s.b, swash, p, spec, [orc])
    assert orc.has("immobilized")


def test_radiant_fire_adds_radiant_damage_against_a_fire_resistant_target_only() -> None:
    s = _two([card("Pyromancer", BOW, RADIANT)], [card("Salamander", SWORD, "Resist 5 Fire", hp=100),
                                                  card("Orc", SWORD, hp=100)], [15, 15])
    put(s, "a1", 1, 3)
    put(s, "b1", 8, 3)
    put(s, "b2", 8, 5)
    pyro, sala, orc = s.b.by_id["a1"], s.b.by_id["b1"], s.b.by_id["b2"]
    p, spec = _sword(pyro)
    AT.attack(s.b, pyro, p, spec, [orc])
    assert orc.hp == 90
    AT.attack(s.b, pyro, p, spec, [sala])
    assert sala.hp == 80  # 10 + 10 radiant (its Resist Fire does not touch either)


def test_a_troll_rises_from_an_untyped_attack_but_not_from_fire_or_ongoing_damage() -> None:
    s = _two([card("Troll", SWORD, TROLL, hp=10)], [card("Orc", SWORD, FIRE_SWORD, hp=100)], [15, 15])
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    troll, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    sword, blade = orc.powers[0], orc.powers[1]
    assert sword.attack is not None and blade.attack is not None
    AT.attack(s.b, orc, sword, sword.attack, [troll])
    assert troll.alive and troll.hp == 5
    DM.deal_damage(s.b, troll, [(10, "")], None)  # ongoing damage: no attack dealt it
    assert not troll.alive
    s = _two([card("Troll", SWORD, TROLL, hp=10)], [card("Orc", SWORD, FIRE_SWORD, hp=100)], [15])
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    troll, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    blade = orc.powers[1]
    assert blade.attack is not None
    AT.attack(s.b, orc, blade, blade.attack, [troll])
    assert not troll.alive


def test_turn_ends_famished_deathly_aura_and_gnashing_horde() -> None:
    s = _two([card("Mouth", SWORD, FAMISHED, hp=60), card("Aspect", SWORD, DEATHLY, hp=60),
              card("Hatchling", SWORD, HORDE, hp=60)], [card("Orc", SWORD, hp=60), card("Elf", SWORD, hp=60)], [])
    put(s, "a1", 1, 1)
    put(s, "a2", 5, 3)
    put(s, "a3", 6, 4)
    put(s, "b1", 6, 3)  # beside the Aspect and the Hatchling
    put(s, "b2", 10, 7)  # beside nobody
    mouth, aspect, hatch, orc, elf = (s.b.by_id[k] for k in ("a1", "a2", "a3", "b1", "b2"))
    s._end_turn(mouth)
    assert mouth.hp == 55 and aspect.hp == 60
    s._end_turn(orc)
    assert orc.hp == 50  # 5 necrotic (Deathly Aura) + 5 (Gnashing Horde)
    s._end_turn(elf)
    assert elf.hp == 60
    s._end_turn(hatch)  # an ally of the Aspect's beside it: a creature, so it takes the aura's damage too
    assert hatch.hp == 55


def test_a_faithful_hound_bites_an_enemy_starting_its_turn_within_5_squares() -> None:
    s = _two([card("Mage", SWORD, HOUND)], [card("Orc", SWORD, hp=60), card("Elf", SWORD, hp=60)], [])
    put(s, "a1", 2, 3)
    put(s, "b1", 7, 3)
    put(s, "b2", 9, 3)
    orc, elf = s.b.by_id["b1"], s.b.by_id["b2"]
    TR.turn_started(s.b, orc)
    TR.turn_started(s.b, elf)
    assert (orc.hp, elf.hp) == (55, 60)


def test_any_dragon_destroyed_calls_the_prophecy_and_another_creature_does_not() -> None:
    s = _two([card("Learned One", SWORD, PROPHECY), card("Yuan-Ti Guard", SWORD, keywords=("Yuan-Ti",))],
             [card("Orc", SWORD, hp=100), card("Black Dragon", SWORD, keywords=("Dragon",))], [])
    put(s, "a1", 0, 0)
    put(s, "a2", 0, 7)
    put(s, "b1", 10, 3)
    put(s, "b2", 11, 7)
    orc, dragon = s.b.by_id["b1"], s.b.by_id["b2"]
    DM.deal_damage(s.b, s.b.by_id["a1"], [(5, "")], orc)  # (a creature damaged, none destroyed)
    assert not s.log.of_kind("teleport")
    DM.deal_damage(s.b, dragon, [(100, "")], None)
    assert not dragon.alive
    assert [e.data["creature"] for e in s.log.of_kind("teleport")] == ["a2"]


def test_the_grell_bites_once_its_grab_has_pulled_and_held_the_target() -> None:
    s = _two([card("Grell", GRAB, BITE, FRENZY, "Reach 2")], [card("Orc", SWORD, hp=100)], [15, 15])
    put(s, "a1", 4, 3)
    put(s, "b1", 6, 3)
    grell, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    grab = grell.powers[0]
    assert grab.attack is not None
    AT.attack(s.b, grell, grab, grab.attack, [orc])
    assert s.b.adjacent(grell, orc) and orc.has("immobilized")
    assert orc.hp == 85 and orc.has("stunned")  # the Venomous Bite, against the held target
    assert [e.data["power"] for e in s.log.of_kind("attack")] == ["Grab", "Venomous Bite"]


def test_a_successful_opportunity_attack_is_repeated_and_a_missed_one_is_not() -> None:
    boneclaw = card("Boneclaw", SWORD, RELENTLESS)
    boneclaw["powers"][1]["uses"] = 1  # (as the catalogue gives a power with a RECHARGE)
    s = _two([boneclaw], [card("Orc", SWORD, hp=100)], [2, 15, 15])
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    bone, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    AT.provoke(s.b, orc, "move")  # misses: nothing to repeat
    assert orc.hp == 100 and len(s.log.of_kind("attack")) == 1
    orc.provoked_by = set()
    AT.provoke(s.b, orc, "move")  # hits, then the same attack again
    assert orc.hp == 80
    assert [(e.data["attacker"], e.data["hit"]) for e in s.log.of_kind("attack")][1:] == [("a1", True), ("a1", True)]
    assert not bone.uses_left(bone.powers[1])  # spent until it is first bloodied


def test_soulfire_retort_answers_damage_from_an_enemys_attack_only() -> None:
    s = _two([card("Solamith", SWORD, RETORT, hp=100)], [card("Orc", SWORD, hp=100)], [15, 15, 15])
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    sol, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    DM.deal_damage(s.b, sol, [(5, "")], orc)  # damage from no attack (an aura, ongoing damage)
    assert orc.hp == 100
    sword = orc.powers[0]
    assert sword.attack is not None
    AT.attack(s.b, orc, sword, sword.attack, [sol])
    assert orc.hp == 70  # the blast (its origin chosen to hold the attacker): 15 + 15 fire
    assert [e.data["power"] for e in s.log.of_kind("attack") if e.data["attacker"] == "a1"] == ["Soulfire Retort"]


GLAMYR = ("Spiteflash Glamyr: Use when an enemy scores a critical hit against this creature or an adjacent ally. That "
          "enemy is Blinded (save ends).")
EXECUTIONER = ("Executioner: Immediate action, use at end of an adjacent bloodied enemy's turn: Make a basic melee "
               "attack vs. that enemy.")
SOUL = "Soul of Fire: Use when this creature misses with an attack that deals fire damage; reroll that attack."


def test_more_event_words_are_read() -> None:
    for text, trigger, within in ((GLAMYR, "friend-crit-by", -1), (EXECUTIONER, "enemy-adjacent-ends", 0),
                                  (SOUL, "misses", 0)):
        c = card_from_json(card("Any", SWORD, text))
        assert len(c.powers) == 2 and unplayed_powers(c) == [], text
        p = parse_power(0, "special", text)
        assert (p.trigger, p.trigger_filter.within) == (trigger, within), text
    assert parse_power(0, "special", EXECUTIONER).trigger_filter.self_state == "bloodied"
    assert parse_power(0, "special", SOUL).trigger_filter.attack_form == "deals:fire"


def test_a_critical_hit_on_it_or_an_adjacent_ally_blinds_the_enemy_and_one_on_a_distant_ally_does_not() -> None:
    s = _two([card("Jousimie", SWORD, GLAMYR), card("Squire", SWORD, hp=100), card("Scout", SWORD, hp=100)],
             [card("Orc", SWORD), card("Goblin", SWORD)], [20, 20, 20])
    put(s, "a1", 4, 3)
    put(s, "a2", 4, 4)  # beside Jousimie
    put(s, "a3", 1, 7)
    put(s, "b1", 5, 4)
    put(s, "b2", 2, 7)
    jous, squire, scout, orc, gob = (s.b.by_id[k] for k in ("a1", "a2", "a3", "b1", "b2"))
    p, spec = _sword(gob)
    AT.attack(s.b, gob, p, spec, [scout])
    assert scout.hp == 80 and not gob.has("blinded")
    p, spec = _sword(orc)
    AT.attack(s.b, orc, p, spec, [squire])
    assert squire.hp == 80 and orc.has("blinded")
    s.b.by_id["b1"].effects.clear()
    AT.attack(s.b, orc, p, spec, [jous])  # itself
    assert orc.has("blinded")


def test_the_executioner_strikes_a_bloodied_neighbour_ending_its_turn() -> None:
    s = _two([card("Gray Slaad", SWORD, EXECUTIONER)], [card("Orc", SWORD, hp=40), card("Elf", SWORD, hp=40)],
             [15, 15])
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 4, 4)
    orc, elf = s.b.by_id["b1"], s.b.by_id["b2"]
    orc.hp = 20  # bloodied
    s._end_turn(elf)
    assert elf.hp == 40
    s._end_turn(orc)
    assert orc.hp == 10


def test_soul_of_fire_rerolls_a_missed_fire_attack_only() -> None:
    s = _two([card("Red Dragon", "Fiery Bite: +10 vs. AC; 10 + 10 fire Damage", SWORD, SOUL)],
             [card("Orc", SWORD, hp=100)], [2, 2, 15])
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    dragon, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    claw = dragon.powers[1]
    assert claw.attack is not None
    AT.attack(s.b, dragon, claw, claw.attack, [orc])  # 2: a miss, no fire: not rerolled
    assert orc.hp == 100
    bite = dragon.powers[0]
    assert bite.attack is not None
    AT.attack(s.b, dragon, bite, bite.attack, [orc])  # 2, then the reroll: 15
    assert orc.hp == 80


def test_save_ends_both_gives_each_part_the_save() -> None:
    """'Target of that attack has -2 Attack and is Weakened (save ends both)' (Hellstinger Venom), and 'target is also
    Immobilized and takes ongoing 10 damage (save ends both)' (Crippling Slash: its Immobilized had lasted only until
    the end of the target's next turn)."""
    venom = parse_power(0, "special", "Hellstinger Venom: Use after this creature hits with a {m} attack: Target of "
                                      "that attack has -2 Attack and is Weakened (save ends both).")
    assert venom.played and [(e.kind, e.who, e.duration) for e in venom.effects] == [
        ("mod", "target", "save"), ("condition", "target", "save")]
    slash = parse_power(0, "special", "Crippling Slash: Use when this creature hits a living enemy with a {m} attack: "
                                      "If the attack roll was a natural 17-20, target is also Immobilized and takes "
                                      "ongoing 10 damage (save ends both).")
    assert slash.played
    assert [(e.kind, e.duration) for e in slash.effects] == [("condition", "save"), ("ongoing", "save")]


def test_smite_adds_radiant_damage_to_the_basic_attacks_target() -> None:
    smite = "Smite: Use when this creature hits with a BASIC attack: +10 radiant damage to that target."
    c = card_from_json(card("Paladin", SWORD, smite))
    assert len(c.powers) == 2 and unplayed_powers(c) == []
    s = _two([card("Paladin", SWORD, smite)], [card("Orc", SWORD, hp=100)], [15])
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    paladin, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    p, spec = _sword(paladin)
    assert p.is_basic
    AT.attack(s.b, paladin, p, spec, [orc])
    assert orc.hp == 80


MACE = "Skull Mace: +10 vs. AC; 10 damage."
DEATH = ("Death Attack: Use when an enemy is damaged by a Skull Mace attack; that enemy also takes ongoing 20 necrotic "
         "Damage (save ends).")


def test_an_attack_of_its_card_by_name_in_an_event() -> None:
    """'damaged by a Skull Mace attack' (its own attack, by name), 'hits with Mental Shock', 'when making a Magic
    Missile attack', 'destroys an enemy with a M attack: Make a M attack' (the melee icon printed as a letter)."""
    c = card_from_json(card("Aspect of Orcus", SWORD, MACE, DEATH))
    assert len(c.powers) == 3 and unplayed_powers(c) == []
    p = c.powers[2]
    assert (p.trigger, p.trigger_filter.attack_form) == ("damages", "power:skull mace")
    assert unplayed_powers(card_from_json(card("Orcus", SWORD, DEATH)))  # no Skull Mace on the card: not played
    for text, trigger, form in (
            ("Hesitate: Immediate, when this creature hits with Mental Shock; target is also Staggered.", "hits",
             "power:mental shock"),
            ("Unavoidable Shot: Use when making a Magic Missile attack; that attack automatically hits.", "declares",
             "power:magic missile"),
            ("Cleave: Immediate action, use when this creature destroys an enemy with a M attack: Make a M attack.",
             "destroys", "melee")):
        q = parse_power(0, "special", text)
        assert q.played and (q.trigger, q.trigger_filter.attack_form) == (trigger, form), text
    # 'an enemy hits a Dwarf ally with an attack': a kind before 'ally' is that ally's, not a named attack
    dwarf = parse_power(0, "champion", "Use when an enemy hits a Dwarf ally with an attack: That enemy takes ongoing "
                                       "10 radiant damage (save ends).")
    assert dwarf.played and (dwarf.trigger, dwarf.trigger_filter.keyword) == ("ally-hit", "dwarf")


def test_death_attack_follows_the_skull_mace_only() -> None:
    s = _two([card("Aspect of Orcus", SWORD, MACE, DEATH)], [card("Orc", SWORD, hp=100)], [15, 15])
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    aspect, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    sword, mace = aspect.powers[0], aspect.powers[1]
    assert sword.attack is not None and mace.attack is not None
    AT.attack(s.b, aspect, sword, sword.attack, [orc])
    assert not any(e.kind == "ongoing" for e in orc.effects)
    AT.attack(s.b, aspect, mace, mace.attack, [orc])
    assert [(e.kind, e.what, e.amount) for e in orc.effects if e.kind == "ongoing"] == [("ongoing", "necrotic", 20)]


WAR_CRY = ("Moradin's War Cry: Use when an enemy misses an ally within 5 squares of this creature with a {m} attack: "
           "That ally makes 1 {b} attack as an immediate action.")


def test_more_attack_events_are_read() -> None:
    """'an enemy misses an ally' (ally-missed; test_ddm_guild_composed had listed it as not honoured), 'after
    resolving this creature's {m} attack', 'a mattack' (the melee icon glued to 'attack'), '(no more than once per
    turn)' after the event."""
    for text, trigger, per in (
            (WAR_CRY, "ally-missed", ""),
            ("Use when an enemy misses an ally with an attack: That enemy takes 10 damage.", "ally-missed", ""),
            ("Mobile Melee Attack: Immediate, after resolving this creature's {m} attack; shift 1 square.",
             "attack-made", ""),
            ("Quickcast: Immediate action, after resolving a mattack: Make a RANGED attack.", "attack-made", ""),
            ("Rapid Advance: Use after an enemy adjacent to this creature shifts (no more than once per turn): This "
             "creature shifts as a free action.", "enemy-shifts", "turn")):
        c = card_from_json(card("Any", SWORD, "Bow: (range 10) +10 vs. AC; 10 damage.", text))
        assert len(c.powers) == 3 and unplayed_powers(c) == [], text
        q = parse_power(0, "special", text)
        assert (q.trigger, q.per) == (trigger, per), text


def test_the_war_cry_answers_a_miss_on_an_ally_within_5_squares() -> None:
    s = _two([card("Warpriest", SWORD, WAR_CRY), card("Dwarf", SWORD, hp=100), card("Scout", SWORD, hp=100)],
             [card("Orc", SWORD, hp=100), card("Goblin", SWORD, hp=100)], [2, 15, 2])
    put(s, "a1", 2, 3)
    put(s, "a2", 5, 3)  # 3 squares from the Warpriest
    put(s, "a3", 10, 7)  # beyond 5
    put(s, "b1", 6, 3)
    put(s, "b2", 10, 6)
    orc, gob = s.b.by_id["b1"], s.b.by_id["b2"]
    p, spec = _sword(orc)
    AT.attack(s.b, orc, p, spec, [s.b.by_id["a2"]])  # misses the Dwarf: the Dwarf strikes back (15)
    assert orc.hp == 90
    p, spec = _sword(gob)
    AT.attack(s.b, gob, p, spec, [s.b.by_id["a3"]])  # misses the Scout, too far from the Warpriest
    assert gob.hp == 100


WEB = "Web Trap: Immediate, when a non-Spider enemy ends its move adjacent to this creature; that enemy is Immobilized."


def test_a_web_trap_holds_an_enemy_that_ends_its_move_beside_it_and_not_a_spider() -> None:
    c = card_from_json(card("Chitine", SWORD, WEB))
    assert len(c.powers) == 2 and unplayed_powers(c) == []
    assert parse_power(0, "special", WEB).trigger == "enemy-ends-move-adjacent"
    s = _two([card("Chitine", SWORD, WEB)], [card("Spider", SWORD, keywords=("Spider",)), card("Orc", SWORD)], [])
    put(s, "a1", 4, 3)
    put(s, "b1", 8, 2)
    put(s, "b2", 8, 4)
    spider, orc = s.b.by_id["b1"], s.b.by_id["b2"]
    MV.walk(s.b, spider, [(7, 2), (6, 2), (5, 2)])
    assert s.b.adjacent(spider, s.b.by_id["a1"]) and not spider.has("immobilized")
    MV.walk(s.b, orc, [(7, 4), (6, 4)])  # not beside it yet
    assert not orc.has("immobilized")
    MV.walk(s.b, orc, [(5, 4)])
    assert orc.has("immobilized")


MORADIN = ("Use when this creature or an ally hits an enemy adjacent to a wall with a {m} attack: +10 Damage on that "
           "attack.")


def test_it_or_an_ally_hitting_an_enemy_against_a_wall_deals_more() -> None:
    q = parse_power(0, "champion", MORADIN)
    assert q.played and (q.trigger, q.trigger_filter.target_state) == ("friend-hits", "at:adjacent-wall")
    aspect = card("Aspect of Moradin", SWORD, rating=2)
    aspect["powers"].append({"kind": "champion", "text": MORADIN})
    assert unplayed_powers(card_from_json(aspect)) == []
    s = _two([aspect, card("Dwarf", SWORD)], [card("Orc", SWORD, hp=100), card("Elf", SWORD, hp=100)], [15, 15])
    put(s, "a1", 0, 0)
    put(s, "a2", 5, 1)
    put(s, "b1", 5, 0)  # against the map's edge
    put(s, "b2", 5, 2)
    dwarf, orc, elf = s.b.by_id["a2"], s.b.by_id["b1"], s.b.by_id["b2"]
    p, spec = _sword(dwarf)
    AT.attack(s.b, dwarf, p, spec, [elf])
    assert elf.hp == 90
    AT.attack(s.b, dwarf, p, spec, [orc])
    assert orc.hp == 80


MIASMA = ("Poison Miasma: Use at start of round: Until end of round, each enemy that ends its turn within 10 squares "
          "takes 20 poison damage.")
BLESSING = ("Blessing: Use at start of round: Until end of round, this creature and each ally heals 10 HP whenever an "
            "enemy is destroyed.")


def test_more_words_a_power_gives_for_a_while() -> None:
    """The lead's "grant" (1.67) with two more forms of the power it gives: 'each enemy that <event> takes N damage'
    and '<effects> whenever <event>'."""
    for text in (MIASMA, BLESSING):
        c = card_from_json(card("Any", SWORD, text))
        assert len(c.powers) == 2 and unplayed_powers(c) == [], text
        assert [e.kind for e in c.powers[1].effects] == ["grant"], text
    s = _two([card("Green Dragon", SWORD, MIASMA)], [card("Orc", SWORD, hp=100), card("Elf", SWORD, hp=100)], [])
    put(s, "a1", 0, 0)
    put(s, "b1", 5, 3)
    put(s, "b2", 11, 7)
    orc, elf = s.b.by_id["b1"], s.b.by_id["b2"]  # (given at the start of round 1)
    s._end_turn(orc)
    s._end_turn(elf)
    assert (orc.hp, elf.hp) == (80, 100)
    s = _two([card("Aspect of Bahamut", SWORD, BLESSING, hp=60), card("Cleric", SWORD, hp=60)],
             [card("Orc", SWORD, hp=10)], [])
    put(s, "a1", 0, 0)
    put(s, "a2", 0, 2)
    put(s, "b1", 9, 3)
    aspect, cleric, orc = s.b.by_id["a1"], s.b.by_id["a2"], s.b.by_id["b1"]
    aspect.hp = cleric.hp = 30
    DM.deal_damage(s.b, orc, [(10, "")], None)
    assert not orc.alive and (aspect.hp, cleric.hp) == (40, 40)


CIRCLE = ("Circle of Forbiddance: Replaces attack action: Until end of round, whenever an enemy enters a space within "
          "3 squares of this creature, that enemy takes 15 damage (maximum 1 per turn per enemy).")


def test_the_circle_burns_each_enemy_once_a_turn_and_ends_with_the_round() -> None:
    """'(maximum 1 per turn per enemy)': the power's use rate "turn-each" (here of the power it gives)."""
    c = card_from_json(card("Aramil", SWORD, CIRCLE))
    assert len(c.powers) == 2 and unplayed_powers(c) == []
    s = _two([card("Aramil", SWORD, CIRCLE)], [card("Orc", SWORD, hp=100), card("Elf", SWORD, hp=100)], [])
    put(s, "a1", 2, 3)
    put(s, "b1", 7, 3)
    put(s, "b2", 7, 5)
    aramil, orc, elf = s.b.by_id["a1"], s.b.by_id["b1"], s.b.by_id["b2"]
    MV.walk(s.b, orc, [(6, 3)])
    assert orc.hp == 100  # nothing given yet
    circle = aramil.powers[1]
    TR.apply_power(s.b, aramil, circle, power_ctx(Ctx(aramil), circle))
    s.b.active = orc
    MV.walk(s.b, orc, [(5, 3)])  # 3 squares away: within the circle
    assert orc.hp == 85
    MV.walk(s.b, orc, [(4, 3)])  # still its turn: once a turn only
    assert orc.hp == 85
    s.b.active = elf
    MV.walk(s.b, elf, [(6, 5), (5, 5)])  # another enemy, another turn
    assert elf.hp == 85
    s._end_round()
    s.b.active = orc
    MV.walk(s.b, orc, [(3, 3)])
    assert orc.hp == 85  # the round is over: the circle is gone


VAMPIRIC = ("Vampiric Bite: Use when an enemy is Bloodied or destroyed by this creature's attack. This creature heals "
            "10 HP.")
BLOODSEEKER = ("Bloodseeker: Use when an enemy first becomes Bloodied while within 5 squares of this creature: Move to "
               "a space adjacent to that enemy as an immediate action.")


def test_bloodied_events_read_by_their_parts() -> None:
    """'use when this creature attacks' (its attack declared), 'an enemy is Bloodied or destroyed by this creature's
    attack' (passive, its own attack), 'an enemy first becomes Bloodied while within 5 squares of this creature' (new
    trigger enemy-first-bloodied), 'when bloodied by an adjacent enemy's attack' (the bloodied event carries it)."""
    for text, trigger, within in (
            ("Sudden Empower: Use when this creature attacks; +10 Damage on that attack.", "declares", 0),
            (VAMPIRIC, "bloodies-or-destroys", 0), (BLOODSEEKER, "enemy-first-bloodied", 5)):
        c = card_from_json(card("Any", SWORD, text))
        assert len(c.powers) == 2 and unplayed_powers(c) == [], text
        q = parse_power(0, "special", text)
        assert (q.trigger, q.trigger_filter.within) == (trigger, within), text
    rage = parse_power(0, "special", "Battlerage: Immediate action, use when bloodied by an adjacent enemy's attack: "
                                     "This creature heals 5 HP.")
    assert rage.played and (rage.trigger, rage.trigger_filter.attack_form, rage.trigger_filter.within) == (
        "bloodied", "any", -1)


def test_the_vampire_wolf_heals_when_its_own_attack_bloodies_an_enemy() -> None:
    s = _two([card("Vampire Dire Wolf", SWORD, VAMPIRIC, hp=60), card("Wolf", SWORD)], [card("Orc", SWORD, hp=40)],
             [15, 15])
    put(s, "a1", 4, 3)
    put(s, "a2", 5, 4)
    put(s, "b1", 5, 3)
    vamp, wolf, orc = s.b.by_id["a1"], s.b.by_id["a2"], s.b.by_id["b1"]
    vamp.hp = 30
    p, spec = _sword(wolf)
    orc.hp = 25
    AT.attack(s.b, wolf, p, spec, [orc])  # the other wolf bloodies it: not this creature's attack
    assert orc.bloodied and vamp.hp == 30
    s2 = _two([card("Vampire Dire Wolf", SWORD, VAMPIRIC, hp=60)], [card("Orc", SWORD, hp=40)], [15])
    put(s2, "a1", 4, 3)
    put(s2, "b1", 5, 3)
    vamp, orc = s2.b.by_id["a1"], s2.b.by_id["b1"]
    vamp.hp = 30
    orc.hp = 25
    p, spec = _sword(vamp)
    AT.attack(s2.b, vamp, p, spec, [orc])
    assert orc.bloodied and vamp.hp == 40
