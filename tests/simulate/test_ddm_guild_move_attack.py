"""Powers that move (or shift) their creature, then attack, in one attack action (reading
ddm-guild.move-then-attack): 'This creature moves up to its speed, then attacks a non-flying enemy: +11 vs. AC',
'moves up to twice its Speed (minimum 6 squares), then attacks', 'Shift 1 square, then make 2 {b} attacks', 'Move
exactly 4 squares with Burrow, then make a {b} attack against each adjacent enemy'. The player names the square and
the aim (GuildMoveAttack); the move provokes as any move, a shift does not; the heuristic player uses them."""

from __future__ import annotations

import pytest

from simulate.engine.game import IllegalAction
from simulate.games import ddm_guild_judge as J
from simulate.games.ddm_guild import GuildAttack, GuildCharge, GuildMoveAttack, GuildState
from simulate.games.ddm_guild_ai import GuildHeuristicPolicy
from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from simulate.games.ddm_guild_vocab import Power
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put, turn_of

DARTS = ("Flurry of Darts: This creature moves up to its speed, then attacks a non-flying enemy: +11 vs. AC; 10 damage "
         "and Slowed (save ends).")
AMBUSH = ("Ambush Strike: This creature moves up to twice its Speed (minimum 6 squares), then attacks an adjacent "
          "target; +20 vs. AC; 40 Damage.")
SIDESTEP = "Sidestep: Shift 1 square, then make 2 {b} attacks."
GROUND = "Ground Burst: Move exactly 4 squares with Burrow, then make a {b} attack against each adjacent enemy."
BLAST = "Raider's Blast: This creature moves up to its speed, then attacks: (blast 4) +16 vs. AC; 20 poison damage."


def _power(raw: dict[str, object], name: str) -> Power:
    c = card_from_json(raw)
    p = next(q for q in c.powers if q.name == name)  # the power is on the card, and played
    assert p.name not in [q.name for q in unplayed_powers(c)]
    return p


def _state(*powers: str, speed: int = 6, enemies: int = 1) -> GuildState:
    return battle([card("Skirmisher", *powers, speed=speed)],
                  [card(f"Guard {i}", SWORD, hp=50) for i in range(enemies)], PurposeDice(attack=[15] * 8))


def test_the_move_and_the_attack_are_read() -> None:
    darts = _power(card("Aarakocra", SWORD, DARTS), "Flurry of Darts")
    assert [(e.kind, e.amount, e.extra) for e in darts.approach] == [("move", -1, ())]
    assert darts.attack is not None and darts.attack.target_filter.keyword == "!flying"
    ambush = _power(card("Drake", SWORD, AMBUSH), "Ambush Strike")
    assert [(e.kind, e.amount, e.extra) for e in ambush.approach] == [("move", -2, ("min:6",))]
    side = _power(card("Rogue", SWORD, SIDESTEP), "Sidestep")
    assert [(e.kind, e.amount) for e in side.approach] == [("shift", 1)] and side.attacks_made == 2
    ground = _power(card("Bravado", SWORD, GROUND), "Ground Burst")
    assert [(e.kind, e.amount, e.extra) for e in ground.approach] == [("move", 4, ("mode:burrow", "min:4"))]
    blast = _power(card("Raider", SWORD, BLAST), "Raider's Blast")
    assert blast.attack is not None and blast.attack.form == "close-blast" and blast.approach[0].amount == -1


def test_it_moves_to_the_named_square_then_attacks_from_there() -> None:
    s = _state(SWORD, DARTS)
    put(s, "a1", 1, 3)
    put(s, "b1", 7, 3)
    turn_of(s, "a1")
    p = next(q for q in s.b.by_id["a1"].powers if q.name == "Flurry of Darts")
    with pytest.raises(IllegalAction):  # not from where it stands: the target is 6 squares away
        s.apply(GuildMoveAttack(p.index, (1, 3), ("b1",)))
    with pytest.raises(IllegalAction):  # the power moves first
        s.apply(GuildAttack(p.index, ("b1",)))
    with pytest.raises(IllegalAction):  # beyond its speed
        s.apply(GuildMoveAttack(p.index, (8, 3), ("b1",)))
    assert GuildMoveAttack(p.index, (6, 3), ("b1",)) in s.legal_actions()
    s.apply(GuildMoveAttack(p.index, (6, 3), ("b1",)))
    a1, b1 = s.b.by_id["a1"], s.b.by_id["b1"]
    assert a1.pos == (6, 3) and b1.hp == 40 and b1.has("slowed")
    assert not a1.attack_action and a1.move_action  # one attack action; the move action is kept


def test_the_minimum_counts_along_the_path() -> None:
    s = _state(SWORD, AMBUSH, speed=4)
    put(s, "a1", 1, 3)
    put(s, "b1", 9, 3)
    turn_of(s, "a1")
    f = s.b.by_id["a1"]
    p = next(q for q in f.powers if q.name == "Ambush Strike")
    stops = s.approach_stops(f, p)
    assert (8, 3) in stops and (3, 3) not in stops and (1, 3) not in stops  # 6 to 8 squares away only
    with pytest.raises(IllegalAction):
        s.apply(GuildMoveAttack(p.index, (3, 3), ("b1",)))
    s.apply(GuildMoveAttack(p.index, (8, 3), ("b1",)))
    assert s.b.by_id["b1"].hp == 10


def test_the_move_provokes_and_the_shift_does_not() -> None:
    s = _state(SWORD, DARTS, enemies=2)
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)  # adjacent: leaving it provokes
    put(s, "b2", 4, 7)
    turn_of(s, "a1")
    p = next(q for q in s.b.by_id["a1"].powers if q.name == "Flurry of Darts")
    s.apply(GuildMoveAttack(p.index, (4, 6), ("b2",)))
    assert [e.data["attacker"] for e in s.log.of_kind("opportunity-attack")] == ["b1"]
    assert s.b.by_id["b2"].hp == 40
    s2 = _state(SWORD, SIDESTEP, enemies=2)
    put(s2, "a1", 4, 3)
    put(s2, "b1", 5, 3)
    put(s2, "b2", 3, 5)
    turn_of(s2, "a1")
    q = next(x for x in s2.b.by_id["a1"].powers if x.name == "Sidestep")
    assert (4, 5) not in s2.approach_stops(s2.b.by_id["a1"], q)  # 1 square only
    s2.apply(GuildMoveAttack(q.index, (4, 4), ("b2", "b2")))  # beside both; two basic attacks on one of them
    assert not s2.log.of_kind("opportunity-attack")
    assert s2.b.by_id["b2"].hp == 30 and s2.b.by_id["b1"].hp == 50


def test_each_adjacent_enemy_after_a_burrowing_move_of_exactly_4() -> None:
    s = _state(SWORD, GROUND, enemies=2)
    put(s, "a1", 1, 3)
    put(s, "b1", 6, 2)
    put(s, "b2", 6, 4)
    turn_of(s, "a1")
    f = s.b.by_id["a1"]
    p = next(q for q in f.powers if q.name == "Ground Burst")
    assert (5, 3) in s.approach_stops(f, p) and (4, 3) not in s.approach_stops(f, p)
    s.apply(GuildMoveAttack(p.index, (5, 3), ("b1", "b2")))
    assert s.b.by_id["b1"].hp == 40 and s.b.by_id["b2"].hp == 40


def test_the_heuristic_moves_and_attacks_with_it() -> None:
    s = _state("Claw: +2 vs. AC; 5 damage.", DARTS)
    put(s, "a1", 1, 3)
    put(s, "b1", 7, 3)
    turn_of(s, "a1")
    choice = GuildHeuristicPolicy(1, 0).choose(s, s.legal_actions())
    p = next(q for q in s.b.by_id["a1"].powers if q.name == "Flurry of Darts")
    assert isinstance(choice, GuildMoveAttack) and choice.power == p.index and choice.targets == ("b1",)
    s.apply(choice)
    assert s.b.by_id["b1"].hp == 40


# --- several basic attacks as a charge's attack (profile ddm-guild.charge) ------------------------------------------

POUNCE = "Pounce: Use only while charging: Make 2 {b} attacks against target of charge."
RAKING = "Raking Claws: (Usable on charge) Make 2 {b} attacks"


def test_several_basic_attacks_on_a_charge_are_read() -> None:
    for text, name in ((POUNCE, "Pounce"), (RAKING, "Raking Claws")):
        p = _power(card("Cat", SWORD, text), name)
        assert p.requirement == "charge" and p.attacks_made == 2


def test_a_charge_makes_both_basic_attacks_against_its_target() -> None:
    s = battle([card("Cougar", SWORD, POUNCE)], [card("Deer", SWORD, hp=50)], PurposeDice(attack=[15] * 4))
    put(s, "a1", 1, 3)
    put(s, "b1", 6, 3)
    turn_of(s, "a1")
    f = s.b.by_id["a1"]
    p = next(q for q in f.powers if q.name == "Pounce")
    assert p not in s.attack_powers(f)  # only on a charge
    assert GuildCharge("b1", (5, 3), p.index) in s._charge_actions(f)
    s.apply(GuildCharge("b1", (5, 3), p.index))
    assert [e.data["attacker"] for e in s.log.of_kind("attack")] == ["a1", "a1"]
    assert s.b.by_id["b1"].hp == 30 and f.pos == (5, 3)


def test_the_heuristic_charges_with_it() -> None:
    s = battle([card("Cougar", SWORD, POUNCE)], [card("Deer", SWORD, hp=50)], PurposeDice(attack=[15] * 4))
    put(s, "a1", 1, 3)
    put(s, "b1", 6, 3)
    turn_of(s, "a1")
    choice = GuildHeuristicPolicy(1, 0).choose(s, s.legal_actions())
    pounce = next(q for q in s.b.by_id["a1"].powers if q.name == "Pounce")
    assert isinstance(choice, GuildCharge) and choice.power == pounce.index


# --- an attack that repeats, or makes another, up to a limit a turn or a round ----------------------------------------

NUNCHAKU = "Nunchaku: +9 vs. AC; 5 Damage AND make this attack again (maximum 2 per turn)"
CLAWS = "Claws: +9 vs. AC; 10 damage AND make a Melee Basic attack (maximum once per turn)."
DANCE = ("Weapon Dance: (reach 2) +18 vs. AC; 10 damage AND this creature shifts up to 1 square AND make 1 Weapon "
         "Dance attack (maximum 3 per turn).")
BLOODRAGE = "Bloodrage: +10 vs. AC, 15 damage AND repeat this attack against a different target (once per turn)."


def _attack_with(text: str, name: str, enemies: int = 1, hits: int = 12) -> GuildState:
    s = battle([card("Monk", SWORD, text)], [card(f"Dummy {i}", SWORD, hp=200) for i in range(enemies)],
               PurposeDice(attack=[15] * hits))
    put(s, "a1", 4, 3)
    for i in range(enemies):
        put(s, f"b{i + 1}", 5, 3 + i)
    turn_of(s, "a1")
    p = _power(card("Monk", SWORD, text), name)
    s.apply(GuildAttack(p.index, ("b1",)))
    return s


def test_this_attack_again_counts_the_first_attack() -> None:
    s = _attack_with(NUNCHAKU, "Nunchaku")
    assert [e.data["target"] for e in s.log.of_kind("attack")] == ["b1", "b1"]  # 2 a turn, every one a hit
    assert s.b.by_id["b1"].hp == 190
    dance = _attack_with(DANCE, "Weapon Dance")
    assert len(dance.log.of_kind("attack")) == 3 and dance.b.by_id["b1"].hp == 170


def test_a_basic_attack_once_per_turn_after_a_hit() -> None:
    s = _attack_with(CLAWS, "Claws")
    assert len(s.log.of_kind("attack")) == 2 and s.b.by_id["b1"].hp == 180  # Claws, then the Sword once
    f = s.b.by_id["a1"]
    f.attack_action = True
    s.b.active = f
    claws = next(q for q in f.powers if q.name == "Claws")
    s.apply(GuildAttack(claws.index, ("b1",)))  # the same turn: no second extra attack
    assert len(s.log.of_kind("attack")) == 3 and s.b.by_id["b1"].hp == 170


def test_repeat_against_a_different_target_once() -> None:
    s = _attack_with(BLOODRAGE, "Bloodrage", enemies=2)
    assert [e.data["target"] for e in s.log.of_kind("attack")] == ["b1", "b2"]


# --- what the creature does once all its attacks are resolved ----------------------------------------------------

STRIDE = ("Otherwind Stride: (burst 1) +13 vs. Reflex; 15 damage. After resolving all attacks, this creature teleports "
          "up to 5 squares.")
WHIRL = ("Whirl: Make 2 {b} attacks. Hit or miss, this creature has +4 AC until start of its next turn after resolving "
         "all attacks.")


def test_a_teleport_after_all_attacks_of_a_burst_comes_once() -> None:
    sling = "Sling: (range 8) +8 vs. AC; 10 damage."  # its best attack ranged: it goes away from its enemies
    s = battle([card("Halfling", sling, STRIDE)], [card("Orc", SWORD), card("Goblin", SWORD)],
               PurposeDice(attack=[15] * 4))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 3, 3)
    turn_of(s, "a1")
    p = _power(card("Halfling", sling, STRIDE), "Otherwind Stride")
    assert [(e.kind, e.amount) for e in p.effects] == [("teleport", 5)]
    s.apply(GuildAttack(p.index, (), (4, 3)))
    assert s.b.by_id["b1"].hp == 35 and s.b.by_id["b2"].hp == 35
    assert len(s.log.of_kind("teleport")) == 1 and s.b.by_id["a1"].pos != (4, 3)


def test_a_defence_after_two_basic_attacks() -> None:
    s = battle([card("Fighter", SWORD, WHIRL)], [card("Orc", SWORD)], PurposeDice(attack=[15] * 4))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    turn_of(s, "a1")
    f = s.b.by_id["a1"]
    p = next(q for q in f.powers if q.name == "Whirl")
    ac = J.stat_mods(s.b, f, "ac")
    s.apply(GuildAttack(p.index, ("b1", "b1")))
    assert s.b.by_id["b1"].hp == 30 and J.stat_mods(s.b, f, "ac") == ac + 4


def test_a_requirement_is_judged_before_the_move() -> None:
    drop = ("Drop Attack: Only while adjacent to a wall. Move up to 4 squares with flight, then attack: +11 vs. AC; "
            "20 damage.")
    s = battle([card("Piercer", SWORD, drop)], [card("Orc", SWORD)], PurposeDice(attack=[15] * 2))
    put(s, "a1", 0, 3)  # the map's edge counts as a wall (ddm-guild.stand-in-terrain)
    put(s, "b1", 4, 3)
    turn_of(s, "a1")
    p = _power(card("Piercer", SWORD, drop), "Drop Attack")
    assert p.requirement == "adjacent-wall"
    s.apply(GuildMoveAttack(p.index, (3, 3), ("b1",)))  # no longer beside the wall when it attacks
    assert s.b.by_id["b1"].hp == 30
