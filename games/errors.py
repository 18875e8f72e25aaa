"""The error every live-table door shares: a refused request, with a docs/protocol.md code.

It lives on its own so that the services (which raise it), the selectors (which refuse a
table the user may not see) and the doors (consumers, views, the API, which turn it into
an `error` message, a form error or a 4xx answer) all import it without importing each
other.
"""

from __future__ import annotations


class GameError(Exception):
    """A refused request; `code` is one of docs/protocol.md's error codes and `message`
    tells the player what to do. Nothing was changed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"
