"""Les prix d'un tournoi (`m` in Classement's prize list): the table typed as the
organiser says it — « 300, 200, 100 » by place, « 1re féminine=80:femme » —, never JSON.

Why: the prize list was a JSON setting copied from a fixture (issue 49.8). Each line is
read by the rules' own reader (rules/prize_text.py, the one `arbitre settings set FILE
prizes` reads), so the same text means the same table in both faces; the change is one
journaled ``update_settings`` (the table, and the categories it adds), ctrl+z undoes it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...rules.prize_text import CATEGORY_WORDS, form_changes, reference_year, split_text
from ...rules.settings import section_settings
from .form import Form, FormField

if TYPE_CHECKING:
    from ...operations import EventService
    from ...rules.models import StoredTournament


def prize_form(
    service: EventService,
    t: StoredTournament,
    run: Callable[[Callable[[EventService], object], str, Form], object],
    on_cancel: Callable[[], None] | None = None,
) -> Form:
    """The form, filled with the section's table; ``run(operation, done, form)`` runs the
    change through the app and closes the form once it committed."""
    from ...views.reader import Reader

    s = section_settings(t)
    year = reference_year(s.age_reference_year, Reader(service).event().get("start_date"))
    current = dict(s.prize_settings)
    places, others = split_text(s.prizes)

    def changes(values: dict[str, str]) -> dict[str, Any]:
        return form_changes(values["places"], values["others"], current, year)

    def read_places(text: str) -> str:
        form_changes(text, "", current, year)
        return text

    def read_others(text: str) -> str:
        form_changes("", text, current, year)
        return text

    fields = [
        FormField("places", "Prix par place", places, read_places,
                  "montants dans l'ordre : 300, 200, 100 (centimes : 12,50 ; séparés par ;)"),
        FormField("others", "Autres prix", others, read_others,
                  f"nom=montant:catégorie ({CATEGORY_WORDS}) ; Coupe=trophée ; Lot=lot"),
    ]  # fmt: skip

    def save(values: dict[str, Any], changed: set[str]) -> None:
        if not changed:
            form.refuse("Rien à changer : modifiez une ligne, ou Échap.")
            return
        table = changes(values)
        count = len(table["prizes"])
        run(
            lambda svc: svc.update_settings(t.key, table),
            f"{t.name} : {count} prix — enregistré (ctrl+z annule)",
            form,
        )

    form = Form(
        f"Prix — {t.name}",
        fields,
        save,
        on_cancel=on_cancel,
        note="Partage Hort, prix non cumulables ; vide : aucun prix.",
    )
    return form
