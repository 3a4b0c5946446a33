"""Subjects read as parts: 'each adjacent ally and each adjacent enemy' (every creature beside it, of both sides),
'each Raider in your warband' (its own side, itself included if it is one) and '1 Raider in your warband' (one of
them: the engine names the one nearest an enemy), with 'you may move ... up to its speed'."""

from __future__ import annotations

from simulate.games import ddm_guild_play as P
from simulate.games.ddm_guild_powers import parse_power
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

FLASH = "Death Flash: Use when this creature is destroyed: Each adjacent ally and each adjacent enemy is Dazed."
HEAL = "Use when this creature is bloodied: Each Raider in your warband heals 10 HP."
RECON = "Raider Recon: Use at start of round: You may move 1 Raider in your warband up to its speed."


def test_the_words() -> None:
    for text, kind, who, within, keyword in ((FLASH, "condition", "all", -1, ""),
                                             (HEAL, "heal", "friends", 0, "raider"),
                                             (RECON, "move", "chosen-friend", 0, "raider")):
        p = parse_power(0, "special", text)
        assert p.played and not P.engine_unplayed(p), (text, p.unplayed, P.engine_unplayed(p))
        (e,) = p.effects
        assert (e.kind, e.who, e.filter.within, e.filter.keyword) == (kind, who, within, keyword), text
    burst = parse_power(0, "special", "Vesuvian Burst: immediate action, whenever destroyed: Each enemy and ally "
                                      "within 2 squares of it takes 5 fire damage.")
    assert burst.played and [(e.who, e.filter.within) for e in burst.effects] == [("all", 2)], burst.unplayed


def test_both_sides_beside_it_are_dazed_when_it_is_destroyed() -> None:
    s = battle([card("Darkling", SWORD, FLASH, hp=10), card("Friend", SWORD), card("Far Friend", SWORD)],
               [card("Orc", SWORD), card("Far Orc", SWORD)], PurposeDice())
    put(s, "a1", 5, 3)
    put(s, "a2", 4, 3)
    put(s, "a3", 0, 0)
    put(s, "b1", 6, 3)
    put(s, "b2", 11, 7)
    P.deal_damage(s.b, s.b.by_id["a1"], [(10, "")], s.b.by_id["b1"])
    assert not s.b.by_id["a1"].alive
    dazed = {f.id for f in s.b.fighters if f.has("dazed")}
    assert dazed == {"a2", "b1"}


def test_raiders_of_its_warband_heal_and_one_of_them_moves() -> None:
    s = battle([card("Gnoll", SWORD, HEAL, RECON, keywords=("Raider",), hp=40),
                card("Goblin", SWORD, keywords=("Raider",), hp=40), card("Guard", SWORD, hp=40)],
               [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 0, 0)
    put(s, "a2", 0, 7)
    put(s, "a3", 1, 7)
    put(s, "b1", 6, 7)
    gnoll, goblin, guard = s.b.by_id["a1"], s.b.by_id["a2"], s.b.by_id["a3"]
    for f in (gnoll, goblin, guard):
        f.hp = 15
    P.fire(s.b, "bloodied", [gnoll])
    assert (gnoll.hp, goblin.hp, guard.hp) == (25, 25, 15)  # the Raiders, itself included
    P.fire(s.b, "start-of-round", [gnoll])
    assert goblin.pos != (0, 7) and s.b.gap(goblin, s.b.by_id["b1"]) == 1  # the Raider nearest an enemy moved to it
    assert gnoll.pos == (0, 0) and guard.pos == (1, 7)
