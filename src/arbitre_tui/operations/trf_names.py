"""The TRF's names in Latin letters (issue 50.5): a name in another script (Cyrillic,
Greek…) or with a ß is written as FIDE's list spells it when the player is in the stored
list, else through rules/names' table (« WEIß » → « WEISS », « ЖУКОВ » → « ZHUKOV »);
each such name, the chief arbiter's too, is listed in a warning, never a « ? »."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules.names import ascii_only, transliterated
from ..rules.trf import TrfTournament
from ..store.rating_lists import fide_spellings
from .rating_lists import lists_beside

if TYPE_CHECKING:
    from ..rules.models import StoredPlayer
    from .context import EventContext

_HEADERS = {"012": "nom du tournoi", "022": "lieu", "102": "arbitre principal"}


def latin_names(
    service: EventContext, out: TrfTournament, people: dict[int, StoredPlayer]
) -> list[str]:
    """Give ``out``'s players (``people``: by start number) and header their Latin names;
    the warning naming each one transliterated (none: no warning)."""
    foreign = {
        number: p for number, p in people.items() if transliterated(f"{p.surname} {p.first_name}")
    }
    listed = fide_spellings(
        lists_beside(service.path), (p.fide_id for p in foreign.values() if p.fide_id)
    )
    said = []
    for number, p in sorted(foreign.items()):
        entry = out.players[number]
        spelling = listed.get(p.fide_id or 0)
        if spelling is not None:
            entry.name = ", ".join(x for x in spelling if x)
        written = ascii_only(entry.name)
        source = " (liste FIDE)" if spelling is not None else ""
        said.append(f"{p.surname} {p.first_name} → {written}{source}".strip())
    for code, what in _HEADERS.items():
        value = out.headers.get(code, "")
        if transliterated(value):
            said.append(f"{what} {value} → {ascii_only(value)}")
    said += [f"arbitre adjoint {d} → {ascii_only(d)}" for d in out.deputies if transliterated(d)]
    if not said:
        return []
    return [
        "TRF : noms écrits en lettres latines (le TRF est en ASCII) : " + " ; ".join(said) + "."
    ]
