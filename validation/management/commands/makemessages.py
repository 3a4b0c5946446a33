"""``makemessages`` that also extracts the validator's message templates.

The rules' messages are ``msg(template, **params)`` and ``nmsg(singular, plural, n, **params)``
(``validation/core/text.py``): plain functions, so the core needs no Django. Django's command has no
option for more gettext keywords; this subclass names them to xgettext, for ``make messages`` and the
translations test alike.
"""

from __future__ import annotations

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=msg", "--keyword=nmsg:1,2"]
