"""What every command module needs: open the event, print JSON."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ...operations import EventService


def open_event(path: str, check: bool = True) -> EventService:
    """The EventService for ``path``; imported here so `arbitre --help` stays fast."""
    from ...operations import EventService

    return EventService(path, check=check)


def print_json(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2, default=str))


def read_trf(path: str) -> Any:
    """The one TRF reader of pair-trf, check-pairings and tiebreaks.

    Strict: fixed columns checked, each player's points equal to his results; a fault is
    refused with the file, the line and the reason, whichever command read it.
    """
    from ...rules import trf
    from ...rules.errors import RuleError

    text = Path(path).read_text(encoding="utf-8", errors="replace")
    try:
        return trf.parse(text)
    except RuleError as exc:
        from ...operations import OperationError

        raise OperationError(f"{path} : {exc.message}") from None
