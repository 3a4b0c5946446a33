"""The 'when / while / if' vocabulary: one table of conditions on the power's own creature (ddm_guild_powers,
"conditions") read wherever a card names one — a modifier's 'while ...', a power's 'Use only if ...:', a RECHARGE
'at end of its turn if ...' — and one place the engine evaluates each (ddm_guild_play.holds), played in battles with
set positions and dice."""

from __future__ import annotations

from typing import Any

import pytest

from simulate.games import ddm_guild_play as P
from simulate.games.ddm_guild import GuildAttack, GuildGame, GuildPower, GuildState
from simulate.games.ddm_guild_powers import Filter, parse_power
from tests.simulate.test_ddm_guild_rules import OPEN, SWORD, PurposeDice, card, put

# a wall square at (4, 2), forest at (8, 4) and (9, 4), difficult terrain at (3, 5), a thin wall under (6, 6)
WALLED = {**OPEN, "slug": "test-walled", "name": "Walled ground",
          "rows": ["............", "............", "....#.......", "............", "........ff..", "...d........",
                   "............", "............"],
          "edge_walls": [[6, 6, 6, 7]]}


def battle_on(a: list[dict[str, Any]], b: list[dict[str, Any]], dice: PurposeDice | None = None) -> GuildState:
    state = GuildGame().new_initial_state(lists=[{"name": "A", "creatures": a}, {"name": "B", "creatures": b}],
                                          battle_map=WALLED, dice=dice or PurposeDice(),
                                          params={"format": "standard-200"})
    assert isinstance(state, GuildState)
    return state


@pytest.mark.parametrize(("text", "requirement", "self_state", "recharge"), [
    ("Zehir's Tongue: Use only if this creature is adjacent to a bloodied enemy: Make 1 attack against each adjacent "
     "enemy, +12 vs. AC; 20 damage.", "adjacent-enemy:bloodied", "", ""),
    ("Single Combatant: +4 AC and +4 DEF while only 1 enemy is adjacent to this creature.", "",
     "adjacent-enemies-only:1", ""),
    ("Swift Charge: Minor action. Use on this creature's turn if it has destroyed an enemy this turn; make a charge "
     "attack.", "destroyed-this-turn", "", ""),
    ("Ponderous Swing: (only if this creature does not move this turn) +12 vs. AC; 30 Damage AND push 2 squares",
     "not-moved", "", ""),
    ("Skirmish 5: Whenever this creature hits with a {m} attack, if it is 2 or more squares from its starting "
     "position this turn: +5 Damage on that attack.", "moved-from-start:2", "", ""),
    ("Champion Bolstered: + 2 Attack while an allied champion is within 5 squares.", "", "near-ally:5:champion", ""),
    ("Young Blood: At end of this creature's turn, if it did not charge this turn, it takes 5 psychic Damage.",
     "not-charged", "", ""),
    ("Skewering Tines: Use when this creature hits with a {b} attack: Target is also Immobilized (save ends). "
     "RECHARGE at end of this creature's turn if no Immobilized enemy is adjacent to it.", "", "", "end-of-turn"),
    ("Individualist: +5 Attack while no allies are within 4 squares of this creature.", "", "no-ally-within:4", ""),
    ("Opening Move: Use at start of this creature's turn, if it is the first round of the battle: This creature has "
     "+4 Speed until end of turn.", "first-round", "", ""),
    ("Thresh: Use only while not adjacent to any enemies: Make 2 {b} attacks.", "no-adjacent-enemy", "", ""),
    ("Amass the Hoard: Use at end of round, only while occupying one of your victory areas; you score +10 VP.",
     "in-victory-area:own", "", ""),
    ("Crazed Lashing: +4 Attack and +10 Damage with {m} attacks while flanked.", "", "flanked", ""),
    ("Slickest Maneuver: Move action, when adjacent to an enemy: Shifts up to its speed.", "adjacent-enemy", "", ""),
    ("Wingsuit: Minor action: use when this creature is adjacent to a wall: This creature gains Flight until end of "
     "round.", "adjacent-wall", "", ""),
    ("Underwater Attack: Use only while occupying river terrain: +11 vs. AC; 15 damage.", "in-terrain:river", "", ""),
    ("Thundering Might: +10 thunder Damage while adjacent to 2 or more enemies.", "", "adjacent-enemies-min:2", ""),
    ("Hurled Stone: (range 10) +19 vs. AC; 25 damage AND Dazed. RECHARGE at start of this creature's turn if it is "
     "adjacent to statue terrain.", "", "", "start-of-turn"),
    ("Infiltrate: Minor action, when no enemy can see this creature: It is Invisible until it resolves an attack.",
     "unseen", "", ""),
])
def test_the_words_read_as_one_vocabulary(text: str, requirement: str, self_state: str, recharge: str) -> None:
    p = parse_power(0, "attack" if "vs." in text else "special", text)
    assert p.played, p.unplayed
    assert not P.engine_unplayed(p), P.engine_unplayed(p)
    assert p.requirement == requirement
    assert {s.filter.self_state for s in p.statics} == ({self_state} if self_state else set())
    assert p.recharge == recharge
    if recharge:
        assert p.recharge_filter.self_state


def test_a_kind_no_card_has_or_two_states_stay_unread() -> None:
    assert not parse_power(0, "special", "Frob Bolstered: +2 attack while adjacent to a Frobnitz ally.").played
    assert not parse_power(0, "special", "Wall Guard: While adjacent to a wall: +2 AC while bloodied.").played
    hook = parse_power(0, "special", "Tidal Turn: Use only while not adjacent to a wall and bloodied: Make 2 {b} "
                                     "attacks.")
    assert not hook.played


def test_where_it_stands_walls_terrain_and_victory_areas() -> None:
    s = battle_on([card("Drow", SWORD)], [card("Orc", SWORD)])
    drow = s.b.by_id["a1"]
    put(s, "b1", 11, 0)
    for (x, y), wall, forest, difficult_near in (
            ((5, 2), True, False, False),  # beside the wall square
            ((5, 3), True, False, False),  # diagonal to it
            ((6, 3), False, False, False),
            ((0, 3), True, False, False),  # the map's edge
            ((6, 6), True, False, False),  # the thin wall on its lower edge
            ((8, 4), False, True, True),  # in the forest (beside the other forest square: difficult)
            ((4, 5), False, False, True),  # beside the difficult square
            ((8, 3), False, False, True)):  # beside the forest
        put(s, "a1", x, y)
        assert P.holds(s.b, "adjacent-wall", drow) is wall, (x, y)
        assert P.holds(s.b, "in-terrain:forest", drow) is forest, (x, y)
        assert P.holds(s.b, "adjacent-terrain:difficult", drow) is difficult_near, (x, y)
        assert not P.holds(s.b, "in-terrain:river", drow)  # no river on this map
    own, theirs = ((8, 3), (3, 3)) if s.b.letters[0] == "A" else ((3, 3), (8, 3))  # victory areas A and B
    for sq, mine in ((own, True), (theirs, False), ((6, 3), None)):
        put(s, "a1", *sq)
        assert P.holds(s.b, "in-victory-area", drow) is (mine is not None)
        assert P.holds(s.b, "in-victory-area:own", drow) is (mine is True)
        assert P.holds(s.b, "in-victory-area:enemy", drow) is (mine is False)


def test_who_is_around_it() -> None:
    s = battle_on([card("Knight", SWORD), card("Captain", SWORD, rating=2, keywords=("Undead",))],
                  [card("Orc", SWORD, hp=40), card("Goblin", SWORD, hp=40)])
    knight, captain, orc = (s.b.by_id[i] for i in ("a1", "a2", "b1"))
    put(s, "a1", 5, 5)
    put(s, "a2", 1, 1)
    put(s, "b1", 6, 5)
    put(s, "b2", 11, 7)
    assert P.holds(s.b, "adjacent-enemy", knight) and not P.holds(s.b, "no-adjacent-enemy", knight)
    assert not P.holds(s.b, "adjacent-enemy:bloodied", knight)
    orc.hp = 20
    assert P.holds(s.b, "adjacent-enemy:bloodied", knight)
    assert P.holds(s.b, "no-adjacent-enemy:cond:immobilized", knight)
    P.add_active(s.b, orc, "condition", "immobilized", 0, "save", knight, Filter())
    assert not P.holds(s.b, "no-adjacent-enemy:cond:immobilized", knight)
    assert P.holds(s.b, "adjacent-enemies-only:1", knight) and not P.holds(s.b, "adjacent-enemies-min:2", knight)
    assert not P.holds(s.b, "flanked", knight)
    put(s, "b2", 4, 5)  # the goblin on the other side: flanked, two adjacent
    assert P.holds(s.b, "flanked", knight) and P.holds(s.b, "adjacent-enemies-min:2", knight)
    assert not P.holds(s.b, "adjacent-enemies-only:1", knight)
    put(s, "b2", 5, 4)  # beside it, not opposite the orc
    assert not P.holds(s.b, "flanked", knight) and P.holds(s.b, "adjacent-enemies-min:2", knight)
    assert not P.holds(s.b, "no-adjacent-creature", knight) and P.holds(s.b, "no-adjacent-creature", captain)
    assert P.holds(s.b, "no-enemy-within:3", captain) and not P.holds(s.b, "no-enemy-within:3", knight)
    assert not P.holds(s.b, "no-ally-within:4", knight) and P.holds(s.b, "no-ally-within:3", knight)
    assert P.holds(s.b, "ally-in-play:champion", knight) and not P.holds(s.b, "ally-in-play:champion", captain)
    assert P.holds(s.b, "ally-in-play:undead", knight) and not P.holds(s.b, "near-ally:3:undead", knight)
    assert P.holds(s.b, "near-ally:5:undead", knight)


def test_its_turn_so_far() -> None:
    s = battle_on([card("Knight", SWORD)], [card("Orc", SWORD, hp=10)], PurposeDice(attack=[15]))
    knight, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    put(s, "a1", 5, 5)
    put(s, "b1", 6, 5)
    s.b.round = 1
    s.b.active = knight
    s._start_turn(knight)
    assert P.holds(s.b, "first-round", knight) and P.holds(s.b, "not-moved", knight)
    assert P.holds(s.b, "not-charged", knight) and not P.holds(s.b, "destroyed-this-turn", knight)
    sword = knight.powers[0]
    assert sword.attack is not None
    P.attack(s.b, knight, sword, sword.attack, [orc])
    assert not orc.alive and P.holds(s.b, "destroyed-this-turn", knight)
    s.b.round = 2
    s._start_turn(knight)
    assert not P.holds(s.b, "destroyed-this-turn", knight) and not P.holds(s.b, "first-round", knight)


ZEHIR = ("Zehir's Tongue: Use only if this creature is adjacent to a bloodied enemy: Make 1 attack against each "
         "adjacent enemy, +12 vs. AC; 20 damage.")


def test_a_requirement_offers_the_power_only_while_it_holds() -> None:
    s = battle_on([card("Swiftscale", SWORD, ZEHIR)], [card("Orc", SWORD, hp=40), card("Goblin", SWORD, hp=40)])
    yuan, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    put(s, "a1", 5, 5)
    put(s, "b1", 6, 5)
    put(s, "b2", 4, 5)
    s.b.active = yuan
    s._start_turn(yuan)

    def offered() -> set[int]:
        return {a.power for a in s._attack_actions(yuan) if isinstance(a, GuildAttack)}

    assert offered() == {0}
    orc.hp = 20
    assert offered() == {0, 1}


def test_a_modifier_while_only_one_enemy_is_adjacent_and_while_flanked() -> None:
    s = battle_on([card("Hyena", SWORD, "Hunter 5: +5 Damage while only 1 enemy is adjacent to this creature.",
                        "Crazed Lashing: +4 Attack and +10 Damage with {m} attacks while flanked.")],
                  [card("Orc", SWORD, hp=100), card("Goblin", SWORD, hp=100)], PurposeDice(attack=[10, 10, 3]))
    hyena, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    sword = hyena.powers[0]
    assert sword.attack is not None
    put(s, "a1", 5, 5)
    put(s, "b1", 6, 5)
    put(s, "b2", 11, 7)
    P.attack(s.b, hyena, sword, sword.attack, [orc])
    assert orc.hp == 85  # 10 + 5: one enemy beside it
    put(s, "b2", 4, 5)  # flanked by the goblin: +10 damage, and no longer one enemy
    P.attack(s.b, hyena, sword, sword.attack, [orc])
    assert orc.hp == 65
    bonus, _mods = P.attack_bonus(s.b, hyena, orc, sword, sword.attack, False, False)
    put(s, "b2", 5, 4)  # beside it, not flanking
    plain, _mods = P.attack_bonus(s.b, hyena, orc, sword, sword.attack, False, False)
    assert bonus - plain == 4
    P.attack(s.b, hyena, sword, sword.attack, [orc])  # a 3 + 10 misses AC 15 unflanked
    assert orc.hp == 65


def test_a_recharge_while_it_stands_in_its_victory_area() -> None:
    arrow = ("Footpad's Attack: (range 10) +8 vs. AC; 15 damage. RECHARGE at end of this creature's turn if it "
             "occupies a victory area.")
    s = battle_on([card("Bandit", SWORD, arrow)], [card("Orc", SWORD, hp=100)])
    bandit = s.b.by_id["a1"]
    footpad = bandit.powers[1]
    assert footpad.played and footpad.uses == 0
    footpad = parse_power(1, "attack", arrow, uses=1)
    bandit.powers[1] = footpad
    bandit.uses[footpad.index] = 1
    put(s, "a1", 5, 5)
    put(s, "b1", 11, 0)
    bandit.spend(footpad)
    assert not bandit.uses_left(footpad)
    P.recharge_turn_end(s.b, bandit)
    assert not bandit.uses_left(footpad)
    put(s, "a1", 8, 3)  # victory area A
    P.recharge_turn_end(s.b, bandit)
    assert bandit.uses_left(footpad)


def test_a_trigger_with_a_requirement_answers_only_while_it_holds() -> None:
    blood = "Young Blood: At end of this creature's turn, if it did not charge this turn, it takes 5 psychic Damage."
    s = battle_on([card("Minotaur", SWORD, blood)], [card("Orc", SWORD)])
    mino = s.b.by_id["a1"]
    put(s, "a1", 5, 5)
    put(s, "b1", 11, 0)
    s.b.active = mino
    s._start_turn(mino)
    P.fire(s.b, "end-of-turn", [mino])
    assert mino.hp == 45
    mino.charged = True
    P.fire(s.b, "end-of-turn", [mino])
    assert mino.hp == 45
    wing = ("Wingsuit: Minor action: use when this creature is adjacent to a wall: This creature gains Flight until "
            "end of round.")
    s = battle_on([card("Cultist", SWORD, wing)], [card("Orc", SWORD)])
    cultist = s.b.by_id["a1"]
    put(s, "a1", 6, 3)
    put(s, "b1", 11, 0)
    s.b.active = cultist
    s._start_turn(cultist)
    assert not [a for a in s._power_actions(cultist) if isinstance(a, GuildPower)]
    put(s, "a1", 5, 3)
    assert [a.power for a in s._power_actions(cultist) if isinstance(a, GuildPower)] == [1]
