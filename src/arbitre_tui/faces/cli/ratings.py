"""`arbitre ratings import|find|check`: the rating lists at the venue, offline."""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import TYPE_CHECKING

from .common import command, group, open_tournament, print_json
from .errors import count

if TYPE_CHECKING:
    from ...rules.rating_lists import Kind, ListedPlayer

_KINDS: tuple[tuple[str, Kind], ...] = (
    ("lent", "standard"),
    ("rapide", "rapid"),
    ("blitz", "blitz"),
)

DEFAULT_BASE = "listes-elo.sqlite"  # in the events' folder (the app looks beside the event)


def _ratings(p: ListedPlayer) -> str:
    """« lent 1850  rapide 1790  blitz    — »."""
    return "  ".join(f"{word} {p.rating(kind) or '—':>4}" for word, kind in _KINDS)


def _dict(p: ListedPlayer | None) -> dict[str, object] | None:
    return p._asdict() if p else None


def cmd_import(args: argparse.Namespace) -> int:
    """importer la liste FIDE (XML, TXT, zip) ou la base FFE (CSV, Data.mdb)

    importer une liste téléchargée auparavant ; elle remplace la précédente de la même source, tout
    ou rien
    """
    from ...operations.rating_lists import Lists

    started = time.perf_counter()
    base = Path(args.base)
    existed = base.exists()
    try:
        with Lists(args.base) as lists:
            source, count = lists.import_file(args.liste, args.format)
            notes = list(lists.notes)
    except Exception:
        if not existed:  # a failed first import leaves no empty lists file behind
            for leftover in (base, Path(f"{base}-wal"), Path(f"{base}-shm")):
                leftover.unlink(missing_ok=True)
        raise
    name = "liste FIDE" if source == "fide" else "base FFE"
    print(
        f"{name} : {count} joueurs importés de {Path(args.liste).name} dans {args.base} "
        f"({time.perf_counter() - started:.1f} s)."
    )
    for note in notes:
        print(f"  {note}.")
    return 0


def _imported(base: Path) -> None:
    """The lists' file, before it is opened (opening would make an empty one)."""
    if not base.exists():
        from ...operations import OperationError

        raise OperationError(
            f"aucune liste Elo ({base} n'existe pas) : importez-la d'abord "
            "(arbitre ratings import LISTE)."
        )


def cmd_find(args: argparse.Namespace) -> int:
    """chercher un joueur (id FIDE, licence FFE ou début du nom)

    chercher un joueur par identifiant FIDE, licence FFE ou début du nom
    """
    from ...operations.rating_lists import Lists

    _imported(Path(args.base))
    with Lists(args.base) as lists:
        found = lists.find(args.texte, args.limit)
    if args.json:
        print_json([{"fide": _dict(f.fide), "ffe": _dict(f.ffe)} for f in found])
        return 0
    if not found:
        print(f"Personne ne répond à « {args.texte} » dans les listes.")
        return 0
    for f in found:
        p = f.main
        ids = " ".join(
            x
            for x in (
                f"FIDE {f.fide.fide_id}" if f.fide else "",
                f"licence {f.ffe.ffe_licence} {f.ffe.licence_type}".rstrip() if f.ffe else "",
            )
            if x
        )
        year = p.birth_year or ""
        title = (f.fide.title if f.fide else "") or p.title
        print(f"{p.name:<32} {title:<4} {p.federation:<3} {year!s:<4} {ids}")
        if f.fide:
            print(f"    liste FIDE : {_ratings(f.fide)}")
        if f.ffe:
            club = f" — {f.ffe.club}" if f.ffe.club else ""
            cat = f" — {f.ffe.category}" if f.ffe.category else ""
            print(f"    base FFE   : {_ratings(f.ffe)}{club}{cat}")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    """joueurs inscrits dont l'Elo ou la licence diffère des listes (code 3)

    joueurs inscrits dont l'Elo (celui de la cadence) ou la licence diffère des listes ; code de
    sortie 0 : aucun, 3 : des différences
    """
    from ...operations import OperationError
    from ...operations.rating_lists import Lists, lists_beside
    from ...views.rating_check import build
    from ...views.reader import Reader

    service, t = open_tournament(args)
    base = Path(args.base) if args.base else lists_beside(args.file)
    _imported(base)
    with Lists(base) as lists:
        check = build(Reader(service), t, lists)
    if not check.lists:
        raise OperationError(f"{base} : aucune liste importée (arbitre ratings import LISTE).")
    if args.json:
        from ...views.reader import as_json

        print_json(as_json(check))
        return 3 if check.differences else 0
    print(f"{check.tournament} — {check.rating} (la cadence du tournoi)")
    for line in check.lists:
        print(f"  {line}")
    for d in check.differences:
        print(f"{d.id:5d} {d.name:<32} {' ; '.join(d.what)}")
    n = len(check.differences)
    print(
        f"{n} joueur(s) sur {check.checked} diffèrent des listes."
        if n
        else f"Aucune différence : {check.checked} joueur(s) conforme(s) aux listes."
    )
    return 3 if n else 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    rsub = group(
        sub,
        "ratings",
        "listes Elo hors ligne : import, recherche, contrôle",
        "listes Elo hors ligne (liste FIDE, base FFE) : import, recherche, contrôle",
    )
    imp = command(rsub, "import", cmd_import)
    imp.add_argument("liste", metavar="LISTE")
    imp.add_argument(
        "--format",
        choices=["fide-xml", "fide-txt", "ffe-csv", "ffe-mdb"],
        default=None,
        help="format de la liste (défaut : reconnu d'après le début du fichier)",
    )
    find = command(rsub, "find", cmd_find, json="sortie JSON")
    find.add_argument("texte", metavar="TEXTE")
    find.add_argument("--limit", type=count, default=10, help="nombre de réponses (défaut 10)")
    check = command(
        rsub,
        "check",
        cmd_check,
        file="FICHIER",
        tournament="le tournoi (section)",
        json="sortie JSON",
    )
    for q in (imp, find):
        q.add_argument(
            "--base",
            default=DEFAULT_BASE,
            help=f"fichier des listes (défaut : {DEFAULT_BASE} du dossier courant)",
        )
    check.add_argument(
        "--base", default=None, help=f"fichier des listes (défaut : {DEFAULT_BASE} à côté)"
    )
