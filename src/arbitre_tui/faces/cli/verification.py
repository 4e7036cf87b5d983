"""`arbitre verify`, `arbitre settle`: the round's results typed again from the signed
score sheets, and the écarts settled before the round closes."""

from __future__ import annotations

import argparse

from .common import add_round, command, open_tournament
from .errors import RESULT_DASH_WORDS, FrenchParser


def cmd_verify(args: argparse.Namespace) -> int:
    """vérifier les résultats sur les feuilles signées (seconde saisie)

    seconde saisie d'un résultat lu sur la feuille de partie signée ; sans échiquier : l'état de la
    vérification de la ronde
    """
    from ...operations.verification import verify_result
    from ...views.reader import Reader
    from ...views.round_sheet import build

    service, t = open_tournament(args)
    if args.board is not None:
        if args.result is None:
            from ...operations import OperationError

            raise OperationError("le résultat lu sur la feuille manque (1, =, 0, +-, -+, --).")
        done = verify_result(service, t.key, args.board, args.result, args.ronde)
        if done.agrees:
            print(f"Échiquier {done.board} : {done.sheet.label} — conforme à la feuille.")
        else:
            print(
                f"Échiquier {done.board} : ÉCART — saisi {done.entered.label}, feuille "
                f"{done.sheet.label}. Tranchez : arbitre settle … {done.board} saisie|feuille"
            )
        return 0
    sheet = build(Reader(service), t, args.ronde)
    if not sheet.number:
        print("Aucune ronde appariée.")
        return 0
    print(
        f"{t.name} — ronde {sheet.number} : {sheet.checked}/{sheet.games} feuilles conformes, "
        f"{len(sheet.differing)} écart(s)"
    )
    for b in sheet.boards:
        if b.black is not None:
            print(f"  {b.board:3d}  {b.result_label or '…':^5} {b.checked or 'à vérifier'}")
    return 0


def cmd_settle(args: argparse.Namespace) -> int:
    """trancher un écart entre la saisie et la feuille

    trancher un écart : garder la saisie ou la feuille signée
    """
    from ...operations.verification import settle_result

    service, t = open_tournament(args)
    game = settle_result(service, t.key, args.board, args.keep, args.ronde)
    assert game.result is not None
    print(f"Échiquier {game.board} : {game.result.label} retenu ({args.keep}).")
    return 0


def cmd_appeal(args: argparse.Namespace) -> int:
    """noter un appel contre une décision de l'arbitre (procès-verbal)

    noter un appel contre une décision de l'arbitre, pour le procès-verbal
    """
    from ...operations.verification import record_appeal

    service, t = open_tournament(args)
    number = record_appeal(service, t.key, args.text, args.ronde)
    print(f"Appel n° {number} noté (procès-verbal du tournoi).")
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    v = command(sub, "verify", cmd_verify, file="FICHIER", tournament="la section")
    if isinstance(v, FrenchParser):  # not when another command is typed (main._Ignored)
        v.dash_values = RESULT_DASH_WORDS  # `-+`, `--` are results here, not options
    v.add_argument("board", type=int, nargs="?", metavar="ÉCHIQUIER")
    v.add_argument("result", nargs="?", metavar="RÉSULTAT", help="1, =, 0, +-, -+, --")
    add_round(v)
    s = command(sub, "settle", cmd_settle, file="FICHIER", tournament="la section")
    s.add_argument("board", type=int, metavar="ÉCHIQUIER")
    s.add_argument("keep", choices=["saisie", "feuille"], metavar="saisie|feuille")
    add_round(s)
    a = command(sub, "appeal", cmd_appeal, file="FICHIER", tournament="la section")
    a.add_argument("text", metavar="TEXTE", help="qui fait appel, de quelle décision, la suite")
    add_round(a)
