"""`arbitre export papi`: a section as a Papi file; `arbitre import papi`: a Papi
tournament as a new event (issue 33, docs/papi.md)."""

from __future__ import annotations

import argparse
from pathlib import Path

from .common import command, group, open_event, output


def cmd_export_papi(args: argparse.Namespace) -> int:
    """fichier Papi (Access/Jet 4) d'une section suisse ou toutes-rondes"""
    from ...operations import OperationError
    from ...operations.formats import format_of
    from ...publish.papi import jet, papi
    from ...publish.whole import write_whole
    from ...views.reader import Reader

    out = output(args.out, args.file)
    service = open_event(args.file)
    try:
        reader = Reader(service)
        with reader.consistent():
            event = reader.event()
            t = service.tournament(args.section)
            players = reader.players(t)
            games = reader.all_games(t)
            dates = {r.number: r.start_time.date() for r in reader.rounds(t)
                     if r.start_time is not None}  # fmt: skip
        try:
            tables = papi.tables(event, t, players, games, format_of(t).papi_genre, dates)
            if tables.shortened and not args.confirm:
                raise OperationError(
                    "Papi ne garde que 20 caractères du nom et du prénom : "
                    + " ; ".join(tables.shortened)
                    + ". Relancez avec --confirm pour écrire ces noms raccourcis ; "
                    "aucun fichier n'est écrit."
                )
            if tables.replaced and not args.confirm:  # Papi would show « ?? » (53.4)
                raise OperationError(
                    "Papi n'affiche pas les caractères hors du plan de base d'Unicode (émojis "
                    "et autres) : il les montrerait « ?? ». Concerné(s) : "
                    + " ; ".join(tables.replaced)
                    + ". Relancez avec --confirm pour les écrire remplacés par « ? » ; aucun "
                    "fichier n'est écrit."
                )
            left_out: list[str] = []

            def write(path: Path) -> None:  # whole or not at all (issue 53.9)
                left_out.extend(papi.write(tables, path))

            write_whole(out, write)
        except (ValueError, jet.JetError) as exc:
            raise OperationError(f"{t.name} : {exc}") from None
    finally:
        service.close()
    print(f"Fichier Papi écrit : {args.out} ({len(tables.joueur) - 1} joueurs).")
    for name in tables.shortened:
        print(f"Nom raccourci (20 caractères dans Papi) : {name}")
    for text in tables.replaced:
        print(f"Caractère remplacé par « ? » (Papi ne l'affiche pas) : {text}")
    if left_out:  # a name with œ, ß…: Jet's key for it is not known here (docs/papi.md)
        print(
            f"Index non écrit(s) : {', '.join(left_out)} (un nom a un caractère — œ, ß "
            "ou autre — dont la clé de tri de Jet n'est pas connue ici)."
        )
    return 0


def cmd_import_papi(args: argparse.Namespace) -> int:
    """un tournoi Papi (.papi) devient un événement, pour le continuer ici

    Le tournoi (nom, lieu, dates, rondes, système suisse ou toutes rondes), ses joueurs
    et chaque ronde jouée (couleurs, adversaires, résultats) sont lus par mdbtools et
    écrits dans un nouveau fichier d'événement, en une seule opération ; les rondes
    complètes sont closes : `arbitre pair` apparie la suivante.
    """

    from ...operations.papi import import_event

    papi = import_event(Path(args.papi), Path(args.event), args.cle)
    print(
        f"Événement créé : {args.event} — {papi.section}, {len(papi.players)} joueurs, "
        f"{len(papi.rounds)} ronde(s) importée(s) dont {len(papi.complete)} close(s)."
    )
    for note in papi.notes:
        print(f"Attention : {note}")
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """`papi` beside `trf` in the `export` group (declared by the Swiss commands)."""
    real = getattr(sub, "real", sub)  # main's _Only: just the command typed was built
    imp = group(sub, "import", "imports : un tournoi Papi", metavar="QUOI")
    i = command(imp, "papi", cmd_import_papi)
    i.add_argument("papi", metavar="FICHIER.papi", help="le fichier du tournoi Papi")
    i.add_argument("event", metavar="EVENEMENT.sqlite", help="le nouvel événement (créé)")
    i.add_argument(
        "--cle", default="papi", metavar="CLÉ", help="la clé du tournoi créé (défaut : papi)"
    )
    export = real.choices.get("export")
    if export is None:
        return
    esub = next(a for a in export._actions if isinstance(a, argparse._SubParsersAction))
    x = command(esub, "papi", cmd_export_papi, file="FICHIER")
    x.add_argument("section", metavar="SECTION")
    x.add_argument("out", metavar="SORTIE.papi")
    x.add_argument(
        "--confirm",
        action="store_true",
        help="écrire les noms plus longs que les 20 caractères de Papi, raccourcis",
    )
