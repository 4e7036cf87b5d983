"""The full-screen app: header, one pane at a time, status line, footer of keys."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.await_complete import AwaitComplete
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.driver import Driver
from textual.message import Message
from textual.screen import Screen
from textual.widgets import ContentSwitcher, DataTable, Static

from ...operations import EventService, NeedsConfirmation, OperationError, StoreBusy
from ...rules.models import StoredTournament
from ...views.reader import Reader
from . import round_watch
from .footer import KeysFooter
from .french import KEY_NAMES, MainScreen, key_name
from .messages import Done, Operation, Refused, RunInBackground, RunOperation, Say, undone
from .pane_bar import PaneBar
from .panes import PANE_IDS, REGISTRY, PaneSpec, pane_class, spec, used_by
from .panes.base import Pane
from .panes.ronde import RoundPane
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


# Textual reads « Échap » followed at once by a digit, - or = as the characters some macOS
# terminals send for Option+key (« \x1b0 » → « º »); here they are the two keys typed.
_ESCAPE_THEN = {
    "¡": "1", "™": "2", "£": "3", "¢": "4", "∞": "5", "§": "6", "¶": "7", "•": "8",
    "ª": "9", "º": "0", "–": "-", "≠": "=",
}  # fmt: skip
_KEY_NAMES = {"-": "minus", "=": "equals_sign"}


def split_alt(event: events.Key) -> list[events.Key]:
    """« Échap » then a key in one read is what the terminal calls alt+key (« \x1bg »):
    typed fast over SSH — close a prompt, then record a result — it is two keys. Nothing
    here is bound to alt, so it is given back as the two keys typed, in order."""
    escape = events.Key("escape", "\x1b")
    typed = _ESCAPE_THEN.get(event.character or "")
    if typed is not None and event.key == event.character:
        return [escape, events.Key(_KEY_NAMES.get(typed, typed), typed)]
    if not event.key.startswith("alt+") or not event.character:
        return [event]
    rest = event.key.removeprefix("alt+")
    key = event.character if rest.startswith("shift+") else rest
    return [escape, events.Key(key, event.character)]


class ArbitreApp(App[int]):
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

    # -- keys, in the order typed ---------------------------------------------

    def routes_keys(self) -> bool:
        """Screens whose keys the app routes itself, strictly in order (not the palette).

        Textual forwards a key to the focused widget and runs its binding once the key
        has bubbled back up to the app, while the keys after it are already forwarded:
        a key that opens a prompt could be overtaken by the next ones (« g12⏎0 »
        recorded 1-0 on board 1). Here each key's binding runs when it is read, and the
        next key only after it; a prompt on top takes every key itself.
        """
        return isinstance(self.screen, MainScreen) or getattr(self.screen, "ROUTE_KEYS", False)

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded:
            if not self.screen_stack:
                return  # the app is closing: no screen reads keys any more
            if not self.screen.is_mounted or (self._backlog and not self.routes_keys()):
                # a screen opened by a key of the same burst has not run its on_mount
                # yet: its keys wait for it, in order (« 1 , Échap ↓ » closed the
                # settings before they were built: NoMatches, issue 53.1)
                self._backlog.append(event)
                self._drain_soon()
                return
            if self.routes_keys():
                self.app_focus = True
                first, *rest = split_alt(event)
                if self._operations_posted or self._backlog:
                    self._backlog.append(first)  # after the operation a key before it asked for
                else:
                    await self._route_key(first)
                if rest:
                    # after the screen « Échap » closed has given the focus back (next
                    # refresh); keys arriving meanwhile queue behind it, in order
                    self._backlog.extend(rest)
                    self.call_after_refresh(self._drain_backlog)
                return
        await super().on_event(event)

    async def _route_key(self, event: events.Key) -> None:
        if await self._check_bindings(event.key, priority=True):
            return
        screen = self.screen
        take_key = getattr(screen, "take_key", None)  # a prompt takes every key itself
        if take_key is not None:
            then = take_key(event)
            if then is not None:  # the palette's command: run before the next key is read
                await then
        elif not (self.routes_keys() and await self._check_bindings(event.key)):
            (self.focused or screen)._forward_event(event)

    async def _on_key(self, event: events.Key) -> None:
        """A routed key with no binding came back up: its bindings were tried when read."""
        if self.routes_keys():
            event.prevent_default()

    def post_message(self, message: Message) -> bool:
        if isinstance(message, RunOperation):
            self._operations_posted += 1  # keys typed from now on wait for it
        return super().post_message(message)

    def _drain_soon(self) -> None:
        """Read the waiting keys in a moment: a timer, which fires whether or not the
        screen repaints (an idle terminal may not refresh: call_after_refresh waited)."""
        self.set_timer(0.01, self._drain_backlog, name="touches en attente")

    async def _drain_backlog(self) -> None:
        """Keys typed while an operation was pending: now, in order."""
        while self._backlog and not self._operations_posted:
            if not self.screen_stack:  # the app is closing
                self._backlog.clear()
                return
            if not self.screen.is_mounted:  # a screen a key just opened: its keys wait
                self._drain_soon()
                return
            event = self._backlog.popleft()
            if not self.routes_keys():
                await super().on_event(event)
                continue
            first, *rest = split_alt(event)
            await self._route_key(first)
            if rest:  # after the focus « Échap » gives back (next refresh), as typed
                self._backlog.extendleft(reversed(rest))
                self.call_after_refresh(self._drain_backlog)
                return
        self._offer_question()  # a question that waited for these keys

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

    # -- what panes ask -------------------------------------------------------

    async def on_run_operation(self, message: RunOperation) -> None:
        try:
            self.run_operation(message.operation, message.done, then=message.then)
        finally:
            self._operations_posted -= 1
            await self._drain_backlog()

    def on_run_in_background(self, message: RunInBackground) -> None:
        self.run_in_background(message.operation, message.done, message.busy)

    def on_refused(self, message: Refused) -> None:
        self.refuse(message.reason)

    def on_say(self, message: Say) -> None:
        self.set_status(message.text, error=message.error)

    def ask(self, prompt: Prompt[Any]) -> None:
        """Open a prompt now: the next key typed goes to it."""
        self.push_screen(prompt)

    def ask_when_free(self, prompt: Prompt[Any]) -> None:
        """A question that comes later than the key that asked it (from the writer
        thread): opened now if no prompt, form or palette is on screen, else once it is
        closed and the keys already typed for it are read. Opened on top of the jump
        prompt, it took the Entrée meant for the jump (« Entrée ne répond pas à la
        question ») and left « Aller à l'échiquier : 3_ » open (issue 29.8)."""
        self._questions.append(prompt)
        self._offer_question()

    def _offer_question(self) -> None:
        from .prompts import KeysScreen

        if (
            not self._questions
            or isinstance(self.screen, KeysScreen)  # keys are being typed into it
            or self._backlog
            or self._operations_posted
        ):
            return
        self.push_screen(self._questions.popleft())

    def pop_screen(self) -> AwaitComplete:
        """A screen closed: a waiting question comes after the keys already typed (the
        ones read with the key that closed it are in the queue before this call)."""
        closing = super().pop_screen()
        if self._questions:
            self.call_later(self._offer_question)
        return closing

    def set_status(self, text: str, error: bool = False, *, pending: bool = False) -> None:
        """The status line, and every screen over it that says it too. ``pending``: a
        write held up by the other station, which a prompt opened meanwhile shows."""
        status = self.query_one("#status", Static)
        # ordinary messages: one fixed line, no layout pass (result entry stays fast);
        # a refusal, or a message longer than the line, takes what it needs (up to four
        # lines) so its end — « enregistré », the reason — is never cut
        long = Text(text).cell_len > (status.size.width or self.size.width) - 2
        status.set_class(error, "error")
        status.set_class(pending, "pending")
        status.set_class(long and not error, "long")
        status.update(text, layout=error or long)
        if error or long:  # the table above gets shorter: its cursor's row stays in view
            self.call_after_refresh(self._cursor_in_view)
        for screen in self.screen_stack[
            1:
        ]:  # a screen covering this line (a cup match sheet, a form) says it too
            show = getattr(screen, "show_status", None)
            if show is not None:
                show(text, error, pending=pending)

    def _cursor_in_view(self) -> None:
        pane = self.screen_stack[0].query_one(f"#{self.current_pane_id}", Pane)
        for table in pane.query(DataTable):
            if table.row_count:
                table.move_cursor(row=table.cursor_row, scroll=True)

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
        self,
        operation: Operation,
        done: Done,
        *,
        then: Callable[[Any], None] | None = None,
        confirm: bool | str = False,
    ) -> bool:
        """Run one operation; say "done" only after its commit returned.

        A question (NeedsConfirmation) opens « … o/n » and, on « o », runs the same
        operation again with ``confirm=True``. A file locked by the other station
        (StoreBusy) hands it to the writer thread, where later ones queue behind it.
        """
        if self.refused_while_busy():
            return False
        if self._writer is not None and self._writer.pending:
            self._queue(operation, done, then, confirm)
            return False
        try:
            value = operation(self.service, confirm=confirm) if confirm else operation(self.service)
        except NeedsConfirmation as exc:
            from .prompts import ConfirmPrompt

            self.set_status(exc.message)  # under the prompt, and in the log of the line
            answer = exc.answer()  # names what was asked: asked again if it changed
            self.ask(
                ConfirmPrompt(
                    exc.message,
                    lambda: self.run_operation(operation, done, then=then, confirm=answer),
                    on_cancel=self.cancelled,
                )
            )
            return False
        except StoreBusy:
            self._queue(operation, done, then, confirm)
            return False
        except OperationError as exc:
            self.refuse(exc.message)
            return False
        self._succeeded(value, done, then)
        return True

    def _succeeded(self, value: Any, done: Done, then: Callable[[Any], None] | None) -> None:
        self.operation_done(done(value) if callable(done) else done)
        if then is not None:
            then(value)

    def _queue(
        self,
        operation: Operation,
        done: Done,
        then: Callable[[Any], None] | None,
        confirm: bool | str,
    ) -> None:
        """To the writer thread; « ✓ » only when its commit returned there."""
        from .prompts import ConfirmPrompt
        from .writer import Job, Writer

        if self._writer is None:
            self._writer = Writer(
                self.service.path, self.call_from_thread, terminal=self.service.journal.terminal
            )

        def ask(question: NeedsConfirmation) -> None:
            answer = question.answer()
            self.ask_when_free(
                ConfirmPrompt(
                    question.message,
                    lambda: self._queue(operation, done, then, answer),
                    on_cancel=self.cancelled,
                )
            )

        self._writer.submit(
            Job(
                operation,
                confirm,
                done=lambda value: self._succeeded(value, done, then),
                ask=ask,
                refused=self.refuse,
            )
        )
        self.set_status(
            f"Enregistrement en attente de l'autre poste… ({self._writer.pending} en file)",
            pending=True,
        )

    def cancelled(self) -> None:
        self.set_status("Annulé")

    def run_in_background(
        self, operation: Callable[[EventService], Any], done: Done, busy: str
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

    def _background(self, operation: Callable[[EventService], Any], done: Done) -> None:
        service = EventService(self.service.path, check=False)
        try:
            value = operation(service)
        except OperationError as exc:
            self.call_from_thread(self._background_refused, exc.message)
            return
        finally:
            service.close()
        self.call_from_thread(self._background_done, done(value) if callable(done) else done)

    def _background_refused(self, message: str) -> None:
        self.busy = None
        self.refuse(message)

    def _background_done(self, done: str) -> None:
        self.busy = None
        self.operation_done(done)

    def operation_done(self, done: str) -> None:
        """After a commit returned: refresh what shows, then say it is saved."""
        self._data_version = self.reader.data_version()
        self._rounds = round_watch.marks(self.reader)
        self._refresh_all()
        self.set_status(f"✓ {done}")
