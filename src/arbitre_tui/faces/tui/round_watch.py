"""The rounds as this station last saw them, to tell when another station changed one.

Why: a message on the status line (« ✓ Échiquier 2 : 1-0 — enregistré », « Refusé : la
ronde 3 n'est pas close ») stayed after the other station paired or closed the round,
and read as if it were about the round now shown (issue 49.10). When the poll sees
another station's commit change a round, the line says that instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...views.reader import Reader

Marks = dict[str, tuple[str, int, bool]]  # section key → (its name, last round, closed)


def marks(reader: Reader) -> Marks:
    """Each section's last round and whether it is closed."""
    out: Marks = {}
    for t in reader.tournaments():
        last = reader.round(t)
        out[t.key] = (t.name, last.number if last else 0, bool(last and last.closed))
    return out


def changed(before: Marks, now: Marks, key: str | None) -> str | None:
    """What another station did to a round (the section shown first), or None."""
    keys = sorted(now, key=lambda k: k != key)
    for k in keys:
        if k not in before or before[k] == now[k]:
            continue
        name, number, closed = now[k]
        if number == 0:
            return f"Autre poste : {name}, appariements annulés."
        done = "close" if closed else "appariée"
        if before[k][1] == number and not closed:
            done = "rouverte"
        return f"Autre poste : {name}, ronde {number} {done}."
    return None
