"""Dungeon Command battles per second: two faction packs as they come (heuristic players, then random ones), and
in the same run the standard 200-point D&D Miniatures matchup of ``bench/engine.py``, so the two compare on one
machine at one moment (a preview's time is its battles over battles per second per worker).

A plain script (``make bench`` runs it), not a timed test. ``BENCH_DC_BATTLES`` sets the number of heuristic
battles per pairing (default 40), ``BENCH_RANDOM_BATTLES`` the random ones (default 5), ``BENCH_DC_PAIRINGS`` how
many of the 10 pairings (default 3). Also prints the share of order cards and powers the engine plays."""

from __future__ import annotations

import itertools
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings_test")

import django  # noqa: E402

django.setup()  # the D&D Miniatures cards of the comparison are read with the catalogue's parser

from bench import engine as ddm_bench  # noqa: E402
from simulate import compiled  # noqa: E402
from simulate.engine.ai import RandomPolicy  # noqa: E402
from simulate.engine.replay import play  # noqa: E402
from simulate.games.dungeon_command import DcGame  # noqa: E402
from simulate.games.dungeon_command_ai import DcHeuristicPolicy  # noqa: E402
from simulate.games.dungeon_command_cards import Warband, modelled_share  # noqa: E402
from tests.simulate.games.dc_helpers import PACKS, battle_map, pack_cards, pack_list  # noqa: E402


def dc_rate(a: str, b: str, battles: int, heuristic: bool) -> tuple[float, float, float, list[int]]:
    """(battles/s of CPU, decisions a battle, turns a battle, wins) for pack ``a`` against pack ``b``."""
    game = DcGame()
    lists = [pack_list(a), pack_list(b)]
    field = game.describe_map(battle_map(a, b))

    def players(seed: int) -> list[object]:
        if heuristic:
            return [DcHeuristicPolicy(seed, 0), DcHeuristicPolicy(seed, 1)]
        return [RandomPolicy(seed, 0), RandomPolicy(seed, 1)]

    play(game, lists=lists, battle_map=field, seed="warm-up", policies=players(0))  # type: ignore[arg-type]
    cpu = time.process_time()
    decisions, turns, wins = [], [], [0, 0, 0]
    for seed in range(battles):
        out = play(game, lists=lists, battle_map=field, seed=seed, policies=players(seed))  # type: ignore[arg-type]
        result = out.state.result()
        decisions.append(len(out.state.history))
        turns.append(result.rounds)
        wins[2 if result.winner is None else result.winner] += 1
    cpu = time.process_time() - cpu
    return battles / cpu, statistics.mean(decisions), statistics.mean(turns), wins


def main() -> None:
    n = int(os.environ.get("BENCH_DC_BATTLES", "40"))
    n_random = int(os.environ.get("BENCH_RANDOM_BATTLES", "5"))
    pairings = list(itertools.combinations(PACKS, 2))[: int(os.environ.get("BENCH_DC_PAIRINGS", "3"))]
    warbands = [Warband.from_json(pack_list(p, c["name"])) for p in PACKS for c in pack_cards(p)
                if c["kind"] == "commander"]
    share = modelled_share(warbands)
    print(f"dungeon-command, the five packs as they come, one process; engine {compiled.describe()}")
    print(f"  modelled: {share.modelled} of {share.total} orders, powers and commander abilities "
          f"({share.share:.1%}); from readings: {len(share.readings)}")
    rates = []
    for a, b in pairings:
        rate, decisions, turns, wins = dc_rate(a, b, n, heuristic=True)
        rates.append(rate)
        print(f"  {a} v {b}, heuristic players, {n} battles: {rate:.2f} battles/s of CPU; {decisions:.0f} decisions "
              f"and {turns:.1f} turns a battle; wins {wins[0]}/{wins[1]}, draws {wins[2]}")
    a, b = pairings[0]
    rate_r, decisions, turns, wins = dc_rate(a, b, n_random, heuristic=False)
    print(f"  {a} v {b}, random players, {n_random} battles: {rate_r:.2f} battles/s of CPU; {decisions:.0f} "
          f"decisions and {turns:.1f} turns a battle")
    lists = [ddm_bench.warband("Lawful Good (Harbinger)", "LG", ddm_bench.LAWFUL_GOOD),
             ddm_bench.warband("Chaotic Good (Harbinger)", "CG", ddm_bench.CHAOTIC_GOOD)]
    print("  the same run, D&D Miniatures 200 points:")
    ddm = ddm_bench.run("heuristic", int(os.environ.get("BENCH_BATTLES", "30")), lists)
    dc = statistics.mean(rates)
    print(f"  Dungeon Command / D&D Miniatures (200 points): {dc / ddm:.2f}x battles/s of CPU "
          f"(a 1,000-battle preview takes {1000 / dc / 2:.0f} s of CPU on 2 workers against {1000 / ddm / 2:.0f} s)")


if __name__ == "__main__":
    main()
