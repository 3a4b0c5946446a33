"""The engine compiled to C by mypyc (``make engine``; ``make run``, ``make test`` and ``make bench`` build it), or
the same Python source interpreted.

The engine's modules (``ENGINE_SOURCES``) are plain, typed Python; mypyc turns each into an extension module
next to its source, which Python then imports in its place (about twice as fast: ``bench/engine.py`` prints
both). Every battle plays out the same either way (``tests/simulate/test_compiled.py``).

A build records a digest of the sources it compiled. When ``simulate`` is imported, :func:`select` compares it
with the sources on disk: if a source changed since (or ``MUSTER_PURE_ENGINE=1`` is set, or there is no build),
the extension modules are passed over and the engine runs from source, so a stale build is never used. Nothing
here imports Django; this module itself is never compiled.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import json
import os
import sys
import sysconfig
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

PACKAGE_DIR = Path(__file__).resolve().parent
ROOT = PACKAGE_DIR.parent
ENGINE_SOURCES = ("engine/*.py", "games/ddm*.py", "games/dungeon_command*.py")
COMPILED_PACKAGES = ("simulate.engine", "simulate.games")
STAMP = PACKAGE_DIR / ".engine-build.json"
PURE_ENV = "MUSTER_PURE_ENGINE"
EXTENSION_SUFFIX = sysconfig.get_config_var("EXT_SUFFIX") or ".so"

_mode = "pure"
_reason = "not selected yet"


def sources() -> list[Path]:
    """The modules mypyc compiles, in a fixed order."""
    return sorted({p for pattern in ENGINE_SOURCES for p in PACKAGE_DIR.glob(pattern)})


def source_digest(paths: Sequence[Path] | None = None, base: Path = PACKAGE_DIR) -> str:
    """A digest of the sources' names (relative to ``base``) and contents."""
    h = hashlib.sha256()
    for path in paths if paths is not None else sources():
        h.update(str(path.relative_to(base)).encode())
        h.update(b"\0")
        h.update(path.read_bytes())
    return h.hexdigest()


def extensions() -> list[Path]:
    """The extension modules a build left: one per source, and the shared library at the project's root."""
    built = [p.with_suffix(EXTENSION_SUFFIX) for p in sources()]
    built += sorted(ROOT.glob(f"*__mypyc{EXTENSION_SUFFIX}"))
    return [p for p in built if p.exists()]


def read_stamp() -> dict[str, Any]:
    try:
        stamp = json.loads(STAMP.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return stamp if isinstance(stamp, dict) else {}


def build_is_current() -> tuple[bool, str]:
    """Whether the extension modules on disk were built from these sources for this interpreter, and why not."""
    stamp = read_stamp()
    if not stamp:
        return False, "the engine is not compiled (make engine)"
    if stamp.get("suffix") != EXTENSION_SUFFIX:
        return False, f"the build is for {stamp.get('suffix')}, this Python loads {EXTENSION_SUFFIX}"
    if stamp.get("digest") != source_digest():
        return False, "a source changed since the engine was compiled (make engine)"
    missing = [p.name for p in sources() if not p.with_suffix(EXTENSION_SUFFIX).exists()]
    if missing or not stamp.get("shared") or not (ROOT / str(stamp["shared"])).exists():
        return False, "the build is incomplete (make engine)"
    return True, "compiled by mypyc"


class _SourceOnly(importlib.abc.MetaPathFinder):
    """Finds the engine's modules among their sources only, passing over the extension modules beside them."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if not any(fullname == p or fullname.startswith(p + ".") for p in COMPILED_PACKAGES):
            return None
        for entry in path or [str(ROOT)]:
            finder = importlib.machinery.FileFinder(
                entry, (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)
            )
            spec = finder.find_spec(fullname)
            if spec is not None:
                return spec
        return None


def select() -> str:
    """Choose compiled or interpreted before any engine module is imported; returns the mode."""
    global _mode, _reason
    current, why = build_is_current()
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        current, why = False, f"{PURE_ENV} is set"
    elif not current and extensions():
        warnings.warn(f"Running the engine from source: {why}.", RuntimeWarning, stacklevel=2)
    if not current and not any(isinstance(f, _SourceOnly) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourceOnly())
    _mode, _reason = ("compiled" if current else "pure"), why
    return _mode


def mode() -> str:
    """``"compiled"`` or ``"pure"``: how this process runs the engine."""
    return _mode


def describe() -> str:
    return f"{_mode} ({_reason})"
