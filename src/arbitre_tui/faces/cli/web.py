"""`arbitre serve`, `arbitre publish`, `arbitre qr`: the players' results site."""

from __future__ import annotations

import argparse
from pathlib import Path

from .common import open_event


def cmd_serve(args: argparse.Namespace) -> int:
    from ..web.server import serve

    open_event(args.file).close()  # refuse a bad file before listening
    where = args.base_url or f"http://{args.host}:{args.port}"
    print(f"Résultats en ligne : {where}/ (Ctrl+C arrête)", flush=True)
    serve(args.file, args.host, args.port)
    return 0


def cmd_publish_site(args: argparse.Namespace) -> int:
    from ...publish.html.static import export_site

    service = open_event(args.file)
    count = export_site(service, Path(args.outdir))
    print(f"{count} pages écrites dans {args.outdir} (à déposer sur n'importe quel hébergement).")
    return 0


def cmd_qr(args: argparse.Namespace) -> int:
    from ...publish.qr import base_url, page_url, write_png, write_svg

    service = open_event(args.file)
    key = service.tournament(args.tournoi).key if args.tournoi else None
    url = page_url(base_url(service, args.base_url), key, args.page or "")
    out = Path(args.out)
    (write_svg if out.suffix.lower() == ".svg" else write_png)(url, out)
    print(f"QR code de {url} : {out}")
    return 0


def cmd_display(args: argparse.Namespace) -> int:
    from ..tui.display import DisplayApp

    open_event(args.file).close()
    DisplayApp(args.file, args.section, args.seconds).run(mouse=False)
    return 0


def cmd_print(args: argparse.Namespace) -> int:
    from ...publish.pdf import build, document

    per_match = document(args.what).per_match  # an unknown name: refused before the file opens
    service = open_event(args.file)
    number = args.match if per_match else args.ronde
    Path(args.pdf).write_bytes(build(service, args.what, args.tournoi, number))
    print(f"PDF écrit : {args.pdf}")
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from ...publish.catalogue import LABELS  # not publish.pdf: the PDF library is slow to import

    pr = sub.add_parser(
        "print",
        help="listes imprimées en PDF (A4)",
        description="listes imprimées en PDF (A4, nom de l'événement, ronde, pages numérotées)",
    )
    pr.add_argument("file", metavar="FICHIER")
    pr.add_argument(
        "what",
        metavar="QUOI",
        help=" ; ".join(f"{name} : {label}" for name, label in LABELS.items()),
    )
    pr.add_argument("--pdf", required=True, metavar="SORTIE.pdf", help="le fichier PDF")
    pr.add_argument("--tournoi", "-t", metavar="CLÉ", help="la section")
    pr.add_argument("--ronde", "-r", type=int, default=None, help="la ronde (défaut : la dernière)")
    pr.add_argument("--match", type=int, default=None, help="procès-verbal : numéro du match")
    pr.set_defaults(func=cmd_print)
    d = sub.add_parser(
        "display",
        help="écran d'affichage en salle (lecture seule) : appariements, classement, QR",
        description="écran d'affichage en salle (télévision, projecteur) : lecture seule",
    )
    d.add_argument("file", metavar="FICHIER")
    d.add_argument("--section", "-t", default=None, help="la section affichée")
    d.add_argument(
        "--seconds", type=float, default=15, help="durée de chaque page (0 : pas de défilement)"
    )
    d.set_defaults(func=cmd_display)
    s = sub.add_parser(
        "serve",
        help="serveur web des résultats (lecture seule) pour les téléphones",
        description="serveur web des résultats (lecture seule) : appariements, classements, grilles, joueurs",
    )
    s.add_argument("file", metavar="FICHIER")
    s.add_argument(
        "--host",
        default="127.0.0.1",
        help="adresse d'écoute (0.0.0.0 : tout le réseau de la salle)",
    )
    s.add_argument("--port", type=int, default=8080, help="port (défaut 8080)")
    s.add_argument("--base-url", default=None, help="adresse publique annoncée (QR codes)")
    s.set_defaults(func=cmd_serve)
    p = sub.add_parser(
        "publish",
        help="écrire le site des résultats en pages statiques",
        description="écrire le site des résultats en pages statiques (tout hébergement, CDN)",
    )
    p.add_argument("file", metavar="FICHIER")
    p.add_argument("outdir", metavar="DOSSIER")
    p.set_defaults(func=cmd_publish_site)
    q = sub.add_parser(
        "qr",
        help="QR code d'une page des résultats (PNG ou SVG)",
        description="QR code d'une page des résultats : la section, ou --page classement/, ronde-3/, joueur-12/ …",
    )
    q.add_argument("file", metavar="FICHIER")
    q.add_argument("out", metavar="SORTIE.png|.svg")
    q.add_argument("--tournoi", "-t", metavar="CLÉ", help="la section (défaut : l'accueil)")
    q.add_argument("--page", default=None, help="la page dans la section (ex. classement/)")
    q.add_argument("--base-url", default=None, help="adresse publique (défaut : réglage base_url)")
    q.set_defaults(func=cmd_qr)
