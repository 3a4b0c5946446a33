"""Stored battles replay exactly: same actions, same seed, every event the same (``docs/engine.md``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from simulate.engine import ENGINE_VERSION
from simulate.engine.replay import ReplayMismatch, ReplayRecord
from simulate.games import GAMES, play_battle, replay_battle
from tests.simulate.replays import battles

REPLAYS = sorted((Path(__file__).resolve().parent / "replays").glob("ddm-*.json"))


def test_there_are_stored_replays():
    assert len(REPLAYS) >= 3


@pytest.mark.parametrize("path", REPLAYS, ids=lambda p: p.stem)
def test_a_stored_battle_replays_event_for_event(path):
    raw = json.loads(path.read_text(encoding="utf-8"))
    record = ReplayRecord.from_json(raw)
    assert record.engine_version == ENGINE_VERSION and record.game_version == GAMES[record.game].version, (
        "the rules changed: bump the version and run python -m tests.simulate.replays.regenerate")
    state = replay_battle(raw)
    assert state.is_terminal()
    assert state.log.to_json() == record.events
    assert state.result().to_json() == record.result


def test_a_fixed_set_of_seeded_battles_plays_exactly_as_stored():
    """The digest of 18 seeded battles' full event logs (heuristic and random players, the four maps, the quick
    start): a refactoring or a speed-up leaves it as it was; a rules change bumps the version and stores it."""
    stored = json.loads(battles.STORED.read_text(encoding="utf-8"))
    assert stored["game_version"] == GAMES["ddm"].version, (
        "the rules changed: bump the version and run python -m tests.simulate.replays.regenerate")
    assert battles.digest() == stored


def test_a_replay_notices_a_changed_event():
    raw = json.loads(REPLAYS[0].read_text(encoding="utf-8"))
    attack = next(e for e in raw["events"] if e["kind"] == "attack" and e["roll"] is not None)
    attack["roll"] += 1
    with pytest.raises(ReplayMismatch, match="event #"):
        replay_battle(raw)


def test_a_record_is_plain_json_and_carries_everything_the_battle_used():
    raw = json.loads(REPLAYS[0].read_text(encoding="utf-8"))
    record = ReplayRecord.from_json(raw)
    outcome = play_battle(game=record.game, lists=record.lists, battle_map=record.battle_map, seed=record.seed,
                          params=record.params, catalogue_version=record.catalogue_version)
    again = json.loads(json.dumps(outcome.record.to_json()))
    assert set(again) >= {"engine_version", "catalogue_version", "game", "lists", "battle_map", "seed", "params",
                          "actions", "events", "result"}
    assert again["lists"][0]["creatures"][0]["hp"] == record.lists[0]["creatures"][0]["hp"]
    assert replay_battle(again).result().to_json() == again["result"]


def test_replays_do_not_depend_on_string_hashing(tmp_path):
    """Another interpreter with another PYTHONHASHSEED replays the same events (no set-order dependence)."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    code = ("import json, sys\nfrom simulate.games import replay_battle\n"
            "for p in sys.argv[1:]:\n    replay_battle(json.load(open(p)))\n")
    env = {"PYTHONPATH": str(root), "PYTHONHASHSEED": "4242", "PATH": "/usr/bin:/bin"}
    subprocess.run([sys.executable, "-c", code, *map(str, REPLAYS)], cwd=root, env=env, check=True)
