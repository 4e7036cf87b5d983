"""La fiche d'un joueur: every field `arbitre register` takes, typed at the keyboard.

Why: a walk-in who is on no rating list (a first licence, a visitor) is registered with
their sex, federation, FIDE id, title, birth date and club all the same — the lists'
search (`a` in Joueurs) falls back to this form when it finds nothing; and a registration
is corrected here (`F`), through operations.setup.edit_player, which re-checks eligibility
and says when a rating changed after a pairing. Each field is read by the CSV import's
own reader (rules.registration.FIELD_PARSERS): the same text means the same thing.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...rules.errors import RuleError
from .form import Form, FormField

if TYPE_CHECKING:
    from ...operations import EventService
    from ...rules.models import StoredPlayer

# (Player's field, label, what to type): the order of the CSV's columns that matter here
PERSON: tuple[tuple[str, str, str], ...] = (
    ("surname", "Nom", "tel quel, particule comprise (« de la Tour »)"),
    ("first_name", "Prénom", ""),
    ("rating_fide", "Elo FIDE", "ex. 1850 ; vide : aucun"),
    ("rating_ffe", "Elo FFE", "ex. 1720 ou 1720F ; vide : aucun"),
    ("birth_date", "Naissance", "JJ/MM/AAAA"),
    ("sex", "Sexe", "M ou F"),
    ("federation", "Fédération", "trois lettres (FRA)"),
    ("fide_id", "Id FIDE", "chiffres"),
    ("ffe_code", "Licence FFE", "ex. A12345"),
    ("title", "Titre", "GM, IM, FM, WGM, CM… ; vide : aucun"),
    ("club", "Club", ""),
    ("phone", "Téléphone", "jamais publié"),
    ("email", "Courriel", "jamais publié"),
)
YES_NO = ("oui", "non")


def _reader(name: str) -> Callable[[str], Any]:
    """The CSV's reader of that column, its refusal as a RuleError (French)."""
    from ...rules.registration import parse_fields

    def read(text: str) -> Any:
        if name == "surname" and not text.strip():
            raise RuleError("Le nom est vide : écrivez-le.")
        return parse_fields({name: text})[name]

    return read


def _shown(player: StoredPlayer | None, name: str) -> str:
    """A field as it is typed again (« 12/03/1990 », « M », « 1850 »)."""
    if player is None:
        return ""
    value = getattr(player, name)
    if value is None:
        return ""
    if isinstance(value, dt.date):
        return value.strftime("%d/%m/%Y")
    if name == "sex":
        return "F" if value == "w" else "M"
    return str(value.value if hasattr(value, "value") else value)


def _checked_in(text: str) -> bool:
    word = text.strip().lower()
    if word not in ("oui", "o", "non", "n"):
        raise RuleError(f"Pointé : « {text} » ne se lit pas (oui ou non).")
    return word.startswith("o")


def split_name(typed: str) -> tuple[str, str]:
    """What was typed in the lists' search, for the form: « DUPONT Jean » → (DUPONT,
    Jean); digits (an id, a licence) are not a name."""
    words = typed.split()
    if not words or any(c.isdigit() for c in typed):
        return "", ""
    return words[0], " ".join(words[1:])


def player_form(
    section: str,
    player: StoredPlayer | None,
    save: Callable[[Form, dict[str, Any], set[str]], object],
    *,
    typed: str = "",
    on_cancel: Callable[[], None] | None = None,
    number: int | None = None,
) -> Form:
    """The form: a new player of ``section`` (``player`` None; ``typed``: the name the
    lists did not find), or ``player`` to correct, titled with his ``number`` (the N°
    Joueurs shows and the commands take, issue 49.5)."""
    fields = [
        FormField(name, label, _shown(player, name), _reader(name), hint)
        for name, label, hint in PERSON
    ]
    if player is None:
        surname, first = split_name(typed)
        fields[0].value, fields[1].value = surname, first
        fields[6].value = "FRA"
        fields.append(
            FormField("checked_in", "Pointé", "oui", _checked_in, choices=YES_NO, hint="présent")
        )
        title = f"Inscrire un joueur en {section} (absent des listes Elo)"
        note = ""
    else:
        shown = f" (N° {number})" if number is not None else ""
        title = f"Fiche de {player.name}{shown} — {section}"
        note = "Corriger un champ ; le reste ne change pas."
    form = Form(
        title,
        fields,
        lambda values, changed: save(form, values, changed),
        on_cancel=on_cancel,
        note=note,
    )
    return form


def register_operation(key: str, values: dict[str, Any]) -> Callable[[EventService], str]:
    """`arbitre register` with every field (one operation: registered and, if said,
    checked in; one undo)."""

    def op(s: EventService, confirm: bool | str = False) -> str:
        from ...operations import OperationError
        from ...rules.models import Player
        from ...rules.validation import InputError, validated

        try:
            player = validated(Player, values)
        except InputError as exc:  # pydantic's English never reaches the arbiter
            raise OperationError(f"{exc.message} : rien n'a été inscrit.") from None
        # a probable double (same name and birth date) asks first; « o »: another person
        pid = s.register_player(key, player, homonym=bool(confirm))
        return numbered(s, key, pid)

    return op


def numbered(s: EventService, key: str, pid: int) -> str:
    """« NOM Prénom (N° 12) »: a player just registered, with the N° Joueurs now shows
    him under (issue 49.5; his registration is no number the arbiter types)."""
    from ...views.reader import Reader

    reader = Reader(s)
    with reader.consistent():
        number = reader.numbers(reader.tournament(key)).get(pid)
    return f"{s.player(pid).name} (N° {number if number is not None else '?'})"


def edit_operation(
    player_id: int, changes: dict[str, Any]
) -> Callable[[EventService], tuple[StoredPlayer, list[str]]]:
    """operations.setup.edit_player: the fields changed, nothing else."""

    def op(s: EventService, confirm: bool | str = False) -> tuple[StoredPlayer, list[str]]:
        from ...operations.setup import edit_player

        return edit_player(s, player_id, changes, homonym=bool(confirm))

    return op


def edited(result: tuple[StoredPlayer, list[str]]) -> str:
    """« Fiche de DUPONT Jean corrigée — enregistré » and what is worth saying."""
    player, notes = result
    return " ".join([f"Fiche de {player.name} corrigée — enregistré (ctrl+z annule).", *notes])


def list_search_prompt(
    question: str,
    on_answer: Callable[[str], object],
    find: Callable[[str], str | None],
    on_cancel: Callable[[], None],
) -> Any:
    """The lists' search of `a` in Joueurs: Entrée registers the player shown; with
    nothing found, or nothing typed, it hands over what was typed (the form opens)."""
    from .prompts import TextPrompt

    class ListSearch(TextPrompt):
        def answer(self) -> str | None:
            return self.buffer

    prompt = ListSearch(
        question,
        on_answer,
        find=find,
        on_cancel=on_cancel,
        nothing="absent des listes : Entrée ouvre la fiche",
    )
    prompt.hint = "Entrée inscrit (absent, ou vide : fiche complète) · ⌫ efface · Échap annule"
    return prompt
