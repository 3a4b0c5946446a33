"""Riders that depend on the target: '+15 necrotic damage if target is bloodied', '+10 radiant Damage against Evil
targets', '10 damage OR 20 damage if target is Immobilized', 'Dazed target is Stunned instead', 'if already Slowed,
target is instead Immobilized (save ends)' — an effect, a target state (the modifiers' own words) and "instead",
read as parts and played on the target as it was before the hit (profile ddm-guild.instead)."""

from __future__ import annotations

from simulate.games import ddm_guild_apply as FX
from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_coverage as C
from simulate.games import ddm_guild_damage as DM
from simulate.games import ddm_guild_judge as J
from simulate.games.ddm_guild_powers import parse_power
from simulate.games.ddm_guild_vocab import Filter
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

BRUTE = "Brute Strike: +10 vs. AC; 10 Damage AND Dazed; Dazed target is Stunned instead"
CLAW = "Claw: +10 vs. AC; 10 damage OR 20 damage if target is Immobilized."
HOLY = "Holy Sword: +10 vs. AC; 10 Damage, +10 radiant Damage against Evil targets"
AXE = "Axe: +10 vs. AC; 10 damage, +15 necrotic damage if target is bloodied."
TENTACLES = ("Paralyzing Tentacles: +10 vs. AC; 10 Damage AND Slowed (save ends); if already Slowed, target is "
             "instead Immobilized (save ends); if already Immobilized, target is instead Stunned (save ends).")


def _hit_parts(text: str) -> list[tuple[str, int, str, str, str, bool]]:
    p = parse_power(0, "attack", text)
    assert p.played and p.attack is not None, (text, p.unplayed)
    return [(e.kind, e.amount, e.what, e.duration, e.gate.target_state, "instead" in e.extra) for e in p.attack.hit]


def test_the_words() -> None:
    assert _hit_parts(BRUTE) == [("damage", 10, "", "", "", False),
                                 ("condition", 0, "dazed", "end-next-turn", "", False),
                                 ("condition", 0, "stunned", "end-next-turn", "cond:dazed", True)]
    assert _hit_parts(CLAW) == [("damage", 10, "", "", "", False), ("damage", 20, "", "", "cond:immobilized", True)]
    assert _hit_parts(HOLY)[1] == ("damage", 10, "radiant", "", "keyword", False)
    assert _hit_parts(AXE)[1] == ("damage", 15, "necrotic", "", "bloodied", False)
    assert [x[2:] for x in _hit_parts(TENTACLES)[1:]] == [("slowed", "save", "", False),
                                                          ("immobilized", "save", "cond:slowed", True),
                                                          ("stunned", "save", "cond:immobilized", True)]
    # the instead condition keeps the duration of the one it replaces
    whispers = _hit_parts("Whispers: (range 5) +10 vs. Will; 15 psychic damage AND Slowed (save ends). If target is "
                          "already Slowed, it is Stunned (save ends) instead.")
    assert whispers[-1] == ("condition", 0, "stunned", "save", "cond:slowed", True)
    for text in ("Jaws: +12 vs. AC; 10 damage; 15 damage vs. Immobilized targets, instead.",
                 "Wave: (blast 4) +20 vs. Reflex; 20 fire damage, OR 30 fire damage if target is adjacent to this "
                 "creature.",
                 "Essence: (range 5) Automatic hit; 20 necrotic Damage; if target is Stunned or Helpless, +20 necrotic "
                 "Damage",
                 "Bolt: (sight) +18 vs. Will; Dazed. Dazed target is Dominated, instead.",
                 "Eyes: (blast 3) +18 vs. Will; Dazed. Dazed targets are Stunned, instead."):
        assert parse_power(0, "attack", text).played, text


def test_what_stays_unread() -> None:
    # a state the target-state words do not read, and 'instead' with nothing to replace
    for text in ("Strike: (line 12) +20 vs. Fortitude; 25 lightning damage + 10 lightning damage if target stands in "
                 "deep water.",
                 "Bite: +10 vs. AC; 10 damage; Dazed target is Stunned instead.",
                 "Gore: +10 vs. AC; 10 damage AND Slowed; if target is already Slowed, it is Petrified instead."):
        assert not parse_power(0, "attack", text).played, text
    # a rider that depends on the target on a miss is refused by the engine
    p = parse_power(0, "attack", "Swipe: +10 vs. AC; 10 damage. Miss: 5 damage; +5 damage if target is bloodied.")
    assert not p.played or C.engine_unplayed(p)


def _duel(power: str, dice: list[int], enemy_hp: int = 100):
    s = battle([card("Hero", power, SWORD)], [card("Orc", SWORD, hp=enemy_hp)], PurposeDice(attack=dice))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    hero, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    p = hero.powers[0]
    assert p.attack is not None and not C.engine_unplayed(p)
    return s, hero, orc, p


def _conditions(f: J.Fighter) -> list[str]:
    return sorted(e.what for e in f.effects if e.kind == "condition")


def test_a_dazed_target_is_stunned_instead() -> None:
    s, hero, orc, p = _duel(BRUTE, [15, 15])
    assert p.attack is not None
    AT.attack(s.b, hero, p, p.attack, [orc])
    assert _conditions(orc) == ["dazed"]  # not dazed before the hit: dazed
    AT.attack(s.b, hero, p, p.attack, [orc])
    assert _conditions(orc) == ["dazed", "stunned"]  # dazed already: stunned instead of a second daze
    assert orc.hp == 80


def test_more_damage_against_an_immobilized_target_instead() -> None:
    s, hero, orc, p = _duel(CLAW, [15, 15])
    assert p.attack is not None
    AT.attack(s.b, hero, p, p.attack, [orc])
    assert orc.hp == 90
    FX.add_active(s.b, orc, "condition", "immobilized", 0, "save", hero, Filter())
    AT.attack(s.b, hero, p, p.attack, [orc])
    assert orc.hp == 70  # 20 instead of 10, not 30


def test_extra_damage_against_evil_targets_only() -> None:
    fiend = card("Fiend", SWORD, hp=100)
    fiend["alignment"] = "evil"
    s = battle([card("Hero", HOLY, SWORD)], [card("Orc", SWORD, hp=100), fiend], PurposeDice(attack=[15, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 3, 3)
    hero, orc, evil = s.b.by_id["a1"], s.b.by_id["b1"], s.b.by_id["b2"]
    p = hero.powers[0]
    assert p.attack is not None and not C.engine_unplayed(p)
    AT.attack(s.b, hero, p, p.attack, [orc])
    AT.attack(s.b, hero, p, p.attack, [evil])
    assert (orc.hp, evil.hp) == (90, 80)  # a neutral orc: 10; an evil fiend: 10 + 10 radiant


def test_the_state_is_the_targets_before_the_hit() -> None:
    s, hero, orc, p = _duel(AXE, [15, 15], enemy_hp=20)
    assert p.attack is not None
    AT.attack(s.b, hero, p, p.attack, [orc])
    assert orc.hp == 10 and orc.bloodied  # bloodied by this hit: the rider did not count
    AT.attack(s.b, hero, p, p.attack, [orc])
    assert not orc.in_play()  # 10 + 15 against a bloodied target


def test_a_chain_of_instead_conditions() -> None:
    s, hero, orc, p = _duel(TENTACLES, [15, 15, 15])
    assert p.attack is not None
    AT.attack(s.b, hero, p, p.attack, [orc])
    assert _conditions(orc) == ["slowed"]
    AT.attack(s.b, hero, p, p.attack, [orc])
    assert _conditions(orc) == ["immobilized", "slowed"]
    AT.attack(s.b, hero, p, p.attack, [orc])  # slowed and immobilized: the last that holds wins
    assert _conditions(orc) == ["immobilized", "slowed", "stunned"]


KILLING_BLOW = "Killing Blow: +9 vs. AC, +14 vs. AC instead if target is bloodied; 30 damage."
HEADS = ("Taking Heads: When this creature destroys an orc or goblin enemy; Score +5VP, or +10 VP if the enemy is a "
         "Champion.")


def test_a_higher_attack_bonus_against_a_bloodied_target() -> None:
    p = parse_power(0, "attack", KILLING_BLOW)
    assert p.played and p.attack is not None and (p.attack.bonus, p.attack.alt_bonus) == (9, 14)
    assert p.attack.alt_gate.target_state == "bloodied"
    s, hero, orc, p = _duel(KILLING_BLOW, [3, 3], enemy_hp=100)  # 3 + 9 = 12 < AC 15; 3 + 14 = 17
    assert p.attack is not None
    AT.attack(s.b, hero, p, p.attack, [orc])
    assert orc.hp == 100
    orc.hp = 50
    AT.attack(s.b, hero, p, p.attack, [orc])
    assert orc.hp == 20


def test_more_points_when_the_destroyed_enemy_is_a_champion() -> None:
    p = parse_power(0, "special", HEADS)
    assert p.played and not C.engine_unplayed(p), p.unplayed
    assert [(e.kind, e.amount, e.gate.keyword, "instead" in e.extra) for e in p.effects] == [
        ("vp", 5, "", False), ("vp", 10, "champion", True)]
    s = battle([card("Barbarian", SWORD, HEADS)],
               [card("Orc", SWORD, keywords=("Orc",), hp=10, cost=10),
                card("Orc Chief", SWORD, keywords=("Orc",), hp=10, cost=10, rating=1)],
               PurposeDice(attack=[15, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 3, 3)
    hero = s.b.by_id["a1"]
    sword = hero.powers[0]
    assert sword.attack is not None
    AT.attack(s.b, hero, sword, sword.attack, [s.b.by_id["b1"]])
    assert s.b.scores[0] == 10 + 5
    AT.attack(s.b, hero, sword, sword.attack, [s.b.by_id["b2"]])
    assert s.b.scores[0] == 15 + 10 + 10  # a champion: 10 instead of 5


def test_a_death_burst_printed_before_its_timing_and_a_miss_after_a_semicolon() -> None:
    burst = "Death Burst: (burst 1) Immediate when destroyed; +11 vs. DEF(Ref); 20 fire Damage; 10 fire on miss."
    p = parse_power(0, "special", burst)
    assert p.played and p.trigger == "destroyed" and p.attack is not None and p.attack.form == "close-burst"
    assert [(e.kind, e.amount, e.what) for e in p.attack.miss] == [("damage", 10, "fire")]
    s = battle([card("Archon", SWORD, burst, hp=10), card("Friend", SWORD)], [card("Orc", SWORD), card("Elf", SWORD)],
               PurposeDice(attack=[15, 1, 15, 1]))
    put(s, "a1", 5, 3)
    put(s, "a2", 0, 0)
    put(s, "b1", 6, 3)
    put(s, "b2", 4, 3)
    archon = s.b.by_id["a1"]
    DM.deal_damage(s.b, archon, [(10, "")], s.b.by_id["b1"])
    # the burst provokes (the engine's rule for attacks that are not melee): a 15 hits the dying archon, which is not
    # destroyed twice, a 1 misses; then the burst: a hit (20) and a miss (10)
    assert sorted(f.hp for f in s.b.fighters if f.player == 1) == [30, 40]
    assert not archon.alive and s.b.scores[1] == archon.card.cost
    assert len(s.log.of_kind("destroyed")) == 1


def test_a_rider_for_targets_of_a_level() -> None:
    cudgel = "Cudgel: +8 vs. AC; 10 damage AND target of level 3 or lower is Dazed."
    p = parse_power(0, "attack", cudgel)
    assert p.played and p.attack is not None and p.attack.hit[1].gate.keyword == "level<=3"
    s = battle([card("Guard", cudgel)], [card("Kobold", SWORD, level=2), card("Ogre", SWORD, level=6)],
               PurposeDice(attack=[15, 15]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    put(s, "b2", 4, 3)
    guard = s.b.by_id["a1"]
    q = guard.powers[0]
    assert q.attack is not None
    AT.attack(s.b, guard, q, q.attack, [s.b.by_id["b1"]])
    AT.attack(s.b, guard, q, q.attack, [s.b.by_id["b2"]])
    assert s.b.by_id["b1"].has("dazed") and not s.b.by_id["b2"].has("dazed")
