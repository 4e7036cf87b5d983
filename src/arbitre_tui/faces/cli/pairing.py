"""`arbitre pair-trf`, `arbitre check-pairings`: the Dutch engine on any program's TRF."""

from __future__ import annotations

import argparse

from .common import command, output, print_json, read_trf, write_out


def _refused(message: str) -> Exception:
    """The command line's refusal (exit 2); the operations that define it are imported only
    now, so that `pair-trf` and `generate` never load SQLite and the event models."""
    from ...operations import OperationError

    return OperationError(message)


def cmd_pair_trf(args: argparse.Namespace) -> int:
    """apparie la ronde suivante d'un TRF (système suisse néerlandais FIDE)

    apparie la ronde suivante d'un fichier TRF (FIDE Dutch C.04.3, 2026) et l'écrit comme
    JaVaFo/bbpPairings : le nombre de lignes, puis « blanc noir », l'exempt en « N 0 »
    """
    from ...operations.engines import ensure_pairable
    from ...rules.swiss.acceleration import LABELS
    from ...rules.swiss.dutch import PairingImpossible, pair_round
    from ...rules.swiss.explain import CRITERIA, RULES
    from ...rules.swiss.trf_state import state_from_trf

    t = read_trf(args.file)
    out = output(args.output, args.file) if args.output else None  # checked before pairing
    ensure_pairable(len(t.players))
    state = state_from_trf(t)
    if args.baku:
        state.baku = True
    if args.acceleration:
        state.acceleration = args.acceleration
    try:
        result = pair_round(state)
    except PairingImpossible as exc:
        raise _refused(exc.message) from None
    lines = [f"{b.white} {b.black}" for b in result.boards]
    if result.bye is not None:
        lines.append(f"{result.bye} 0")
    text = f"{len(lines)}\n" + "".join(f"{x}\n" for x in lines)
    if out is not None:
        write_out(out, text)
    if args.json:  # stdout is JSON alone, the explanation inside it, even with --output
        print_json(result.dump())
        return 0
    if out is None:
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
        if e.virtual:
            print(f"  points virtuels ({LABELS.get(e.system, 'accélération du TRF')}) :")
        for vp in e.virtual:
            group = f" (groupe {vp.group})" if vp.group else ""
            print(f"    {vp.player} : +{vp.points / 10:g}{group}".replace(".", ","))
    return 0


def cmd_check_pairings(args: argparse.Namespace) -> int:
    """réapparie chaque ronde d'un TRF et montre les différences

    réapparie chaque ronde jouée d'un TRF (de n'importe quel logiciel) avec notre moteur et montre
    chaque différence ; code 3 s'il y en a
    """
    from ...operations.engines import ensure_pairable
    from ...rules.swiss.checker import check_tournament

    t = read_trf(args.file)
    ensure_pairable(len(t.players))
    checks = check_tournament(t)
    if args.json:
        print_json([c.dump() for c in checks])
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


def _one_in(text: str) -> int:
    """« 1/20 » or « 20 »: one time in 20; « 0 » never."""
    value = text.strip().removeprefix("1/")
    if not value.isdigit() or len(value) > 9:
        raise argparse.ArgumentTypeError(f"« {text} » : une fréquence 1/N est attendue (ex. 1/20)")
    if int(value) == 0 and value != text.strip():  # « 1/0 »: one time in none
        raise argparse.ArgumentTypeError(
            f"« {text} » : N vaut 1 au moins (1/1 : toujours) ; 0 seul : jamais"
        )
    return int(value)


def cmd_generate(args: argparse.Namespace) -> int:
    """génère un tournoi suisse aléatoire complet (TRF-2026), apparié par notre moteur

    génère un tournoi suisse complet au format TRF-2026, apparié ronde après ronde par notre moteur
    néerlandais : classements et titres plausibles, résultats tirés selon l'espérance Elo ; la même
    graine redonne le même fichier
    """
    from dataclasses import fields

    from ...rules import trf
    from ...rules.errors import RuleError
    from ...rules.swiss.generator import Options, generate

    out = output(args.out)  # checked before the tournament is played
    opts = Options(**{f.name: getattr(args, f.name) for f in fields(Options)})
    try:
        t = generate(opts)
    except RuleError as exc:
        raise _refused(exc.message) from None
    write_out(out, trf.write(t))
    print(f"{args.out} : {args.players} joueurs, {args.rounds} rondes, graine {args.seed}.")
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = command(
        sub,
        "pair-trf",
        cmd_pair_trf,
        file="FICHIER.trf",
        json="appariement et explications en JSON",
    )
    p.add_argument("-p", "--output", metavar="SORTIE", help="écrire dans ce fichier")
    p.add_argument("--baku", action="store_true", help="accélération de Bakou (C.04.5.1)")
    p.add_argument(
        "--acceleration",
        choices=("baku", "haley", "haley_degressive", "sad"),
        default=None,
        help="système accéléré : baku (FIDE), haley, haley_degressive, sad (FFE)",
    )
    p.add_argument("--explain", action="store_true", help="flotteurs, couleurs, critères")
    command(sub, "check-pairings", cmd_check_pairings, file="FICHIER.trf", json="sortie JSON")
    g = command(sub, "generate", cmd_generate)
    g.add_argument("out", metavar="SORTIE.trf")
    g.add_argument("--players", type=int, required=True, metavar="N", help="nombre de joueurs")
    g.add_argument("--rounds", type=int, required=True, metavar="R", help="nombre de rondes")
    g.add_argument("--seed", type=int, default=0, metavar="S", help="graine (défaut 0)")
    g.add_argument(
        "--draws", type=int, default=30, metavar="PCT", help="%% de nulles à force égale (30)"
    )
    for name, what in (
        ("forfeits", "forfaits (par partie)"),
        ("withdrawals", "abandons du tournoi (par joueur et par ronde)"),
        ("half-byes", "exempts à ½ point demandés (par joueur et par ronde)"),
        ("zero-byes", "exempts à 0 point (par joueur et par ronde)"),
    ):
        g.add_argument(
            f"--{name}", type=_one_in, default=0, metavar="1/N", help=f"{what} : une fois sur N"
        )
