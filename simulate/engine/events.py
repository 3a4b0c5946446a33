"""The event log: what happened, in order, as JSON-ready records.

Events are the replay's evidence: replaying a stored battle must produce exactly the same events.
Each event has a ``kind`` and flat, JSON-scalar (or list of scalars) data.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

JSONScalar = str | int | float | bool | None
JSONValue = JSONScalar | list[Any] | dict[str, Any]


class Event:
    """One thing that happened: its ``kind`` and flat data. A plain class, not a dataclass: compiled, its
    constructor is native (a dataclass's generated ``__init__`` stays interpreted), and a battle makes
    thousands of events."""

    def __init__(self, kind: str, data: dict[str, JSONValue]) -> None:
        self.kind = kind
        self.data = data

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and self.kind == other.kind and self.data == other.data

    def __repr__(self) -> str:
        return f"Event(kind={self.kind!r}, data={self.data!r})"

    def to_json(self) -> dict[str, JSONValue]:
        return {"kind": self.kind, **self.data}

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Event:
        data = dict(raw)
        kind = data.pop("kind")
        return cls(kind=str(kind), data=data)


class EventLog:
    """An append-only list of events."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    def add(self, kind: str, **data: JSONValue) -> Event:
        event = Event(kind, data)
        self.events.append(event)
        return event

    def add_data(self, kind: str, data: dict[str, JSONValue]) -> Event:
        """:meth:`add` with the data as a dict the caller built (and no longer changes)."""
        event = Event(kind, data)
        self.events.append(event)
        return event

    def __iter__(self) -> Iterator[Event]:
        return iter(self.events)

    def __len__(self) -> int:
        return len(self.events)

    def of_kind(self, kind: str) -> list[Event]:
        return [e for e in self.events if e.kind == kind]

    def to_json(self) -> list[dict[str, JSONValue]]:
        return [e.to_json() for e in self.events]
