#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

from __future__ import annotations

import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from django.core.exceptions import ImproperlyConfigured
    from django.core.management import execute_from_command_line

    try:
        execute_from_command_line(sys.argv)
    except ImproperlyConfigured as exc:  # the site's settings (e.g. no SECRET_KEY outside DEBUG): say so, no traceback
        sys.stderr.write(f"manage.py: {exc}\n")
        sys.exit(2)


if __name__ == "__main__":
    main()
