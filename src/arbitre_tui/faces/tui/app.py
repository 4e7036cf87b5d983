"""The full-screen app: header, one pane at a time, status line, footer of keys."""

from __future__ import annotations

from collections import deque
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.driver import Driver
from textual.screen import Screen
from textual.widgets import ContentSwitcher, DataTable, Static

from ...operations import EventService
from ...rules.models import StoredTournament
from ...views.reader import Reader
from . import round_watch
from .footer import KeysFooter
from .french import KEY_NAMES, MainScreen, key_name
from .messages import undone
from .pane_bar import PaneBar
from .panes import PANE_IDS, REGISTRY, PaneSpec, pane_class, spec, used_by
from .panes.base import Pane
from .panes.ronde import RoundPane
from .running import RunsOperations
from .themes import DEFAULT, load_themes
from .title_bar import CLOCK_WIDTH, ICON_WIDTH, TitleBar

if TYPE_CHECKING:  # prompts and the writer are imported when first needed (start-up)
    from .prompts import Prompt
    from .writer import Writer

# (pane id, key, footer label), from the one registry. Only the Ronde pane is imported
# at start-up; the others when first shown.
PANE_KEYS: list[tuple[str, str, str]] = [(p.id, p.key, p.label) for p in REGISTRY]


POLL_SECONDS = 0.5
HEADER_SIDES = ICON_WIDTH + CLOCK_WIDTH  # the header's icon and clock, with their margins


def _pane_bindings() -> list[BindingType]:
    return [
        Binding(key, f"show('{pane_id}')", label, id=f"pane-{pane_id}")
        for pane_id, key, label in PANE_KEYS
    ]


class ArbitreApp(RunsOperations):
    """One event file, several sections, panes switched by one key each."""

    CSS_PATH = Path(__file__).with_name("app.tcss")
    TITLE = "arbitre"
    ENABLE_COMMAND_PALETTE = False  # the app's own (palette.py), bound to ctrl+p below
    BINDINGS: ClassVar[list[BindingType]] = [
        *_pane_bindings(),
        # Tab: a key no prompt answers (« n » is « non » in every o/n question, issue 29)
        Binding("tab", "next_tournament", "Section suivante", id="next-tournament"),
        Binding(
            "shift+tab",
            "previous_tournament",
            "Section précédente",
            show=False,
            id="previous-tournament",
        ),
        Binding("ctrl+z", "undo", "Annuler", id="undo"),
        Binding("t", "next_theme", "Thème", id="theme"),
        Binding("question_mark", "toggle_keys", "Touches", show=False, id="keys"),  # KeysFooter
        Binding("ctrl+p", "command_palette", "Toutes les opérations", show=False, id="palette"),
        Binding("comma", "settings", "Réglages", show=False, id="settings"),
        Binding("E", "event", "Événement", show=False, id="event"),
        Binding("J", "journal", "Journal", show=False, id="journal"),
        Binding("ctrl+q", "quit", "Quitter", id="quit", priority=True),
    ]

    def __init__(
        self,
        path: str | Path,
        *,
        theme_name: str | None = None,
        tournament: str | None = None,
        service: EventService | None = None,
        freeze_start: bool = False,
    ) -> None:
        super().__init__()
        self._freeze_start = freeze_start
        if freeze_start:
            # `arbitre open`: no collection until the first paint (_freeze_objects). Start-up
            # only allocates what the app keeps, and each collection on the way walked every
            # object imported so far: ≈ 15 ms of the first paint on this machine.
            import gc

            gc.disable()
        # not waiting for the lock: a write the other station holds up goes to the
        # writer thread (StoreBusy) instead of freezing the keys
        self.service = service or EventService(path, wait=False)
        self.reader = Reader(self.service)  # every read of the file, never the store itself
        self._themes = load_themes()
        for theme in self._themes:
            self.register_theme(theme)
        self.theme = theme_name or DEFAULT
        self._tournaments = self.reader.tournaments()
        self._index = 0
        if tournament:
            keys = [t.key for t in self._tournaments]
            if tournament in keys:
                self._index = keys.index(tournament)
        self._data_version = self.reader.data_version()
        self._rounds = round_watch.marks(self.reader)  # what the status line is about
        self._stale: set[str] = set()
        self.web_server: Any = None  # the results server, started from the QR pane
        self.busy: str | None = None  # what runs in the background (writes wait for it)
        self._operations_posted = 0  # RunOperation messages posted, not yet handled
        self._backlog: deque[events.Key] = deque()  # keys typed meanwhile, in order
        self._writer: Writer | None = None  # operations that found the file busy
        # the writer's questions, each waiting for the prompt on screen to close
        self._questions: deque[Prompt[Any]] = deque()

    def get_driver_class(self) -> type[Driver]:
        """Textual's driver for this terminal; on Linux and macOS, one that reads « Échap »
        then a key typed together as those two keys (terminal.py)."""
        driver = super().get_driver_class()
        if driver.__name__ != "LinuxDriver":  # Windows: no termios to import
            return driver
        from .terminal import KeysDriver

        return KeysDriver

    def get_key_display(self, binding: Binding) -> str:
        """The footer names keys as the list of keys and the palette do (« espace »,
        « Échap », « ctrl+q »), not in Textual's words (« space », « esc », « ^q »: the
        footer said « ctrl+f Chercher ^q Quitter »)."""
        if binding.key_display is None and binding.key in KEY_NAMES:
            return key_name(binding.key)
        if binding.key_display is None and binding.key.startswith("ctrl+"):
            return binding.key
        return super().get_key_display(binding)

    def get_default_screen(self) -> Screen[None]:
        return MainScreen(id="_default")  # Textual's keys, in French

    def _handle_exception(self, error: Exception) -> None:
        """The last guard, as the command line's: an error nobody foresaw ends the app
        (Textual stops the handler that raised) with one French sentence, never a
        traceback; the detail goes to a file whose path the sentence gives. Each
        operation is one transaction: it is in the file whole, or not at all."""
        from rich.console import Group

        from ..crash import crash_log

        try:
            where = str(crash_log(error))
        except OSError:
            where = "(impossible d'écrire le journal d'erreurs)"
        self._return_code = 1
        if self._exception is not None:
            return  # one sentence, for the first (Textual would add an English note)
        self._exception = error  # a test run still re-raises it
        self._exception_event.set()
        self.panic(
            Group(
                Text(
                    f"Erreur inattendue ({type(error).__name__}) : l'application s'est "
                    "arrêtée. Chaque opération est enregistrée entière ou pas du tout : "
                    "rouvrez le fichier pour voir où en est la dernière. Le détail est dans "
                    "ce fichier, à joindre à votre signalement :"
                ),
                Text(where, overflow="fold"),  # ~/.local/state/…: one line at 80 columns
            )
        )

    def on_unmount(self) -> None:
        if self.web_server is not None:
            self.web_server.stop()
        if self._writer is not None:
            self._writer.stop()

    # -- layout ---------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield TitleBar("♞")
        yield PaneBar()
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
        if not self._tournaments:  # a new empty event: its screen, to add a section
            self.action_event()
        if self._freeze_start:
            self.call_after_refresh(self._freeze_objects)
        self.call_after_refresh(self._warm_after_paint)

    def _warm_after_paint(self) -> None:
        self.run_worker(self._warm, thread=True, group="warm", exit_on_error=False)

    def _warm(self) -> None:
        """Off the UI thread, after the first paint: the settings' model (pydantic, ≈ 55 ms
        to import and build) loaded before the first key that reads a setting needs it.
        The first paint reads none; the first result or forfeit typed would otherwise pay.
        A read takes the stored values without the model (rules/settings/values.py): the
        model's own read is made here, so that a setting changed, or a value only the
        model reads, finds it built."""
        from ...rules.settings import model

        for t in list(self._tournaments):
            model.section_settings(t)

    def _freeze_objects(self) -> None:
        """After the first paint: the garbage of start-up collected once, then the objects
        built at start-up (Textual, the widgets, the players) out of the collector's sight,
        and collection back on (it was off since the app was built). A full collection
        walked them all, a 36 ms pause every ≈ 50 keys on the 128-board round; now ≈ 5 ms.
        The process is an app that lives for the event, so the few kept objects cost
        nothing; the tests (many apps in one process) leave it off."""
        import gc

        gc.collect()
        gc.freeze()
        gc.enable()

    @property
    def tournament(self) -> StoredTournament | None:
        return self._tournaments[self._index] if self._tournaments else None

    @property
    def current_pane_id(self) -> str:
        return self.query_one(ContentSwitcher).current or "ronde"

    def _panes_used(self) -> tuple[PaneSpec, ...]:
        """The panes the current section uses (its format says which)."""
        from ...operations.formats import format_of

        t = self.tournament
        return used_by(format_of(t) if t is not None else None)

    def _update_bar(self) -> None:
        t = self.tournament
        used = self._panes_used()
        self.query_one(PaneBar).show_state(
            self.current_pane_id, t.name if t else "aucun tournoi", used
        )
        self.query_one(KeysFooter).hide(self._unused_pane_keys(used))

    def _unused_pane_keys(self, used: tuple[PaneSpec, ...] | None = None) -> frozenset[str]:
        """The ids of the pane keys the section on screen has no pane for (a Swiss has no
        Tableau): listed neither in the footer nor in the help, as the pane bar omits them."""
        used = self._panes_used() if used is None else used
        return frozenset(f"pane-{p.id}" for p in REGISTRY if p not in used)

    def format_title(self, title: str, sub_title: str) -> Content:
        """The header: « event — section — ronde 3/9 », or the section and its round alone
        when the three do not fit (a long section name at 80 columns cut the round off)."""
        room = (self.size.width or 80) - HEADER_SIDES
        if sub_title and len(title) + len(" — ") + len(sub_title) > room:
            return Content(sub_title)
        return super().format_title(title, sub_title)

    def on_resize(self, _event: events.Resize) -> None:
        """The header's title laid out again for the new width (its long or short form)."""
        self.mutate_reactive(App.sub_title)

    def _update_header(self) -> None:
        ev = self.reader.event()
        self.title = ev["name"]
        t = self.tournament
        if t is None:
            self.sub_title = "aucun tournoi"
            return
        from ...operations.formats import format_of
        from ...views.event import round_reached

        reached = round_reached(self.reader, t)
        if format_of(t).by_teams:  # a cup plays tours, drawn one by one
            drawn = f"tour {reached}/{t.rounds_planned}" if reached else "aucun tour tiré"
            self.sub_title = f"{t.name} — {drawn}"
        else:
            self.sub_title = f"{t.name} — ronde {reached}/{t.rounds_planned}"
        self._update_bar()

    def _load(self, pane_id: str) -> None:
        pane = self.query_one(f"#{pane_id}", Pane)
        pane.load(self.service, self.tournament)
        self._stale.discard(pane_id)

    def _refresh_all(self) -> None:
        """Something changed: reload the visible pane now, the others when shown."""
        self._tournaments = self.reader.tournaments()
        self._index = min(self._index, max(len(self._tournaments) - 1, 0))
        self._update_header()
        self._stale = set(PANE_IDS)
        self._load(self.current_pane_id)

    # -- timers ---------------------------------------------------------------

    def _poll(self) -> None:
        """Another terminal committed? (PRAGMA data_version changes on others' commits.)
        Not once the app is closing: its timers still fire while the screens are taken
        down, and the panes they would read are gone (NoMatches, the crash guard)."""
        if not self.is_running:
            return
        version = self.reader.data_version()
        if version != self._data_version:
            self._data_version = version
            self._refresh_all()
            rounds, before = round_watch.marks(self.reader), self._rounds
            self._rounds = rounds
            t = self.tournament
            if said := round_watch.changed(before, rounds, t.key if t else None):
                self.set_status(said)  # not the stale message about the round before
            for screen in self.screen_stack:  # an open cup match sheet follows too
                follow = getattr(screen, "follow", None)
                if follow is not None:
                    follow()

    def _tick(self) -> None:
        """Every second: the Cadence pane's clocks (not once the app is closing: _poll)."""
        if self.is_running and self.current_pane_id == "cadence":
            self.query_one("#cadence", Pane).tick()

    # -- actions --------------------------------------------------------------

    async def action_show(self, pane_id: str) -> None:
        if all(s.id != pane_id for s in self._panes_used()):
            from ...operations.formats import format_of

            t = self.tournament
            assert t is not None  # with no section, every pane is used
            label = spec(pane_id).label
            self.set_status(
                f"Pas de volet {label} en {t.name} ({format_of(t).label}) ; Tab : section suivante.",
                error=True,
            )
            return
        switcher = self.query_one(ContentSwitcher)
        if not switcher.query(f"#{pane_id}"):
            await switcher.mount(pane_class(pane_id)(id=pane_id))
            self._stale.add(pane_id)
        switcher.current = pane_id
        self._update_bar()
        if pane_id in self._stale:
            self._load(pane_id)
        pane = self.query_one(f"#{pane_id}", Pane)
        tables = pane.query("DataTable")
        # now, not after the next keys (Widget.focus waits for the message queue): the
        # key typed right after the pane's key must reach this pane (« iww »)
        self.screen.set_focus(tables.first() if tables else pane)

    def action_toggle_keys(self) -> None:
        """Every key of the pane and of the app, in a list that scrolls (`?`)."""
        from .help import HelpScreen, help_text

        pane = self.query_one(f"#{self.current_pane_id}", Pane)
        unused = self._unused_pane_keys()
        app_keys = [b for b in self.BINDINGS if not isinstance(b, Binding) or b.id not in unused]
        self.push_screen(
            HelpScreen(help_text(f"Volet {pane.TITLE}", list(type(pane).BINDINGS), app_keys))
        )

    def action_command_palette(self) -> None:
        """Toutes les opérations (`ctrl+p`): every command by its French name."""
        from .commands import COMMANDS
        from .palette import Palette

        self.push_screen(Palette(COMMANDS, lambda command: command.run(self)))

    def action_settings(self) -> None:
        """Every setting of the tournament, changed with Entrée (`,` or the palette)."""
        if self.tournament is None:
            return
        from .settings_screen import SettingsScreen

        self.push_screen(SettingsScreen(self.tournament.key))

    def action_event(self) -> None:
        """L'événement (`E` or the palette): its fields and its sections, changed here."""
        from .event_screen import EventScreen

        if not isinstance(self.screen, EventScreen):
            self.push_screen(EventScreen())

    def action_journal(self) -> None:
        """Le journal des opérations (`J` or the palette): who did what, in French."""
        from .journal_screen import JournalScreen

        if not isinstance(self.screen, JournalScreen):
            self.push_screen(JournalScreen(self.reader))

    def action_next_tournament(self, step: int = 1) -> None:
        if not self._tournaments:
            return
        self._index = (self._index + step) % len(self._tournaments)
        if all(s.id != self.current_pane_id for s in self._panes_used()):
            switcher = self.query_one(ContentSwitcher)  # this section has no such pane
            switcher.current = "ronde"
            self.screen.set_focus(self.query_one("#ronde", Pane).query(DataTable).first())
        self._refresh_all()
        for table in self.query_one(f"#{self.current_pane_id}", Pane).query(DataTable):
            table.move_cursor(row=0, scroll=True)  # another section starts at its top
        self.set_status(f"Tournoi : {self._tournaments[self._index].name}")

    def action_previous_tournament(self) -> None:
        self.action_next_tournament(-1)

    def action_next_theme(self) -> None:
        names = [t.name for t in self._themes]
        current = names.index(self.theme) if self.theme in names else -1
        self.theme = names[(current + 1) % len(names)]
        self.set_status(f"Thème : {self.theme}")

    def action_undo(self) -> None:
        """Undo this station's last operation, saying what it was (« Annulé : … »)."""
        self.run_operation(lambda s, confirm=False: s.undo(confirm=confirm), done=undone)
