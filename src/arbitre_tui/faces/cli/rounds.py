"""`arbitre checkin`, `pair`, `round`, `result`, `print-round`, `incident`, `close-round`,
`round-start`, `cadence` and `draws`: a round's life, from the check-in to its close."""

from __future__ import annotations

import argparse
import datetime as dt
import sys
from typing import Any

from .common import (
    PLAYER_HELP,
    add_file,
    add_round,
    add_tournament,
    board_said,
    command,
    number_of,
    open_event,
    open_tournament,
    output,
    player_id,
    print_json,
    who,
    write_out,
)
from .errors import RESULT_DASH_WORDS, FrenchParser, moment

INCIDENT_ALIASES = {
    "illegal": "illegal_move",
    "illegal_move": "illegal_move",
    "coup": "illegal_move",
    "ring": "device_ring",
    "sonnerie": "device_ring",
    "device_ring": "device_ring",
    "device": "device_use",
    "appareil": "device_use",
    "device_use": "device_use",
    "respect": "disrespect",
    "irrespect": "disrespect",
    "disrespect": "disrespect",
    "late": "lateness",
    "retard": "lateness",
    "lateness": "lateness",
    "other": "other",
    "controle": "check_refused",
    "refus-controle": "check_refused",
    "check_refused": "check_refused",
}


def cmd_checkin(args: argparse.Namespace) -> int:
    """pointer un joueur"""
    service = open_event(args.file)
    pid = player_id(service, args.player, args.tournoi)
    player, checked = service.player(pid), not args.cancel
    if player.checked_in == checked:  # nothing to write: the file stays as it is
        state = "déjà pointé(e)" if checked else "pas pointé(e)"
        print(f"{who(service, pid)} : {state}, rien n'a changé.")
        return 0
    note = service.check_in(pid, checked)
    print(("Pointage annulé" if args.cancel else "Pointé") + f" : {who(service, pid)}")
    if note:  # 002: an unpaid entry is not final
        print(f"Attention : {note}", file=sys.stderr)
    return 0


def cmd_pair(args: argparse.Namespace) -> int:
    """apparier la ronde suivante"""
    from ...operations.registration import not_final_entries
    from ...rules.open_rules import unpaid_warning

    service, t = open_tournament(args)
    if not args.sans_non_pointes:  # round 1 leaves no one aside without a word (49.7)
        from ...operations import OperationError
        from ...operations.rounds import left_out_of_round_one

        question = left_out_of_round_one(service, t.key)
        if question is not None:
            raise OperationError(
                f"{question} Rien n'est apparié : --sans-non-pointes pour apparier sans "
                "eux, ou arbitre checkin FICHIER JOUEUR pour les pointer."
            )
    rnd = service.pair_round(t.key, seed=args.seed, exempt_holes=args.exempt_holes)
    print(f"{t.name} : ronde {rnd.number} appariée.")
    _print_round(_round_sheet(service, t, rnd.number))
    if unpaid := not_final_entries(service, t.key):  # 002: not final until paid
        print(f"Attention : {unpaid_warning(unpaid)}", file=sys.stderr)
    return 0


def _print_round(sheet: Any) -> None:
    for b in sheet.boards:
        black = b.black.name if b.black else (b.bye_label or "exempt")
        print(f"  {b.board:3d}  {b.white.name:<30} {b.result_label or '…':^5} {black}")
    for p in sheet.sitting_out:  # a round robin's rest (issue 29.6)
        print(f"    —  {p.name:<30} {'':^5} ne joue pas")


def _round_sheet(service: Any, t: Any, number: int | None = None) -> Any:
    from ...views.reader import Reader
    from ...views.round_sheet import build

    return build(Reader(service), t, number)


def cmd_round(args: argparse.Namespace) -> int:
    """afficher les appariements d'une ronde"""
    from ...views.reader import as_json

    service, t = open_tournament(args, read_only=True)
    sheet = _round_sheet(service, t, args.ronde)
    if args.json:  # the boards, each with its players, result and labels; [] when none
        print_json(as_json(sheet.boards))
        return 0
    if not sheet.number:
        print("Aucune ronde appariée.")
        return 0
    print(f"{t.name} — ronde {sheet.number}{' (close)' if sheet.closed else ''}")
    _print_round(sheet)
    return 0


def cmd_print_round(args: argparse.Namespace) -> int:
    """appariements d'une ronde, page imprimable (HTML A4)"""
    from ...publish.html.pairings import round_html

    service = open_event(args.file)
    out = output(args.out, args.file)
    write_out(out, round_html(service, args.tournoi, args.ronde))
    print(f"Appariements imprimables : {args.out}")
    return 0


def cmd_result(args: argparse.Namespace) -> int:
    """saisir un résultat"""
    from ...operations.event import forfeit_side

    service, t = open_tournament(args)
    if side := forfeit_side(args.result):  # a forfeit: `absent`'s one path (issue 35)
        done = service.forfeit(
            t.key, args.board, side, round_number=args.ronde, confirm=args.confirm
        )
        assert done.game.result is not None
        print(f"{board_said(service, done.game, done.game.result.label)} (forfait) : enregistré.")
        for pid in done.excluded:
            print(
                f"  {who(service, pid)} exclu des rondes suivantes (arbitre keep "
                f"{number_of(service, pid)} -t {t.key} pour le garder)"
            )
        return 0
    game = service.record_result(t.key, args.board, args.result, args.ronde, confirm=args.confirm)
    shown = game.result.label if game.result else args.result  # always set once recorded
    if service.journal.last_args.get("unchanged"):  # journaled all the same (issue 29.4)
        print(f"{board_said(service, game, shown)} : inchangé (déjà saisi).")
        return 0
    print(f"{board_said(service, game, shown)} : enregistré.")
    return 0


def cmd_incident(args: argparse.Namespace) -> int:
    """noter un incident (coup illégal, appareil, retard)"""
    from ...operations import OperationError
    from ...operations.formats import format_of

    service, t = open_tournament(args)
    kind = INCIDENT_ALIASES.get(args.kind, args.kind)
    if format_of(t).by_teams:  # a cup's board is a match's (issue 30.23)
        from ...operations import cup

        if args.match is None:
            raise OperationError(
                f"{t.name} se joue par matchs : précisez le match (--match N ; les matchs "
                "du tour : arbitre cup status)."
            )
        iid = cup.record_incident(
            service, t.key, args.match, args.board, args.colour, kind, args.note,
            confirm=args.confirm,
        )  # fmt: skip
        print(f"Incident n° {iid} enregistré.")
        return 0
    if args.match is not None:
        raise OperationError(f"--match : pour une coupe seulement ({t.name} se joue par rondes).")
    iid = service.record_incident(
        t.key, args.board, args.colour, kind, args.note, args.ronde, confirm=args.confirm
    )
    print(f"Incident n° {iid} enregistré.")
    return 0


def cmd_close_round(args: argparse.Namespace) -> int:
    """clôturer la ronde (et sauvegarder)"""
    service, t = open_tournament(args)
    out = service.close_round(t.key, args.ronde)
    print(f"Ronde close ; sauvegarde {out}")
    return 0


def cmd_round_start(args: argparse.Namespace) -> int:
    """noter l'heure de début de la ronde"""
    service, t = open_tournament(args)
    when = args.when or dt.datetime.now().replace(microsecond=0)
    service.set_round_start(t.key, when, args.ronde)
    print(f"Début de ronde : {when.isoformat(timespec='minutes')}")
    return 0


def cmd_cadence(args: argparse.Namespace) -> int:
    """la cadence : horaires des rondes, ronde en cours, parties en cours"""
    from ...views.clock_board import build
    from ...views.reader import Reader, as_json

    service, t = open_tournament(args, read_only=True)
    now = args.when or dt.datetime.now().replace(microsecond=0)
    board = build(Reader(service), t, now)
    if args.json:
        print_json({**as_json(board), "clock": board.clock_lines(now)})
        return 0
    print(board.title)
    for line in board.clock_lines(now):
        print(f"  {line}")
    if not board.rows:
        print("  Aucune cadence définie.")
    for r in board.rows:  # the Cadence pane's columns
        print(f"  {r.number:>3}  {r.stage:<15} {r.cadence:<14} {r.start:<12} {r.end:<12} {r.flag}")
    print(board.playing_title)
    for g in board.playing:
        print(f"  {g.board:>4}  {g.white} – {g.black}")
    return 0


def cmd_draws(args: argparse.Namespace) -> int:
    """lister les tirages au sort et les rejouer"""
    from ...views.draws import build
    from ...views.reader import Reader

    view = build(Reader(open_event(args.file)), None)
    for d in view.draws:
        print(
            f"{d.id:4d} {d.at} {d.purpose:<26} {d.kind:8} graine {d.seed:<20} "
            f"{'rejoué : identique' if d.same else 'REJOUÉ : DIFFÉRENT'}"
        )
    return 0 if all(d.same for d in view.draws) else 3


def _round_of_section(p: argparse.ArgumentParser) -> argparse.ArgumentParser:
    add_file(p)
    add_tournament(p)
    add_round(p)
    return p


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = command(sub, "checkin", cmd_checkin)
    add_file(p)
    p.add_argument("player", metavar="JOUEUR", help=PLAYER_HELP)
    p.add_argument("--cancel", action="store_true", help="annuler le pointage")
    add_tournament(p)
    p = command(sub, "pair", cmd_pair)
    add_file(p)
    add_tournament(p)
    p.add_argument(
        "--seed", type=int, default=None, help="graine imposée du tirage (rejouer un tirage)"
    )
    p.add_argument(
        "--exempt-holes",
        action="store_true",
        help="K.O. : qualifier l'adversaire d'un trou que personne n'a comblé",
    )
    p.add_argument(
        "--sans-non-pointes",
        action="store_true",
        help="ronde 1 : apparier sans les inscrits non pointés (sinon refusé)",
    )
    p = command(sub, "round", cmd_round)
    add_file(p)
    p.add_argument("--json", action="store_true", help="sortie JSON complète")
    add_tournament(p)
    add_round(p)
    _result(command(sub, "result", cmd_result))
    p = command(sub, "print-round", cmd_print_round)
    add_file(p)
    p.add_argument("out", metavar="SORTIE.html", help="page HTML à imprimer (A4)")
    add_tournament(p)
    add_round(p)
    _incident(command(sub, "incident", cmd_incident))
    _round_of_section(command(sub, "close-round", cmd_close_round))
    p = _round_of_section(command(sub, "round-start", cmd_round_start))
    p.add_argument(
        "--when",
        type=moment,
        default=None,
        help="JJ/MM/AAAA HH:MM ou AAAA-MM-JJTHH:MM (défaut : maintenant)",
    )
    p = command(sub, "cadence", cmd_cadence)
    add_file(p)
    add_tournament(p)
    p.add_argument("--json", action="store_true", help="sortie JSON complète")
    p.add_argument(
        "--when",
        type=moment,
        default=None,
        help="à l'heure JJ/MM/AAAA HH:MM (défaut : maintenant)",
    )
    add_file(command(sub, "draws", cmd_draws))


def _result(p: argparse.ArgumentParser) -> None:
    if isinstance(p, FrenchParser):  # not when another command was typed (main._Only)
        p.dash_values = RESULT_DASH_WORDS  # `-+`, `--` are results here, not options
    add_file(p)
    p.add_argument("board", type=int, metavar="ÉCHIQUIER")
    p.add_argument(
        "result",
        metavar="RÉSULTAT",
        help="1 (ou 1-0), = (1/2, nulle), 0 (0-1), +- (forfait-noirs), -+ (forfait-blancs), "
        "-- (double-forfait)",
    )
    add_tournament(p)
    add_round(p)
    p.add_argument("--confirm", action="store_true", help="remplacer un résultat déjà saisi")


def _incident(p: argparse.ArgumentParser) -> None:
    add_file(p)
    p.add_argument("board", type=int, metavar="ÉCHIQUIER")
    p.add_argument(
        "kind",
        choices=sorted(INCIDENT_ALIASES),
        metavar="TYPE",
        help="illegal (coup illégal), ring (sonnerie), device (usage d'appareil), "
        "respect (manque de respect envers l'arbitre), late (retard), controle (refus de "
        "contrôle anti-triche), other (autre)",
    )
    p.add_argument("colour", choices=["white", "black", "blancs", "noirs"], metavar="COULEUR")
    p.add_argument("--note", default="", help="texte libre joint à l'incident")
    p.add_argument(
        "--confirm",
        action="store_true",
        help="confirmer la perte de la partie (coup illégal de trop, usage d'appareil)",
    )
    p.add_argument(
        "--match",
        type=int,
        metavar="MATCH",
        help="coupe : le match du tour (ÉCHIQUIER est alors l'échiquier 1 à 4 du match)",
    )
    add_tournament(p)
    add_round(p)
