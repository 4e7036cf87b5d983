"""Réglages (`,` or the palette): every setting of the tournament by its French label
(rules/settings/model.py, the model's), its value, where it comes from (the tournament, its
regulation, the default); Entrée changes one. The key `arbitre settings set` takes is
shown under the table for the line chosen.

A change is the operation ``update_settings`` (journaled: ctrl+z undoes it); a value the
setting cannot take is refused in French, with the bell, and nothing changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from ...rules.errors import RuleError
from ...rules.settings import SETTINGS, listed, parse, section_settings, shown, where
from .french import FrenchTable

if TYPE_CHECKING:
    from .host import Host


# the label column: 80 columns less the border, the value (24), the source (9), the cells'
# padding and the scroll bar — as wide as the longest raw name was
LABEL = 36


class SettingsScreen(ModalScreen[None]):
    """The settings of the current tournament, one a line."""

    CSS_PATH = "settings_screen.tcss"
    ROUTE_KEYS = True  # keys in the order typed: the prompt Entrée opens takes the next ones
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss", "Fermer", id="close-settings"),
        Binding("enter", "edit", "Modifier", id="edit-setting", priority=True),
    ]

    def __init__(self, key: str) -> None:
        super().__init__()
        self.key = key

    @property
    def arbitre(self) -> Host:
        """The app that pushed this screen, as screens use it (host.py: no import of the
        app, which imports this screen)."""
        return cast("Host", self.app)

    def compose(self) -> ComposeResult:
        with Vertical(id="settings-box"):
            yield Static("", id="settings-title")
            table: DataTable[Text] = FrenchTable(cursor_type="row", id="settings-table")
            yield table
            yield Static("", id="settings-help")

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_column("Réglage", key="name")
        table.add_column("Valeur", key="value", width=24)
        table.add_column("Source", key="where", width=9)
        self.fill()
        table.focus()

    def fill(self) -> None:
        t = self.arbitre.service.tournament(self.key)
        section = section_settings(t)
        values = listed(section)
        self.query_one("#settings-title", Static).update(
            f"Réglages — {t.name} (règlement {section.regulation or 'aucun'}) — "
            "Entrée : modifier, Échap : fermer"
        )
        table = self.query_one(DataTable)
        row = table.cursor_row
        table.clear()
        for name, known in SETTINGS.items():
            # the label cut to fit 80 columns beside its value and source; whole below
            label = Text(known.help if len(known.help) <= LABEL else known.help[: LABEL - 1] + "…")
            table.add_row(label, Text(shown(values[name])), Text(where(t, name)), key=name)
        table.move_cursor(row=row)
        self.describe(self.selected())

    def selected(self) -> str:
        table = self.query_one(DataTable)
        value = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return str(value)

    def describe(self, name: str) -> None:
        self.query_one("#settings-help", Static).update(f"{SETTINGS[name].help} (clé : {name})")

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.row_key.value is not None:
            self.describe(str(event.row_key.value))

    def action_edit(self) -> None:
        """Entrée: the prompt opens now, so the keys typed next go to it however fast."""
        from .prompts import TextPrompt

        name = self.selected()
        t = self.arbitre.service.tournament(self.key)

        def typed(text: str) -> str | None:
            try:
                return shown(parse(name, text))
            except RuleError:
                return None

        def why_not(text: str) -> str:
            try:
                parse(name, text)
            except RuleError as exc:
                return exc.message
            return ""

        def change(text: str) -> None:
            value = parse(name, text)  # checked as typed: find() said ok
            self.arbitre.run_operation(
                lambda s: s.update_settings(self.key, {name: value}),
                done=f"{t.name} : {name} = {shown(value)} — enregistré (ctrl+z annule)",
                then=lambda _none: self.fill(),
            )

        class ValuePrompt(TextPrompt):
            def why_not(self) -> str:
                return why_not(self.buffer) or super().why_not()

        prompt = ValuePrompt(
            f"{SETTINGS[name].help} =",
            change,
            find=typed,
            on_cancel=self.arbitre.cancelled,
            nothing="valeur refusée",
        )
        # the current value, selected: typing replaces it, ⌫ edits it (as the QR address)
        prompt.prefill(shown(listed(section_settings(t))[name]).replace("—", ""))
        self.app.push_screen(prompt)
