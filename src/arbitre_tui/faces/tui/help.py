"""`?`: every key of the current pane and of the app, in a list that scrolls at 80×24."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from .french import TABLE_BINDINGS, key_name

PROMPT_KEYS = [
    ("Entrée", "valider la réponse"),
    ("⌫", "effacer le dernier caractère"),
    ("Échap", "annuler (« Annulé »)"),
    ("o / n", "oui / non à une confirmation (une autre touche : non)"),
]


def help_text(heading: str, own: list[BindingType], app: list[BindingType]) -> Text:
    """The sections of the help: the pane's or screen's own keys (under ``heading``), the
    app's that work there, the table, the questions."""

    def section(name: str, rows: list[tuple[str, str]]) -> Text:
        out = Text(f"\n{name}\n", style="bold underline")
        for key, words in rows:
            out.append(f"  {key:>12}  ", style="bold")
            out.append(f"{words}\n")
        return out

    def rows(bindings: list[BindingType]) -> list[tuple[str, str]]:
        return [(key_name(b.key), b.description) for b in bindings if isinstance(b, Binding)]

    text = Text("Touches — Échap, ? ou q pour fermer ; ↑ ↓ pour défiler\n", style="bold")
    text += section(heading, rows(own))
    if app:
        text += section("Application", rows(app))
    text += section("Dans le tableau", rows(TABLE_BINDINGS))
    text += section("Dans une question", PROMPT_KEYS)
    return text


class HelpScreen(ModalScreen[None]):
    """A scrolling list; the keys that close it are the ones that opened it, and Échap."""

    CSS_PATH = "help.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q", "dismiss", "Fermer", id="close-help"),
    ]

    def __init__(self, text: Text) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-scroll"):
            yield Static(self.text, id="help-text")

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()
