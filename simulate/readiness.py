"""Whether a list can be previewed: the one answer the builder, the shared page, the preview form, the API and
the ``matchup`` command all ask for.

:func:`list_read` validates a list document, finds its game's bridge and has it read the list against the
catalogue (with the numbers the player entered laid over, when given). :func:`list_readiness` says in a word
what a player can do: ``ready`` (it can be previewed), ``incomplete`` (it lacks something no number can give,
such as a Dungeon Command warband's commander: each :class:`~simulate.bridge.Missing` says what),
``needs-numbers`` (cards lack numbers the engine reads: each :class:`~simulate.bridge.Gap` names the card and
the numbers), ``empty`` (no card of the list can be played), ``no-simulator`` (its game has no simulator yet).
A list is never played with a number nobody gave.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from config.errors import ApplicationError
from simulate.bridge import Bridge, Gap, Missing, SideReading, bridge_for
from validation.core import DocumentError, ListDocument, parse_document
from validation.core.entered import with_entered
from validation.selectors import catalogue_facts
from validation.services import EnteredSource, list_validate

Status = Literal["ready", "incomplete", "needs-numbers", "empty", "no-simulator"]


@dataclass
class ListReading:
    """A list document, checked: its validation, its game's bridge (None: no simulator) and the bridge's
    reading of it (the engine's plain data, gaps, abilities not played, numbers a player entered)."""

    document: dict[str, Any]
    parsed: ListDocument
    validation: dict[str, Any]
    bridge: Bridge | None
    reading: SideReading | None

    @property
    def status(self) -> Status:
        if self.bridge is None or self.reading is None:
            return "no-simulator"
        if self.reading.missing:
            return "incomplete"
        if self.reading.gaps:
            return "needs-numbers"
        if not self.reading.playable:
            return "empty"
        return "ready"

    @property
    def gaps(self) -> list[Gap]:
        return list(self.reading.gaps) if self.reading is not None else []

    @property
    def missing(self) -> list[Missing]:
        return list(self.reading.missing) if self.reading is not None else []


@dataclass(frozen=True)
class Readiness:
    """What a page shows beside a list: whether it can be previewed and, if not, which numbers are missing."""

    status: Status
    game: str
    ruleset: str
    gaps: tuple[Gap, ...] = ()
    unplayed_share: float = 0.0
    caution: bool = False
    entered: tuple[str, ...] = field(default=())  # cards played with numbers the player entered
    missing: tuple[Missing, ...] = ()  # what it lacks that no number can give

    @property
    def ready(self) -> bool:
        return self.status == "ready"

    def json(self) -> dict[str, Any]:
        return {"status": self.status, "ready": self.ready, "game": self.game, "ruleset": self.ruleset,
                "gaps": [g.json() for g in self.gaps], "unplayed_share": self.unplayed_share,
                "caution": self.caution, "player_entered": list(self.entered),
                "missing": [m.json() for m in self.missing]}


def list_read(*, document: Any, entered: EnteredSource | None = None, texts: bool = False) -> ListReading:
    """Validate ``document`` and read it through its game's bridge, with the requester's own numbers for cards
    (``entered``) laid over the catalogue's. A malformed document raises ``ApplicationError`` (400); a list
    that cannot be played is an answer (its gaps), never an error."""
    validation: dict[str, Any] = dict(list_validate(document=document, texts=texts, entered=entered))
    try:
        doc = parse_document(document)
    except DocumentError as exc:  # pragma: no cover - list_validate raises first
        raise ApplicationError(exc.message, fields=exc.fields) from None
    bridge = bridge_for(doc.game, doc.ruleset)
    if bridge is None:
        return ListReading(dict(document), doc, validation, None, None)
    values = entered(doc.game, doc.ruleset) if entered is not None else {}
    catalogue = with_entered(catalogue_facts(game=doc.game, ruleset=doc.ruleset), values)
    reading = bridge.read_side(doc, catalogue, values)
    return ListReading(dict(document), doc, validation, bridge, reading)


def readiness_of(read: ListReading) -> Readiness:
    reading = read.reading
    if reading is None:
        return Readiness("no-simulator", read.parsed.game, read.parsed.ruleset)
    return Readiness(read.status, read.parsed.game, read.parsed.ruleset, tuple(reading.gaps),
                     reading.unplayed_share, reading.caution, tuple(u.card for u in reading.entered),
                     tuple(reading.missing))


def list_readiness(*, document: Mapping[str, Any], entered: EnteredSource | None = None) -> Readiness:
    """Whether ``document`` can be previewed (see the module's docstring)."""
    return readiness_of(list_read(document=document, entered=entered))
