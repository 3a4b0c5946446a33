"""Statics that name creatures by their card's words: 'for each adjacent ally with Spear Wall', 'while adjacent to an
ally with Phalanx Training', 'for each creature named Kuo-Toa Whip', 'if at least 1 other creature named Carnage
Demon is within 6 squares' (a creature of either side); '+2 Attack with Stormburst' (an attack of its card by name);
'until an ally is destroyed' / 'Once an ally has been destroyed'; 'against targets that made an attack against it this
round'; a hit's rider written as its target's state ('A Large or smaller enemy hit by its {m} attack is Immobilized');
damage written before its event ('5 Damage to each enemy that ends its turn adjacent to this creature')."""

from __future__ import annotations

from simulate.games import ddm_guild_apply as FX
from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_coverage as C
from simulate.games import ddm_guild_damage as DM
from simulate.games import ddm_guild_judge as J
from simulate.games import ddm_guild_moves as MV
from simulate.games.ddm_guild_cards import card_from_json
from simulate.games.ddm_guild_effects import SNEAK_TARGET
from simulate.games.ddm_guild_powers import card_powers, parse_power
from simulate.games.ddm_guild_state import Fighter
from tests.simulate.test_ddm_guild_rules import OPEN, SWORD, PurposeDice, battle, card, put, turn_of

BOW = "Bow: (range 10) +10 vs. AC; 10 damage."


def _played(raw: dict[str, object], name: str) -> None:
    """The card has the power by that name and the engine plays it whole."""
    c = card_from_json(raw)
    ps = [p for p in c.powers if p.name == name]
    assert ps, name
    assert ps[0].played and not C.engine_unplayed(ps[0]), (name, ps[0].unplayed or C.engine_unplayed(ps[0]))


def _hit(s: object, attacker: Fighter, target: Fighter, index: int = 0) -> None:
    p = attacker.powers[index]
    assert p.attack is not None
    AT.attack(s.b, attacker, p, p.attack, [target])  # type: ignore[attr-defined]


def test_for_each_adjacent_ally_with_a_power_of_that_name() -> None:
    soldier = card("Phalanx Soldier", SWORD, "Spear Wall 5: +5 {m} Damage for each adjacent ally with Spear Wall.")
    _played(soldier, "Spear Wall 5")
    other = card("Pikeman", SWORD, "Spear Wall 10: +10 {m} Damage for each adjacent ally with Spear Wall.")
    plain = card("Guard", SWORD)
    s = battle([soldier, other, other, plain], [card("Orc", SWORD, hp=100)], PurposeDice(attack=[15]))
    put(s, "a1", 4, 3)
    put(s, "a2", 4, 2)  # adjacent, with Spear Wall (its number aside)
    put(s, "a3", 8, 8)  # with Spear Wall, not adjacent
    put(s, "a4", 4, 4)  # adjacent, without it
    put(s, "b1", 5, 3)
    _hit(s, s.b.by_id["a1"], s.b.by_id["b1"])
    assert s.b.by_id["b1"].hp == 100 - 10 - 5


def test_for_each_adjacent_ally_with_volley_adds_to_the_ranged_roll() -> None:
    archer = card("Goblin Archer", BOW, "Volley: +2 {r} Attack for each adjacent ally with Volley.")
    _played(archer, "Volley")
    s = battle([archer, archer], [card("Orc", SWORD, hp=100, ac=15)], PurposeDice(attack=[3, 3]))
    put(s, "a1", 2, 3)
    put(s, "b1", 8, 3)
    put(s, "a2", 9, 9)
    _hit(s, s.b.by_id["a1"], s.b.by_id["b1"])  # 3 + 10 = 13: a miss alone
    assert s.b.by_id["b1"].hp == 100
    put(s, "a2", 2, 2)
    _hit(s, s.b.by_id["a1"], s.b.by_id["b1"])  # 3 + 10 + 2 = 15: a hit beside another archer
    assert s.b.by_id["b1"].hp == 90


def test_while_adjacent_to_an_ally_with_that_power() -> None:
    dwarf = card("Dwarf", SWORD, "Phalanx Training: +5 {m} Damage while adjacent to an ally with Phalanx Training.")
    _played(dwarf, "Phalanx Training")
    s = battle([dwarf, dwarf, card("Guard", SWORD)], [card("Orc", SWORD, hp=100)], PurposeDice(attack=[15, 15]))
    put(s, "a1", 4, 3)
    put(s, "a3", 4, 2)  # an ally without it
    put(s, "a2", 9, 9)
    put(s, "b1", 5, 3)
    _hit(s, s.b.by_id["a1"], s.b.by_id["b1"])
    assert s.b.by_id["b1"].hp == 90
    put(s, "a2", 4, 4)
    _hit(s, s.b.by_id["a1"], s.b.by_id["b1"])
    assert s.b.by_id["b1"].hp == 75


def test_a_creature_named_within_squares_of_either_side() -> None:
    demon = card("Carnage Demon", SWORD,
                 "Carnage: +10 {m} damage if at least 1 other creature named Carnage Demon is within 6 squares of it.")
    _played(demon, "Carnage")
    s = battle([demon], [card("Orc", SWORD, hp=100), demon], PurposeDice(attack=[15, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 15, 3)  # 11 squares away
    _hit(s, s.b.by_id["a1"], s.b.by_id["b1"])
    assert s.b.by_id["b1"].hp == 90
    put(s, "b2", 9, 3)  # the enemy's Carnage Demon, 5 squares away: another creature of that name
    _hit(s, s.b.by_id["a1"], s.b.by_id["b1"])
    assert s.b.by_id["b1"].hp == 70


def test_for_each_creature_named_counted_to_its_maximum() -> None:
    text = ("Whip Bond: +1 Attack and +5 Damage for each creature named Kuo-Toa Whip within 6 squares "
            "(maximum 20 damage)")
    p = parse_power(0, "special", text)
    assert p.played and not C.engine_unplayed(p)
    assert [(st.what, st.amount) for st in p.statics] == [("attack*each:any:6:name=kuo-toa whip::", 1),
                                                          ("damage*each:any:6:name=kuo-toa whip::20", 5)]
    fighter = card("Kuo-Toa", SWORD, text)
    whip = card("Kuo-Toa Whip", SWORD)
    s = battle([fighter, whip, whip, whip, whip, whip], [card("Orc", SWORD, hp=100)], PurposeDice(attack=[15]))
    put(s, "a1", 4, 3)
    for i, x in enumerate((2, 3, 4, 5, 6)):
        put(s, f"a{i + 2}", x, 6)
    put(s, "b1", 5, 3)
    _hit(s, s.b.by_id["a1"], s.b.by_id["b1"])  # five whips: +25 damage, at most +20
    assert s.b.by_id["b1"].hp == 100 - 10 - 20


def test_with_an_attack_of_its_card_by_name() -> None:
    lizard = card("Stormlizard", SWORD, "Stormburst: (burst 2) +11 vs. Fortitude; 10 thunder damage.",
                  "Storm Focus: +5 Damage with Stormburst.")
    _played(lizard, "Storm Focus")
    wrong = card_powers([{"kind": "special", "text": "Storm Focus: +5 Damage with Stormburst."}])
    assert wrong[0].unplayed.startswith("with stormburst")  # no attack of its card has that name
    s = battle([lizard], [card("Orc", SWORD, hp=100)], PurposeDice(attack=[15, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    _hit(s, s.b.by_id["a1"], s.b.by_id["b1"], 0)  # the sword: no bonus
    assert s.b.by_id["b1"].hp == 90
    _hit(s, s.b.by_id["a1"], s.b.by_id["b1"], 1)  # Stormburst: +5
    assert s.b.by_id["b1"].hp == 75


def test_until_an_ally_is_destroyed_and_once_an_ally_has_been() -> None:
    guard = card("Caravan Guard", SWORD, "Bluster: +2 {m} Attack and +5 {m} Damage until an ally is destroyed.")
    avenger = card("Avenger", SWORD,
                   "Vengeance: Once an ally has been destroyed, this creature has +5 {m} Damage until end of battle.")
    _played(guard, "Bluster")
    _played(avenger, "Vengeance")
    s = battle([guard, avenger, card("Porter", SWORD, hp=10)], [card("Orc", SWORD, hp=200)],
               PurposeDice(attack=[15, 15, 15, 15, 15]))
    put(s, "a1", 4, 3)
    put(s, "a2", 5, 4)
    put(s, "a3", 8, 8)
    put(s, "b1", 5, 3)
    orc = s.b.by_id["b1"]
    _hit(s, s.b.by_id["a1"], orc)
    _hit(s, s.b.by_id["a2"], orc)
    assert orc.hp == 200 - 15 - 10
    put(s, "a3", 6, 3)
    _hit(s, orc, s.b.by_id["a3"])  # the porter is destroyed
    assert not s.b.by_id["a3"].alive
    _hit(s, s.b.by_id["a1"], orc)
    _hit(s, s.b.by_id["a2"], orc)
    assert orc.hp == 175 - 10 - 15


def test_against_targets_that_made_an_attack_against_it_this_round() -> None:
    tiefling = card("Tiefling", SWORD, "Infernal Wrath: +2 Attack and +5 Damage against targets that made an attack "
                                       "against this creature this round.", hp=100)
    _played(tiefling, "Infernal Wrath")
    s = battle([tiefling], [card("Orc", SWORD, hp=100), card("Elf", SWORD, hp=100)],
               PurposeDice(attack=[15, 15, 15, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 3, 3)
    t, orc, elf = s.b.by_id["a1"], s.b.by_id["b1"], s.b.by_id["b2"]
    _hit(s, orc, t)
    _hit(s, t, orc)
    _hit(s, t, elf)
    assert (orc.hp, elf.hp) == (85, 90)
    t.attacked_by.clear()  # a new round (GuildState's round start clears it)
    _hit(s, t, orc)
    assert orc.hp == 75


def test_a_hit_rider_written_as_its_targets_state() -> None:
    croc = card("Crocodile", SWORD,
                "Visejaw: A Large or smaller enemy hit by this creature's {m} attack is Immobilized.")
    _played(croc, "Visejaw")
    s = battle([croc], [card("Ogre", SWORD, hp=100, size="Large"), card("Giant", SWORD, hp=100, size="Huge")],
               PurposeDice(attack=[15, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 1, 3)
    ogre, giant = s.b.by_id["b1"], s.b.by_id["b2"]
    _hit(s, s.b.by_id["a1"], ogre)
    _hit(s, s.b.by_id["a1"], giant)
    assert ogre.has("immobilized") and not giant.has("immobilized")


def test_damage_to_each_enemy_that_ends_its_turn_adjacent() -> None:
    kruthik = card("Kruthik", SWORD, "Gnashing Horde: 5 Damage to each enemy that ends its turn adjacent to this "
                                     "creature.")
    _played(kruthik, "Gnashing Horde")
    s = battle([kruthik], [card("Orc", SWORD, hp=100), card("Elf", SWORD, hp=100)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 9, 3)
    s._end_turn(s.b.by_id["b1"])
    s._end_turn(s.b.by_id["b2"])
    assert (s.b.by_id["b1"].hp, s.b.by_id["b2"].hp) == (95, 100)


def test_adjacent_lower_level_allies_have_a_bonus() -> None:
    priest = card("Village Priest", SWORD, "Martial Blessing: Adjacent lower-level allies have +4 Attack.", level=5)
    _played(priest, "Martial Blessing")
    s = battle([priest, card("Squire", SWORD, level=3), card("Knight", SWORD, level=5)],
               [card("Orc", SWORD, hp=100, ac=17), card("Elf", SWORD, hp=100, ac=17)], PurposeDice(attack=[4, 4]))
    put(s, "a1", 4, 3)
    put(s, "a2", 4, 4)
    put(s, "a3", 4, 2)
    put(s, "b1", 5, 4)
    put(s, "b2", 5, 2)
    _hit(s, s.b.by_id["a2"], s.b.by_id["b1"])  # 4 + 10 + 4 = 18: the level 3 squire hits
    _hit(s, s.b.by_id["a3"], s.b.by_id["b2"])  # 4 + 10 = 14: the level 5 knight misses
    assert (s.b.by_id["b1"].hp, s.b.by_id["b2"].hp) == (90, 100)


def test_defences_against_attacks_by_enemies_of_some_kinds() -> None:
    aura = ("Aura of Protection from Evil: (Aura 1) This creature and allies in aura have +2 AC against attacks by "
            "Evil enemies and Underdark enemies.")
    unicorn = card("Golden Protector", SWORD, aura, ac=15)
    _played(unicorn, "Aura of Protection from Evil")
    evil = {**card("Orc", SWORD, hp=100), "alignment": "evil"}
    s = battle([unicorn, card("Squire", SWORD, ac=15)], [evil, card("Elf", SWORD, hp=100)],
               PurposeDice(attack=[5, 5, 5]))
    put(s, "a1", 4, 3)
    put(s, "a2", 4, 4)  # in the aura
    put(s, "b1", 5, 4)
    put(s, "b2", 4, 5)  # (not flanking with the orc)
    squire = s.b.by_id["a2"]
    _hit(s, s.b.by_id["b1"], squire)  # 5 + 10 = 15 against AC 15 + 2: the Evil orc misses
    _hit(s, s.b.by_id["b2"], squire)  # the neutral elf hits
    assert squire.hp == 40
    put(s, "a1", 1, 3)
    _hit(s, s.b.by_id["b1"], s.b.by_id["a1"])  # the aura's creature itself, too
    assert s.b.by_id["a1"].hp == 50


def test_an_aura_with_a_fear_tag_and_attack_forms_in_an_aura() -> None:
    viper = parse_power(0, "special", "Deathrattle: (Aura 5, Fear) Enemies in aura have -2 Attack.")
    assert viper.played and not C.engine_unplayed(viper)
    assert [(st.kind, st.amount, st.aura) for st in viper.statics] == [("aura-mod", -2, 5)]
    noble = parse_power(0, "special", "Illithid Noble: (Aura 2) Each Mind Flayer ally in aura has +4 Attack with {C} "
                                      "attacks. Each Aberrant ally in aura has +10 Damage with {M} attacks.")
    assert noble.played and not C.engine_unplayed(noble)
    assert [(st.what, st.filter.keyword, st.filter.attack_form) for st in noble.statics] == [
        ("attack", "mind flayer", "close"), ("damage", "aberrant", "melee")]


def test_combat_advantage_against_slower_creatures() -> None:
    rogue = card("Lizardfolk Rogue", SWORD, "Quick Strike: Combat advantage against creatures with lower Speed.",
                 speed=6)
    _played(rogue, "Quick Strike")
    s = battle([rogue], [card("Dwarf", SWORD, speed=5), card("Elf", SWORD, speed=6)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 3, 3)
    r, dwarf, elf = s.b.by_id["a1"], s.b.by_id["b1"], s.b.by_id["b2"]
    assert J.has_combat_advantage(s.b, r, dwarf, melee=True)
    assert not J.has_combat_advantage(s.b, r, elf, melee=True)


def test_its_attacks_cannot_be_redirected() -> None:
    guard = "Bodyguard: Use when an enemy targets an adjacent ally with an attack: Redirect that attack to this " \
            "creature."
    hunter = card("Gnoll Huntmaster", SWORD, "Focused: Enemies cannot redirect this creature's attacks.")
    _played(hunter, "Focused")
    s = battle([card("Guard", SWORD, guard, ac=30), card("Lord", SWORD, ac=5)], [hunter], PurposeDice(attack=[10]))
    put(s, "a1", 4, 3)
    put(s, "a2", 4, 4)
    put(s, "b1", 5, 4)
    _hit(s, s.b.by_id["b1"], s.b.by_id["a2"])  # the lord is hit: the guard may not take the attack over
    assert (s.b.by_id["a2"].hp, s.b.by_id["a1"].hp) == (40, 50)


def test_ignores_insubstantial_with_melee_attacks_and_phasing_on_its_turn() -> None:
    tordek = card("Tordek", SWORD, BOW, "Ghost Touch: Ignores Insubstantial with {m} attacks.")
    _played(tordek, "Ghost Touch")
    ghost = card("Ghost", SWORD, "Insubstantial", hp=100)
    s = battle([tordek], [ghost], PurposeDice(attack=[15, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    _hit(s, s.b.by_id["a1"], s.b.by_id["b1"], 0)  # the sword: all 10
    _hit(s, s.b.by_id["a1"], s.b.by_id["b1"], 1)  # the bow: halved
    assert s.b.by_id["b1"].hp == 100 - 10 - 5
    ooze = card("Gray Ooze", SWORD, "Squeeze through Cracks: Has Phasing on its turn.")
    _played(ooze, "Squeeze through Cracks")
    s2 = battle([ooze], [card("Orc", SWORD)], PurposeDice())
    put(s2, "a1", 4, 3)
    put(s2, "b1", 9, 3)
    o = s2.b.by_id["a1"]
    turn_of(s2, "b1")  # another creature's turn
    MV.refresh_while(s2.b)
    assert not o.mover().phasing
    turn_of(s2, "a1")
    MV.refresh_while(s2.b)
    assert o.mover().phasing


def test_immune_sneak_attack_its_own_and_from_an_aura() -> None:
    rogue = card("Rogue", SWORD, "Sneak Attack 5: +5 {m} Damage whenever this creature has combat advantage against "
                                 "target.")
    for text in ("Sneak Attack 5",
                 "Sneak Attack 10: Whenever this creature hits an enemy granting it combat advantage: +10 damage on "
                 "that attack."):
        p = parse_power(0, "special", text)  # the keyword alone, and its reminder read as an event
        assert p.played and SNEAK_TARGET in repr(p), text
    reaver = card("Verdant Reaver", SWORD, "Immune Sneak Attack", hp=100)
    oracle = card("Couatl Oracle", SWORD, "Zone of Truth: (Aura 6) All creatures in aura gain Immune Sneak Attack.")
    _played(reaver, "Immune Sneak Attack")
    _played(oracle, "Zone of Truth")
    s = battle([rogue, card("Ally", SWORD)], [reaver, card("Orc", SWORD, hp=100), oracle],
               PurposeDice(attack=[15, 15, 15]))
    put(s, "a1", 4, 3)
    put(s, "a2", 6, 3)  # flanking both the reaver and the orc with the rogue
    put(s, "b1", 5, 3)
    put(s, "b3", 15, 15)  # the oracle, far away
    MV.refresh_while(s.b)
    rogue_f, reaver_f = s.b.by_id["a1"], s.b.by_id["b1"]
    assert J.has_combat_advantage(s.b, rogue_f, reaver_f, melee=True)
    _hit(s, rogue_f, reaver_f)  # no Sneak Attack against it
    assert reaver_f.hp == 90
    put(s, "b1", 9, 9)
    put(s, "b2", 5, 3)
    orc = s.b.by_id["b2"]
    _hit(s, rogue_f, orc)  # the orc takes it
    assert orc.hp == 85
    put(s, "b3", 7, 7)  # the oracle's aura reaches the orc (and the rogue)
    MV.refresh_while(s.b)
    _hit(s, rogue_f, orc)
    assert orc.hp == 75


def test_adjacent_allies_have_sneak_attack() -> None:
    imp = card("Imp", SWORD, "Infernal Advisor: Adjacent allies have Sneak Attack 5.")
    _played(imp, "Infernal Advisor")
    s = battle([imp, card("Thug", SWORD), card("Ally", SWORD)], [card("Orc", SWORD, hp=100)],
               PurposeDice(attack=[15, 15]))
    put(s, "a1", 4, 2)  # beside the thug
    put(s, "a2", 4, 3)
    put(s, "a3", 6, 3)  # flanking the orc with the thug
    put(s, "b1", 5, 3)
    _hit(s, s.b.by_id["a2"], s.b.by_id["b1"])
    assert s.b.by_id["b1"].hp == 85
    put(s, "a3", 5, 4)  # no flank: no combat advantage, no Sneak Attack
    _hit(s, s.b.by_id["a2"], s.b.by_id["b1"])
    assert s.b.by_id["b1"].hp == 75


def test_an_active_champion_and_a_list_of_attack_forms() -> None:
    worg = card("Worg", SWORD, "Goblin Trained: +5 Damage while in a warband with an active Goblin champion.")
    _played(worg, "Goblin Trained")
    boss = card("Goblin Boss", SWORD, rating=2, keywords=("Goblin",))
    s = battle([worg, boss], [card("Orc", SWORD, hp=100)], PurposeDice(attack=[15, 15]))
    put(s, "a1", 4, 3)
    put(s, "a2", 9, 9)
    put(s, "b1", 5, 3)
    _hit(s, s.b.by_id["a1"], s.b.by_id["b1"])  # the goblin champion is on the battle map
    assert s.b.by_id["b1"].hp == 85
    DM.destroy(s.b, s.b.by_id["a2"], None)
    _hit(s, s.b.by_id["a1"], s.b.by_id["b1"])  # no longer
    assert s.b.by_id["b1"].hp == 75
    wizard = parse_power(0, "special", "Phalanx Spellcasting: +5 {c},{a}, and {r} Damage while adjacent to an Arcane "
                                       "ally.")
    assert wizard.played and not C.engine_unplayed(wizard)
    assert [(st.what, st.filter.attack_form, st.filter.self_state) for st in wizard.statics] == [
        ("damage", "close", "adjacent-ally:arcane"), ("damage", "area", "adjacent-ally:arcane"),
        ("damage", "ranged", "adjacent-ally:arcane")]
    horde = parse_power(0, "special", "The Horde: Human Primal allies have +10 damage on melee attacks.")
    assert horde.played and [(st.kind, st.filter.attack_form) for st in horde.statics] == [("aura-mod", "melee")]


def test_targets_adjacent_to_two_or_more_allies_with_mob_attack() -> None:
    zombie = card("Horde Zombie", SWORD, "Mob Attack: +5 Damage with {m} attacks against targets adjacent to 2 or more "
                                         "allies with Mob Attack")
    _played(zombie, "Mob Attack")
    s = battle([zombie, zombie, zombie], [card("Orc", SWORD, hp=100)], PurposeDice(attack=[15, 15]))
    put(s, "a1", 4, 3)
    put(s, "a2", 5, 4)
    put(s, "a3", 9, 9)
    put(s, "b1", 5, 3)
    _hit(s, s.b.by_id["a1"], s.b.by_id["b1"])  # one other zombie beside the orc
    assert s.b.by_id["b1"].hp == 90
    put(s, "a3", 5, 2)
    _hit(s, s.b.by_id["a1"], s.b.by_id["b1"])  # two
    assert s.b.by_id["b1"].hp == 75


def test_an_aura_that_widens_the_allies_critical_range() -> None:
    ryld = card("Ryld Argith", SWORD, "Inspire Allies: Evil allies score criticals on attack rolls of natural 19 or "
                                      "20; Good allies have +2 {m} attack.")
    _played(ryld, "Inspire Allies")
    evil = {**card("Drow", SWORD), "alignment": "evil"}
    s = battle([ryld, evil, card("Elf", SWORD)], [card("Orc", SWORD, hp=100), card("Goblin", SWORD, hp=100)],
               PurposeDice(attack=[19, 19]))
    put(s, "a1", 9, 9)
    put(s, "a2", 4, 3)
    put(s, "a3", 4, 6)
    put(s, "b1", 5, 3)
    put(s, "b2", 5, 6)
    _hit(s, s.b.by_id["a2"], s.b.by_id["b1"])  # a natural 19: a critical for the Evil drow (double the 10)
    _hit(s, s.b.by_id["a3"], s.b.by_id["b2"])  # a plain hit for the neutral elf
    assert (s.b.by_id["b1"].hp, s.b.by_id["b2"].hp) == (80, 90)


def test_what_one_creature_has_for_a_while_said_as_a_list() -> None:
    for text, want in (
            ("Thin Air: Minor action: Until end of its next turn, this creature has Insubstantial and is invisible.",
             [("gain", "insubstantial", "end-next-turn"), ("condition", "invisible", "end-next-turn")]),
            ("Wings of the Vrock: Minor action: This creature has +2 speed and flight until end of turn.",
             [("mod", "speed", "end-turn"), ("gain", "flight", "end-turn")]),
            ("Defensive Stance: Minor action: Until end of its next turn, this creature has +2 AC and +2 DEF and is "
             "Slowed.", [("mod", "ac", "end-next-turn"), ("mod", "def", "end-next-turn"),
                         ("condition", "slowed", "end-next-turn")]),
            ("Grave Stink: Whenever a living enemy or ally adjacent to this creature starts its turn: That creature is "
             "Slowed and has -2 Attack until end of its turn.", [("condition", "slowed", "end-turn"),
                                                                  ("mod", "attack", "end-turn")])):
        p = parse_power(0, "special", text)
        assert p.played and not C.engine_unplayed(p), text
        assert [(e.kind, e.what, e.duration) for e in p.effects] == want, text
    djinni = card("Djinni", SWORD, "Thin Air: Minor action: Until end of its next turn, this creature has "
                                   "Insubstantial and is invisible.")
    s = battle([djinni], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 9, 3)
    d = s.b.by_id["a1"]
    FX.apply_effects(s.b, d.powers[1].effects, J.Ctx(d))
    assert d.has("invisible") and d.is_insubstantial()


def test_reach_for_a_while_and_a_bonus_with_two_attack_forms() -> None:
    traveler = card("Dark Traveler", SWORD,
                    "Psionic Speed: Minor action: This creature has Reach 2 until end of round.")
    _played(traveler, "Psionic Speed")
    s = battle([traveler], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 9, 3)
    t = s.b.by_id["a1"]
    sword = t.powers[0]
    assert t.reach_of(sword) == 1
    FX.apply_effects(s.b, t.powers[1].effects, J.Ctx(t))
    assert t.reach_of(sword) == 2
    evil = parse_power(0, "champion", "Use before rolling initiative: Each Evil ally has +5 Damage with {m} and {r} "
                                      "attacks until end of round.")
    assert evil.played and not C.engine_unplayed(evil)
    assert [(e.kind, e.amount, e.filter.attack_form) for e in evil.effects] == [("mod", 5, "melee|ranged")]


def test_two_statics_one_a_modifier_said_with_its_verb() -> None:
    text = ("One With Nature: Forest and river terrain do not affect this creature's movement. This creature has +2 AC "
            "and +2 DEF while occupying forest or river terrain.")
    p = parse_power(0, "special", text)
    assert p.played and not C.engine_unplayed(p), p.unplayed
    assert [(st.kind, st.what, st.filter.self_state) for st in p.statics] == [
        ("forest-walk", "", ""), ("mod", "ac", "in-terrain:forest|river"), ("mod", "def", "in-terrain:forest|river")]
    one = parse_power(0, "special", "Shield Wall: This creature has +2 AC while adjacent to an ally.")
    assert one.played and [(st.kind, st.amount, st.what) for st in one.statics] == [("mod", 2, "ac")]


def test_a_defence_while_few_enemies_are_adjacent() -> None:
    king = card("Carrion Crawler King", SWORD, "Head Carapace: This creature has +6 AC whenever 1 or fewer enemies are "
                                               "adjacent to it.", ac=15)
    _played(king, "Head Carapace")
    s = battle([king], [card("Orc", SWORD), card("Elf", SWORD)], PurposeDice(attack=[10, 10]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 9, 9)
    k = s.b.by_id["a1"]
    _hit(s, s.b.by_id["b1"], k)  # 10 + 10 = 20 against AC 21: one enemy beside it
    assert k.hp == 50
    put(s, "b2", 4, 4)
    _hit(s, s.b.by_id["b1"], k)  # two enemies beside it: AC 15
    assert k.hp == 40


def test_kinds_in_an_aura_of_either_side() -> None:
    flail = card("Gnoll Flailbearer", SWORD, "Flail Aura: (Aura 2) Gnolls within aura have +2 attack and are immune "
                                             "Dazed.")
    _played(flail, "Flail Aura")
    gnoll = card("Gnoll", SWORD, keywords=("Gnoll",))
    s = battle([flail, gnoll], [gnoll, card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "a2", 5, 3)
    put(s, "b1", 4, 5)  # an enemy Gnoll in the aura too
    put(s, "b2", 9, 9)
    MV.refresh_while(s.b)
    ally, foe, orc = s.b.by_id["a2"], s.b.by_id["b1"], s.b.by_id["b2"]
    assert J.stat_mods(s.b, ally, "attack") == 2 and J.stat_mods(s.b, foe, "attack") == 2
    assert J.stat_mods(s.b, orc, "attack") == 0
    assert "dazed" in ally.immune_now() and "dazed" in foe.immune_now()
    stench = parse_power(0, "special", "Nauseating Stench: (Aura 1) Non-Troglodyte living creatures in aura have -2 AC "
                                       "and may not use minor actions or champion powers.")
    assert stench.played and not C.engine_unplayed(stench)
    assert [st.what for st in stench.statics] == ["ac", "no-minor", "no-champion"]


def test_creatures_beside_it_cannot_use_champion_powers() -> None:
    skull = card("Skullsplitter", SWORD, "Unnerving Demeanor: Creatures cannot use Champion powers while adjacent to "
                                         "this creature.")
    _played(skull, "Unnerving Demeanor")
    s = battle([skull, card("Ally", SWORD, rating=2)], [card("Boss", SWORD, rating=3), card("Far", SWORD, rating=1)],
               PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "a2", 4, 4)
    put(s, "b1", 5, 3)
    put(s, "b2", 9, 9)
    MV.refresh_while(s.b)
    assert s.b.by_id["a2"].gained("no-champion") and s.b.by_id["b1"].gained("no-champion")
    assert not s.b.by_id["b2"].gained("no-champion") and not s.b.by_id["a1"].gained("no-champion")
    follower = parse_power(0, "special", "Drow Follower: Has +2 to all defenses while within 5 squares of a Drow ally.")
    assert follower.played and [(st.what, st.filter.self_state) for st in follower.statics] == [
        ("defenses", "near-ally:5:drow")]


# open ground with one forest square (the open map's grid is shared by the other tests: never changed)
FOREST_SQUARE = {**OPEN, "slug": "test-forest-square", "name": "A forest square",
                 "rows": ["." * 12] * 3 + ["....f......."] + ["." * 12] * 4}


def test_not_subject_to_forced_movement_while_in_forest_terrain() -> None:
    woad = card("Wood Woad", SWORD, "Deep-Rooted: Not subject to push, pull, or slide effects while in forest terrain.")
    _played(woad, "Deep-Rooted")
    golem = parse_power(0, "special", "Solid Footing: Ignores Push, Pull and Slide effects.")
    assert golem.played and [(st.kind, st.what) for st in golem.statics] == [("immune", "forced movement")]
    s = battle([woad], [card("Ogre", SWORD)], PurposeDice(), FOREST_SQUARE)
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    w, ogre = s.b.by_id["a1"], s.b.by_id["b1"]
    MV.refresh_while(s.b)
    MV.forced_move(s.b, w, ogre, "push", 2, False)
    assert w.pos == (4, 3)  # rooted in the forest
    put(s, "a1", 4, 4)
    MV.refresh_while(s.b)
    MV.forced_move(s.b, w, ogre, "push", 1, False)
    assert w.pos != (4, 4)  # out of it, pushed
