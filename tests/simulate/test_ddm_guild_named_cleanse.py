"""Conditions ended by name ('End 1 of the Dazed, Slowed, or Staggered conditions affecting 1 ally', 'Remove the Slowed
and Immobilized conditions from each Goblin in your warband', 'Remove all conditions on Gnoll allies', 'End the
Helpless condition on an ally within 6 squares'): those conditions end whatever their duration, on the creatures the
words name; '1 ally' is one that has such a condition. Each power is first checked to be on the card and played, then
played in a battle with set positions."""

from __future__ import annotations

import pytest

from simulate.games import ddm_guild_apply as FX
from simulate.games import ddm_guild_judge as J
from simulate.games import ddm_guild_triggers as TR
from simulate.games.ddm_guild import GuildState
from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from simulate.games.ddm_guild_state import Fighter
from simulate.games.ddm_guild_vocab import Filter
from tests.simulate.test_ddm_guild_round_awards import _champion
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

SERGEANT = "Use at start of your turn. End 1 of the Dazed, Slowed, or Staggered conditions affecting 1 ally."
KRENKO = "Use at the start of round: Remove the Slowed and Immobilized conditions from each Goblin in your warband."
FLIND = "Use when an enemy is destroyed: Remove all conditions on Gnoll allies."
MEDIC = "Use at end of round: End the Helpless condition on an ally within 6 squares of this creature."
PRECEPTOR = ("Use at start of this creature's turn: Remove the Confused, Dazed, Dominated, Immobilized, Stunned, "
             "and/or Slowed condition(s) from an adjacent ally.")
CLERIC = "Use when an adjacent ally starts its turn: End an effect of condition on that ally."


@pytest.mark.parametrize("text", [SERGEANT, KRENKO, FLIND, MEDIC, PRECEPTOR, CLERIC])
def test_the_powers_are_read_and_played(text: str) -> None:
    c = card_from_json(_champion(card("Leader", SWORD, text, rating=3)))
    assert len(c.powers) == 2 and [e.kind for e in c.powers[1].effects] == ["cleanse"]
    assert unplayed_powers(c) == []


def _cond(s: GuildState, f: Fighter, what: str, duration: str = "end-next-turn") -> None:
    FX.add_active(s.b, f, "condition", what, 0, duration, s.b.by_id["b1"], Filter())


def _conditions(f: Fighter) -> list[str]:
    return sorted(x.what for x in f.effects if x.kind == "condition")


def test_one_named_condition_ends_on_the_one_ally_that_has_it_whatever_its_duration() -> None:
    s = battle([_champion(card("Sergeant", SWORD, SERGEANT, rating=3)), card("Weak", SWORD), card("Dazed", SWORD)],
               [card("Orc", SWORD)], PurposeDice())
    for i, x in enumerate((2, 3, 4)):
        put(s, f"a{i + 1}", x, 2)
    put(s, "b1", 10, 6)
    weak, dazed = s.b.by_id["a2"], s.b.by_id["a3"]
    _cond(s, weak, "weakened", "save")  # not one it names
    _cond(s, dazed, "dazed")  # until the end of its next turn: ended all the same
    _cond(s, dazed, "slowed", "save")
    sgt = s.b.by_id["a1"]
    TR.apply_power(s.b, sgt, sgt.powers[1], J.Ctx(sgt))
    assert _conditions(weak) == ["weakened"]
    assert len(_conditions(dazed)) == 1  # one of the two


def test_the_named_conditions_end_on_each_goblin_and_no_other() -> None:
    s = battle([_champion(card("Krenko", SWORD, KRENKO, rating=3)), card("Goblin", SWORD, keywords=("Goblin",)),
                card("Orc Ally", SWORD)], [card("Orc", SWORD)], PurposeDice())
    for i in range(3):
        put(s, f"a{i + 1}", 1, i + 1)
    put(s, "b1", 10, 6)
    goblin, other = s.b.by_id["a2"], s.b.by_id["a3"]
    for f in (goblin, other):
        _cond(s, f, "slowed", "save")
        _cond(s, f, "immobilized")
        _cond(s, f, "dazed")
    krenko = s.b.by_id["a1"]
    TR.apply_power(s.b, krenko, krenko.powers[1], J.Ctx(krenko))
    assert _conditions(goblin) == ["dazed"]
    assert _conditions(other) == ["dazed", "immobilized", "slowed"]


def test_all_conditions_end_on_gnoll_allies_and_ongoing_damage_stays() -> None:
    s = battle([_champion(card("Flind", SWORD, FLIND, rating=3)), card("Gnoll", SWORD, keywords=("Gnoll",))],
               [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 1, 1)
    put(s, "a2", 1, 2)
    put(s, "b1", 10, 6)
    gnoll = s.b.by_id["a2"]
    _cond(s, gnoll, "stunned", "save")
    _cond(s, gnoll, "weakened", "end-turn")
    FX.add_active(s.b, gnoll, "ongoing", "fire", 5, "save", s.b.by_id["b1"], Filter())
    flind = s.b.by_id["a1"]
    TR.apply_power(s.b, flind, flind.powers[1], J.Ctx(flind))
    assert _conditions(gnoll) == []
    assert [x.kind for x in gnoll.effects] == ["ongoing"]
