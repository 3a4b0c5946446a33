"""The engine and the game rules import nothing from Django, DRF or Celery, nor the catalogue, the builder or the
project's configuration (STYLE: pure cores; the import contracts in pyproject.toml say the same statically)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_the_engine_and_the_games_import_without_django():
    code = (
        "import sys\n"
        "import simulate.engine.ai, simulate.engine.replay, simulate.engine.grid, simulate.engine.hexgrid\n"
        "import simulate.engine.fields, simulate.games, simulate.games.ddm\n"
        "outside = ('django', 'rest_framework', 'celery', 'kombu', 'catalogue', 'builder', 'config', 'validation')\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in outside)\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True,
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert out.stdout.strip() == ""
