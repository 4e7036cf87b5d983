"""`arbitre standings`, `arbitre prizes`, `arbitre tiebreaks` (any program's TRF)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .common import command, open_tournament, print_json, read_trf
from .errors import rating, round_number


def _cut_warnings(codes: list[str], rounds: int) -> list[str]:
    """A cut as long as the rounds played or longer (« BH/M2 » after 3 rounds) leaves no
    result to count: its value is 0, as FIDE's reference checker gives it — computed and
    said, never the whole file refused (issue 52.11)."""
    from ...rules import tiebreaks as tb

    said = []
    for code in codes:
        spec = tb.parse_code(code)
        cut = spec.low + spec.high
        if cut > 2 and cut >= rounds:
            said.append(
                f"« {code} » retire {cut} résultat(s) de chaque joueur sur {rounds} ronde(s) : "
                "il n'en reste aucun, valeur 0 pour tous (comme le vérificateur de la FIDE)."
            )
    return said


def cmd_tiebreaks(args: argparse.Namespace) -> int:
    """départages C.07 d'un fichier TRF (tout logiciel)

    départages C.07 (2026) d'un fichier TRF de n'importe quel logiciel
    """
    from ...operations.event import OperationError
    from ...rules import tiebreaks as tb
    from ...rules.errors import RuleError
    from ...views.standings import fmt

    path = Path(args.file)
    tournament = read_trf(args.file)
    if args.round is not None and args.round > tournament.rounds:
        raise OperationError(
            f"{path} a {tournament.rounds} ronde(s) : pas de classement après la ronde "
            f"{args.round}."
        )
    try:
        codes = tb.parse_list(args.list)
        for warning in _cut_warnings(codes, args.round or tournament.rounds):
            print(f"Attention : {warning}", file=sys.stderr)
        table = tb.from_trf(tournament, round_robin=args.round_robin, rounds=args.round)
        rows = tb.standings(table, codes, unrated_rating=args.unrated)
    except RuleError as exc:
        raise OperationError(f"{path} : {exc.message}") from None
    shown = codes if codes and codes[0] == "PTS" else ["PTS", *codes]
    if args.json:
        print_json(
            [
                {
                    "start_no": r.start,
                    "rank": r.rank,
                    "place": r.place,
                    **{c: r.values[c] for c in shown if c in codes or c == "PTS"},
                }
                for r in rows
            ]
        )
        return 0
    names = {p.start: p.name for p in tournament.players.values()}
    print(f"{'Pl.':>7} {'N°':>4} {'Nom':<28} " + " ".join(f"{c:>7}" for c in shown))
    for r in rows:
        cells = " ".join(f"{fmt(c, r.values[c]):>7}" for c in shown)  # « 4½ », « 28,5 »
        print(f"{r.place:>7} {r.start:>4} {names[r.start][:28]:<28} {cells}")
    return 0


def cmd_standings(args: argparse.Namespace) -> int:
    """classement avec départages"""
    from ...views.reader import Reader
    from ...views.standings import build

    service, t = open_tournament(args, read_only=True)
    view = build(Reader(service), t, args.round)
    if args.json:
        print_json(view.records())
        return 0
    print(f"{t.name} — {view.title}")
    if view.kind == "cup":
        header = ["Tour", "N°", "Recevant", "Visiteur", "Score", "Vainqueur / motif"]
        cells = [
            [str(m.round), str(m.number), m.home, m.away or "exempt", m.score, m.decision]
            for m in view.matches
        ]
        left = 4
    else:
        header = ["Pl.", "Nom", "Club", "Elo", *view.columns]
        cells = [
            [r.place, r.player.name, r.player.club[:14], str(r.player.rating or ""), *r.shown]
            for r in view.rows
        ]
        left = 3
    table = [header, *cells]
    widths = [max(len(r[i]) for r in table) for i in range(len(header))]
    for line in table:
        print(
            "  ".join(
                c.ljust(w) if i < left else c.rjust(w)
                for i, (c, w) in enumerate(zip(line, widths, strict=True))
            )
        )
    for note in view.notes:  # a play-off's seeds drawn by lot (003 art. 6)
        print(note)
    return 0


def cmd_prizes(args: argparse.Namespace) -> int:
    """répartition des prix (Hort, non cumulables)"""
    from ...operations.formats import format_of
    from ...operations.standings import prizes
    from ...rules.figures import euros
    from ...rules.prizes import system_label

    service, t = open_tournament(args)
    result, players = prizes(service, t)
    if args.json:
        print_json(
            {
                "factor": str(result.factor),
                "total": str(result.total),
                "awards": [
                    {
                        "player_id": a.player_id,
                        "place": a.place,
                        "name": players[a.player_id].name,
                        "prize": a.label,
                        "amount": str(a.amount),
                        "category": a.category,
                        "goods": a.goods,
                        "trophy": a.trophy,
                        "presence_required": a.presence_required,
                    }
                    for a in result.awards
                ],
            }
        )
        return 0
    print(
        f"{t.name} — {system_label(format_of(t).has_bracket)}"
        f"{'' if result.factor == 1 else f', fonds x {result.factor:.4f}'.replace('.', ',')}"
    )
    names = max((len(players[a.player_id].name) for a in result.awards), default=0)
    labels = max((len(a.label) for a in result.awards), default=0)
    for a in result.awards:  # the place in the standings, shared « 14–15 »
        what = a.goods or ("trophée" if a.trophy else euros(a.amount))
        cat = f" [{a.category}]" if a.category else ""
        mark = " (présence requise)" if a.presence_required else ""
        name = players[a.player_id].name
        print(f"  {a.place:>7}  {name:<{names}}  {a.label:<{labels}}  {what}{cat}{mark}")
    print(f"  total {euros(result.total)}")
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = command(
        sub,
        "tiebreaks",
        cmd_tiebreaks,
        file="FICHIER.trf",
        json="une liste d'objets, un par joueur",
    )
    p.add_argument(
        "--list",
        default="PTS,BH/C1,BH,TPR,WIN",
        help="codes C.07 dans l'ordre (comme le record 202), ex. PTS,BH/C1,BH,TPR,WIN",
    )
    p.add_argument(
        "--round-robin", action="store_true", help="règles des toutes rondes (C.07 15.2)"
    )
    p.add_argument("--round", type=round_number, default=None, help="classement après la ronde N")
    p.add_argument(
        "--unrated", type=rating, default=None, help="classement attribué aux non classés (Art. 10)"
    )

    s = command(
        sub,
        "standings",
        cmd_standings,
        file="FICHIER",
        tournament="le tournoi (section)",
        json="sortie JSON",
    )
    s.add_argument(
        "--round",
        type=round_number,
        default=None,
        help="après la ronde N (défaut : dernière complète)",
    )

    command(
        sub,
        "prizes",
        cmd_prizes,
        file="FICHIER",
        tournament="le tournoi (section)",
        json="sortie JSON",
    )
