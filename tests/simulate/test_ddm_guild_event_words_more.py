"""More events in the cards' words: 'when this creature would be reduced to 0 HP or fewer; this creature has 5 HP
remaining instead' (Hard to Kill), 'damaged by a Level 2 or higher enemy' (Coward), 'an enemy within Reach becomes
Bloodied' (Blood Frenzy), 'Until this creature moves on its turn, whenever ...' (Razor Barrier)."""

from __future__ import annotations

from simulate.games import ddm_guild_moves as MV
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, assert_played, attack_with, battle, card, put

HARD = ("Hard to Kill: Immediate, when this creature would be reduced to 0 HP or fewer; this creature has 5 HP "
        "remaining instead.")
COWARD = "Coward: Whenever this creature is damaged by a Level 2 or higher enemy: This creature is destroyed."
FRENZY = ("Blood Frenzy: Immediate, when an enemy within Reach becomes Bloodied; make a Brutal Slash attack against "
          "that enemy.")
SLASH = "Brutal Slash: +10 vs. AC; 10 damage."


def test_hard_to_kill_keeps_5_hit_points() -> None:
    assert_played(card("Bruenor", SWORD, HARD), 1)
    s = battle([card("Bruenor", SWORD, HARD, hp=10)], [card("Orc", "Axe: +10 vs. AC; 20 damage.")],
               PurposeDice(attack=[15, 15]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    bruenor, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    attack_with(s, orc, bruenor)
    assert bruenor.in_play() and bruenor.hp == 5
    attack_with(s, orc, bruenor)  # its one immediate action this round is spent
    assert not bruenor.in_play()


def test_a_coward_flees_the_battle_when_a_level_2_enemy_damages_it() -> None:
    assert_played(card("Goblin Fighter", SWORD, COWARD), 1)
    s = battle([card("Goblin Fighter", SWORD, COWARD, hp=50), card("Goblin Friend", SWORD, level=3)],
               [card("Kobold", SWORD, level=1), card("Orc", SWORD, level=2)], PurposeDice(attack=[15, 15, 15]))
    put(s, "a1", 5, 3)
    put(s, "a2", 5, 4)
    put(s, "b1", 6, 3)
    put(s, "b2", 4, 3)
    goblin = s.b.by_id["a1"]
    attack_with(s, s.b.by_id["b1"], goblin)  # level 1: only hurt
    attack_with(s, s.b.by_id["a2"], goblin)  # an ally of level 3: not an enemy
    assert goblin.in_play() and goblin.hp == 30
    attack_with(s, s.b.by_id["b2"], goblin)
    assert not goblin.in_play()


def test_blood_frenzy_answers_an_enemy_bloodied_within_its_reach() -> None:
    assert_played(card("Troll Slasher", SLASH, FRENZY), 1)
    s = battle([card("Troll Slasher", SLASH, FRENZY, "Reach 2"), card("Ally", SWORD)], [card("Orc", SWORD, hp=40)],
               PurposeDice(attack=[15, 15]))
    put(s, "a1", 4, 3)  # 2 squares from the orc: within its reach 2
    put(s, "a2", 5, 4)
    put(s, "b1", 6, 3)
    attack_with(s, s.b.by_id["a2"], s.b.by_id["b1"])  # 40 -> 30: not bloodied
    assert s.b.by_id["b1"].hp == 30
    attack_with(s, s.b.by_id["a2"], s.b.by_id["b1"])  # 20: bloodied, and the slash
    assert s.b.by_id["b1"].hp == 10


RAZOR = ("Razor Barrier: Use at start of this creature's turn: Until this creature moves on its turn, whenever an "
         "enemy makes a {m} attack against this creature, that enemy takes 10 damage.")


def test_razor_barrier_lasts_until_it_moves() -> None:
    assert_played(card("Eladrin Pyromancer", SWORD, RAZOR), 1)
    s = battle([card("Eladrin Pyromancer", SWORD, RAZOR, hp=100)], [card("Orc", SWORD, hp=100)],
               PurposeDice(attack=[15, 15]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    mage, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    s._start_turn(mage)
    attack_with(s, orc, mage)
    assert orc.hp == 90
    MV.shift_to(s.b, mage, (5, 4))  # (still beside the orc)
    attack_with(s, orc, mage)
    assert orc.hp == 90


OPPORTUNIST = ("Opportunist: Use when a bloodied enemy adjacent to this creature misses with a {m} attack this "
               "creature misses with a {m} attack: This creature makes a {b} attack against that enemy as a free "
               "action.")


def test_opportunist_answers_a_bloodied_enemys_miss_despite_the_misprint() -> None:
    assert_played(card("Orc Raider", SWORD, OPPORTUNIST), 1)
    for hp, after in ((50, 50), (20, 10)):
        s = battle([card("Orc Raider", SWORD, OPPORTUNIST)], [card("Elf", SWORD)], PurposeDice(attack=[1, 15]))
        put(s, "a1", 5, 3)
        put(s, "b1", 6, 3)
        elf = s.b.by_id["b1"]
        elf.hp = hp
        attack_with(s, elf, s.b.by_id["a1"])  # a natural 1: a miss
        assert elf.hp == after


QUINTESSENCE = ("Radiate Quintessence: Whenever this creature starts its turn, if it is bloodied: Each adjacent "
                "non-Mind Flayer enemy and ally takes 5 damage.")


def test_radiate_quintessence_hurts_each_adjacent_creature_but_mind_flayers() -> None:
    assert_played(card("Thoon Hulk", SWORD, QUINTESSENCE), 1)
    s = battle([card("Thoon Hulk", SWORD, QUINTESSENCE), card("Thrall", SWORD),
                card("Illithid", SWORD, keywords=("Mind Flayer",))], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 5, 3)
    put(s, "a2", 5, 4)
    put(s, "a3", 4, 3)
    put(s, "b1", 6, 3)
    hulk = s.b.by_id["a1"]
    s._start_turn(hulk)  # not bloodied
    assert [s.b.by_id[x].hp for x in ("a2", "a3", "b1")] == [50, 50, 50]
    hulk.hp = 20
    s._start_turn(hulk)
    assert [s.b.by_id[x].hp for x in ("a1", "a2", "a3", "b1")] == [20, 45, 50, 45]
