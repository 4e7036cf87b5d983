"""`arbitre export papi`: a section as a Papi file (issue 33, docs/papi.md)."""

from __future__ import annotations

import argparse

from .common import command, open_event, output


def cmd_export_papi(args: argparse.Namespace) -> int:
    """fichier Papi (Access/Jet 4) d'une section suisse ou toutes-rondes"""
    from ...operations import OperationError
    from ...operations.formats import format_of
    from ...publish.papi import jet, papi
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
        try:
            tables = papi.tables(event, t, players, games, format_of(t).papi_genre)
            papi.write(tables, out)
        except (ValueError, jet.JetError) as exc:
            raise OperationError(f"{t.name} : {exc}") from None
    finally:
        service.close()
    print(f"Fichier Papi écrit : {args.out} ({len(tables.joueur) - 1} joueurs).")
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """`papi` beside `trf` in the `export` group (declared by the Swiss commands)."""
    real = getattr(sub, "real", sub)  # main's _Only: just the command typed was built
    export = real.choices.get("export")
    if export is None:
        return
    esub = next(a for a in export._actions if isinstance(a, argparse._SubParsersAction))
    x = command(esub, "papi", cmd_export_papi, file="FICHIER")
    x.add_argument("section", metavar="SECTION")
    x.add_argument("out", metavar="SORTIE.papi")
