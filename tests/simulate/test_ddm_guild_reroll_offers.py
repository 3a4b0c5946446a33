"""Profile ddm-guild.rerolls: a roll's result is offered to the powers that may have it rolled again, by the side it
went against — the target's side a hit ('Deny the Weak: Use when this creature is hit by an adjacent bloodied enemy:
Reroll that attack'; 'Use after an enemy makes an attack: Reroll that attack'), the roller's side a miss or a failed
save ('Use after this creature rolls an attack roll or saving throw: Re-roll ...'), the enemies a successful save
('Use when an enemy rolls a successful saving throw: Reroll that saving throw'). The new roll stands."""

from __future__ import annotations

from typing import Any

from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_triggers as TR
from simulate.games.ddm_guild_coverage import engine_unplayed
from simulate.games.ddm_guild_powers import parse_power
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

DENY = "Deny the Weak: Use when this creature is hit by an adjacent bloodied enemy: Reroll that attack."
ADAMANTINE = "Use after an enemy makes an attack: Reroll that attack."
MEMORY = ("Memory of a Thousand Lifetimes: Use after this creature rolls an attack roll or saving throw: Re-roll that "
          "attack roll or saving throw.")
SECOND = "Second Chance: Use after this creature makes an attack: Reroll that attack."
MASTER = ("Master of Time: Use when an enemy rolls a successful saving throw: Reroll that saving throw. RECHARGE "
          "when an ally rolls a successful saving throw.")
COUNTESS = "Use when a creature rolls a save: Reroll that save instead."
DAZE = "Daze: +10 vs. Will; 5 damage AND Dazed (save ends)."


def _champion(c: dict[str, Any], i: int) -> dict[str, Any]:
    c["powers"][i]["kind"] = "champion"
    return c


def _once(c: dict[str, Any], i: int) -> dict[str, Any]:
    c["powers"][i]["uses"] = 1  # one check box
    return c


def test_the_words() -> None:
    for text, trigger, what in ((DENY, "hit-by", "attack"), (ADAMANTINE, "enemy-declares", "attack"),
                                (MEMORY, "rolls-d20", "any"), (SECOND, "attack-made", "attack"),
                                (MASTER, "enemy-saves", "save"), (COUNTESS, "any-save", "save"),
                                ("Lucky: Use after this creature misses with an attack or fails a saving throw: "
                                 "Re-roll that attack roll or saving throw instead.", "rolls-d20", "any"),
                                ("Use after this creature makes a d20 roll. Reroll.", "rolls-d20", "any"),
                                ("Spell Penetration: Reroll this creature's attack roll.", "misses", "attack"),
                                ("Dark One's Own Luck: Use after this creature rolls an attack roll or saving "
                                 "throw: Re-roll that attack or saving throw and use the higher result.", "rolls-d20",
                                 "any")):
        p = parse_power(1, "special", text, 1)
        assert p.played and not engine_unplayed(p) and p.trigger == trigger, (text, p.unplayed, p.trigger)
        assert [(e.kind, e.what) for e in p.effects] == [("reroll", what)], text
    assert parse_power(1, "special", MASTER, 1).recharge == "on:ally-saves"
    # a natural 1 of any roll: the engine offers no saving throw to the natural-roll words, so it stays unplayed
    luck = parse_power(1, "special", "Luck: Immediate action, use when this creature rolls a natural 1: Reroll that "
                                     "roll.", 1)
    assert engine_unplayed(luck) == "a reroll the engine does not offer"


def test_a_hit_by_an_adjacent_bloodied_enemy_is_rolled_again_and_the_new_miss_stands() -> None:
    s = battle([_once(card("Shieldmaiden", SWORD, DENY, hp=60), 1)], [card("Orc", SWORD, hp=40)],
               PurposeDice(attack=[15, 15, 3, 15]))
    put(s, "a1", 0, 0)
    put(s, "b1", 1, 0)
    maiden, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    assert maiden.powers[1].played
    osword = orc.powers[0]
    assert osword.attack is not None
    AT.attack(s.b, orc, osword, osword.attack, [maiden])  # the orc is not bloodied: its 15 hits
    assert maiden.hp == 50 and not s.log.of_kind("power")
    orc.hp = 20
    AT.attack(s.b, orc, osword, osword.attack, [maiden])  # bloodied now: 15 hits, rolled again: 3 misses
    assert maiden.hp == 50
    assert [e.data["creature"] for e in s.log.of_kind("power")] == ["a1"]
    assert not maiden.uses_left(maiden.powers[1])  # one use: the next hit stands
    AT.attack(s.b, orc, osword, osword.attack, [maiden])
    assert maiden.hp == 40


def test_an_enemys_hit_is_rolled_again_by_a_champion_and_its_own_miss_is_not() -> None:
    s = battle([_champion(card("Adamantine Dragon", SWORD, ADAMANTINE, rating=2), 1), card("Squire", SWORD)],
               [card("Orc", SWORD, hp=40)], PurposeDice(attack=[15, 2, 2]))
    put(s, "a1", 0, 0)
    put(s, "a2", 4, 3)
    put(s, "b1", 5, 3)
    squire, orc = s.b.by_id["a2"], s.b.by_id["b1"]
    osword = orc.powers[0]
    assert osword.attack is not None
    AT.attack(s.b, orc, osword, osword.attack, [squire])  # 15 hits; the dragon has it rolled again: 2 misses
    assert squire.hp == 50 and [e.data["creature"] for e in s.log.of_kind("power")] == ["a1"]
    ssword = squire.powers[0]
    assert ssword.attack is not None
    AT.attack(s.b, squire, ssword, ssword.attack, [orc])  # its own side's miss (2): the words name an enemy's attack
    assert orc.hp == 40 and len(s.log.of_kind("power")) == 1


def test_its_own_miss_and_its_own_failed_save_are_rolled_again_and_a_hit_is_not() -> None:
    s = battle([_once(card("Deva", SWORD, MEMORY), 1)], [card("Mind Flayer", DAZE, hp=60, ac=20)],
               PurposeDice(attack=[18, 15, 2, 15], save=[4, 12]))
    put(s, "a1", 0, 0)
    put(s, "b1", 1, 0)
    deva, flayer = s.b.by_id["a1"], s.b.by_id["b1"]
    daze = flayer.powers[0]
    assert daze.attack is not None and deva.powers[1].played
    AT.attack(s.b, flayer, daze, daze.attack, [deva])  # 18 hits: Dazed (save ends)
    assert [e.what for e in deva.effects] == ["dazed"]
    sword = deva.powers[0]
    assert sword.attack is not None
    AT.attack(s.b, deva, sword, sword.attack, [flayer])  # 15 hits: nothing to roll again
    assert flayer.hp == 50 and not s.log.of_kind("power")
    AT.attack(s.b, deva, sword, sword.attack, [flayer])  # 2 misses; rolled again: 15 hits
    assert flayer.hp == 40 and len(s.log.of_kind("power")) == 1
    deva.uses[1] = 1  # a fresh check box
    assert TR.roll_save(s.b, deva, deva.effects[0])  # 4 fails; rolled again: 12 saves
    assert len(s.log.of_kind("power")) == 2


def test_an_enemys_successful_save_is_rolled_again_and_an_allys_recharges_it() -> None:
    s = battle([_once(card("Raistlin", DAZE, MASTER), 1), card("Apprentice", SWORD)], [card("Orc", SWORD)],
               PurposeDice(attack=[18, 18], save=[14, 6, 12]))
    put(s, "a1", 0, 0)
    put(s, "b1", 1, 0)
    put(s, "a2", 5, 5)
    raistlin, apprentice, orc = s.b.by_id["a1"], s.b.by_id["a2"], s.b.by_id["b1"]
    daze = raistlin.powers[0]
    master = raistlin.powers[1]
    assert daze.attack is not None and master.played and master.uses == 1
    AT.attack(s.b, raistlin, daze, daze.attack, [orc])
    assert not TR.roll_save(s.b, orc, orc.effects[0])  # 14 saves; Raistlin has it rolled again: 6 fails
    assert orc.effects and not raistlin.uses_left(master)
    odaze = parse_power(0, "attack", DAZE)
    assert odaze.attack is not None
    AT.attack(s.b, orc, odaze, odaze.attack, [apprentice])  # the apprentice is Dazed, then saves (12): recharged
    assert TR.roll_save(s.b, apprentice, apprentice.effects[0])
    assert raistlin.uses_left(master)


def test_any_creatures_save_goes_the_champions_way() -> None:
    s = battle([_champion(card("Countess", DAZE, COUNTESS, rating=2), 1)], [card("Orc", DAZE)],
               PurposeDice(attack=[18, 18], save=[14, 3, 5, 11]))
    put(s, "a1", 0, 0)
    put(s, "b1", 1, 0)
    countess, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    for who, whom in ((countess, orc), (orc, countess)):
        d = who.powers[0]
        assert d.attack is not None
        AT.attack(s.b, who, d, d.attack, [whom])
    assert not TR.roll_save(s.b, orc, orc.effects[0])  # the enemy's 14 saves: rolled again, 3 fails
    assert TR.roll_save(s.b, countess, countess.effects[0])  # its own 5 fails: rolled again, 11 saves
    assert [e.data["creature"] for e in s.log.of_kind("power")] == ["a1", "a1"]


AXE = "Axe: (reach 2) +16 vs. AC; 30 damage. On miss, reroll the attack, instead (once per turn)."
EDGE = ("Dimir Edge: (range 4) +13 vs. AC; 10 damage AND 10 ongoing poison damage (save ends). On miss, if target is "
        "adjacent, reroll the attack (maximum once per turn).")


def test_an_attacks_own_reroll_once_per_turn_and_only_when_its_target_is_adjacent() -> None:
    axe, edge = parse_power(0, "attack", AXE), parse_power(0, "attack", EDGE)
    assert axe.per == "" and axe.attack is not None and axe.attack.reroll_limit == "turn"  # the attack is not limited
    assert edge.per == "" and edge.attack is not None and edge.attack.reroll_if == "adjacent"
    dice = PurposeDice(attack=[2, 12, 2, 2, 2, 2, 2])
    s = battle([card("Orzhov Giant", AXE, hp=80), card("Human Rogue", EDGE)], [card("Orc", SWORD, hp=200, ac=25)],
               dice)
    put(s, "a1", 0, 0)
    put(s, "b1", 1, 0)
    put(s, "a2", 6, 6)
    giant, rogue, orc = s.b.by_id["a1"], s.b.by_id["a2"], s.b.by_id["b1"]
    gaxe = giant.powers[0]
    assert gaxe.attack is not None
    AT.attack(s.b, giant, gaxe, gaxe.attack, [orc])  # 2 misses; rolled again: 12 + 16 hits
    assert orc.hp == 170
    AT.attack(s.b, giant, gaxe, gaxe.attack, [orc])  # 2 misses; its reroll is spent this turn
    assert orc.hp == 170
    assert [p for p, _face in dice.rolled].count("attack") == 3
    redge = rogue.powers[0]
    assert redge.attack is not None
    AT.attack(s.b, rogue, redge, redge.attack, [orc])  # 2 misses, the orc is not adjacent: no reroll
    assert [p for p, _face in dice.rolled].count("attack") == 4
    put(s, "a2", 2, 1)
    AT.attack(s.b, rogue, redge, redge.attack, [orc])  # adjacent now (a ranged attack beside the orc draws its
    # opportunity attack: one roll); 2 misses, rolled again (2 misses)
    assert [e.data["attacker"] for e in s.log.of_kind("attack")][-2:] == ["b1", "a2"]
    assert [p for p, _face in dice.rolled].count("attack") == 7
