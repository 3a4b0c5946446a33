"""The OpenAPI schema tells the truth: every operation lists the errors it can answer, each in the JSON error
envelope (``config.api.error_body``), and list documents are described by a real JSON Schema
(``validation.core.document.document_json_schema``) instead of "any object"."""

from __future__ import annotations

from typing import Any

from drf_spectacular.openapi import AutoSchema

ENVELOPE_REF = {"$ref": "#/components/schemas/ErrorEnvelope"}
LIST_DOCUMENT_REF = {"$ref": "#/components/schemas/ListDocument"}

SAVED_LIST_KEY = {"type": "string", "minLength": 1, "maxLength": 300,
                  "description": "a saved list's id, share code or share link"}

ERROR_ENVELOPE: dict[str, Any] = {
    "type": "object",
    "description": "Every error of the API, whatever its status.",
    "properties": {
        "error": {
            "type": "object",
            "properties": {
                "code": {"type": "string", "description": "invalid, not_found, forbidden, throttled, too_large, …"},
                "message": {"type": "string", "description": "What went wrong, in English."},
                "fields": {
                    "type": "object",
                    "description": "JSON pointer of each value at fault → its messages ('' is the whole body).",
                    "additionalProperties": {"type": "array", "items": {"type": "string"}},
                },
            },
            "required": ["code", "message", "fields"],
        }
    },
    "required": ["error"],
}

WHY = {
    400: "The request is not valid: the fields say which value and why.",
    403: "Only the list's owner may do this (send its edit token or sign in).",
    404: "Nothing has this id or code.",
    405: "This method is not allowed here.",
    413: "The request body is too large.",
    429: "Too many requests from this client: Retry-After says when to come back.",
    500: "A server error (a bug): reported to us.",
}


class MusterAutoSchema(AutoSchema):
    """drf-spectacular's schema of a view, with the error responses the view can give."""

    def get_operation(self, *args: Any, **kwargs: Any) -> dict[str, Any] | None:
        operation = super().get_operation(*args, **kwargs)
        if not operation:
            return operation
        codes = {400, 405, 500}  # any request may be malformed (a NUL in the query) or a bug
        path = args[0] if args else kwargs.get("path", "")
        if "{" in str(path):
            codes.add(404)
        if "requestBody" in operation:
            codes.add(413)
        if any(p.get("in") == "header" and p.get("name") == "X-Edit-Token" for p in operation.get("parameters", [])):
            codes.add(403)
        if getattr(self.view, "throttle_scope", None) and getattr(self.view, "throttle_classes", None):
            codes.add(429)
        if getattr(self.view, "empty_filter_is_any", False):
            _allow_empty_filters(operation, getattr(self.view, "filterset_class", None))
        responses = operation.setdefault("responses", {})
        for code in sorted(codes):
            declared = responses.get(str(code))
            if declared is None:
                responses[str(code)] = {
                    "description": WHY[code], "content": {"application/json": {"schema": ENVELOPE_REF}},
                }
                continue
            # The view answers this status with its own body too (a paste that reads as no list): either.
            for media in declared.get("content", {}).values():
                if media.get("schema") not in (None, ENVELOPE_REF):
                    media["schema"] = {"anyOf": [media["schema"], ENVELOPE_REF]}
        return operation


EMPTY_VALUE = {"type": "string", "maxLength": 0, "description": "empty: this filter is not applied"}


def _allow_empty_filters(operation: dict[str, Any], filterset: Any) -> None:
    """A filter sent empty (``?game=&cost_min=``, as a page's form sends its "any" choices) filters nothing: the
    schema says so, so a client and the fuzzer both know an empty value is accepted, not an error."""
    names = set(getattr(filterset, "base_filters", {}) or {})
    for parameter in operation.get("parameters", []):
        if parameter.get("in") != "query" or parameter.get("name") not in names:
            continue
        schema = parameter.get("schema", {})
        if schema.get("type") == "array":
            schema["items"] = {"anyOf": [schema.get("items", {}), EMPTY_VALUE]}
        else:
            parameter["schema"] = {"anyOf": [schema, EMPTY_VALUE]}


def add_components(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    """Postprocessing hook: the error envelope, and the list document as the validator reads it."""
    from validation.core.document import document_json_schema

    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas["ErrorEnvelope"] = ERROR_ENVELOPE
    schemas["ListDocument"] = document_json_schema()
    matchup = schemas.get("MatchupRequest", {}).get("properties", {})
    for side in ("a", "b"):
        if side in matchup:
            matchup[side] = {"anyOf": [LIST_DOCUMENT_REF, SAVED_LIST_KEY], "description": matchup[side].get(
                "description", "")}
    return result
