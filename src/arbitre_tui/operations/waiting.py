"""A face hears when an operation waits for another station's write (issue 53.7): the
store says it (store/waiting.py); a face passes its listener through here, as faces do
not import the store."""

from __future__ import annotations

from collections.abc import Callable


def listen(listener: Callable[[float | None], None] | None) -> None:
    """``listener`` hears each wait: the seconds waited (0.0 as it begins), None at its end."""
    from ..store import waiting

    waiting.listen(listener)
