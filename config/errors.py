"""The one domain error that services raise; the API and the commands turn it into their own shape."""

from __future__ import annotations


class ApplicationError(Exception):
    """A client's mistake that a service detected: a 4xx in the API, exit status 2 in a command.

    ``fields`` maps JSON pointers (``/entries/3/qty``) to messages.
    """

    def __init__(
        self,
        message: str,
        *,
        code: str = "invalid",
        status: int = 400,
        fields: dict[str, list[str]] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.status = status
        self.fields = fields or {}
