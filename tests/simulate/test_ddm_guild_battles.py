"""Whole DDM Guild battles: the heuristic player beats a random one with the same warband, a battle replays
exactly from its record, and the result names the rules profile it was played by."""

from __future__ import annotations

import random

from simulate.engine.ai import Policy, RandomPolicy
from simulate.engine.replay import ReplayRecord, play, replay
from simulate.games import ddm_guild_rules as R
from simulate.games.ddm_guild import GuildGame
from simulate.games.ddm_guild_ai import GuildHeuristicPolicy
from tests.simulate.guild import random_legal_warband, warband

GAME = GuildGame()


def test_the_heuristic_player_beats_random_with_the_same_warband() -> None:
    wins = battles = 0
    for k in range(6):
        lst, _ = random_legal_warband(random.Random(f"heuristic-vs-random:{k}"))
        for side in (0, 1):
            players: list[Policy] = [GuildHeuristicPolicy(k, 0), RandomPolicy(k, 1)] if side == 0 else \
                [RandomPolicy(k, 0), GuildHeuristicPolicy(k, 1)]
            out = play(GAME, lists=[lst, lst], battle_map="guild-standin-large", seed=k, policies=players,
                       params={"format": "standard-200"})
            battles += 1
            wins += out.state.result().winner == side
    assert wins >= battles - 1, f"the heuristic player won {wins} of {battles}"


def test_a_battle_replays_exactly_from_its_record() -> None:
    rng = random.Random("replay")
    a, _ = random_legal_warband(rng)
    b, _ = random_legal_warband(rng)
    out = play(GAME, lists=[a, b], battle_map="guild-standin-large", seed=11,
               policies=[GuildHeuristicPolicy(11, 0), RandomPolicy(11, 1)], params={"format": "standard-200"})
    record = ReplayRecord.from_json(out.record.to_json())
    state = replay(GAME, record)
    assert state.result().to_json() == out.state.result().to_json()
    assert record.result["rules_version"] == R.RULES_VERSION
    assert record.game == "ddm-guild"


def test_the_same_seed_gives_the_same_battle() -> None:
    rng = random.Random("same")
    a, _ = random_legal_warband(rng)
    b, _ = random_legal_warband(rng)
    runs = [play(GAME, lists=[a, b], battle_map="guild-standin-small", seed="s:1",
                 policies=[GuildHeuristicPolicy("s:1", 0), GuildHeuristicPolicy("s:1", 1)],
                 params={"format": "quick-100"}).record.to_json() for _ in range(2)]
    assert runs[0]["events"] == runs[1]["events"]


def test_unplayed_powers_are_named_per_creature() -> None:
    lists = [warband("A", ["Human Fighter"]), warband("B", ["Cleric of Pelor"])]
    names = GAME.unmodelled(lists)
    assert all(": " in n for n in names)


def test_the_players_short_distance_field_agrees_with_the_whole_one_near_the_mover() -> None:
    """The heuristic player's way toward its goal is searched only as far as its move reaches (speed)."""
    from simulate.games.ddm_guild import board_for, guild_map
    from simulate.games.ddm_guild_board import UNREACHED

    board = board_for(guild_map("guild-standin-large"))
    goal = frozenset({(20, 10), (21, 11)})
    starts = (((2, 2), 6), ((18, 12), 4), ((20, 10), 5))
    shorts = [board.distances(goal, 1, start, slack) for start, slack in starts]
    whole = board.distance_field(goal, 1)
    assert whole == {board.squares[i]: d for i, d in enumerate(board.distances(goal, 1)) if d != UNREACHED}
    assert whole[(20, 10)] == 0 and whole[(21, 11)] == 0 and min(whole.values()) == 0
    for (start, slack), short in zip(starts, shorts, strict=True):
        near = [a for a, d in whole.items() if d <= whole[start] + slack]
        assert all(short[board.index(a)] == whole[a] for a in near), start
        reached = sum(1 for d in short if d != UNREACHED)
        if whole[start] + slack < max(whole.values()) - 1:
            assert reached < len(whole), start  # it stopped before the far side of the map
