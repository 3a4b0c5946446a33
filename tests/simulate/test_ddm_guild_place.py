"""'Use when an ally within 5 squares becomes bloodied: Place this creature in a space adjacent to that ally, then
that ally heals 10 HP' (Combat Medic): the creature is placed (no line of sight needed) in the free space beside the
ally nearest where it stood, then the heal."""

from __future__ import annotations

from simulate.games import ddm_guild_coverage as C
from simulate.games import ddm_guild_damage as DM
from simulate.games.ddm_guild_powers import parse_power
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

SACRED = "Sacred Healing: Use when an ally within 5 squares becomes bloodied: Place this creature in a space " \
         "adjacent to that ally, then that ally heals 10 HP."


def test_the_words() -> None:
    p = parse_power(0, "special", SACRED)
    assert p.played and p.trigger == "ally-bloodied", p.unplayed
    assert [(e.kind, e.who, e.what) for e in p.effects] == [("place", "self", "adjacent:ally"), ("heal", "ally", "")]
    assert C.engine_unplayed(p) == ""


def test_the_medic_is_placed_beside_its_bloodied_ally_which_heals() -> None:
    s = battle([card("Medic", SWORD, SACRED), card("Fighter", SWORD)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 2, 6)
    put(s, "a2", 5, 3)
    put(s, "b1", 6, 3)
    medic, fighter, orc = s.b.by_id["a1"], s.b.by_id["a2"], s.b.by_id["b1"]
    DM.deal_damage(s.b, fighter, [(30, "")], orc)  # 50 -> 20: bloodied
    assert s.b.adjacent(medic, fighter) and medic.pos == (4, 4)  # the free space beside it nearest (2, 6)
    assert fighter.hp == 30
    assert [e.data["beside"] for e in s.log.of_kind("place")] == ["a2"]
