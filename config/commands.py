"""What the management commands share: reading a JSON document a player named on the command line."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import CommandError


def json_file_read(*, name: str) -> Any:
    """The JSON in file ``name`` (``-``: standard input), within the request size bound.

    Anything unreadable is a ``CommandError`` with exit status 2 that names the file and the fault."""
    limit = settings.MUSTER_MAX_REQUEST_BYTES
    try:
        if name == "-":
            raw = sys.stdin.buffer.read(limit + 1)
        else:
            with Path(name).open("rb") as handle:
                raw = handle.read(limit + 1)
    except OSError as exc:
        raise CommandError(f"{name}: cannot read: {exc.strerror or exc}", returncode=2) from None
    if len(raw) > limit:
        raise CommandError(f"{name}: larger than {limit} bytes", returncode=2)
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise CommandError(f"{name}: not UTF-8 text", returncode=2) from None
    except json.JSONDecodeError as exc:
        raise CommandError(
            f"{name}: not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}", returncode=2
        ) from None
    except RecursionError:
        raise CommandError(f"{name}: not JSON: nested too deeply", returncode=2) from None
