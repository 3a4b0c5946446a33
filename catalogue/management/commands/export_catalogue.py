"""``export_catalogue [--game G] OUT``: write the stored catalogue back in the bundled format."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from catalogue import models as m
from catalogue.services import catalogue_export


class Command(BaseCommand):
    help = "Export the catalogue as data files (the format import_catalogue reads) into the folder OUT."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("out", help="Folder to write into (created if missing)")
        parser.add_argument("--game", default=None, help="Only this game (ddm, dungeon-command, ...)")

    def handle(self, *args: Any, **options: Any) -> None:
        game = options["game"]
        if game is not None and not m.Game.objects.filter(slug=game).exists():
            known = ", ".join(m.Game.objects.values_list("slug", flat=True))
            raise CommandError(f"unknown game '{game}' (known: {known})", returncode=2)
        out = Path(options["out"])
        if out.exists() and not out.is_dir():
            raise CommandError(f"{out} exists and is not a folder", returncode=2)
        try:
            written = catalogue_export(out_dir=out, game=game)
        except OSError as exc:
            raise CommandError(f"cannot write to {out}: {exc}", returncode=2) from None
        self.stdout.write(f"wrote {len(written)} files to {out}")
