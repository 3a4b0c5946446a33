"""The cards' own critical hits: 'Scores critical hits on natural 19-20' (a wider range), 'triple damage on critical
hits (with {M} attacks)' and '+10 poison damage on critical hits', read and played."""

from __future__ import annotations

from simulate.games import ddm_guild_attacks as AT
from simulate.games.ddm_guild_powers import parse_power
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

BOW = "Bow: (range 10) +10 vs. AC; 10 damage."


def test_the_words() -> None:
    keen = parse_power(0, "special", "Keen Edge: Scores critical hits on a natural 19 or 20.")
    assert keen.played and [(s.kind, s.amount) for s in keen.statics] == [("keen-critical", 19)], keen.unplayed
    for text, form in (("Vorpal Blade: Triple damage on critical hits with {m} attacks.", "melee"),
                       ("Keen Weapon: This creature's {m} attacks deal triple damage on criticals.", "melee"),
                       ("Heavy Pick: Triple damage on critical hits.", "")):
        p = parse_power(0, "special", text)
        assert p.played and [(s.kind, s.amount, s.filter.attack_form) for s in p.statics] == [
            ("crit-multiplier", 3, form)], (text, p.unplayed)
    venom = parse_power(0, "special", "Supervenomate: +10 poison damage on critical hits.")
    assert venom.played and [(s.kind, s.amount, s.what) for s in venom.statics] == [("crit-damage", 10, "poison")]


def test_a_wider_range_and_triple_melee_damage_on_a_critical() -> None:
    s = battle([card("Blade", SWORD, BOW, "Keen Edge: Scores critical hits on a natural 19 or 20.",
                     "Vorpal Blade: Triple damage on critical hits with {m} attacks.")],
               [card("Orc", SWORD, hp=100), card("Elf", SWORD, hp=100)], PurposeDice(attack=[19, 19, 18]))
    put(s, "a1", 4, 3)
    put(s, "b1", 0, 7)
    put(s, "b2", 9, 3)
    blade, orc, elf = s.b.by_id["a1"], s.b.by_id["b1"], s.b.by_id["b2"]
    sword, bow = blade.powers[0], blade.powers[1]
    assert sword.attack is not None and bow.attack is not None
    AT.attack(s.b, blade, bow, bow.attack, [elf])
    assert elf.hp == 80  # a 19 is a critical: the bow's doubles, as the rules do
    put(s, "b1", 5, 3)
    AT.attack(s.b, blade, sword, sword.attack, [orc])
    assert orc.hp == 70  # tripled by a melee attack
    AT.attack(s.b, blade, sword, sword.attack, [orc])
    assert orc.hp == 60  # an 18 hits, no critical
    assert [e.data["crit"] for e in s.log.of_kind("attack")] == [True, True, False]


def test_extra_typed_damage_on_a_critical() -> None:
    s = battle([card("Cat", SWORD, "Supervenomate: +10 poison damage on critical hits.")],
               [card("Orc", SWORD, hp=100), card("Golem", SWORD, "Immune Poison", hp=100)],
               PurposeDice(attack=[20, 20]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 3, 3)
    cat = s.b.by_id["a1"]
    sword = cat.powers[0]
    assert sword.attack is not None
    AT.attack(s.b, cat, sword, sword.attack, [s.b.by_id["b1"]])
    AT.attack(s.b, cat, sword, sword.attack, [s.b.by_id["b2"]])
    assert s.b.by_id["b1"].hp == 70 and s.b.by_id["b2"].hp == 80


def test_a_wider_range_against_bloodied_targets_or_with_some_attacks_only() -> None:
    bloody = "Bloody Critical 18+: Scores critical hits on attack rolls of natural 18-20 against bloodied targets."
    surge = "Wild Surge: Scores criticals on attack rolls of natural 17+ with {r} and {c} attacks."
    p, q = parse_power(0, "special", bloody), parse_power(1, "special", surge)
    assert p.played and q.played, (p.unplayed, q.unplayed)
    assert [(s.kind, s.amount, s.filter.target_state) for s in p.statics] == [("keen-critical", 18, "bloodied")]
    assert [(s.amount, s.filter.attack_form) for s in q.statics] == [(17, "ranged|close")]
    s = battle([card("Maiden", SWORD, BOW, bloody, surge)], [card("Orc", SWORD, hp=100), card("Elf", SWORD, hp=100)],
               PurposeDice(attack=[18, 18, 17, 17]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 4, 7)
    maiden, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    sword, bow = maiden.powers[0], maiden.powers[1]
    assert sword.attack is not None and bow.attack is not None
    AT.attack(s.b, maiden, sword, sword.attack, [orc])  # 18, not bloodied: a hit
    orc.hp = 40  # bloodied
    AT.attack(s.b, maiden, sword, sword.attack, [orc])  # 18 against a bloodied target: a critical
    AT.attack(s.b, maiden, sword, sword.attack, [orc])  # 17 with a melee attack: a hit
    put(s, "b1", 0, 0)
    AT.attack(s.b, maiden, bow, bow.attack, [s.b.by_id["b2"]])  # 17 with a ranged attack: a critical
    assert [e.data["crit"] for e in s.log.of_kind("attack")] == [False, True, False, True]
