"""The app's panes. Each reads what the store holds; none invents data.

A pane is filled by ``load`` when it is shown or when the file changed; the app
decides when, so a pane that is not visible costs nothing.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import DataTable, Static

from ...rules.models import System, Tournament
from ...store.journal import OperationError

if TYPE_CHECKING:
    from ...operations import EventService


from . import clock
from .round_pane import Pane, RoundPane, TablePane

__all__ = ["PANES", "Pane", "RoundPane", "TablePane"]


class CadencePane(TablePane):
    """Cadence: time control per round, projected times, the current round's clock."""

    TITLE = "Cadence"
    COLUMNS = ("Ronde", "Étape", "Cadence", "Début", "Fin prévue", "")
    EMPTY = "Aucune cadence définie."
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "start_now", "Début maintenant", id="round-start"),
    ]

    def body(self) -> ComposeResult:
        yield Static("", id="cadence-clock")
        yield from super().body()

    def load(self, service: EventService, t: Tournament | None) -> None:
        self._service, self._tournament = service, t
        self._start: dt.datetime | None = None
        self._lateness = 0
        self._open_boards: list[int] = []
        if t is None or t.id is None:
            self.fill([])
            return
        self.set_title(f"Cadence — {t.name}")
        rounds = {r.number: r for r in service.store.rounds(t.id)}
        latest = str(t.settings.get("latest_end", ""))
        gap = dt.timedelta(minutes=int(t.settings.get("break_minutes", 10)))
        cursor: dt.datetime | None = None
        day = t.settings.get("day_start")
        rows: list[tuple[str, list[Any]]] = []
        for n in range(1, t.rounds_planned + 1):
            tc = t.time_control(n)
            rnd = rounds.get(n)
            start = rnd.start_time if rnd and rnd.start_time else None
            if start is None and cursor is not None:
                start = cursor + gap
            elif start is None and n == 1 and day:
                start = dt.datetime.combine(clock.now().date(), dt.time.fromisoformat(str(day)))
            end = start + dt.timedelta(minutes=tc.expected_game_minutes()) if start and tc else None
            cursor = end
            warn = ""
            if end is not None and latest and end.strftime("%H:%M") > latest:
                warn = f"après {latest} !"
            projected = "" if rnd and rnd.start_time else "~"
            rows.append(
                (
                    str(n),
                    [
                        n,
                        t.stages.get(n, ""),
                        tc.label if tc else "—",
                        f"{projected}{start:%H:%M}" if start else "",
                        f"~{end:%H:%M}" if end else "",
                        warn,
                    ],
                )
            )
        current = max(rounds.values(), key=lambda r: r.number) if rounds else None
        if current and not current.closed:
            self._start = current.start_time
            self._lateness = int(t.settings.get("lateness_minutes", 0))
            assert current.id is not None
            self._open_boards = [
                g.board for g in service.store.games(current.id) if g.black_id and g.result is None
            ]
        self.fill(rows)
        self.tick()

    def tick(self) -> None:
        """Once a second, only this line changes (layout=False: no relayout)."""
        line = self.query_one("#cadence-clock", Static)
        if self._start is None:
            line.update("Ronde en cours : heure de début non notée (touche d).", layout=False)
            return
        elapsed = clock.now() - self._start
        minutes, seconds = divmod(int(elapsed.total_seconds()), 60)
        text = f"Ronde en cours depuis {minutes} min {seconds:02d} s"
        if self._lateness:
            left = self._lateness * 60 - int(elapsed.total_seconds())
            if left > 0:
                text += f" — forfait dans {left // 60}:{left % 60:02d}"
            elif self._open_boards:
                boards = ", ".join(map(str, self._open_boards[:10]))
                text += f" — délai passé ; sans résultat : {boards}"
        line.update(text, layout=False)

    def action_start_now(self) -> None:
        t = self._tournament
        if t is None:
            return
        when = clock.now()
        self.run_operation(
            lambda: self._service.set_round_start(t.key, when),
            done=f"Début de ronde noté : {when:%H:%M}",
        )


class IncidentsPane(TablePane):
    """Per game: illegal moves and device warnings; the loss on the limit is confirmed."""

    TITLE = "Incidents"
    COLUMNS = ("Éch.", "Blancs", "CI", "Noirs", "CI ", "Avert.", "Rés.")
    EMPTY = "Aucune ronde appariée."
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("w", "incident('white', 'illegal_move')", "CI Blancs", id="illegal-white"),
        Binding("x", "incident('black', 'illegal_move')", "CI Noirs", id="illegal-black"),
        Binding("a", "incident('white', 'device_ring')", "Sonne B", id="ring-white"),
        Binding("z", "incident('black', 'device_ring')", "Sonne N", id="ring-black"),
        Binding("e", "incident('white', 'device_use')", "Excl. B", id="exclude-white"),
        Binding("d", "incident('black', 'device_use')", "Excl. N", id="exclude-black"),
        Binding("o", "confirm", "Confirmer", id="confirm"),
    ]
    _pending: tuple[int, str, str] | None = None

    def load(self, service: EventService, t: Tournament | None) -> None:
        self._service, self._tournament = service, t
        if t is None or t.id is None:
            self.fill([])
            return
        rnd = service.current_round(t)
        limit = int(t.settings.get("illegal_moves_to_lose", 2))
        warning = ""
        if t.settings.get("fide_rated") and limit != 2:
            warning = f" — ATTENTION : {limit} coups illégaux ici, 2 selon les Règles FIDE"
        self.set_title(f"Incidents — {t.name} — perte au {limit}e coup illégal{warning}")
        if rnd is None or rnd.id is None:
            self.fill([])
            return
        players = {p.id: p for p in service.store.players(t.id)}
        counts: dict[tuple[int | None, int, str], int] = {}
        for i in service.store.incidents(t.id):
            counts[(i.game_id, i.player_id, i.kind.value)] = (
                counts.get((i.game_id, i.player_id, i.kind.value), 0) + 1
            )
        rows: list[tuple[str, list[Any]]] = []
        for g in service.store.games(rnd.id):
            if g.black_id is None:
                continue
            w, b = players[g.white_id], players[g.black_id]

            def n(pid: int, kind: str, gid: int | None = g.id) -> int:
                return counts.get((gid, pid, kind), 0)

            rings = n(g.white_id, "device_ring") + n(g.black_id, "device_ring")
            excl = [x.name for x in (w, b) if x.excluded]
            rows.append(
                (
                    str(g.board),
                    [
                        g.board,
                        w.name,
                        n(g.white_id, "illegal_move") or "",
                        b.name,
                        n(g.black_id, "illegal_move") or "",
                        ("exclu " + excl[0]) if excl else (rings or ""),
                        g.result.label if g.result else "",
                    ],
                )
            )
        self.fill(rows)

    def action_incident(self, colour: str, kind: str, confirm: bool = False) -> None:
        key = self.selected_key()
        t = self._tournament
        if key is None or t is None or self.app.refused_while_busy():  # type: ignore[attr-defined]
            return
        board = int(key)
        label = {
            "illegal_move": "coup illégal",
            "device_ring": "sonnerie (avertissement)",
            "device_use": "usage d'appareil (exclusion)",
        }[kind]
        side = "Blancs" if colour == "white" else "Noirs"
        try:
            self._service.record_incident(t.key, board, colour, kind, confirm=confirm)
        except OperationError as exc:
            if "Confirmez" in exc.message:
                self._pending = (board, colour, kind)
                self._status(
                    f"{exc.message.split(' Confirmez')[0]} — o pour confirmer, autre touche : annuler",
                    error=True,
                )
                return
            self._status(f"Refusé : {exc.message}", error=True)
            return
        self._pending = None
        done: Callable[[str], object] = self.app.operation_done  # type: ignore[attr-defined]
        done(f"Échiquier {board} : {label} {side} — enregistré")

    def action_confirm(self) -> None:
        if self._pending is None:
            return
        board, colour, kind = self._pending
        self._pending = None
        table = self.table
        table.move_cursor(row=table.get_row_index(str(board)))
        self.action_incident(colour, kind, confirm=True)


class LuckyLoserPane(TablePane):
    """Repêchage: holes to fill, the draw, reachable or not; every try and every seed."""

    TITLE = "Repêchage et tirages au sort"
    COLUMNS = ("N°", "Heure", "Objet", "Graine", "Rejoué")
    EMPTY = "Aucun tirage au sort enregistré."
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("l", "lucky('draw')", "Tirer", id="lucky-draw"),
        Binding("o", "lucky('yes')", "Joignable", id="lucky-yes"),
        Binding("x", "lucky('no')", "Injoignable", id="lucky-no"),
    ]

    def load(self, service: EventService, t: Tournament | None) -> None:
        self._service, self._tournament = service, t
        rows: list[tuple[str, list[Any]]] = []
        head = "Repêchage et tirages au sort"
        if t is not None and t.system is System.KNOCKOUT and t.id is not None:
            from ...operations import knockout

            open_holes = knockout.holes(service, t)
            names = {p.id: p.name for p in service.store.players(t.id)}
            tries = service.store.conn.execute(
                "SELECT * FROM lucky_losers WHERE tournament_id = ? ORDER BY id", (t.id,)
            ).fetchall()
            filled = {r["slot"] for r in tries if r["status"] == "accepted"}
            waiting = len([h for h in open_holes if h not in filled])
            status = {"pending": "à joindre", "accepted": "repêché", "unreachable": "injoignable"}
            for r in tries:
                rows.append(
                    (
                        f"ll{r['id']}",
                        [
                            f"R{r['round']}",
                            f"éch. {r['slot'] + 1}",
                            names[r["player_id"]],
                            f"tirage {r['draw_id']}",
                            status[r["status"]],
                        ],
                    )
                )
            head = f"Repêchage — {t.name} — trous à combler : {waiting}"
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
        self.set_title(head)
        self.fill(rows)

    def action_lucky(self, what: str) -> None:
        t = self._tournament
        if t is None:
            return
        from ...operations import knockout

        confirm = {"draw": None, "yes": True, "no": False}[what]
        outcome: dict[str, Any] = {}

        def run() -> None:
            outcome.update(knockout.lucky_loser(self._service, t.key, confirm))

        if self.run_operation(run, done="tirage enregistré"):
            if "drawn" in outcome:
                self._status(
                    f"Tiré au sort : {outcome['drawn']} (parmi {outcome['pool']}) — "
                    "joignable ? o oui, x non"
                )
            elif "accepted" in outcome:
                self._status(f"✓ {outcome['accepted']} est repêché(e) — enregistré")


class BracketPane(TablePane):
    """Tableau: every round of a knockout, who went through; scroll to read at 80×24."""

    TITLE = "Tableau"
    COLUMNS = ("Ronde", "Éch.", "Blancs", "Noirs", "Qualifié")
    EMPTY = "Pas de tableau : ce tournoi n'est pas à élimination directe, ou rien n'est apparié."

    def load(self, service: EventService, t: Tournament | None) -> None:
        rows: list[tuple[str, list[Any]]] = []
        if t is not None and t.system is System.KNOCKOUT and t.id is not None:
            from ...rules.knockout import winner

            players = {p.id: p for p in service.store.players(t.id)}
            rule = str(t.settings.get("decider", "armageddon"))
            ratings = {pid: p.rating for pid, p in players.items() if pid}
            for rnd in service.store.rounds(t.id):
                assert rnd.id is not None
                for g in service.store.games(rnd.id):
                    w = winner(g.white_id, g.black_id, g.result, g.decider, rule, ratings)
                    through = players[w].name if w else ("—" if g.result else "…")
                    rows.append(
                        (
                            f"{rnd.number}-{g.board}",
                            [
                                rnd.stage or rnd.number,
                                g.board,
                                players[g.white_id].name,
                                players[g.black_id].name if g.black_id else "exempt",
                                through,
                            ],
                        )
                    )
            self.set_title(f"Tableau — {t.name}")
        self.fill(rows)


class CupPane(TablePane):
    """Coupe: the current round's matches and how each was decided; the teams before the draw.
    `Entrée` opens a match (line-ups, results, procès-verbal confirmations)."""

    TITLE = "Coupe"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open_match", "Ouvrir", id="open-match"),
        Binding("d", "draw_round", "Tirage", id="cup-draw-round"),
    ]
    _cup_key: str | None = None

    def action_open_match(self) -> None:
        from .cup_screen import MatchScreen

        key = self.selected_key()
        if key is None or not key.startswith("m") or self._cup_key is None:
            return
        row = self._service.store.conn.execute(
            "SELECT number, away_team_id FROM cup_matches WHERE id = ?", (int(key[1:]),)
        ).fetchone()
        if row is None or row["away_team_id"] is None:
            return
        cup_key = self._cup_key
        self.app.push_screen(
            MatchScreen(self._service, cup_key, int(row["number"])),
            lambda _result: self.load(self._service, None),
        )

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """`Entrée` on a match row (the table takes the key and says which row)."""
        event.stop()
        self.action_open_match()

    def action_draw_round(self) -> None:
        from ...operations import cup

        key = self._cup_key
        if key is None:
            return
        self.run_operation(
            lambda: cup.draw(self._service, key), done="tour tiré au sort — enregistré"
        )

    COLUMNS = ("N°", "Recevant", "Visiteur", "Compo.", "Score", "Transmis", "Vainqueur / motif")
    EMPTY = "Aucune compétition par équipes dans cet événement."

    def load(self, service: EventService, t: Tournament | None) -> None:
        from ...operations import cup

        self._service = service
        cups = [c for c in service.store.tournaments() if c.system is System.TEAM_CUP]
        rows: list[tuple[str, list[Any]]] = []
        for c in cups:
            self._cup_key = c.key
            teams = cup._teams(service, c)
            played = cup.matches(service, c)
            if not played:
                self.set_title(f"Coupe — {c.name} — {len(teams)} équipes engagées, tour 1 à tirer")
                for team in teams.values():
                    rows.append((f"t{team.id}", [team.id, team.name, "", "", "", "", "engagée"]))
                continue
            last = max(m["round"] for m in played)
            self.set_title(f"Coupe — {c.name} — tour {last}")
            for m in (x for x in played if x["round"] == last):
                away = teams[m["away_team_id"]].name if m["away_team_id"] else "exempt"
                lineups = sum(1 for side in ("lineup_home", "lineup_away") if m[side])
                score = (
                    f"{m['home_points']:g}-{m['away_points']:g}"
                    if m["home_points"] is not None
                    else ""
                )
                win = teams[m["winner_team_id"]].name if m["winner_team_id"] else "…"
                rows.append(
                    (
                        f"m{m['id']}",
                        [
                            m["number"],
                            teams[m["home_team_id"]].name,
                            away,
                            f"{lineups}/2" if m["away_team_id"] else "",
                            score,
                            (m["reported_at"] or "")[11:16]
                            + (" !" if m["confirmations"].get("reported_after_midnight") else ""),
                            f"{win} ({m['reason']})" if m["reason"] else win,
                        ],
                    )
                )
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
            self.reset_table()
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
        Binding("slash", "check_in_mode", "Pointage", id="check-in-mode"),
        Binding("h", "bye_mode", "Bye ½", id="half-point-bye"),
        Binding("w", "withdraw", "Retirer", id="withdraw"),
    ]
    mode: str | None = None  # "check-in" (letters of a name) or "bye" (a round number)
    _buffer = ""
    _tournament: Tournament | None = None

    def on_key(self, event: events.Key) -> None:
        """Check-in mode: letters find the player, Enter checks them in, Échap ends."""
        if self.mode is None:
            return
        event.stop()
        event.prevent_default()
        if event.key == "escape":
            self.mode = None
            self._status("Fin du pointage." if self._buffer != "?" else "Annulé.")
            return
        if self.mode == "bye":
            if event.character and event.character.isdigit():
                self._buffer += event.character
                self._status(f"Bye ½ point en ronde {self._buffer}_ (Entrée, Échap)")
            elif event.key == "enter" and self._buffer:
                self.mode = None
                self._request_bye(int(self._buffer))
            return
        if event.key == "enter":
            self._check_in_selected()
            self._buffer = ""
        elif event.key == "backspace":
            self._buffer = self._buffer[:-1]
        elif event.character and (event.character.isalpha() or event.character in " -'"):
            self._buffer += event.character
        self._find(self._buffer)

    def _find(self, text: str) -> None:
        table = self.table
        needle = text.lower()
        for row, key in enumerate(self._shown):
            if needle and str(self._shown[key][1]).lower().startswith(needle):
                table.move_cursor(row=row)
                self._status(f"Pointage : « {text} » → {self._shown[key][1]} (Entrée pointe)")
                return
        self._status(
            f"Pointage : « {text} » — aucun nom ne commence ainsi"
            if text
            else "Pointage : tapez le début du nom, Entrée pointe, Échap termine"
        )

    def _check_in_selected(self) -> None:
        key = self.selected_key()
        if key is None:
            return
        player = self._service.store.player(int(key))
        assert player is not None
        if player.checked_in:
            self._status(f"{player.name} est déjà pointé(e).")
            return
        self.run_operation(
            lambda: self._service.check_in(int(key)), done=f"{player.name} : pointé(e)"
        )

    def action_check_in_mode(self) -> None:
        self.mode, self._buffer = "check-in", ""
        self._find("")

    def action_bye_mode(self) -> None:
        if self.selected_key() is None:
            return
        self.mode, self._buffer = "bye", ""
        self._status("Bye ½ point : numéro de la ronde puis Entrée (Échap annule)")

    def _request_bye(self, number: int) -> None:
        from ...operations import swiss

        key = self.selected_key()
        if key is None:
            return
        self.run_operation(
            lambda: swiss.request_bye(self._service, int(key), number),
            done=f"Bye ½ point en ronde {number} — enregistré",
        )

    def action_withdraw(self) -> None:
        key = self.selected_key()
        if key is None:
            return
        self.run_operation(
            lambda: self._service.withdraw(int(key)), done="Joueur retiré — enregistré"
        )

    def load(self, service: EventService, t: Tournament | None) -> None:
        self._service = service
        self._tournament = t
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
        if t.system is System.KNOCKOUT:
            from ...operations import knockout

            live = knockout.status(service, t.key)
            state = "inscriptions closes" if live["registration_closed"] else "en direct"
            refunds = f" ; {len(live['refunds'])} à rembourser" if live["refunds"] else ""
            self.note(f"{live['case']} ; {live['byes']} exempts{refunds} ({state})")

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


class QRPane(Pane, can_focus=True):
    TITLE = "QR code"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("w", "toggle_server", "Serveur web", id="web-server"),
    ]

    def body(self) -> ComposeResult:
        with VerticalScroll():
            yield Static("", id="qr-url")
            yield Static("", id="qr-code")

    def load(self, service: EventService, t: Tournament | None) -> None:
        from ...publish.qr import base_url, page_url

        self._service = service
        url = page_url(base_url(service), t.key if t else None)
        self.url = url
        server = getattr(self.app, "web_server", None)
        state = " — serveur web en marche" if server is not None and server.running else ""
        self.set_title(f"QR code — {t.name if t else ''}{state}")
        self.query_one("#qr-url", Static).update(Text(url))
        from .qr import qr_text  # qrcode is imported when the pane is first shown

        self.query_one("#qr-code", Static).update(qr_text(url))

    def action_toggle_server(self) -> None:
        """Start or stop the results server (all addresses, the base URL's port)."""
        from urllib.parse import urlparse

        from ..web.server import ServerThread

        server = getattr(self.app, "web_server", None)
        if server is not None and server.running:
            server.stop()
            self._status("Serveur web arrêté.")
        else:
            port = urlparse(self.url).port or 80
            host = str(self._service.store.event()["settings"].get("serve_host", "0.0.0.0"))
            server = ServerThread(self._service.path, host, port)
            try:
                server.start()
            except OSError as exc:
                self._status(f"Serveur web impossible : {exc}", error=True)
                return
            self.app.web_server = server  # type: ignore[attr-defined]
            self._status(f"Serveur web en marche : {self.url} (w l'arrête)")
        self.load(self._service, getattr(self.app, "tournament", None))


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
    ("tableau", "b", BracketPane),
]
