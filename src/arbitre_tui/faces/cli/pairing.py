"""`arbitre pair-trf`, `arbitre check-pairings`: the Dutch engine on any program's TRF."""

from __future__ import annotations

import argparse
from pathlib import Path

from .common import print_json, read_trf


def cmd_pair_trf(args: argparse.Namespace) -> int:
    from ...operations import OperationError
    from ...operations.engines import ensure_pairable
    from ...rules.swiss.dutch import PairingImpossible, pair_round
    from ...rules.swiss.explain import CRITERIA, RULES
    from ...rules.swiss.trf_state import state_from_trf

    t = read_trf(args.file)
    ensure_pairable(len(t.players))
    state = state_from_trf(t)
    if args.baku:
        state.baku = True
    try:
        result = pair_round(state)
    except PairingImpossible as exc:
        raise OperationError(exc.message) from None
    lines = [f"{b.white} {b.black}" for b in result.boards]
    if result.bye is not None:
        lines.append(f"{result.bye} 0")
    text = f"{len(lines)}\n" + "".join(f"{x}\n" for x in lines)
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
    elif args.json:
        print_json(result.model_dump())
    else:
        print(text, end="")
    if args.explain:
        e = result.explanation
        print(f"Ronde {result.round} — explications")
        for f in e.floaters:
            sens = "descend" if f.direction == "down" else "monte"
            contre = (
                "" if f.opponent_score is None else f" (adversaire à {f.opponent_score / 10:g})"
            )
            print(f"  {f.player} {sens} : {f.score / 10:g} pt{contre}")
        for c in e.colours:
            print(f"  {c.white}–{c.black} : {c.rule} {RULES[c.rule]}")
        for k, v in e.unmet.items():
            print(f"  {CRITERIA[k]} : {v}")
    return 0


def cmd_check_pairings(args: argparse.Namespace) -> int:
    from ...operations.engines import ensure_pairable
    from ...rules.swiss.checker import check_tournament

    t = read_trf(args.file)
    ensure_pairable(len(t.players))
    checks = check_tournament(t)
    if args.json:
        print_json([c.model_dump() for c in checks])
    else:
        for c in checks:
            if c.identical:
                print(f"Ronde {c.round} : identique")
                continue
            print(f"Ronde {c.round} : différente")
            if c.error:
                print(f"  notre moteur : {c.error}")
            for w, b in c.missing:
                print(f"  dans le fichier, pas chez nous : {w}–{b}")
            for w, b in c.extra:
                print(f"  chez nous, pas dans le fichier : {w}–{b}")
            for w, b in c.colours:
                print(f"  couleurs inversées : le fichier a {w}–{b}, nous {b}–{w}")
            if c.bye_file != c.bye_ours:
                print(f"  exempt : fichier {c.bye_file or 'aucun'}, nous {c.bye_ours or 'aucun'}")
        same = sum(c.identical for c in checks)
        print(f"{same} / {len(checks)} rondes identiques")
    return 0 if all(c.identical for c in checks) else 3


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "pair-trf",
        help="apparie la ronde suivante d'un TRF (système suisse néerlandais FIDE)",
        description=(
            "apparie la ronde suivante d'un fichier TRF (FIDE Dutch C.04.3, 2026) et "
            "l'écrit comme JaVaFo/bbpPairings : le nombre de lignes, puis « blanc noir », "
            "l'exempt en « N 0 »"
        ),
    )
    p.add_argument("file", metavar="FICHIER.trf")
    p.add_argument("-p", "--output", metavar="SORTIE", help="écrire dans ce fichier")
    p.add_argument("--baku", action="store_true", help="accélération de Bakou (C.04.5.1)")
    p.add_argument("--explain", action="store_true", help="flotteurs, couleurs, critères")
    p.add_argument("--json", action="store_true", help="appariement et explications en JSON")
    p.set_defaults(func=cmd_pair_trf)
    c = sub.add_parser(
        "check-pairings",
        help="réapparie chaque ronde d'un TRF et montre les différences",
        description=(
            "réapparie chaque ronde jouée d'un TRF (de n'importe quel logiciel) avec notre "
            "moteur et montre chaque différence ; code 3 s'il y en a"
        ),
    )
    c.add_argument("file", metavar="FICHIER.trf")
    c.add_argument("--json", action="store_true", help="sortie JSON")
    c.set_defaults(func=cmd_check_pairings)
