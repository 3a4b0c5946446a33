"""Another champion's champion power used as its own (profile ``ddm-guild.borrowed-champion-powers``): 'Use 1 Champion
power of an allied champion, as if this creature had that Champion power' (Wulfgar), '... of an enemy champion'
(Rakshasa, Dragon Highlord), 'of an allied Orc champion' (Orc Chieftain), 'Use when this creature occupies a victory
area. Use a champion power of an allied champion ...' (Delver Sergeant). At set-up the creature gets each such power the
engine plays as a power of its own card; using one spends its own champion uses."""

from __future__ import annotations

import pytest

from simulate.games import ddm_guild_triggers as TR
from simulate.games.ddm_guild import BORROWED_INDEX
from simulate.games.ddm_guild_cards import card_from_json
from tests.simulate.test_ddm_guild_round_awards import _champion
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, assert_played, battle, card, put

WULFGAR = "Use 1 Champion power of an allied champion, as if this creature had that Champion power."
RAKSHASA = "Use 1 Champion power of an enemy champion, as if this creature had that Champion power."
HIGHLORD = "Use an enemy’s champion power as if this creature had that power."
CHIEFTAIN = "Use the Champion power of an allied Orc champion as if this creature had that power."
DELVER = ("Use when this creature occupies a victory area. Use a champion power of an allied champion as if this "
          "creature had that power.")
HEAL = "Use at start of turn: This creature heals 10 HP."
BREATH = "Use at start of turn: RECHARGE Frost Breath."


@pytest.mark.parametrize("text, side, kinds", [(WULFGAR, "ally", ""), (RAKSHASA, "enemy", ""),
                                                (HIGHLORD, "enemy", ""), (CHIEFTAIN, "ally", "orc"),
                                                (DELVER, "ally", "")])
def test_the_powers_are_read_and_played(text: str, side: str, kinds: str) -> None:
    raw = _champion(card("Champion", SWORD, text, rating=2))
    (rule,) = card_from_json(raw).powers[1].statics
    assert (rule.kind, rule.what, rule.filter.keyword) == ("borrow", side, kinds)
    assert_played(raw, 1)


def test_it_heals_itself_with_an_allied_champions_power_spending_its_own_uses() -> None:
    s = battle([_champion(card("Wulfgar", SWORD, WULFGAR, rating=2)),
                _champion(card("Cleric", SWORD, HEAL, BREATH, rating=1)), card("Squire", SWORD, HEAL)],
               [_champion(card("Orc Boss", SWORD, "Use at start of turn: This creature heals 5 HP.", rating=1))],
               PurposeDice())
    wulfgar, cleric = s.b.by_id["a1"], s.b.by_id["a2"]
    borrowed = [p for p in wulfgar.powers if p.index >= BORROWED_INDEX]
    assert [p.text for p in borrowed] == [HEAL]  # (not the Squire's: no champion; not the Breath: not on its card)
    put(s, "a1", 0, 0)
    put(s, "a2", 0, 4)
    put(s, "b1", 11, 4)
    wulfgar.hp = 20
    wulfgar.champion_left, cleric.champion_left = 2, 1
    TR.turn_started(s.b, wulfgar)
    assert wulfgar.hp == 30 and wulfgar.champion_left == 1 and cleric.champion_left == 1


def test_only_an_enemy_champions_powers_and_only_of_the_kind_named() -> None:
    s = battle([_champion(card("Rakshasa", SWORD, RAKSHASA, rating=2)),
                _champion(card("Chieftain", SWORD, CHIEFTAIN, rating=2)),
                _champion(card("Cleric", SWORD, HEAL, rating=1))],
               [_champion(card("Orc Boss", SWORD, "Use at start of round: Each ally heals 5 HP.", rating=1,
                               keywords=("Orc",)))], PurposeDice())
    rakshasa, chieftain = s.b.by_id["a1"], s.b.by_id["a2"]
    assert [p.text for p in rakshasa.powers if p.index >= BORROWED_INDEX] == [
        "Use at start of round: Each ally heals 5 HP."]
    assert [p.index for p in chieftain.powers if p.index >= BORROWED_INDEX] == []  # (the Cleric is no Orc)


def test_in_a_victory_area_only() -> None:
    s = battle([_champion(card("Delver", SWORD, DELVER, rating=2)), _champion(card("Cleric", SWORD, HEAL, rating=1))],
               [card("Orc", SWORD)], PurposeDice())
    delver = s.b.by_id["a1"]
    (heal,) = [p for p in delver.powers if p.index >= BORROWED_INDEX]
    assert heal.requirement == "in-victory-area"
