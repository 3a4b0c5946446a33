"""The layers' import contracts (pyproject.toml ``[tool.importlinter]``, docs/architecture.md) hold, and they bite:
a forbidden import in a copy of the tree makes ``lint-imports`` fail and name the broken contract."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("builder", "catalogue", "common", "config", "games", "simulate", "validation")
LINT = Path(sys.executable).with_name("lint-imports")


def _lint(tree: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(LINT), "--no-logo", "--no-cache", "--config", str(tree / "pyproject.toml")], cwd=tree,
        capture_output=True, text=True, env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"}, timeout=300,
    )


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the project's Python packages and its pyproject.toml (sources only)."""
    out = tmp_path_factory.mktemp("tree")
    for package in PACKAGES:
        shutil.copytree(ROOT / package, out / package,
                        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.json", "*.csv", "migrations", "data"))
    shutil.copy(ROOT / "pyproject.toml", out / "pyproject.toml")
    return out


@pytest.mark.parametrize(("module", "forbidden", "contract"), [
    ("validation/core/names.py", "catalogue.models", "The validator core knows no game, no database and no web"),
    ("simulate/engine/grid.py", "simulate.games.ddm", "The engine core knows no game and no Django"),
    ("validation/games/ddm.py", "catalogue.models", "The games' rules know no catalogue models"),
    ("catalogue/kinds.py", "builder.drafts", "The catalogue does not know who uses it"),
    ("games/ddm.py", "django.conf", "The game registry and the shared helpers know no layer"),
])
def test_a_forbidden_import_breaks_its_contract(tree: Path, module: str, forbidden: str, contract: str) -> None:
    path = tree / module
    original = path.read_text(encoding="utf-8")
    try:
        path.write_text(original + f"\nimport {forbidden}  # noqa: E402, F401\n", encoding="utf-8")
        broken = _lint(tree)
    finally:
        path.write_text(original, encoding="utf-8")
    assert broken.returncode == 1, broken.stdout + broken.stderr
    assert f"{contract}" in broken.stdout and "BROKEN" in broken.stdout
    assert f"{module[:-3].replace('/', '.')} -> {forbidden.split('.')[0]}" in broken.stdout


def test_the_tree_as_it_is_keeps_every_contract(tree: Path) -> None:
    kept = _lint(tree)
    assert kept.returncode == 0, kept.stdout + kept.stderr
    assert "5 kept, 0 broken" in kept.stdout
