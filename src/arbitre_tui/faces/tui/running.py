"""What panes ask of the app: an operation run and said (« ✓ … » after its commit), a
question before it (« o/n »), the writer thread when the other station holds the file, a
long one (a pairing) off the UI thread, and the status line that says it all."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.widgets import DataTable, Static

from ...operations import EventService, NeedsConfirmation, OperationError, StoreBusy
from ...views.reader import Reader
from . import round_watch
from .key_order import KeysInOrder
from .messages import Done, Operation, Refused, RunInBackground, RunOperation, Say
from .panes.base import Pane

if TYPE_CHECKING:
    from .prompts import Prompt
    from .writer import Writer


class RunsOperations(KeysInOrder):
    """The app's side of every write: one operation, one transaction, said once committed."""

    service: EventService
    reader: Reader
    busy: str | None  # what runs in the background (writes wait for it)
    _writer: Writer | None  # operations that found the file busy
    _data_version: int  # the file's data_version when last read
    _rounds: round_watch.Marks  # what the status line says about rounds

    if TYPE_CHECKING:  # ArbitreApp's own

        @property
        def current_pane_id(self) -> str: ...

        def _refresh_all(self) -> None: ...

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

    def set_status(self, text: str, error: bool = False, *, pending: bool = False) -> None:
        """The status line, and every screen over it that says it too. ``pending``: a
        write held up by the other station, which a prompt opened meanwhile shows."""
        found = self.screen_stack[0].query("#status").results(Static) if self.screen_stack else ()
        status = next(iter(found), None)
        if status is None:  # the app is closing, its widgets gone: a late answer says nothing
            return
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
