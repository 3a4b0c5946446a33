"""Compile the battle engine with mypyc (``make engine``; ``make run``, ``make test`` and ``make bench`` call it).

Does nothing when the build on disk matches the sources. Without a C compiler the engine still runs, from
source at about half the speed: the build then warns and exits 0, unless ``--strict`` (or ``CI`` is set), where
a failed build is an error. ``--clean`` removes a build. See ``simulate/compiled.py``.

A build is kept in a cache outside the checkout (``MUSTER_ENGINE_CACHE``, default ``~/.cache/muster/engine``),
by the digest of the sources, the interpreter's extension suffix, mypyc's version and the optimisation level: a
fresh clone of the same sources on the same machine (CI, another worktree) copies it instead of compiling again
(~100 s on a quiet machine, minutes on a busy one). ``MUSTER_ENGINE_CACHE=`` (empty) turns it off.

The modules are compiled as one group (calls between them stay native C calls) written as one C file per
module (mypycify's ``multi_file``), compiled by two jobs: one C file of all 49 modules took gcc ~270 s of CPU
on a quiet machine, one file per module ~95 s, and the battles were no slower (bench/engine.py, alternating
the two builds: 42-46 against 39-43 battles per CPU-second, the same battles)."""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["MUSTER_PURE_ENGINE"] = "1"  # this process only reads the sources

from simulate import compiled  # noqa: E402

MYPY_CONFIG = "[mypy]\npython_version = 3.11\n"
SETUP = """from setuptools import setup
from mypyc.build import mypycify

setup(name="muster_engine", ext_modules=mypycify({paths!r}, opt_level={opt!r}, multi_file=True))
"""
_CACHE = os.environ.get("MUSTER_ENGINE_CACHE", str(Path.home() / ".cache" / "muster" / "engine"))


def _cache_dir(digest: str, opt_level: str) -> Path | None:
    if not _CACHE:
        return None
    from importlib.metadata import version

    key = hashlib.sha256(
        f"{digest}|{compiled.EXTENSION_SUFFIX}|{version('mypy')}|{opt_level}|multi-file".encode()).hexdigest()
    return Path(_CACHE) / key[:24]


def _from_cache(folder: Path | None) -> str | None:
    """Copy a kept build into the checkout; its shared library's name, or None when there is none."""
    if folder is None or not (folder / "build.json").exists():
        return None
    kept = json.loads((folder / "build.json").read_text(encoding="utf-8"))
    for relative in kept["files"]:
        target = ROOT / relative
        shutil.copyfile(folder / relative, target.with_name(target.name + ".part"))
        os.replace(target.with_name(target.name + ".part"), target)
    return str(kept["shared"])


def _to_cache(folder: Path | None, shared: str) -> None:
    """Keep this build (written to a new folder, then renamed: a reader sees a whole build or none)."""
    if folder is None:
        return
    stage = None
    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        stage = Path(tempfile.mkdtemp(prefix=".part-", dir=folder.parent))
        files = [str(p.relative_to(ROOT)) for p in compiled.extensions()]
        for relative in files:
            (stage / relative).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(ROOT / relative, stage / relative)
        (stage / "build.json").write_text(json.dumps({"files": files, "shared": shared}), encoding="utf-8")
        os.rename(stage, folder)
    except OSError:  # no room, no permission, or another build kept it first: the build stands anyway
        if stage is not None:
            shutil.rmtree(stage, ignore_errors=True)


def clean() -> None:
    for path in compiled.extensions():
        path.unlink()
    compiled.STAMP.unlink(missing_ok=True)


def build(opt_level: str, *, cached: bool = True) -> tuple[bool, str]:
    sources = compiled.sources()
    digest = compiled.source_digest(sources)
    clean()
    cache = _cache_dir(digest, opt_level)
    try:
        shared_name = _from_cache(cache) if cached else None
    except (OSError, ValueError, KeyError):
        clean()
        shared_name = None
    if shared_name is not None:
        _stamp(digest, shared_name, opt_level, sources)
        return True, "from the build cache"
    print(f"engine: compiling {len(sources)} modules with mypyc (one to two minutes)...", flush=True)
    with tempfile.TemporaryDirectory(prefix="muster-engine-") as stage_dir:
        # built beside a link to the package, not in the project: the build's own files stay out of the tree,
        # and setuptools does not read the project's pyproject.toml
        stage = Path(stage_dir)
        (stage / "simulate").symlink_to(compiled.PACKAGE_DIR, target_is_directory=True)
        (stage / "games").symlink_to(ROOT / "games", target_is_directory=True)  # read for its types only
        (stage / "mypy.ini").write_text(MYPY_CONFIG, encoding="utf-8")
        relative = [str(Path("simulate") / p.relative_to(compiled.PACKAGE_DIR)) for p in sources]
        (stage / "setup.py").write_text(
            SETUP.format(paths=[*relative, "--config-file", "mypy.ini"], opt=opt_level), encoding="utf-8")
        run = subprocess.run(
            [sys.executable, "setup.py", "build_ext", "--inplace", "--parallel", "2"],
            cwd=stage, capture_output=True, text=True,
        )
        shared = sorted(stage.glob(f"*__mypyc{compiled.EXTENSION_SUFFIX}"))
        if run.returncode != 0 or len(shared) != 1:
            clean()
            return False, (run.stdout + run.stderr)[-4000:]
        shutil.move(str(shared[0]), ROOT / shared[0].name)
    if compiled.source_digest(sources) != digest:
        clean()
        return False, "a source changed during the build; run it again"
    _stamp(digest, shared[0].name, opt_level, sources)
    _to_cache(cache, shared[0].name)
    return True, ""


def _stamp(digest: str, shared: str, opt_level: str, sources: list[Path]) -> None:
    compiled.STAMP.write_text(json.dumps({
        "digest": digest, "suffix": compiled.EXTENSION_SUFFIX, "shared": shared, "opt_level": opt_level,
        "modules": [str(p.relative_to(compiled.PACKAGE_DIR)) for p in sources],
    }, indent=1) + "\n", encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--strict", action="store_true", default=bool(os.environ.get("CI")),
                        help="a failed build is an error (the default when CI is set)")
    parser.add_argument("--force", action="store_true",
                        help="compile even if the build on disk (or in the cache) is current")
    parser.add_argument("--clean", action="store_true", help="remove the build: the engine runs from source")
    parser.add_argument("--opt-level", default="1", choices=["0", "1", "2", "3"],
                        help="the C compiler's optimisation (1: no slower than 3 here, and builds faster)")
    args = parser.parse_args()
    if args.clean:
        clean()
        print("engine: build removed; it runs from source")
        return 0
    current, _ = compiled.build_is_current()
    if current and not args.force:
        print("engine: compiled build is up to date")
        return 0
    started = time.monotonic()
    ok, output = build(args.opt_level, cached=not args.force)
    if ok:
        how = "copied from the build cache" if output else "compiled"
        print(f"engine: {how} in {time.monotonic() - started:.0f} s")
        return 0
    print(output, file=sys.stderr)
    if args.strict:
        print("engine: the mypyc build failed", file=sys.stderr)
        return 1
    print("engine: the mypyc build failed; the engine runs from source (about half the speed)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
