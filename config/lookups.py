"""Reads every app shares: a row by the UUID a client sent."""

from __future__ import annotations

import uuid
from typing import Any, TypeVar

from django.db.models import Model, QuerySet

from config.errors import ApplicationError

M = TypeVar("M", bound=Model)


def object_by_uuid(queryset: QuerySet[M], key: Any, *, message: str) -> M:
    """The row of ``queryset`` whose primary key is the UUID ``key``; a 404 ``ApplicationError`` saying
    ``message`` when ``key`` is not a UUID or names no row."""
    try:
        pk = uuid.UUID(str(key))
    except ValueError:
        raise ApplicationError(message, code="not_found", status=404) from None
    found = queryset.filter(pk=pk).first()
    if found is None:
        raise ApplicationError(message, code="not_found", status=404)
    return found
