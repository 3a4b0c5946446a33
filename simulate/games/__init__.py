"""Per-game rules on the shared engine, behind one registry (python-chess's variants, by id).

``GAMES`` maps a game id to its :class:`~simulate.engine.game.Game`. An unknown id is a clear error;
the three games whose engines are designed but not built yet (``docs/engine.md``) say so.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import games as game_registry
from simulate.engine.ai import POLICIES, Policy
from simulate.engine.game import Game
from simulate.engine.replay import BattleOutcome, ReplayRecord, play, replay
from simulate.games.ddm import DdmGame
from simulate.games.ddm_ai import DdmHeuristicPolicy

GAMES: dict[str, Game] = {"ddm": DdmGame()}
POLICIES["heuristic"] = DdmHeuristicPolicy  # the only game with a simulator so far; others will dispatch by game
PLANNED = tuple(g for g in game_registry.ids() if g not in GAMES)  # designed, not built yet (docs/engine.md)


class UnknownGame(KeyError):
    """A game id that is not one of the four (or whose simulator is not built yet)."""

    def __str__(self) -> str:
        return str(self.args[0])


def get_game(game_id: str) -> Game:
    try:
        return GAMES[game_id]
    except KeyError:
        if game_id in PLANNED:
            raise UnknownGame(f"game {game_id!r} has no simulator yet (see docs/engine.md)") from None
        raise UnknownGame(f"unknown game {game_id!r}; known: {sorted(GAMES)}") from None


def play_battle(
    *,
    game: str,
    lists: Sequence[Mapping[str, Any]],
    battle_map: Mapping[str, Any] | str,
    seed: int | str,
    policies: Sequence[Policy | str] = ("random", "random"),
    params: Mapping[str, Any] | None = None,
    catalogue_version: str = "",
) -> BattleOutcome:
    """Play one battle: lists as plain data, a map (a bundled slug or a map document), a seed and the two
    players' policies. Returns the final state and the replay record (JSON-ready via ``to_json()``)."""
    return play(
        get_game(game), lists=lists, battle_map=battle_map, seed=seed, policies=policies, params=params,
        catalogue_version=catalogue_version,
    )


def replay_battle(record: ReplayRecord | Mapping[str, Any]) -> Any:
    """Replay a stored battle; raises ``ReplayMismatch`` if any event differs. Returns the final state."""
    rec = record if isinstance(record, ReplayRecord) else ReplayRecord.from_json(record)
    return replay(get_game(rec.game), rec)
