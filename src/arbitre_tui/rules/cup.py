"""Coupe d'Alsace (regulation 004): line-up checks, match scoring and decision, byes,
hosting and colours, roll of honour. Pure: the store and the faces call these."""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypeVar

from .errors import RuleError

BOARDS = 4


@dataclass(frozen=True)
class RosterPlayer:
    id: int
    name: str
    club: str
    rating: int = 0
    birth_date: dt.date | None = None
    nationality: str = "FRA"
    eu: bool = True
    transferred: bool = False
    licence_date: dt.date | None = None
    plays_national_for: str | None = None  # club for which he plays N1–N4 this season
    residence_since: dt.date | None = None
    ffe_licence_since: dt.date | None = None
    fide_federation: str | None = None  # code on the FIDE list, if listed
    licensed: bool = True  # a licence number or a licence date on the roster (art. 1.4)


def counts_as_french(p: RosterPlayer, on: dt.date) -> bool:
    """French, or 5 years' residence and 5 years' FFE licence and FRA on the FIDE list (3.1)."""
    if p.nationality.upper() == "FRA":
        return True

    def years(since: dt.date | None) -> bool:
        return (
            since is not None
            and (on.year - since.year - ((on.month, on.day) < (since.month, since.day))) >= 5
        )

    listed_ok = p.fide_federation is None or p.fide_federation.upper() == "FRA"
    return years(p.residence_since) and years(p.ffe_licence_since) and listed_ok


@dataclass
class Season:
    licence_deadline: dt.date  # no one licensed after 15 January of the season
    match_date: dt.date
    max_non_eu: int = 1
    max_transferred: int = 2
    min_french: int = 3


def lineup_faults(
    lineup: Sequence[RosterPlayer],
    club: str,
    team_id: int,
    season: Season,
    played_for: dict[int, set[int]],
) -> list[str]:
    """Every reason the line-up breaks article 3.1 (empty: eligible).

    ``played_for`` maps a player to the teams of his club he already played for this season.
    """
    faults: list[str] = []
    if len(lineup) > BOARDS:
        faults.append(f"{len(lineup)} joueurs : une équipe en aligne {BOARDS} au plus")
    ids = [p.id for p in lineup]
    if len(set(ids)) != len(ids):
        faults.append("un joueur figure deux fois dans la composition")
    # reading kept (issue 52.12): « ne sont pas considérés comme étrangers » (5 years'
    # residence and licence, FRA on the FIDE list) speaks of « étrangers », the word of the
    # three-French rule; the non-EU limit is on nationality (« ressortissant »): an
    # assimilated non-EU player still counts toward it, and the refusal says so
    non_eu = [p for p in lineup if not p.eu]
    if len(non_eu) > season.max_non_eu:
        assimilated = [p.name for p in non_eu if counts_as_french(p, season.match_date)]
        said = (
            f" ; {', '.join(assimilated)} : assimilé(s) aux Français pour les {season.min_french}"
            " joueurs français, pas pour cette limite (nationalité, art. 3.1)"
            if assimilated
            else ""
        )
        faults.append(
            f"{len(non_eu)} joueurs non ressortissants de l'UE "
            f"({', '.join(p.name for p in non_eu)}) : {season.max_non_eu} au plus{said}"
        )
    moved = [p.name for p in lineup if p.transferred]
    if len(moved) > season.max_transferred:
        faults.append(f"{len(moved)} mutés ({', '.join(moved)}) : {season.max_transferred} au plus")
    for p in lineup:
        if p.licence_date is not None and p.licence_date > season.licence_deadline:
            faults.append(
                f"{p.name} licencié le {p.licence_date:%d/%m/%Y}, après le "
                f"{season.licence_deadline:%d/%m/%Y}"
            )
        # art. 1.4: transferred and foreign players licensed by 30 November of the season
        november = dt.date(season.licence_deadline.year - 1, 11, 30)
        foreign = p.nationality.upper() != "FRA"
        if (p.transferred or foreign) and p.licence_date and p.licence_date > november:
            faults.append(
                f"{p.name} ({'muté' if p.transferred else 'étranger'}) licencié le "
                f"{p.licence_date:%d/%m/%Y}, après le {november:%d/%m/%Y} (art. 1.4)"
            )
        if not p.licensed:
            faults.append(
                f"{p.name} : ni numéro ni date de licence, joueur non licencié ; l'aligner "
                "fait perdre le match (art. 1.4)"
            )
        if not p.club:
            faults.append(f"{p.name} n'est licencié à aucun club (art. 1.4)")
        elif p.club != club:
            faults.append(f"{p.name} est licencié à un autre club ({p.club})")
        if p.plays_national_for and p.plays_national_for != club:
            faults.append(f"{p.name} joue en Nationale pour {p.plays_national_for} cette saison")
        other = played_for.get(p.id, set()) - {team_id}
        if other:
            faults.append(f"{p.name} a déjà joué pour une autre équipe du club cette saison")
    french = sum(1 for p in lineup if counts_as_french(p, season.match_date))
    if len(lineup) == BOARDS and french < season.min_french:
        faults.append(f"{french} joueur(s) français sur {BOARDS} : {season.min_french} au moins")
    return faults


class Board(StrEnum):
    """A board's result from the home team's point of view."""

    HOME_WINS = "1-0"
    DRAW = "X"
    AWAY_WINS = "0-1"
    HOME_FORFEITS = "F-1"  # home player forfeited (−1), away wins
    AWAY_FORFEITS = "1-F"
    BOTH_FORFEIT = "F-F"
    HOME_ADMIN = "A-1"  # home lost by administrative forfeit (equipment): −1 (art. 4.1)
    AWAY_ADMIN = "1-A"

    @property
    def points(self) -> tuple[float, float]:
        return {
            "1-0": (1.0, 0.0),
            "X": (0.5, 0.5),
            "0-1": (0.0, 1.0),
            "F-1": (-1.0, 1.0),
            "1-F": (1.0, -1.0),
            "F-F": (-1.0, -1.0),
            "A-1": (-1.0, 1.0),
            "1-A": (1.0, -1.0),
        }[self.value]

    @property
    def forfeits(self) -> tuple[bool, bool]:
        return (
            self in (Board.HOME_FORFEITS, Board.BOTH_FORFEIT),
            self in (Board.AWAY_FORFEITS, Board.BOTH_FORFEIT),
        )


def director_fault(results: Sequence[str | None], final: bool) -> str | None:
    """Why the cup's director has no decision to take on this match (None: he has).
    Art. 4.2: a final whose every game is drawn; art. 3.2: both teams with more than one
    player forfeited. Any other match is decided by the boards, the ratings, the ages."""
    boards = [Board(r) for r in results if r]
    if all(sum(b.forfeits[side] for b in boards) > 1 for side in (0, 1)):
        return None
    if len(boards) < BOARDS:
        return (
            f"{len(boards)} résultat(s) d'échiquier sur {BOARDS} : le directeur ne décide "
            "qu'une finale toute nulle (art. 4.2), résultats saisis"
        )
    if not final:
        return (
            "seule une finale toute nulle revient au directeur (art. 4.2) ; ce match se "
            "départage par les échiquiers, la somme Elo, l'âge"
        )
    if any(b is not Board.DRAW for b in boards):
        return "toutes les parties de la finale ne sont pas nulles (art. 4.2)"
    return None


def board_fault(board: int, result: Board, home_players: int, away_players: int) -> str | None:
    """Why ``result`` cannot stand on ``board``: a side that put no player there (its line-up
    is shorter) can only have forfeited it (art. 3.2), not drawn nor won it."""
    home_empty, away_empty = board > home_players, board > away_players
    if home_empty and away_empty:
        allowed, who = {Board.BOTH_FORFEIT}, "aucune des deux équipes n'a de joueur"
    elif home_empty:
        allowed, who = {Board.HOME_FORFEITS, Board.BOTH_FORFEIT}, "le recevant n'a pas de joueur"
    elif away_empty:
        allowed, who = {Board.AWAY_FORFEITS, Board.BOTH_FORFEIT}, "le visiteur n'a pas de joueur"
    else:
        return None
    if result in allowed:
        return None
    shown = " ou ".join(b.value for b in Board if b in allowed)
    return f"Échiquier {board} : {who} (composition), le résultat ne peut être que {shown}."


def parse_board(text: str) -> Board:
    key = text.strip().upper().replace("½", "X").replace("=", "X")
    aliases = {
        "1": Board.HOME_WINS,
        "0": Board.AWAY_WINS,
        "X-X": Board.DRAW,
        "+-": Board.AWAY_FORFEITS,
        "-+": Board.HOME_FORFEITS,
        "--": Board.BOTH_FORFEIT,
    }
    if key in aliases:
        return aliases[key]
    try:
        return Board(key)
    except ValueError:
        raise RuleError(
            f"Résultat d'échiquier « {text} » : 1-0, X, 0-1, F-1, 1-F, F-F (ou A-1, 1-A : "
            "forfait administratif)."
        ) from None


def equipment_forfeits(
    results: list[Board | None],
    home_at_fault: bool,
    boards_lost: int,
    *,
    as_player_forfeits: bool = False,
) -> list[Board | None]:
    """Equipment missing (art. 2.6): board 4, then board 3, of the team at fault lose « par
    forfait administratif ».

    Art. 4.1 counts « une partie perdue par forfait » −1, and an administrative forfeit is
    one: −1 (issue 52.2). Where the text is silent — whether such a board is one of art.
    3.2's « joueur forfait » (the players were present) —, it is not by default: two such
    boards do not lose the match 3-0; ``as_player_forfeits`` (the setting
    ``equipment_counts_as_player_forfeit``) counts them as player forfeits, 3-0 included.
    """
    out = list(results)
    if as_player_forfeits:
        lost = Board.HOME_FORFEITS if home_at_fault else Board.AWAY_FORFEITS
    else:
        lost = Board.HOME_ADMIN if home_at_fault else Board.AWAY_ADMIN
    for board in (3, 2)[:boards_lost]:
        out[board] = lost
    return out


class Outcome(StrEnum):
    HOME = "home"
    AWAY = "away"
    DIRECTOR = "director"  # a final with every game drawn: the director decides


@dataclass
class MatchResult:
    home_points: float
    away_points: float
    winner: Outcome
    reason: str
    forfeit_score: bool = False


@dataclass
class LineupInfo:
    ratings: list[int] = field(default_factory=list)
    birth_dates: list[dt.date] = field(default_factory=list)


def _average_age(dates: Sequence[dt.date], on: dt.date) -> float:
    return sum((on - d).days for d in dates) / len(dates) if dates else float("inf")


def decide(
    results: Sequence[Board],
    home: LineupInfo,
    away: LineupInfo,
    *,
    final: bool,
    on: dt.date,
    breach: Outcome | None = None,
    breach_reason: str = "",
) -> MatchResult:
    """The match result as article 4 decides it, with the reason in the arbiter's words."""
    if len(results) != BOARDS:
        raise RuleError(f"Il faut les {BOARDS} résultats d'échiquier ({len(results)} saisis).")
    if breach is not None:
        loser = "recevant" if breach is Outcome.HOME else "visiteur"
        winner = Outcome.AWAY if breach is Outcome.HOME else Outcome.HOME
        return MatchResult(0.0, 0.0, winner, f"match perdu par le {loser} : {breach_reason}")
    home_f = sum(1 for r in results if r.forfeits[0])
    away_f = sum(1 for r in results if r.forfeits[1])
    if home_f > 1 or away_f > 1:
        if home_f > 1 and away_f > 1:
            raise RuleError(
                "Les deux équipes ont plus d'un forfait : décision du directeur de la Coupe."
            )
        if home_f > 1:
            return MatchResult(
                0.0, 3.0, Outcome.AWAY, "plus d'un joueur forfait au recevant (art. 3.2)", True
            )
        return MatchResult(
            3.0, 0.0, Outcome.HOME, "plus d'un joueur forfait au visiteur (art. 3.2)", True
        )
    h = max(0.0, sum(r.points[0] for r in results))
    a = max(0.0, sum(r.points[1] for r in results))
    if h != a:
        return MatchResult(
            h, a, Outcome.HOME if h > a else Outcome.AWAY, "plus de points de parties"
        )
    for board in range(3):
        hp, ap = results[board].points
        if hp != ap:
            return MatchResult(
                h,
                a,
                Outcome.HOME if hp > ap else Outcome.AWAY,
                f"égalité, victoire à l'échiquier {board + 1}",
            )
    if any(r is not Board.DRAW for r in results):
        raise RuleError("Égalité sans vainqueur aux échiquiers 1 à 3 : vérifiez les résultats.")
    if final:
        return MatchResult(
            h, a, Outcome.DIRECTOR, "finale, toutes les parties nulles : décision du directeur"
        )
    hs, as_ = sum(home.ratings), sum(away.ratings)
    if hs != as_:
        return MatchResult(
            h,
            a,
            Outcome.HOME if hs < as_ else Outcome.AWAY,
            f"toutes les parties nulles : somme Elo la plus faible ({min(hs, as_)})",
        )
    ha, aa = _average_age(home.birth_dates, on), _average_age(away.birth_dates, on)
    if ha != aa:
        return MatchResult(
            h,
            a,
            Outcome.HOME if ha < aa else Outcome.AWAY,
            "toutes les parties nulles, sommes Elo égales : âge moyen le plus faible",
        )
    return MatchResult(h, a, Outcome.DIRECTOR, "égalité parfaite : décision du directeur")


@dataclass(frozen=True)
class CupTeam:
    id: int
    club: str
    number: int
    strength: int = 0  # the declared line-up's rating sum


def entry_faults(teams: Sequence[CupTeam]) -> list[str]:
    """Team 1 must be stronger than team 2, and so on, while two or more of a club remain."""
    faults = []
    by_club: dict[str, list[CupTeam]] = {}
    for t in teams:
        by_club.setdefault(t.club, []).append(t)
    for club, members in by_club.items():
        members.sort(key=lambda t: t.number)
        for a, b in itertools.pairwise(members):
            if a.strength <= b.strength:
                faults.append(
                    f"{club} : l'équipe {a.number} ({a.strength}) doit être plus forte "
                    f"que l'équipe {b.number} ({b.strength})"
                )
    return faults


def bye_priority(
    teams: Sequence[CupTeam], holder: str | None, finalist: str | None
) -> tuple[list[int], list[int]]:
    """Byes to reach a power of two: (teams in priority order, teams left for the draw).

    Priority: the holder, the last finalist, team 1 of clubs with several teams; the
    remaining byes are drawn among the others (by the recorded-draw helper).
    """
    size = 1
    while size < len(teams):
        size *= 2
    byes = size - len(teams)
    clubs: dict[str, int] = {}
    for t in teams:
        clubs[t.club] = clubs.get(t.club, 0) + 1
    ordered: list[int] = []
    for club in (holder, finalist):
        first = next((t for t in sorted(teams, key=lambda t: t.number) if t.club == club), None)
        if club and first and first.id not in ordered:
            ordered.append(first.id)
    ordered = ordered[:byes]
    firsts = [t.id for t in teams if t.number == 1 and clubs[t.club] > 1 and t.id not in ordered]
    if len(ordered) + len(firsts) > byes:  # more « équipe 1 » than byes left: drawn among them
        return ordered, firsts if len(ordered) < byes else []
    given = ordered + firsts
    rest = [t.id for t in teams if t.id not in given]
    return given, rest if len(given) < byes else []


def clock_advance(late: dt.timedelta, player_late: bool = False) -> dt.timedelta:
    """004 art. 3.6: the late team's clocks are advanced by the delay of its line-up;
    « ramené à 1 heure » only when, in addition, a player arrives late (not a forfeit)."""
    late = max(late, dt.timedelta(0))
    return min(late, dt.timedelta(hours=1)) if player_late else late


def byes_needed(count: int) -> int:
    size = 1
    while size < count:
        size *= 2
    return size - count


def host(
    first: int,
    second: int,
    travelled_last: dict[int, bool],
    late_reporters: set[int],
    round_number: int,
) -> tuple[int, int, bool]:
    """(home, away, away keeps White on boards 1 and 4) for a drawn pair.

    Round 1: the first drawn is home. Later, travel alternates as far as the draw allows
    (art. 2.2): ``travelled_last`` says who travelled (True) or hosted (False) last round,
    a team absent from it (a bye) neither — so a team that travelled hosts, one that
    hosted travels, against a team that had a bye too; two teams alike: the first drawn
    hosts. A team that reported after midnight travels, and then keeps White on boards 1
    and 4 (art. 3.9, and the colours article that refers to it).
    """
    if first in late_reporters and second not in late_reporters:
        return second, first, True
    if second in late_reporters and first not in late_reporters:
        return first, second, True
    if round_number > 1:

        def wants_home(team: int) -> int:
            last = travelled_last.get(team)
            return 0 if last is None else (1 if last else -1)

        if wants_home(second) > wants_home(first):
            return second, first, False
    return first, second, False


def colours(away_keeps_white: bool = False, home_pattern: str = "WBBW") -> list[str]:
    """Home colours by board: the setting ``board_colours_home`` (004: White on 1 and 4,
    Black on 2 and 3), every board swapped by the penalty of art. 3.9."""
    home = [c.lower() for c in home_pattern]
    return [("b" if c == "w" else "w") for c in home] if away_keeps_white else home


def white_boards(home_pattern: str = "WBBW") -> str:
    """« 1 et 4 »: the boards where the home team has White, as a sentence says them."""
    boards = [str(k + 1) for k, c in enumerate(home_pattern.upper()) if c == "W"]
    return " et ".join([", ".join(boards[:-1]), boards[-1]] if len(boards) > 1 else boards)


@dataclass(frozen=True)
class Trophies:
    """The roll of honour read by art. 5: each trophy a club kept for good (season, club),
    and the wins on the trophy at stake now."""

    kept: list[tuple[str, str]]
    at_stake: dict[str, int]


def season_key(season: str) -> int:
    """A season's first year (« 2025-2026 » and « 2025 » alike): the roll's order."""
    digits = season.strip()[:4]
    return int(digits) if digits.isdigit() else 0


_S = TypeVar("_S", bound=tuple[str, Any])


def by_season(roll: Sequence[_S]) -> list[_S]:
    """The roll of honour in season order, whatever the order it was typed in (004 art.
    1.2 and 4.3 read the latest season and count wins season after season)."""
    return sorted(roll, key=lambda row: season_key(row[0]))


def trophies(roll: Sequence[tuple[str, str]]) -> Trophies:
    """« Un Cercle ayant remporté la Coupe 3 fois la conserve définitivement et un nouveau
    Trophée sera remis en jeu »: the count starts again for the new trophy."""
    kept: list[tuple[str, str]] = []
    wins: dict[str, int] = {}
    for season, club in by_season(roll):
        wins[club] = wins.get(club, 0) + 1
        if wins[club] == 3:
            kept.append((season, club))
            wins = {}
    return Trophies(kept, wins)


def trophy_kept(roll: Sequence[tuple[str, str]]) -> str | None:
    """The club that kept the latest trophy for good (None: no trophy kept yet)."""
    kept = trophies(roll).kept
    return kept[-1][1] if kept else None


def holder(roll: Sequence[tuple[str, str]]) -> str | None:
    """The cup holder: the winner of the latest season on the roll."""
    return by_season(roll)[-1][1] if roll else None


def last_finalist(finals: Sequence[tuple[str, str | None]]) -> str | None:
    """The last finalist: the club beaten in the latest season's final, if the roll says."""
    return by_season(finals)[-1][1] if finals else None
