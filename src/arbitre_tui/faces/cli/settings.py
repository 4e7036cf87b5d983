"""`arbitre settings show|set`: every choice of a tournament, where its value comes from."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...operations import EventService
    from ...rules.models import StoredTournament

from .common import command, group, open_event, open_tournament, print_json


def cmd_show(args: argparse.Namespace) -> int:
    """tous les réglages"""
    from ...publish.address import base_url
    from ...rules.prize_text import prizes_text
    from ...rules.settings import (
        EVENT_SETTINGS,
        RETIRED,
        SETTINGS,
        applies,
        event_settings,
        listed,
        retired_in,
        section_settings,
        shown,
        where,
    )
    from ...views.reader import Reader

    service, t = open_tournament(args)
    section = section_settings(t)
    values = listed(section)
    if args.json:
        print_json(values)
        return 0
    print(f"Réglages de {t.name} (règlement {section.regulation or 'aucun'}) :")
    system = t.system.value
    hidden = 0
    for name, known in SETTINGS.items():
        # another system's setting (a Swiss's knockout decider) only with --tous, or
        # when the tournament wrote it
        if not (args.tous or applies(name, system) or where(t, name) == "tournoi"):
            hidden += 1
            continue
        print(f"  {name:<36} {shown(values[name]):<24} {where(t, name):<9} {known.help}")
    if section.prizes:  # the table as it is typed (rules/prize_text.py), whole
        print(f"  prix : {prizes_text(section.prizes)}")
    for name in retired_in(t):  # an older file: written, and read by nothing
        print(f"  {name:<36} {'(ignoré)':<24} {'retiré':<9} {RETIRED[name]}")
    if hidden:
        print(f"  ({hidden} réglages d'autres systèmes non listés : --tous)")
    venue = event_settings(Reader(service).event())
    print("Réglages de l'événement (toutes les sections) :")
    for name, value in listed(venue).items():
        if name == "base_url" and not value:
            value = f"{base_url(service)} (détectée)"
        print(f"  {name:<36} {shown(value):<24} {'':<9} {EVENT_SETTINGS[name].help}")
    return 0


def cmd_set(args: argparse.Namespace) -> int:
    """changer un réglage"""
    from ...operations import OperationError
    from ...rules.errors import RuleError
    from ...rules.settings import EVENT_SETTINGS, SETTINGS, parse, shown

    service = open_event(args.file)
    if args.name == "prizes" and not args.value.lstrip().startswith("["):  # not JSON
        return _set_prizes(service, service.tournament(args.tournoi), args.value)
    event_wide = args.name in EVENT_SETTINGS  # the venue's address: one for every section
    try:
        value = parse(args.name, args.value, EVENT_SETTINGS if event_wide else SETTINGS)
    except RuleError as exc:
        raise OperationError(exc.message) from None
    if event_wide:
        service.update_event_settings({args.name: value})
        said = "détectée automatiquement" if value is None else shown(value)
        print(f"Événement : {args.name} = {said} — enregistré (annulable : arbitre undo).")
        return 0
    t = service.tournament(args.tournoi)
    service.update_settings(t.key, {args.name: value})
    print(f"{t.name} : {args.name} = {shown(value)} — enregistré (annulable : arbitre undo).")
    return 0


def _set_prizes(service: EventService, t: StoredTournament, text: str) -> int:
    """« 300, 200, 100 », « 1re féminine=80:femme »: the table typed as it is said
    (rules/prize_text.py), with the categories it adds, in one journaled change."""
    from ...operations import OperationError
    from ...rules.errors import RuleError
    from ...rules.figures import euros
    from ...rules.prize_text import describe, prize_changes, reference_year
    from ...rules.settings import section_settings
    from ...views.reader import Reader

    s = section_settings(t)
    year = reference_year(s.age_reference_year, Reader(service).event().get("start_date"))
    try:
        changes = prize_changes(text, s.prize_settings, year)
    except RuleError as exc:
        raise OperationError(exc.message) from None
    service.update_settings(t.key, changes)
    table = changes["prizes"]
    print(f"{t.name} : {len(table)} prix — enregistré (annulable : arbitre undo).")
    for p in table:
        what = "trophée" if p.get("trophy") else "en nature" if p.get("goods") else None
        cat = f" (catégorie {p['category']})" if p.get("category") else ""
        print(f"  {p['label']:<28} {what or euros(p['amount'])}{cat}")
    for c in changes.get("prize_settings", {}).get("categories", [])[
        len(s.prize_settings.get("categories", [])) :
    ]:
        print(f"  catégorie ajoutée : {c['name']} ({describe(c)})")
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    ssub = group(
        sub,
        "settings",
        "réglages d'un tournoi : voir, modifier",
        "réglages d'un tournoi : chaque choix, sa valeur et d'où elle vient",
    )
    section = "le tournoi (section)"
    show = command(ssub, "show", cmd_show, file="FICHIER", tournament=section)
    put = command(ssub, "set", cmd_set, file="FICHIER", tournament=section)
    show.add_argument("--json", action="store_true", help="sortie JSON")
    show.add_argument(
        "--tous", action="store_true", help="aussi les réglages des autres systèmes (K.O., coupe…)"
    )
    put.add_argument("name", metavar="CLÉ_RÉGLAGE")
    put.add_argument("value", metavar="VALEUR", help="oui/non, nombre, texte, [8, 9], aucun")
