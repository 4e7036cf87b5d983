"""The FFE's homologation paperwork of a tournament: the technical report (« rapport
technique », its cover page) from the event and its settings, and the tournament's
procès-verbal from what the journal and the tables recorded (forfeits, exclusions,
incidents, manual pairings, appeals, écarts with the score sheets), « Rien à signaler »
where nothing happened. `arbitre print` (PDF) and the app render these two views.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..operations.formats import format_of
from ..operations.registry import Operation
from ..rules.models import IncidentKind, Result, StoredGame, StoredPlayer, StoredTournament
from ..rules.settings import event_settings, section_settings, where

if TYPE_CHECKING:
    from ..store.records import EventRecord
    from .reader import Reader

TO_FILL = "à compléter"
NOTHING = "Rien à signaler"

SIDES = {"white": "des Blancs", "black": "des Noirs", "both": "des deux joueurs"}
FRENCH_SIDES = {"blancs": "white", "noirs": "black", "les-deux": "both"}


@dataclass(frozen=True, slots=True)
class TechnicalReport:
    tournament: str
    title: str
    lines: tuple[tuple[str, str], ...]  # (heading, value) down the cover page
    missing: tuple[str, ...]  # settings to fill in before sending it (their names)


@dataclass(frozen=True, slots=True)
class ReportSection:
    heading: str
    items: tuple[str, ...]  # none: « Rien à signaler »

    @property
    def shown(self) -> tuple[str, ...]:
        return self.items or (NOTHING,)


@dataclass(frozen=True, slots=True)
class TournamentReport:
    tournament: str
    title: str
    sections: tuple[ReportSection, ...]

    @property
    def quiet(self) -> bool:
        """Nothing to report anywhere."""
        return not any(s.items for s in self.sections)


def _fees(t: StoredTournament) -> str:
    s = section_settings(t)
    by_category = s.fees
    if s.regulation == "002" and where(t, "fee") != "tournoi":  # its categories
        from ..rules.open_models import Fees

        fees = Fees(**by_category)
        titles = ", ".join(str(x) for x in fees.free_titles)
        return (
            f"adulte {fees.adult} € ; membre du club {fees.club_member} € ; moins de 20 ans "
            f"{fees.under_20} € ; titrés ({titles}) gratuit"
        )
    if by_category:
        return " ; ".join(f"{k} : {_euros(v)}" for k, v in by_category.items())
    fee = s.fee
    return _euros(fee) if fee else "—"


def _euros(value: object) -> str:
    """An amount as the fee rule writes it (« 12,50 € », never « 12.5 € »)."""
    from ..rules.entry_fees import euros

    try:
        return euros(float(str(value)))
    except ValueError:
        return str(value)


def _prizes(t: StoredTournament) -> tuple[str, str]:
    """(the prize system, the total)."""
    s = section_settings(t)
    table, fund = s.prizes, s.prize_fund
    total = float(fund) if fund is not None else sum(float(p.get("amount") or 0) for p in table)
    from ..rules.prizes import system_label

    system = system_label(format_of(t).has_bracket)
    if s.prizes_in_goods:
        system += " ; prix en nature"
    return system, (_euros(total) if total else "—")


def _dates(reader: Reader, t: StoredTournament, event: EventRecord) -> str:
    first, last = event.get("start_date"), event.get("end_date")
    starts = sorted(r.start_time.date().isoformat() for r in reader.rounds(t) if r.start_time)
    first, last = first or (starts[0] if starts else None), last or (starts[-1] if starts else None)
    if not first:
        return TO_FILL
    if not last or last == first:
        return _french(str(first))
    return f"du {_french(str(first))} au {_french(str(last))}"


def _french(iso: str) -> str:
    """« 2027-01-16 » → « 16/01/2027 »."""
    parts = iso[:10].split("-")
    return "/".join(reversed(parts)) if len(parts) == 3 else iso


def technical_report(reader: Reader, t: StoredTournament) -> TechnicalReport:
    """The cover page of the technical report, every value from the event and settings."""
    with reader.consistent():
        event = reader.event()
        players = reader.players(t)
        rounds = reader.rounds(t)
        dates = _dates(reader, t, event)

    s = section_settings(t, event_settings(event))

    def given(value: str | None) -> str:
        return value or TO_FILL

    controls = dict.fromkeys(tc.label for tc in t.time_controls.values())
    system = format_of(t).pairing_system
    if s.acceleration:
        system += f", accéléré ({s.acceleration})"
    venue = ", ".join(x for x in (s.venue, event.get("city")) if x) or TO_FILL
    fide = sum(1 for p in players if p.fide_id or p.rating_fide)
    prize_system, prize_total = _prizes(t)
    arbiters, regulation = s.arbiters, s.regulation
    lines = (
        ("Tournoi", f"{t.name} ({event.get('name', '')})"),
        ("Numéro d'homologation", given(s.homologation_number)),
        ("Organisateur", given(s.organiser)),
        ("Lieu", venue),
        ("Dates", dates),
        ("Rondes", f"{sum(r.closed for r in rounds)} jouées sur {t.rounds_planned} prévues"),
        ("Cadence", " ; ".join(controls) or TO_FILL),
        ("Système d'appariement", system),
        ("Départages", ", ".join(t.tiebreaks) or "aucun"),
        ("Joueurs FIDE / total", f"{fide} / {len(players)}"),
        ("Droits d'inscription", _fees(t)),
        ("Système des prix", prize_system),
        ("Total des prix", prize_total),
        ("Arbitre principal", given(s.chief_arbiter)),
        ("Arbitres adjoints", ", ".join(arbiters) or "—"),
        ("Règlement", f"{regulation}" if regulation else "—"),
        ("Homologué FIDE", "oui" if s.fide_rated else "non"),
    )
    wanted = {
        "homologation_number": s.homologation_number,
        "organiser": s.organiser,
        "venue": s.venue,
        "chief_arbiter": s.chief_arbiter,
    }
    missing = tuple(name for name, value in wanted.items() if not value)
    return TechnicalReport(t.key, f"Rapport technique — {t.name}", lines, missing)


def tournament_report(reader: Reader, t: StoredTournament) -> TournamentReport:
    """The procès-verbal: what the journal and the tables recorded, section by section."""
    with reader.consistent():
        people = reader.people(t)
        games = reader.all_games(t)
        entries = list(reversed(reader.journal_entries()))
        undone = reader.undone_ids()
        incidents = reader.incidents(t)
        manual = reader.manual_changes(t)
        appeals = reader.appeals(t)
        settled = reader.settled_checks(t)
    where: dict[int | None, tuple[int, StoredGame]] = {
        g.id: (n, g) for n, round_games in games.items() for g in round_games
    }
    boards = {(n, g.board): g for n, round_games in games.items() for g in round_games}

    def name(pid: int | None) -> str:
        """Full names: the procès-verbal goes to the federation, it is not published."""
        p = people.get(pid) if pid else None
        return p.name if p else "exempt"

    forfeits = []
    for e in entries:
        args = json.loads(e["args"]) if e["op"] == Operation.ABSENT else {}
        if e["id"] in undone or args.get("tournament") != t.key:
            continue
        game = boards.get((int(args.get("round") or 0), int(args.get("board") or 0)))
        side = FRENCH_SIDES.get(str(args.get("side")), str(args.get("side")))
        line = (
            f"Ronde {args.get('round')}, échiquier {args.get('board')} : forfait "
            f"{SIDES.get(side, '')}{_absent(game, side, name)}"
        )
        if line not in forfeits:  # typed twice, one forfeit
            forfeits.append(line)
    gone = [_status(p) for p in people.values() if p.excluded or p.withdrawn]
    for e in entries:  # 002: the arbiter keeps a player a forfeit excluded (recorded)
        if e["op"] != Operation.KEEP_PLAYER or e["id"] in undone:
            continue
        pid = json.loads(e["args"]).get("player")
        if pid in people and not people[pid].excluded:
            gone.append(f"{name(pid)} : exclu après un forfait, maintenu par décision de l'arbitre")
    told = []
    for i in incidents:
        if i.kind is IncidentKind.LATENESS and i.note.startswith("absent"):
            continue  # the forfeit above says it
        n, g = where.get(i.game_id, (None, None))
        at = f"ronde {n}, échiquier {g.board}, " if g is not None else ""
        note = f" — {i.note}" if i.note else ""
        told.append(
            f"{at[:1].upper()}{at[1:]}{i.at:%H:%M} : {i.kind.label}, {name(i.player_id)}{note}"
        )
    pairings = [f"Ronde {n} : {note}" for n, notes in sorted(manual.items()) for note in notes]
    calls = [
        (f"Ronde {a['round']} ({str(a['at'])[11:16]}) : " if a["round"] else "") + str(a["text"])
        for a in appeals
    ]
    sheets = [
        f"Ronde {c['round']}, échiquier {c['board']} : "
        f"{'la feuille signée' if c['settled'] == 'feuille' else 'la saisie'} retenue "
        f"({Result(c['result']).label})"
        for c in settled
    ]
    sections = (
        ReportSection("Forfaits", tuple(forfeits)),
        ReportSection("Exclusions et abandons", tuple(gone)),
        ReportSection("Incidents", tuple(told)),
        ReportSection("Appariements manuels", tuple(pairings)),
        ReportSection("Appels", tuple(calls)),
        ReportSection("Écarts avec les feuilles de partie", tuple(sheets)),
    )
    return TournamentReport(t.key, f"Procès-verbal du tournoi — {t.name}", sections)


def _absent(game: StoredGame | None, side: str, name: Callable[[int | None], str]) -> str:
    """« (DUPONT Jean) »: who was absent."""
    if game is None:
        return ""
    both: list[int | None] = [game.white_id, game.black_id]
    ids = both[:1] if side == "white" else both[1:] if side == "black" else both
    return " (" + ", ".join(name(pid) for pid in ids) + ")"


def _status(p: StoredPlayer) -> str:
    return f"{p.name} : {'exclu' if p.excluded else 'abandon (retiré)'}"
