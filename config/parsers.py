"""The API's body parser (``REST_FRAMEWORK["DEFAULT_PARSER_CLASSES"]``); its own module, because DRF's
views import it while config.api imports DRF's views."""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from rest_framework import exceptions
from rest_framework.parsers import JSONParser
from rest_framework.utils.json import strict_constant


class StrictJSONParser(JSONParser):
    """Every API's body parser: strict JSON (no NaN) read in one piece, and nesting too deep for Python's
    parser is a malformed body (400), not a server error. (DRF's own parser decodes through a stream
    reader, several times slower on a list, and lets RecursionError through.)"""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        try:
            return json.loads(stream.read().decode(encoding), parse_constant=strict_constant)
        except ValueError as exc:
            raise exceptions.ParseError(f"JSON parse error - {exc}") from None
        except RecursionError:
            raise exceptions.ParseError("JSON parse error - the document is nested too deeply") from None
