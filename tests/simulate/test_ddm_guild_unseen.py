"""'If no enemy has line of sight to this creature' (Ambush Tunnels' teleport at the start of a round, Barghest's
RECHARGE at the start of its turn): played only while no enemy sees it (an invisible creature is not seen)."""

from __future__ import annotations

from simulate.games import ddm_guild_apply as FX
from simulate.games import ddm_guild_judge as J
from simulate.games import ddm_guild_triggers as TR
from simulate.games.ddm_guild_powers import parse_power
from simulate.games.ddm_guild_vocab import Filter
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

TUNNELS = "Ambush Tunnels: Use at start of round, if no enemy has line of sight to this creature: It may Teleport 6, " \
          "ending closer to an enemy."


def test_the_words_are_a_requirement_and_a_teleport_toward_an_enemy() -> None:
    p = parse_power(0, "special", TUNNELS)
    assert p.played and (p.trigger, p.requirement) == ("start-of-round", "unseen"), p.unplayed
    assert [(e.kind, e.who, e.amount, e.extra) for e in p.effects] == [("teleport", "self", 6, ("toward-enemy",))]
    r = parse_power(0, "special", "Ambush: Minor action: Choose 1 enemy that does not have line of sight to this "
                                  "creature. +10 Damage with {m} attacks against that creature until end of turn. "
                                  "RECHARGE at start of this creature's turn if no enemy has line of sight to this "
                                  "creature.")
    assert r.played and r.recharge == "start-of-turn-unseen", r.unplayed


def test_an_unseen_kobold_teleports_closer_and_a_seen_one_stays() -> None:
    s = battle([card("Kobold", SWORD, TUNNELS)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 1, 3)
    put(s, "b1", 10, 3)
    kobold = s.b.by_id["a1"]
    TR.fire(s.b, "start-of-round", [kobold])
    assert kobold.pos == (1, 3) and not s.log.of_kind("teleport")  # the orc sees it
    FX.add_active(s.b, kobold, "condition", "invisible", 0, "end-round", kobold, Filter())
    assert J.unseen(s.b, kobold)
    TR.fire(s.b, "start-of-round", [kobold])
    assert kobold.pos is not None and kobold.pos[0] == 7  # six squares on, closer to the orc
    assert [e.data["creature"] for e in s.log.of_kind("teleport")] == ["a1"]
