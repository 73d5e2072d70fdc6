"""The one error type the CLI translates into `error:` and `hint:` lines and exit 1."""

from __future__ import annotations


class GarrepaError(Exception):
    """A failure the user can fix; `hint` says how."""

    def __init__(self, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint
