"""What every command module needs: open the event, print JSON."""

from __future__ import annotations

import json
from typing import Any


def open_event(path: str, check: bool = True) -> Any:
    """The EventService for ``path``; imported here so `arbitre --help` stays fast."""
    from ...operations import EventService

    return EventService(path, check=check)


def print_json(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2, default=str))
