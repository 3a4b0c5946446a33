"""Playing a battle to the end and recording it so that it replays exactly.

A battle is fully described by the engine version, the catalogue version, both lists (plain data with
every number used), the map, the parameters, the seed and the actions (``docs/engine.md``). Replaying a
record re-applies its actions with ``SeededDice(seed)`` and must reproduce every event.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, overload

from mypy_extensions import mypyc_attr

from simulate.engine import ENGINE_VERSION
from simulate.engine.ai import Policy, make_policy
from simulate.engine.dice import SeededDice
from simulate.engine.events import JSONValue
from simulate.engine.game import Action, Game, State

REPLAY_FORMAT = "muster-replay/1"


@mypyc_attr(native_class=False)  # mypyc cannot compile a subclass of this builtin exception
class ReplayMismatch(AssertionError):
    """Replaying a record did not give the recorded events."""


@dataclass
class ReplayRecord:
    game: str
    game_version: str
    lists: list[dict[str, Any]]
    battle_map: dict[str, Any]
    seed: int | str
    actions: list[dict[str, JSONValue]]
    events: list[dict[str, JSONValue]]
    result: dict[str, JSONValue]
    params: dict[str, Any] = field(default_factory=dict)
    policies: list[str] = field(default_factory=list)
    catalogue_version: str = ""
    engine_version: str = ENGINE_VERSION

    def to_json(self) -> dict[str, Any]:
        return {
            "format": REPLAY_FORMAT,
            "engine_version": self.engine_version,
            "game": self.game,
            "game_version": self.game_version,
            "catalogue_version": self.catalogue_version,
            "seed": self.seed,
            "params": self.params,
            "policies": self.policies,
            "lists": self.lists,
            "battle_map": self.battle_map,
            "actions": self.actions,
            "events": self.events,
            "result": self.result,
        }

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> ReplayRecord:
        if raw.get("format") != REPLAY_FORMAT:
            raise ValueError(f"not a replay record (format {raw.get('format')!r}, expected {REPLAY_FORMAT!r})")
        return cls(
            game=raw["game"],
            game_version=raw["game_version"],
            lists=list(raw["lists"]),
            battle_map=dict(raw["battle_map"]),
            seed=raw["seed"],
            actions=list(raw["actions"]),
            events=list(raw["events"]),
            result=dict(raw["result"]),
            params=dict(raw.get("params") or {}),
            policies=list(raw.get("policies") or []),
            catalogue_version=raw.get("catalogue_version", ""),
            engine_version=raw.get("engine_version", ""),
        )


class BattleOutcome:
    """A finished battle: its final state, and its replay record (built on first use: a matchup keeps only a
    sample battle's record, so the other battles never pay for turning their actions and events into JSON)."""

    def __init__(self, state: State, make_record: Callable[[], ReplayRecord]) -> None:
        self.state = state
        self._make_record = make_record
        self._record: ReplayRecord | None = None

    @property
    def record(self) -> ReplayRecord:
        if self._record is None:
            self._record = self._make_record()
        return self._record


class LazyLegal(Sequence[Action]):
    """The legal actions, computed only if a policy looks at them. A heuristic policy builds its candidate
    actions itself (and ``apply`` checks them), so listing every legal move is skipped."""

    def __init__(self, state: State) -> None:
        self._state = state
        self._items: list[Action] | None = None

    def _get(self) -> list[Action]:
        if self._items is None:
            self._items = self._state.legal_actions()
        return self._items

    def __len__(self) -> int:
        return len(self._get())

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        return self._get()[index]

    def __iter__(self) -> Iterator[Action]:
        return iter(self._get())


def play(
    game: Game,
    *,
    lists: Sequence[Mapping[str, Any]],
    battle_map: Mapping[str, Any] | str,
    seed: int | str,
    policies: Sequence[Policy | str],
    params: Mapping[str, Any] | None = None,
    catalogue_version: str = "",
    max_decisions: int = 200_000,
) -> BattleOutcome:
    """Play one battle from its start to its end; return the final state and the replay record."""
    players: list[Policy] = [
        make_policy(p, seed, i) if isinstance(p, str) else p for i, p in enumerate(policies)
    ]
    stored_lists = [game.describe_list(lst) for lst in lists]
    stored_map = game.describe_map(battle_map)
    state = game.new_initial_state(lists=stored_lists, battle_map=stored_map, dice=SeededDice(seed), params=params)
    decisions = 0
    while not state.is_terminal():
        decisions += 1
        if decisions > max_decisions:
            raise RuntimeError(f"battle did not end within {max_decisions} decisions")
        action = players[state.current_player()].choose(state, LazyLegal(state))
        state.apply(action)

    def make_record() -> ReplayRecord:
        return ReplayRecord(
            game=game.id,
            game_version=game.version,
            lists=stored_lists,
            battle_map=stored_map,
            seed=seed,
            actions=[a.to_json() for a in state.history],
            events=state.log.to_json(),
            result=state.result().to_json(),
            params=dict(params or {}),
            policies=[p.name for p in players],
            catalogue_version=catalogue_version,
        )

    return BattleOutcome(state, make_record)


def replay(game: Game, record: ReplayRecord) -> State:
    """Re-apply a record's actions from its seed; raise :class:`ReplayMismatch` at the first differing event."""
    state = game.new_initial_state(
        lists=record.lists, battle_map=record.battle_map, dice=SeededDice(record.seed), params=record.params
    )
    for raw in record.actions:
        state.apply(game.action_from_json(raw))
    produced = state.log.to_json()
    for i, (want, got) in enumerate(zip(record.events, produced, strict=False)):
        if want != got:
            raise ReplayMismatch(f"event #{i} differs:\n recorded {want}\n replayed {got}")
    if len(produced) != len(record.events):
        raise ReplayMismatch(f"recorded {len(record.events)} events, replay produced {len(produced)}")
    if state.is_terminal() and state.result().to_json() != record.result:
        raise ReplayMismatch(f"result differs: recorded {record.result}, replayed {state.result().to_json()}")
    return state
