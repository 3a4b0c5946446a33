"""``make engine`` keeps each mypyc build in a cache outside the checkout (scripts/build_engine.py), so a fresh
clone of the same sources (CI, another worktree) copies it back instead of compiling for minutes."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def build_engine(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> ModuleType:
    monkeypatch.setenv("MUSTER_PURE_ENGINE", "1")  # the script sets it for itself; restored after the test
    monkeypatch.setenv("MUSTER_ENGINE_CACHE", str(tmp_path / "cache"))
    spec = importlib.util.spec_from_file_location("build_engine_under_test", ROOT / "scripts" / "build_engine.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    checkout = tmp_path / "checkout"
    (checkout / "simulate" / "engine").mkdir(parents=True)
    built = {checkout / "abc__mypyc.so": b"shared library", checkout / "simulate" / "engine" / "board.so": b"shim"}
    for path, data in built.items():
        path.write_bytes(data)
    monkeypatch.setattr(module, "ROOT", checkout)
    monkeypatch.setattr(module.compiled, "extensions", lambda: [p for p in built if p.exists()])
    return module


def test_a_kept_build_comes_back_whole_and_only_for_the_same_sources_and_options(build_engine: ModuleType) -> None:
    folder = build_engine._cache_dir("digest-of-the-sources", "1")
    assert folder != build_engine._cache_dir("digest-of-other-sources", "1")
    assert folder != build_engine._cache_dir("digest-of-the-sources", "3")
    assert build_engine._from_cache(folder) is None, "nothing kept yet: compile"
    build_engine._to_cache(folder, "abc__mypyc.so")
    build_engine._to_cache(folder, "abc__mypyc.so")  # kept already (another build was first): no error
    for path in build_engine.compiled.extensions():
        path.unlink()
    assert build_engine._from_cache(folder) == "abc__mypyc.so"
    assert (build_engine.ROOT / "abc__mypyc.so").read_bytes() == b"shared library"
    assert (build_engine.ROOT / "simulate" / "engine" / "board.so").read_bytes() == b"shim"


def test_a_half_written_cache_entry_is_not_used(build_engine: ModuleType) -> None:
    folder = build_engine._cache_dir("digest", "1")
    folder.mkdir(parents=True)
    (folder / "abc__mypyc.so").write_bytes(b"half")
    assert build_engine._from_cache(folder) is None


def test_an_empty_setting_turns_the_cache_off(monkeypatch: pytest.MonkeyPatch, build_engine: ModuleType) -> None:
    monkeypatch.setattr(build_engine, "_CACHE", "")
    assert build_engine._cache_dir("digest", "1") is None
    build_engine._to_cache(None, "abc__mypyc.so")
    assert build_engine._from_cache(None) is None
