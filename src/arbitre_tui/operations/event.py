"""Named operations on an open event."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Iterable, Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Unpack

from ..rules.draws import run_draw
from ..rules.errors import RuleError
from ..rules.models import (
    Game,
    IncidentKind,
    Player,
    Result,
    Round,
    Team,
    Tournament,
    absentees,
    parse_result,
)
from ..rules.settings import section_fault, section_settings
from ..rules.text import text_fault
from ..store.backup import (
    ROUNDS,
    BackupFailed,
    backup_dir,
    kill_point,
    mark_round_close,
    room_for_copy,
    unmark,
)
from ..store.journal import NeedsConfirmation, OperationError, Tx, Undone
from ..store.repo import OpenOptions, Store, player_row, tournament_row
from .formats import PairOrder, format_of
from .registry import WORDING, Operation

if TYPE_CHECKING:
    from ..rules.registration import ImportRow
    from . import swiss

__all__ = ["EventService", "OperationError"]

IMPORT_BATCH = 500  # players written at once by an import: its memory, whatever the file
IMPORT_FAULTS = 200  # faults listed by line; past them, counted


# What settings held before schema 4 and now lives in tables, row by row (issue 13).
STATE_KEYS = frozenset(
    {
        "bye_requests",
        "prohibited",
        "manual_changes",
        "explanations",
        "playoffs",
        "initial_colour_drawn",
        "pairing_numbers",
        "ko",
        "roll_of_honour",
    }
)


def _eligibility_fault(t: Tournament, player: Player) -> str | None:
    """rules.open_rules, imported at the first registration (its models: start-up time)."""
    from ..rules.open_rules import eligibility_fault

    return eligibility_fault(t, player)


def _prize_fault(t: Tournament) -> str | None:
    """rules.prizes: a prize table refused when it is set (000 art. 3), not when computed."""
    from ..rules.prizes import table_fault
    from ..rules.settings import section_settings

    s = section_settings(t)
    return table_fault(s.regulation, s.prizes, s.prize_settings)


def _refuse(exc: RuleError) -> OperationError:
    return OperationError(exc.message)


class EventService:
    """One event file and the actions an arbiter takes on it."""

    def __init__(self, path: str | Path, **options: Unpack[OpenOptions]) -> None:
        """``options``: how the file is opened (store.repo.OpenOptions)."""
        self._store = Store(path, **options)
        self.journal = self._store.journal
        # a crash's leftovers: half-written copies, a closed round without its backup
        self.recovered: list[str] = self._store.recover()
        self.journal.wording = WORDING  # the journal speaks the registry's French

    @property
    def path(self) -> Path:
        return self._store.path

    def close(self) -> None:
        self._store.close()

    def write(
        self, op: Operation, args: Mapping[str, Any] | None = None
    ) -> AbstractContextManager[Tx]:
        """The event context's one way to change the file: operation ``op`` (one of the
        registry's) as one journaled transaction (BEGIN IMMEDIATE first; read, check, write
        inside; all or nothing)."""
        return self.journal.operation(op, args)

    def backup(self, dest: Path | None = None) -> Path:
        """A manual backup of the whole file (beside it, or in ``dest``)."""
        return self._store.backup("manuel", dest)

    # -- lookups ---------------------------------------------------------

    def tournament(self, key: str | None = None) -> Tournament:
        tournaments = self._store.tournaments()
        if not tournaments:
            raise OperationError("Ce fichier ne contient aucun tournoi.")
        if key is None:
            if len(tournaments) == 1:
                return tournaments[0]
            keys = ", ".join(t.key for t in tournaments)
            raise OperationError(f"Précisez le tournoi (--tournoi) parmi : {keys}.")
        for t in tournaments:
            if t.key == key:
                return t
        keys = ", ".join(t.key for t in tournaments)
        raise OperationError(f"Tournoi « {key} » inconnu. Tournois : {keys}.")

    def _tid(self, t: Tournament) -> int:
        assert t.id is not None
        return t.id

    def current_round(self, t: Tournament) -> Round | None:
        rounds = self._store.rounds(self._tid(t))
        return rounds[-1] if rounds else None

    def player(self, player_id: int) -> Player:
        player = self._store.player(player_id)
        if player is None:
            raise OperationError(f"Joueur n° {player_id} inconnu.")
        return player

    # -- event and tournaments --------------------------------------------

    def create_event(
        self,
        name: str,
        city: str = "",
        start: str | None = None,
        end: str | None = None,
        settings: dict[str, Any] | None = None,
    ) -> None:
        with self.write(Operation.CREATE_EVENT, {"name": name, "city": city}) as tx:
            if self._store.conn.execute("SELECT 1 FROM event").fetchone():
                raise OperationError("Ce fichier contient déjà un événement.")
            tx.insert(
                "event",
                {
                    "id": 1,
                    "name": name,
                    "city": city,
                    "start_date": start,
                    "end_date": end,
                    "settings": json.dumps(settings or {}, ensure_ascii=False),
                    "created_at": dt.datetime.now().isoformat(timespec="seconds"),
                },
            )

    def add_tournament(self, t: Tournament) -> int:
        with self.write(Operation.ADD_TOURNAMENT, {"key": t.key, "name": t.name}) as tx:
            if self._store.tournament(t.key) is not None:
                raise OperationError(f"Un tournoi « {t.key} » existe déjà.")
            position = len(self._store.tournaments())
            return tx.insert("tournaments", tournament_row(t, position))

    def update_settings(self, key: str, changes: dict[str, Any]) -> None:
        """Change a tournament's configuration (its live state has tables of its own)."""
        state = sorted(set(changes) & STATE_KEYS)
        if state:
            raise OperationError(
                f"« {state[0]} » n'est pas un réglage : c'est l'état du tournoi, modifié par "
                "ses propres opérations."
            )
        _settings_text(changes)
        try:  # every name known, every value typed (rules/settings.py)
            from ..rules.settings import check_all  # imported when used (start-up)

            typed = check_all(changes)
        except RuleError as exc:
            raise OperationError(exc.message) from None
        with self.write(Operation.UPDATE_SETTINGS, {"tournament": key, "changes": changes}) as tx:
            t = self.tournament(key)
            settings = {**t.settings, **typed}
            changed = t.model_copy(update={"settings": settings})
            if fault := (
                _prize_fault(changed)
                or section_fault(changed, set(typed))
                or format_of(t).settings_fault(self, changed)
            ):
                raise OperationError(fault)
            tx.update(
                "tournaments", self._tid(t), {"settings": json.dumps(settings, ensure_ascii=False)}
            )

    def update_event_settings(self, changes: dict[str, Any]) -> None:
        """Change the event's own settings (the venue's address): typed by
        rules/settings.py EVENT_SETTINGS; None removes the value (back to the default)."""
        from ..rules.settings import EVENT_SETTINGS, check_all

        _settings_text(changes)
        try:
            typed = check_all(changes, EVENT_SETTINGS)
        except RuleError as exc:
            raise OperationError(exc.message) from None
        with self.write(Operation.UPDATE_EVENT_SETTINGS, {"changes": changes}) as tx:
            if not self._store.conn.execute("SELECT 1 FROM event WHERE id = 1").fetchone():
                raise OperationError("Ce fichier ne contient pas d'événement.")
            settings = {**self._store.event()["settings"], **typed}
            settings = {k: v for k, v in settings.items() if v is not None}
            tx.update("event", 1, {"settings": json.dumps(settings, ensure_ascii=False)})

    # -- players ----------------------------------------------------------

    def register_player(self, key: str, player: Player, team: str | None = None) -> int:
        """One entry; in a team competition, ``team`` names the team it plays for (the
        CSV's « equipe »), already entered."""
        from ..rules.registration import person_fault

        fault = person_fault(player)
        if fault:
            raise OperationError(f"Inscription impossible : {fault}.")
        said: dict[str, Any] = {"tournament": key, "name": player.name}
        if player.checked_in:  # registered and checked in: one entry, one undo (issue 35.13)
            said["checked_in"] = True
        with self.write(Operation.REGISTER_PLAYER, said) as tx:
            t = self.tournament(key)
            tid = self._tid(t)
            if closed := format_of(t).entries_closed(self, t):
                raise OperationError(f"Inscription impossible : {closed}.")
            if team is not None:
                player = player.model_copy(update={"team_id": self._team_named(t, team)})
            twice = self._entered_twice(t)(player)
            if twice:
                raise OperationError(f"{player.name} : {twice}.")
            fault = _eligibility_fault(t, player)
            if fault:
                raise OperationError(f"{player.name} ne peut pas s'inscrire en {fault}")
            values = player_row(
                player.model_copy(
                    update={
                        "tournament_id": tid,
                        "registered_at": player.registered_at
                        or dt.datetime.now().replace(microsecond=0),
                    }
                )
            )
            return tx.insert("players", values)

    def _team_named(self, t: Tournament, name: str) -> int:
        """The id of the team ``name`` (as entered, or its club's first team)."""
        if not format_of(t).by_teams:
            raise OperationError(f"{t.name} n'est pas une compétition par équipes : pas d'équipe.")
        teams = self._store.teams(self._tid(t))
        wanted = name.strip().casefold()
        found = [x for x in teams if x.name.casefold() in (wanted, f"{wanted} 1")]
        if not found:
            known = ", ".join(x.name for x in teams) or "aucune"
            raise OperationError(
                f"Équipe « {name} » inconnue en {t.name} (engagées : {known}) ; engagez-la "
                "d'abord (arbitre cup team)."
            )
        team_id = found[0].id
        assert team_id is not None
        return team_id

    def _entered_twice(
        self, t: Tournament, exclude: int | None = None
    ) -> Callable[[Player], str | None]:
        """A check that a new entry is not already in: this tournament (same FIDE id),
        or a parallel one of the same regulation (same person, not withdrawn); ``exclude``:
        the registration being corrected or moved, not a second entry of itself."""
        from ..rules.registration import same_person

        known = {
            p.fide_id: p for p in self._store.players(self._tid(t)) if p.fide_id and p.id != exclude
        }
        regulation = section_settings(t).regulation
        parallel = [
            (o.name, p)
            for o in self._store.tournaments()
            if regulation and o.key != t.key and section_settings(o).regulation == regulation
            for p in self._store.players(self._tid(o))
            if not p.withdrawn and p.id != exclude
        ]

        def fault(player: Player) -> str | None:
            if player.fide_id and player.fide_id in known:
                return (
                    f"identifiant FIDE {player.fide_id} déjà inscrit ({known[player.fide_id].name})"
                )
            for name, other in parallel:
                if same_person(player, other):
                    return (
                        f"déjà inscrit en {name} ; les tournois se jouent en parallèle, "
                        "retirez d'abord cette inscription"
                    )
            return None

        return fault

    def import_players(
        self, key: str, data: bytes, *, encoding: str = "utf-8", skip_bad: bool = False
    ) -> tuple[int, list[tuple[int, str]]]:
        """Import a CSV: all rows or none (or the good ones with ``skip_bad``).

        Returns how many were imported and the faults found.
        """
        from ..rules.registration import EncodingFault, decode, read_players_csv

        try:
            text = decode(data, encoding)
        except EncodingFault as exc:
            raise OperationError(str(exc)) from None
        except (LookupError, UnicodeDecodeError) as exc:
            raise OperationError(f"Encodage illisible : {exc}") from None
        with self.write(Operation.IMPORT_PLAYERS, {"tournament": key}) as tx:
            return self._import_rows(tx, key, read_players_csv(text), skip_bad)

    def _import_rows(
        self, tx: Tx, key: str, items: Iterable[ImportRow | tuple[int, str]], skip_bad: bool
    ) -> tuple[int, list[tuple[int, str]]]:
        """The checks and writes of an import, inside its transaction, row by row.

        Written in batches as the file is read (memory bounded whatever its size); the
        first fault stops the writing unless ``skip_bad``, and the transaction is then
        rolled back whole once every fault is listed.
        """
        from ..rules.registration import ImportRow

        t = self.tournament(key)
        tid = self._tid(t)
        if closed := format_of(t).entries_closed(self, t):
            raise OperationError(f"Import impossible : {closed}.")
        entered_twice = self._entered_twice(t)
        team_of = self._team_of(tx, t) if format_of(t).by_teams else None
        errors: list[tuple[int, str]] = []
        more = 0  # faults past the first IMPORT_FAULTS, counted only
        batch: list[dict[str, Any]] = []
        count = 0
        stamp = dt.datetime.now().replace(microsecond=0)
        for item in items:
            fault: tuple[int, str] | None = None
            if not isinstance(item, ImportRow):
                fault = item
            elif twice := entered_twice(item.player):
                fault = (item.line, twice)
            elif reason := _eligibility_fault(t, item.player):
                fault = (item.line, f"{item.player.name} : {reason}")
            if fault is not None:
                if len(errors) < IMPORT_FAULTS:
                    errors.append(fault)
                else:
                    more += 1
                continue
            assert isinstance(item, ImportRow)
            if errors and not skip_bad:
                continue  # refused at the end: nothing more is written, faults still listed
            update = {
                "tournament_id": tid,
                "registered_at": item.player.registered_at
                or stamp + dt.timedelta(microseconds=count),
                **({"team_id": team_of(item)} if team_of else {}),
            }
            batch.append(player_row(item.player.model_copy(update=update)))
            count += 1
            if len(batch) >= IMPORT_BATCH:
                tx.insert_all("players", batch)  # one bulk insert (sqlite-utils), journaled
                batch = []
        errors.sort()
        if more:
            errors.append((errors[-1][0], f"… et {more} autre(s) ligne(s) fautive(s)"))
        if errors and not skip_bad:
            raise OperationError(
                "Import refusé, rien n'a été enregistré :\n"
                + "\n".join(f"ligne {line} : {msg}" for line, msg in errors)
                + "\n(--skip-bad importe seulement les lignes correctes)"
            )
        if batch:
            tx.insert_all("players", batch)
        if not count:
            if errors:
                return 0, errors
            raise OperationError("Le fichier ne contient aucun joueur.")
        tx.args["rows"] = count
        return count, errors

    def _team_of(self, tx: Tx, t: Tournament) -> Callable[[ImportRow], int]:
        """A team competition's import: each row's team (« equipe », else « CLUB 1 »),
        entered with its club the first time it is met — as many teams a club as it wants."""
        tid = self._tid(t)
        clubs = {name: cid for cid, name in self._store.clubs().items()}
        teams = {team.name: team.id for team in self._store.teams(tid)}

        def team_of(row: ImportRow) -> int:
            club = row.player.club
            if not club:
                raise OperationError(
                    f"Ligne {row.line} : {row.player.name} sans club — une équipe de "
                    f"{t.name} est celle d'un club (art. 1.4). Rien n'a été enregistré."
                )
            name = row.team or f"{club} 1"
            if name not in teams:
                if club not in clubs:
                    clubs[club] = tx.insert("clubs", {"name": club, "code": None})
                last = name.rsplit(" ", 1)[-1]
                number = int(last) if last.isdigit() else 1
                teams[name] = tx.insert(
                    "teams",
                    {"tournament_id": tid, "club_id": clubs[club], "number": number, "name": name},
                )
            team_id = teams[name]
            assert team_id is not None
            return team_id

        return team_of

    def check_in(self, player_id: int, checked: bool = True) -> None:
        with self.write(Operation.CHECK_IN, {"player": player_id, "checked": checked}) as tx:
            player = self.player(player_id)  # unknown player: refused before any write
            tx.args["name"] = player.name
            tx.update("players", player_id, {"checked_in": int(checked)})

    def set_paid(self, player_id: int, paid: bool = True) -> None:
        with self.write(Operation.SET_PAID, {"player": player_id, "paid": paid}) as tx:
            tx.args["name"] = self.player(player_id).name
            tx.update("players", player_id, {"paid": int(paid)})

    def withdraw(self, player_id: int) -> None:
        with self.write(Operation.WITHDRAW, {"player": player_id}) as tx:
            player = self.player(player_id)
            if player.withdrawn:
                raise OperationError(f"{player.name} est déjà retiré(e).")
            tx.args["name"] = player.name
            tx.update("players", player_id, {"withdrawn": 1})

    # -- clubs and teams ---------------------------------------------------

    def add_club(self, name: str, code: str | None = None) -> int:
        with self.write(Operation.ADD_CLUB, {"name": name}) as tx:
            row = self._store.conn.execute(
                "SELECT id FROM clubs WHERE name = ?", (name,)
            ).fetchone()
            if row:
                return int(row[0])
            return tx.insert("clubs", {"name": name, "code": code})

    def enter_team(self, key: str, club: str, name: str | None = None) -> Team:
        """A club enters one more team (as many as it wants): the next number, « CLUB N »
        unless named; its roster comes with an import (« equipe » column)."""
        with self.write(Operation.ENTER_TEAM, {"tournament": key, "club": club}) as tx:
            t = self.tournament(key)
            tx.args["tournament"] = t.key
            if not club.strip():
                raise OperationError("Une équipe est celle d'un club : nom du club attendu.")
            if name is not None and not name.strip():  # « CLUB N » is the name left out
                raise OperationError(
                    "Nom de l'équipe vide : donnez-en un, ou omettez --nom (« CLUB N »)."
                )
            if fault := text_fault("Nom du club", club, 60):
                raise OperationError(fault)
            club_id = self.add_club(club.strip())
            mine = [team for team in self._store.teams(self._tid(t)) if team.club_id == club_id]
            number = max((team.number for team in mine), default=0) + 1
            name = (name or f"{club.strip()} {number}").strip()
            if fault := text_fault("Nom de l'équipe", name, 64):  # « CLUB 12 » of a club of 60
                raise OperationError(fault)
            if any(team.name == name for team in self._store.teams(self._tid(t))):
                raise OperationError(f"L'équipe « {name} » est déjà engagée.")
            team_id = self.add_team(t.key, club_id, number, name)
            return Team(
                id=team_id, tournament_id=self._tid(t), club_id=club_id, number=number, name=name
            )

    def add_team(self, key: str, club_id: int, number: int, name: str) -> int:
        with self.write(Operation.ADD_TEAM, {"tournament": key, "name": name}) as tx:
            t = self.tournament(key)
            if not format_of(t).by_teams:
                raise OperationError(f"{t.name} n'est pas une compétition par équipes.")
            team = Team(tournament_id=self._tid(t), club_id=club_id, number=number, name=name)
            return tx.insert("teams", team.model_dump(exclude={"id"}))

    # -- rounds --------------------------------------------------------------

    def pair_round(self, key: str, seed: int | None = None, exempt_holes: bool = False) -> Round:
        """Pair the next round with the tournament's system.

        One transaction: the youth format decided from the entries, the draw and the
        boards are all written, or none (a refused pairing changes nothing). A Swiss
        pairing (seconds at 1000 players, or an external engine) is computed first, on a
        snapshot, without the write lock; it is written only if what it read has not
        changed meanwhile — computed once more if it has, then refused. Called from
        inside another operation, everything runs there, in its transaction.
        """
        from . import swiss

        if self.journal.in_operation:
            return self._pair_round_once(key, seed, exempt_holes, None)
        for attempt in (1, 2):
            plan = swiss.plan(self, key, seed)
            try:
                return self._pair_round_once(key, seed, exempt_holes, plan)
            except swiss.StalePlan:
                if attempt == 2:
                    raise OperationError(
                        "Les données ont changé pendant l'appariement (autre poste) : relancez."
                    ) from None
        raise AssertionError("unreachable")

    def _pair_round_once(
        self, key: str, seed: int | None, exempt_holes: bool, plan: swiss.Plan | None
    ) -> Round:
        with self.write(Operation.PAIR_ROUND, {"tournament": key}) as tx:
            return self._pair_round(tx, key, seed, exempt_holes, plan)

    def _pair_round(
        self, tx: Tx, key: str, seed: int | None, exempt_holes: bool, plan: swiss.Plan | None
    ) -> Round:
        """Inside the write transaction: check, then write (a plan: only if still current)."""
        from . import swiss

        t = self.tournament(key)
        tx.args["tournament"] = t.key
        tid = self._tid(t)
        if plan is not None and self._store.round(tid, plan.number) is not None:
            raise OperationError(f"La ronde {plan.number} est déjà appariée (autre poste).")
        computed = None
        if plan is not None and plan.pairing is not None:
            if plan.fingerprint != self._store.fingerprint(tid):
                raise swiss.StalePlan
            computed, youth = plan.pairing, plan.youth  # decided on these very data
        else:
            youth = swiss.youth_decision(self, t)
        if youth is not None:
            t = swiss.apply_youth_format(self, t, youth)
        number = self.next_round(t)
        tx.args["round"] = number
        format_of(t).pair(self, t, PairOrder(number, seed, computed, exempt_holes))
        paired = self._store.round(tid, number)
        assert paired is not None
        return paired

    def next_round(self, t: Tournament) -> int:
        """The number of the round to pair, once the one before is closed."""
        rounds = self._store.rounds(self._tid(t))
        if rounds and not rounds[-1].closed:
            raise OperationError(
                f"La ronde {rounds[-1].number} n'est pas close : saisissez ses résultats puis clôturez-la."
            )
        number = len(rounds) + 1
        if number > t.rounds_planned:
            raise OperationError(f"Les {t.rounds_planned} rondes de {t.name} sont déjà appariées.")
        return number

    def game(
        self, key: str, round_number: int | None, board: int
    ) -> tuple[Tournament, Round, Game]:
        t = self.tournament(key)
        tid = self._tid(t)
        rnd = self._store.round(tid, round_number) if round_number else self.current_round(t)
        if rnd is None:
            raise OperationError(
                f"La ronde {round_number or ''} de {t.name} n'est pas appariée.".replace("  ", " ")
            )
        assert rnd.id is not None
        games = {g.board: g for g in self._store.games(rnd.id)}
        if board not in games:
            raise OperationError(
                f"Échiquier {board} inconnu en ronde {rnd.number} (échiquiers 1 à {max(games, default=0)})."
            )
        return t, rnd, games[board]

    def record_result(
        self,
        key: str,
        board: int,
        result: str | Result,
        round_number: int | None = None,
        *,
        confirm: bool | str = False,
    ) -> Game:
        """A result, checked and written in one transaction.

        Writing over a different result already there (typed here or on the other station)
        asks first: NeedsConfirmation names it, who wrote it and when; ``confirm`` is its
        token (what the question showed) or True (replace whatever is there).
        """
        try:
            value = result if isinstance(result, Result) else parse_result(result)
        except RuleError as exc:
            raise _refuse(exc) from None
        if side := FORFEIT_SIDES.get(value):
            # one path for a forfeit, however typed (issue 35): the lateness check, the
            # incident noted, and the exclusion the format's rules apply (002)
            return self.forfeit(key, board, side, round_number=round_number, confirm=confirm).game
        with self.write(Operation.RECORD_RESULT, {"board": board}) as tx:
            t, rnd, game = self.game(key, round_number, board)
            tx.args.update(
                {"tournament": t.key, "round": rnd.number, "board": board, "result": value.value}
            )
            self._open_round(rnd)
            if game.is_bye:
                raise OperationError(
                    f"Échiquier {board} : c'est un exempt, il n'y a pas de résultat à saisir."
                )
            assert game.id is not None
            self._replacing(game, board, value, confirm)
            keep = value is Result.DRAW and game.result is Result.DRAW
            decider = game.decider.value if keep and game.decider else None
            if game.result is value and (game.decider and game.decider.value) == decider:
                tx.args["unchanged"] = True  # its own operation: undo takes it (issue 29.4)
                tx.touch("games", game.id)
            else:
                tx.update("games", game.id, {"result": value.value, "decider": decider})
        return game.model_copy(update={"result": value})

    def _replacing(self, game: Game, board: int, value: Result, confirm: bool | str) -> None:
        """Ask before a different result already there is replaced (unless answered yes
        to a question about that very result)."""
        if game.result is None or game.result is value:
            return
        token = f"{game.id}:{game.result.value}"
        if confirm is True or confirm == token:
            return
        assert game.id is not None
        raise NeedsConfirmation(
            f"Échiquier {board} : déjà {game.result.label} ({self._written_by(game.id)})"
            f" — remplacer par {value.label} ?",
            token,
        )

    def _open_round(self, rnd: Round) -> None:
        if rnd.closed:
            raise OperationError(
                f"La ronde {rnd.number} est close : son résultat ne peut plus changer "
                "(annulez la clôture d'abord)."
            )

    def _written_by(self, game_id: int) -> str:
        """« poste pts/3, arbitre@pi, 14:22:05 » or « ce poste, … »: who last wrote this
        game, the other station by its name (issue 29.7)."""
        row = self._store.conn.execute(
            "SELECT j.terminal, j.at FROM journal_changes c JOIN journal j ON j.id = c.journal_id "
            "WHERE c.tbl = 'games' AND c.row_id = ? ORDER BY c.id DESC LIMIT 1",
            (game_id,),
        ).fetchone()
        if row is None:
            return "origine inconnue"
        from ..store.journal import other_station

        mine = row["terminal"] == self.journal.terminal
        who = "ce poste" if mine else other_station(row["terminal"])
        return f"{who}, {str(row['at'])[11:19]}"

    def clear_result(
        self, key: str, board: int, round_number: int | None = None, *, confirm: bool | str = False
    ) -> None:
        """Clear a result; one written by the other station asks first."""
        with self.write(Operation.CLEAR_RESULT, {"board": board}) as tx:
            t, rnd, game = self.game(key, round_number, board)
            tx.args.update({"tournament": t.key, "round": rnd.number, "board": board})
            if rnd.closed:
                raise OperationError(f"La ronde {rnd.number} est close.")
            assert game.id is not None
            if game.result is not None:
                token = f"{game.id}:{game.result.value}"
                by = self._written_by(game.id)
                if (
                    by != "origine inconnue"
                    and not by.startswith("ce poste")
                    and (confirm is not True and confirm != token)
                ):
                    raise NeedsConfirmation(
                        f"Échiquier {board} : {game.result.label} saisi par le {by} — effacer ?",
                        token,
                    )
            tx.update("games", game.id, {"result": None})

    def absent(
        self,
        key: str,
        board: int,
        side: str,
        round_number: int | None = None,
        now: dt.datetime | None = None,
        exclude: bool = False,
        *,
        confirm: bool | str = False,
    ) -> Game:
        """A player not seated in time loses by forfeit; both absent: double forfeit.

        ``exclude``: the absentees are also excluded from later rounds (regulation 002),
        in the same transaction. Over a result already there: asks first.
        """
        result = {
            "white": Result.BLACK_FORFEIT_WIN,
            "blancs": Result.BLACK_FORFEIT_WIN,
            "black": Result.WHITE_FORFEIT_WIN,
            "noirs": Result.WHITE_FORFEIT_WIN,
            "both": Result.DOUBLE_FORFEIT,
            "les-deux": Result.DOUBLE_FORFEIT,
        }.get(side)
        if result is None:
            raise OperationError("Absent : white/blancs, black/noirs ou both/les-deux.")
        with self.write(Operation.ABSENT, {"board": board, "side": side}) as tx:
            t, rnd, game = self.game(key, round_number, board)
            tx.args.update({"tournament": t.key, "round": rnd.number})
            if game.black_id is None:
                raise OperationError(f"Échiquier {board} : exempt, personne n'est attendu.")
            if rnd.closed:
                raise OperationError(f"La ronde {rnd.number} est close.")
            minutes = section_settings(t).lateness_minutes
            if rnd.start_time is not None and minutes:
                deadline = rnd.start_time + dt.timedelta(minutes=minutes)
                if (now or dt.datetime.now()) < deadline:
                    raise OperationError(
                        f"Trop tôt : le forfait n'est acquis qu'à {deadline:%H:%M} "
                        f"({minutes} min après le début de la ronde)."
                    )
            assert game.id is not None
            self._replacing(game, board, result, confirm)
            tx.update("games", game.id, {"result": result.value, "decider": None})
            for pid in absentees(result, game):
                if exclude:
                    tx.update("players", pid, {"excluded": 1})
                tx.insert(
                    "incidents",
                    {
                        "game_id": game.id,
                        "player_id": pid,
                        "kind": "lateness",
                        "at": dt.datetime.now().isoformat(timespec="seconds"),
                        "note": "absent : forfait",
                    },
                )
        return game.model_copy(update={"result": result})

    def forfeit(
        self,
        key: str,
        board: int,
        side: str,
        *,
        keep: bool = False,
        round_number: int | None = None,
        now: dt.datetime | None = None,
        confirm: bool | str = False,
    ) -> Forfeit:
        """An absence in any format: the forfeit, and the exclusion from later rounds
        where the format's rules say so (002), unless the arbiter keeps the player."""
        with self.write(Operation.ABSENT):
            t = self.tournament(key)
            exclude = format_of(t).absence_excludes(t) and not keep
            game = self.absent(
                key, board, side, round_number, now=now, exclude=exclude, confirm=confirm
            )
        assert game.result is not None
        return Forfeit(game, absentees(game.result, game) if exclude else [])

    def illegal_moves(self, game_id: int, player_id: int) -> int:
        row = self._store.conn.execute(
            "SELECT count(*) FROM incidents WHERE game_id = ? AND player_id = ? AND kind = 'illegal_move'",
            (game_id, player_id),
        ).fetchone()
        return int(row[0])

    def record_incident(
        self,
        key: str,
        board: int,
        colour: str,
        kind: str | IncidentKind,
        note: str = "",
        round_number: int | None = None,
        confirm: bool = False,
    ) -> int:
        """An incident; what loses or excludes (by the regulation's profile) needs ``confirm``.

        The number of illegal moves that loses is the tournament's setting (regulation 000:
        3; the FIDE Laws: 2). The count is read inside the transaction: two stations
        cannot both record "the 2nd".
        """
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
        is_white = colour in ("white", "blancs")
        with self.write(
            Operation.RECORD_INCIDENT, {"board": board, "colour": colour, "kind": kind_value.value}
        ) as tx:
            t, rnd, game = self.game(key, round_number, board)
            tx.args.update({"tournament": t.key, "round": rnd.number})
            player_id = game.white_id if is_white else game.black_id
            if player_id is None:
                raise OperationError(f"Échiquier {board} : pas de joueur noir (exempt).")
            assert game.id is not None
            loss = Result.BLACK_WINS if is_white else Result.WHITE_WINS
            changes: dict[str, Any] = {}
            excludes = False
            if kind_value is IncidentKind.ILLEGAL_MOVE:
                if game.result is not None:
                    raise OperationError(
                        f"Échiquier {board} : la partie est finie ({game.result.label}), "
                        "plus de coup illégal à compter."
                    )
                limit = section_settings(t).illegal_moves_to_lose
                count = self.illegal_moves(game.id, player_id) + 1
                if count >= limit:
                    if not confirm:
                        raise NeedsConfirmation(  # the CLI adds « --confirm »
                            f"{count}e coup illégal : la partie est perdue. Confirmez ?"
                        )
                    changes = {"result": loss.value, "decider": None}
            else:
                from ..rules.incidents import consequence  # imported when used (start-up)

                rule = consequence(section_settings(t).regulation, kind_value)
                if rule.asks and not confirm:
                    raise NeedsConfirmation(rule.question(kind_value.label.capitalize()))
                if rule.loses_game and (game.result is None or game.result is Result.DRAW):
                    changes = {"result": loss.value, "decider": None}
                excludes = rule.excludes
            iid = tx.insert(
                "incidents",
                {
                    "game_id": game.id,
                    "player_id": player_id,
                    "kind": kind_value.value,
                    "at": dt.datetime.now().isoformat(timespec="seconds"),
                    "note": note,
                },
            )
            if changes:
                tx.update("games", game.id, changes)
            if excludes:
                tx.update("players", player_id, {"excluded": 1})
            return iid

    def _round(self, t: Tournament, round_number: int | None) -> Round | None:
        return (
            self._store.round(self._tid(t), round_number) if round_number else self.current_round(t)
        )

    def set_round_start(self, key: str, when: dt.datetime, round_number: int | None = None) -> None:
        with self.write(Operation.SET_ROUND_START, {"start": when.isoformat()}) as tx:
            t = self.tournament(key)
            rnd = self._round(t, round_number)
            if rnd is None or rnd.id is None:
                raise OperationError("Aucune ronde appariée.")
            tx.args.update({"tournament": t.key, "round": rnd.number})
            tx.update("rounds", rnd.id, {"start_time": when.isoformat(timespec="seconds")})

    def close_round(self, key: str, round_number: int | None = None) -> Path:
        """Close a round once every board has a result; a backup follows the commit."""
        marker: Path | None = None
        try:
            with self.write(Operation.CLOSE_ROUND) as tx:
                t = self.tournament(key)
                rnd = self._round(t, round_number)
                if rnd is None or rnd.id is None:
                    raise OperationError("Aucune ronde à clôturer.")
                tx.args.update({"tournament": t.key, "round": rnd.number})
                if rnd.closed:
                    raise OperationError(f"La ronde {rnd.number} est déjà close.")
                games = self._store.games(rnd.id)
                missing = [g.board for g in games if not g.is_bye and g.result is None]
                missing += format_of(t).missing_deciders(t, games)
                if missing:
                    boards = ", ".join(str(b) for b in missing[:12])
                    if len(missing) > 12:
                        boards += f" et {len(missing) - 12} autres ({len(missing)} en tout)"
                    raise OperationError(
                        f"Résultats manquants en ronde {rnd.number} : échiquiers {boards}."
                    )
                self._sheets_settled(t, rnd, games)
                full = room_for_copy(self._store.conn, backup_dir(self.path) / ROUNDS)
                if full:
                    raise OperationError(full)
                # noted before the commit: a crash before the copy leaves the mark, and
                # the next opening of the event makes the copy (Store.recover)
                marker = mark_round_close(self.path, t.key, rnd.number)
                tx.update("rounds", rnd.id, {"closed": 1})
        except BaseException:
            if marker is not None:  # not committed: no copy owed
                unmark(marker)
            raise
        kill_point("cloture-validee")
        try:
            done = self._store.round_backup(t.key, rnd.number)
        except OperationError as exc:
            raise BackupFailed(  # the mark stays: the next opening tries the copy again
                f"Ronde {rnd.number} close (enregistré), mais la sauvegarde a échoué : "
                f"{exc.message}"
            ) from None
        unmark(marker)
        return done

    def _sheets_settled(self, t: Tournament, rnd: Round, games: list[Game]) -> None:
        """A board whose signed sheet differs from the entry must be settled before the
        round closes; with « verify_results », every sheet must have been checked."""
        from .verification import boards_text, unsettled

        differ, unchecked = unsettled(self, rnd, games)
        if differ:
            raise OperationError(
                f"Écart avec la feuille de partie en ronde {rnd.number} : "
                f"{boards_text(differ)}. Tranchez chaque écart (feuille ou saisie) avant "
                "de clôturer."
            )
        if unchecked and section_settings(t).verify_results:
            raise OperationError(
                f"Feuilles non vérifiées en ronde {rnd.number} : "
                f"{boards_text(unchecked)} (réglage verify_results)."
            )

    # -- journal -----------------------------------------------------------

    def undo(self, journal_id: int | None = None, *, confirm: bool = False) -> Undone:
        """Undo this station's last operation (or ``journal_id``); says what it undid."""
        return self.journal.undo(journal_id, confirm=confirm)

    def redo(self, *, confirm: bool = False) -> Undone:
        """Undo this station's last undo: what it undid is back."""
        target = self.journal.last_redoable(self.journal.terminal)
        if target is None:
            raise OperationError("Rien à rétablir (ce poste n'a rien annulé).")
        return self.journal.undo(target, confirm=confirm)

    def replay_draw(self, draw_id: int) -> tuple[bool, Any, Any]:
        """Recompute a recorded draw from its seed: (same?, recorded, recomputed)."""
        row = self._store.conn.execute("SELECT * FROM draws WHERE id = ?", (draw_id,)).fetchone()
        if row is None:
            raise OperationError(f"Tirage n° {draw_id} inconnu.")
        recorded = json.loads(row["outcome"])
        again = run_draw(row["kind"], row["seed"], json.loads(row["inputs"]))
        return (again == recorded, recorded, again)


FORFEIT_SIDES = {
    Result.BLACK_FORFEIT_WIN: "white",
    Result.WHITE_FORFEIT_WIN: "black",
    Result.DOUBLE_FORFEIT: "both",
}  # a forfeit result: who was absent (`absent`'s words)


def forfeit_side(text: str) -> str | None:
    """Who was absent, if ``text`` is a forfeit result (else None, a refusal included:
    `record_result` says it)."""
    try:
        return FORFEIT_SIDES.get(parse_result(text))
    except RuleError:
        return None


@dataclass(frozen=True)
class Forfeit:
    """A forfeit recorded: the game, and who is excluded from later rounds by it."""

    game: Game
    excluded: list[int]


def _settings_text(changes: Mapping[str, Any]) -> None:
    """A setting's text (the organiser, a venue's address) is typed text: the one rule of
    its characters (rules/text.py), whatever the setting; its length, a note's at most."""
    from ..rules.text import NOTE_LIMIT

    for name, value in changes.items():
        for text in value if isinstance(value, list | tuple) else [value]:
            if isinstance(text, str) and (
                fault := text_fault(f"Réglage « {name} »", text, NOTE_LIMIT)
            ):
                raise OperationError(fault)
