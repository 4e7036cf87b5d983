"""Swiss and youth commands: bye, publish, swap, prohibit, keep, explain, withdraw, register,
play-offs, qualifiers, TRF export (regulations 002 and 003)."""

from __future__ import annotations

import argparse
import re
import sys
from typing import Any

from .common import (
    PLAYER_HELP,
    add_round,
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
from .errors import round_range, section_key


def _names(service: Any, t: Any) -> dict[int, str]:
    from ...views.reader import Reader

    return {pid: p.name for pid, p in Reader(service).people(t).items()}


def cmd_bye(args: argparse.Namespace) -> int:
    """bye ½ point demandé pour une ronde (avant la fin de la précédente)"""
    from ...operations import byes

    service = open_event(args.file)
    pid = player_id(service, args.player, args.tournoi)
    byes.request_bye(service, pid, args.round)
    print(f"Bye ½ point enregistré : {who(service, pid)}, ronde {args.round}.")
    return 0


def cmd_publish(args: argparse.Namespace) -> int:
    """publier les appariements (heure notée, alerte si tardif)"""
    from ...operations import swiss

    service, t = open_tournament(args)
    warning = swiss.publish(service, t.key)
    print("Appariements publiés." if warning is None else f"Publiés. Attention : {warning}")
    return 0


def cmd_swap(args: argparse.Namespace) -> int:
    """imposer un appariement : A joue B, leurs adversaires ensemble"""
    from ...operations import swiss

    service, t = open_tournament(args)
    a, b = (player_id(service, typed, t.key) for typed in (args.a, args.b))
    broken = swiss.force_pair(service, t.key, a, b)
    print(f"Appariement modifié : {who(service, a)} contre {who(service, b)}.")
    for rule in broken:
        print(f"  règle enfreinte : {rule}")
    return 0


def cmd_prohibit(args: argparse.Namespace) -> int:
    """interdire un appariement (frères et sœurs, même club)"""
    from ...operations import swiss

    service, t = open_tournament(args)
    first, last = args.rounds or (1, 0)
    pids = [player_id(service, typed, t.key) for typed in args.players]
    swiss.prohibit(service, t.key, pids, first, last)
    print(f"Interdiction d'appariement enregistrée : {', '.join(who(service, p) for p in pids)}.")
    return 0


def cmd_keep(args: argparse.Namespace) -> int:
    """maintenir un joueur exclu après un forfait (excuse valable)"""
    from ...operations import swiss

    service = open_event(args.file)
    pid = player_id(service, args.player, args.tournoi)
    swiss.keep_player(service, pid)
    print(f"{who(service, pid)} maintenu(e) dans le tournoi.")
    return 0


def cmd_withdraw(args: argparse.Namespace) -> int:
    """retirer un joueur (il n'est plus apparié)"""
    service = open_event(args.file)
    pid = player_id(service, args.player, args.tournoi)
    service.withdraw(pid)
    print(f"{who(service, pid)} retiré(e) : plus apparié(e).")
    return 0


def cmd_register(args: argparse.Namespace) -> int:
    """inscrire un joueur (refusé s'il n'est pas admissible)

    inscrire un joueur avec chaque champ que l'import CSV prend ; le nom est pris tel
    quel, particule comprise (« de la Tour », « Le Goff ») ; refusé s'il n'est pas
    admissible. --pointe : pointé dans la même opération (une annulation l'efface).
    """
    from ...operations import OperationError
    from ...rules.models import Player
    from ...rules.validation import InputError, validated
    from .setup import person_fields

    fields = person_fields(args)
    service, t = open_tournament(args)
    try:
        player = validated(Player, fields, surname=args.nom, checked_in=args.pointe)
    except InputError as exc:
        raise OperationError(exc.message) from None
    from .setup import homonym_said

    with homonym_said():
        pid = service.register_player(t.key, player, args.equipe, homonym=args.homonyme)
    team = f", équipe {args.equipe}" if args.equipe else ""
    print(f"Inscrit : {who(service, pid)} en {t.name}{team}.")
    return 0


def cmd_explain(args: argparse.Namespace) -> int:
    """explications d'un appariement : flotteurs, couleurs, critères"""
    from ...operations import OperationError
    from ...rules.figures import half
    from ...views.explanation import build
    from ...views.reader import Reader, as_json

    service, t = open_tournament(args)
    reader = Reader(service)
    last = reader.round(t)
    if args.ronde and args.ronde > (last.number if last else 0):  # as `standings` refuses it
        raise OperationError(
            f"{t.name} : la ronde {args.ronde} n'est pas appariée "
            f"({last.number if last else 0} ronde(s) appariée(s)) : rien à expliquer."
        )
    view = build(reader, t, args.ronde)
    if view is None and args.json:  # nothing to explain: still JSON, an empty object
        print_json({})
        return 0
    if view is None:
        print(
            f"Pas d'explications pour la ronde {args.ronde or (last.number if last else 0)} de {t.name}."
        )
        return 0
    if args.json:
        print_json(as_json(view))
        return 0
    print(f"{t.name} — ronde {view.round} (moteur {view.engine})")
    for f in view.floaters:
        sens = "descend" if f.direction == "down" else "monte"
        print(f"  {f.player} {sens} ({half(f.score)} pt)")  # « 2½ pt »
    for c in view.colours:
        print(f"  {c.white} – {c.black} : {c.rule} {c.rule_text}")
    for text, count in view.unmet:
        print(f"  {text} : {count}")
    if view.virtual:  # an accelerated round: the scores the pairing read
        print(f"  {view.virtual_summary()}")
        for v in view.virtual:
            group = f" (groupe {v.group})" if v.group else ""
            points = half(v.points)  # the figure only: « J.-C. » kept
            print(f"    {v.player} : +{points} point(s) virtuel(s){group}")
    opinion = view.second_opinion
    if opinion is not None:
        print(f"  second avis : {opinion.verdict}")
        for w, b in opinion.only_external:
            print(f"    seulement chez le moteur externe : {w} – {b}")
        for w, b in opinion.only_internal:
            print(f"    seulement chez nous : {w} – {b}")
    return 0


def _mini_match(values: list[str]) -> tuple[int, int, float, float]:
    """``--match A B PTS_A PTS_B`` as typed: two player numbers, then points written
    1,5 or 1.5 or 1½ (the refusal itself writes « 1,5–0,5 »)."""
    from ...operations import OperationError

    a, b, pa, pb = (v.strip() for v in values)
    for player in (a, b):
        if not re.fullmatch(r"[0-9]+", player):
            raise OperationError(f"Barrage : joueur « {player} » : un numéro de joueur attendu.")
    points = []
    for typed in (pa, pb):
        text = typed.replace(",", ".").replace("½", ".5")
        if not re.fullmatch(r"[0-9]*\.?[0-9]+", text):
            raise OperationError(
                f"Barrage : points « {typed} » illisibles : écrivez 2, 1,5, 1, 0,5 ou 0."
            )
        points.append(float(text))
    return int(a), int(b), points[0], points[1]


def cmd_playoff(args: argparse.Namespace) -> int:
    """barrage blitz (jeunes) : mini-matchs à jouer, ou un résultat"""
    from ...operations import playoffs

    service, t = open_tournament(args)
    names = _names(service, t)
    which = "title" if args.which == "titre" else args.which
    if args.match:
        a, b, pa, pb = _mini_match(args.match)
        status = playoffs.playoff_result(service, t.key, which, a, b, pa, pb)
    else:
        # announced: a complete tie's seeds drawn by lot now, once, recorded (art. 6)
        drawn = playoffs.playoff_seeds(service, t.key, which)
        status = playoffs.playoff_status(service, t.key, which)
        if not status.places:  # the seeds, as the standings show them (art. 6)
            seeds = playoffs.seeds_of(service, t.key, which)
            lots = playoffs.complete_ties(service, t, seeds)
            how = " (ex aequo complets : tirage au sort, arbitre draws)" if lots else ""
            now = " tirées au sort à l'instant"
            print(f"Têtes de série{now if drawn else how} :")
            print("  " + ", ".join(f"{k}. {names[pid]}" for k, pid in enumerate(seeds, 1)))
    if status.lot:
        print(status.lot)
    if status.places:
        print("Places finales du barrage :")
        for k, pid in enumerate(status.places, start=1):
            print(f"  {k}. {names[pid]}")
    else:
        print("Mini-matchs à jouer (blitz 5 min, deux parties, couleurs inversées) :")
        for a, b in status.pending:
            print(f"  {names[a]} ({a}) – {names[b]} ({b}) ; {names[a]} choisit sa couleur")
    return 0


def cmd_qualifiers(args: argparse.Namespace) -> int:
    """qualifiés (jeunes) après barrages"""
    from ...operations import playoffs

    service, t = open_tournament(args)
    names = _names(service, t)
    out = playoffs.qualifiers(service, t.key)
    if args.json:
        print_json(out)
        return 0
    for which in out.get("pending", []):
        label = "le titre" if which == "title" else "la qualification"
        print(f"Attention : barrage à jouer pour {label} (arbitre playoff {which}) ;")
        print("  la liste ci-dessous suit les départages en attendant.")
    print(f"{t.name} — qualifiés pour le {out['for']} :")
    for pid in out["qualified"]:
        print(f"  {names[pid]}")
    if out["champion"]:
        print(
            f"{out['title']} (qualifié{'e' if out['title'].startswith('Championne') else ''} "
            "pour le Bas-Rhin la saison prochaine) : "
            f"{names[out['champion']]}"
        )
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    """TRF-2026 d'une section"""
    from ...operations import trf_export

    service = open_event(args.file, read_only=True)
    t = service.tournament(args.section)
    text, warnings = trf_export.export_trf_checked(service, t.key)
    write_out(output(args.out, args.file), text, encoding="ascii")
    print(f"TRF-2026 écrit : {args.out}")
    for warning in warnings:  # what the rating officer will miss
        print(f"Attention : {warning}", file=sys.stderr)
    return 0


def cmd_fees(args: argparse.Namespace) -> int:
    """droits d'inscription (le plus bas applicable) et paiements"""
    from ...operations import swiss
    from ...rules.entry_fees import euros

    service, t = open_tournament(args)
    rows = swiss.fees(service, t.key)
    if args.json:
        print_json(rows)
        return 0
    for r in rows:
        state = (
            "payé"
            if r["paid"]
            else ("gratuit" if r["fee"] == 0 else "DÛ (inscription non définitive)")
        )
        print(f"{r['player']:5d} {r['name']:<30} {euros(r['fee']):>8} {r['category']:<18} {state}")
    due = sum(r["fee"] for r in rows if not r["paid"])
    print(f"reste dû : {euros(due)}")
    return 0


def cmd_optout(args: argparse.Namespace) -> int:
    """opposition à la publication : plus de nom sur les pages"""
    from ...operations import swiss

    service = open_event(args.file)
    pid = player_id(service, args.player, args.tournoi)
    swiss.set_opt_out(service, pid, not args.cancel)
    said = "publié à nouveau" if args.cancel else "plus de nom publié"
    print(f"{who(service, pid)} : {said}")
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    def tournament(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--tournoi", "-t", metavar="CLÉ", type=section_key, help="le tournoi (section)"
        )

    p = command(sub, "bye", cmd_bye, file="FICHIER")
    p.add_argument("player", metavar="JOUEUR", help=PLAYER_HELP)
    p.add_argument("round", type=int, metavar="RONDE")
    tournament(p)
    p = command(sub, "publish-round", cmd_publish, file="FICHIER")
    tournament(p)
    p = command(sub, "swap", cmd_swap, file="FICHIER")
    p.add_argument("a", metavar="A", help=PLAYER_HELP)
    p.add_argument("b", metavar="B", help=PLAYER_HELP)
    tournament(p)
    p = command(sub, "prohibit", cmd_prohibit, file="FICHIER")
    p.add_argument("players", nargs="+", metavar="JOUEUR", help=PLAYER_HELP)
    p.add_argument(
        "--rounds", type=round_range, metavar="N-M", help="rondes concernées (défaut : toutes)"
    )
    tournament(p)
    p = command(sub, "keep", cmd_keep, file="FICHIER")
    p.add_argument("player", metavar="JOUEUR", help=PLAYER_HELP)
    tournament(p)
    p = command(sub, "withdraw", cmd_withdraw, file="FICHIER")
    p.add_argument("player", metavar="JOUEUR", help=PLAYER_HELP)
    tournament(p)
    p = command(sub, "register", cmd_register, file="FICHIER")
    p.add_argument("nom", help="nom de famille, tel quel (« de la Tour »)")
    from .setup import add_person_options

    add_person_options(p, with_surname=False)
    p.add_argument("--equipe", default=None, help="coupe : l'équipe engagée du joueur")
    p.add_argument("--pointe", action="store_true", help="pointer aussitôt (inscription tardive)")
    p.add_argument(
        "--homonyme",
        action="store_true",
        help="même nom, prénom et naissance qu'un inscrit : c'est une autre personne",
    )
    tournament(p)
    p = command(sub, "fees", cmd_fees, file="FICHIER")
    p.add_argument("--json", action="store_true", help="sortie JSON")
    tournament(p)
    p = command(sub, "optout", cmd_optout, file="FICHIER")
    p.add_argument("player", metavar="JOUEUR", help=PLAYER_HELP)
    p.add_argument("--cancel", action="store_true", help="lever l'opposition")
    tournament(p)
    p = command(sub, "explain", cmd_explain, file="FICHIER")
    add_round(p)
    p.add_argument("--json", action="store_true", help="sortie JSON")
    tournament(p)
    p = command(sub, "playoff", cmd_playoff, file="FICHIER")
    p.add_argument(
        "which",
        choices=["title", "titre", "qualification"],
        metavar="BARRAGE",
        help="titre (title) ou qualification",
    )
    p.add_argument(
        "--match", nargs=4, metavar=("A", "B", "PTS_A", "PTS_B"), help="résultat d'un mini-match"
    )
    tournament(p)
    p = command(sub, "qualifiers", cmd_qualifiers, file="FICHIER")
    p.add_argument("--json", action="store_true", help="sortie JSON")
    tournament(p)
    esub = group(sub, "export", "exports", metavar="QUOI")
    x = command(esub, "trf", cmd_export, file="FICHIER")
    x.add_argument("section", metavar="SECTION")
    x.add_argument("out", metavar="SORTIE.trf")
