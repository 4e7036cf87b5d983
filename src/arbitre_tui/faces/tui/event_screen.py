"""L'événement (`E`, the palette, and by itself on a new empty event): its fields and its
sections, each changed at the keyboard.

Why: a club's own Saturday open is set up here, from nothing, without the command line —
the name, place, dates and arbiters; the sections with their system, regulation, rounds,
cadence (typed as arbiters write it, « 90+30 ») and tie-breaks. Every change is one of
operations/setup.py's operations, run by the app (one journaled transaction, ctrl+z
undoes it); a refusal is said here in French and nothing changes.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import TYPE_CHECKING, Any, ClassVar, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from ...rules.errors import RuleError
from ...rules.models import StoredTournament, System, TimeControl
from ...rules.settings import section_settings
from .footer import KeysFooter
from .form import Form, FormField
from .french import SCREEN_BINDINGS, FrenchTable

if TYPE_CHECKING:
    from ...views.event import EventSummary
    from .host import Host

SYSTEMS = ("suisse", "toutes-rondes", "ko", "coupe")
REGULATION_CHOICES = ("aucun", "000", "002", "003", "004")
NO_REGULATION = "aucun"
# the system in a column of 9 at 80 columns (views.event's label in full elsewhere)
SYSTEM_SHORT = {
    "swiss": "suisse",
    "round_robin": "t. rondes",
    "knockout": "K.O.",
    "team_cup": "coupe",
}
POLL_SECONDS = 0.5


# -- how each field is read (the rules' own readers, their French refusals) -------------------


def read_day(text: str) -> dt.date | None:
    """« 10/04/2027 » or « 2027-04-10 »; empty: none."""
    typed = text.strip()
    if not typed:
        return None
    french = re.fullmatch(r"(\d{1,2})/(\d{1,2})/(\d{4})", typed)
    try:
        day = (
            dt.date(int(french[3]), int(french[2]), int(french[1]))
            if french
            else dt.date.fromisoformat(typed)
        )
    except ValueError:
        raise RuleError(
            f"Date « {typed} » illisible ou impossible : écrivez JJ/MM/AAAA (10/04/2027)."
        ) from None
    if not 2000 <= day.year <= 2099:
        raise RuleError(f"Date « {typed} » invraisemblable (années 2000 à 2099).")
    return day


def french_day(iso: str) -> str:
    return dt.date.fromisoformat(iso).strftime("%d/%m/%Y") if iso else ""


def read_text(what: str, required: bool = False) -> Any:
    from ...rules.sections import check_name

    def read(text: str) -> str:
        if not text.strip() and not required:
            return ""
        return check_name(text, what)

    return read


def read_federation(text: str) -> str:
    from ...rules.sections import check_federation

    return check_federation(text)


def read_deputies(text: str) -> list[str]:
    """« MARTIN Paul, DURAND Anne »: one name between commas."""
    from ...rules.sections import check_name

    return [check_name(name, "Arbitre adjoint") for name in text.split(",") if name.strip()]


def read_system(text: str) -> System:
    from ...rules.sections import system_of

    return system_of(text)


def read_regulation(text: str) -> str | None:
    from ...rules.sections import check_regulation

    code = text.strip().lower()
    return None if code in ("", NO_REGULATION) else check_regulation(code)


def read_rounds(text: str) -> int:
    from ...rules.sections import check_rounds

    typed = text.strip()
    if not typed.isdigit() or len(typed) > 3:
        raise RuleError(f"Nombre de rondes « {typed} » illisible : un nombre de 1 à 30.")
    return check_rounds(int(typed))


def read_cadence(text: str) -> TimeControl | None:
    from ...rules.cadence import parse_cadence

    return parse_cadence(text) if text.strip() else None


def read_tiebreaks(text: str) -> list[str] | None:
    """Empty: the system's usual list (rules.sections.DEFAULT_TIEBREAKS)."""
    from ...rules.sections import check_tiebreaks

    return check_tiebreaks(text) if text.strip() else None


def read_key(text: str) -> str:
    from ...rules.sections import check_key

    return check_key(text.strip())


def typed_cadence(tc: TimeControl) -> str:
    """A cadence as the arbiter types it again (« 90+30 », « 90/40+30:30+30 »)."""

    def period(minutes: int, moves: int | None, inc: int) -> str:
        return f"{minutes}" + (f"/{moves}" if moves else "") + (f"+{inc}" if inc else "")

    parts = [period(tc.base_minutes, tc.moves, tc.increment_seconds)]
    parts += [period(p.minutes, p.moves, p.increment_seconds) for p in tc.periods]
    return ":".join(parts)


def system_word(system: System) -> str:
    from ...rules.sections import SYSTEM_WORDS

    return next(word for word, s in SYSTEM_WORDS.items() if s == system)


# -- the screen ----------------------------------------------------------------------------


class EventScreen(ModalScreen[None]):
    """The event's fields above, its sections below; Tab goes from one to the other."""

    CSS_PATH = "event_screen.tcss"
    ROUTE_KEYS = True  # keys in the order typed; the form Entrée opens takes the next ones
    BINDINGS: ClassVar[list[BindingType]] = [
        *(b for b in SCREEN_BINDINGS if isinstance(b, Binding) and b.key != "tab"),
        Binding("escape", "dismiss", "Fermer", id="close-event"),
        Binding("tab", "switch_table", "Basculer", id="event-switch", priority=True),
        Binding("enter", "edit", "Modifier", id="event-edit", priority=True),
        Binding("a", "add_section", "Ajouter", id="section-add"),
        Binding("delete", "remove_section", "Supprimer", id="section-remove"),
        Binding("ctrl+z", "undo", "Annuler", show=False, id="event-undo"),
        Binding("question_mark", "keys", "Touches", show=False, id="event-keys"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self._version = -1
        self._summary: EventSummary | None = None

    @property
    def arbitre(self) -> Host:
        """The app that pushed this screen, as screens use it (host.py: no import of the
        app, which imports this screen)."""
        return cast("Host", self.app)

    def compose(self) -> ComposeResult:
        with Vertical(id="event-box"):
            yield Static("", id="event-title")
            fields: DataTable[Text] = FrenchTable(
                cursor_type="row", show_header=False, id="event-fields"
            )
            yield fields
            yield Static("Tournois (sections)", id="event-sections-title")
            sections: DataTable[Text] = FrenchTable(cursor_type="row", id="event-sections")
            yield sections
            yield Static("", id="event-status")
        yield KeysFooter()

    def on_mount(self) -> None:
        fields = self.query_one("#event-fields", DataTable)
        fields.add_column("Champ", key="label", width=18)
        fields.add_column("Valeur", key="value")
        sections = self.query_one("#event-sections", DataTable)
        for label, key, width in (
            ("Clé", "key", 8),
            ("Nom", "name", 14),
            ("Système", "system", 9),
            ("Règl.", "regulation", 5),
            ("Rondes", "rounds", 6),
            ("Cadence", "cadence", 14),
            ("Départages", "tiebreaks", 10),
        ):
            sections.add_column(label, key=key, width=width)
        self.refill()
        fields.focus()
        self.set_interval(POLL_SECONDS, self._poll)

    # -- what it shows ---------------------------------------------------------------------

    def refill(self) -> None:
        """The event and its sections read again (one read snapshot)."""
        from ...views.event import build

        reader = self.arbitre.reader
        self._version = reader.data_version()
        with reader.consistent():
            ev = self._summary = build(reader)
            cadences = {t.key: self._cadence(t) for t in reader.tournaments()}
        self.query_one("#event-title", Static).update(
            Text(f"Événement — {ev.name} — Entrée : modifier, Échap : fermer", overflow="ellipsis")
        )
        fields = self.query_one("#event-fields", DataTable)
        row = fields.cursor_row
        fields.clear()
        for key, label, value in self._field_rows(ev):
            fields.add_row(Text(label), Text(value or "—", overflow="ellipsis"), key=key)
        fields.move_cursor(row=row)
        sections = self.query_one("#event-sections", DataTable)
        row = sections.cursor_row
        sections.clear()
        for s in ev.sections:
            sections.add_row(
                Text(s.key, overflow="ellipsis"),
                Text(s.name, overflow="ellipsis"),  # a long name cut, never a column
                Text(SYSTEM_SHORT.get(s.system, s.system_label)),
                Text(s.regulation),
                Text(f"{s.rounds}/{s.rounds_planned}"),
                Text(cadences.get(s.key, s.cadence), overflow="ellipsis"),
                Text(s.tiebreaks.replace(", ", ","), overflow="ellipsis"),
                key=s.key,
            )
        if ev.sections:
            sections.move_cursor(row=min(row, len(ev.sections) - 1))
        title = self.query_one("#event-sections-title", Static)
        title.update(
            "Tournois (sections) — a : ajouter, Entrée : modifier, Suppr : supprimer"
            if ev.sections
            else "Aucun tournoi : a pour en ajouter un (système, rondes, cadence…)"
        )

    @staticmethod
    def _cadence(t: StoredTournament) -> str:
        """As typed (« 90+30 »); « par ronde » when the rounds differ."""
        typed = {typed_cadence(tc) for tc in t.time_controls.values()}
        return typed.pop() if len(typed) == 1 else ("par ronde" if typed else "—")

    @staticmethod
    def _field_rows(ev: EventSummary) -> list[tuple[str, str, str]]:
        return [
            ("name", "Nom", ev.name),
            ("city", "Lieu", ev.city),
            ("start", "Début", french_day(ev.start)),
            ("end", "Fin", french_day(ev.end)),
            ("federation", "Fédération", ev.federation),
            ("chief_arbiter", "Arbitre principal", ev.chief_arbiter),
            ("arbiters", "Adjoints", ", ".join(ev.arbiters)),
        ]

    def _poll(self) -> None:
        """The other station changed the file: read it again (as the panes are)."""
        if self.arbitre.reader.data_version() != self._version:
            self.refill()

    def show_status(self, text: str, error: bool = False, *, pending: bool = False) -> None:
        """The app's messages (« ✓ … », « Refusé : … », a write waiting: ``pending``) on
        this screen, which covers the status line (app.set_status)."""
        for status in self.query("#event-status"):  # none before the screen is mounted
            if isinstance(status, Static):
                status.set_class(error, "error")
                status.update(Text(text))

    # -- keys ------------------------------------------------------------------------------

    def _focused_table(self) -> str:
        focused = self.focused
        return focused.id if focused is not None and focused.id else "event-fields"

    def action_switch_table(self) -> None:
        other = "#event-sections" if self._focused_table() == "event-fields" else "#event-fields"
        self.set_focus(self.query_one(other, DataTable))

    def action_edit(self) -> None:
        table = self.query_one(f"#{self._focused_table()}", DataTable)
        if not table.row_count:
            if table.id == "event-sections":
                self.action_add_section()
            return
        key = str(table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value)
        if table.id == "event-fields":
            self.edit_event(key)
        else:
            self.edit_section(key)

    def action_undo(self) -> None:
        self.arbitre.action_undo()

    def action_keys(self) -> None:
        from .help import HelpScreen, help_text

        self.app.push_screen(HelpScreen(help_text("Écran Événement", list(self.BINDINGS), [])))

    def _run(self, form: Form | None, operation: Any, done: Any) -> None:
        """The operation through the app (one transaction); the form closes, and this
        screen reads the file again, only once it committed."""

        def after(_value: object) -> None:
            if form is not None:
                form.close()
            self.refill()

        self.arbitre.run_operation(operation, done, then=after)

    # -- the event -------------------------------------------------------------------------

    def edit_event(self, at: str) -> None:
        ev = self._summary
        assert ev is not None
        shown = {key: value for key, _label, value in self._field_rows(ev)}
        form = Form(
            "Modifier l'événement",
            [
                FormField("name", "Nom", shown["name"], read_text("Nom de l'événement", True)),
                FormField("city", "Lieu", shown["city"], read_text("Lieu")),
                FormField("start", "Début", shown["start"], read_day, hint="JJ/MM/AAAA"),
                FormField("end", "Fin", shown["end"], read_day, hint="JJ/MM/AAAA"),
                FormField(
                    "federation", "Fédération", shown["federation"], read_federation, hint="FRA"
                ),
                FormField(
                    "chief_arbiter",
                    "Arbitre principal",
                    shown["chief_arbiter"],
                    read_text("Arbitre principal"),
                    hint="NOM Prénom",
                ),
                FormField(
                    "arbiters",
                    "Adjoints",
                    shown["arbiters"],
                    read_deputies,
                    hint="NOM Prénom, NOM Prénom…",
                ),
            ],
            lambda values, changed: self._save_event(form, values, changed),
            on_cancel=self.arbitre.cancelled,
            at=at,
        )
        self.app.push_screen(form)

    def _save_event(self, form: Form, values: dict[str, Any], changed: set[str]) -> None:
        from ...operations import setup

        for day in ("start", "end"):
            if day in changed and values[day] is None:
                form.refuse("Une date ne s'efface pas : écrivez-en une autre (JJ/MM/AAAA).")
                form.cursor = form._index(day)
                form.show()
                return
        fields = setup.EventFields(**{name: values[name] for name in changed})
        self._run(
            form,
            lambda s: setup.set_event(s, fields),
            done=lambda words: f"Événement : {', '.join(words)} — enregistré (ctrl+z annule)",
        )

    # -- sections ---------------------------------------------------------------------------

    def _section_fields(self, t: StoredTournament | None) -> list[FormField]:
        cadences = {typed_cadence(tc) for tc in t.time_controls.values()} if t else set()
        cadence = cadences.pop() if len(cadences) == 1 else ""
        return [
            FormField(
                "key",
                "Clé",
                t.key if t else "",
                read_key,
                hint="minuscules, ex. open-a",
                fixed=bool(t),
            ),
            FormField("name", "Nom", t.name if t else "", read_text("Nom du tournoi", True)),
            FormField(
                "system",
                "Système",
                system_word(t.system) if t else "suisse",
                read_system,
                choices=SYSTEMS,
                fixed=bool(t),
            ),
            FormField(
                "regulation",
                "Règlement",
                (section_settings(t).regulation or NO_REGULATION) if t else NO_REGULATION,
                read_regulation,
                choices=REGULATION_CHOICES,
                hint="aucun : règles FIDE",
            ),
            FormField(
                "rounds", "Rondes", str(t.rounds_planned) if t else "", read_rounds, hint="1 à 30"
            ),
            FormField(
                "cadence",
                "Cadence",
                cadence,
                read_cadence,
                hint="90+30, 120/40:60, 90/40+30:30+30"
                + (" ; vide : celles de chaque ronde" if t and len(cadences) > 1 else ""),
            ),
            FormField(
                "tiebreaks",
                "Départages",
                ",".join(t.tiebreaks) if t else "",
                read_tiebreaks,
                hint="codes C.07 séparés par des virgules ; vide : ceux du système",
            ),
        ]

    def action_add_section(self) -> None:
        form = Form(
            "Ajouter un tournoi",
            self._section_fields(None),
            lambda values, _changed: self._add_section(form, values),
            on_cancel=self.arbitre.cancelled,
        )
        self.app.push_screen(form)

    def _add_section(self, form: Form, values: dict[str, Any]) -> None:
        from ...operations import setup

        spec = setup.SectionSpec(
            key=values["key"],
            name=values["name"],
            system=values["system"],
            rounds=values["rounds"],
            cadence=values["cadence"],
            regulation=values["regulation"],
            tiebreaks=values["tiebreaks"],
        )
        self._run(
            form,
            lambda s: setup.add_section(s, spec),
            done=lambda t: (
                f"Tournoi ajouté : {t.name} ({t.key}), {t.rounds_planned} rondes "
                "— enregistré (ctrl+z annule)"
            ),
        )

    def _selected_section(self) -> StoredTournament | None:
        table = self.query_one("#event-sections", DataTable)
        if not table.row_count:
            return None
        key = str(table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value)
        return self.arbitre.reader.find(key)

    def edit_section(self, key: str) -> None:
        t = self.arbitre.reader.find(key)
        if t is None:
            return
        form = Form(
            f"Modifier le tournoi {t.name} ({t.key})",
            self._section_fields(t),
            lambda values, changed: self._save_section(form, t, values, changed),
            on_cancel=self.arbitre.cancelled,
        )
        self.app.push_screen(form)

    def _save_section(
        self, form: Form, t: StoredTournament, values: dict[str, Any], changed: set[str]
    ) -> None:
        from ...operations import setup

        if "regulation" in changed and values["regulation"] is None:
            form.refuse(
                "Un règlement ne se retire pas : supprimez le tournoi (Suppr) et "
                "ajoutez-le sans règlement."
            )
            return
        if "tiebreaks" in changed and values["tiebreaks"] is None:
            from ...rules.sections import DEFAULT_TIEBREAKS

            values["tiebreaks"] = list(DEFAULT_TIEBREAKS[t.system])
        given = {name: values[name] for name in changed if name in values}
        if "cadence" in given and given["cadence"] is None:
            del given["cadence"]  # emptied: each round keeps its own
        key = t.key
        self._run(
            form,
            lambda s: setup.edit_section(s, key, **given),
            done=lambda words: f"{t.name} : {', '.join(words)} — enregistré (ctrl+z annule)",
        )

    def action_remove_section(self) -> None:
        from .prompts import ConfirmPrompt

        t = self._selected_section()
        if t is None:
            self.arbitre.refuse("Aucun tournoi à supprimer.")
            return
        ev = self._summary
        count = next((s.players for s in ev.sections if s.key == t.key), 0) if ev else 0
        with_players = f" et ses {count} inscrit(s)" if count else ""
        key, name = t.key, t.name

        def remove() -> None:
            from ...operations import setup

            self._run(
                None,
                lambda s, confirm=False: setup.remove_section(s, key, confirm=True),
                done=f"Tournoi supprimé : {name} — enregistré (ctrl+z annule)",
            )

        self.app.push_screen(
            ConfirmPrompt(
                f"Supprimer le tournoi {name}{with_players} ?",
                remove,
                on_cancel=self.arbitre.cancelled,
            )
        )
