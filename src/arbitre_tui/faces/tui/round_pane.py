"""The pane framework and the Ronde pane: all the first screen needs (start-up time).

Each pane reads what the store holds; none invents data.

A pane is filled by ``load`` when it is shown or when the file changed; the app
decides when, so a pane that is not visible costs nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import DataTable, Static
from textual.widgets.data_table import ColumnKey, RowKey

from ...rules.models import Result, System, Tournament
from .french import FrenchTable

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
        # One fixed line: no relayout needed (a relayout costs a frame on a 128-row table).
        title = self.query_one(".pane-title", Static)
        if str(title.content) != text:
            title.update(text, layout=False)

    def load(self, service: EventService, t: Tournament | None) -> None:
        raise NotImplementedError

    def _status(self, text: str, error: bool = False) -> None:
        """Say something on the app's status line (a refusal in red)."""
        setter: Callable[..., object] = self.app.set_status  # type: ignore[attr-defined]
        setter(text, error=error)

    def run_operation(
        self, operation: Callable[..., object], done: str | Callable[[Any], str]
    ) -> bool:
        """Hand the operation to the app, which commits, refreshes and reports."""
        runner: Callable[..., bool] = self.app.run_operation  # type: ignore[attr-defined]
        return runner(operation, done=done)


class BoardTable(FrenchTable[Text]):
    """A DataTable that repaints only the row whose cell changed.

    Textual's DataTable keys every render cache on one update counter, so a single
    result re-renders every visible row (≈ 13 ms a frame for the 128-board round). Here a
    fixed-width cell update drops only that row's cached renders and refreshes its
    region; anything else falls back to the DataTable behaviour.
    """

    def update_cell(
        self,
        row_key: RowKey | str,
        column_key: ColumnKey | str,
        value: Text,
        *,
        update_width: bool = False,
    ) -> None:
        rk = RowKey(row_key) if isinstance(row_key, str) else row_key
        ck = ColumnKey(column_key) if isinstance(column_key, str) else column_key
        if update_width or rk not in self._row_locations or ck not in self._column_locations:
            super().update_cell(rk, ck, value, update_width=update_width)
            return
        self._data[rk][ck] = value
        index = self._row_locations.get(rk)
        for cell_key in [k for k in self._cell_render_cache.keys() if k[0] == rk]:  # noqa: SIM118
            self._cell_render_cache.discard(cell_key)
        for row_key_ in [k for k in self._row_render_cache.keys() if k[0] == rk]:  # noqa: SIM118
            self._row_render_cache.discard(row_key_)
        for part in [k for k in self._row_renderable_cache.keys() if k[1] == index]:  # noqa: SIM118
            self._row_renderable_cache.discard(part)
        for line in list(self._line_cache.keys()):
            try:
                if self._get_offsets(line[0])[0] == rk:
                    self._line_cache.discard(line)
            except LookupError:
                continue
        if index is not None:
            self.refresh_row(index)


class TablePane(Pane):
    """A pane whose body is one table."""

    COLUMNS: ClassVar[tuple[str, ...]] = ()
    WIDTHS: ClassVar[dict[str, int]] = {}  # fixed widths, so an update never relayouts
    EMPTY: ClassVar[str] = ""

    def body(self) -> ComposeResult:
        table: DataTable[Text] = BoardTable(
            cursor_type="row", zebra_stripes=True, id=f"{self.id}-table"
        )
        yield table
        yield Static("", classes="pane-note", id=f"{self.id}-note")

    @property
    def table(self) -> DataTable[Text]:
        return self.query_one(DataTable)

    def note(self, text: str) -> None:
        note = self.query_one(".pane-note", Static)
        if str(note.content) != text:
            note.update(text)

    def fill(self, rows: list[tuple[str, list[Any]]]) -> None:
        """Show rows; when only values changed, update just those cells (no rebuild)."""
        table = self.table
        if not table.columns:
            for col in self.COLUMNS:
                table.add_column(col, key=col, width=self.WIDTHS.get(col))
        keys = [key for key, _ in rows]
        previous: dict[str, list[str]] = getattr(self, "_shown", {})
        columns = [str(c.value) for c in table.columns]
        if keys and keys == list(previous) and all(len(c) == len(columns) for _, c in rows):
            for key, cells in rows:
                for col, value, old in zip(columns, cells, previous[key], strict=True):
                    if str(value) != old:
                        table.update_cell(key, col, _t(value), update_width=col not in self.WIDTHS)
        else:
            cursor = table.cursor_row
            table.clear()
            for key, cells in rows:
                table.add_row(*[_t(c) for c in cells], key=key)
            if rows:
                table.move_cursor(row=min(cursor, len(rows) - 1))
        self._shown = {key: [str(c) for c in cells] for key, cells in rows}
        self.note("" if rows else self.EMPTY)

    def reset_table(self) -> None:
        self._shown = {}

    def selected_key(self) -> str | None:
        table = self.table
        if not table.row_count:
            return None
        value = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return str(value) if value is not None else None


class RoundPane(TablePane):
    """Ronde: the current round's boards; results, forfeits and deciders by keys."""

    TITLE = "Ronde"
    COLUMNS = ("Éch.", "Blancs", "Elo", "Rés.", "Noirs", "Elo ")
    WIDTHS: ClassVar[dict[str, int]] = {"Rés.": 9}
    EMPTY = "Aucune ronde appariée dans ce tournoi."
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("1", "result('1-0')", "1-0", id="white-wins"),
        Binding("equals_sign", "result('=-=')", "½", id="draw"),
        Binding("0", "result('0-1')", "0-1", id="black-wins"),
        Binding("f", "forfeit_menu", "Forfait", id="forfeit"),
        Binding("g", "jump", "Aller à", id="jump"),
        Binding("u", "undo", "Annuler", id="undo-last"),
        Binding("a", "pair", "Apparier", id="pair-round"),
        Binding("x", "close_round", "Clôturer", id="close-round"),
        Binding("P", "publish", "Publier", id="publish"),
        Binding("e", "explain", "Explications", id="explain"),
        Binding("backspace", "clear_result", "Effacer", show=False, id="clear-result"),
    ]
    mode: str | None = None  # "decider", "forfeit", "jump"
    _mode_board = 0
    _buffer = ""
    _tournament: Tournament | None = None

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
        players = {p.id: p for p in service.store.players(t.id)}
        games = service.store.games(rnd.id)
        rows: list[tuple[str, list[Any]]] = []
        for g in games:
            w = players[g.white_id]
            b = players.get(g.black_id) if g.black_id else None
            if g.result is not None:
                shown = g.result.label + (f" ({g.decider.label})" if g.decider else "")
            else:
                shown = g.bye.label if g.bye else "…"
            rows.append(
                (
                    str(g.board),
                    [
                        g.board,
                        w.name,
                        w.rating or "",
                        shown,
                        b.name if b else "—",
                        (b.rating or "") if b else "",
                    ],
                )
            )
        done = sum(1 for g in games if g.result is not None or g.is_bye)
        state = "close" if rnd.closed else f"{done}/{len(games)} résultats"
        stage = f" ({rnd.stage})" if rnd.stage and not rnd.stage.startswith("Ronde") else ""
        tc = f" — {rnd.time_control.label}" if rnd.time_control else ""
        self.set_title(f"Ronde {rnd.number}{stage} — {t.name}{tc} — {state}")
        self.fill(rows)

    def _board(self) -> int | None:
        key = self.selected_key()
        return int(key) if key is not None else None

    def on_key(self, event: events.Key) -> None:
        """While a menu is open, its keys go to it (and nothing else happens)."""
        if self.mode is None:
            return
        event.stop()
        event.prevent_default()
        key = event.character or event.key
        if event.key == "escape":
            self.mode = None
            self._status("Annulé.")
            return
        t = self._tournament
        if t is None:
            return
        board = self._mode_board
        if self.mode == "decider" and key in ("1", "0", "="):
            from ...operations import knockout

            self.mode = None
            value = {"1": "1-0", "0": "0-1", "=": "=-="}[key]
            self.run_operation(
                lambda: knockout.record_decider(self._service, t.key, board, value),
                done=f"Échiquier {board} : départage {Result(value).label} — enregistré",
            )
        elif self.mode == "forfeit" and key in ("b", "n", "d"):
            self.mode = None
            side = {"b": "white", "n": "black", "d": "both"}[key]
            label = {"b": "Blancs absents", "n": "Noirs absents", "d": "double forfait"}[key]
            if t.system is System.SWISS:
                from ...operations import swiss

                self.run_operation(
                    lambda confirm=False: swiss.absent(
                        self._service, t.key, board, side, confirm=confirm
                    ),
                    done=f"Échiquier {board} : {label} (exclu des rondes suivantes sauf "
                    "décision de l'arbitre : arbitre keep) — enregistré",
                )
                return
            self.run_operation(
                lambda confirm=False: self._service.absent(t.key, board, side, confirm=confirm),
                done=f"Échiquier {board} : {label} — enregistré",
            )
        elif self.mode == "jump":
            if key.isdigit():
                self._buffer += key
                self._status(f"Aller à l'échiquier : {self._buffer}_  (Entrée, Échap)")
            elif event.key == "enter":
                self.mode = None
                self._goto(int(self._buffer or 0))

    def _goto(self, board: int) -> None:
        table = self.table
        try:
            table.move_cursor(row=table.get_row_index(str(board)))
            self._status(f"Échiquier {board}")
        except Exception:
            self._status(f"Échiquier {board} inconnu.")

    def action_jump(self) -> None:
        self.mode, self._buffer = "jump", ""
        self._status("Aller à l'échiquier : _  (tapez le numéro puis Entrée ; Échap annule)")

    def action_forfeit_menu(self) -> None:
        board = self._board()
        if board is None:
            return
        self.mode, self._mode_board = "forfeit", board
        self._status(
            f"Forfait échiquier {board} : b Blancs absents, n Noirs absents, d les deux ; Échap"
        )

    def action_result(self, value: str) -> None:
        board = self._board()
        t = self._tournament
        if board is None or t is None:
            return
        key = t.key
        ok = self.run_operation(
            lambda confirm=False: self._service.record_result(
                key, board, Result(value), confirm=confirm
            ),
            done=f"Échiquier {board} : {Result(value).label} — enregistré",
        )
        needs_decider = (
            t.system is System.KNOCKOUT
            and value == "=-="
            and t.settings.get("decider", "armageddon") != "rating"
        )
        if ok and needs_decider:
            self.mode, self._mode_board = "decider", board
            rule = t.settings.get("decider", "armageddon")
            extra = " (= qualifie les Noirs)" if rule == "armageddon" else ""
            self._status(
                f"Nulle enregistrée. Départage échiquier {board} : 1, 0 ou ={extra} ; Échap plus tard"
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

    def action_undo(self) -> None:
        self.run_operation(
            lambda confirm=False: self._service.undo(confirm=confirm),
            done=lambda u: f"Annulé : {u}",
        )

    def action_pair(self) -> None:
        """Pair the next round (Dutch system, Berger tables or the knockout bracket)."""
        t = self._tournament
        if t is None:
            return
        rounds = self._service.store.rounds(t.id or 0)
        number = len(rounds) + 1
        self.app.run_in_background(  # type: ignore[attr-defined]
            lambda service: service.pair_round(t.key),
            done=f"Ronde {number} appariée"
            + (" — e : explications, P : publier" if t.system is System.SWISS else ""),
            busy=f"appariement de la ronde {number}",
        )

    def action_close_round(self) -> None:
        t = self._tournament
        if t is None:
            return
        self.run_operation(
            lambda: self._service.close_round(t.key), done="Ronde close, sauvegarde faite"
        )

    def action_publish(self) -> None:
        t = self._tournament
        if t is None or t.system is not System.SWISS:
            return
        from ...operations import swiss

        warning: list[str | None] = [None]

        def publish() -> None:
            warning[0] = swiss.publish(self._service, t.key)

        if self.run_operation(publish, done="Appariements publiés") and warning[0]:
            self._status(f"Publiés. Attention : {warning[0]}", error=True)

    def action_explain(self) -> None:
        """Floaters, colour rules and unmet criteria of the round, in the note line."""
        t = self._tournament
        if t is None:
            return
        from ...rules.swiss.explain import CRITERIA, RULES

        rnd = self._service.current_round(t)
        record = self._service.store.pairing_record(t.id or 0, rnd.number if rnd else 0)
        if record is None:
            self._status("Pas d'explications pour cette ronde (système suisse seulement).")
            return
        down = sum(f["direction"] == "down" for f in record["floaters"])
        rules: dict[str, int] = {}
        for c in record["colours"]:
            rules[c["rule"]] = rules.get(c["rule"], 0) + 1
        parts = [f"{down} flotteur(s) descendant(s)"]
        parts += [f"{k} ×{v} ({RULES[k]})" for k, v in sorted(rules.items())]
        parts += [f"{CRITERIA[k]} : {v}" for k, v in record["unmet"].items()]
        opinion = record.get("second_opinion")
        if opinion:
            parts.append(
                "second avis : "
                + (opinion.get("error") or ("identique" if opinion["identical"] else "DIFFÉRENT"))
            )
        self.note(" ; ".join(parts))
        self._status("Explications en bas du tableau (arbitre explain pour le détail).")
