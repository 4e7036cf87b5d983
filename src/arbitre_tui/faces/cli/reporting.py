"""`arbitre phones`: players' proposals from their phones, confirmed by the arbiter."""

from __future__ import annotations

import argparse

from .common import (
    FILE_HELP,
    PLAYER_HELP,
    TOURNAMENT_HELP,
    add_round,
    command,
    group,
    open_event,
    player_id,
    print_json,
    who,
)
from .errors import RESULT_DASH_WORDS, FrenchParser


def cmd_on(args: argparse.Namespace) -> int:
    """ouvrir la saisie par les joueurs (propositions depuis leur téléphone)"""
    from ...operations import reporting

    reporting.set_enabled(open_event(args.file), True)
    print("Saisie par les joueurs ouverte : leurs propositions attendent votre confirmation.")
    return 0


def cmd_off(args: argparse.Namespace) -> int:
    """fermer la saisie par les joueurs (le serveur reste en lecture seule)"""
    from ...operations import reporting

    reporting.set_enabled(open_event(args.file), False)
    print("Saisie par les joueurs fermée.")
    return 0


def cmd_codes(args: argparse.Namespace) -> int:
    """les codes des joueurs d'une ronde (un par joueur), pour l'arbitre"""
    from ...operations import reporting

    service = open_event(args.file)
    key = service.tournament(args.tournoi).key
    words = {"white": "blancs", "black": "noirs"}
    for c in reporting.codes(service, key, args.ronde):
        name = service.player(c.player_id).name
        print(f"{c.board:4d}  {words[c.side]:6s}  {c.code}  {name}")
    return 0


def cmd_status(args: argparse.Namespace) -> int:
    """les propositions en attente, échiquier par échiquier"""
    from ...operations import reporting

    service = open_event(args.file)
    key = service.tournament(args.tournoi).key
    states = reporting.round_states(service, key, args.ronde)
    checkins = reporting.pending_checkins(service, key)
    if args.json:
        print_json(
            {
                "boards": [
                    {
                        "board": s.board,
                        "label": s.label,
                        "agreed": s.agreed.value if s.agreed else None,
                        "conflict": s.conflict,
                        "same_phone": s.same_phone,
                    }
                    for s in states
                ],
                "checkins": checkins,
            }
        )
        return 0
    shown = [s for s in states if s.label]
    for s in shown:
        print(f"{s.board:4d}  {s.label}")
    print(f"{len(shown)} proposition(s) en attente ; {len(checkins)} pointage(s) proposé(s).")
    return 0


def cmd_confirm(args: argparse.Namespace) -> int:
    """confirmer un échiquier où les deux joueurs sont d'accord (sans échiquier : tous)"""
    from ...operations import reporting

    service = open_event(args.file)
    key = service.tournament(args.tournoi).key
    done = reporting.confirm(service, key, args.board, args.ronde)
    print(done.said() + ".")
    return 0


def cmd_propose(args: argparse.Namespace) -> int:
    """proposer un résultat comme le ferait un joueur depuis son téléphone

    proposer un résultat comme un joueur depuis son téléphone (son code de la ronde, qui
    dit qui il est) ; rien n'est enregistré avant la confirmation de l'arbitre.
    """
    from ...operations import reporting

    service = open_event(args.file)
    t = service.tournament(args.tournoi)
    rnd = service.current_round(t)
    number = args.ronde or (rnd.number if rnd else 1)
    state = reporting.propose_result(
        service,
        t.key,
        number,
        args.board,
        args.code,
        args.result,
        "ligne de commande",
    )
    print(f"Proposition notée ; échiquier {state.board} : {state.label or 'déjà saisi'}.")
    return 0


def cmd_checkin(args: argparse.Namespace) -> int:
    """proposer son pointage avec son code (avant la ronde 1)"""
    from ...operations import reporting

    service = open_event(args.file)
    pid = player_id(service, args.player, args.tournoi)
    reporting.propose_checkin(service, pid, args.code, "ligne de commande")
    print(f"Pointage proposé : {who(service, pid)} (l'arbitre le confirme).")
    return 0


def cmd_confirm_checkins(args: argparse.Namespace) -> int:
    """pointer tous les joueurs qui ont proposé leur pointage"""
    from ...operations import reporting

    service = open_event(args.file)
    count = reporting.confirm_checkins(service, service.tournament(args.tournoi).key)
    print(f"{count} joueur(s) pointé(s).")
    return 0


def cmd_player_code(args: argparse.Namespace) -> int:
    """le code personnel d'un joueur (pointage, puis sa page de saisie à chaque ronde)"""
    from ...operations import reporting

    service = open_event(args.file)
    print(reporting.player_code(service, player_id(service, args.player, args.tournoi)))
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    psub = group(
        sub, "phones", "saisie par les joueurs depuis leur téléphone, confirmée par l'arbitre"
    )
    command(psub, "on", cmd_on, file="FICHIER", file_help=FILE_HELP)
    command(psub, "off", cmd_off, file="FICHIER", file_help=FILE_HELP)
    p = command(
        psub, "codes", cmd_codes, file="FICHIER", file_help=FILE_HELP, tournament=TOURNAMENT_HELP
    )
    add_round(p)
    p = command(
        psub,
        "status",
        cmd_status,
        file="FICHIER",
        file_help=FILE_HELP,
        tournament=TOURNAMENT_HELP,
        json="sortie JSON",
    )
    add_round(p)
    p = command(
        psub,
        "confirm",
        cmd_confirm,
        file="FICHIER",
        file_help=FILE_HELP,
        tournament=TOURNAMENT_HELP,
    )
    p.add_argument("board", type=int, nargs="?", default=None, metavar="ÉCHIQUIER")
    add_round(p)
    p = command(
        psub,
        "propose",
        cmd_propose,
        file="FICHIER",
        file_help=FILE_HELP,
        tournament=TOURNAMENT_HELP,
    )
    if isinstance(p, FrenchParser):  # not when another command was typed (main._Only)
        p.dash_values = RESULT_DASH_WORDS  # `+-`, `-+` are results here, not options
    p.add_argument("board", type=int, metavar="ÉCHIQUIER")
    p.add_argument("code", metavar="CODE")
    p.add_argument("result", metavar="RÉSULTAT", help="1, =, 0, +- ou -+")
    add_round(p)
    p = command(
        psub,
        "checkin",
        cmd_checkin,
        file="FICHIER",
        file_help=FILE_HELP,
        tournament=TOURNAMENT_HELP,
    )
    p.add_argument("player", metavar="JOUEUR", help=PLAYER_HELP)
    p.add_argument("code", metavar="CODE")
    command(
        psub,
        "confirm-checkins",
        cmd_confirm_checkins,
        file="FICHIER",
        file_help=FILE_HELP,
        tournament=TOURNAMENT_HELP,
    )
    p = command(
        psub,
        "player-code",
        cmd_player_code,
        file="FICHIER",
        file_help=FILE_HELP,
        tournament=TOURNAMENT_HELP,
    )
    p.add_argument("player", metavar="JOUEUR", help=PLAYER_HELP)
