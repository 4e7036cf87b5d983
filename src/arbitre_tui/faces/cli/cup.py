"""`arbitre cup …`: the Coupe d'Alsace from the command line."""

from __future__ import annotations

import argparse
import datetime as dt
from typing import Any

from . import errors
from .common import (
    PLAYER_HELP,
    command,
    group,
    open_event,
    open_tournament,
    output,
    player_id,
    print_json,
    who,
    write_out,
)


def cmd_draw(args: argparse.Namespace) -> int:
    """tirer au sort le tour suivant (exempts, recevants)"""
    from ...operations import cup

    service = open_event(args.file)
    number = cup.draw(service, args.tournoi, args.seed)
    print(f"Tour {number} tiré au sort.")
    return cmd_status(args)


def cmd_status(args: argparse.Namespace) -> int:
    """matchs et vainqueurs"""
    from ...operations import cup
    from ...views.cup import build
    from ...views.reader import Reader, as_json

    service = open_event(args.file)
    view = build(Reader(service), cup.cup_of(service, args.tournoi))
    if getattr(args, "json", False):
        print_json(as_json(view.matches))
        return 0
    if not view.matches:  # before the first draw: said, not an empty output
        print("Aucun tour tiré : arbitre cup draw FICHIER tire le premier.")
        return 0
    for m in view.matches:
        print(
            f"T{m.round} M{m.number:<2} {m.home:<32} – {m.away or 'exempt':<32} → "
            f"{m.winner or '…'} {m.reason or ''}".rstrip()
        )
        if m.colours:
            print(f"       {m.colours}")
    return 0


def cmd_lineup(args: argparse.Namespace) -> int:
    """remettre une composition (ordre des échiquiers)"""
    from ...operations import cup
    from ...views.reader import Reader

    service = open_event(args.file)
    at = None
    if args.heure:
        from ...operations import OperationError
        from ...rules.schedule import parse_time

        moment = parse_time(args.heure, lambda: dt.datetime.now().time())
        if moment is None:
            raise OperationError(f"Heure « {args.heure} » illisible : hh:mm (ex. 8:40).")
        at = dt.datetime.combine(dt.date.today(), moment)
    t = cup.cup_of(service, args.tournoi)
    roster = {p.id for p in Reader(service).players(t) if p.team_id == args.team}
    pids = [player_id(service, typed, t.key, among=roster) for typed in args.players]
    cup.hand_in_lineup(service, t.key, args.match, args.team, pids, at)
    when = f" à {at:%H:%M}" if at else ""
    print(f"Composition de l'équipe {args.team} remise{when} pour le match {args.match} :")
    for board, pid in enumerate(pids, 1):
        print(f"  échiquier {board} : {who(service, pid)}")
    return 0


def cmd_result(args: argparse.Namespace) -> int:
    """résultat d'un échiquier (point de vue du recevant)"""
    from ...operations import cup
    from ...rules.figures import half

    service = open_event(args.file)
    decided = cup.record_board(
        service, args.tournoi, args.match, args.board, args.result, confirm=args.confirm
    )
    if decided.get("unchanged"):  # journaled all the same: undo takes it (issue 29.4)
        print(f"Match {args.match}, échiquier {args.board} : inchangé (déjà saisi).")
        return 0
    print(f"Match {args.match}, échiquier {args.board} : enregistré.")
    if decided:
        print(
            f"Résultat du match : {half(decided['score'][0])}–{half(decided['score'][1])} "
            f"({decided['reason']})"
        )
    return 0


def cmd_unconfirm(args: argparse.Namespace) -> int:
    """retirer les confirmations du procès-verbal (pour corriger un échiquier)"""
    from ...operations import cup

    service = open_event(args.file)
    who = cup.withdraw_confirmations(service, args.tournoi, args.match)
    print(f"Match {args.match} : confirmations retirées ({', '.join(who)}).")
    return 0


def cmd_director(args: argparse.Namespace) -> int:
    """décision du directeur (finale toute nulle)"""
    from ...operations import cup

    service = open_event(args.file)
    cup.director_decision(service, args.tournoi, args.match, args.team, args.note)
    print("Décision du directeur enregistrée.")
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    """heure de transmission du résultat (minuit : art. 3.9)"""
    from ...operations import cup

    service = open_event(args.file)
    when = args.when or dt.datetime.now().replace(microsecond=0)
    day = args.match_day or when.date()
    late = cup.report(service, args.tournoi, args.match, when, day)
    print(
        "Transmis après minuit : l'équipe se déplacera au tour suivant."
        if late
        else "Transmis à temps."
    )
    return 0


def cmd_confirm(args: argparse.Namespace) -> int:
    """confirmation du procès-verbal"""
    from ...operations import cup

    service = open_event(args.file)
    cup.confirm(service, args.tournoi, args.match, args.who)
    print(f"Confirmation enregistrée : {args.who}.")
    return 0


def cmd_sheet(args: argparse.Namespace) -> int:
    """procès-verbal imprimable (HTML A4)"""
    from ...publish.html.match_sheet import sheet_html

    service = open_event(args.file)
    write_out(output(args.out, args.file), sheet_html(service, args.tournoi, args.match))
    print(f"Procès-verbal : {args.out} (HTML A4, à imprimer ou enregistrer en PDF)")
    return 0


def cmd_breach(args: argparse.Namespace) -> int:
    """irrégularité de composition : match perdu pour l'équipe"""
    from ...operations import cup_sanctions

    service = open_event(args.file)
    cup_sanctions.breach(service, args.tournoi, args.match, args.team, args.reason)
    print("Irrégularité enregistrée : match perdu pour cette équipe.")
    return 0


def cmd_equipment(args: argparse.Namespace) -> int:
    """matériel manquant : forfait administratif échiquier 4 puis 3"""
    from ...operations import cup_sanctions

    service = open_event(args.file)
    cup_sanctions.equipment_missing(service, args.tournoi, args.match, args.team, args.boards)
    print("Forfait administratif enregistré (échiquier 4, puis 3).")
    return 0


def cmd_honours(args: argparse.Namespace) -> int:
    """palmarès ; --season et --club pour ajouter un vainqueur"""
    from ...operations import cup_honours

    service = open_event(args.file)
    from ...rules.cup import trophies

    roll, _kept = cup_honours.honours(service, args.tournoi, args.season, args.club, args.finaliste)
    for season, club in roll:
        print(f"  {season}  {club}")
    read = trophies(roll)
    for season, club in read.kept:
        print(f"{club} a gagné trois fois ({season}) : le club garde la Coupe ; nouveau trophée.")
    if read.at_stake:
        wins = ", ".join(f"{club} {n}" for club, n in sorted(read.at_stake.items()))
        print(f"Trophée en jeu : {wins} victoire(s).")
    return 0


def cmd_team(args: argparse.Namespace) -> int:
    """engager une équipe d'un club (autant qu'il en veut)"""
    service, t = open_tournament(args)
    team = service.enter_team(t.key, args.club, args.nom)
    print(f"Équipe engagée : {team.name} (n° {team.id}, équipe {team.number} du club).")
    print("Son effectif : arbitre import avec la colonne « equipe ».")
    return 0


def cmd_transfer(args: argparse.Namespace) -> int:
    """changer d'équipe (du même club) un joueur qui n'a pas encore joué (art. 3.1)"""
    from ...operations import cup
    from ...operations.cup_roster import move_to_team

    service = open_event(args.file)
    key = cup.cup_of(service, args.tournoi).key
    pid = player_id(service, args.player, key)
    name = move_to_team(service, key, pid, args.team)
    print(f"{who(service, pid)} désormais dans l'équipe {name} (arbitre undo l'annule).")
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    csub = group(
        sub,
        "cup",
        "Coupe d'Alsace : tirage, compositions, résultats, procès-verbal",
        "Coupe d'Alsace (règlement 004)",
    )

    def base(name: str, func: Any) -> argparse.ArgumentParser:
        """Every cup action takes the file, then the cup when the file holds several."""
        cup = "la coupe (défaut : la seule du fichier)"
        return command(csub, name, func, file="FICHIER", tournament=cup)

    te = base("team", cmd_team)
    te.add_argument("club", metavar="CLUB")
    te.add_argument("--nom", default=None, help="nom de l'équipe (défaut : CLUB N)")
    tr = base("transfer", cmd_transfer)
    tr.add_argument("player", metavar="JOUEUR", help=PLAYER_HELP)
    tr.add_argument("team", type=int, metavar="ÉQUIPE", help="numéro de l'équipe d'arrivée")
    d = base("draw", cmd_draw)
    d.add_argument("--seed", type=int, default=None, help="graine imposée (rejouer un tirage)")
    s = base("status", cmd_status)
    s.add_argument("--json", action="store_true", help="sortie JSON")
    lu = base("lineup", cmd_lineup)
    lu.add_argument("match", type=int, metavar="MATCH")
    lu.add_argument("team", type=int, metavar="ÉQUIPE")
    lu.add_argument(
        "players",
        nargs="+",
        metavar="JOUEUR",
        help="N° (colonne N° de l'écran du match) ou morceau du nom, échiquier 1 d'abord",
    )
    lu.add_argument(
        "--heure", default=None, metavar="HH:MM", help="heure de remise (défaut : maintenant)"
    )
    r = base("result", cmd_result)
    r.add_argument("match", type=int, metavar="MATCH")
    r.add_argument("board", type=int, metavar="ÉCHIQUIER")
    r.add_argument(
        "result", metavar="RÉSULTAT", help="1-0, X, 0-1, F-1 (forfait recevant), 1-F, F-F"
    )
    r.add_argument("--confirm", action="store_true", help="remplacer un résultat déjà saisi")
    un = base("unconfirm", cmd_unconfirm)
    un.add_argument("match", type=int, metavar="MATCH")
    dd = base("director", cmd_director)
    dd.add_argument("match", type=int, metavar="MATCH")
    dd.add_argument("team", type=int, metavar="ÉQUIPE")
    dd.add_argument("--note", default="", help="motif de la décision")
    rp = base("report", cmd_report)
    rp.add_argument("match", type=int, metavar="MATCH")
    rp.add_argument(
        "--when",
        type=errors.moment,
        default=None,
        help="JJ/MM/AAAA HH:MM ou AAAA-MM-JJTHH:MM (défaut : maintenant)",
    )
    rp.add_argument(
        "--match-day",
        type=errors.day,
        default=None,
        help="jour du match JJ/MM/AAAA (défaut : celui de --when)",
    )
    c = base("confirm", cmd_confirm)
    c.add_argument("match", type=int, metavar="MATCH")
    c.add_argument(
        "who",
        choices=["capitaine-recevant", "capitaine-visiteur", "arbitre"],
        metavar="QUI",
        help="capitaine-recevant, capitaine-visiteur ou arbitre",
    )
    b = base("breach", cmd_breach)
    b.add_argument("match", type=int, metavar="MATCH")
    b.add_argument("team", type=int, metavar="ÉQUIPE")
    b.add_argument("reason", metavar="MOTIF", help="le motif, tel qu'il figurera au procès-verbal")
    e = base("equipment", cmd_equipment)
    e.add_argument("match", type=int, metavar="MATCH")
    e.add_argument("team", type=int, metavar="ÉQUIPE")
    e.add_argument(
        "boards", type=int, choices=[1, 2], metavar="PARTIES", help="1 ou 2 parties perdues"
    )
    h = base("honours", cmd_honours)
    h.add_argument("--season", default=None, help="saison, ex. 2026-2027")
    h.add_argument("--club", default=None, help="club vainqueur")
    h.add_argument(
        "--finaliste", default=None, help="club finaliste battu (2e priorité d'exemption)"
    )
    sh = base("sheet", cmd_sheet)
    sh.add_argument("match", type=int, metavar="MATCH")
    sh.add_argument("out", metavar="SORTIE.html", help="fichier à écrire")
