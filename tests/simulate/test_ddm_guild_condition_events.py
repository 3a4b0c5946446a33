"""A condition put on a creature as an event (profile ``ddm-guild.condition-events``): 'Use when an ally becomes
Dazed, Stunned, or Helpless. End that condition on that ally', 'Use when an enemy becomes Dazed by an attack. That
enemy is also Stunned until end of round' (the attack's rider, not a power's effect), 'Use after an enemy becomes
Stunned. Each ally adjacent to that enemy shifts 2 squares', 'Use when an enemy becomes immobilized: That enemy is
Immobilized (save ends)' (which does not answer itself)."""

from __future__ import annotations

import pytest

from simulate.games import ddm_guild_apply as FX
from simulate.games import ddm_guild_coverage as C
from simulate.games import ddm_guild_judge as J
from simulate.games.ddm_guild import GuildAttack, GuildState
from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from simulate.games.ddm_guild_vocab import Effect
from tests.simulate.test_ddm_guild_round_awards import _champion
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put, turn_of

KNIGHT = "Use when an ally becomes Dazed, Stunned, or Helpless. End that condition on that ally."
KORD = "Use when an enemy becomes Dazed by an attack. That enemy is also Stunned until end of round."
MASTER = "Use after an enemy becomes Stunned. Each ally adjacent to that enemy shifts 2 squares."
WARLEADER = "Use when an enemy becomes immobilized: That enemy is Immobilized (save ends)."
DAZING = "Dazing Strike: +10 vs. AC; 10 damage AND Dazed."


# each power's trigger and the conditions its event names
READ = {KNIGHT: ("ally-gains-condition", "gained:dazed|stunned|helpless"),
        KORD: ("enemy-gains-condition", "gained:dazed"), MASTER: ("enemy-gains-condition", "gained:stunned"),
        WARLEADER: ("enemy-gains-condition", "gained:immobilized")}


@pytest.mark.parametrize("text", list(READ))
def test_the_powers_are_read_and_played(text: str) -> None:
    c = card_from_json(_champion(card("Champion", SWORD, text, rating=2)))
    p = c.powers[1]
    assert (p.trigger, p.trigger_filter.self_state) == READ[text] and unplayed_powers(c) == []


def test_that_condition_needs_a_condition_event() -> None:
    c = card_from_json(_champion(card("Champion", SWORD, "Use at start of round: End that condition on it.",
                                      rating=2)))
    assert C.engine_unplayed(c.powers[1]) == "'that condition' with no condition put on"


def _daze(s: object, who: str, what: str = "dazed", by: str = "b1") -> None:
    b = s.b  # type: ignore[attr-defined]
    src = b.by_id[by]
    FX.apply_effect(b, Effect("condition", "target", what=what), J.Ctx(src, b.by_id[who]))


def test_the_ally_is_freed_of_the_condition_it_was_just_given_only() -> None:
    s = battle([_champion(card("Knight", SWORD, KNIGHT, rating=2)), card("Soldier", SWORD)], [card("Orc", SWORD)],
               PurposeDice())
    put(s, "a1", 1, 1)
    put(s, "a2", 1, 3)
    put(s, "b1", 10, 3)
    knight, soldier = s.b.by_id["a1"], s.b.by_id["a2"]
    knight.champion_left = 2
    soldier.effects.clear()
    _daze(s, "a2", "immobilized")
    assert soldier.has("immobilized") and knight.champion_left == 2
    _daze(s, "a2", "stunned")
    assert soldier.has("immobilized") and not soldier.has("stunned") and knight.champion_left == 1


def test_dazed_by_an_attack_is_also_stunned_and_a_stunned_enemys_neighbours_shift() -> None:
    s = battle([card("Fighter", SWORD, DAZING), _champion(card("Cleric", SWORD, KORD, rating=2)),
                _champion(card("Master", SWORD, MASTER, rating=2))], [card("Orc", SWORD, hp=80)],
               PurposeDice(attack=[15]))
    put(s, "a1", 5, 3)
    put(s, "a2", 1, 1)
    put(s, "a3", 1, 7)
    put(s, "b1", 6, 3)
    fighter, cleric, master, orc = (s.b.by_id[i] for i in ("a1", "a2", "a3", "b1"))
    cleric.champion_left = master.champion_left = 2
    orc.effects.clear()
    _daze(s, "b1", "dazed", by="a1")  # a power's effect, not an attack: not answered
    assert not orc.has("stunned") and cleric.champion_left == 2
    orc.effects.clear()
    turn_of(s, "a1")
    s.apply(GuildAttack(1, ("b1",)))
    assert orc.has("dazed") and orc.has("stunned") and cleric.champion_left == 1
    assert master.champion_left == 1  # (the orc stunned: the fighter beside it may shift)
    assert fighter.in_play()


def test_a_power_does_not_answer_the_condition_it_puts_on() -> None:
    s = battle([_champion(card("Warleader", SWORD, WARLEADER, rating=3))], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 1, 1)
    put(s, "b1", 10, 3)
    lead, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    lead.champion_left = 3
    orc.effects.clear()
    _daze(s, "b1", "immobilized", by="a1")
    assert [x.duration for x in orc.effects if x.what == "immobilized"] == ["end-next-turn", "save"]
    assert lead.champion_left == 2


ZALTHAR = "Use when this creature or an adjacent ally would gain a condition: Ignore that condition, instead."
DUKE = "Use when a giant is affected by a condition: That giant is not affected by that condition instead."


def placed(a: list[dict[str, object]], b: list[dict[str, object]], at: dict[str, tuple[int, int]],
           dice: PurposeDice | None = None) -> GuildState:
    """A battle with its creatures where ``at`` says, nothing on them, each champion with its rating's uses."""
    s = battle(a, b, dice or PurposeDice())
    for fid, (x, y) in at.items():
        put(s, fid, x, y)
        f = s.b.by_id[fid]
        f.effects.clear()
        f.champion_left = f.card.champion_rating or 0
    return s


def test_it_or_an_adjacent_ally_ignores_the_condition_once_per_use() -> None:
    c = card_from_json(_champion(card("Zalthar", SWORD, ZALTHAR, rating=1)))
    assert c.powers[1].trigger == "friend-would-gain-condition" and unplayed_powers(c) == []
    s = placed([_champion(card("Zalthar", SWORD, ZALTHAR, rating=1)), card("Near", SWORD), card("Far", SWORD)],
                [card("Orc", SWORD)], {"a1": (1, 1), "a2": (1, 2), "a3": (1, 6), "b1": (10, 3)})
    zal, near, far = (s.b.by_id[i] for i in ("a1", "a2", "a3"))
    _daze(s, "a3")
    assert far.has("dazed") and zal.champion_left == 1
    _daze(s, "a2")
    assert not near.has("dazed") and zal.champion_left == 0
    _daze(s, "a1")
    assert zal.has("dazed")  # (no use left)


def test_a_giant_of_its_side_is_not_affected() -> None:
    s = placed([_champion(card("Duke", SWORD, DUKE, rating=2, keywords=("Giant",))),
                 card("Hill Giant", SWORD, keywords=("Giant",))],
                [card("Frost Giant", SWORD, keywords=("Giant",))], {"a1": (1, 1), "a2": (1, 5), "b1": (10, 3)})
    duke, hill, frost = (s.b.by_id[i] for i in ("a1", "a2", "b1"))
    _daze(s, "b1", by="a2")
    assert frost.has("dazed") and duke.champion_left == 2
    _daze(s, "a2", "stunned")
    assert not hill.has("stunned") and duke.champion_left == 1
