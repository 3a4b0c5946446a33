"""``import_catalogue [PATH...]``: load data files (default: the bundled catalogue). Exit 2 on a bad file."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from catalogue.selectors import catalogue_breakdown
from catalogue.services import DATA_DIR, catalogue_import


class Command(BaseCommand):
    help = "Import catalogue data files or folders (default: the bundled catalogue/data). Idempotent."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("paths", nargs="*", help="JSON data files or folders of them")
        parser.add_argument("--reason", default="", help="A line for the change log")
        parser.add_argument("--counts", action="store_true", help="Print the cards per game, ruleset, kind and set")

    def handle(self, *args: Any, **options: Any) -> None:
        paths = options["paths"] or [str(DATA_DIR)]
        report = catalogue_import(paths=paths, reason=options["reason"])
        for f in report.files:
            for conflict in f.conflicts:
                self.stderr.write(f"conflict: {conflict}")
            if f.error:
                self.stderr.write(f"error: {f.error}")
            elif options["verbosity"] >= 2 or f.touched:
                self.stdout.write(
                    f"{f.path}: {f.added} added, {f.changed} changed, {f.removed} removed, {f.unchanged} unchanged"
                )
        total = sum(f.added + f.changed + f.removed for f in report.files)
        state = "new version" if report.new_version else "unchanged"
        self.stdout.write(f"catalogue version {report.version} ({state}; {total} cards changed)")
        if options["counts"]:
            for row in catalogue_breakdown():
                self.stdout.write(
                    f"  {row['game']}/{row['ruleset']} {row['kind']:<12} {row['set']:<40} "
                    f"{row['cards']:>5} cards {row['copies']:>5} copies"
                )
        if not report.ok:
            bad = sum(1 for f in report.files if f.error)
            raise CommandError(f"{bad} file(s) not imported; nothing of them was stored.", returncode=2)
