"""No layer branches on a game's id: what differs between games is the game registry's (``games``), and a game's
own code lives in its own modules (``*/games/<game>.py``, ``<layer>/.../<game>_*.py``, a ``<game>/`` package).

A branch is a comparison with a game id (``game == "ddm"``, ``game in ("ddm", ...)``), a table keyed by game
ids (``{"ddm": ...}``, ``TABLE["ddm"]``), or a template's ``{% if game.slug == "ddm" %}``."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import games

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ("builder", "catalogue", "config", "simulate", "validation", "games")
IDS = frozenset(games.ids())
# Branches that another issue's work still has, by file: the engine's AI players per game (issue 13's
# ``simulate.games.PLAYERS``), until each game's engine module names its own players.
KNOWN: dict[str, set[str]] = {"simulate/games/__init__.py": {"ddm"}}
_IDS_PATTERN = "|".join(re.escape(g) for g in sorted(IDS))
_TEMPLATE_BRANCH = re.compile(r"""(==|!=|\bin)\s*["'](""" + _IDS_PATTERN + r""")["']""")


def _own_game(path: Path) -> str | None:
    """The game whose own module ``path`` is (by a folder or a file named after it), else None."""
    parts = [*path.relative_to(ROOT).parts[:-1], path.stem]
    for game in IDS:
        module = game.replace("-", "_")
        if any(p == module or p.startswith(module + "_") for p in parts):
            return game
    return None


def _game_ids(node: ast.AST | None) -> set[str]:
    """The game ids ``node`` spells: a string, or a tuple, list or set of strings."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in IDS:
        return {node.value}
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return {i for e in node.elts for i in _game_ids(e)}
    return set()


def branches(source: str, own: str | None = None) -> list[tuple[int, str]]:
    """``(line, id)`` of every branch on a game id in Python ``source`` (``own``'s own id is allowed)."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        spelled: set[str] = set()
        if isinstance(node, ast.Compare):
            spelled = _game_ids(node.left).union(*(_game_ids(c) for c in node.comparators))
        elif isinstance(node, ast.Dict):
            spelled = set().union(*(_game_ids(k) for k in node.keys))
        elif isinstance(node, ast.Subscript):
            spelled = _game_ids(node.slice)
        elif isinstance(node, ast.match_case):
            spelled = {i for n in ast.walk(node.pattern) for i in _game_ids(n)}
        line = getattr(node.pattern if isinstance(node, ast.match_case) else node, "lineno", 0)
        found += [(line, g) for g in sorted(spelled) if g != own]
    return found


def _python_files() -> list[Path]:
    out = []
    for layer in LAYERS:
        out += [p for p in (ROOT / layer).rglob("*.py") if "migrations" not in p.parts]
    return sorted(out)


def test_the_check_sees_each_kind_of_branch() -> None:
    source = (
        'if game == "ddm": pass\n'
        'ok = game in ("battlelore2", "stronghold")\n'
        'TABLE = {"dungeon-command": 1}\n'
        'x = TABLE["stronghold"]\n'
        'match game:\n    case "ddm": pass\n'
        'fine = games.game(game).one_name_one_card\n'
        'also_fine = {"game": "ddm", "format": "skirmish-200"}\n'  # a document, not a table of games
    )
    assert [line for line, _g in branches(source)] == [1, 2, 2, 3, 4, 6]
    assert branches('if game == "ddm": pass\n', own="ddm") == []
    assert _own_game(ROOT / "validation" / "games" / "stronghold" / "rules.py") == "stronghold"
    assert _own_game(ROOT / "simulate" / "games" / "ddm_ai.py") == "ddm"
    assert _own_game(ROOT / "builder" / "games" / "dungeon_command.py") == "dungeon-command"
    assert _own_game(ROOT / "builder" / "views.py") is None
    assert _TEMPLATE_BRANCH.search('{% if game.slug == "ddm" %}')
    assert _TEMPLATE_BRANCH.search("{% if card.game.slug != 'stronghold' %}")


@pytest.mark.parametrize("path", _python_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_branches_on_a_game_id(path: Path) -> None:
    known = KNOWN.get(str(path.relative_to(ROOT)), set())
    assert [b for b in branches(path.read_text(encoding="utf-8"), _own_game(path)) if b[1] not in known] == []


def test_no_template_branches_on_a_game_id() -> None:
    found = [
        f"{p.relative_to(ROOT)}:{n}"
        for p in sorted((ROOT / "templates").rglob("*.html"))
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), start=1)
        if _TEMPLATE_BRANCH.search(line)
    ]
    assert found == []
