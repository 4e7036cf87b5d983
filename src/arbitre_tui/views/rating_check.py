"""`arbitre ratings check`: the registered players whose rating or licence differs from
the lists imported beside the event (the rating of the section's cadence)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..operations.rating_lists import Lists, kind_of
from ..rules.rating_lists import KIND_LABELS, differences
from ..rules.settings import section_settings

if TYPE_CHECKING:
    from ..rules.models import StoredTournament
    from .reader import Reader


@dataclass(frozen=True, slots=True)
class Difference:
    id: int
    name: str
    what: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RatingCheck:
    tournament: str
    rating: str  # « Elo rapide »: the cadence's
    lists: tuple[str, ...]  # « FIDE : players_list_foa.txt (12 345 joueurs, 2026-12-01) »
    checked: int
    differences: tuple[Difference, ...]


def build(reader: Reader, t: StoredTournament, lists: Lists) -> RatingCheck:
    kind = kind_of(t)
    infos = lists.infos()
    loaded = {i.source for i in infos}
    rows: list[Difference] = []
    with reader.consistent():
        players = reader.players(t)
    for p in players:
        known = lists.known(p.fide_id, p.ffe_code)
        said = differences(
            p, known.fide, known.ffe, kind,
            fide_loaded="fide" in loaded, ffe_loaded="ffe" in loaded,
            fallback=section_settings(t).rating_standard_fallback,
        )  # fmt: skip
        if said:
            rows.append(Difference(p.id, p.name, tuple(said)))
    return RatingCheck(
        tournament=t.name,
        rating=KIND_LABELS[kind],
        lists=tuple(
            f"{'FIDE' if i.source == 'fide' else 'FFE'} : {i.file} "
            f"({i.players} joueurs, importée le {i.imported_at})"
            for i in infos
        ),
        checked=len(players),
        differences=tuple(rows),
    )
