"""Its own event in more of the cards' words: 'when this creature misses with an attack on its turn' (only on its own
turn), 'This creature can shift 2 squares after it makes a {m} attack' (the event after the effect), 'whenever its {b}
attack destroys an enemy or causes it to become Bloodied' (either), 'Once per turn when this creture's {m} attack
destroys an enemy; make an immediate {b} attack' (the misprint; its immediate action)."""

from __future__ import annotations

from simulate.games import ddm_guild_attacks as AT
from simulate.games.ddm_guild_powers import parse_power
from tests.simulate.test_ddm_guild_granted_bonus import swing
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put, turn_of

AXE = "Double-Bladed Axe: Immediate, when this creature misses with an attack on its turn; reroll that attack."
DANCER = "Blade Dancer: This creature can shift 2 squares after it makes a {m} attack."
WRAITH = "This creature heals 10 HP whenever its {b} attack destroys an enemy or causes it to become Bloodied."
CLEAVE = "Cleave: Once per turn when this creture's {m} attack destroys an enemy; make an immediate {b} attack."


def test_the_words_read() -> None:
    axe = parse_power(0, "special", AXE)
    assert axe.played and (axe.trigger, axe.requirement) == ("misses", "own-turn")
    dancer = parse_power(0, "special", DANCER)
    assert dancer.played and dancer.trigger == "attack-made" and dancer.trigger_filter.attack_form == "melee"
    assert [(e.kind, e.amount) for e in dancer.effects] == [("shift", 2)]
    assert parse_power(0, "special", WRAITH).trigger == "bloodies-or-destroys"
    cleave = parse_power(0, "special", CLEAVE)
    assert cleave.played and (cleave.action, cleave.trigger, cleave.per) == ("immediate", "destroys", "turn")
    assert cleave.trigger_filter.attack_form == "melee"


def test_a_miss_is_rolled_again_on_its_own_turn_only() -> None:
    s = battle([card("Berserker", SWORD, AXE)], [card("Orc", SWORD, hp=200)], PurposeDice(attack=[1, 1, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    orc, f = s.b.by_id["b1"], s.b.by_id["a1"]
    turn_of(s, "b1")
    swing(s, f, orc)  # the orc's turn: the 1 stands
    assert orc.hp == 200
    turn_of(s, "a1")
    f.immediate_used = False
    swing(s, f, orc)  # its own: the 1 is rolled again (15, a hit)
    assert orc.hp == 190


def test_it_shifts_after_its_melee_attack() -> None:
    s = battle([card("Crusader", SWORD, DANCER, hp=60)], [card("Orc", SWORD, hp=200)], PurposeDice(attack=[1]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    f = s.b.by_id["a1"]
    f.powers = (parse_power(0, "attack", "Bow: (range 10) +10 vs. AC; 10 damage."), *f.powers[1:])
    f.powers = (*f.powers, parse_power(2, "attack", SWORD))
    turn_of(s, "a1")
    melee = f.powers[2]
    assert melee.attack is not None
    AT.attack(s.b, f, melee, melee.attack, [s.b.by_id["b1"]])
    assert [e.data["how"] for e in s.log.of_kind("reposition")] == ["shift"]


def test_it_heals_when_its_basic_attack_bloodies_an_enemy() -> None:
    s = battle([card("Wraith", SWORD, WRAITH, hp=60)], [card("Orc", SWORD, hp=20)], PurposeDice(attack=[15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    f = s.b.by_id["a1"]
    f.hp = 30
    swing(s, f, s.b.by_id["b1"])
    assert s.b.by_id["b1"].bloodied and f.hp == 40
