"""What is saved after a COMMIT that failed: read back rather than guessed.

A COMMIT in WAL mode writes its frames, then syncs them; an error at that moment (a medium
pulled out, a file system gone, a sync refused) does not say whether the frames reached the
disk: SQLite recovers, at the next opening, every frame whole on disk. « Rien n'a été
enregistré » would then be a guess, and sometimes the opposite of the truth. The entry the
operation wrote in the journal is looked for through a fresh connection instead, and the
arbiter told what it found — or that it could not be read.

Every commit is also counted here: a command that fails after one of its commits (a
round closed, then its backup cut) says what it had already saved.
"""

from __future__ import annotations

import sqlite3
from collections import deque
from collections.abc import Callable
from pathlib import Path

# every commit of this process, in order: how many, and the last ones in French
_count = 0
_recent: deque[tuple[int, Callable[[], str]]] = deque(maxlen=20)


def note_commit(describe: Callable[[], str]) -> None:
    """A transaction committed; ``describe`` says it in the arbiter's words when asked."""
    global _count
    _count += 1
    _recent.append((_count, describe))


def commits() -> int:
    """How many transactions this process committed so far (a mark to compare against)."""
    return _count


def forget_since(mark: int) -> None:
    """The commits after ``mark`` are gone with their file (a new event refused and
    removed): no longer said as saved."""
    kept = [(number, describe) for number, describe in _recent if number <= mark]
    _recent.clear()
    _recent.extend(kept)


def committed_since(mark: int) -> list[str]:
    """What was committed after ``mark`` (the last 20 at most), in the arbiter's words."""
    said: list[str] = []
    for number, describe in _recent:
        if number > mark:
            try:
                said.append(describe())
            except Exception:  # a wording that fails must not hide what was saved
                said.append("une opération")
    return said


def read_back(path: Path | None, journal_id: int, at: str, terminal: str, op: str) -> bool | None:
    """Is the journal entry ``journal_id`` (written at ``at`` by ``terminal``) in the file
    now? None: the file cannot be read."""
    if path is None:
        return None
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5, isolation_level=None)
        try:
            row = con.execute(
                "SELECT at, terminal, op FROM journal WHERE id = ?", (journal_id,)
            ).fetchone()
        finally:
            con.close()
    except sqlite3.Error:
        return None
    return row is not None and tuple(row) == (at, terminal, op)


def uncertain(what: str, reason: str, saved: bool | None) -> str:
    """The message of a COMMIT that failed, with what the file holds now: the outcome when
    reading it back told, « état incertain » when it could not."""
    if saved is True:
        return (
            f"L'écriture de « {what} » a signalé une erreur au dernier moment ({reason}), "
            "mais relu à l'instant, le fichier le contient : c'est enregistré, ne le refaites "
            "pas. Vérifiez le support."
        )
    if saved is False:
        then = (
            "libérez de la place puis réessayez"
            if reason == "disque plein"
            else "vérifiez le support puis réessayez"
        )
        return (
            f"Écriture impossible, {reason} : rien n'a été enregistré (relu à l'instant, le "
            f"fichier ne contient pas « {what} ») ; {then}."
        )
    return (
        f"État incertain : l'écriture de « {what} » a échoué au moment d'atteindre le disque "
        f"({reason}) et le fichier ne peut pas être relu maintenant : elle a pu y parvenir. "
        "Vérifiez le support, puis voyez ce qui est enregistré (arbitre journal FICHIER, ou "
        "J dans l'application) avant de la refaire."
    )
