"""Coupe d'Alsace operations (regulation 004): draw, line-ups, results, decision, sheet.

A team's faults and their penalties are in cup_sanctions.py; the roll of honour and the
final ranking in cup_honours.py."""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeVar

from ..rules import cup
from ..rules.errors import RuleError
from ..rules.models import CupMatch, CupSide, StoredPlayer, StoredTeam, StoredTournament, System
from ..rules.settings import section_settings
from ..rules.text import text_fault
from ..store.journal import Tx
from .errors import NeedsConfirmation, OperationError
from .registry import Operation

if TYPE_CHECKING:
    from .context import EventContext
    from .journal_args import CupArgs, IncidentArgs


def cup_of(service: EventContext, key: str | None) -> StoredTournament:
    """The cup ``key`` (or the event's only cup); any other section is refused."""
    if key is None:
        cups = [t for t in service.store.tournaments() if t.system is System.TEAM_CUP]
        if len(cups) == 1:
            return cups[0]
    t = service.tournament(key)
    if t.system is not System.TEAM_CUP:
        raise OperationError(f"{t.name} n'est pas une compétition par équipes.")
    return t


def matches(
    service: EventContext, t: StoredTournament, round_number: int | None = None
) -> list[CupMatch]:
    """The cup's matches (of one round if given), typed, round then number."""
    return service.store.cup_matches(t.id, round_number)


def teams_of(service: EventContext, t: StoredTournament) -> dict[int, StoredTeam]:
    return {team.id: team for team in service.store.teams(t.id)}


def _strength(roster: list[StoredPlayer]) -> int:
    """Declared strength: the rating sum of the four best players of the roster."""
    return sum(sorted((p.rating for p in roster), reverse=True)[:4])


def _rosters(service: EventContext, t: StoredTournament) -> dict[int, list[StoredPlayer]]:
    out: dict[int, list[StoredPlayer]] = {}
    for p in service.store.players(t.id):
        if p.team_id is not None:
            out.setdefault(p.team_id, []).append(p)
    return out


def _cup_teams(service: EventContext, t: StoredTournament) -> list[cup.CupTeam]:
    clubs = service.store.clubs()
    rosters = _rosters(service, t)
    return [
        cup.CupTeam(team.id, clubs[team.club_id], team.number, _strength(rosters.get(team.id, [])))
        for team in teams_of(service, t).values()
    ]


def entry_check(service: EventContext, key: str | None) -> list[str]:
    return cup.entry_faults(_cup_teams(service, cup_of(service, key)))


def draw(service: EventContext, key: str | None, seed: int | None = None) -> int:
    """Draw the next round: byes by priority then by lot (round 1), pairs by lot, hosting."""
    from .journal_args import CupArgs

    with service.write(Operation.CUP_DRAW, CupArgs(tournament=key)) as tx:
        t = cup_of(service, key)
        previous = matches(service, t)
        number = (max(m.round for m in previous) + 1) if previous else 1
        tx.args = replace(tx.args, tournament=t.key, round=number)
        if previous:
            last = [m for m in previous if m.round == number - 1]
            undecided = [m.number for m in last if m.winner_team_id is None]
            if undecided:
                raise OperationError(
                    f"Tour {number - 1} : matchs sans vainqueur ({', '.join(map(str, undecided))})."
                )
            alive = [m.winner_team_id for m in last]
            if len(alive) == 1:
                raise OperationError("La Coupe est jouée : le vainqueur est connu.")
        else:
            faults = entry_check(service, t.key)
            if faults:
                raise OperationError("Engagements refusés : " + " ; ".join(faults))
            alive = [team.id for team in _cup_teams(service, t)]
        travelled = {
            m.away_team_id: True for m in previous if m.round == number - 1 and m.away_team_id
        }
        travelled.update(  # a bye neither hosted nor travelled (art. 2.2)
            {m.home_team_id: False for m in previous if m.round == number - 1 and m.away_team_id}
        )
        late = {
            m.winner_team_id
            for m in previous
            if m.round == number - 1 and _late(m) and m.winner_team_id is not None
        }
        byes: list[int] = []
        if number == 1:
            s = section_settings(t)
            # the holder: the setting, else the roll of honour's latest winner (issue 16)
            roll = service.store.roll_of_honour(t.id)
            holder = s.holder or cup.holder(roll)
            finalist = s.last_finalist or cup.last_finalist(service.store.finalists(t.id))
            teams = [c for c in _cup_teams(service, t) if c.id in alive]
            given, pool = cup.bye_priority(teams, holder, finalist)
            missing = cup.byes_needed(len(teams)) - len(given)
            if missing > 0:
                given += list(tx.draw("exempts tirés au sort", "shuffle", pool, seed))[:missing]
            byes = given
        others = [tid for tid in alive if tid not in byes]
        order = list(tx.draw(f"tirage du tour {number}", "shuffle", others, seed))
        n = 0
        for team_id in byes:
            n += 1
            tx.insert(
                "cup_matches",
                {
                    "tournament_id": t.id,
                    "round": number,
                    "number": n,
                    "home_team_id": team_id,
                    "away_team_id": None,
                    "winner_team_id": team_id,
                    "reason": "exempt",
                },
            )
        for a, b in zip(order[::2], order[1::2], strict=True):
            n += 1
            home, away, keeps = cup.host(a, b, travelled, late, number)
            tx.insert(
                "cup_matches",
                {
                    "tournament_id": t.id,
                    "round": number,
                    "number": n,
                    "home_team_id": home,
                    "away_team_id": away,
                    "away_keeps_white": int(keeps),
                },
            )
    return number


def _late(m: CupMatch) -> bool:
    """Result reported after midnight of the match day (art. 3.9)."""
    return bool(m.confirmations.get("reported_after_midnight"))


def find_match(
    service: EventContext, t: StoredTournament, number: int, round_number: int | None = None
) -> CupMatch:
    rows = matches(service, t)
    if not rows:
        raise OperationError("Aucun tour tiré au sort.")
    rnd = round_number or max(m.round for m in rows)
    for m in rows:
        if m.round == rnd and m.number == number:
            return m
    raise OperationError(f"Match {number} inconnu au tour {rnd}.")


M = TypeVar("M", "CupArgs", "IncidentArgs")  # the records of an operation on a match


def _in_match(
    service: EventContext, tx: Tx[M], key: str | None, number: int
) -> tuple[StoredTournament, CupMatch]:
    """The cup and its match ``number`` of the current round, read inside the operation."""
    t = cup_of(service, key)
    tx.args = replace(tx.args, tournament=t.key)
    return t, find_match(service, t, number)


def _check_plays(m: CupMatch, team_id: int, number: int) -> None:
    if team_id not in (m.home_team_id, m.away_team_id) or m.away_team_id is None:
        raise OperationError(f"L'équipe {team_id} ne joue pas le match {number}.")


def _season(t: StoredTournament, on: dt.date) -> cup.Season:
    s = section_settings(t)
    return cup.Season(
        licence_deadline=s.licence_deadline,
        match_date=on,
        max_non_eu=s.max_non_eu,
        max_transferred=s.max_transferred,
        min_french=s.min_french,
    )


def _roster_player(p: StoredPlayer) -> cup.RosterPlayer:
    return cup.RosterPlayer(
        id=p.id,
        name=p.name,
        club=p.club,  # no club: not licensed (art. 1.4), never the team's by default
        rating=p.rating,
        birth_date=p.birth_date,
        nationality=p.nationality or p.federation,
        eu=True if p.eu is None else p.eu,
        transferred=p.transferred,
        licence_date=p.licence_date,
        plays_national_for=p.plays_national_for,
        residence_since=p.residence_since,
        ffe_licence_since=p.licence_date,
        fide_federation=p.federation,
        licensed=bool((p.ffe_code or "").strip() or p.licence_date),
    )


SIDES: tuple[CupSide, CupSide] = ("home", "away")


def _played_for(service: EventContext, t: StoredTournament) -> dict[int, set[int]]:
    from .cup_roster import played_for

    return played_for(service, t)


def lineup_check(
    service: EventContext,
    key: str | None,
    number: int,
    team_id: int,
    player_ids: list[int],
    on: dt.date | None = None,
) -> list[str]:
    """Every reason a line-up would be refused (empty: eligible). Reads only: for live checks."""
    t = cup_of(service, key)
    m = find_match(service, t, number)
    if team_id not in (m.home_team_id, m.away_team_id):
        raise OperationError(f"L'équipe {team_id} ne joue pas le match {number}.")
    teams = teams_of(service, t)
    club = service.store.clubs()[teams[team_id].club_id]
    roster = {p.id for p in _rosters(service, t).get(team_id, [])}
    everyone = {p.id: p for p in service.store.players(t.id)}
    unknown = [pid for pid in player_ids if pid not in everyone]
    if unknown:
        raise OperationError(f"Joueur(s) inconnu(s) : {', '.join(map(str, unknown))}.")
    lineup = [_roster_player(everyone[pid]) for pid in player_ids]
    faults = cup.lineup_faults(
        lineup, club, team_id, _season(t, on or dt.date.today()), _played_for(service, t)
    )
    faults += [
        f"{everyone[pid].name} n'est pas dans l'effectif de cette équipe"
        for pid in player_ids
        if pid not in roster and everyone[pid].club == club
    ]
    return faults


def hand_in_lineup(
    service: EventContext,
    key: str | None,
    number: int,
    team_id: int,
    player_ids: list[int],
    at: dt.datetime | None = None,
) -> list[str]:
    """Record a line-up in board order; frozen once handed in. Refused with every reason."""
    from .journal_args import CupArgs

    with service.write(
        Operation.CUP_LINEUP,
        CupArgs(tournament=key, match=number, team=team_id, players=tuple(player_ids)),
    ) as tx:
        t, m = _in_match(service, tx, key, number)
        side = next((side for side in SIDES if m.team(side) == team_id), None)
        if side is None:
            raise OperationError(f"L'équipe {team_id} ne joue pas le match {number}.")
        if m.lineup(side) is not None:
            raise OperationError("Composition déjà remise : elle ne peut plus changer.")
        when = at or dt.datetime.now().replace(microsecond=0)
        faults = lineup_check(service, t.key, number, team_id, player_ids, when.date())
        if faults:
            raise OperationError("Composition refusée : " + " ; ".join(faults))
        tx.update(
            "cup_matches",
            m.id,
            {f"lineup_{side}": json.dumps(player_ids), f"lineup_{side}_at": when.isoformat()},
        )
    return faults


def record_board(
    service: EventContext,
    key: str | None,
    number: int,
    board: int,
    result: str,
    *,
    confirm: bool | str = False,
) -> dict[str, Any]:
    """A board's result; with all four, the match result as the rules decide it
    (``{"unchanged": True}``: the same result typed again, journaled all the same).

    As on a round's board: a different result already there asks first
    (NeedsConfirmation, ``--confirm`` on the command line); once the procès-verbal is
    confirmed (arbiter or a captain), a board's result is refused until the
    confirmations are withdrawn (``withdraw_confirmations``, journaled)."""
    from .journal_args import CupArgs

    with service.write(
        Operation.CUP_RESULT, CupArgs(tournament=key, match=number, board=board, result=result)
    ) as tx:
        t = cup_of(service, key)
        m = find_match(service, t, number)
        if m.away_team_id is None:
            raise OperationError(f"Match {number} : exempt, pas de résultat.")
        if m.lineup_home is None or m.lineup_away is None:
            raise OperationError(
                f"Match {number} : les deux compositions doivent être remises avant les résultats."
            )
        if not 1 <= board <= cup.BOARDS:
            raise OperationError(f"Échiquier {board} : de 1 à {cup.BOARDS}.")
        try:
            value = cup.parse_board(result)
        except RuleError as exc:
            raise OperationError(exc.message) from None
        tx.args = replace(tx.args, tournament=t.key, result=value.value)
        lined_up = len(m.lineup_home), len(m.lineup_away)
        if fault := cup.board_fault(board, value, *lined_up):
            raise OperationError(fault)
        _replacing(m, number, board, value.value, confirm)
        if m.results[board - 1] == value.value:  # typed again: its own operation (29.4)
            tx.args = replace(tx.args, unchanged=True)
            tx.touch("cup_matches", m.id)
            return {"unchanged": True}
        results = list(m.results)
        results[board - 1] = value.value
        changes: dict[str, Any] = {"results": json.dumps(results)}
        decided: dict[str, Any] = {}
        if all(results):
            everyone = {p.id: p for p in service.store.players(t.id)}

            def info(ids: list[int]) -> cup.LineupInfo:
                return cup.LineupInfo(
                    [everyone[i].rating for i in ids],
                    [d for d in (everyone[i].birth_date for i in ids) if d],
                )

            final = len([x for x in matches(service, t) if x.round == m.round]) == 1
            try:
                outcome = cup.decide(
                    [cup.Board(r) for r in results if r],  # all four are there
                    info(m.lineup_home),
                    info(m.lineup_away),
                    final=final,
                    on=dt.date.today(),
                )
            except RuleError as exc:
                raise OperationError(exc.message) from None
            winner = {cup.Outcome.HOME: m.home_team_id, cup.Outcome.AWAY: m.away_team_id}.get(
                outcome.winner
            )
            changes.update(
                {
                    "winner_team_id": winner,
                    "reason": outcome.reason,
                    "home_points": outcome.home_points,
                    "away_points": outcome.away_points,
                }
            )
            decided = {
                "winner": winner,
                "reason": outcome.reason,
                "score": (outcome.home_points, outcome.away_points),
            }
        tx.update("cup_matches", m.id, changes)
    return decided


def _replacing(m: CupMatch, number: int, board: int, value: str, confirm: bool | str) -> None:
    """A different result on a board: refused on a confirmed sheet, else asked first."""
    previous = m.results[board - 1]
    if previous is None or previous == value:
        return
    if m.confirmations:
        who = ", ".join(w.replace("-", " ") for w in sorted(m.confirmations))
        raise OperationError(
            f"Match {number}, échiquier {board} : déjà {previous}, procès-verbal confirmé "
            f"({who}) : retirez d'abord les confirmations (arbitre cup unconfirm {number}, "
            "ou c sur la feuille du match)."
        )
    token = f"{m.id}:{board}:{previous}"
    if confirm is True or confirm == token:
        return
    raise NeedsConfirmation(
        f"Match {number}, échiquier {board} : déjà {previous} — remplacer par {value} ?", token
    )


def withdraw_confirmations(service: EventContext, key: str | None, number: int) -> list[str]:
    """The procès-verbal's confirmations withdrawn (a board to correct): journaled, so the
    file says who withdrew them and when; refused when there are none."""
    from .journal_args import CupArgs

    with service.write(Operation.CUP_UNCONFIRM, CupArgs(tournament=key, match=number)) as tx:
        _t, m = _in_match(service, tx, key, number)
        if not m.confirmations:
            raise OperationError(f"Match {number} : aucune confirmation à retirer.")
        tx.update("cup_matches", m.id, {"confirmations": json.dumps({})})
        return sorted(m.confirmations)


def director_decision(
    service: EventContext, key: str | None, number: int, team_id: int, note: str
) -> None:
    from .journal_args import CupArgs

    if fault := text_fault("Note de la décision", note, lines=True):
        raise OperationError(fault)
    with service.write(
        Operation.CUP_DIRECTOR, CupArgs(tournament=key, match=number, team=team_id)
    ) as tx:
        _t, m = _in_match(service, tx, key, number)
        if m.winner_team_id is not None:
            raise OperationError(f"Match {number} : le vainqueur est déjà connu ({m.reason}).")
        if team_id not in (m.home_team_id, m.away_team_id):
            raise OperationError(f"L'équipe {team_id} ne joue pas le match {number}.")
        final = len([x for x in matches(service, _t) if x.round == m.round]) == 1
        if fault := cup.director_fault(m.results, final):
            raise OperationError(f"Match {number} : {fault}.")
        tx.update(
            "cup_matches",
            m.id,
            {"winner_team_id": team_id, "reason": f"décision du directeur : {note}"},
        )


def report(
    service: EventContext, key: str | None, number: int, when: dt.datetime, match_day: dt.date
) -> bool:
    """Result reported: after midnight of the match day, the team travels next round."""
    from .journal_args import CupArgs

    late = when.date() > match_day
    if when.date() < match_day:
        raise OperationError(
            f"Transmis le {when:%d/%m/%Y}, avant le jour du match ({match_day:%d/%m/%Y}) : "
            "un résultat se transmet après le match. Vérifiez les dates."
        )
    with service.write(
        Operation.CUP_REPORT, CupArgs(tournament=key, match=number, at=when.isoformat())
    ) as tx:
        _t, m = _in_match(service, tx, key, number)
        if m.away_team_id is None:
            raise OperationError(f"Match {number} : exempt, pas de résultat à transmettre.")
        conf = {**m.confirmations, "reported_after_midnight": late}
        tx.update(
            "cup_matches",
            m.id,
            {"reported_at": when.isoformat(), "confirmations": json.dumps(conf)},
        )
    return late


def confirm(service: EventContext, key: str | None, number: int, who: str) -> None:
    """The captains' and the arbiter's confirmation of the procès-verbal, recorded."""
    from .journal_args import CupArgs

    if who not in ("capitaine-recevant", "capitaine-visiteur", "arbitre"):
        raise OperationError("Qui confirme : capitaine-recevant, capitaine-visiteur ou arbitre.")
    with service.write(Operation.CUP_CONFIRM, CupArgs(tournament=key, match=number, who=who)) as tx:
        _t, m = _in_match(service, tx, key, number)
        if m.away_team_id is None:
            raise OperationError(f"Match {number} : exempt, pas de procès-verbal à confirmer.")
        if m.winner_team_id is None:
            raise OperationError(f"Match {number} : pas encore de résultat à confirmer.")
        conf = {**m.confirmations, who: dt.datetime.now().isoformat(timespec="seconds")}
        tx.update("cup_matches", m.id, {"confirmations": json.dumps(conf)})


# -- incidents on a match's boards (issue 30.23) ------------------------------------------
def incident_place(round_number: int, number: int, board: int) -> str:
    """Where a cup incident happened, as its note begins (« Tour 2, match 3, échiquier 1 »):
    a cup board is no row of ``games``, so the incident names it in words (the schema
    unchanged), and its count is read back by this prefix."""
    return f"Tour {round_number}, match {number}, échiquier {board}"


def board_player(
    t: StoredTournament, m: CupMatch, board: int, colour: str
) -> tuple[int | None, CupSide]:
    """The player of ``colour`` (white/blancs, black/noirs) on ``board`` and their side, by
    the colours of art. 3.4 (the visitors' White after an art. 3.9 sanction)."""
    home_colours = cup.colours(bool(m.away_keeps_white), section_settings(t).board_colours_home)
    white = colour in ("white", "blancs")
    side: CupSide = "home" if (home_colours[board - 1] == "w") == white else "away"
    lineup = m.lineup(side) or []
    return (lineup[board - 1] if board <= len(lineup) else None), side


def record_incident(
    service: EventContext,
    key: str | None,
    number: int,
    board: int,
    colour: str,
    kind: str,
    note: str = "",
    *,
    confirm: bool = False,
) -> int:
    """An incident on a board of a match of the current tour (a cup has no round of
    games): counted and decided as on a round's board — the illegal move that loses
    (setting ``illegal_moves_to_lose``, 004: the Laws' 2), a phone (004 art. 3.3: the
    FIDE Laws in full, the game lost) —, the loss written as the board's result (the
    match decided once the four are in). What loses asks first (``confirm``)."""
    from ..rules.incidents import consequence
    from ..rules.models import IncidentKind
    from .journal_args import IncidentArgs

    try:
        kind_value = IncidentKind(kind)
    except ValueError:
        raise OperationError(
            f"Type d'incident « {kind} » inconnu ({', '.join(k.value for k in IncidentKind)})."
        ) from None
    if colour not in ("white", "black", "blancs", "noirs"):
        raise OperationError("Couleur attendue : white/blancs ou black/noirs.")
    if fault := text_fault("Note de l'incident", note, lines=True):
        raise OperationError(fault)
    args = IncidentArgs(match=number, board=board, colour=colour, kind=kind_value.value)
    with service.write(Operation.RECORD_INCIDENT, args) as tx:
        t, m = _in_match(service, tx, key, number)
        tx.args = replace(tx.args, round=m.round)
        if m.away_team_id is None:
            raise OperationError(f"Match {number} : exempt, pas de partie.")
        if not 1 <= board <= cup.BOARDS:
            raise OperationError(f"Échiquier {board} : de 1 à {cup.BOARDS}.")
        if m.lineup_home is None or m.lineup_away is None:
            raise OperationError(
                f"Match {number} : les deux compositions doivent être remises avant un incident."
            )
        player_id, side = board_player(t, m, board, colour)
        if player_id is None:
            raise OperationError(f"Match {number}, échiquier {board} : personne à cette place.")
        result = m.results[board - 1]
        loss = "0-1" if side == "home" else "1-0"  # the board's result, home team's view
        place = incident_place(m.round, number, board)
        loses = False
        if kind_value is IncidentKind.ILLEGAL_MOVE:
            if result is not None:
                raise OperationError(
                    f"{place} : la partie est finie ({result}), plus de coup illégal à compter."
                )
            count = 1 + sum(
                1
                for i in service.store.incidents(t.id)
                if i.player_id == player_id
                and i.kind is IncidentKind.ILLEGAL_MOVE
                and (i.note == place or i.note.startswith(place + " — "))
            )
            if count >= section_settings(t).illegal_moves_to_lose:
                if not confirm:
                    raise NeedsConfirmation(
                        f"{place} : {count}e coup illégal, la partie est perdue. Confirmez ?"
                    )
                loses = True
        else:
            rule = consequence(section_settings(t).regulation, kind_value)
            if rule.asks and not confirm:
                raise NeedsConfirmation(
                    f"{place} : " + rule.question(kind_value.label.capitalize())
                )
            loses = rule.loses_game and result in (None, "X")
            if rule.excludes:
                tx.update("players", player_id, {"excluded": 1})
        iid = tx.insert(
            "incidents",
            {
                "game_id": None,
                "player_id": player_id,
                "kind": kind_value.value,
                "at": dt.datetime.now().isoformat(timespec="seconds"),
                "note": place + (f" — {note}" if note else ""),
            },
        )
        if loses:  # joins this transaction: one action, one undo
            record_board(service, t.key, number, board, loss, confirm=True)
        return iid
