"""Subjects named by a state or a size rather than a keyword: '1 adjacent Immobilized enemy', 'each Dazed enemy',
'Small creatures in your warband' reach the creatures in that state or of that size now (before, the word was
taken for a creature keyword nobody has and the power was listed as not played)."""

from __future__ import annotations

from simulate.games import ddm_guild_apply as FX
from simulate.games import ddm_guild_judge as J
from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

CONSTRICT = "Constrict: Minor action: An adjacent Immobilized enemy takes 10 damage."
SMALL_SPEED = "Use at start of round. Small creatures in your warband have +2 Speed until end of round."


def test_the_powers_are_played() -> None:
    for text in (CONSTRICT, SMALL_SPEED, "Cordon: At end of this creature's turn, each Dazed enemy adjacent to this "
                 "creature is also Immobilized."):
        c = card_from_json(card("Any", SWORD, text, rating=3))
        assert len(c.powers) == 2 and unplayed_powers(c) == [], text


def test_only_the_adjacent_immobilized_enemy_is_constricted() -> None:
    s = battle([card("Vine", SWORD, CONSTRICT)], [card("Held", SWORD, hp=50), card("Free", SWORD, hp=50)],
               PurposeDice())
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    put(s, "b2", 5, 4)
    held, free = s.b.by_id["b1"], s.b.by_id["b2"]
    held.while_on = {"immobilized": 1}  # as if a power held it there
    vine = s.b.by_id["a1"]
    constrict = next(p for p in vine.powers if p.name == "Constrict")
    FX.apply_effects(s.b, constrict.effects, J.Ctx(vine))
    assert (held.hp, free.hp) == (40, 50)


def test_small_creatures_in_the_warband_are_faster_and_medium_ones_are_not() -> None:
    s = battle([card("Champion", SWORD, SMALL_SPEED, rating=3), card("Halfling", SWORD, size="Small"),
                card("Human", SWORD)], [card("Orc", SWORD)], PurposeDice())
    halfling, human = s.b.by_id["a2"], s.b.by_id["a3"]
    champ = s.b.by_id["a1"]
    power = next(p for p in champ.powers if p.text == SMALL_SPEED)
    FX.apply_effects(s.b, power.effects, J.Ctx(champ))  # (the battle's first round may have used it already)
    assert halfling.card.speed == human.card.speed == 6
    assert (halfling.speed(), human.speed()) == (8, 6)
