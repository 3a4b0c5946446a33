"""Bonuses a card gives in place of the rules' own ('Whenever this creature has combat advantage: +3 attack instead of
+2', 'Each ally has +5 bonus instead of +2 while flanking until end of round') and against Mounted creatures
('+2 AC whenever a Mounted enemy attacks it', '+2 Attack whenever it makes a {m} attack against a Mounted target')."""

from __future__ import annotations

from simulate.games import ddm_guild_apply as FX
from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_coverage as C
from simulate.games import ddm_guild_judge as J
from simulate.games import ddm_guild_moves as MV
from simulate.games.ddm_guild_cards import card_from_json
from simulate.games.ddm_guild_state import Fighter
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put


def _played(raw: dict[str, object], index: int) -> None:
    p = card_from_json(raw).powers[index]
    assert p.played and not C.engine_unplayed(p), (p.name, p.unplayed or C.engine_unplayed(p))


def _attack(s: object, attacker: Fighter, target: Fighter) -> int:
    p = attacker.powers[0]
    assert p.attack is not None
    return AT.attack(s.b, attacker, p, p.attack, [target])  # type: ignore[attr-defined]


def test_combat_advantage_gives_3_instead_of_2() -> None:
    kenku = card("Kenku Wingman", SWORD, "Keen Eyes: Whenever this creature has combat advantage: +3 attack instead "
                                         "of +2.")
    _played(kenku, 1)
    s = battle([kenku, card("Guard", SWORD)], [card("Orc", SWORD, hp=100, ac=15)], PurposeDice(attack=[2, 2]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "a2", 6, 3)  # flanking: combat advantage
    MV.refresh_while(s.b)
    k, guard, orc = (s.b.by_id[i] for i in ("a1", "a2", "b1"))
    assert _attack(s, k, orc) == 1  # 2 + 10 + 3 = 15
    assert _attack(s, guard, orc) == 0  # the guard's advantage is the rules' +2: 14


def test_allies_have_5_instead_of_2_while_flanking() -> None:
    mage = card("Kenku Wing Mage", SWORD, "Use before rolling initiative: Each ally has +5 bonus instead of +2 while "
                                          "flanking until end of round.")
    _played(mage, 1)
    s = battle([mage, card("Guard", SWORD), card("Other", SWORD)], [card("Orc", SWORD, hp=100, ac=20)],
               PurposeDice(attack=[5, 5]))
    put(s, "a1", 9, 9)
    put(s, "a2", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "a3", 6, 3)
    m, guard, orc = (s.b.by_id[i] for i in ("a1", "a2", "b1"))
    FX.apply_effects(s.b, m.powers[1].effects, J.Ctx(m))
    assert _attack(s, guard, orc) == 1  # 5 + 10 + 5 = 20
    put(s, "a3", 9, 1)  # no longer flanking: no advantage at all
    assert _attack(s, guard, orc) == 0


def test_against_mounted_creatures() -> None:
    lance = card("Bugbear Lancebreaker", SWORD, "Lancebreaker: This creature has +2 AC whenever a Mounted enemy "
                 "attacks it. This creature has +2 Attack whenever it makes a {m} attack against a Mounted target.")
    _played(lance, 1)
    s = battle([lance], [card("Rider", SWORD, hp=100, keywords=("Mounted",)), card("Orc", SWORD, hp=100)],
               PurposeDice(attack=[6, 6, 3, 3]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 4, 4)  # (not flanking it)
    bug, rider, orc = (s.b.by_id[i] for i in ("a1", "b1", "b2"))
    assert _attack(s, rider, bug) == 0  # 6 + 10 = 16 against AC 15 + 2
    assert _attack(s, orc, bug) == 1  # 16 against AC 15
    assert _attack(s, bug, rider) == 1  # 3 + 10 + 2 = 15
    assert _attack(s, bug, orc) == 0  # 13
