"""The app's panes. Each reads what the store holds; none invents data.

A pane is filled by ``load`` when it is shown or when the file changed; the app
decides when, so a pane that is not visible costs nothing.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import DataTable, Static

from ...rules.models import Result, System, Tournament
from ...store.journal import OperationError

if TYPE_CHECKING:
    from ...operations import EventService


def _t(value: object) -> Text:
    """DataTable parses str as markup ("Team [A]" would lose its brackets): pass Text."""
    return Text(str(value) if value is not None else "")


class Pane(Vertical):
    """A titled pane; subclasses fill it from the store."""

    TITLE: ClassVar[str] = ""

    def compose(self) -> ComposeResult:
        yield Static(self.TITLE, classes="pane-title", id=f"{self.id}-title")
        yield from self.body()

    def body(self) -> ComposeResult:
        yield from ()

    def set_title(self, text: str) -> None:
        self.query_one(".pane-title", Static).update(text)

    def load(self, service: EventService, t: Tournament | None) -> None:
        raise NotImplementedError

    def run_operation(self, operation: Callable[[], object], done: str) -> None:
        """Hand the operation to the app, which commits, refreshes and reports."""
        runner: Callable[..., object] = self.app.run_operation  # type: ignore[attr-defined]
        runner(operation, done=done)


class TablePane(Pane):
    """A pane whose body is one table."""

    COLUMNS: ClassVar[tuple[str, ...]] = ()
    EMPTY: ClassVar[str] = ""

    def body(self) -> ComposeResult:
        table: DataTable[Text] = DataTable(
            cursor_type="row", zebra_stripes=True, id=f"{self.id}-table"
        )
        yield table
        yield Static("", classes="pane-note", id=f"{self.id}-note")

    @property
    def table(self) -> DataTable[Text]:
        return self.query_one(DataTable)

    def note(self, text: str) -> None:
        self.query_one(".pane-note", Static).update(text)

    def fill(self, rows: list[tuple[str, list[Any]]]) -> None:
        table = self.table
        if not table.columns:
            for col in self.COLUMNS:
                table.add_column(col, key=col)
        cursor = table.cursor_row
        table.clear()
        for key, cells in rows:
            table.add_row(*[_t(c) for c in cells], key=key)
        if rows:
            table.move_cursor(row=min(cursor, len(rows) - 1))
        self.note("" if rows else self.EMPTY)


class RoundPane(TablePane):
    """Ronde: the current round's boards; results by keys."""

    TITLE = "Ronde"
    COLUMNS = ("Éch.", "Blancs", "Elo", "Rés.", "Noirs", "Elo ")
    EMPTY = "Aucune ronde appariée dans ce tournoi."
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("1", "result('1-0')", "1-0", id="white-wins"),
        Binding("equals_sign", "result('=-=')", "½", id="draw"),
        Binding("0", "result('0-1')", "0-1", id="black-wins"),
        Binding("backspace", "clear_result", "Effacer", show=False, id="clear-result"),
    ]

    def load(self, service: EventService, t: Tournament | None) -> None:
        self._service, self._tournament = service, t
        if t is None or t.id is None:
            self.fill([])
            return
        rnd = service.current_round(t)
        if rnd is None or rnd.id is None:
            self.set_title(f"Ronde — {t.name}")
            self.fill([])
            return
        self._round_number = rnd.number
        players = {p.id: p for p in service.store.players(t.id)}
        games = service.store.games(rnd.id)
        rows: list[tuple[str, list[Any]]] = []
        for g in games:
            w = players[g.white_id]
            b = players.get(g.black_id) if g.black_id else None
            rows.append(
                (
                    str(g.board),
                    [
                        g.board,
                        w.name,
                        w.rating or "",
                        g.result.label if g.result else (g.bye.label if g.bye else "…"),
                        b.name if b else "exempt",
                        (b.rating or "") if b else "",
                    ],
                )
            )
        done = sum(1 for g in games if g.result is not None or g.is_bye)
        state = "close" if rnd.closed else f"{done}/{len(games)} résultats"
        tc = f" — {rnd.time_control.label}" if rnd.time_control else ""
        self.set_title(f"Ronde {rnd.number} — {t.name}{tc} — {state}")
        self.fill(rows)

    def _board(self) -> int | None:
        table = self.table
        if not table.row_count:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return int(key) if key is not None else None

    def action_result(self, value: str) -> None:
        board = self._board()
        if board is None or self._tournament is None:
            return
        key = self._tournament.key
        self.run_operation(
            lambda: self._service.record_result(key, board, Result(value)),
            done=f"Échiquier {board} : {Result(value).label} — enregistré",
        )

    def action_clear_result(self) -> None:
        board = self._board()
        if board is None or self._tournament is None:
            return
        key = self._tournament.key
        self.run_operation(
            lambda: self._service.clear_result(key, board),
            done=f"Échiquier {board} : résultat effacé",
        )


class CadencePane(TablePane):
    """Cadence: time control per round and the current round's clock."""

    TITLE = "Cadence"
    COLUMNS = ("Ronde", "Étape", "Cadence", "Début", "Fin prévue")
    EMPTY = "Aucune cadence définie."

    def body(self) -> ComposeResult:
        yield Static("", id="cadence-clock")
        yield from super().body()

    def load(self, service: EventService, t: Tournament | None) -> None:
        self._start: dt.datetime | None = None
        if t is None or t.id is None:
            self.fill([])
            return
        self.set_title(f"Cadence — {t.name}")
        rounds = {r.number: r for r in service.store.rounds(t.id)}
        rows: list[tuple[str, list[Any]]] = []
        for n in range(1, t.rounds_planned + 1):
            tc = t.time_control(n)
            rnd = rounds.get(n)
            start = rnd.start_time if rnd else None
            end = ""
            if start and tc:
                end = (start + dt.timedelta(minutes=tc.expected_game_minutes())).strftime("%H:%M")
            rows.append(
                (
                    str(n),
                    [
                        n,
                        t.stages.get(n, ""),
                        tc.label if tc else "—",
                        start.strftime("%H:%M") if start else "",
                        end,
                    ],
                )
            )
            if rnd and not rnd.closed:
                self._start = start
        self.fill(rows)
        self.tick()

    def tick(self) -> None:
        """Once a second, only this line changes (layout=False: no relayout)."""
        clock = self.query_one("#cadence-clock", Static)
        if self._start is None:
            clock.update("Ronde en cours : heure de début non notée.", layout=False)
            return
        elapsed = dt.datetime.now() - self._start
        minutes, seconds = divmod(int(elapsed.total_seconds()), 60)
        clock.update(f"Ronde en cours depuis {minutes} min {seconds:02d} s", layout=False)


class IncidentsPane(TablePane):
    TITLE = "Incidents"
    COLUMNS = ("Heure", "Joueur", "Incident", "Note")
    EMPTY = "Aucun incident enregistré."

    def load(self, service: EventService, t: Tournament | None) -> None:
        if t is None or t.id is None:
            self.fill([])
            return
        self.set_title(f"Incidents — {t.name}")
        players = {p.id: p for p in service.store.players(t.id)}
        rows = [
            (str(i.id), [i.at.strftime("%H:%M"), players[i.player_id].name, i.kind.label, i.note])
            for i in service.store.incidents(t.id)
        ]
        self.fill(rows)


class LuckyLoserPane(TablePane):
    """Repêchage: every recorded draw, with its seed and whether it replays identically."""

    TITLE = "Repêchage et tirages au sort"
    COLUMNS = ("N°", "Heure", "Objet", "Graine", "Rejoué")
    EMPTY = "Aucun tirage au sort enregistré."

    def load(self, service: EventService, t: Tournament | None) -> None:
        rows = []
        for d in service.store.draws():
            same, _, _ = service.replay_draw(d["id"])
            rows.append(
                (
                    str(d["id"]),
                    [
                        d["id"],
                        d["at"][11:16],
                        d["purpose"],
                        d["seed"],
                        "identique" if same else "DIFFÉRENT",
                    ],
                )
            )
        self.fill(rows)


class CupPane(TablePane):
    TITLE = "Coupe — équipes"
    COLUMNS = ("Équipe", "Club", "Joueurs", "Elo moyen")
    EMPTY = "Aucune compétition par équipes dans cet événement."

    def load(self, service: EventService, t: Tournament | None) -> None:
        cups = [c for c in service.store.tournaments() if c.system is System.TEAM_CUP]
        rows: list[tuple[str, list[Any]]] = []
        for cup in cups:
            assert cup.id is not None
            clubs = service.store.clubs()
            players = service.store.players(cup.id)
            for team in service.store.teams(cup.id):
                roster = [p for p in players if p.team_id == team.id]
                avg = round(sum(p.rating for p in roster) / len(roster)) if roster else ""
                rows.append(
                    (str(team.id), [team.name, clubs.get(team.club_id, ""), len(roster), avg])
                )
            self.set_title(f"Coupe — {cup.name} — {len(rows)} équipes")
        self.fill(rows)


class StandingsPane(TablePane):
    """Classement, ordered by nothing but the rules; `v` switches to the prize list."""

    TITLE = "Classement"
    COLUMNS = ("Pl.", "Nom", "Club", "Elo", "Pts")
    EMPTY = "Aucune partie jouée."
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("v", "toggle_prizes", "Prix", id="prizes"),
    ]
    show_prizes = False

    def _columns(self, header: Sequence[str]) -> None:
        table = self.table
        if tuple(str(c.label) for c in table.columns.values()) != tuple(header):
            table.clear(columns=True)
            for col in header:
                table.add_column(col, key=col)

    def load(self, service: EventService, t: Tournament | None) -> None:
        from ...operations.standings import complete_rounds, prizes, standings_rows

        self._service, self._tournament = service, t
        if t is None or t.id is None:
            self.fill([])
            return
        after = complete_rounds(service, t)
        if self.show_prizes:
            self._columns(("Pl.", "Nom", "Prix", "Montant"))
            try:
                result, players = prizes(service, t)
            except OperationError as exc:
                self.set_title(f"Prix — {t.name}")
                self.fill([])
                self.note(exc.message)
                return
            rows: list[tuple[str, list[Any]]] = []
            for i, a in enumerate(result.awards):
                what = a.goods or ("trophée" if a.trophy else f"{a.amount} €")
                mark = " *" if a.presence_required else ""
                rows.append((f"{i}", [i + 1, players[a.player_id].name, a.label, what + mark]))
            self.set_title(f"Prix — {t.name} — après la ronde {after} — total {result.total} €")
            self.fill(rows)
            if result.awards and result.awards[0].presence_required:
                self.note("* présence à la remise des prix obligatoire")
            return
        header, table_rows = standings_rows(service, t)
        self._columns(header)
        tiebreaks = ", ".join(t.tiebreaks) or "aucun départage"
        self.set_title(f"Classement — {t.name} — après la ronde {after} — {tiebreaks}")
        self.fill(table_rows)

    def action_toggle_prizes(self) -> None:
        self.show_prizes = not self.show_prizes
        self.load(self._service, self._tournament)


class PlayersPane(TablePane):
    TITLE = "Joueurs"
    COLUMNS = ("N°", "Nom", "Elo", "Club", "Pointé", "Payé")
    EMPTY = "Aucun joueur inscrit."
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "toggle_check_in", "Pointer", id="check-in"),
    ]

    def load(self, service: EventService, t: Tournament | None) -> None:
        self._service = service
        if t is None or t.id is None:
            self.fill([])
            return
        players = service.store.players(t.id)
        checked = sum(p.checked_in for p in players)
        self.set_title(f"Joueurs — {t.name} — pointés {checked} / {len(players)}")
        self.fill(
            [
                (
                    str(p.id),
                    [
                        p.id,
                        p.name,
                        p.rating or "",
                        p.club,
                        "oui" if p.checked_in else "—",
                        "oui" if p.paid else "dû",
                    ],
                )
                for p in players
            ]
        )

    def action_toggle_check_in(self) -> None:
        table = self.table
        if not table.row_count:
            return
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        assert key is not None
        player = self._service.store.player(int(key))
        assert player is not None
        self.run_operation(
            lambda: self._service.check_in(int(key), not player.checked_in),
            done=f"{player.name} : {'pointage annulé' if player.checked_in else 'pointé'}",
        )


class QRPane(Pane):
    TITLE = "QR code"

    def body(self) -> ComposeResult:
        with VerticalScroll():
            yield Static("", id="qr-url")
            yield Static("", id="qr-code")

    def load(self, service: EventService, t: Tournament | None) -> None:
        base = str(
            service.store.event()["settings"].get("base_url", "http://127.0.0.1:8080")
        ).rstrip("/")
        url = f"{base}/{t.key}/" if t else f"{base}/"
        self.url = url
        self.set_title(f"QR code — {t.name if t else ''}")
        self.query_one("#qr-url", Static).update(Text(url))
        from .qr import qr_text  # qrcode is imported when the pane is first shown

        self.query_one("#qr-code", Static).update(qr_text(url))


PANES: list[tuple[str, str, type[Pane]]] = [
    # (id, key, class) — one key each, shown in the footer.
    ("ronde", "r", RoundPane),
    ("cadence", "c", CadencePane),
    ("incidents", "i", IncidentsPane),
    ("repechage", "p", LuckyLoserPane),
    ("coupe", "k", CupPane),
    ("classement", "s", StandingsPane),
    ("joueurs", "j", PlayersPane),
    ("qr", "q", QRPane),
]
