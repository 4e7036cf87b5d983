"""What the palette's commands and the app's screens need from the app, as a Protocol:
they name `Host`, never `ArbitreApp`, so none of them imports app.py (which imports them
when first needed) — the import graph has no circle, even the type checker's (issue 54.4).
ArbitreApp is checked against it where it hands itself over (`command.run(self)`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from textual.dom import DOMNode
    from textual.message import Message
    from textual.screen import Screen
    from textual.widget import Widget

    from ...operations import EventService
    from ...rules.models import StoredTournament
    from ...views.reader import Reader
    from .messages import Done, Operation
    from .prompts import Prompt


class Host(Protocol):
    """The app, as its commands and screens use it."""

    @property
    def service(self) -> EventService: ...

    @property
    def reader(self) -> Reader: ...

    @property
    def tournament(self) -> StoredTournament | None: ...

    @property
    def screen(self) -> Screen[object]: ...

    def query_one(self, selector: str) -> Widget: ...

    def post_message(self, message: Message) -> bool: ...

    async def run_action(self, action: str, default_namespace: DOMNode | None = None) -> bool: ...

    def set_status(self, text: str, error: bool = False, *, pending: bool = False) -> None: ...

    def ask(self, prompt: Prompt[Any]) -> None: ...

    def ask_when_free(self, prompt: Prompt[Any]) -> None: ...

    def refuse(self, message: str) -> None: ...

    def cancelled(self) -> None: ...

    def run_operation(
        self,
        operation: Operation,
        done: Done,
        *,
        then: Any = None,
        confirm: bool | str = False,
    ) -> bool: ...

    def action_event(self) -> None: ...

    def action_settings(self) -> None: ...

    def action_journal(self) -> None: ...

    def action_undo(self) -> None: ...
