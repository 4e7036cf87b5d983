"""Knockout commands: `arbitre ko …`, `arbitre absent`, `arbitre decider`, `arbitre lucky-loser`."""

from __future__ import annotations

import argparse
from typing import Any

from .common import (
    add_round,
    board_said,
    command,
    group,
    open_event,
    open_tournament,
    print_json,
    who,
)


def _key(service: Any, key: str | None) -> str | None:
    if key:
        return key
    from ...operations.formats import format_of
    from ...views.reader import Reader

    kos = [t.key for t in Reader(service).tournaments() if format_of(t).has_bracket]
    return kos[0] if len(kos) == 1 else None


def cmd_status(args: argparse.Namespace) -> int:
    """format décidé par les inscriptions, exempts, remboursements"""
    from ...views.ko_status import build
    from ...views.reader import Reader, as_json

    service = open_event(args.file)
    reader = Reader(service)
    data = build(reader, reader.tournament(_key(service, args.tournoi)))
    if args.json:
        print_json(as_json(data))
        return 0
    print(f"{data.entries} inscrits — {data.case}")
    print(
        f"exempts : {data.byes}" + (f" ({', '.join(data.bye_players[:8])}…)" if data.byes else "")
    )
    if data.waiting_list:
        print(f"liste d'attente : {len(data.waiting_list)}")
    for r in data.refunds:
        print(f"  rembourser {r.name:<30} {r.amount:6.2f} € {r.means}")
    if data.warning:
        print(data.warning)
    return 0


def cmd_close(args: argparse.Namespace) -> int:
    """clore les inscriptions : fixe le format"""
    from ...operations import knockout

    service = open_event(args.file)
    fmt = knockout.close_registration(service, _key(service, args.tournoi))
    print(f"Inscriptions closes : {fmt.case}")
    return 0


def cmd_ranking(args: argparse.Namespace) -> int:
    """classement final"""
    from ...operations import knockout

    service = open_event(args.file)
    rows = knockout.final_ranking(service, _key(service, args.tournoi))
    if args.json:
        print_json([{"place": p, "players": names} for p, names in rows])
        return 0
    for place, names in rows:
        print(f"{place:>8}  {', '.join(names)}")
    return 0


def cmd_absent(args: argparse.Namespace) -> int:
    """joueur absent : forfait (les deux : double forfait)"""
    service, t = open_tournament(args)
    done = service.forfeit(
        t.key,
        args.board,
        args.side,
        keep=args.keep,
        round_number=args.ronde,
    )
    game = done.game
    assert game.result is not None
    print(f"{board_said(service, game, game.result.label)} (forfait) : enregistré.")
    for pid in done.excluded:
        print(
            f"  {who(service, pid)} exclu des rondes suivantes (arbitre keep {pid} pour le garder)"
        )
    return 0


def cmd_decider(args: argparse.Namespace) -> int:
    """résultat du départage d'une nulle (K.O.)

    résultat du départage d'une nulle (Armageddon : la nulle qualifie les Noirs)
    """
    from ...operations import knockout

    service = open_event(args.file)
    knockout.record_decider(service, _key(service, args.tournoi), args.board, args.result)
    print(f"Échiquier {args.board} : départage enregistré.")
    return 0


def cmd_lucky_loser(args: argparse.Namespace) -> int:
    """repêchage : tirer, confirmer joignable ou non

    repêchage : tirer au sort un perdant pour combler un trou
    """
    from ...operations import knockout

    service = open_event(args.file)
    key = _key(service, args.tournoi)
    confirm = True if args.reachable else (False if args.not_reachable else None)
    out = knockout.lucky_loser(service, key, confirm, args.seed)
    if "accepted" in out:
        print(f"{out['accepted']} est repêché(e) (échiquier {out['slot'] + 1}).")
    if "unreachable" in out:
        print(f"{out['unreachable']} injoignable : tirage refait.")
    if "drawn" in out:
        print(
            f"Tiré au sort : {out['drawn']} (parmi {out['pool']}). Joignable ? "
            "arbitre lucky-loser FICHIER --reachable | --not-reachable"
        )
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    ko = "le tournoi K.O. (défaut : le seul du fichier)"
    ksub = group(
        sub,
        "ko",
        "élimination directe : état, clôture des inscriptions, classement",
        "élimination directe (règlement 000)",
    )
    command(ksub, "status", cmd_status, file="FICHIER", tournament=ko, json="sortie JSON")
    command(ksub, "close-registration", cmd_close, file="FICHIER", tournament=ko)
    command(ksub, "ranking", cmd_ranking, file="FICHIER", tournament=ko, json="sortie JSON")

    ab = command(sub, "absent", cmd_absent, file="FICHIER", tournament="le tournoi")
    ab.add_argument("board", type=int, metavar="ÉCHIQUIER")
    ab.add_argument(
        "side",
        choices=["white", "black", "both", "blancs", "noirs", "les-deux"],
        metavar="QUI",
        help="white/blancs, black/noirs, both/les-deux",
    )
    add_round(ab)
    ab.add_argument(
        "--keep",
        action="store_true",
        help="suisse : forfait excusé, le joueur n'est pas exclu des rondes suivantes",
    )

    de = command(sub, "decider", cmd_decider, file="FICHIER", tournament=ko)
    de.add_argument("board", type=int, metavar="ÉCHIQUIER")
    de.add_argument("result", metavar="RÉSULTAT", help="1, = ou 0")

    ll = command(sub, "lucky-loser", cmd_lucky_loser, file="FICHIER", tournament=ko)
    answer = ll.add_mutually_exclusive_group()
    answer.add_argument(
        "--reachable", action="store_true", help="le tiré est joignable : il est repêché"
    )
    answer.add_argument(
        "--not-reachable", action="store_true", help="injoignable : nouveau tirage sans lui"
    )
    ll.add_argument("--seed", type=int, default=None, help="graine imposée (rejouer un tirage)")
