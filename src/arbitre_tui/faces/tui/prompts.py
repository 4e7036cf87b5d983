"""Prompts: modal screens that own every key typed after the key that opened them.

A prompt is a question on the bottom lines (the table stays visible above it). The
app hands it each key in the order typed, however fast they arrive (see
``ArbitreApp.on_event``), so no key meant for a prompt can reach a pane and record
anything. One rule for every prompt (issue 29): a key answers only the prompt on
screen; ``Échap`` cancels and says « Annulé » ; ``Entrée`` answers (an answer that does
not fit rings and says why, the prompt stays) ; ``⌫`` erases ; ``ctrl+u`` empties the
line ; a prompt that opens with its current value (the QR address) shows it selected,
and the first character typed replaces it, as in a selected field ; any other key that is
not one of the prompt's answers cancels it, says so on the status line, and is not acted
on (no key both answers a prompt and acts elsewhere: « n » is « non », never the next
section). ``PROMPT_LIST`` lists every prompt and its keys for the help.

The answer is handed to ``on_answer`` synchronously, before the next key is read:
« g12⏎0 » moves to board 12 *then* records 0-1 there.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from typing import ClassVar, Generic, TypeVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ...rules.schedule import parse_time
from .french import MainScreen, key_name
from .messages import Say

T = TypeVar("T")

KEYS_HINT = "Entrée valide · ⌫ efface · ctrl+u vide · Échap annule"


class KeysScreen(ModalScreen[None], inherit_bindings=False):
    """A screen on top that takes every key itself, in ``take_key`` (the app routes them
    here in the order typed), and leaves the stack the moment it closes."""

    BINDINGS: ClassVar[list[BindingType]] = []
    AUTO_FOCUS = None
    ROUTE_KEYS = True  # the app hands it every key in order (ArbitreApp.on_event)
    closed = False

    def close(self) -> None:
        """Leave the screen stack now, so the next key already goes where it belongs."""
        if self.closed:
            return
        self.closed = True
        if self.app.screen is self:
            self.app.pop_screen()


class Prompt(KeysScreen, Generic[T], inherit_bindings=False):
    """One question; every key goes to ``take_key`` (the app routes them here)."""

    HINT: ClassVar[str] = KEYS_HINT

    def __init__(
        self,
        question: str,
        on_answer: Callable[[T], object],
        *,
        on_cancel: Callable[[], None] | None = None,
        hint: str | None = None,
    ) -> None:
        super().__init__(classes="prompt")
        self.question = question
        self.buffer = ""
        self.on_answer = on_answer
        self.on_cancel = on_cancel
        self.hint = hint if hint is not None else self.HINT
        self.closed = False
        self.problem = ""  # why Entrée was refused, shown until the next key
        self.selected = False  # the buffer is the value the prompt opened with, whole

    def compose(self) -> ComposeResult:
        with Vertical(id="prompt-box"):
            yield Static("", id="prompt-message")
            yield Static(self._line(), id="prompt-question")
            yield Static(Text(self.hint), id="prompt-hint")

    def on_mount(self) -> None:
        below = self._main_below()
        if below is not None:
            status = below.query_one("#status", Static)
            self.show_status(
                str(status.content), status.has_class("error"), pending=status.has_class("pending")
            )

    def _main_below(self) -> MainScreen | None:
        """The main screen, when this prompt is opened right over it (its status line)."""
        stack = self.app.screen_stack
        at = stack.index(self) if self in stack else len(stack)
        below = stack[at - 1] if at else None
        return below if isinstance(below, MainScreen) else None

    def show_status(self, text: str, error: bool = False, *, pending: bool = False) -> None:
        """The main screen's message, never cut (issue 29.5): the prompt covers the bottom
        lines (the footer, then the message above it). A message of two lines under a
        question of one showed its first line only: it is shown whole above the question.
        One the prompt covers whole (a one-line message) stays covered, as the table's
        rows are kept — except a write still waiting for the other station (``pending``):
        the arbiter who opens a prompt right after it sees that it is not yet saved, until
        its « enregistré » or its refusal. (app.set_status calls this while it is open.)"""
        if self._main_below() is None:
            return
        width = (self.app.size.width or 80) - 2  # every line here has a padding of 1

        def lines(words: Text) -> int:
            return len(words.wrap(self.app.console, width)) if words.plain else 0

        message_lines = lines(Text(text))
        covered = lines(self._line()) + lines(Text(self.hint)) - 1  # above the footer
        for message in self.query("#prompt-message"):
            if isinstance(message, Static):
                message.display = (pending and message_lines > 0) or 0 < covered < message_lines
                message.set_class(error, "error")
                message.update(Text(text))

    def prefill(self, value: str) -> None:
        """Open with ``value`` typed, selected: the first character typed replaces it, ⌫
        edits it (its last character), ctrl+u empties the line."""
        self.buffer = value
        self.selected = bool(value)

    def typed(self) -> Text:
        """What was typed and the cursor; a value still selected is shown reversed."""
        return Text.assemble((self.buffer, "reverse" if self.selected else ""), "_")

    def _line(self) -> Text:
        line = Text(f"{self.question} ")
        line.append_text(self.typed())
        if self.problem:
            line.append(f"  ✗ {self.problem}", style="bold")
        return line

    def show(self) -> None:
        """Repaint the question (before the screen is mounted there is nothing to paint)."""
        for line in self.query("#prompt-question"):
            if isinstance(line, Static):
                line.update(self._line())

    @property
    def text(self) -> str:
        """What the prompt says now (its question and what was typed)."""
        return self._line().plain

    # -- keys -----------------------------------------------------------------

    def take_key(self, event: events.Key) -> None:
        """One key typed while this prompt is on top."""
        if self.closed:
            return
        self.problem = ""
        if event.key == "escape":
            self.cancel()
        elif event.key == "enter":
            answer = self.answer()
            if answer is None:
                self.refuse_answer()
            else:
                self.close()
                self.on_answer(answer)
        elif event.key == "backspace":
            self.selected = False
            self.buffer = self.buffer[:-1]
            self.changed()
        elif event.key == "ctrl+u":
            self.selected = False
            self.buffer = ""
            self.changed()
        elif event.character and self._takes(event.character):
            if self.selected:  # typed over: replaces the value the prompt opened with
                self.buffer, self.selected = "", False
            self.buffer += event.character
            self.changed()
        elif event.character and self.answer_key(event.character):
            self.refuse_with(f"« {event.character} » ne peut pas s'ajouter ici")
        else:
            self.cancel_by(event)

    def _takes(self, character: str) -> bool:
        """Whether ``character`` is added — over a selected value, as to an empty line."""
        if not self.selected:
            return self.accepts(character)
        kept, self.buffer = self.buffer, ""
        try:
            return self.accepts(character)
        finally:
            self.buffer = kept

    def accepts(self, character: str) -> bool:
        return character.isprintable()

    def answer_key(self, character: str) -> bool:
        """A key of the kind this prompt reads (a digit for a number) that cannot be
        added now (a fifth digit): it rings and says why; any other key cancels."""
        return self.accepts(character)

    def refuse_answer(self) -> None:
        """Entrée with no valid answer: the bell, and the reason on the line (the prompt
        stays open: what was meant is not guessed)."""
        self.refuse_with(self.why_not())

    def why_not(self) -> str:
        return "réponse attendue" if not self.buffer else f"« {self.buffer} » ne convient pas"

    def refuse_with(self, reason: str) -> None:
        """Say why on the question's line, with the bell, until the next key: a prompt that
        stays open covers the status line."""
        self.problem = reason
        self.show()
        self.app.bell()

    def answer(self) -> T | None:
        """The answer for what was typed, or None when there is none (the bell rings)."""
        raise NotImplementedError

    def changed(self) -> None:
        self.show()

    def cancel(self) -> None:
        self.close()
        if self.on_cancel is not None:
            self.on_cancel()

    def cancel_by(self, event: events.Key) -> None:
        """A key that is not one of this prompt's answers: the prompt closes, the status
        line says which key and that it did nothing else (it is not handed on)."""
        if self.closed:
            return
        self.cancel()
        typed = event.character if event.character and event.character.isprintable() else None
        name = f"« {typed} »" if typed else key_name(event.key)
        self.app.post_message(
            Say(f"Annulé : {name} ne répond pas à la question (touche sans effet)", error=False)
        )


class NumberPrompt(Prompt[int]):
    """A number (a board, a round): digits, then Entrée; ``valid`` says which exist."""

    def __init__(
        self,
        question: str,
        on_answer: Callable[[int], object],
        *,
        valid: Callable[[int], bool] = lambda _n: True,
        unknown: str = "{n} n'existe pas",
        on_cancel: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(question, on_answer, on_cancel=on_cancel)
        self.valid = valid
        self.unknown = unknown

    def why_not(self) -> str:
        return self.unknown.format(n=self.buffer) if self.buffer else "un numéro, puis Entrée"

    def accepts(self, character: str) -> bool:
        return character.isdigit() and len(self.buffer) < 4

    def answer_key(self, character: str) -> bool:
        return character.isdigit()

    def answer(self) -> int | None:
        if not self.buffer:
            return None
        number = int(self.buffer)
        return number if self.valid(number) else None


class BoardPrompt(NumberPrompt):
    """« Aller à l'échiquier » : the board number, then Entrée."""


class ChoicePrompt(Prompt[T]):
    """One key answers: each choice is (key, words, value); nothing else is taken."""

    def __init__(
        self,
        question: str,
        choices: Sequence[tuple[str, str, T]],
        on_answer: Callable[[T], object],
        *,
        on_cancel: Callable[[], None] | None = None,
    ) -> None:
        hint = " · ".join(f"{key} {words}" for key, words, _ in choices) + " · Échap annule"
        super().__init__(question, on_answer, on_cancel=on_cancel, hint=hint)
        self.choices = {key: value for key, _words, value in choices}

    def _line(self) -> Text:
        return Text(self.question)

    def take_key(self, event: events.Key) -> None:
        if self.closed:
            return
        key = event.character or event.key
        if event.key == "escape":
            self.cancel()
        elif key in self.choices:
            self.close()
            self.on_answer(self.choices[key])
        else:
            self.cancel_by(event)

    def answer(self) -> T | None:  # pragma: no cover - one key answers, never Entrée
        return None


class ConfirmPrompt(Prompt[bool]):
    """« … ? o/n » : `o` does it; `n`, Échap or any other key cancels (and says so)."""

    def __init__(
        self,
        question: str,
        on_yes: Callable[[], object],
        *,
        on_cancel: Callable[[], None] | None = None,
    ) -> None:
        def yes(_answer: bool) -> None:
            on_yes()

        super().__init__(
            question,
            yes,
            on_cancel=on_cancel,
            hint="o : oui · n ou Échap : non · une autre touche annule, sans effet",
        )

    def _line(self) -> Text:
        return Text(f"{self.question} o/n")

    def take_key(self, event: events.Key) -> None:
        if self.closed:
            return
        if event.character in ("o", "O"):
            self.close()
            self.on_answer(True)
        elif event.key == "escape" or event.character in ("n", "N"):
            self.cancel()
        else:
            self.cancel_by(event)

    def answer(self) -> bool | None:  # pragma: no cover - one key answers
        return None


class TextPrompt(Prompt[str]):
    """Some words, punctuation and all (a club, a reason, a note); ``find``, when given,
    says what they designate (shown as you type), or None: then Entrée rings."""

    def __init__(
        self,
        question: str,
        on_answer: Callable[[str], object],
        *,
        find: Callable[[str], str | None] | None = None,
        on_cancel: Callable[[], None] | None = None,
        keep_open: bool = False,
        nothing: str = "personne",
    ) -> None:
        super().__init__(question, on_answer, on_cancel=on_cancel)
        self.find = find
        self.keep_open = keep_open
        self.nothing = nothing  # said while what is typed designates nothing

    def _line(self) -> Text:
        where = ""
        if self.find is not None and self.buffer:
            found = self.find(self.buffer)
            where = f" → {found}" if found else f" → {self.nothing}"
        line = Text(f"{self.question} ")
        line.append_text(self.typed())
        line.append(where)
        if self.problem:
            line.append(f"  ✗ {self.problem}", style="bold")
        return line

    def answer(self) -> str | None:
        if not self.buffer.strip():
            return None
        return self.buffer if self.find is None or self.find(self.buffer) else None

    def take_key(self, event: events.Key) -> None:
        if self.keep_open and event.key == "enter" and not self.closed:
            answer = self.answer()
            if answer is None:  # emptied too: the next name is not typed after this one
                refused, self.buffer = self.buffer, ""
                if refused.strip():
                    self.refuse_with(f"« {refused} » : {self.nothing}")
                else:
                    self.app.bell()
                return
            self.buffer = ""
            self.show()
            self.on_answer(answer)
            return
        super().take_key(event)


class TimePrompt(Prompt[dt.time]):
    """A clock time « 14:05 » (or « 1405 »); Entrée with an empty line: now."""

    def __init__(
        self,
        question: str,
        on_answer: Callable[[dt.time], None],
        *,
        now: Callable[[], dt.time],
        on_cancel: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(question, on_answer, on_cancel=on_cancel)
        self.now = now
        self.hint = "hh:mm puis Entrée (vide : maintenant) · ⌫ efface · ctrl+u vide · Échap annule"

    def accepts(self, character: str) -> bool:
        return self.answer_key(character) and len(self.buffer) < 5

    def answer_key(self, character: str) -> bool:
        return character.isdigit() or character in ":hH"

    def answer(self) -> dt.time | None:
        return parse_time(self.buffer, self.now)


class AddressPrompt(Prompt[str]):
    """The address of the QR codes, shown selected: typed over, it is replaced; ⌫ edits
    it; empty (ctrl+u): back to the detected one.

    Checked as the setting is (rules/settings/model.py): a refusal stays on the line."""

    HINT = "Entrée valide (vide : détectée) · ⌫ efface · ctrl+u vide · Échap annule"

    def __init__(
        self,
        current: str,
        on_answer: Callable[[str], None],
        *,
        on_cancel: Callable[[], None] | None = None,
    ) -> None:
        super().__init__("Adresse des QR codes :", on_answer, on_cancel=on_cancel)
        self.prefill(current)
        self._why = ""

    def accepts(self, character: str) -> bool:
        return character.isprintable() and not character.isspace()

    def answer_key(self, character: str) -> bool:
        return character.isprintable()  # a space rings: there is none in an address

    def answer(self) -> str | None:
        from ...rules.errors import RuleError
        from ...rules.settings import EVENT_SETTINGS, check

        try:
            check("base_url", self.buffer, EVENT_SETTINGS)
        except RuleError as exc:
            self._why = exc.message
            return None
        return self.buffer

    def why_not(self) -> str:
        return self._why
