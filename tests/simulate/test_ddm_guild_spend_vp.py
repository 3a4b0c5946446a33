"""'Minor action; spend 5 VP, then this creature heals 30 HP': usable only while its side has the points, which it
pays; spending points on a trigger is a choice the engine does not make (listed as not played)."""

from __future__ import annotations

from simulate.games import ddm_guild_coverage as C
from simulate.games.ddm_guild import GuildPower
from simulate.games.ddm_guild_powers import parse_power
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put, turn_of

POTION = "Healing Potion: Minor action; spend 5 VP, then this creature heals 30 HP."


def test_the_words_and_what_is_not_played() -> None:
    p = parse_power(0, "special", POTION)
    assert p.played and p.action == "minor", p.unplayed
    assert [(e.kind, e.amount, e.extra) for e in p.effects] == [("vp", -5, ("spend",)), ("heal", 30, ())]
    assert C.engine_unplayed(p) == ""
    q = parse_power(0, "special", "Bribe: Use at start of round; spend 5 VP, then this creature heals 30 HP.")
    assert C.engine_unplayed(q) == "spending victory points is a choice the engine makes only as an action"


def test_the_potion_needs_and_spends_its_sides_points() -> None:
    s = battle([card("Mercenary", SWORD, POTION, hp=60)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 9, 3)
    turn_of(s, "a1")
    merc = s.b.by_id["a1"]
    merc.hp = 20
    assert GuildPower(1) not in s.legal_actions()  # no points to spend
    s.b.scores[0] = 7
    assert GuildPower(1) in s.legal_actions()
    s.apply(GuildPower(1))
    assert s.b.scores[0] == 2 and merc.hp == 50
