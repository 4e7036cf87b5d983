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
    ("ctrl+u", "vider la ligne (une adresse proposée : la taper la remplace)"),
    ("Échap", "annuler (« Annulé »)"),
    ("o / n", "oui / non à une confirmation"),
    ("autre touche", "annule la question, le dit, et ne fait rien d'autre"),
]

# every question the app asks, where it comes from, and the keys that answer it: a key
# answers only the question on screen; any other key cancels it (issue 29)
PROMPTS = [
    ("Remplacer un résultat ?", "o remplace · n garde (toute saisie)"),
    ("Aller à l'échiquier (Ronde g)", "chiffres, Entrée"),
    ("Forfait (Ronde f)", "b Blancs absents · n Noirs absents · d les deux"),
    ("Départage (Ronde d, K.O.)", "1 1-0 · 0 0-1 · = nulle (Armageddon)"),
    ("Écart de feuille (Ronde T)", "s garder la saisie · f garder la feuille"),
    ("Clôturer la ronde (Ronde x)", "o / n"),
    ("Début de ronde (Cadence d)", "hh:mm, Entrée (vide : maintenant)"),
    ("Aller à l'échiquier (Incidents g)", "chiffres, Entrée"),
    ("Manque de respect (Incidents !)", "b Blancs · n Noirs"),
    ("Perte, exclusion (Incidents)", "o / n"),
    ("Pointage (Joueurs /)", "début du nom, Entrée pointe, Échap termine"),
    (
        "Chercher un nom (ctrl+f : Joueurs, Incidents, Classement, match de coupe)",
        "lettres du nom (sans accents ni apostrophes), ctrl+f suivant, Entrée garde, Échap revient",
    ),
    ("Bye ½ (Joueurs h)", "numéro de ronde, Entrée"),
    ("Retirer, maintenir (Joueurs w, m)", "o / n"),
    ("Inscrire (Joueurs a)", "id FIDE, licence ou nom, Entrée"),
    ("Adresse des QR codes (QR a)", "l'adresse, Entrée (vide : détectée)"),
    ("Match : remise, transmis (V, t)", "hh:mm, Entrée"),
    ("Match : irrégularité, matériel (i, m)", "choix, puis o / n ou le motif"),
    ("Réglages (, puis Entrée)", "la valeur, Entrée"),
    ("Imprimer, barrage (ctrl+p)", "la lettre du choix"),
    ("Annuler un appariement, une clôture (ctrl+z)", "o / n"),
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

    def keys(binding: Binding) -> str:
        """« ctrl+c », not « ctrl+c,super+c » (the Mac's key is not the arbiter's)."""
        names = [key_name(k) for k in binding.key.split(",") if not k.startswith("super+")]
        return " / ".join(names)

    def rows(bindings: list[BindingType]) -> list[tuple[str, str]]:
        return [(keys(b), b.description) for b in bindings if isinstance(b, Binding)]

    text = Text("Touches — Échap, ? ou q pour fermer ; ↑ ↓ pour défiler\n", style="bold")
    text += section(heading, rows(own))
    if app:
        text += section("Application", rows(app))
    text += section("Dans le tableau", rows(TABLE_BINDINGS))
    text += section("Dans une question", PROMPT_KEYS)
    text += Text("\nLes questions et leurs réponses\n", style="bold underline")
    for question, answers in PROMPTS:
        text.append(f"  {question}\n", style="bold")
        text.append(f"      {answers}\n")
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
