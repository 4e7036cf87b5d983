"""The players of a section as the Joueurs pane and `arbitre players list` show them:
checked in, paid, withdrawn or excluded; counts; a knockout's registration note."""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.models import StoredTournament
from .reader import Reader, SectionView


@dataclass(frozen=True, slots=True)
class PlayerLine:
    id: int  # the registration (« Inscr. »): the store's, never typed by the arbiter
    number: int  # « N° »: the pairing number, the one every face shows and takes
    name: str
    rating: int
    club: str
    checked_in: bool
    paid: bool
    withdrawn: bool
    excluded: bool

    @property
    def marked(self) -> str:
        """The name with « (retiré) » / « (exclu) » when so."""
        return (
            self.name
            + (" (retiré)" if self.withdrawn else "")
            + (" (exclu)" if self.excluded else "")
        )


@dataclass(frozen=True, slots=True)
class Roster(SectionView):
    players: tuple[PlayerLine, ...]
    registration: str  # a knockout's live registration note, else ""
    provisional: bool  # no round paired yet: the N° is the initial order, not yet drawn

    @property
    def checked_in(self) -> int:
        return sum(p.checked_in for p in self.players)

    @property
    def withdrawn(self) -> int:
        return sum(p.withdrawn for p in self.players)


def build(reader: Reader, t: StoredTournament) -> Roster:
    from ..operations.formats import format_of

    with reader.consistent():
        players = reader.players(t)
        numbers = reader.numbers(t)
        provisional = not reader.rounds(t)
        note = ""
        if format_of(t).has_bracket:
            from .ko_status import build as ko_status

            note = ko_status(reader, t).note
    return Roster(
        t.key,
        t.name,
        tuple(
            PlayerLine(
                p.id,
                numbers.get(p.id, 0),
                p.name,
                p.rating,
                p.club,
                p.checked_in,
                p.paid,
                p.withdrawn,
                p.excluded,
            )
            for p in sorted(players, key=lambda p: (numbers.get(p.id, 0), p.id))
        ),
        note,
        provisional,
    )
