"""The digest both battle-digest modules store: every battle's actions, events and result hashed in order."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from simulate.games import GAMES, play_battle


def records_digest(game: str, specs: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """Play each battle of ``game`` and digest its actions, events and result; count battles and events."""
    h = hashlib.sha256()
    battles = events = 0
    for spec in specs:
        record = play_battle(game=game, **spec).record.to_json()
        for part in ("actions", "events", "result"):
            h.update(json.dumps(record[part], sort_keys=True, separators=(",", ":")).encode())
        battles += 1
        events += len(record["events"])
    return {"game_version": GAMES[game].version, "battles": battles, "events": events, "sha256": h.hexdigest()}


def write_stored(path: Path, result: Mapping[str, Any]) -> None:
    path.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
