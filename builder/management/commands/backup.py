"""``backup [FILE]``: everything players own as one versioned JSON archive (docs/operations.md)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from builder.backup import backup_make


class Command(BaseCommand):
    help = "Write accounts, saved lists (every version), collections and catalogue corrections to a JSON archive."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", nargs="?", default="-", help="where to write it (default: standard output)")

    def handle(self, *args: Any, **options: Any) -> None:
        archive = backup_make()
        text = json.dumps(archive, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
        if options["file"] == "-":
            sys.stdout.write(text)
            return
        path = Path(options["file"])
        partial = path.with_name(path.name + ".partial")
        partial.write_text(text, encoding="utf-8")
        partial.replace(path)  # never a half-written archive under the real name
        counts = ", ".join(f"{len(archive[k])} {k}" for k in ("accounts", "lists", "collections", "corrections"))
        self.stderr.write(f"backup written to {path}: {counts}")
