"""Validation as a service: the one implementation behind the API, the command and the pages.

``list_validate`` takes a list document (already parsed from JSON), checks its shape, reads the
catalogue facts it needs and returns the validation result of CONTRACTS.md. A malformed document
raises :class:`config.errors.ApplicationError` (400 with a message per JSON pointer); an illegal list
is a result, never an error.
"""

from __future__ import annotations

from typing import Any

from config.errors import ApplicationError
from validation.core import DocumentError, ResultJSON, parse_document, validate
from validation.selectors import catalogue_facts


def list_validate(*, document: Any, texts: bool = False) -> ResultJSON:
    """The validation result of ``document`` against the current catalogue (at most 2 SQL queries).

    ``texts``: each finding also carries the templates of its message and hint (for the pages, which
    show them in their reader's language; the API returns the contract's JSON without them)."""
    try:
        doc = parse_document(document)
    except DocumentError as exc:
        raise ApplicationError(exc.message, code="invalid", status=400, fields=exc.fields) from None
    return validate(doc, catalogue_facts(game=doc.game, ruleset=doc.ruleset), texts=texts)
