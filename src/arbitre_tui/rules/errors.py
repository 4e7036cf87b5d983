"""Errors the rules raise, with a message an arbiter can read (French)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pydantic import ValidationError


class RuleError(ValueError):
    """An action the regulations forbid, or input that makes no sense.

    The message is shown to the arbiter as it is, so it is in French and says what
    to do where that is not obvious.
    """

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


# pydantic's checks said in French: its own messages are English and never reach the arbiter
_LABELS = {
    "surname": "le nom",
    "first_name": "le prénom",
    "name": "le nom",
    "city": "la ville",
    "federation": "la fédération",
    "club": "le club",
    "rating_fide": "le classement FIDE",
    "rating_ffe": "le classement FFE",
    "rating": "le classement",
    "birth_date": "la date de naissance",
    "fide_id": "l'identifiant FIDE",
    "ffe_code": "la licence FFE",
    "phone": "le téléphone",
    "email": "le courriel",
    "title": "le titre",
    "sex": "le sexe",
    "key": "la clé",
    "note": "la note",
    "rounds_planned": "le nombre de rondes",
    "board": "l'échiquier",
    "number": "le numéro",
}


def validation_message(exc: ValidationError) -> str:
    """The first fault of a pydantic ValidationError, in French (« le nom a plus de 60 … »)."""
    first = exc.errors()[0]
    loc = first["loc"]
    name = str(loc[0]) if loc else ""
    label = _LABELS.get(name, f"la valeur « {name} »" if name else "la valeur")
    ctx = first.get("ctx") or {}
    typed = first.get("input", "")
    if isinstance(typed, str) and any(0xD800 <= ord(c) <= 0xDFFF for c in typed):
        from .text import character_fault  # a byte that is not UTF-8 is its own fault

        return f"{label} : {character_fault(typed)}"
    from .text import shown as cut

    shown = cut(str(typed), 20)
    kind = first["type"]
    if kind == "string_too_long":
        return f"{label} a plus de {ctx.get('max_length')} caractères (« {shown} »)"
    if kind == "string_too_short":
        return f"{label} est trop court (« {shown} »)"
    if kind in ("less_than_equal", "less_than"):
        return f"{label} « {shown} » dépasse le maximum ({ctx.get('le', ctx.get('lt'))})"
    if kind in ("greater_than_equal", "greater_than"):
        return f"{label} « {shown} » est sous le minimum ({ctx.get('ge', ctx.get('gt'))})"
    if kind.startswith(("int_", "float_")):
        return f"{label} « {shown} » n'est pas un nombre"
    if kind.startswith(("date", "datetime")):
        return f"{label} « {shown} » n'est pas une date"
    return f"{label} « {shown} » n'est pas accepté"
