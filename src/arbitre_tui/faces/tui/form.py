"""A form of several fields, typed at the keyboard: the event, a section, a player.

Why: a walk-in's thirteen fields, or a section's seven, are one decision each, typed in a
row and saved once. Like a prompt, the form takes every key itself (the app hands them
in the order typed, ``take_key``), so a burst typed over SSH lands in the fields it was
meant for. Each field is read as it is typed by the rules' own reader (a cadence by
rules.cadence, a rating by rules.registration): what it refuses is said in French on
the form, which stays open; Entrée saves only when every field reads, and the form
closes only once the operation committed (a refusal of the operation is shown on it
too, what was typed kept).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from ...rules.errors import RuleError
from .prompts import KeysScreen

FORM_HINT = "Tab ↓ suivant · ↑ précédent · Entrée enregistre · ctrl+u vide · Échap annule"
LABEL_WIDTH = 19


@dataclass
class FormField:
    """One line of a form: its name (for the code), its label, the text typed."""

    name: str
    label: str
    value: str = ""
    read: Callable[[str], Any] | None = None  # the value, or RuleError (French)
    hint: str = ""  # what to type (« JJ/MM/AAAA »), under the form
    choices: tuple[str, ...] = ()  # ← → go through them
    fixed: bool = False  # shown, not changed here (a section's key)

    def parsed(self) -> Any:
        return self.read(self.value) if self.read is not None else self.value.strip()


class Form(KeysScreen):
    """Fields one a line; the cursor on one; Entrée hands every value read to ``save``.

    ``save(values, changed)`` gets each field's value read and the names of the fields
    whose text changed; it runs the operation (through the app) and closes the form
    when the operation committed (``close``)."""

    CSS_PATH = "form.tcss"

    def __init__(
        self,
        title: str,
        fields: Sequence[FormField],
        save: Callable[[dict[str, Any], set[str]], object],
        *,
        on_cancel: Callable[[], None] | None = None,
        at: str | None = None,
        note: str = "",
    ) -> None:
        super().__init__(classes="form")
        self.title_text = title
        self.fields = list(fields)
        self.initial = {f.name: f.value for f in self.fields}
        self.save = save
        self.on_cancel = on_cancel
        self.note = note  # a line under the title (« joueur 12, apparié en ronde 1 »)
        names = [f.name for f in self.fields if not f.fixed]
        self.cursor = self._index(at if at in names else names[0])
        self.problem = ""  # why Entrée was refused (a field, or the operation)

    def _index(self, name: str) -> int:
        return next(i for i, f in enumerate(self.fields) if f.name == name)

    @property
    def current(self) -> FormField:
        return self.fields[self.cursor]

    def compose(self) -> ComposeResult:
        with Vertical(id="form-box"):
            yield Static(Text(self.title_text), id="form-title")
            yield Static(self._lines(), id="form-fields")
            yield Static(self._problem(), id="form-problem")
            yield Static(Text(FORM_HINT), id="form-hint")

    # -- what it shows -----------------------------------------------------------------

    def _fault(self, f: FormField) -> str:
        if f.fixed or f.read is None:
            return ""
        try:
            f.read(f.value)
        except RuleError as exc:
            return exc.message
        return ""

    def _lines(self) -> Text:
        out = Text()
        if self.note:
            out.append(f"{self.note}\n", style="italic")
        width = max(20, (self.app.size.width or 80) - LABEL_WIDTH - 6)
        for i, f in enumerate(self.fields):
            here = i == self.cursor
            out.append("▸ " if here else "  ", style="bold")
            out.append(f"{f.label:<{LABEL_WIDTH}}", style="bold" if here else "")
            value = f.value + ("_" if here else "")
            if len(value) > width:  # the end, where the typing is
                value = "…" + value[-(width - 1) :]
            out.append(value, style="reverse" if here else ("dim" if f.fixed else ""))
            if self._fault(f) and f.value.strip():
                out.append("  ✗", style="bold")
            if i < len(self.fields) - 1:
                out.append("\n")
        return out

    def _problem(self) -> Text:
        f = self.current
        if self.problem:
            return Text(f"✗ {self.problem}", style="bold")
        fault = self._fault(f) if f.value.strip() else ""
        if fault:
            return Text(f"✗ {fault}", style="bold")
        about = f.hint
        if f.choices:
            about = f"← → : {', '.join(f.choices)}" + (f" ; {about}" if about else "")
        return Text(f"{f.label} : {about}" if about else "", style="italic")

    def show(self) -> None:
        for widget_id, content in (
            ("#form-fields", self._lines()),
            ("#form-problem", self._problem()),
        ):
            for widget in self.query(widget_id):
                if isinstance(widget, Static):
                    widget.update(content)

    @property
    def text(self) -> str:
        """The form as it reads now (the tests read it)."""
        return f"{self.title_text}\n{self._lines().plain}\n{self._problem().plain}"

    def show_status(self, text: str, error: bool = False, *, pending: bool = False) -> None:
        """The app's message while the form is open: a refusal of the operation stays on
        the form, what was typed kept (app.set_status). A write still waiting for the other
        station (``pending``) is not said over the form's fields: the status line under it
        says so when the form closes."""
        if error:
            self.problem = text
            self.show()

    # -- keys --------------------------------------------------------------------------

    def _move(self, step: int) -> None:
        n = len(self.fields)
        i = self.cursor
        for _ in range(n):
            i = (i + step) % n
            if not self.fields[i].fixed:
                break
        self.cursor = i

    def take_key(self, event: events.Key) -> None:
        if self.closed:
            return
        self.problem = ""
        key, f = event.key, self.current
        if key == "escape":
            self.close()
            if self.on_cancel is not None:
                self.on_cancel()
            return
        if key == "enter":
            self.submit()
            return
        if key in ("tab", "down"):
            self._move(1)
        elif key in ("shift+tab", "up"):
            self._move(-1)
        elif key in ("left", "right") and f.choices:
            now = f.choices.index(f.value) if f.value in f.choices else -1
            step = 1 if key == "right" else -1
            f.value = f.choices[(now + step) % len(f.choices)]
        elif key == "backspace":
            f.value = f.value[:-1]
        elif key == "ctrl+u":
            f.value = ""
        elif event.character and event.character.isprintable() and len(f.value) < 120:
            f.value += event.character
        else:
            self.app.bell()
        self.show()

    def submit(self) -> None:
        """Every field read; the first that does not read gets the cursor and its reason,
        nothing is sent. Else ``save`` runs the operation."""
        values: dict[str, Any] = {}
        for i, f in enumerate(self.fields):
            if f.fixed:
                continue
            try:
                values[f.name] = f.parsed()
            except RuleError as exc:
                self.cursor = i
                self.problem = exc.message
                self.show()
                self.app.bell()
                return
        changed = {f.name for f in self.fields if f.value != self.initial[f.name]}
        self.save(values, changed)

    def refuse(self, reason: str) -> None:
        """A refusal found by the screen before any operation: on the form, with the bell."""
        self.problem = reason
        self.show()
        self.app.bell()
