"""Printed lists as PDF, by name: a registry of documents instead of one dispatcher.

``arbitre print FICHIER QUOI`` and the application's print command look ``QUOI`` up in
:data:`DOCUMENTS`; an unknown name is refused in French with the list of valid ones.
"""

from __future__ import annotations

from ...operations.event import EventService, OperationError
from .documents import (
    CheckIn,
    Crosstable,
    Document,
    Pairings,
    PairingsByName,
    ParticipantsByRating,
    Poster,
    Request,
    Standings,
    TableCards,
)
from .ffe import GrilleAmericaine, TechnicalReportDocument, TournamentReportDocument
from .forms import FORMS
from .layout import latin1, unicode_font
from .lite import Unsupported
from .match_sheet import MatchSheetDocument

DOCUMENTS: dict[str, Document] = {
    d.name: d
    for d in (
        Pairings(),
        PairingsByName(),
        Standings(),
        Crosstable(),
        CheckIn(),
        ParticipantsByRating(),
        Poster(),
        TableCards(),
        MatchSheetDocument(),
        GrilleAmericaine(),
        TechnicalReportDocument(),
        TournamentReportDocument(),
        *FORMS,
    )
}
WHATS = tuple(DOCUMENTS)

__all__ = ["DOCUMENTS", "WHATS", "Document", "build", "document", "latin1", "unicode_font"]


def document(what: str) -> Document:
    """The document called ``what``; refused with every valid name."""
    found = DOCUMENTS.get(what)
    if found is None:
        raise OperationError(
            f"Impression « {what} » inconnue. Documents possibles : {', '.join(DOCUMENTS)}."
        )
    return found


def build(
    service: EventService,
    what: str,
    key: str | None,
    number: int | None = None,
    base: str | None = None,
    wifi: tuple[str, str] | None = None,
    player: int | None = None,
) -> bytes:
    """The PDF of document ``what`` for section ``key`` (``number``: round, or cup match;
    ``base``: the address its QR codes give, else the event's; ``player``: a form's)."""
    doc = document(what)
    request = Request(service, service.tournament(key), number, base, wifi, player, lite=True)
    try:  # a list without fpdf2, whose import alone outlasts the whole list (issue 56.2)
        return bytes(doc.render(request).output())
    except Unsupported:
        request.lite = False  # what the light writer does not draw: fpdf2's page
        return bytes(doc.render(request).output())
