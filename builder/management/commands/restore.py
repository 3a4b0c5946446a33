"""``restore FILE``: add what a backup holds and the database does not. Exit 2 on a file that is not a backup
this Muster reads, or names cards the catalogue does not hold (nothing is restored then)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from builder.backup import backup_restore
from config.errors import ApplicationError


class Command(BaseCommand):
    help = "Restore a backup (never overwrites: what the database holds is kept). Import the catalogue first."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the archive written by backup ('-': standard input)")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            text = sys.stdin.read() if options["file"] == "-" else Path(options["file"]).read_text(encoding="utf-8")
            archive = json.loads(text)
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            raise CommandError(f"cannot read {options['file']}: {exc}", returncode=2) from None
        try:
            report = backup_restore(archive=archive)
        except ApplicationError as exc:
            raise CommandError(f"{exc.message} Nothing was restored.", returncode=2) from None
        for what in sorted(set(report.added) | set(report.skipped)):
            self.stdout.write(f"{what}: {report.added.get(what, 0)} added, {report.skipped.get(what, 0)} kept as "
                              "they were")
        if report.added.get("corrections"):
            self.stdout.write("Run import_catalogue to lay the restored corrections over the catalogue.")
