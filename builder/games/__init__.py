"""Each ruleset's own part of the builder page, for what its sections do not say: the settings fields of its
list document (a DDM seed list's Commander 0, a Dungeon Command list's tiles and box, a BattleLore army's
opponent and map, a Stronghold plan's phases), as a :class:`Panel`. The game registry names each ruleset's
panel (``games.Ruleset.builder``); a ruleset without one has only the common fields and its sections."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext_noop

import games

Apply = Callable[[dict[str, Any], QueryDict, dict[str, str]], None]
Context = Callable[[Mapping[str, Any], Any], dict[str, Any]]
Shown = Callable[[Mapping[str, Any]], dict[str, Any]]
Prepare = Callable[[dict[str, Any], Any], None]
Ops = Callable[[dict[str, Any], str, str, QueryDict], "tuple[dict[str, Any], str] | None"]
Checked = Callable[[Mapping[str, Any], Any, Any, QueryDict], dict[str, Any]]


@dataclass(frozen=True)
class Panel:
    """A ruleset's builder fields.

    ``template`` is included in the list's settings; ``keys`` are the document's top-level keys its fields
    show (the rest are edited as JSON, "other keys"); ``apply(document, data, errors)`` copies the posted
    fields into the document, recording field errors; ``context(document, catalogue)`` is what its template
    (and its sections' templates) read on the builder page, ``shown(document)`` what the shared page reads;
    ``faction_label`` names the faction select (English, translated where shown). ``prepare(document,
    catalogue)`` fills in what the list's format requires before it is checked (a Stronghold plan's round-1
    position); ``ops(document, verb, rest, data)`` performs the panel's own buttons (``verb:rest``), None for a
    verb it does not know; ``checked(document, catalogue, check, data)`` is page context that reads the rule
    check (messages beside the fields they concern). ``labels`` name the controls of its document's top-level
    keys (``(key, English label)``), so a value the list cannot be checked with is named by its control."""

    template: str = ""
    keys: frozenset[str] = frozenset()
    apply: Apply | None = None
    context: Context | None = None
    shown: Shown | None = None
    faction_label: str = gettext_noop("Faction")
    prepare: Prepare | None = None
    ops: Ops | None = None
    checked: Checked | None = None
    labels: tuple[tuple[str, str], ...] = ()


NO_PANEL = Panel()


def panel_of(game: str, ruleset: Any) -> Panel:
    """The builder panel of a list of ``game`` in ``ruleset`` (its default ruleset when it names none of the game's)."""
    if not games.is_game(game):
        return NO_PANEL
    ref = games.game(game).ruleset_or_default(ruleset).builder
    found = games.load(ref) if ref else NO_PANEL
    assert isinstance(found, Panel)
    return found
