"""An event made from nothing with the names real events have (issue 49): long,
accented, hyphenated, with apostrophes and particles — never the demo's short ones.

Two Swiss sections: « open » (14 players, two rounds played, the third paired with a
result, a half-point bye, an incident, prizes, the phones' reporting on) and « jeunes »
(four players, a MÉRIGNAC among them: a search by name must reach every section).
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from arbitre_tui.operations import EventService, byes, reporting
from arbitre_tui.rules.models import Player, Sex, System, TimeControl, Tournament

OPEN = [
    ("CHÂTEAUBRIAND-SAINT-ÉVREMOND", "Marie-Thérèse", "F", "Cercle d'Échecs de Saint-Germain-en-Laye", 2231),
    ("DE LA FONTAINE-MÉRIGNAC", "Jean-Baptiste", "M", "Échiquier Bordelais", 2198),
    ("O'NEILL", "Seán", "M", "Dublin Chess Club", 2105),
    ("D'ARTAGNAN", "Charles", "M", "Mousquetaires de Gascogne", 2050),
    ("LEFÈVRE", "Hélène", "F", "Colmar Échecs", 1987),
    ("BŒUF", "François", "M", "Colmar Échecs", 1950),
    ("PERRIN", "Gaël", "M", "Strasbourg Échecs", 1904),
    ("GARÇON", "Zoé", "F", "Mulhouse Philidor", 1850),
    ("MARTIN", "Paul", "M", "Sélestat", 1800),
    ("DUPONT", "Jean-Pierre", "M", "Haguenau", 1750),
    ("VAN DER BERG-HOLLANDER", "Anne-Sophie", "F", "Schaakclub Maastricht", 1700),
    ("ŁUKASZEWSKI", "Łukasz", "M", "KS Polonia Warszawa", 1650),
    ("SAINT-EXUPÉRY-D'AGAY", "Antoine-Marie", "M", "Lyon Échecs", 1600),
    ("N'DIAYE", "Aïssatou", "F", "Échiquier Dionysien", 1550),
]  # fmt: skip
YOUTH = [
    ("MÉRIGNAC", "Lou", "F", "Bordeaux Échecs", 1300),
    ("DE SAINT-ÉVREMOND", "Léon", "M", "Caen Échecs", 1250),
    ("O'BRIEN", "Éloïse", "F", "Rennes Échecs", 1200),
    ("LÉVÊQUE", "Noé", "M", "Nantes Échecs", 1150),
]
TC = TimeControl(base_minutes=90, increment_seconds=30)


def _section(
    service: EventService,
    key: str,
    name: str,
    players: list[tuple[str, str, str, str, int]],
    rounds: int = 5,
) -> None:
    service.add_tournament(
        Tournament(
            key=key,
            name=name,
            system=System.SWISS,
            rounds_planned=rounds,
            tiebreaks=["BH/C1", "BH", "PS"],
            time_controls={n: TC for n in range(1, rounds + 1)},
        )
    )
    for surname, first, sex, club, rating in players:
        service.register_player(
            key,
            Player(
                surname=surname,
                first_name=first,
                sex=Sex.FEMALE if sex == "F" else Sex.MALE,
                club=club,
                rating_fide=int(rating),
                birth_date=dt.date(1990, 1, 1),
            ),
        )


def long_names_event(path: Path, *, played: bool = True) -> Path:
    """The event; ``played=False``: registered only, nobody checked in (round 1 to pair)."""
    service = EventService(path, create=True)
    try:
        service.create_event("Open des Mousquetaires", "Condom")
        _section(service, "open", "Open des Mousquetaires", OPEN)
        _section(service, "jeunes", "Jeunes", YOUTH)
        if not played:
            return path
        for t in ("open", "jeunes"):
            for p in service.store.players(service.tournament(t).id):
                service.check_in(p.id)
        service.update_settings(
            "open",
            {"prizes": [{"label": "1er prix", "amount": 300}, {"label": "2e prix", "amount": 150}]},
        )
        last = max(service.store.players(service.tournament("open").id), key=lambda p: p.id)
        byes.request_bye(service, last.id, 3)  # « bye ½ point » on the third round's sheet
        for number in (1, 2):
            service.pair_round("open", seed=number)
            for board, result in enumerate(("1-0", "=-=", "0-1", "1-0", "=-=", "1-0", "0-1"), 1):
                service.record_result("open", board, result, number)
            service.close_round("open", number)
        service.pair_round("open", seed=3)
        service.record_result("open", 1, "1-0", 3)
        service.record_incident("open", 2, "white", "lateness", "arrivée à 14 h 20", 3)
        service.pair_round("jeunes", seed=1)
        reporting.set_enabled(service, True)
    finally:
        service.close()
    return path


def nine_rounds_event(path: Path) -> Path:
    """The Open's fourteen long names over nine rounds, all played (issue 49.3: the
    grille of a long Swiss at 80 columns)."""
    service = EventService(path, create=True)
    try:
        service.create_event("Open des Mousquetaires", "Condom")
        _section(service, "open", "Open des Mousquetaires", OPEN, rounds=9)
        for p in service.store.players(service.tournament("open").id):
            service.check_in(p.id)
        for number in range(1, 10):
            service.pair_round("open", seed=number)
            for board, result in enumerate(("1-0", "=-=", "0-1", "1-0", "=-=", "1-0", "0-1"), 1):
                service.record_result("open", board, result, number)
            service.close_round("open", number)
    finally:
        service.close()
    return path
