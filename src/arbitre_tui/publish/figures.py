"""Figures as French readers write them, on every page and every printout: points with
« ½ » (« 2½ », « ½ »), other figures with a decimal comma (« 12,5 »). The views, the
application and ``--json`` keep their numbers; only what is published is written so."""

from __future__ import annotations

import re

_NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?")


def half(points: float) -> str:
    """Points as French score sheets write them: « 2½ », « ½ », « 3 »."""
    whole, rest = divmod(points, 1)
    if rest == 0.5:
        return f"{int(whole) or ''}½"
    return f"{points:g}".replace(".", ",")


def french(value: str, points: bool = False) -> str:
    """A figure of a table as French readers write it: « 12,5 » (points: « 2½ »)."""
    if not _NUMBER.fullmatch(value):
        return value
    return half(float(value)) if points else value.replace(".", ",")


def score(text: str) -> str:
    """A match score's points with « ½ »: « 2.5-1.5 » → « 2½-1½ », « 2.5 – 1.5 » likewise."""
    return re.sub(r"[0-9]+(\.[0-9]+)?", lambda m: half(float(m.group(0))), text)
