"""The builder's two questions to the validator: is this a list document at all, and is it legal?"""

from __future__ import annotations

from typing import Any

from config.errors import ApplicationError
from validation.core.document import DocumentError, parse_document


def document_check(*, document: Any) -> None:
    """Raise a 400 ``ApplicationError`` with field-level messages when ``document`` is malformed.

    An illegal list is not malformed: players save drafts."""
    try:
        parse_document(document)
    except DocumentError as exc:
        raise ApplicationError(exc.message, code="invalid_document", fields=exc.fields) from None


def document_validation(*, document: Any) -> dict[str, Any]:
    """The validation result (CONTRACTS.md) of a well-formed document, against the current catalogue."""
    from validation.services import list_validate

    return dict(list_validate(document=document))
