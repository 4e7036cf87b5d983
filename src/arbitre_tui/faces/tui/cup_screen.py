"""One cup match: line-ups with live checks, board results, the decision and its reason."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from ...operations import OperationError, cup_sanctions
from ...operations import cup as ops
from ...views.match_sheet import MatchSheet, lineup, match_sheet
from ...views.reader import Reader
from .footer import KeysFooter
from .french import SCREEN_BINDINGS, FrenchTable
from .messages import Say, undone
from .search import SEARCH_BINDING, NameSearchMixin

if TYPE_CHECKING:
    from ...operations import EventService
    from .prompts import Prompt


class MatchScreen(NameSearchMixin, ModalScreen[None]):
    """Keys: `tab` switches team; `espace` adds the selected player to the line-up (board
    order); `retour arrière` removes the last; `v` hands it in; on the boards, `1` `x` `0`
    `f` `g` `F` (F-F) enter a result; `a` / `h` / `w` confirm (arbiter, home captain, away captain)."""

    CSS_PATH = "cup_screen.tcss"
    ROUTE_KEYS = True  # keys run in the order typed, as on the main screen (app.on_event)
    BINDINGS: ClassVar[list[BindingType]] = [
        # Textual's keys in French, but tab: it switches teams here
        *(b for b in SCREEN_BINDINGS if isinstance(b, Binding) and b.key != "tab"),
        Binding("escape", "dismiss", "Fermer", id="close-match"),
        Binding("tab", "switch_team", "Équipe", id="switch-team", priority=True),
        Binding("space", "add_player", "Ajouter", id="add-player"),
        Binding("backspace", "remove_player", "Retirer", id="remove-player"),
        Binding("v", "hand_in", "Remettre", id="hand-in"),
        Binding("V", "hand_in_at", "Remise à…", show=False, id="hand-in-at"),
        Binding("b", "boards", "Échiquiers", id="boards"),
        Binding("1", "board('1-0')", "1-0", id="cup-home"),
        Binding("x", "board('X')", "X", id="cup-draw"),
        Binding("equals_sign", "board('X')", "X", show=False, id="cup-draw-equals"),  # as Ronde
        Binding("0", "board('0-1')", "0-1", id="cup-away"),
        Binding("f", "board('F-1')", "Forf. rec.", id="cup-home-forfeit"),
        Binding("g", "board('1-F')", "Forf. vis.", id="cup-away-forfeit"),
        Binding("F", "board('F-F')", "Double forf.", id="cup-both-forfeit"),
        Binding("a", "confirm('arbitre')", "Arbitre", id="confirm-arbiter"),
        Binding("h", "confirm('capitaine-recevant')", "Cap. rec.", id="confirm-home"),
        Binding("w", "confirm('capitaine-visiteur')", "Cap. vis.", id="confirm-away"),
        Binding("t", "report", "Transmis", id="report"),
        Binding("i", "breach", "Irrégularité", id="cup-breach"),
        Binding("m", "equipment", "Matériel", id="cup-equipment"),
        Binding("d", "director", "Directeur", id="cup-director"),
        Binding("p", "print_sheet", "PV PDF", id="cup-sheet-pdf"),
        Binding("c", "unconfirm", "Retirer confirmations", show=False, id="cup-unconfirm"),
        Binding("ctrl+z", "undo", "Annuler", show=False, id="match-undo"),
        Binding("question_mark", "keys", "Touches", show=False, id="match-keys"),  # KeysFooter
        SEARCH_BINDING,  # ctrl+f: a player of the line-up by name (search.py)
    ]

    def __init__(self, service: EventService, key: str, number: int) -> None:
        super().__init__()
        self.service, self.key, self.number = service, key, number
        self.side = "home"
        self.picked: dict[str, list[int]] = {"home": [], "away": []}
        self.showing_boards = False

    def search_table(self) -> DataTable[Any]:
        table: DataTable[Any] = self.query_one("#match-table", DataTable)
        return table

    def compose(self) -> ComposeResult:
        with Vertical(id="match"):
            yield Static("", id="match-title")
            yield Static("", id="match-state")
            yield FrenchTable(cursor_type="row", id="match-table")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.refresh_match()

    @property
    def sheet(self) -> MatchSheet:
        """The match as the procès-verbal shows it (one read of the file)."""
        return match_sheet(self.service, self.key, self.number)

    def team_id(self, sheet: MatchSheet | None = None) -> int:
        """The team whose line-up is being typed (``sheet``: one already read)."""
        sheet = sheet or self.sheet
        return int(sheet.home_team_id if self.side == "home" else sheet.away_team_id or 0)

    def follow(self) -> None:
        """Another station committed (the app's poll): the sheet read again within a
        second, its last message kept."""
        self.refresh_match(getattr(self, "_message", ""))

    def refresh_match(self, message: str = "") -> None:
        self._message = message
        reader = Reader(self.service)
        try:
            with reader.consistent():
                sheet = self.sheet  # and the line-up being typed, from the same snapshot
                boards = self.showing_boards or sheet.both_lineups
                team = (
                    None
                    if boards
                    else lineup(self.service, sheet, self.side, self.picked[self.side])
                )
        except OperationError:  # the match is gone: its round's draw undone (ctrl+z here)
            self._gone(message)
            return
        self.query_one("#match-title", Static).update(Text(f"Match {self.number} : {sheet.title}"))
        table = self.query_one("#match-table", DataTable)
        cursor = table.cursor_row
        was_boards = bool(table.columns) and "Résultat" in [
            str(c.label) for c in table.columns.values()
        ]
        table.clear(columns=True)
        if team is None:
            self.showing_boards = True
            table.add_columns("Éch.", "Recevant", "Résultat", "Visiteur")
            for b in sheet.boards:
                table.add_row(
                    Text(str(b.number)),
                    Text(b.home.name if b.home else ""),
                    Text(b.result.value if b.result else "…"),
                    Text(b.away.name if b.away else ""),
                    key=str(b.number),
                )
            state = sheet.boards_state
        else:
            table.add_columns("N°", "Joueur", "Elo", "Nat.", "Muté", "Échiquier")
            for r in team.rows:
                table.add_row(
                    Text(str(r.number or "")),  # the N° `cup lineup` takes (issue 49.5)
                    Text(r.name),
                    Text(str(r.rating)),
                    Text(r.nationality),
                    Text("oui" if r.transferred else ""),
                    Text(str(r.board) if r.board else ""),
                    key=str(r.id),
                )
            state = team.state
        if self.showing_boards and not was_boards:
            cursor = 0  # the boards open on board 1, not where the line-up's cursor was
        if table.row_count:
            table.move_cursor(row=min(cursor, table.row_count - 1))
        self.query_one("#match-state", Static).update(
            Text(message + ("\n" if message else "") + state)
        )

    def _gone(self, message: str) -> None:
        """This match no longer exists: the screen closes, the Coupe pane says why."""
        gone = f"le match {self.number} n'existe plus (tour non tiré)."
        self.dismiss()
        self.app.post_message(Say(f"{message} — {gone}" if message else gone.capitalize()))

    def _selected(self) -> int | None:
        table = self.query_one("#match-table", DataTable)
        if not table.row_count:
            return None
        value = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return int(value) if value is not None else None

    def _run(self, operation: Callable[..., object], *args: Any, done: str) -> bool:
        """``operation`` on this match (service, tournament key, match number, then
        ``args``); the sheet repainted with ``done`` or the refusal; whether it was saved."""
        return self._attempt(
            lambda service, _confirm: operation(service, self.key, self.number, *args),
            lambda _value: done,
        )

    def _attempt(
        self,
        call: Callable[[EventService, bool | str], object],
        done: Callable[[object], str],
        confirm: bool | str = False,
    ) -> bool:
        """One operation (on the service it is given: the writer thread has its own)
        through the app's one runner (as the main screen's: a question
        asked « o/n », the other station's lock waited for in the writer thread, a refusal
        in red with the bell); what it says shows on this sheet (``show_status``).
        Whether it was saved now."""
        runner: Any = self.app
        return bool(
            runner.run_operation(
                lambda service, confirm=False: call(service, confirm), done, confirm=confirm
            )
        )

    def show_status(self, text: str, error: bool = False, *, pending: bool = False) -> None:
        """The app's status line, said on the sheet (the main screen's is under it), a
        write waiting for the other station (``pending``) included."""
        if self.is_mounted:
            self.refresh_match(text)

    def action_undo(self) -> None:
        """ctrl+z here as on the main screen: this station's last operation undone."""
        self._attempt(
            lambda service, confirm: service.undo(confirm=bool(confirm)),
            undone,
        )

    def action_keys(self) -> None:
        """`?`: this screen's keys (the app's do not reach it, but ctrl+q)."""
        from .help import HelpScreen, help_text

        reach: list[BindingType] = [
            b for b in self.app.BINDINGS if isinstance(b, Binding) and b.priority
        ]
        self.app.push_screen(HelpScreen(help_text("Match de Coupe", list(self.BINDINGS), reach)))

    def action_switch_team(self) -> None:
        self.side = "away" if self.side == "home" else "home"
        self.showing_boards = False
        self.query_one("#match-table", DataTable).move_cursor(row=0)
        self.refresh_match()

    def action_boards(self) -> None:
        self.showing_boards = not self.showing_boards
        self.query_one("#match-table", DataTable).move_cursor(row=0)
        self.refresh_match()

    def action_add_player(self) -> None:
        pid = self._selected()
        if pid is None or self.showing_boards or pid in self.picked[self.side]:
            return
        self.picked[self.side].append(pid)
        self.refresh_match()

    def action_remove_player(self) -> None:
        if self.picked[self.side]:
            self.picked[self.side].pop()
            self.refresh_match()

    def action_hand_in(self, at: dt.datetime | None = None) -> None:
        ids = list(self.picked[self.side])
        team = self.team_id()
        when = f" à {at:%H:%M}" if at else ""
        self._run(ops.hand_in_lineup, team, ids, at, done=f"composition remise{when} — enregistré")

    def action_hand_in_at(self) -> None:
        """Typed later than handed in: the time it was handed in (the 15-minute rule)."""
        from .clock import now
        from .prompts import TimePrompt

        def at(moment: dt.time) -> None:
            self.action_hand_in(dt.datetime.combine(now().date(), moment))

        self.app.push_screen(
            TimePrompt(
                "Composition remise à (hh:mm) :",
                at,
                now=lambda: now().time().replace(second=0, microsecond=0),
                on_cancel=self.cancelled,
            )
        )

    def action_board(self, value: str) -> None:
        if not self.showing_boards:
            return
        board = self._selected()
        if board is None:
            return
        # as on the Ronde pane: a different result asks first, and the cursor stays on the
        # board (it moved on after each result, so a result typed next landed one board off)
        key, number = self.key, self.number
        self._attempt(
            lambda s, confirm: ops.record_board(s, key, number, board, value, confirm=confirm),
            lambda done: (
                f"échiquier {board} : {value} — "
                + (
                    "inchangé, déjà saisi"
                    if isinstance(done, dict) and done.get("unchanged")
                    else "enregistré"
                )
            ),
        )

    def action_unconfirm(self) -> None:
        """`c`: the procès-verbal's confirmations withdrawn (asked first), to correct a board."""
        from .prompts import ConfirmPrompt

        self.app.push_screen(
            ConfirmPrompt(
                f"Retirer les confirmations du match {self.number} (pour corriger un échiquier) ?",
                lambda: self._run(
                    ops.withdraw_confirmations, done="confirmations retirées — enregistré"
                ),
                on_cancel=self.cancelled,
            )
        )

    def action_report(self) -> None:
        """The result is reported now; after midnight of the match day the team travels next round."""
        from .clock import now as clock_now
        from .prompts import ConfirmPrompt

        now = clock_now().replace(microsecond=0)
        day = self.sheet.match_day or now.date()
        self.app.push_screen(
            ConfirmPrompt(
                f"Résultat transmis à {now:%H:%M}"
                + (
                    ", après minuit : l'équipe se déplacera au tour suivant"
                    if now.date() > day
                    else ""
                )
                + " ?",
                lambda: self._run(ops.report, now, day, done=f"transmis à {now:%H:%M} — noté"),
                on_cancel=self.cancelled,
            )
        )

    def action_confirm(self, who: str) -> None:
        words = who.replace("-", " ")  # « capitaine recevant : confirmé », in words
        self._run(ops.confirm, who, done=f"{words} : confirmé")

    # -- decisions that were on the command line only --------------------------------

    def action_print_sheet(self) -> None:
        """`arbitre print proces-verbal --match N`: the match's sheet, beside the event file."""
        from ...publish.pdf import build

        path = self.service.path
        out = path.with_name(f"{path.stem}-proces-verbal-{self.key}-match-{self.number}.pdf")
        out.write_bytes(build(self.service, "proces-verbal", self.key, self.number))
        self.refresh_match(f"Procès-verbal écrit : {out}")

    def cancelled(self) -> None:
        """Échap on one of this match's questions: said on the sheet."""
        self.refresh_match("Annulé")

    def _ask_team(self, question: str, prompt_for: Callable[[int, str], Prompt[Any]]) -> None:
        """Which team: r the home team, v the away team (named in the question); then
        ``prompt_for`` that team (its id and name) asks the rest of the decision."""
        from .prompts import ChoicePrompt

        def chosen(team: tuple[int, str]) -> None:
            self.app.push_screen(prompt_for(*team))

        sheet = self.sheet
        home = (sheet.home_team_id, sheet.home)
        away = (sheet.away_team_id or 0, sheet.away or "")
        self.app.push_screen(
            ChoicePrompt(
                f"{question} — r {home[1]}, v {away[1]} :",
                [("r", home[1], home), ("v", away[1], away)],
                chosen,
                on_cancel=self.cancelled,
            )
        )

    def action_breach(self) -> None:
        """A composition breach (art. 3.1): the match is lost for that team, with the reason."""
        from .prompts import ConfirmPrompt, TextPrompt

        def reason_for(tid: int, name: str) -> Prompt[Any]:
            def confirm(reason: str) -> None:
                self.app.push_screen(
                    ConfirmPrompt(
                        f"Match perdu pour {name} (irrégularité : {reason}) ?",
                        lambda: self._run(
                            cup_sanctions.breach,
                            tid,
                            reason,
                            done=f"irrégularité : match perdu pour {name}",
                        ),
                        on_cancel=self.cancelled,
                    )
                )

            return TextPrompt(f"Irrégularité de {name}, motif :", confirm, on_cancel=self.cancelled)

        self._ask_team("Irrégularité de composition", reason_for)

    def action_equipment(self) -> None:
        """Equipment missing: board 4, then board 3, lose by administrative forfeit."""
        from .prompts import NumberPrompt

        self._ask_team(
            "Matériel manquant",
            lambda tid, name: NumberPrompt(
                f"Matériel manquant ({name}) : parties perdues, 1 (éch. 4) ou 2 (éch. 4 et 3) :",
                lambda boards: self._run(
                    cup_sanctions.equipment_missing,
                    tid,
                    boards,
                    done=f"forfait administratif de {name} ({boards} partie(s))",
                ),
                valid=lambda n: n in (1, 2),
                unknown="1 ou 2, pas {n}",
                on_cancel=self.cancelled,
            ),
        )

    def action_director(self) -> None:
        """The tournament director decides the winner, with a note."""
        from .prompts import TextPrompt

        self._ask_team(
            "Décision du directeur, vainqueur",
            lambda tid, name: TextPrompt(
                f"Décision du directeur : {name} vainqueur ; note :",
                lambda note: self._run(
                    ops.director_decision,
                    tid,
                    note,
                    done=f"décision du directeur : {name} vainqueur",
                ),
                on_cancel=self.cancelled,
            ),
        )
