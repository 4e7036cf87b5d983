"""The standings table of a tournament, by its own format: points and tie-breaks for a
Swiss or round robin, the knockout ranking for a knockout (as `arbitre ko ranking`),
the matches and their scores for a team cup."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from ..rules.figures import comma, half
from .reader import PlayerRef, SectionView, player_ref

if TYPE_CHECKING:
    from ..operations.formats import RankingGroups
    from ..rules import tiebreaks as tb
    from ..rules.models import StoredGame, StoredRound, StoredTournament
    from .cup import MatchLine  # a cup's standings only (its module loads on demand)
    from .reader import Reader


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One player: ``place`` « 3 » or « 5–8 » (shared); ``values`` by tie-break code,
    ``shown`` the same formatted as printed (empty for a knockout)."""

    place: str
    rank: int
    player: PlayerRef
    values: dict[str, float | int | None]
    shown: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Standings(SectionView):
    kind: str  # "points", "knockout" or "cup"
    after_round: int
    codes: tuple[str, ...]  # tie-break codes, PTS first ("points" only)
    rows: tuple[StandingRow, ...]
    matches: tuple[MatchLine, ...]  # "cup" only
    # a knockout's round in progress, already ranked for the matches it has decided:
    # « ronde 2 en cours (16 matchs décidés sur 32) » (issue 31.9)
    in_progress: str = ""
    notes: tuple[str, ...] = ()  # said under the table (a play-off's seeds drawn by lot)

    @property
    def columns(self) -> tuple[str, ...]:
        """The figures' headings after place and name (Pts, then each tie-break)."""
        return tuple("Pts" if c == "PTS" else c for c in self.codes)

    @property
    def legend(self) -> tuple[tuple[str, str], ...]:
        """Each tie-break heading and its French name (« BH/C1 », « Buchholz tronqué »)."""
        from ..rules.tiebreaks import describe

        return tuple((c, describe(c)) for c in self.codes if c != "PTS")

    def records(self) -> list[dict[str, object]]:
        """Flat rows for ``--json``: a player's id, rank, place, name, public number and
        name (``anonymous``: they objected to publication) and each value; a cup's matches."""
        if self.kind == "cup":
            return [asdict(m) for m in self.matches]
        return [
            {
                "player_id": r.player.id,
                "rank": r.rank,
                "place": r.place,
                "name": r.player.name,
                "number": r.player.number,
                "public": r.player.public,
                "anonymous": r.player.anonymous,
                **r.values,
            }
            for r in self.rows
        ]

    @property
    def title(self) -> str:
        if self.kind == "knockout":
            tail = f", {self.in_progress}" if self.in_progress else ""
            return f"classement K.O. après la ronde {self.after_round}{tail}"
        if self.kind == "cup":
            return f"matchs après le tour {self.after_round}"
        return f"classement après la ronde {self.after_round}"


# codes printed as integers: ratings, ranks and counts
_WHOLE = frozenset(
    ("TPR", "ARO", "PTP", "APRO", "APPO", "RTNG", "TPN", "WIN", "WON", "DE", "BPG", "BWG", "REP")
)


def fmt(code: str, value: float | int | None) -> str:
    """A tie-break value as every face shows it (rules/figures.py): points with « ½ »
    (« 4½ »), integers for ratings, ranks and counts, else up to 2 decimals with a comma
    (« 28,5 »); a code's modifiers (« ARO/C1 ») do not change how it prints. ``values``
    keep the numbers (``--json``)."""
    if value is None:
        return ""
    if isinstance(value, int) or code.partition("/")[0] in _WHOLE:
        return str(int(value))
    return half(value) if code == "PTS" else comma(value)


def build(reader: Reader, t: StoredTournament, rounds: int | None = None) -> Standings:
    """By the tournament's format: its matches (by teams), its ranking groups (knockout),
    else points and tie-breaks. Raises OperationError when the rules cannot rank."""
    from ..operations.event import OperationError
    from ..operations.formats import format_of

    fmt = format_of(t)
    with reader.consistent():
        if fmt.by_teams:
            return _cup(reader, t)
        paired = reader.rounds(t)
        if rounds is not None and rounds > len(paired):
            raise OperationError(
                f"{t.name} : pas de classement après la ronde {rounds}, "
                f"{len(paired)} ronde(s) appariée(s) seulement."
            )
        groups = fmt.ranking_groups(reader.service, t)
        if groups is not None:
            return _ranked(reader, t, groups)
        return _points(reader, t, rounds, paired)


@dataclass(frozen=True, slots=True)
class Ranking:
    """A section ranked by points from one read of its players and games: what the
    standings and the crosstable need (refs and games too), each read once (issue 56)."""

    codes: list[str]
    rows: list[tb.StandingRow]
    table: tb.Crosstable
    refs: dict[int, PlayerRef]
    games: dict[int, list[StoredGame]]


def ranking(
    reader: Reader,
    t: StoredTournament,
    rounds: int | None = None,
    paired: list[StoredRound] | None = None,
) -> Ranking:
    """Points and tie-breaks after round ``rounds`` (the last complete one if None);
    ``paired``: the section's rounds if the caller has read them. Raises OperationError
    when the rules cannot rank."""
    from ..operations.standings import completed, rank, table_of

    with reader.consistent():
        players = reader.players(t)
        numbers = reader.numbers(t)
        games = reader.all_games(t)
        if rounds is None:
            rounds = completed(reader.rounds(t) if paired is None else paired, games)
    table = table_of(t, players, games, numbers, rounds)
    codes, rows = rank(t, table)
    refs = {p.id: player_ref(p, numbers.get(p.id)) for p in players}  # as Reader.refs
    return Ranking(codes, rows, table, refs, games)


def _points(
    reader: Reader, t: StoredTournament, rounds: int | None, paired: list[StoredRound]
) -> Standings:
    ranked = ranking(reader, t, rounds, paired)
    codes, rows, refs = ranked.codes, ranked.rows, ranked.refs
    played_off = _play_off_places(reader, t, refs) if rounds is None else {}
    if played_off:  # 003 art. 6: the play-off's order (or its seeds) replaces the tie
        at = {pid: i for i, pid in enumerate(played_off["order"])}
        rows = sorted(rows, key=lambda r: at.get(r.start, len(at)))
    decided: dict[int, int] = played_off.get("places", {}) if played_off else {}
    notes = list(played_off.get("notes", ())) if played_off else []
    if note := _not_computed(t, ranked.table, refs):
        notes.insert(0, note)
    return Standings(
        t.key,
        t.name,
        "points",
        ranked.table.rounds,
        tuple(codes),
        tuple(
            StandingRow(
                str(decided[r.start]) if r.start in decided else r.place,
                decided.get(r.start, r.rank),
                refs[r.start],
                {c: r.values[c] for c in codes},
                tuple(fmt(c, r.values[c]) for c in codes),
            )
            for r in rows
        ),
        (),
        notes=tuple(notes),
    )


def _not_computed(
    t: StoredTournament, table: tb.Crosstable, refs: dict[int, PlayerRef]
) -> str | None:
    """A rating tie-break C.07 art. 10 drops (an unrated participant, no rating set for
    the unrated) said under the table: its column is empty for everyone (issue 52.3)."""
    from ..operations.standings import not_computed

    codes, unrated = not_computed(t, lambda: table)
    if not codes:
        return None
    names = ", ".join(refs[s].public for s in unrated[:3] if s in refs)
    more = f" et {len(unrated) - 3} autre(s)" if len(unrated) > 3 else ""
    return (
        f"Départage {', '.join(codes)} non calculé : {len(unrated)} participant(s) sans "
        f"classement ({names}{more}) et aucun Elo fixé pour les non classés (C.07 art. 10 ; "
        "réglage unrated_rating)."
    )


def _play_off_places(
    reader: Reader, t: StoredTournament, refs: dict[int, PlayerRef]
) -> dict[str, Any]:
    """A youth championship's play-offs (003 art. 6): the order (each play-off's places
    once played, its seeds before), the place each play-off decided (one each), and the
    notes saying where lots ordered a complete tie; empty when none was begun or drawn."""
    records = reader.service.store.playoffs(t.id)
    if not records:  # nearly always: the pairing's modules are not loaded for nothing
        return {}
    from ..operations import playoffs
    from ..operations.event import OperationError

    notes: list[str] = []
    try:
        order = playoffs.final_order(reader.service, t.key)
        places: dict[int, int] = {}
        for which, record in records.items():
            status = playoffs.playoff_status(reader.service, t.key, which)
            for pid in status.places or []:
                places[pid] = order.index(pid) + 1
            if status.places:
                continue  # played: its places say it all
            for run in playoffs.complete_ties(reader.service, t, record["seeds"]):
                names = ", ".join(refs[pid].public for pid in run if pid in refs)
                from ..rules.youth import PLAYOFF_PURPOSE

                label = PLAYOFF_PURPOSE[which]
                notes.append(
                    f"Barrage {label} : ex aequo complets ({names}) ordonnés par tirage au "
                    "sort (têtes de série du barrage ; arbitre draws)."
                )
    except OperationError:
        return {}
    return {"order": order, "places": places, "notes": notes}


def _ranked(reader: Reader, t: StoredTournament, groups: RankingGroups) -> Standings:
    """Places shared by groups: « 5–8 » for the four losers of the quarter-finals."""
    refs = reader.refs(t)
    rows = []
    for first, last, ids in groups:
        place = str(first) if first == last else f"{first}–{last}"
        rows += [StandingRow(place, first, refs[pid], {}, ()) for pid in ids]
    done, in_progress = _ko_progress(reader, t)
    return Standings(t.key, t.name, "knockout", done, (), tuple(rows), (), in_progress)


def _ko_progress(reader: Reader, t: StoredTournament) -> tuple[int, str]:
    """The round a knockout's ranking ranks: the last whose every match is decided (a
    drawn game's decider played), and the next one's decided matches, already ranked."""
    from ..rules.models import Result
    from .bracket import build

    done, said = 0, ""
    for rnd in build(reader, t).rounds:
        games = [m for m in rnd.matches if m.board.black is not None]
        decided = sum(
            1
            for m in games
            if m.winner is not None or m.board.result == Result.DOUBLE_FORFEIT.value
        )
        if decided == len(games):
            done = rnd.number
            continue
        if decided:
            matches = "match décidé" if decided == 1 else "matchs décidés"
            said = f"ronde {rnd.number} en cours ({decided} {matches} sur {len(games)})"
        break
    return done, said


def _cup(reader: Reader, t: StoredTournament) -> Standings:
    from .cup import build as cup

    view = cup(reader, t)
    return Standings(t.key, t.name, "cup", view.last_round, (), (), view.matches)
