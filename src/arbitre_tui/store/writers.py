"""The hot writes with typed arguments (issue 54.1): a board's result and the settings.

The operations call these instead of naming columns in a dict: the type checker reads a
``Result`` where the row holds its code, and the columns are written here only. Each is
one ``Tx.update``: journaled, checked against the schema and undone like any write.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Mapping
from typing import Any, Final

from ..rules.models import Result
from .journal import Tx


class _Kept(enum.Enum):
    KEPT = "kept"


KEPT: Final = _Kept.KEPT  # the decider as it stands (a result cleared keeps its row's)


def write_result(
    tx: Tx[Any], game_id: int, result: Result | None, decider: Result | _Kept | None = KEPT
) -> None:
    """A board's result (None: cleared) and, unless KEPT, the decider of its draw."""
    values: dict[str, str | None] = {"result": None if result is None else result.value}
    if decider is not KEPT:
        values["decider"] = None if decider is None else decider.value
    tx.update("games", game_id, values)


def write_settings(tx: Tx[Any], settings: Mapping[str, Any], section_id: int | None = None) -> None:
    """A section's settings (``section_id``) or the event's (None), whole, as typed by
    rules/settings: the row keeps them as JSON, accents as they are."""
    text = json.dumps(dict(settings), ensure_ascii=False)
    if section_id is None:
        tx.update("event", 1, {"settings": text})
    else:
        tx.update("tournaments", section_id, {"settings": text})
