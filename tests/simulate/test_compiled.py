"""The engine compiled by mypyc plays every battle exactly as its source does, CI tests the compiled engine (what
the workers run), and a build that no longer matches its sources is never used (``simulate/compiled.py``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from simulate import compiled
from simulate.games import play_battle
from tests.simulate.harbinger import harbinger_cards

ROOT = Path(__file__).resolve().parents[2]
LISTS = [
    ("Heironeous", "LG", ["Sword of Heironeous", "Cleric of Order", "Hound Archon", "Dwarf Axefighter"]),
    ("Corellon", "CG", ["Arcane Archer", "Axe Sister", "Centaur", "Jozan, Cleric Of Pelor"]),
]
PLAY = """
import json, sys
sys.path.insert(0, {root!r})
from simulate import compiled
from simulate.games import play_battle
lists = json.loads(sys.stdin.read())
records = [play_battle(game="ddm", lists=lists, battle_map=m, seed=s, policies=(p, p)).record.to_json()
           for m, s, p in {battles!r}]
print(json.dumps({{"mode": compiled.mode(), "records": records}}))
"""
BATTLES: list[tuple[str, int | str, str]] = [
    ("dragon-shrine", 1, "heuristic"), ("broken-demongate", "x:7", "heuristic"), ("dragon-shrine", 3, "random"),
]


def warbands() -> list[dict[str, object]]:
    cards = harbinger_cards()
    return [{"name": n, "faction": f, "creatures": [cards[c].to_json() for c in names]} for n, f, names in LISTS]


def in_subprocess(code: str, *, pure: bool, stdin: str = "") -> str:
    env = {**os.environ, compiled.PURE_ENV: "1" if pure else "0"}
    run = subprocess.run([sys.executable, "-c", code], input=stdin, capture_output=True, text=True, env=env,
                         cwd=ROOT, timeout=120)
    assert run.returncode == 0, run.stderr
    return run.stdout


@pytest.mark.skipif(not os.environ.get("CI"), reason="CI builds the engine first (make test); here it may be stale")
def test_ci_tests_the_compiled_engine():
    assert compiled.mode() == "compiled", compiled.describe()
    import simulate.engine.grid
    import simulate.games.ddm

    assert simulate.games.ddm.__file__.endswith(compiled.EXTENSION_SUFFIX)
    assert simulate.engine.grid.__file__.endswith(compiled.EXTENSION_SUFFIX)


@pytest.mark.skipif(compiled.mode() != "compiled", reason="the engine is not compiled here (make engine)")
def test_the_compiled_engine_plays_every_battle_as_the_source_does():
    lists = warbands()
    here = [play_battle(game="ddm", lists=lists, battle_map=m, seed=s, policies=(p, p)).record.to_json()
            for m, s, p in BATTLES]
    out = json.loads(in_subprocess(PLAY.format(root=str(ROOT), battles=BATTLES), pure=True, stdin=json.dumps(lists)))
    assert out["mode"] == "pure"
    assert [r["events"] for r in out["records"]] == [r["events"] for r in here]
    assert [r["result"] for r in out["records"]] == [r["result"] for r in here]
    assert all(len(r["events"]) > 20 for r in here)


def test_a_build_that_no_longer_matches_its_sources_is_passed_over():
    probe = f"""
import importlib.util, sys
sys.path.insert(0, {str(ROOT)!r})
spec = importlib.util.spec_from_file_location("probe", {str(ROOT / "simulate" / "compiled.py")!r})
probe = importlib.util.module_from_spec(spec)
spec.loader.exec_module(probe)
probe.read_stamp = lambda: {{"suffix": probe.EXTENSION_SUFFIX, "digest": "built from other sources", "shared": "x"}}
print(probe.build_is_current()[1])
print(probe.select())
import simulate.games.ddm, simulate.engine.grid
print(simulate.games.ddm.__file__.endswith(".py"), simulate.engine.grid.__file__.endswith(".py"))
"""
    reason, mode, files = in_subprocess(probe, pure=False).splitlines()
    assert reason == "a source changed since the engine was compiled (make engine)"
    assert mode == "pure" and files == "True True"


def test_the_source_digest_covers_every_compiled_module_and_its_content(tmp_path):
    names = [str(p.relative_to(compiled.PACKAGE_DIR)) for p in compiled.sources()]
    assert {"engine/grid.py", "games/ddm.py", "games/ddm_ai.py"} <= set(names)
    assert "compiled.py" not in names and "games/__init__.py" not in names
    copies = []
    for path in compiled.sources()[:2]:
        copy = tmp_path / path.name
        copy.write_bytes(path.read_bytes())
        copies.append(copy)
    before = compiled.source_digest(copies, base=tmp_path)
    copies[1].write_bytes(copies[1].read_bytes() + b"\n")
    assert compiled.source_digest(copies, base=tmp_path) != before
    assert compiled.source_digest(copies[:1], base=tmp_path) != compiled.source_digest(copies, base=tmp_path)
