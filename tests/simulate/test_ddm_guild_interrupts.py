"""Answers to a hit that undo it: 'Spell Deflection: Immediate, when hit by an attack from an Arcane creature, the
attack misses instead', 'Scale Rune: when an attack scores a Critical hit vs. an adjacent ally: The attack scores a
normal hit instead', 'Roll 1d20. If the result equals or exceeds the base damage of that attack, that attack misses
instead'."""

from __future__ import annotations

from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, assert_played, attack_with, battle, card, put

BOW = "Bow: (range 10) +10 vs. AC; 10 damage."




def test_a_hit_from_an_arcane_enemy_misses_instead() -> None:
    golem = card("Iron Golem", SWORD, "Spell Deflection: Immediate, when hit by an attack from an Arcane creature, "
                                      "the attack misses instead.")
    assert_played(golem, 1)
    s = battle([golem], [card("Wizard", SWORD, keywords=("Arcane",)), card("Orc", SWORD)],
               PurposeDice(attack=[15, 15, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 4, 4)
    g, wiz, orc = (s.b.by_id[i] for i in ("a1", "b1", "b2"))
    assert attack_with(s, wiz, g) == 0
    assert attack_with(s, orc, g) == 1
    assert attack_with(s, wiz, g) == 1  # its immediate action is spent for the round
    assert g.hp == 30


def test_a_critical_hit_on_an_adjacent_ally_is_a_normal_hit() -> None:
    fighter = card("Dragonborn Fighter", SWORD, "Scale Rune: Immediate action, when an attack scores a Critical hit "
                                                "vs. an adjacent ally: The attack scores a normal hit instead.")
    assert_played(fighter, 1)
    s = battle([fighter, card("Cleric", SWORD)], [card("Orc", SWORD)], PurposeDice(attack=[20]))
    put(s, "a1", 4, 3)
    put(s, "a2", 4, 4)
    put(s, "b1", 5, 4)
    cleric, orc = s.b.by_id["a2"], s.b.by_id["b1"]
    assert attack_with(s, orc, cleric) == 1
    assert cleric.hp == 40  # 10, not doubled


def test_a_d20_against_the_attacks_base_damage() -> None:
    blade = card("Epic Bladebearer", SWORD, "Dual Sword Defense: Use when this creature is hit by a {r} attack: Roll "
                                            "1d20. If the result equals or exceeds the base damage of that attack, "
                                            "that attack misses instead.")
    assert_played(blade, 1)
    s = battle([blade], [card("Archer", "Bow: (range 10) +10 vs. AC; 10 + 5 fire damage.")],
               PurposeDice(attack=[15, 15], power=[15, 14]))
    put(s, "a1", 4, 3)
    put(s, "b1", 9, 3)
    b_, archer = s.b.by_id["a1"], s.b.by_id["b1"]
    assert attack_with(s, archer, b_) == 0  # 15 >= 10 + 5
    assert attack_with(s, archer, b_) == 1  # 14
    assert b_.hp == 35


def test_attacked_from_7_or_more_squares_away() -> None:
    horror = card("Heavy Helmed Horror", SWORD, "Resist 5 All", "Resilient at Range: Whenever attacked by a creature "
                  "that is 7 or more squares away: Resist 10 All instead of Resist 5 All vs. that attack.")
    assert_played(horror, 2)
    kenku = card("Kenku Sniper", SWORD, "Burst of Feathers: Whenever attacked by an enemy 7 or more squares away: this "
                                        "creature takes half damage from that attack.")
    assert_played(kenku, 1)
    s = battle([horror, kenku], [card("Archer", "Bow: (range 20) +10 vs. AC; 15 damage.")],
               PurposeDice(attack=[15, 15, 15, 15]))
    put(s, "a1", 4, 3)
    put(s, "a2", 4, 6)
    put(s, "b1", 10, 3)  # 6 squares from the horror
    h, k, archer = (s.b.by_id[i] for i in ("a1", "a2", "b1"))
    attack_with(s, archer, h)
    assert h.hp == 40  # 15 - 5
    put(s, "b1", 11, 3)  # 7 squares away
    attack_with(s, archer, h)
    assert h.hp == 35  # 15 - 10
    attack_with(s, archer, k)
    assert k.hp == 43  # 15 halved
    put(s, "b1", 9, 6)
    attack_with(s, archer, k)
    assert k.hp == 28


def test_half_damage_from_close_and_area_attacks() -> None:
    kobold = card("Flamescorched Kobold", SWORD, "Evasive: Whenever this creature takes damage from a {c} or {a} "
                                                 "attack: This creature takes half damage from that attack.")
    assert_played(kobold, 1)
    s = battle([kobold], [card("Mage", SWORD, "Burst: (burst 2) +10 vs. Reflex; 15 damage.")],
               PurposeDice(attack=[15, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    k, mage = s.b.by_id["a1"], s.b.by_id["b1"]
    attack_with(s, mage, k, 1)
    assert k.hp == 43
    attack_with(s, mage, k, 0)
    assert k.hp == 33


def test_an_ally_destroyed_in_its_place() -> None:
    angel = card("Deathpact Angel", SWORD, "Death Clause: Use when this creature would be destroyed, if there is an "
                 "Orzhov ally within 9 squares: Destroy that ally; this creature is not destroyed, but has 10 HP "
                 "remaining instead.", hp=10)
    assert_played(angel, 1)
    s = battle([angel, card("Orzhov Guard", SWORD, cost=10, keywords=("Orzhov",)),
                card("Orzhov Cleric", SWORD, cost=30, keywords=("Orzhov",)), card("Human", SWORD, cost=5)],
               [card("Orc", SWORD)], PurposeDice(attack=[15, 15]))
    put(s, "a1", 4, 3)
    put(s, "a2", 8, 3)
    put(s, "a3", 4, 2)
    put(s, "a4", 4, 4)
    put(s, "b1", 5, 3)
    a, guard, cleric, human, orc = (s.b.by_id[i] for i in ("a1", "a2", "a3", "a4", "b1"))
    attack_with(s, orc, a)
    assert a.in_play() and a.hp == 10
    assert not guard.alive and cleric.alive and human.alive  # the cheaper Orzhov ally
    assert s.b.scores[1] == 10  # its opponent scores the ally destroyed
    put(s, "a3", 20, 14)  # the other one out of reach: destroyed
    attack_with(s, orc, a)
    assert not a.alive and cleric.alive


def test_maximum_hit_points_instead_at_set_up_if_the_warband_has_a_champion_of_a_kind() -> None:
    picador = card("Goblin Picador", SWORD, "Battle Training: Use during your set-up, if your warband has a Hobgoblin "
                   "champion: This creature has maximum 30 HP instead of 20 HP and is bloodied at 15 HP instead of "
                   "10 HP.", hp=20)
    assert_played(picador, 1)
    with_champion = battle([picador, card("Hobgoblin Warlord", SWORD, rating=2, keywords=("Hobgoblin",))],
                           [card("Orc", SWORD)], PurposeDice())
    p = with_champion.b.by_id["a1"]
    assert (p.hp, p.max_hp) == (30, 30)
    p.hp = 16
    assert not p.bloodied
    p.hp = 15
    assert p.bloodied
    alone = battle([picador, card("Hobgoblin Soldier", SWORD, keywords=("Hobgoblin",))], [card("Orc", SWORD)],
                   PurposeDice())
    assert alone.b.by_id["a1"].max_hp == 20


def test_a_penalty_until_it_targets_this_creature_or_until_after_it_hits() -> None:
    mark = card("Dragonborn Fighter", SWORD, "Distracting Mark: Use after an enemy resolves an attack against an "
                "adjacent ally: That enemy has -4 Attack until it targets this creature with an attack.")
    assert_played(mark, 1)
    eye = card("Yuan-Ti Swiftscale", SWORD, "Zehir's Eye: Use when an enemy misses this creature with a {m} attack: "
                                            "That enemy has -2 Attack until after it hits with an attack.", ac=40)
    assert_played(eye, 1)
    s = battle([mark, card("Cleric", SWORD, ac=20), eye], [card("Orc", SWORD, hp=200)],
               PurposeDice(attack=[10, 13, 13, 5, 10, 10]))
    put(s, "a1", 4, 3)
    put(s, "a2", 4, 4)
    put(s, "b1", 5, 4)
    fighter, cleric, snake, orc = (s.b.by_id[i] for i in ("a1", "a2", "a3", "b1"))
    put(s, "a3", 9, 9)
    attack_with(s, orc, cleric)  # 10 + 10 = 20: a hit; then the mark
    assert cleric.hp == 40
    assert attack_with(s, orc, cleric) == 0  # 13 + 10 - 4 = 19
    assert attack_with(s, orc, fighter) == 1  # it targets the fighter: the penalty ends as it does (13 + 10 = 23)
    assert not any(e.kind == "mod" for e in orc.effects)
    put(s, "a3", 6, 4)
    assert attack_with(s, orc, snake) == 0  # 5: a miss; then -2 until after it hits
    assert attack_with(s, orc, cleric) == 0  # 10 + 10 - 2 = 18 against AC 20
    assert any(e.kind == "mod" and e.amount == -2 for e in orc.effects)
    assert attack_with(s, orc, fighter) == 1  # 10 + 10 - 2 = 18 against AC 15: it hits, and the penalty ends
    assert not any(e.kind == "mod" for e in orc.effects)


def test_more_damage_instead_on_a_critical_hit() -> None:
    drider = card("Drider Fanglord", SWORD, "Venomous Retort: Use when an enemy hits this creature or an adjacent "
                  "ally with a {m} attack: That enemy takes 15 poison damage (30 poison damage instead on a critical "
                  "hit).")
    assert_played(drider, 1)
    s = battle([drider], [card("Orc", SWORD, hp=100)], PurposeDice(attack=[15, 20]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    d, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    attack_with(s, orc, d)
    assert orc.hp == 85
    attack_with(s, orc, d)
    assert orc.hp == 55


def test_resist_against_a_dragons_ranged_burst_or_blast_attack() -> None:
    kobold = card("Kobold Guard", SWORD, "Wyrm Blessed: Whenever this creature is hit by a Dragon’s Ranged, Burst, or "
                                         "Blast attack: This creature has Resist 20 All vs. that attack.", hp=100)
    assert_played(kobold, 1)
    breath = "Breath: (burst 2) +10 vs. Reflex; 25 fire damage."
    s = battle([kobold], [card("Dragon", SWORD, breath, keywords=("Dragon",)), card("Mage", breath)],
               PurposeDice(attack=[15, 15, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 3, 3)
    k, dragon, mage = (s.b.by_id[i] for i in ("a1", "b1", "b2"))
    attack_with(s, dragon, k, 1)
    assert k.hp == 95  # 25 - 20
    attack_with(s, dragon, k, 0)  # its {m} attack: no resistance
    assert k.hp == 85
    attack_with(s, mage, k, 0)  # not a Dragon
    assert k.hp == 60


def test_an_attack_made_while_another_is_resolved_leaves_that_one_whole() -> None:
    kobold = card("Flamescorched Kobold", SWORD, "Evasive: Whenever this creature takes damage from a {c} or {a} "
                                                 "attack: This creature takes half damage from that attack.")
    archer = card("Storm Archer", "Bow: (range 10) +10 vs. AC; 5 damage.", "Use when an enemy targets an ally with an "
                  "attack: Make 1 {r} attack against that enemy as an immediate action.")
    assert_played(archer, 1)
    s = battle([kobold, archer], [card("Mage", SWORD, "Burst: (burst 2) +10 vs. Reflex; 15 damage.", hp=100)],
               PurposeDice(attack=[15, 15, 15]))
    put(s, "a1", 4, 3)
    put(s, "a2", 5, 6)
    put(s, "b1", 5, 3)
    k, mage = s.b.by_id["a1"], s.b.by_id["b1"]
    attack_with(s, mage, k, 1)  # the archer shoots the mage as the burst is made; the burst still halved on the kobold
    assert mage.hp == 100 - 5  # (the archer's arrow; a close burst provokes no opportunity attack)
    assert k.hp == 43


def test_its_own_attack_answering_an_attack_on_an_ally_gives_that_attack_a_penalty_when_it_hits() -> None:
    archer = card("Storm Archer", "Bow: (range 10) +10 vs. AC; 5 damage.", "Disruptive Strike: Use when an enemy "
                  "targets an ally with an attack: Make 1 {r} attack against that enemy as an immediate action. If "
                  "this creature’s attack hits, target also has -4 Attack on its attack.")
    assert_played(archer, 1)
    s = battle([card("Guard", SWORD), archer], [card("Orc", SWORD, hp=100)], PurposeDice(attack=[15, 8, 3, 8]))
    put(s, "a1", 4, 3)
    put(s, "a2", 4, 7)
    put(s, "b1", 5, 3)
    guard, arch, orc = (s.b.by_id[i] for i in ("a1", "a2", "b1"))
    assert attack_with(s, orc, guard) == 0  # the arrow hits (15): the orc's 8 + 10 - 4 = 14 misses AC 15
    assert (orc.hp, guard.hp) == (95, 50)
    arch.immediate_used = False  # (a new round's immediate action)
    assert attack_with(s, orc, guard) == 1  # the arrow misses (3): 8 + 10 = 18 hits
    assert guard.hp == 40


def test_worth_other_points_when_destroyed_by_a_close_or_area_attack() -> None:
    kobold = card("Flamescorched Kobold", SWORD, "Combustible: Opponent scores 7 VP instead of this creature's point "
                                                 "cost if it is destroyed by a {c} or {a} attack.", hp=10, cost=12)
    assert_played(kobold, 1)
    burst = "Burst: (burst 2) +10 vs. Reflex; 15 damage."
    s = battle([kobold, kobold], [card("Mage", SWORD, burst, hp=100)], PurposeDice(attack=[15, 15]))
    put(s, "a1", 4, 3)
    put(s, "a2", 4, 5)
    put(s, "b1", 5, 4)
    k1, k2, mage = (s.b.by_id[i] for i in ("a1", "a2", "b1"))
    attack_with(s, mage, k1, 1)
    assert not k1.alive and s.b.scores[1] == 7
    attack_with(s, mage, k2, 0)
    assert not k2.alive and s.b.scores[1] == 7 + 12


def test_poison_damage_dealt_as_necrotic_damage() -> None:
    blight = card("Needle Blight", "Needles: +10 vs. AC; 10 poison damage.", "Black Pine: Use during your setup: "
                  "Until end of battle, whenever this creature would do poison damage, it does necrotic damage "
                  "instead.")
    assert_played(blight, 1)
    s = battle([blight], [card("Golem", SWORD, "Immune Poison", hp=100)], PurposeDice(attack=[15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    attack_with(s, s.b.by_id["a1"], s.b.by_id["b1"])
    assert s.b.by_id["b1"].hp == 90  # necrotic: the immunity to poison does not stop it
