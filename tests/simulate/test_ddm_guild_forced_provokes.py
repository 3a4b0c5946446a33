"""'Push 3 squares; this movement provokes opportunity attacks (Fear)': the pushed creature draws an opportunity
attack from each of its enemies it leaves — the pusher too, when it is left beside it — once each this turn (a push
that does not say so provokes nothing)."""

from __future__ import annotations

from simulate.games import ddm_guild_attacks as AT
from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put, turn_of

SHOVE = "Terrifying Shove: +15 vs. Will; 5 damage AND push 3 squares; this movement provokes opportunity attacks (Fear)"
PLAIN = "Plain Shove: +15 vs. Will; 5 damage AND push 3 squares"


def _shove(text: str) -> tuple[list[tuple[str, str]], int]:
    s = battle([card("Bully", SWORD, text), card("Guard", SWORD)], [card("Victim", SWORD, hp=100)],
               PurposeDice(attack=[15, 15, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "a2", 5, 4)  # beside the victim: it is left behind by the push
    turn_of(s, "a1")
    bully, victim = s.b.by_id["a1"], s.b.by_id["b1"]
    shove = next(p for p in bully.powers if p.text == text)
    assert shove.attack is not None
    AT.attack(s.b, bully, shove, shove.attack, [victim])
    oas = [(str(e.data["attacker"]), str(e.data["why"])) for e in s.log.of_kind("opportunity-attack")]
    return oas, victim.hp


def test_the_power_is_played() -> None:
    c = card_from_json(card("Bully", SWORD, SHOVE))
    assert len(c.powers) == 2 and unplayed_powers(c) == []
    shove = c.powers[1]
    assert shove.attack is not None and any("provokes" in e.extra for e in shove.attack.hit)


def test_a_push_that_provokes_draws_the_guard_s_opportunity_attack() -> None:
    oas, hp = _shove(SHOVE)
    assert ("a2", "forced") in oas and ("a1", "forced") in oas  # the guard, and the bully itself: it is left too
    assert hp == 100 - 5 - 10 * len(oas)  # the shove's 5 and each opportunity attack's sword


def test_a_push_that_does_not_say_so_provokes_nothing() -> None:
    oas, hp = _shove(PLAIN)
    assert oas == [] and hp == 95
