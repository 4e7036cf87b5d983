"""A player named at the command line by a piece of the name: « lefevre », « neill »,
« saint-evremond » — accents, case, apostrophes and hyphens aside.

Why pure and apart: every command that takes a player (checkin, bye, withdraw, players
edit…) reads what was typed the same way, and a piece that fits several players is never
guessed: the candidates are named.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from .names import fold

T = TypeVar("T")

_APOSTROPHES = str.maketrans("", "", "'’‘`")


def name_key(text: str) -> str:
    """What a name is matched by: « O'NEILL » → « oneill », « CHÂTEAUBRIAND-SAINT-ÉVREMOND
    Marie-Thérèse » → « chateaubriand saint evremond marie therese »."""
    folded = fold(text).casefold().translate(_APOSTROPHES).replace("-", " ")
    return " ".join(folded.split())


def matching(typed: str, named: Sequence[tuple[str, T]]) -> list[T]:
    """The items whose name holds ``typed`` (name_key of both); when several do, those
    it names whole words of, if that leaves one (« martin » is MARTIN, not MARTINEZ)."""
    wanted = name_key(typed)
    if not wanted:
        return []
    found = [(name_key(name), item) for name, item in named if wanted in name_key(name)]
    if len(found) > 1:
        whole = [item for key, item in found if f" {wanted} " in f" {key} "]
        if len(whole) == 1:
            return whole
    return [item for _, item in found]
