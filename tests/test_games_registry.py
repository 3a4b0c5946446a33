"""The game registry (``games``): each game declared once, and every layer's tables agree with it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import games
import simulate.games as engines
from builder.games import Panel
from catalogue.kinds import KINDS
from catalogue.models import Card
from validation.core.registry import games as validator_games

ROOT = Path(__file__).resolve().parents[1]
GAMES_FILE = ROOT / "catalogue" / "data" / "games.json"


def test_the_four_games_in_page_order() -> None:
    assert games.ids() == ("ddm", "dungeon-command", "battlelore2", "stronghold")
    assert [g.id for g in games.all_games()] == list(games.ids())


def test_an_unknown_game_or_ruleset_is_a_clear_error() -> None:
    with pytest.raises(games.UnknownGame, match="unknown game 'chess'; known: ddm, dungeon-command"):
        games.game("chess")
    with pytest.raises(games.UnknownGame, match="game 'ddm' has no ruleset 'default'"):
        games.ruleset("ddm", "default")
    assert not games.is_game(None) and not games.is_game("chess") and games.is_game("stronghold")
    assert games.sections("chess") == ()


def test_sections_say_which_key_holds_which_kinds() -> None:
    assert games.section_for("ddm", "seed", "battle-map") == games.Section(
        "battle_map", ("battle-map",), "single", "Battle map")
    assert games.section_for("stronghold", "default", "order").path == "plan.orders"  # type: ignore[union-attr]
    assert games.section_for("ddm", "ddm-guild", "battle-map") is None
    assert games.card_kinds("dungeon-command", "default") == ("commander", "creature", "order")
    # a ruleset the game does not have reads as the default one (a draft's ruleset before it is checked)
    assert games.sections("ddm", "nonsense") == games.sections("ddm", "seed")
    assert games.section_for("stronghold", "default", "order").pointer == "/plan/orders"  # type: ignore[union-attr]


def test_the_registry_agrees_with_the_bundled_games_file() -> None:
    declared = json.loads(GAMES_FILE.read_text(encoding="utf-8"))["games"]
    assert [g["slug"] for g in declared] == list(games.ids())
    for row in declared:
        entry = games.game(row["slug"])
        assert entry.name == row["name"]
        assert [(r["slug"], r["name"], bool(r.get("default"))) for r in row["rulesets"]] == [
            (r.id, r.name, r.default) for r in entry.rulesets
        ]


def test_the_registry_agrees_with_the_validator() -> None:
    specs = validator_games()
    assert list(specs) == list(games.ids())
    for game, ruleset in games.rulesets():
        spec = specs[game.id][ruleset.id]
        assert (spec.name, spec.default) == (ruleset.name, ruleset.default)
        assert spec.find_format(ruleset.default_format) is not None
        assert ruleset.default_format == next(iter(spec.formats))  # the first format the builder offers
    assert sum(len(g.rulesets) for g in games.all_games()) == sum(len(r) for r in specs.values())


def test_every_kind_is_a_catalogue_model_and_every_layer_part_loads() -> None:
    assert set(KINDS) == {(g.id, r.id, k.id) for g, r in games.rulesets() for k in r.kinds}
    for game, ruleset in games.rulesets():
        for kind in ruleset.kinds:
            assert issubclass(KINDS[(game.id, ruleset.id, kind.id)].model, Card)
            assert kind.id in Card.Kind.values
        assert games.load(ruleset.validator).__name__ == ruleset.validator
        if ruleset.bridge is not None:
            assert games.load(ruleset.bridge) is not None
        if ruleset.builder is not None:
            assert isinstance(games.load(ruleset.builder), Panel)
        if ruleset.engine is not None:  # each ruleset's engine, under the engine's own id
            engine = games.load(ruleset.engine)
            assert isinstance(engines.GAMES[engine.id], engine)
        assert ruleset.cost_unit in ("points", "resources")
    for game in games.all_games():
        assert callable(games.load(game.converter + ":build"))
        assert set(game.collecting.kinds) <= {k.id for k in game.ruleset(game.collecting.ruleset).kinds}
        assert {s.path.split(".")[0] for r in game.rulesets for s in r.sections} <= game.document_keys
        assert game.summary and game.collecting.what and game.abilities_title


def test_a_game_is_registered_once_with_one_default_ruleset() -> None:
    ddm = games.game("ddm")
    with pytest.raises(ValueError, match="registered twice"):
        games.register(ddm)
    two_defaults = games.Game(
        "chess", "Chess", 9, (ddm.rulesets[0], ddm.rulesets[0]), (), frozenset(), ddm.collecting, "", ())
    with pytest.raises(ValueError, match="exactly one ruleset must be the default"):
        games.register(two_defaults)
    assert not games.is_game("chess")


def test_the_registry_imports_no_layer_and_no_django() -> None:
    code = (
        "import sys, games\n"
        "games.ids()\n"
        "layers = ('django', 'rest_framework', 'celery', 'catalogue', 'validation', 'simulate', 'builder', 'config')\n"
        "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in layers)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True,
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert out.stdout.strip() == ""
