"""'Use when an enemy is destroyed: Heal 25 HP' (Classic Demogorgon) answers whoever destroyed the enemy: the
creature itself, an ally, or nobody (damage with no source)."""

from __future__ import annotations

from simulate.games import ddm_guild_damage as DM
from simulate.games.ddm_guild import GuildState
from simulate.games.ddm_guild_state import Fighter
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

FEAST = "Use when an enemy is destroyed: Heal 25 HP."


def _demon_and_two_orcs() -> tuple[GuildState, Fighter, Fighter, Fighter]:
    s = battle([card("Demon", SWORD, FEAST, hp=100)], [card("Orc", SWORD, hp=20), card("Orc Two", SWORD, hp=20)],
               PurposeDice())
    put(s, "a1", 3, 3)
    put(s, "b1", 4, 3)
    put(s, "b2", 8, 8)
    demon, orc, other = s.b.by_id["a1"], s.b.by_id["b1"], s.b.by_id["b2"]
    DM.deal_damage(s.b, demon, [(40, "")], orc)  # 100 -> 60
    return s, demon, orc, other


def test_its_own_kill_heals_it() -> None:
    s, demon, orc, _ = _demon_and_two_orcs()
    DM.deal_damage(s.b, orc, [(20, "")], demon)
    assert not orc.alive and demon.hp == 85


def test_a_death_nobody_caused_heals_it() -> None:
    s, demon, _, other = _demon_and_two_orcs()
    DM.deal_damage(s.b, other, [(20, "")], None)
    assert not other.alive and demon.hp == 85


def test_its_own_side_dying_does_not() -> None:
    s = battle([card("Demon", SWORD, FEAST, hp=100), card("Imp", SWORD, hp=20)], [card("Orc", SWORD)],
               PurposeDice())
    put(s, "a1", 3, 3)
    put(s, "a2", 4, 3)
    put(s, "b1", 8, 8)
    demon, imp = s.b.by_id["a1"], s.b.by_id["a2"]
    DM.deal_damage(s.b, demon, [(40, "")], None)
    DM.deal_damage(s.b, imp, [(20, "")], None)
    assert not imp.alive and demon.hp == 60
