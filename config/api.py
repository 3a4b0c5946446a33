"""One JSON error envelope for every API error: ``{"error": {"code", "message", "fields"}}``."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import Http404, JsonResponse
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from config.errors import ApplicationError


def error_body(code: str, message: str, fields: dict[str, list[str]] | None = None) -> dict[str, Any]:
    return {"error": {"code": code, "message": message, "fields": fields or {}}}


def _pointer(prefix: str, key: Any) -> str:
    return f"{prefix}/{str(key).replace('~', '~0').replace('/', '~1')}"


def flatten_detail(detail: Any, prefix: str = "") -> dict[str, list[str]]:
    """Turn DRF's nested error detail into ``{json pointer: [messages]}``."""
    out: dict[str, list[str]] = {}
    if isinstance(detail, dict):
        for key, value in detail.items():
            if key == "non_field_errors":
                out.setdefault(prefix or "", []).extend(flatten_detail(value, prefix).get(prefix, []))
            else:
                for k, v in flatten_detail(value, _pointer(prefix, key)).items():
                    out.setdefault(k, []).extend(v)
    elif isinstance(detail, list):
        if all(not isinstance(item, (dict, list)) for item in detail):
            out.setdefault(prefix, []).extend(str(item) for item in detail)
        else:
            for index, item in enumerate(detail):
                for k, v in flatten_detail(item, _pointer(prefix, index)).items():
                    out.setdefault(k, []).extend(v)
    else:
        out.setdefault(prefix, []).append(str(detail))
    return out


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, ApplicationError):
        return Response(error_body(exc.code, exc.message, exc.fields), status=exc.status)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        fields = flatten_detail(exc.detail)
        message = "The request is not valid: " + "; ".join(
            f"{k or '(body)'}: {' '.join(v)}" for k, v in list(fields.items())[:5]
        )
        response.data = error_body("invalid", message, fields)
    elif isinstance(exc, exceptions.APIException):
        code = exc.get_codes() if isinstance(exc.get_codes(), str) else exc.default_code
        detail = exc.detail if isinstance(exc.detail, str) else str(exc.detail)
        response.data = error_body(str(code), str(detail))
    if response.status_code == status.HTTP_429_TOO_MANY_REQUESTS:
        response.data = error_body("throttled", response.data["error"]["message"])
    return response


def json_error(code: str, message: str, status_code: int) -> JsonResponse:
    return JsonResponse(error_body(code, message), status=status_code)
