"""An attack a power grants with a bonus of its own: 'makes a {b} attack with +2 Attack against that enemy as a free
action', 'Make a {b} attack with +10 damage vs. that enemy' (the bonus counts on that attack only), and 'moves up to
its Speed and makes a {b} attack against the attacker' (the move ends beside that creature)."""

from __future__ import annotations

from simulate.games import ddm_guild_attacks as AT
from simulate.games.ddm_guild import GuildState
from simulate.games.ddm_guild_powers import parse_power
from simulate.games.ddm_guild_state import Fighter
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

COUNTER = "Counterattack: Use after an enemy hits this creature with a {m} attack: This creature makes a {b} attack " \
          "with +2 Attack against that enemy as a free action."
RAGE = "Battlerage: Immediate action, use when bloodied by an adjacent enemy's attack: Make a {b} attack with +10 " \
       "damage vs. that enemy."
LOYAL = "Loyal Protector: Immediate, when an ally within 5 squares becomes Bloodied but is not destroyed by a {m} " \
        "attack; this creature moves up to its Speed and makes a {b} attack against the attacker with +10 Damage on " \
        "that attack."


def swing(s: GuildState, attacker: Fighter, target: Fighter) -> None:
    power = attacker.powers[0]
    assert power.attack is not None
    AT.attack(s.b, attacker, power, power.attack, [target])


def test_the_bonus_is_read_before_or_after_the_target() -> None:
    counter = parse_power(0, "special", COUNTER)
    assert counter.played and [(e.kind, e.amount, e.extra) for e in counter.effects] == [("attack", 2, ("that",))]
    rage = parse_power(0, "special", RAGE)
    assert rage.played and [(e.kind, e.amount, e.extra) for e in rage.effects] == [("attack", 0,
                                                                                    ("that", "damage:10"))]
    loyal = parse_power(0, "special", LOYAL)
    assert loyal.played and [(e.kind, e.what) for e in loyal.effects] == [("move", "end:target"), ("attack", "basic")]


def test_the_granted_attack_has_its_attack_bonus() -> None:
    s = battle([card("Ranger", SWORD, COUNTER)], [card("Orc", SWORD, hp=80)], PurposeDice(attack=[15, 5]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    orc = s.b.by_id["b1"]
    swing(s, orc, s.b.by_id["a1"])
    answers = [e.data for e in s.log.of_kind("attack") if e.data["attacker"] == "a1"]
    assert len(answers) == 1 and answers[0]["total"] == 5 + 10 + 2


def test_the_granted_attack_has_its_damage_bonus() -> None:
    s = battle([card("Grimlock", SWORD, RAGE, hp=40)], [card("Orc", SWORD, hp=80)], PurposeDice(attack=[15, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    orc = s.b.by_id["b1"]
    orc.powers = (parse_power(0, "attack", "Axe: +10 vs. AC; 20 damage."), *orc.powers[1:])
    swing(s, orc, s.b.by_id["a1"])
    assert s.b.by_id["a1"].hp == 20
    assert orc.hp == 80 - 20


def test_the_move_ends_beside_the_attacker() -> None:
    drake = card("Felldrake", SWORD, LOYAL, hp=60, speed=8)
    s = battle([drake, card("Ally", SWORD, hp=40)], [card("Orc", SWORD, hp=80), card("Goblin", SWORD, hp=80)],
               PurposeDice(attack=[15, 15]))
    put(s, "a1", 1, 1)
    put(s, "a2", 5, 5)
    put(s, "b1", 6, 5)
    put(s, "b2", 2, 3)  # nearer the drake than the attacker is
    orc = s.b.by_id["b1"]
    orc.powers = (parse_power(0, "attack", "Axe: +10 vs. AC; 20 damage."), *orc.powers[1:])
    swing(s, orc, s.b.by_id["a2"])
    f = s.b.by_id["a1"]
    assert s.b.adjacent(f, orc)
    assert orc.hp == 80 - 20 and s.b.by_id["b2"].hp == 80
