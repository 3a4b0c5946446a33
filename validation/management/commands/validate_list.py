"""``python manage.py validate_list FILE [--json]``: exit 0 legal, 1 illegal, 2 malformed or unreadable."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from config.commands import json_file_read
from config.errors import ApplicationError
from validation.core import ResultJSON
from validation.services import list_validate


def report_text(result: ResultJSON, name: str | None) -> str:
    """The result as a person reads it: the verdict, each problem with its fix, the totals."""
    title = f"{name}: " if name else ""
    where = f"{result['game']}/{result['ruleset']}/{result['format']}"
    lines = [f"{title}{'LEGAL' if result['legal'] else 'NOT LEGAL'} for {where} "
             f"(catalogue {result['catalogue_version']})"]
    for heading, findings in (("Violations", result["violations"]), ("Warnings", result["warnings"])):
        if not findings:
            continue
        lines.append(f"{heading} ({len(findings)}):")
        for f in findings:
            at = ", ".join(f["entries"])
            lines.append(f"  {f['rule']}: {f['message']}" + (f" [{at}]" if at else ""))
            if f.get("hint"):
                lines.append(f"      fix: {f['hint']}")
            source = f.get("source")
            if source and source.get("file"):
                lines.append(f"      rule: {source['file']}, {source['section']}")
    totals = ", ".join(f"{k} {'-' if v is None else v}" for k, v in result["totals"].items())
    lines.append(f"Totals: {totals}")
    return "\n".join(lines) + "\n"


class Command(BaseCommand):
    help = "Validate a list document (JSON). Exit status: 0 legal, 1 illegal, 2 malformed or unreadable."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the list document, or - for standard input")
        parser.add_argument("--json", action="store_true", help="print the validation result as JSON only")

    def handle(self, *args: Any, **options: Any) -> None:
        name = options["file"]
        document = json_file_read(name=name)
        try:
            result = list_validate(document=document)
        except ApplicationError as exc:
            lines = [f"{name}: the list document is not valid:"]
            lines += [f"  {pointer or '(document)'}: {' '.join(messages)}" for pointer, messages in exc.fields.items()]
            raise CommandError("\n".join(lines), returncode=2) from None
        if options["json"]:
            self.stdout.write(json.dumps(result, ensure_ascii=False, indent=1))
        else:
            self.stdout.write(report_text(result, document.get("name") if isinstance(document, dict) else None),
                              ending="")
        if not result["legal"]:
            raise SystemExit(1)
