"""A board of named fields joined by paths (Stronghold, ``stronghold.md`` §3): how a graph board plugs in.

Stronghold's attacker moves units forward along paths (gathering point → rampart → wall section);
fields hold counts of units rather than single pieces. Paths may be one-way.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from simulate.engine.board import Area


@dataclass
class FieldGraph:
    fields: tuple[str, ...]
    paths: frozenset[tuple[str, str]]  # (from, to); one-way unless both directions are listed
    capacity: dict[str, int] = field(default_factory=dict)
    area_list: tuple[Area, ...] = ()

    def cells(self) -> Iterator[str]:
        return iter(self.fields)

    def neighbours(self, cell: str) -> Iterator[str]:
        for a, b in sorted(self.paths):
            if a == cell:
                yield b

    def distance(self, a: str, b: str) -> int:
        """Steps along paths from a to b (forward only); a large number when unreachable."""
        seen = {a: 0}
        queue = deque([a])
        while queue:
            cur = queue.popleft()
            if cur == b:
                return seen[cur]
            for n in self.neighbours(cur):
                if n not in seen:
                    seen[n] = seen[cur] + 1
                    queue.append(n)
        return 1 << 30

    def areas(self, kind: str | None = None, letter: str | None = None) -> list[Area]:
        return [
            a for a in self.area_list if (kind is None or a.kind == kind) and (letter is None or a.letter == letter)
        ]

    def reachable(self, start: str, steps: int) -> set[str]:
        out = {start}
        frontier: Iterable[str] = [start]
        for _ in range(steps):
            nxt = {n for f in frontier for n in self.neighbours(f)}
            frontier = nxt - out
            out |= nxt
        return out
