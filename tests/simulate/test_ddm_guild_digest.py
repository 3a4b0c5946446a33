"""DDM Guild battles play exactly as stored: the digest of a fixed set of seeded battles' full event logs
(``tests/simulate/replays/guild_battles.py``). A representation change or a speed-up leaves it as it was; a
deliberate rules change bumps the Guild game's version and stores the new digest."""

from __future__ import annotations

import json

from simulate.games import GAMES
from tests.simulate.replays import guild_battles

STORE = "python -m tests.simulate.replays.guild_battles --store"


def test_a_fixed_set_of_seeded_guild_battles_plays_exactly_as_stored():
    stored = json.loads(guild_battles.STORED.read_text(encoding="utf-8"))
    assert stored["game_version"] == GAMES["ddm-guild"].version, (
        f"the Guild rules changed: store the new digest ({STORE})")
    assert guild_battles.digest() == stored, (
        f"the same battles played differently: a change meant to keep behaviour did not; a deliberate rules change "
        f"bumps the game version and stores the digest ({STORE})")
