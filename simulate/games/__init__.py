"""Per-game rules on the shared engine, behind one registry (python-chess's variants, by id).

``GAMES`` maps a game id to its :class:`~simulate.engine.game.Game`, ``PLAYERS`` to its computer players by
name (each game has its own ``heuristic``; ``random`` is the engine's). An unknown id is a clear error; the
games whose engines are designed but not built yet (``docs/engine.md``) say so.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import games as game_registry
from simulate.engine.ai import POLICIES, Policy, RandomPolicy, UnknownPolicy
from simulate.engine.game import Game
from simulate.engine.replay import BattleOutcome, ReplayRecord, play, replay
from simulate.games.ddm_ai import DdmHeuristicPolicy
from simulate.games.ddm_guild_ai import GuildHeuristicPolicy
from simulate.games.dungeon_command import DcGame
from simulate.games.dungeon_command_ai import DcHeuristicPolicy

# Each ruleset's engine, as the game registry names it (``games.Ruleset.engine``), by the engine's own id: a game
# whose rulesets play differently has one engine each (D&D Miniatures: ``ddm`` for the seeds, ``ddm-guild``).
GAMES: dict[str, Game] = {}
for _entry, _ruleset in game_registry.rulesets():
    if _ruleset.engine:
        _engine: Game = game_registry.load(_ruleset.engine)()
        GAMES.setdefault(_engine.id, _engine)
PLAYERS: dict[str, dict[str, Callable[[int | str, int], Policy]]] = {
    "ddm": {"random": RandomPolicy, "heuristic": DdmHeuristicPolicy},
    "ddm-guild": {"random": RandomPolicy, "heuristic": GuildHeuristicPolicy},
    DcGame.id: {"random": RandomPolicy, "heuristic": DcHeuristicPolicy},
}
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


def make_player(game_id: str, name: str, seed: int | str, player: int) -> Policy:
    """Game ``game_id``'s computer player ``name`` for one battle (``UnknownPolicy`` if it has none)."""
    players = PLAYERS.get(game_id, POLICIES)
    if name not in players:
        raise UnknownPolicy(f"unknown AI policy {name!r} for {game_id}; known: {sorted(players)}")
    return players[name](seed, player)


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
    players' policies (a name is the game's own player: ``PLAYERS``). Returns the final state and the replay
    record (JSON-ready via ``to_json()``)."""
    players = [make_player(game, p, seed, i) if isinstance(p, str) else p for i, p in enumerate(policies)]
    return play(
        get_game(game), lists=lists, battle_map=battle_map, seed=seed, policies=players, params=params,
        catalogue_version=catalogue_version,
    )


def replay_battle(record: ReplayRecord | Mapping[str, Any]) -> Any:
    """Replay a stored battle; raises ``ReplayMismatch`` if any event differs. Returns the final state."""
    rec = record if isinstance(record, ReplayRecord) else ReplayRecord.from_json(record)
    return replay(get_game(rec.game), rec)
