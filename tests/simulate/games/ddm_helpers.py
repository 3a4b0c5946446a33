"""Shared personas and a small battle builder for the D&D Miniatures rules tests.

The personas are the quick start's two creatures (``ddm-basic.md`` §2.1). Numbers the seeds do not give
(the Ranger's HP, Level and cost, the Mauler's cost) are test values, marked ``TEST VALUE``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from simulate.engine.dice import ScriptedDice
from simulate.engine.grid import Sq
from simulate.games.ddm import ChooseDeployFirst, ChooseFirstPlayer, ChooseStartArea, DdmGame, DdmState, Deploy
from simulate.games.ddm_cards import AbilitySpec, AttackSpec, CreatureCard, SpellSpec

WOOD_ELF_RANGER = CreatureCard(
    name="Wood Elf Ranger", cost=10,  # TEST VALUE (not in the seeds)
    level=5,  # TEST VALUE
    speed=6, ac=16,
    hp=40,  # TEST VALUE: more than 30, since 15 damage brought no morale save
    factions=("CG",), creature_type="Humanoid", subtypes=("Elf",),
    attacks=(AttackSpec("melee", 10, 10, "magic"), AttackSpec("melee", 9, 5, "magic")),
    abilities=(
        AbilitySpec("Hunter", text="Melee damage +5 unless more than 1 enemy is adjacent"),
        AbilitySpec("Orc Foe", text="+5 damage against Orcs"),
    ),
)
ORC_MAULER = CreatureCard(
    name="Orc Mauler", cost=12,  # TEST VALUE
    level=6, speed=6, ac=18, hp=55, factions=("CE",), creature_type="Humanoid", subtypes=("Orc",),
    attacks=(AttackSpec("melee", 11, 15),),
)


def creature(name: str = "Soldier", *, ac: int = 15, hp: int = 30, level: int = 3, speed: int = 6, bonus: int = 5,
             damage: int = 10, cost: int = 10, ranged: tuple[int, int] | None = None, commander: int | None = None,
             abilities: Sequence[AbilitySpec] = (), spells: Sequence[SpellSpec] = (), **fields: Any) -> CreatureCard:
    attacks = [AttackSpec("melee", bonus, damage)]
    if ranged is not None:
        attacks.append(AttackSpec("ranged", ranged[0], ranged[1]))
    card = CreatureCard(name=name, cost=cost, level=level, speed=speed, ac=ac, hp=hp, commander_rating=commander,
                        attacks=tuple(attacks), abilities=tuple(abilities), spells=tuple(spells))
    return replace(card, **fields) if fields else card


def map_doc(rows: Sequence[str], start_a: Sequence[Sq], start_b: Sequence[Sq], *,
            exit_a: Sequence[Sq] = (), exit_b: Sequence[Sq] = (), victory: dict[str, Sequence[Sq]] | None = None,
            legend: dict[str, list[str]] | None = None, edge_walls: Sequence[Sequence[int]] = ()) -> dict[str, Any]:
    areas: list[dict[str, Any]] = [
        {"kind": "start", "letter": "A", "squares": [list(s) for s in start_a]},
        {"kind": "start", "letter": "B", "squares": [list(s) for s in start_b]},
    ]
    if exit_a:
        areas.append({"kind": "exit", "letter": "A", "squares": [list(s) for s in exit_a]})
    if exit_b:
        areas.append({"kind": "exit", "letter": "B", "squares": [list(s) for s in exit_b]})
    for letter, squares in (victory or {}).items():
        areas.append({"kind": "victory", "letter": letter, "squares": [list(s) for s in squares]})
    return {"format": "muster-ddm-map/1", "slug": "test-map", "name": "test map", "width": len(rows[0]),
            "height": len(rows), "rows": list(rows), "areas": areas, "legend": legend or {},
            "edge_walls": [list(e) for e in edge_walls]}


def battle(a: Sequence[CreatureCard], b: Sequence[CreatureCard], place_a: Sequence[Sq], place_b: Sequence[Sq],
           dice: Sequence[int] = (), *, rows: Sequence[str] | None = None, first: int = 0,
           params: dict[str, Any] | None = None, **map_kwargs: Any) -> tuple[DdmState, ScriptedDice]:
    """A battle already deployed (player 0 in area A at ``place_a``) and in round 1 with ``first`` to act.

    The setup and round-1 initiative rolls are scripted (20 for player 0, 1 for player 1); ``dice`` follow."""
    rows = rows or ["." * 12] * 12
    doc = map_doc(rows, place_a, place_b, **map_kwargs)
    scripted = ScriptedDice([20, 1, 20, 1, *dice])
    lists = [{"name": "A", "creatures": [c.to_json() for c in a]}, {"name": "B", "creatures": [c.to_json() for c in b]}]
    state = DdmGame().new_initial_state(lists=lists, battle_map=doc, dice=scripted, params=params)
    state.apply(ChooseDeployFirst(0))
    state.apply(ChooseStartArea("A"))
    for i, sq in enumerate(place_a):
        state.apply(Deploy(f"a{i + 1}", *sq))
    for i, sq in enumerate(place_b):
        state.apply(Deploy(f"b{i + 1}", *sq))
    state.apply(ChooseFirstPlayer(first))
    return state, scripted


def events(state: DdmState, kind: str) -> list[dict[str, Any]]:
    return [e.to_json() for e in state.log if e.kind == kind]
