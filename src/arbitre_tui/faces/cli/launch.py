"""`arbitre demo`, `new` and `open`: an event created, then the app opened on it."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from .common import add_file, add_tournament, command, open_event

if TYPE_CHECKING:
    from ...operations import EventService

DEMO_FILE = "demo-arbitre.sqlite"


def cmd_demo(args: argparse.Namespace) -> int:
    """créer l'événement de démonstration (les quatre règlements) et l'ouvrir"""
    from ...operations.templates import create_demo

    path = Path(args.file)
    if not args.no_open:
        _check_theme(args.theme)
    if path.exists() and not args.keep:
        open_event(args.file).close()  # an event, or a French refusal (a folder, another file)
        print(f"{path} existe déjà ; il est ouvert tel quel (supprimez-le pour une démo neuve).")
    else:
        create_demo(path).close()
        print(f"Démo créée : {path}")
    if args.no_open:
        return 0
    return _run_app(path, args)


def cmd_new(args: argparse.Namespace) -> int:
    """créer un événement : vide (--nom), ou depuis le modèle d'un règlement

    créer un événement : vide, avec son nom (--nom), son lieu, ses dates, sa fédération et
    ses arbitres, puis ses tournois (arbitre section add) ; ou depuis le modèle d'un
    règlement (--template) : ses tournois, réglages et cadences, sans aucun joueur.
    """
    from ...operations.setup import new_event
    from ...views.event import build
    from ...views.reader import Reader
    from .setup import event_fields

    service = new_event(args.file, event_fields(args), args.template)
    summary = build(Reader(service))
    service.close()
    if args.template:
        names = ", ".join(f"{s.key} ({s.name})" for s in summary.sections)
        print(f"Créé {args.file} depuis le modèle {args.template}, sans joueur : {names}.")
    else:
        print(f"Créé {args.file} : {summary.name}, sans tournoi.")
    print(
        f"Ensuite : arbitre section add {args.file} CLÉ --nom … --systeme suisse --rondes N "
        "--cadence 90+30 ; arbitre players import … ; arbitre open …"
        if not args.template
        else f"Ensuite : arbitre players import {args.file} JOUEURS.csv -t CLÉ ; arbitre open …"
    )
    return 0


def _check_theme(name: str | None) -> None:
    """A theme unknown: refused before the screen opens (Textual stopped on it there)."""
    if name is None:
        return
    from ..tui.themes import load_themes

    names = [t.name for t in load_themes()]
    if name not in names:
        from ...operations import OperationError

        raise OperationError(f"Le thème « {name} » est inconnu : {', '.join(names)}.")


def _run_app(path: Path, args: argparse.Namespace, service: EventService | None = None) -> int:
    """The app on ``path``; ``service``: the file already opened and checked (`open`)."""
    import gc

    gc.disable()  # until the first paint, the app's imports included (see ArbitreApp)
    from ..tui.app import ArbitreApp

    app = ArbitreApp(
        path,
        theme_name=args.theme,
        tournament=getattr(args, "tournoi", None),
        service=service,
        freeze_start=True,
    )
    app.run(mouse=not args.no_mouse)
    return int(app.return_code or 0)


def cmd_open(args: argparse.Namespace) -> int:
    """ouvrir l'application sur un événement"""
    if not Path(args.file).exists():
        from ...operations import OperationError

        raise OperationError(
            f"{args.file} n'existe pas. Pour créer votre événement : arbitre new {args.file} "
            "--nom « Open de Printemps 2027 » (puis arbitre section add …), ou depuis un "
            f"règlement : arbitre new {args.file} --template marina-viva ; pour essayer : "
            "arbitre demo."
        )
    _check_theme(args.theme)
    service = open_event(args.file)  # checks the file before the screen takes over
    if args.tournoi:
        service.tournament(args.tournoi)  # a section mistyped: refused, not the first shown
    # the app's own, not opened and checked a second time (≈ 10 ms of CPU before the first
    # paint, issue 56.2): as the app opens it, a write the other station holds up goes to
    # its writer thread (StoreBusy) instead of freezing the keys
    service.journal.wait = False
    return _run_app(Path(args.file), args, service)


def add_ui(p: argparse.ArgumentParser) -> None:
    """The app's options, for the commands that open it."""
    p.add_argument(
        "--theme", default=None, help="thème : arbitre (défaut) ou contraste (projecteur)"
    )
    p.add_argument(
        "--no-mouse", action="store_true", help="désactiver la souris (conseillé en SSH)"
    )


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from .setup import add_event_options

    p = command(sub, "demo", cmd_demo)
    p.add_argument("file", nargs="?", default=DEMO_FILE, metavar="FICHIER")
    p.add_argument("--no-open", action="store_true", help="créer sans ouvrir l'application")
    p.add_argument("--keep", action="store_true", help=argparse.SUPPRESS)
    add_ui(p)
    p = command(sub, "new", cmd_new)
    p.add_argument(
        "--template",
        default=None,
        choices=[
            "open-ko",
            "marina-viva",
            "bas-rhin-jeunes",
            "bas-rhin-premier-tour",
            "coupe-alsace",
        ],
        help="modèle : open-ko (000), marina-viva (002), bas-rhin-jeunes (003), "
        "bas-rhin-premier-tour (003, titre IV : premier tour qualificatif), coupe-alsace "
        "(004) ; sans joueur",
    )
    add_file(p)
    add_event_options(p)
    p = command(sub, "open", cmd_open)
    add_file(p)
    add_tournament(p)
    add_ui(p)
