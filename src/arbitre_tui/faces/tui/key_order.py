"""The app's keys, read in the order typed: a key's binding runs when it is read, a key
for a screen not yet mounted waits in a backlog, and a question that comes later than the
key that asked it waits for the keys already typed (issue 29.8). The base of ArbitreApp."""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import App
from textual.await_complete import AwaitComplete
from textual.message import Message

from .french import MainScreen
from .messages import RunOperation

if TYPE_CHECKING:
    from .prompts import Prompt

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


class KeysInOrder(App[int]):
    """Textual forwards a key to the focused widget and runs its binding once the key has
    bubbled back up; here each key's binding runs when it is read, the next one after it."""

    _backlog: deque[events.Key]  # keys typed while an operation was pending, in order
    _operations_posted: int  # RunOperation messages posted, not yet handled
    _questions: deque[Prompt[Any]]  # the writer's questions, waiting for the prompt on screen

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
