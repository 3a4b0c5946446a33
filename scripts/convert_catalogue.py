#!/usr/bin/env python
"""Rebuild catalogue/data from ../shared/data (or MUSTER_SHARED_DIR). Usage:

    .venv/bin/python scripts/convert_catalogue.py [--check] [GAME_MODULE...]

--check writes nothing and exits 1 if a committed file differs from what the sources give.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings_test")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402

from catalogue.convert import GAME_MODULES, build_all  # noqa: E402
from catalogue.services import DATA_DIR  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", help=f"only these converters: {', '.join(GAME_MODULES)}")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    files = build_all(Path(settings.MUSTER_SHARED_DIR), args.games or None)
    differing = []
    for rel, text in sorted(files.items()):
        target = DATA_DIR / rel
        current = target.read_text(encoding="utf-8") if target.exists() else None
        if current != text:
            differing.append(rel)
            if not args.check:
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(text, encoding="utf-8")
    if not args.games:
        stale = [
            str(p.relative_to(DATA_DIR))
            for p in DATA_DIR.rglob("*.json")
            if p.name != "games.json" and str(p.relative_to(DATA_DIR)) not in files
        ]
        for rel in stale:
            differing.append(rel)
            if not args.check:
                (DATA_DIR / rel).unlink()
    verb = "differ" if args.check else "written"
    listed = (": " + ", ".join(differing[:10])) if differing else ""
    print(f"{len(files)} files built; {len(differing)} {verb}{listed}")
    return 1 if args.check and differing else 0


if __name__ == "__main__":
    raise SystemExit(main())
