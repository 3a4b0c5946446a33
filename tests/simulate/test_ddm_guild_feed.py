"""'Use when this creature destroys an enemy: This creature heals 20 HP and can take no actions until end of its next
turn' (Feed 10, Feed 20): the hit points, then no actions — none left on this turn, none on its next, no immediate
actions nor opportunity attacks between — and, unlike Stunned, no combat advantage to its enemies."""

from __future__ import annotations

from simulate.games import ddm_guild_judge as J
from tests.simulate.test_ddm_guild_rules import (
    SWORD,
    PurposeDice,
    assert_played,
    attack_with,
    battle,
    card,
    put,
    turn_of,
)

FEED = ("Feed 20: Use when this creature destroys an enemy; this creature heals 20 HP and can take no actions until "
        "end of its next turn.")


def test_feed_heals_then_takes_its_actions_until_its_next_turn_ends() -> None:
    barghest = card("Barghest", SWORD, FEED, hp=60)
    assert_played(barghest, 1)
    s = battle([barghest], [card("Goblin", SWORD, hp=10), card("Orc", SWORD)], PurposeDice(attack=[15]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    put(s, "b2", 5, 4)
    f, goblin, orc = s.b.by_id["a1"], s.b.by_id["b1"], s.b.by_id["b2"]
    f.hp = 30
    turn_of(s, "a1")
    attack_with(s, f, goblin)
    assert not goblin.in_play()
    assert f.hp == 50
    assert not f.can_act() and not f.immediate_ready()
    assert not J.has_combat_advantage(s.b, orc, f, True)  # (not Stunned: it grants none)
    s._end_turn(f)
    s._start_turn(f)
    assert not (f.attack_action or f.move_action or f.minor_action)  # its next turn: no actions
    s._end_turn(f)
    assert f.can_act() and f.immediate_ready()


def test_without_an_enemy_destroyed_it_acts() -> None:
    s = battle([card("Barghest", SWORD, FEED, hp=60)], [card("Orc", SWORD)], PurposeDice(attack=[15]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    f = s.b.by_id["a1"]
    turn_of(s, "a1")
    attack_with(s, f, s.b.by_id["b1"])
    assert f.can_act() and f.hp == 60


FEED_30 = ("Feed 30: Whenever this creature destroys an enemy, it can choose to heal 30 HP. If it does so, it can take "
           "no actions on its next turn.")


def test_feed_30_heals_only_when_it_has_lost_30_then_skips_its_next_turn() -> None:
    """ddm-guild.heal-or-act: the choice is made when it has lost at least 30 HP; the turn it is taking goes on."""
    assert_played(card("Greater Barghest", SWORD, FEED_30), 1)
    s = battle([card("Greater Barghest", SWORD, FEED_30, hp=100)],
               [card("Goblin", SWORD, hp=10), card("Kobold", SWORD, hp=10), card("Orc", SWORD)],
               PurposeDice(attack=[15, 15]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    put(s, "b2", 4, 3)
    f = s.b.by_id["a1"]
    f.hp = 80  # 20 lost: it keeps its turns
    turn_of(s, "a1")
    attack_with(s, f, s.b.by_id["b1"])
    assert f.hp == 80 and not f.gained("no-turn")
    f.hp = 60  # 40 lost
    attack_with(s, f, s.b.by_id["b2"])
    assert f.hp == 90 and f.can_act() and f.immediate_ready()  # (this turn and the others' turns: as before)
    s._end_turn(f)
    s._start_turn(f)
    assert not (f.attack_action or f.move_action or f.minor_action)
    s._end_turn(f)
    s._start_turn(f)
    assert f.attack_action
