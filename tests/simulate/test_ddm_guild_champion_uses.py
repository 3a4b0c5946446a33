"""Champion powers as events and as things to spend (profile ``ddm-guild.champion-events``): 'Use when an enemy uses a
champion power: That champion power has no effect' (used as the enemy's power is used, before its effects: its use
stays spent), 'Use after an enemy within 5 squares of this creature uses a champion power: That enemy is Dazed' (once
its effects are resolved), 'You gain 10 VP'; 'An enemy champion loses 1 use of its Champion powers', 'Recharge one
use of an Ally's Champion Powers', "Expend one use of that enemy's Champion powers" (within 0 and the rating)."""

from __future__ import annotations

import pytest

from simulate.games import ddm_guild_coverage as C
from simulate.games import ddm_guild_judge as J
from simulate.games import ddm_guild_moves as MV
from simulate.games import ddm_guild_triggers as TR
from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from simulate.games.ddm_guild_state import Fighter
from tests.simulate.test_ddm_guild_round_awards import _champion
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

HEAL = "Use at start of turn: This creature heals 10 HP."
DREAD = "Use when an enemy uses a champion power: That champion power has no effect. (The power is still used.)"
DISCORD = ("Immediate action, when an opponent uses a champion power: The effects of that power are cancelled. The "
           "power is still used.")
VIZIER = ("Use when an enemy uses a Champion power: Roll 1d20. On 10-20, that Champion power is cancelled (it still "
          "counts as being used).")
STORM = "Use after an enemy within 5 squares of this creature uses a champion power: That enemy is Dazed."
GUILDMASTER = "Use when an enemy uses a champion power. You gain 10 VP."
SIPHON = "Use when when an enemy champion uses a Champion power: Heal 10 HP."
LICH = "Use on your turn. An enemy champion loses 1 use of its Champion powers (your choice)."
MIRT = "Use when this creature destroys an enemy: Recharge one use of an Ally's Champion Powers."
REVEAL = "Use when this creature damages an enemy Champion: Expend one use of that enemy's Champion powers."


@pytest.mark.parametrize("text, trigger, kinds", [
    (DREAD, "enemy-uses-champion", ["cancel"]), (DISCORD, "enemy-uses-champion", ["cancel"]),
    (VIZIER, "enemy-uses-champion", ["roll", "roll", "cancel"]), (STORM, "enemy-used-champion", ["condition"]),
    (GUILDMASTER, "enemy-uses-champion", ["vp"]), (SIPHON, "enemy-uses-champion", ["heal"]),
    (LICH, "own-turn", ["champion-uses"]), (MIRT, "destroys", ["champion-uses"]),
    (REVEAL, "damages", ["champion-uses"])])
def test_the_powers_are_read_and_played(text: str, trigger: str, kinds: list[str]) -> None:
    c = card_from_json(_champion(card("Champion", SWORD, text, rating=2)))
    p = c.powers[1]
    assert p.trigger == trigger and [e.kind for e in p.effects] == kinds
    assert unplayed_powers(c) == []


def test_cancelling_needs_a_champion_power_being_used() -> None:
    c = card_from_json(_champion(card("Champion", SWORD, "Use at start of round: That champion power has no effect.",
                                      rating=2)))
    assert C.engine_unplayed(c.powers[1]) == "cancelling champion with no such thing under way"


def _duel(mine: str, theirs: str, dice: PurposeDice | None = None, gap: int = 3) -> tuple[object, Fighter, Fighter]:
    s = battle([_champion(card("Leader", SWORD, mine, rating=2))], [_champion(card("Foe", SWORD, theirs, rating=2))],
               dice or PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 4 + gap, 3)
    a, b = s.b.by_id["a1"], s.b.by_id["b1"]
    a.champion_left = b.champion_left = 2
    b.immediate_used = False  # (what the first round's uses spent)
    a.hp = 30
    return s, a, b


@pytest.mark.parametrize("text", [DREAD, DISCORD])
def test_the_enemys_power_cancels_the_champion_power_its_use_still_spent(text: str) -> None:
    s, leader, foe = _duel(HEAL, text)
    before = len(s.log.of_kind("cancelled"))  # type: ignore[attr-defined]
    TR.use_triggered(s.b, leader, leader.powers[1], J.Ctx(leader))  # type: ignore[attr-defined]
    assert leader.hp == 30 and leader.champion_left == 1 and foe.champion_left == 1
    assert [e.data["power"] for e in s.log.of_kind("cancelled")][before:] == [leader.powers[1].name]  # type: ignore


def test_the_roll_decides_whether_it_is_cancelled() -> None:
    dice = PurposeDice()
    s, leader, foe = _duel(HEAL, VIZIER, dice)
    dice.script["power"] = [9, 10]
    TR.use_triggered(s.b, leader, leader.powers[1], J.Ctx(leader))  # type: ignore[attr-defined]
    assert leader.hp == 40 and foe.champion_left == 1  # (9: the heal happens)
    TR.use_triggered(s.b, leader, leader.powers[1], J.Ctx(leader))  # type: ignore[attr-defined]
    assert leader.hp == 40 and leader.champion_left == 0 and foe.champion_left == 0


def test_after_the_power_the_enemy_within_5_squares_is_dazed() -> None:
    s, leader, foe = _duel(HEAL, STORM)
    TR.use_triggered(s.b, leader, leader.powers[1], J.Ctx(leader))  # type: ignore[attr-defined]
    assert leader.hp == 40 and leader.has("dazed") and foe.champion_left == 1
    s, leader, foe = _duel(HEAL, STORM, gap=7)
    TR.use_triggered(s.b, leader, leader.powers[1], J.Ctx(leader))  # type: ignore[attr-defined]
    assert not leader.has("dazed") and foe.champion_left == 2


def test_points_and_heals_when_an_enemy_uses_one() -> None:
    s, leader, foe = _duel(HEAL, GUILDMASTER)
    before = s.b.scores[1]  # type: ignore[attr-defined]
    TR.use_triggered(s.b, leader, leader.powers[1], J.Ctx(leader))  # type: ignore[attr-defined]
    assert s.b.scores[1] == before + 10 and leader.hp == 40  # type: ignore[attr-defined]
    s, leader, foe = _duel(HEAL, SIPHON)
    foe.hp = 20
    TR.use_triggered(s.b, leader, leader.powers[1], J.Ctx(leader))  # type: ignore[attr-defined]
    assert foe.hp == 30


def test_an_enemy_champion_loses_a_use() -> None:
    s, leader, foe = _duel(LICH, SWORD)
    TR.apply_power(s.b, leader, leader.powers[1], J.Ctx(leader))  # type: ignore[attr-defined]
    assert foe.champion_left == 1
    foe.champion_left = 0
    TR.apply_power(s.b, leader, leader.powers[1], J.Ctx(leader))  # type: ignore[attr-defined]
    assert foe.champion_left == 0


def test_an_ally_champion_regains_a_spent_use_within_its_rating() -> None:
    s = battle([_champion(card("Mirt", SWORD, MIRT, rating=2)), _champion(card("Full", SWORD, HEAL, rating=2)),
                _champion(card("Spent", SWORD, HEAL, rating=2, cost=10))], [card("Orc", SWORD)], PurposeDice())
    for i in range(3):
        put(s, f"a{i + 1}", 1, i + 1)
    put(s, "b1", 10, 6)
    mirt, full, spent = (s.b.by_id[f"a{i}"] for i in (1, 2, 3))
    full.champion_left, spent.champion_left = 2, 0
    TR.apply_power(s.b, mirt, mirt.powers[1], J.Ctx(mirt))
    assert (full.champion_left, spent.champion_left) == (2, 1)
    TR.apply_power(s.b, mirt, mirt.powers[1], J.Ctx(mirt))
    TR.apply_power(s.b, mirt, mirt.powers[1], J.Ctx(mirt))
    assert (full.champion_left, spent.champion_left) == (2, 2)


def test_the_damaged_enemy_champion_expends_a_use() -> None:
    s, leader, foe = _duel(REVEAL, SWORD)
    TR.apply_power(s.b, leader, leader.powers[1], J.Ctx(leader, foe))  # type: ignore[attr-defined]
    assert foe.champion_left == 1 and leader.champion_left == 2


COUNTERSONG = "Countersong: Enemy champions within 5 squares of this creature cannot use Champion powers."


def test_enemy_champions_near_it_cannot_use_champion_powers() -> None:
    s = battle([card("Bard", SWORD, COUNTERSONG)], [_champion(card("Near", SWORD, HEAL, rating=2)),
                                                    _champion(card("Far", SWORD, HEAL, rating=2))], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 7, 3)
    put(s, "b2", 11, 7)
    MV.refresh_while(s.b)
    near, far = s.b.by_id["b1"], s.b.by_id["b2"]
    near.champion_left = far.champion_left = 2
    assert not near.uses_left(near.powers[1]) and far.uses_left(far.powers[1])
