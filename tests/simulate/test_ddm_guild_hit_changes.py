"""Powers that change what an attack roll gives: 'That attack is a critical hit' / 'an automatic hit and a critical
hit' when an attack is declared (Skullcleaver, Unavoidable Strike), 'That attack becomes a hit instead' / 'is a normal
hit instead' when a critical hit is scored (Githzerai Zerth, Gold Dragon Nomad), and a granted attack that 'is an
automatic hit and a critical hit' (Berserker's Telling Retort)."""

from __future__ import annotations

from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_coverage as C
from simulate.games.ddm_guild_powers import parse_power
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

SKULLCLEAVER = "Skullcleaver: Use when this creature declares a {b} attack: That attack is a critical hit."
NORMAL = "Use when an enemy scores a critical hit: That attack becomes a hit instead."
RETORT = ("Telling Retort: Immediate action, use when an enemy scores a critical hit against this creature: Make a "
          "BASIC attack against that enemy. That attack is an automatic hit and a critical hit.")


def test_the_words() -> None:
    for text, trigger, what in ((SKULLCLEAVER, "declares", "crit"), (NORMAL, "enemy-crits", "normal"),
                                ("Use when a creature scores a critical hit: That attack is a normal hit instead.",
                                 "any-crits", "normal"),
                                ("Use when this creature declares a {m} attack: that attack is an automatic hit and a "
                                 "critical hit.", "declares", "crit")):
        p = parse_power(0, "special", text, 1)
        assert p.played and p.trigger == trigger and [(e.kind, e.what) for e in p.effects] == [("hit", what)], text
        assert not C.engine_unplayed(p), text
    retort = parse_power(0, "special", RETORT, 1)
    assert retort.played and [(e.kind, e.extra) for e in retort.effects] == [("attack", ("that", "force:crit"))]
    # a critical hit forced where no attack is being declared is not played
    p = parse_power(0, "special", "Use at start of round: That attack is a critical hit.")
    assert not p.played or C.engine_unplayed(p)


def test_a_declared_attack_is_a_critical_hit_once() -> None:
    goblin_card = card("Goblin", SWORD, SKULLCLEAVER)
    goblin_card["powers"][1]["uses"] = 1
    s = battle([goblin_card], [card("Orc", SWORD, hp=100)], PurposeDice(attack=[2, 2]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    goblin, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    sword = goblin.powers[0]
    assert sword.attack is not None
    AT.attack(s.b, goblin, sword, sword.attack, [orc])  # a natural 2, yet a critical hit: double damage
    assert orc.hp == 80
    assert [e.data["crit"] for e in s.log.of_kind("attack")] == [True]
    AT.attack(s.b, goblin, sword, sword.attack, [orc])  # its one use is spent: a 2 misses
    assert orc.hp == 80


def test_an_enemys_critical_hit_becomes_a_normal_hit() -> None:
    s = battle([card("Monk", SWORD, NORMAL)], [card("Orc", SWORD, hp=100)], PurposeDice(attack=[20]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    monk, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    osword = orc.powers[0]
    assert osword.attack is not None
    AT.attack(s.b, orc, osword, osword.attack, [monk])  # a natural 20: a hit, not doubled
    assert monk.hp == 40
    assert [e.data["crit"] for e in s.log.of_kind("attack")] == [False]


def test_a_granted_attack_that_is_an_automatic_critical_hit() -> None:
    s = battle([card("Berserker", SWORD, RETORT)], [card("Orc", SWORD, hp=100)], PurposeDice(attack=[20, 1]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    berserker, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    osword = orc.powers[0]
    assert osword.attack is not None
    AT.attack(s.b, orc, osword, osword.attack, [berserker])  # the orc's critical: the retort, a 1 yet a critical
    assert berserker.hp == 30 and orc.hp == 80


def test_an_allys_hit_becomes_a_critical_hit_on_a_roll_of_10_or_more() -> None:
    knight = "Use when an Evil ally hits with a {m} attack: Roll 1d20. On 10-20, that attack becomes a critical hit."
    fighter = card("Blackguard", SWORD)
    fighter["alignment"] = "evil"
    s = battle([card("Shade Knight", SWORD, knight), fighter], [card("Orc", SWORD, hp=100)],
               PurposeDice(attack=[15, 15], power=[12, 3]))
    put(s, "a1", 0, 0)
    put(s, "a2", 4, 3)
    put(s, "b1", 5, 3)
    blackguard, orc = s.b.by_id["a2"], s.b.by_id["b1"]
    sword = blackguard.powers[0]
    assert sword.attack is not None
    AT.attack(s.b, blackguard, sword, sword.attack, [orc])  # a 12: a critical, double damage
    AT.attack(s.b, blackguard, sword, sword.attack, [orc])  # a 3: a plain hit
    assert orc.hp == 70
    assert [e.data["crit"] for e in s.log.of_kind("attack")] == [True, False]
