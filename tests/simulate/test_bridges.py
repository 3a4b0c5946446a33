"""One bridge per game: every registered bridge has every piece the matchup layer asks for, every engine has
a bridge, docs/engine.md names its files, and the shared matchup layer never branches on a game's name."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from simulate.bridge import Bridge, bridge_for, bridge_paths, bridges, tally_sum
from simulate.engine.game import Result
from simulate.games import GAMES, PLAYERS
from tests.simulate.games.dc_helpers import pack_document
from validation.core import parse_document

ROOT = Path(__file__).resolve().parents[2]
GAME_IDS = ("ddm", "dungeon-command", "battlelore2", "stronghold")
EXAMPLE_LISTS = {
    ("ddm", "seed"): {"game": "ddm", "format": "skirmish-200", "name": "Heironeous", "faction": "LG",
                      "entries": [{"card": "Sword of Heironeous"}, {"card": "Dwarf Axefighter", "qty": 2}]},
    ("ddm", "ddm-guild"): {"game": "ddm", "ruleset": "ddm-guild", "format": "standard-200", "name": "Pelor",
                           "entries": [{"card": "Cleric of Pelor"}, {"card": "Human Fighter", "qty": 2}]},
    ("dungeon-command", "default"): pack_document("heart-of-cormyr"),
}


@pytest.mark.parametrize(("game", "ruleset"), list(bridge_paths()))
def test_a_registered_bridge_has_every_piece(game, ruleset):
    bridge = bridge_for(game, ruleset)
    assert isinstance(bridge, Bridge), f"{game}/{ruleset}: {bridge_paths()[(game, ruleset)]} lacks a piece of Bridge"
    assert (bridge.game, bridge.ruleset) == (game, ruleset)
    assert bridge.engine in GAMES, f"its engine {bridge.engine!r} is not in simulate.games.GAMES"
    assert bridge.players and bridge.default_player in bridge.players
    assert set(bridge.players) <= set(PLAYERS[bridge.engine]), "a player the engine does not have"
    for name, player in bridge.players.items():
        assert player.name == name and str(player.label) and player.chunk[0] <= player.chunk[1]
    assert bridge.describe_event({"kind": "something-new", "round": 1}, {}, ["A", "B"])


@pytest.mark.parametrize(("game", "ruleset"), list(bridge_paths()))
def test_docs_engine_md_names_each_bridges_files(game, ruleset):
    docs = (ROOT / "docs" / "engine.md").read_text()
    module = bridge_paths()[(game, ruleset)].split(":")[0].replace(".", "/") + ".py"
    assert (ROOT / module).exists()
    assert f"`{module}`" in docs, f"docs/engine.md does not name {module}"


def test_every_engine_has_a_bridge():
    engines = {b.engine for b in bridges()}
    assert set(GAMES) <= engines, f"engines without a bridge: {set(GAMES) - engines}"


@pytest.mark.django_db
@pytest.mark.parametrize(("game", "ruleset"), list(bridge_paths()))
def test_a_bridge_plays_its_example_lists_through_every_piece(game, ruleset):
    """Every bridge needs an example here: two lists of its game the bundled catalogue can play."""
    from simulate.services import matchup_compute, matchup_prepare

    document = EXAMPLE_LISTS[(game, ruleset)]
    bridge = bridge_for(game, ruleset)
    assert bridge is not None and bridge.battlefields()
    spec, _, _ = matchup_prepare(a=document, b=document, battles=2, seed=1)
    result = matchup_compute(spec)
    assert set(result["per_creature"]) and result["game"] == game and result["ruleset"] == ruleset
    assert bridge.replay_frames(result["sample_battle"])["frames"]
    assert bridge.figures(result, result["lists"]) is not None
    assert str(bridge.battlefield_svg(spec.map_layout, title="map"))
    assert bridge.setup([parse_document(document)] * 2, None).battlefield


def test_tallies_add_key_by_key_whatever_their_shape():
    total: dict = {}
    tally_sum(total, {"a": 1, "m": {"3": 1}, "c": {"a1": [1, 2]}})
    tally_sum(total, {"a": 2, "m": {"3": 1, "-5": 1}, "c": {"a1": [1, 1, 4]}})
    assert total == {"a": 3, "m": {"3": 2, "-5": 1}, "c": {"a1": [2, 3, 4]}}
    assert Result(0, "x", (1, 0), 1).winner == 0


def _own_modules(path: Path) -> set[str]:
    """The game ids a file of simulate/ belongs to (its engine modules and its bridges)."""
    name = path.name
    return {g for g in GAME_IDS if name.startswith(g.replace("-", "_"))} if path.parent.name in ("games", "bridges") \
        else set()


IDS = "|".join(re.escape(g) for g in GAME_IDS)
BRANCH = re.compile(rf"""[!=]=\s*["']({IDS})["']|["']({IDS})["']\s*[!=]=|\bin\s*[({{\[]\s*["']({IDS})["']""")


def test_the_branch_check_bites():
    for line in ('if doc.game == "ddm":', "if 'stronghold' != game:", 'if game in ("ddm", "x"):',
                 'elif matchup.game == "dungeon-command" and x:'):
        assert BRANCH.search(line), line
    assert not BRANCH.search('GAMES = {"ddm": DdmGame()}')


def test_the_matchup_layer_has_no_branch_on_a_games_name():
    branch = BRANCH
    found = []
    for path in sorted((ROOT / "simulate").rglob("*.py")):
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            match = branch.search(line)
            if match and not ({g for g in match.groups() if g} <= _own_modules(path)):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not found, "branches on a game's name outside its own modules:\n" + "\n".join(found)
