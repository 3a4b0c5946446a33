"""Validation as a service: the one implementation behind the API, the command and the pages.

``list_validate`` takes a list document (already parsed from JSON), checks its shape, reads the
catalogue facts it needs and returns the validation result of CONTRACTS.md. A malformed document
raises :class:`config.errors.ApplicationError` (400 with a message per JSON pointer); an illegal list
is a result, never an error.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from config.errors import ApplicationError
from validation.core import DocumentError, ResultJSON, parse_document, validate
from validation.core.entered import with_entered
from validation.selectors import catalogue_facts

# A player's own numbers for cards, per (game, ruleset): card slug → a partial card record (data format).
EnteredSource = Callable[[str, str], Mapping[str, Mapping[str, Any]]]


def list_validate(*, document: Any, texts: bool = False, entered: EnteredSource | None = None) -> ResultJSON:
    """The validation result of ``document`` against the current catalogue (at most 2 SQL queries).

    ``texts``: each finding also carries the templates of its message and hint (for the pages, which
    show them in their reader's language; the API returns the contract's JSON without them).
    ``entered``: the requester's own numbers for cards, laid over the catalogue's (``catalogue.player-entered``
    warns about each card of the list that uses them)."""
    try:
        doc = parse_document(document)
    except DocumentError as exc:
        raise ApplicationError(exc.message, code="invalid", status=400, fields=exc.fields) from None
    catalogue = catalogue_facts(game=doc.game, ruleset=doc.ruleset)
    if entered is not None:
        catalogue = with_entered(catalogue, entered(doc.game, doc.ruleset))
    return validate(doc, catalogue, texts=texts)
