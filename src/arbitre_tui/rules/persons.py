"""The bounds of a person's texts (issue 53.4): how long each may be, what it must show.

The registration sheets, the PDF lists, Papi and the federation's files print them: a
club of 2 000 characters once stopped every PDF list. Each field is bounded where it
comes in (a CSV's row, `arbitre register`, a form), its reason said in French.
"""

from __future__ import annotations

from .models import Player
from .text import LINE_LIMIT, email_fault, too_long, visible_fault

# how long each text of a person may be; a text not named here: a line's (rules/text.py)
PERSON_LIMITS = {
    "surname": 60,
    "first_name": 60,
    "club": 60,  # as a club entered for a cup (operations/registration.enter_team)
    "ffe_code": 12,
    "federation": 3,
    "fee_category": 40,
    "payment_method": 40,
    "nationality": 3,
    "plays_national_for": 3,
    "phone": 40,
    "email": 254,  # RFC 5321
}
# a column's name in a message where the CSV's first header would be English
LABELS = {"email": "Courriel"}

_NOTHING_SAVED = " ; rien n'a été enregistré."


def field_fault(column: str, label: str, value: str) -> str | None:
    """Why the text ``value`` of ``column`` (said as ``label``) is refused: its length
    (None: it is accepted)."""
    fault = too_long(label, value, PERSON_LIMITS.get(column, LINE_LIMIT))
    return None if fault is None else fault.removesuffix(_NOTHING_SAVED)


def whole_fault(player: Player) -> str | None:
    """A surname that shows nothing (a zero-width space is refused as a character; a
    lone accent or a Hangul filler here), an e-mail without the shape of one."""
    fault = visible_fault("Nom", player.surname)
    if fault is None and player.email:
        fault = email_fault(player.email.strip())
    return None if fault is None else fault.removesuffix(_NOTHING_SAVED)
