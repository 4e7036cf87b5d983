"""The full-screen app: header, one pane at a time, status line, footer of keys."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import ContentSwitcher, Header, Static

from ...operations import EventService, NeedsConfirmation, OperationError
from ...rules.models import Tournament
from .footer import KeysFooter
from .french import MainScreen
from .round_pane import Pane, RoundPane
from .themes import DEFAULT, load_themes

# (pane id, key, footer label). Only the Ronde pane is imported at start-up; the others
# come from panes.py when first shown.
PANE_KEYS: list[tuple[str, str, str]] = [
    ("ronde", "r", "Ronde"),
    ("cadence", "c", "Cadence"),
    ("incidents", "i", "Incidents"),
    ("repechage", "p", "Repêchage"),
    ("coupe", "k", "Coupe"),
    ("classement", "s", "Classement"),
    ("joueurs", "j", "Joueurs"),
    ("qr", "q", "QR"),
    ("tableau", "b", "Tableau"),
]
PANE_IDS = [pane_id for pane_id, _key, _label in PANE_KEYS]


def pane_class(pane_id: str) -> type[Pane]:
    if pane_id == "ronde":
        return RoundPane
    from .panes import PANES

    return next(cls for pid, _key, cls in PANES if pid == pane_id)


POLL_SECONDS = 0.5


def _pane_bindings() -> list[BindingType]:
    return [
        Binding(key, f"show('{pane_id}')", label, id=f"pane-{pane_id}")
        for pane_id, key, label in PANE_KEYS
    ]


class ArbitreApp(App[int]):
    """One event file, several sections, panes switched by one key each."""

    CSS_PATH = Path(__file__).with_name("app.tcss")
    TITLE = "arbitre"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        *_pane_bindings(),
        Binding("n", "next_tournament", "Tournoi+", id="next-tournament"),
        Binding("ctrl+z", "undo", "Annuler", id="undo"),
        Binding("t", "next_theme", "Thème", id="theme"),
        Binding("question_mark", "toggle_keys", "Touches", show=False, id="keys"),  # KeysFooter
        Binding("ctrl+q", "quit", "Quitter", id="quit", priority=True),
    ]

    def __init__(
        self,
        path: str | Path,
        *,
        theme_name: str | None = None,
        tournament: str | None = None,
        service: EventService | None = None,
    ) -> None:
        super().__init__()
        self.service = service or EventService(path)
        self._themes = load_themes()
        for theme in self._themes:
            self.register_theme(theme)
        self.theme = theme_name or DEFAULT
        self._tournaments = self.service.store.tournaments()
        self._index = 0
        if tournament:
            keys = [t.key for t in self._tournaments]
            if tournament in keys:
                self._index = keys.index(tournament)
        self._data_version = self.service.store.data_version()
        self._stale: set[str] = set()
        self.web_server: Any = None  # the results server, started from the QR pane
        self.busy: str | None = None  # what runs in the background (writes wait for it)

    def get_default_screen(self) -> Screen[None]:
        return MainScreen(id="_default")  # Textual's keys, in French

    def on_unmount(self) -> None:
        if self.web_server is not None:
            self.web_server.stop()

    # -- layout ---------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header(show_clock=True, icon="♞")
        # Only the first pane is built now; the others when first shown (start-up time).
        with ContentSwitcher(initial="ronde", id="panes"):
            yield RoundPane(id="ronde")
        yield Static("", id="status")
        yield KeysFooter()

    def on_mount(self) -> None:
        self._update_header()
        self._load(self.current_pane_id)
        self._stale = set(PANE_IDS) - {self.current_pane_id}
        self.set_interval(POLL_SECONDS, self._poll)
        self.set_interval(1.0, self._tick)

    @property
    def tournament(self) -> Tournament | None:
        return self._tournaments[self._index] if self._tournaments else None

    @property
    def current_pane_id(self) -> str:
        return self.query_one(ContentSwitcher).current or "ronde"

    def _update_header(self) -> None:
        ev = self.service.store.event()
        self.title = ev["name"]
        t = self.tournament
        if t is None:
            self.sub_title = "aucun tournoi"
            return
        rnd = self.service.current_round(t)
        where = f"ronde {rnd.number}/{t.rounds_planned}" if rnd else f"0/{t.rounds_planned} ronde"
        self.sub_title = f"{t.name} — {where}"

    def _load(self, pane_id: str) -> None:
        pane = self.query_one(f"#{pane_id}", Pane)
        pane.load(self.service, self.tournament)
        self._stale.discard(pane_id)

    def _refresh_all(self) -> None:
        """Something changed: reload the visible pane now, the others when shown."""
        self._tournaments = self.service.store.tournaments()
        self._index = min(self._index, max(len(self._tournaments) - 1, 0))
        self._update_header()
        self._stale = set(PANE_IDS)
        self._load(self.current_pane_id)

    # -- timers ---------------------------------------------------------------

    def _poll(self) -> None:
        """Another terminal committed? (PRAGMA data_version changes on others' commits.)"""
        version = self.service.store.data_version()
        if version != self._data_version:
            self._data_version = version
            self._refresh_all()

    def _tick(self) -> None:
        if self.current_pane_id == "cadence":
            from .panes import CadencePane

            self.query_one(CadencePane).tick()

    # -- actions --------------------------------------------------------------

    async def action_show(self, pane_id: str) -> None:
        switcher = self.query_one(ContentSwitcher)
        if not switcher.query(f"#{pane_id}"):
            await switcher.mount(pane_class(pane_id)(id=pane_id))
            self._stale.add(pane_id)
        switcher.current = pane_id
        if pane_id in self._stale:
            self._load(pane_id)
        pane = self.query_one(f"#{pane_id}", Pane)
        tables = pane.query("DataTable")
        (tables.first() if tables else pane).focus()

    def action_toggle_keys(self) -> None:
        """Every key of the app and of the pane, for when the footer is too narrow."""
        if self.screen.query("HelpPanel"):
            self.action_hide_help_panel()
        else:
            self.action_show_help_panel()

    def action_next_tournament(self) -> None:
        if not self._tournaments:
            return
        self._index = (self._index + 1) % len(self._tournaments)
        self._refresh_all()
        self.set_status(f"Tournoi : {self._tournaments[self._index].name}")

    def action_next_theme(self) -> None:
        names = [t.name for t in self._themes]
        current = names.index(self.theme) if self.theme in names else -1
        self.theme = names[(current + 1) % len(names)]
        self.set_status(f"Thème : {self.theme}")

    def action_undo(self) -> None:
        """Undo this station's last operation, saying what it was."""
        self.run_operation(
            lambda confirm=False: self.service.undo(confirm=confirm), done=lambda u: f"Annulé : {u}"
        )

    def set_status(self, text: str, error: bool = False) -> None:
        status = self.query_one("#status", Static)
        status.set_class(error, "error")
        # ordinary messages: one fixed line, no layout pass (result entry stays fast);
        # a refusal may take up to four lines so its reason is never cut
        status.update(text, layout=error)

    def refuse(self, message: str) -> None:
        """Say why nothing was done, in red, with the bell."""
        self.set_status(f"Refusé : {message}", error=True)
        self.bell()

    def refused_while_busy(self) -> bool:
        """A write asked while a background operation runs is refused (it reads first)."""
        if self.busy is None:
            return False
        self.refuse(f"{self.busy} en cours, un instant.")
        return True

    def run_operation(
        self, operation: Callable[..., Any], done: str | Callable[[Any], str]
    ) -> bool:
        """Run one operation; say "done" only after its commit returned.

        An operation that asks first (NeedsConfirmation) gets the question in a modal
        prompt; « o » runs it again with ``confirm=True``, anything else cancels.
        """
        if self.refused_while_busy():
            return False
        return self._run(operation, done, confirm=False)

    def _run(
        self,
        operation: Callable[..., Any],
        done: str | Callable[[Any], str],
        confirm: bool | str,
    ) -> bool:
        try:
            value = operation(confirm=confirm) if confirm else operation()
        except NeedsConfirmation as exc:
            from .confirm import ConfirmScreen

            answer = exc.answer()

            def answered(yes: bool | None) -> None:
                if yes:
                    self._run(operation, done, confirm=answer)
                else:
                    self.set_status("Annulé : rien n'a été modifié.")

            self.set_status(exc.message)
            self.push_screen(ConfirmScreen(exc.message), answered)
            return False
        except OperationError as exc:
            self.refuse(exc.message)
            return False
        self.operation_done(done(value) if callable(done) else done)
        return True

    def run_in_background(
        self, operation: Callable[[EventService], Any], done: str, busy: str
    ) -> None:
        """Run a long operation (a pairing) off the UI thread; keys keep working.

        It gets its own connection to the file (SQLite connections stay on their
        thread) and is one transaction as always; "done" shows after its commit.
        Other writes are refused meanwhile: the operation read the state it commits on.
        """
        if self.refused_while_busy():
            return
        self.busy = busy
        self.set_status(f"{busy[:1].upper()}{busy[1:]} en cours…")
        self.run_worker(lambda: self._background(operation, done), thread=True, group="background")

    def _background(self, operation: Callable[[EventService], Any], done: str) -> None:
        service = EventService(self.service.path, check=False)
        try:
            operation(service)
        except OperationError as exc:
            self.call_from_thread(self._background_refused, exc.message)
            return
        finally:
            service.close()
        self.call_from_thread(self._background_done, done)

    def _background_refused(self, message: str) -> None:
        self.busy = None
        self.refuse(message)

    def _background_done(self, done: str) -> None:
        self.busy = None
        self.operation_done(done)

    def operation_done(self, done: str) -> None:
        """After a commit returned: refresh what shows, then say it is saved."""
        self._data_version = self.service.store.data_version()
        self._refresh_all()
        self.set_status(f"✓ {done}")
