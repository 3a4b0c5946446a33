"""D&D Miniatures in the builder: a seed-rules list's Commander 0 (Limited formats, ``ddm.md`` §3.4). The
battle map is the list's ``battle_map`` section; a creature's side and master are its section's item fields."""

from __future__ import annotations

from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext_noop

from builder.drafts import MAX_NAME
from builder.fields import set_or_drop, text_field
from builder.games import Panel


def _apply(document: dict[str, Any], data: QueryDict, errors: dict[str, str]) -> None:
    if "commander_zero" in data:
        value = text_field(data, "commander_zero", MAX_NAME, errors)
        if value is not None:
            set_or_drop(document, "commander_zero", value or None)


SEED = Panel(template="builder/games/ddm_seed.html", keys=frozenset({"commander_zero"}), apply=_apply,
            labels=(("commander_zero", gettext_noop("Commander 0 (Limited)")),))
