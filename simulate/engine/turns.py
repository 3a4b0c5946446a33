"""Pieces, rounds and activations shared by the games.

- :class:`Piece`: something a player owns on a board (a DDM creature, a Dungeon Command creature, a
  BattleLore unit; a Stronghold field holds counts instead).
- :class:`PhaseClock`: rounds of alternating phases. In a phase one player activates up to ``per_phase``
  pieces; the players alternate; once one side has nothing left to activate, the other goes on alone;
  the round ends when nobody has anything left (D&D Miniatures §6.1 with ``per_phase=2``). A game with
  whole-player turns (Dungeon Command, BattleLore) uses ``per_phase=None``: a phase lasts until the
  player ends it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass
class Piece:
    id: str
    player: int


@dataclass
class PhaseClock:
    per_phase: int | None
    players: int = 2
    player: int = 0
    count: int = 0

    def start_round(self, first_player: int) -> None:
        self.player, self.count = first_player, 0

    def activated(self) -> None:
        self.count += 1

    def next_player(self, remaining: Callable[[int], int]) -> int | None:
        """Whose activation is next, given how many each player has left; None when the round is over."""
        if not any(remaining(p) for p in range(self.players)):
            return None
        full = self.per_phase is not None and self.count >= self.per_phase
        if not remaining(self.player) or full:
            for step in range(1, self.players + 1):
                other = (self.player + step) % self.players
                if remaining(other):
                    if other != self.player:
                        self.player = other
                    self.count = 0
                    break
        return self.player
