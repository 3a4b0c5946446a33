"""The engine's vocabulary, after OpenSpiel: a :class:`Game` describes, a :class:`State` changes.

Every game plugs in the same way:

- its actions derive from :class:`Action`, frozen dataclasses or plain classes that name their fields (JSON
  round-trip through ``to_json``/``Game.action_from_json``), so the history is the replay log;
- its :class:`State` answers ``current_player()``, ``legal_actions()``, ``apply(action)``,
  ``is_terminal()`` and ``result()``, keeps ``history`` (the actions applied) and ``log`` (the events);
- its dice come from outside (``simulate.engine.dice``).
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from simulate.engine.dice import Dice
from simulate.engine.events import EventLog, JSONValue

TERMINAL = -4  # OpenSpiel's kTerminalPlayerId: nobody is to act


class IllegalAction(ValueError):
    """An action that the rules do not allow in this state (the message says why)."""


class Action:
    """Base of every game's actions: subclasses are frozen dataclasses that add typed fields and set ``kind``, or
    plain classes that never change once made and name their fields, in order, in ``FIELDS`` (D&D Miniatures':
    compiled, a plain class constructs natively).

    Not a dataclass itself: under mypyc its ``kind`` would become a dataclass field (mypyc/mypyc#1122)."""

    kind: ClassVar[str] = "action"
    FIELDS: ClassVar[tuple[str, ...] | None] = None  # None: a dataclass, whose fields say

    def field_names(self) -> tuple[str, ...]:
        """The action's fields, in the replay log's order."""
        return action_fields(type(self))

    def to_json(self) -> dict[str, JSONValue]:
        out: dict[str, JSONValue] = {"kind": self.kind}
        for name in self.field_names():
            out[name] = _jsonable(getattr(self, name))
        return out


def action_fields(cls: type[Action]) -> tuple[str, ...]:
    """The fields of an action class: its ``FIELDS``, or a dataclass's fields."""
    if cls.FIELDS is not None:
        return cls.FIELDS
    return tuple(f.name for f in dataclasses.fields(cls))  # type: ignore[arg-type]  # a dataclass


def _jsonable(value: Any) -> JSONValue:
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    return value


def _tupled(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    return value


def action_from_json(classes: Sequence[type[Action]], raw: Mapping[str, Any]) -> Action:
    """Rebuild an action of one of ``classes`` from its ``to_json`` form (lists become tuples)."""
    by_kind = {c.kind: c for c in classes}
    kind = raw.get("kind")
    if kind not in by_kind:
        raise ValueError(f"unknown action kind {kind!r}; known: {sorted(by_kind)}")
    cls = by_kind[str(kind)]
    names = set(action_fields(cls))
    return cls(**{k: _tupled(v) for k, v in raw.items() if k in names})


@dataclass
class Result:
    """How a finished battle ended. ``winner`` is a player index, or None for a draw."""

    winner: int | None
    reason: str
    scores: tuple[int, ...]
    rounds: int
    details: dict[str, JSONValue] = field(default_factory=dict)

    def to_json(self) -> dict[str, JSONValue]:
        return {
            "winner": self.winner,
            "reason": self.reason,
            "scores": list(self.scores),
            "rounds": self.rounds,
            **self.details,
        }


class State(ABC):
    """One game in progress."""

    history: list[Action]
    log: EventLog

    @abstractmethod
    def current_player(self) -> int:
        """The player to decide now, or :data:`TERMINAL`."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every action the current player may take (never empty unless terminal)."""

    @abstractmethod
    def apply(self, action: Action) -> None:
        """Play ``action`` (raises :class:`IllegalAction` if the rules forbid it)."""

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def result(self) -> Result:
        """The outcome; only valid when :meth:`is_terminal`."""


class Game(ABC):
    """A game's description: its id, parameters, and how to start a battle."""

    id: ClassVar[str]
    version: ClassVar[str]
    num_players: ClassVar[int] = 2

    @abstractmethod
    def new_initial_state(
        self,
        *,
        lists: Sequence[Mapping[str, Any]],
        battle_map: Mapping[str, Any] | str,
        dice: Dice,
        params: Mapping[str, Any] | None = None,
    ) -> State:
        """A new battle between ``lists`` (plain data, as in the replay record) on ``battle_map``."""

    @abstractmethod
    def action_from_json(self, raw: Mapping[str, Any]) -> Action: ...

    def describe_list(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        """The list as it is stored in a replay record (plain data, with every number the battle used)."""
        return dict(raw)

    def describe_map(self, battle_map: Mapping[str, Any] | str) -> dict[str, Any]:
        """The map as it is stored in a replay record."""
        if isinstance(battle_map, str):
            return {"id": battle_map}
        return dict(battle_map)

    def unmodelled(self, lists: Sequence[Mapping[str, Any]]) -> list[str]:
        """Names of rules the lists' cards rely on that the engine does not play (for matchup reports)."""
        return []
