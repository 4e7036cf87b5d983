"""`arbitre show`, `journal`, `undo`, `redo`, `backup` and `restore`: the event file as a
whole, what its journal says and undoes, its copies."""

from __future__ import annotations

import argparse
from pathlib import Path

from .common import add_file, command, open_event, print_json
from .errors import count


def cmd_show(args: argparse.Namespace) -> int:
    """résumé de l'événement (--json : tout le contenu)"""
    from ...views.event import build
    from ...views.reader import Reader

    reader = Reader(open_event(args.file, read_only=True))
    if args.json:
        print_json(reader.dump())
        return 0
    summary = build(reader)
    print(" — ".join(x for x in (summary.name, summary.city, summary.dates) if x))
    for s in summary.sections:
        print(
            f"  {s.key:10} {s.name:34} {s.system_label:17} {s.players:4d} joueurs, "
            f"ronde {s.rounds}/{s.rounds_planned}"
        )
    return 0


def cmd_journal(args: argparse.Namespace) -> int:
    """journal des opérations"""
    from ...views.journal import build
    from ...views.reader import Reader

    entries = build(Reader(open_event(args.file)), args.limit)
    if args.json:  # the names as stored, and the French words beside them
        print_json(
            [
                {
                    "id": e.id,
                    "at": e.at,
                    "terminal": e.terminal,
                    "op": e.op,
                    "args": e.args,
                    "undoes": e.undoes,
                    "undone": e.undone,
                    "description": e.description,
                }
                for e in entries
            ]
        )
        return 0
    for e in entries:
        print(f"{e.id:5d} {e.when} {e.terminal:28.28} {e.description}{e.mark}")
    return 0


def cmd_undo(args: argparse.Namespace) -> int:
    """annuler la dernière opération de ce poste (ou --id N)"""
    service = open_event(args.file)
    done = service.undo(args.id, confirm=args.confirm)
    print(f"Annulé : {done} (opération n° {done.target} ; journal n° {done.journal_id}).")
    return 0


def cmd_redo(args: argparse.Namespace) -> int:
    """rétablir ce que ce poste a annulé en dernier"""
    service = open_event(args.file)
    done = service.redo(confirm=args.confirm)
    what = done.removeprefix("rétabli : ")  # the journal's words already say it: once
    print(f"Rétabli : {what} (journal n° {done.journal_id}).")
    return 0


def cmd_backup(args: argparse.Namespace) -> int:
    """sauvegarde à chaud"""
    service = open_event(args.file)
    out = service.backup(Path(args.dest) if args.dest else None)
    print(f"Sauvegarde : {out}")
    return 0


def cmd_restore(args: argparse.Namespace) -> int:
    """restaurer une sauvegarde"""
    from ...operations.backups import marked_backups, restore

    path = Path(args.file)
    if args.list:
        found = marked_backups(path)
        if not found:  # as `restore` says it: nothing printed looked like success
            from ...operations import OperationError

            raise OperationError(f"Aucune sauvegarde trouvée dans {path}.sauvegardes.")
        for b, fault in found:  # an unusable copy marked, with why (restore skips it)
            print(f"{b}  [inutilisable : {fault}]" if fault else b)
        return 0
    chosen, aside = restore(path, Path(args.backup) if args.backup else None)
    kept = f" ; l'état d'avant est gardé dans {aside}" if aside else ""
    print(f"{path} restauré depuis {chosen}{kept}.")
    return 0


def _json_only(p: argparse.ArgumentParser) -> None:
    add_file(p)
    p.add_argument("--json", action="store_true", help="sortie JSON complète")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    _json_only(command(sub, "show", cmd_show))
    p = command(sub, "journal", cmd_journal)
    _json_only(p)
    p.add_argument("--limit", type=count, default=None, help="les N dernières opérations")
    p = command(sub, "undo", cmd_undo)
    add_file(p)
    p.add_argument(
        "--id",
        type=int,
        default=None,
        help="numéro d'opération (défaut : la dernière de ce poste)",
    )
    p.add_argument(
        "--confirm", action="store_true", help="confirmer (appariement, clôture, tirage)"
    )
    p = command(sub, "redo", cmd_redo)
    add_file(p)
    p.add_argument("--confirm", action="store_true", help="confirmer (tirage…)")
    p = command(sub, "backup", cmd_backup)
    add_file(p)
    p.add_argument("dest", nargs="?", help="fichier de destination (défaut : dossier .sauvegardes)")
    p = command(sub, "restore", cmd_restore)
    add_file(p)
    p.add_argument(
        "backup", nargs="?", help="sauvegarde à restaurer (défaut : la plus récente intacte)"
    )
    p.add_argument("--list", action="store_true", help="lister les sauvegardes")
