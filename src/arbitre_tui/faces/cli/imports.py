"""`arbitre players import`: a registration sheet as clubs export it, every column said.

Why apart from main.py: the sheet's columns are read before anything is written — each
placed, recognised but not kept, or unknown, and said so; `--apercu` shows them and
writes nothing; `--strict` refuses a sheet with a column that would be left aside.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from .common import FILE_HELP, TOURNAMENT_HELP, command, open_tournament, read_input

_SEPARATORS = {",": "virgule", ";": "point-virgule", "\t": "tabulation"}


def cmd_players_import(args: argparse.Namespace) -> int:
    """importer un fichier CSV ou Papi (tout ou rien)

    importer un fichier CSV (en-têtes français ou anglais, tels que les tableurs les
    écrivent : Nom, Prénom, Né(e) le, Elo FIDE, N° FFE…), ou les joueurs d'un fichier Papi
    (.papi, Data.mdb : par mdbtools) : tout ou rien, chaque faute avec sa ligne ; chaque
    colonne laissée de côté est nommée (--strict la refuse, --apercu montre ce que devient
    chaque colonne sans rien enregistrer)
    """
    from ...operations.papi import import_papi, is_papi

    if is_papi(Path(args.csv)):  # Papi's table JOUEUR, through mdbtools (issue 32)
        if args.apercu or args.strict:
            _refuse("--apercu et --strict : pour un fichier CSV (un fichier Papi a ses colonnes).")
        service, t = open_tournament(args)
        count, errors = import_papi(service, t.key, Path(args.csv), skip_bad=args.skip_bad)
        _said(count, errors, t.key, [])
        return 0
    data = read_input(args.csv, "fichier d'inscriptions")
    text = _text(data, args.encoding)
    from ...rules.registration import sheet_header

    header = sheet_header(text)
    if args.apercu:
        _, t = open_tournament(args, read_only=True)  # the section named exists
        _preview(args.csv, text, t.key)
        return 0
    notes = header.notes() if header.fault is None else []
    if args.strict and notes:
        _refuse(
            "Import refusé (--strict), rien n'a été enregistré : des colonnes seraient "
            "laissées de côté :\n" + "\n".join(notes) + "\n(sans --strict, elles sont ignorées)"
        )
    service, t = open_tournament(args)
    count, errors = service.import_players(
        t.key, data, encoding=args.encoding, skip_bad=args.skip_bad, homonym=args.homonyme
    )
    _said(count, errors, t.key, notes)
    return 0


def _text(data: bytes, encoding: str) -> str:
    from ...rules.errors import RuleError
    from ...rules.registration import decode

    try:
        return decode(data, encoding)
    except RuleError as exc:
        _refuse(exc.message)
        raise  # not reached: _refuse raises


def _refuse(message: str) -> None:
    from ...operations import OperationError

    raise OperationError(message)


def _said(count: int, errors: list[tuple[int, str]], key: str, notes: list[str]) -> None:
    for line, message in errors:
        print(f"ignorée : ligne {line} : {message}", file=sys.stderr)
    print(f"{count} joueur(s) importé(s) dans {key}.")
    for note in notes:  # never a column dropped without a word (issue 49.2)
        print(f"Attention : {note}.")


def _preview(path: str, text: str, key: str) -> None:
    """Each column, what it becomes and the first player's cell; then what the rows give."""
    from ...rules.registration import sheet_preview

    seen = sheet_preview(text)
    if seen.header.fault is not None:
        _refuse(f"ligne 1 : {seen.header.fault}")
    separator = _SEPARATORS.get(seen.separator, seen.separator)
    print(f"Aperçu de {path} pour {key} (séparateur : {separator}) — rien n'est enregistré.")
    placed = seen.header.placed()
    width = max(len(name.strip()) for name in seen.header.names)
    wide = max(len(becomes) for _, becomes in placed)
    for i, becomes in placed:
        title = seen.header.names[i].strip() or "(sans titre)"
        sample = seen.sample[i].strip() if i < len(seen.sample) else ""
        example = f"  ex. « {_cut(sample)} »" if sample else ""
        print(f"  {i + 1:2d}. {title:<{width}} → {becomes:<{wide}}{example}".rstrip())
    print(f"{seen.rows} joueur(s) lisible(s), {len(seen.errors)} ligne(s) fautive(s).")
    for line, message in seen.errors[:20]:
        print(f"  ligne {line} : {message}")
    if len(seen.errors) > 20:
        print(f"  … et {len(seen.errors) - 20} autre(s)")
    print(
        "Les doublons avec les inscrits et l'admissibilité sont vérifiés à l'import "
        "(sans --apercu)."
    )


def _cut(text: str, limit: int = 30) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def import_command(psub: Any) -> None:
    """`players import`, beside `list`, `edit`, `move` and `remove`."""
    imp = command(
        psub,
        "import",
        cmd_players_import,
        file="FICHIER",
        file_help=FILE_HELP,
        tournament=TOURNAMENT_HELP,
    )
    imp.add_argument("csv", metavar="CSV")
    imp.add_argument(
        "--skip-bad", action="store_true", help="importer seulement les lignes correctes"
    )
    imp.add_argument(
        "--encoding",
        default="utf-8",
        help="encodage du fichier (défaut utf-8 ; latin-1 lit aussi le Windows-1252 des tableurs)",
    )
    imp.add_argument(
        "--strict",
        action="store_true",
        help="refuser un fichier dont une colonne serait ignorée (non reconnue ou non conservée)",
    )
    imp.add_argument(
        "--homonyme",
        action="store_true",
        help="un même nom, prénom et naissance qu'un inscrit est une autre personne",
    )
    imp.add_argument(
        "--apercu",
        action="store_true",
        help="montrer ce que devient chaque colonne, sans rien enregistrer",
    )
