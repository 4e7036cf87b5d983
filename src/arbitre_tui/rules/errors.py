"""Errors the rules raise, with a message an arbiter can read (French)."""

from __future__ import annotations


class RuleError(ValueError):
    """An action the regulations forbid, or input that makes no sense.

    The message is shown to the arbiter as it is, so it is in French and says what
    to do where that is not obvious.
    """

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
