"""Importing a long pasted list: the seconds and bytes of the builder page that a 900-line paste answers with
(issue 18's aim: under 2 s and under 1 MB), for a paste of a few dozen cards repeated (as players paste a
collection) and for one of 190 different cards (the most a list holds is 200).

    .venv/bin/python bench/import_paste.py [--lines N] [--rounds R] [--against REV]

It builds its own SQLite database in a temporary folder (tables from the models + the ddm catalogue) and
posts the paste to ``/build/import/`` with Django's test client, R times after one warm-up. With
``--against REV`` it first exports that commit of this repository into a temporary folder and runs the same
measurement there (with this script), so both figures and their ratio come from one run on one machine.
A plain script: it prints figures and asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _django(root: Path, db_path: Path) -> None:
    sys.path.insert(0, str(root))
    os.chdir(root)
    os.environ["DATABASE_URL"] = f"sqlite:///{db_path}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings_test")
    os.environ["THROTTLE_IMPORT"] = "100000/minute"
    import django

    django.setup()


def _pastes(lines: int) -> dict[str, str]:
    from validation.selectors import catalogue_facts

    ddm = catalogue_facts(game="ddm", ruleset="seed")
    names = sorted({c.name for c in ddm.cards if c.kind == "creature"})
    rng = random.Random(18)
    few = names[:30]
    many = names[:190]
    title = ["Elves of the Wood - 200 pts, CG"]
    return {
        f"{lines} lines, 30 cards": "\n".join(title + [f"1x {rng.choice(few)}" for _ in range(lines - 1)]),
        f"{lines} lines, 190 cards": "\n".join(title + many + [f"1x {rng.choice(many)}" for _ in range(lines - 191)]),
    }


def measure(lines: int, rounds: int) -> dict[str, tuple[float, int]]:
    """``{paste: (median seconds, bytes)}``."""
    from django.test import Client

    client = Client()
    out = {}
    for label, text in _pastes(lines).items():
        client.post("/build/import/", {"text": text, "game": "ddm"})  # warm-up: the catalogue's facts
        times, size = [], 0
        for _ in range(rounds):
            started = time.perf_counter()
            response = client.post("/build/import/", {"text": text, "game": "ddm"})
            times.append(time.perf_counter() - started)
            size = len(response.content)
        out[label] = (statistics.median(times), size)
    return out


def run_here(root: Path, lines: int, rounds: int) -> dict[str, tuple[float, int]]:
    with tempfile.TemporaryDirectory(prefix="muster-bench-") as folder:
        _django(root, Path(folder) / "bench.sqlite3")
        from django.apps import apps
        from django.conf import settings
        from django.core.management import call_command

        settings.MIGRATION_MODULES = {config.label: None for config in apps.get_app_configs()}
        call_command("migrate", run_syncdb=True, verbosity=0)
        with open(os.devnull, "w") as quiet:
            call_command("import_catalogue", str(root / "catalogue" / "data" / "ddm"), verbosity=0, stdout=quiet)
        return measure(lines, rounds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, default=900)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--against", help="a commit to measure in the same run, for the ratio")
    parser.add_argument("--root", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--print-raw", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.print_raw:
        for label, (seconds, size) in run_here(args.root, args.lines, args.rounds).items():
            print(f"{label}\t{seconds}\t{size}")
        return
    before: dict[str, tuple[float, int]] = {}
    if args.against:
        with tempfile.TemporaryDirectory(prefix="muster-bench-rev-") as folder:
            archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.against], check=True,
                                     capture_output=True).stdout
            subprocess.run(["tar", "-x", "-C", folder], input=archive, check=True)
            (Path(folder) / ".venv").symlink_to(ROOT / ".venv")
            raw = subprocess.run(
                [sys.executable, str(Path(__file__).resolve()), "--print-raw", "--root", folder, "--lines",
                 str(args.lines), "--rounds", str(args.rounds)], check=True, capture_output=True, text=True,
            ).stdout
            for line in raw.splitlines():
                label, seconds_text, size_text = line.split("\t")
                before[label] = (float(seconds_text), int(size_text))
    now = run_here(ROOT, args.lines, args.rounds)
    for label, (seconds, size) in now.items():
        line = f"import {label}: {seconds:.2f} s, {size / 1e6:.2f} MB"
        if label in before:
            old_seconds, old_size = before[label]
            line += (f" (at {args.against}: {old_seconds:.2f} s, {old_size / 1e6:.2f} MB; "
                     f"{old_seconds / seconds:.0f}x faster, {old_size / size:.0f}x smaller)")
        print(line)


if __name__ == "__main__":
    main()
