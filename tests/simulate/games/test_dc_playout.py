"""Dungeon Command random playouts with invariant checks, and the heuristic player against random."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simulate.engine.ai import RandomPolicy
from simulate.engine.game import Action
from simulate.games.dungeon_command import DcState
from simulate.games.dungeon_command_actions import Activate, Attack, Collect, PlayOrder, UsePower
from simulate.games.dungeon_command_ai import DcHeuristicPolicy
from simulate.games.dungeon_command_effects import IMMEDIATE, STANDARD
from tests.simulate.games.dc_helpers import PACKS, new_battle, scenario, warband

PAIRINGS = list(itertools.combinations(PACKS, 2))  # the 10 pairings of the five packs


def check_before(s: DcState, a: Action) -> None:
    """Tapped creatures do not take standard or immediate actions, nor assist (§7.3, §8.5, §8.6)."""
    if isinstance(a, Attack | Collect):
        assert not s.creatures[a.creature].tapped, f"a tapped creature acts: {a}"
    if isinstance(a, PlayOrder):
        card = s.orders[a.card][1]
        if card.action in (STANDARD, IMMEDIATE):
            assert not s.creatures[a.creature].tapped, f"a tapped creature takes {card.name}"
        for h in a.assistants:
            assert not s.creatures[h].tapped, f"a tapped creature assists: {a}"
    if isinstance(a, UsePower) and a.power == "dodge":
        assert not s.creatures[a.creature].tapped


def check_after(s: DcState, activated: dict[tuple[int, str], int]) -> None:
    seen: dict[tuple[int, int], str] = {}
    for c in s.creatures.values():
        if not c.on_board:
            continue
        assert c.damage < c.hp, f"{c.card.name} has {c.damage} damage of {c.hp} and is still on the battlefield"
        for sq in c.squares():
            assert s.bf.open(sq), f"{c.card.name} stands in a wall at {sq}"
            assert sq not in seen, f"{c.card.name} and {seen[sq]} share {sq}"
            seen[sq] = c.id
            assert s.occ.get(sq) == c.id
    assert len(seen) == len(s.occ)
    for p, ps in enumerate(s.players):
        assert ps.morale >= 0, "Morale never goes below 0"
        assert s.board_level(p) <= ps.leadership, "Leadership exceeded"
        assert len(ps.hand) <= ps.warband.commander.creature_hand, "creature hand over its size"
    for key, n in activated.items():
        assert n <= 1, f"{key[1]} activated {n} times in turn {key[0]}"


def play(s: DcState, policies: list[object]) -> DcState:
    activated: dict[tuple[int, str], int] = {}
    for _ in range(30_000):
        if s.is_terminal():
            return s
        p = s.current_player()
        pol = policies[p]
        a = pol.choose(s, s.legal_actions())  # type: ignore[attr-defined]
        check_before(s, a)
        if isinstance(a, Activate):
            activated[(s.turn, a.creature)] = activated.get((s.turn, a.creature), 0) + 1
        s.apply(a)
        check_after(s, activated)
    raise AssertionError("the battle did not end")


@pytest.mark.parametrize(("a", "b"), PAIRINGS)
def test_random_playouts_break_no_rule(a: str, b: str) -> None:
    seed = PAIRINGS.index((a, b))
    s = play(new_battle(a, b, seed=seed), [RandomPolicy(seed, 0), RandomPolicy(seed, 1)])
    r = s.result()
    assert r.reason in ("morale", "no-creatures", "turn-limit")
    assert r.details["modelled_share"] >= 0.9  # type: ignore[operator]
    assert len(r.details["morale_curve"]) >= 1  # type: ignore[arg-type]


def test_the_heuristic_player_beats_random_in_nearly_every_battle() -> None:
    wins = 0
    for i, (a, b) in enumerate(PAIRINGS):
        heur = i % 2
        policies: list[object] = [RandomPolicy(i, 0), RandomPolicy(i, 1)]
        policies[heur] = DcHeuristicPolicy(i, heur)
        s = play(new_battle(a, b, seed=100 + i), policies)
        wins += s.result().winner == heur
    assert wins >= 9, f"the heuristic player won {wins} of {len(PAIRINGS)}"


@settings(max_examples=40, deadline=None)
@given(level=st.integers(1, 6), helper_levels=st.lists(st.integers(1, 6), max_size=3))
def test_assistants_add_their_levels_and_never_make_an_order_illegal(level: int, helper_levels: list[int]) -> None:
    """§8.5: the creature's level plus its assistants' reaches the order's level; adding one never hurts."""
    s = scenario(warband("Valnar Trueblade", ["Dragon Knight"], ["Killing Strike"]),
                 warband("Aliszandra Malistros", ["Drider"]))
    knight = s.creatures["a1"]
    strike = next(card for _p, card in s.orders.values() if card.name == "Killing Strike")
    helpers = []
    for i, lv in enumerate(helper_levels):
        h = scenario(warband("Valnar Trueblade", ["Dragon Knight"]), warband("Aliszandra Malistros", ["Drider"])
                     ).creatures["a1"]
        h.id = f"h{i}"
        h.card = replace(h.card, level=lv)
        helpers.append(h)
    knight.card = replace(knight.card, level=level)
    ok = s.order_level_ok(knight, strike, helpers)
    assert ok == (level + sum(helper_levels) >= strike.level)
    if s.order_level_ok(knight, strike, helpers[:-1]) and helpers:
        assert ok
