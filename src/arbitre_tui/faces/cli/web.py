"""`arbitre serve`, `arbitre publish`, `arbitre qr`: the players' results site."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from . import errors
from .common import add_round, command, open_event, output, player_id, write_out

if TYPE_CHECKING:
    from ...operations.event import EventService


def cmd_serve(args: argparse.Namespace) -> int:
    """serveur web des résultats (lecture seule) pour les téléphones

    serveur web des résultats (lecture seule) : appariements, classements, grilles, joueurs
    """
    # Listen where the QR codes point: ``--base-url`` is written as the event's address
    # (journaled, undoable), so the app, `qr`, the PDFs and the wall screen give the same
    # one; host and port default to ``publish.address.listen``.
    from ...publish.address import base_url, detected_url, listen, other_addresses, warning
    from ..web.server import serve

    service = open_event(args.file)  # refuse a bad file before listening
    wanted = _address(args.base_url) if args.base_url is not None else None
    # written only once listening (ready): a refused command changes nothing
    url = detected_url() if args.base_url is not None and not wanted else base_url(service, wanted)
    host, port = listen(service)
    reporting_line = _reporting_line(service) if args.saisie_joueurs else ""
    if args.base_url is not None:
        parts = urlsplit(url)
        port = parts.port or (443 if parts.scheme == "https" else 80)
    host = args.host or host
    try:  # the setting serve_host read as --host is (a name idna cannot take: no crash)
        host = errors.listen_host(host)
    except argparse.ArgumentTypeError as exc:
        from ...operations import OperationError

        raise OperationError(f"{exc} (réglage serve_host, ou --host).") from None
    port = args.port if args.port is not None else port
    service.close()

    def ready(actual: int) -> None:
        if args.base_url is not None:
            _record_address(args.file, wanted)
        print(f"Résultats en ligne : {url}/ — écoute {host}:{actual} (Ctrl+C arrête)", flush=True)
        if args.saisie_joueurs:
            print(reporting_line, flush=True)
        problem = warning(url)
        if problem:
            print(f"Attention : {problem}.", flush=True)
        others = other_addresses(url, host=host)  # those it answers on
        if others:
            print(f"Autres adresses de cette machine : {', '.join(others)}", flush=True)
        if actual != urlsplit(url).port:
            print(f"Attention : les QR codes donnent le port de {url}, pas {actual}.", flush=True)

    try:
        serve(args.file, host, port, ready, reporting=args.saisie_joueurs)
    except OSError as exc:  # the address: taken, unknown, not this machine's
        if exc.filename:
            raise
        from ...operations import OperationError
        from ..web.server import listen_refusal

        change, where = "choisissez-en un autre (--port)", "--host, ou réglage serve_host"
        why = listen_refusal(exc, host, port, change, where)
        raise OperationError(f"Impossible d'écouter sur {host}:{port} : {why}.") from None
    return 0


def _reporting_line(service: EventService) -> str:
    """What `serve --saisie-joueurs` says of the event's own switch (both are needed)."""
    from ...operations.reporting import is_open

    if is_open(service):
        return "Saisie par les joueurs : ouverte (propositions confirmées par l'arbitre)."
    return (
        "Saisie par les joueurs : fermée dans l'événement (arbitre phones on pour l'ouvrir) ; "
        "le serveur reste en lecture seule."
    )


def _record_address(path: str, wanted: str | None) -> None:
    """``--base-url`` written as the event's address (journaled, undoable), once serving."""
    from ...rules.settings import event_settings
    from ...views.reader import Reader

    service = open_event(path)
    try:
        if event_settings(Reader(service).event()).base_url != wanted:
            service.update_event_settings({"base_url": wanted})
            said = wanted or "détectée automatiquement"
            print(f"Adresse des QR codes enregistrée : {said} (annulable : arbitre undo)")
    finally:
        service.close()


def _address(text: str) -> str | None:
    """``--base-url`` read as the setting base_url is (http://…; empty: detected)."""
    from ...operations import OperationError
    from ...rules.errors import RuleError
    from ...rules.settings import EVENT_SETTINGS, parse

    try:
        value = parse("base_url", text, EVENT_SETTINGS)
    except RuleError as exc:
        raise OperationError(exc.message) from None
    return None if value is None else str(value)


def cmd_publish_site(args: argparse.Namespace) -> int:
    """écrire le site des résultats en pages statiques

    écrire le site des résultats en pages statiques (tout hébergement, CDN)
    """
    from ...operations import OperationError
    from ...operations.outputs import why_not_publish
    from ...publish.html.static import export_site

    if not args.outdir.strip():  # Path('') is the current folder: never meant
        raise OperationError("Dossier vide : donnez le dossier où écrire les pages (ex. site).")
    why = why_not_publish(Path(args.outdir))
    if why is not None:
        raise OperationError(
            f"{why} : les pages n'y sont pas écrites. Choisissez un autre dossier."
        )
    service = open_event(args.file)
    count = export_site(service, Path(args.outdir))
    print(f"{count} pages écrites dans {args.outdir} (à déposer sur n'importe quel hébergement).")
    return 0


def cmd_qr(args: argparse.Namespace) -> int:
    """QR code d'une page des résultats (PNG ou SVG)

    QR code d'une page des résultats : la section, ou --page classement/, ronde-3/, joueur-12/ …
    """
    from ...publish.qr import base_url, page_fault, page_url, write_png, write_svg

    if args.page and (fault := page_fault(args.page)):
        from ...operations import OperationError

        raise OperationError(f"--page « {args.page[:80]} » : {fault}.")

    out = output(args.out, args.file)
    write = {".png": write_png, ".svg": write_svg}.get(out.suffix.lower())
    if write is None:  # `qr x.gif` once wrote a PNG under a name that says otherwise
        from ...operations import OperationError

        raise OperationError(f"{args.out} : un QR code s'écrit en .png ou en .svg.")
    service = open_event(args.file)
    key = service.tournament(args.tournoi).key if args.tournoi else None
    given = _address(args.base_url) if args.base_url is not None else None
    url = page_url(base_url(service, given), key, args.page or "")
    from ...publish.whole import write_whole

    write_whole(out, lambda path: write(url, path))  # whole or not at all (issue 53.9)
    print(f"QR code de {url} : {out}")
    from ...publish.address import warning

    problem = warning(url)
    if problem:
        print(f"Attention : {problem} (réglage base_url, ou --base-url).", file=sys.stderr)
    return 0


def cmd_display(args: argparse.Namespace) -> int:
    """écran d'affichage en salle (lecture seule) : appariements, classement, QR

    écran d'affichage en salle (télévision, projecteur) : lecture seule
    """
    # Every section by default; the ones named are checked before the screen opens (a
    # wrong key: a French refusal, exit 2).
    from ...operations import OperationError
    from ...views.reader import Reader
    from ..tui.display import DisplayApp

    service = open_event(args.file)
    keys = [k.strip() for given in args.tournoi or [] for k in given.split(",")]
    if "" in keys:  # « -t '' » or « -t open-a, »: not « every section »
        raise OperationError("--tournoi : une clé de section vide (ex. -t open-a,open-b).")
    for key in keys:
        service.tournament(key)
        if keys.count(key) > 1:
            raise OperationError(f"--tournoi : la section {key} est nommée deux fois.")
    if not Reader(service).tournaments():
        raise OperationError("Aucun tournoi dans ce fichier : rien à afficher.")
    service.close()
    DisplayApp(args.file, keys, args.seconds, args.langue).run(mouse=False)
    return 0


def cmd_print(args: argparse.Namespace) -> int:
    """listes imprimées en PDF (A4)

    listes imprimées en PDF (A4, nom de l'événement, ronde, pages numérotées)
    """
    from ...publish.pdf import build, document

    doc = document(args.what)  # an unknown name: refused before the file opens
    if args.joueur is not None and not doc.per_player:
        from ...operations import OperationError

        raise OperationError(
            f"--joueur : « {args.what} » n'est pas un formulaire sur un joueur "
            "(attestation-licence, forfait-non-justifie, exclusion, rapport-joueur)."
        )
    service = open_event(args.file)
    number = args.match if doc.per_match else args.ronde
    out = output(args.pdf, args.file)
    given = _address(args.base_url) if args.base_url is not None else None
    if doc.qr:
        _check_printed_address(service, given, args.force)
    wifi = (args.wifi or "", args.wifi_cle or "") if args.wifi or args.wifi_cle else None
    # the N° or a piece of the name, as every command takes a player (issue 49.5)
    pid = player_id(service, args.joueur, args.tournoi) if args.joueur is not None else None
    write_out(out, build(service, args.what, args.tournoi, number, given, wifi, pid))
    print(f"PDF écrit : {args.pdf}")
    return 0


def _check_printed_address(service: EventService, given: str | None, force: bool) -> None:
    """A QR code on paper that no phone can open is refused (exit 2, nothing written)
    unless ``--force``; any other doubt about the address is said on the error output."""
    from ...operations import OperationError
    from ...publish.address import base_url, loopback, warning

    url = base_url(service, given)
    problem = warning(url)
    if loopback(url) and not force:
        raise OperationError(
            f"Les QR codes imprimés donneraient {url}/ : {problem}. Indiquez l'adresse des "
            "téléphones (--base-url, ou réglage base_url), ou --force pour imprimer quand même."
        )
    print(f"Adresse des QR codes : {url}/", file=sys.stderr)
    if problem:
        print(f"Attention : {problem} (réglage base_url, ou --base-url).", file=sys.stderr)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from ...publish.catalogue import LABELS  # not publish.pdf: the PDF library is slow to import
    from ...publish.lang import LANGS

    pr = command(sub, "print", cmd_print, file="FICHIER", tournament="la section")
    pr.add_argument(
        "what",
        metavar="QUOI",
        help=" ; ".join(f"{name} : {label}" for name, label in LABELS.items()),
    )
    pr.add_argument("--pdf", required=True, metavar="SORTIE.pdf", help="le fichier PDF")
    add_round(pr)
    pr.add_argument("--match", type=int, default=None, help="procès-verbal : numéro du match")
    pr.add_argument(
        "--joueur",
        default=None,
        metavar="JOUEUR",
        help="formulaires (attestation-licence, forfait-non-justifie, exclusion, "
        "rapport-joueur) : le N° du joueur (arbitre players list) ou un morceau du nom",
    )
    pr.add_argument(
        "--base-url",
        default=None,
        help="affiche, chevalets : l'adresse des QR codes (défaut : réglage base_url, ou détectée)",
    )
    pr.add_argument("--wifi", default=None, metavar="NOM", help="affiche : le Wi-Fi de la salle")
    pr.add_argument(
        "--wifi-cle", default=None, metavar="MOT_DE_PASSE", help="affiche : son mot de passe"
    )
    pr.add_argument(
        "--force",
        action="store_true",
        help="imprimer même si les QR codes donnent une adresse de bouclage (127.0.0.1)",
    )
    d = command(sub, "display", cmd_display, file="FICHIER")
    d.add_argument(
        "--tournoi",
        "--section",
        "-t",
        action="append",
        metavar="CLÉ[,CLÉ…]",
        help="les sections affichées, tour à tour (défaut : toutes)",
    )
    d.add_argument(
        "--seconds",
        type=errors.seconds,
        default=15,
        help="durée de chaque page en secondes (0 : ← →)",
    )
    d.add_argument(
        "--langue",
        choices=LANGS,
        default="fr",
        help="la langue de l'écran : fr, en (anglais), de (allemand) (défaut : fr)",
    )
    s = command(sub, "serve", cmd_serve, file="FICHIER")
    s.add_argument(
        "--host",
        type=errors.listen_host,
        default=None,
        help="adresse d'écoute (défaut : réglage serve_host, 0.0.0.0 = tout le réseau de la salle)",
    )
    s.add_argument(
        "--port",
        type=errors.port,
        default=None,
        help="port (défaut : celui de l'adresse des QR codes)",
    )
    s.add_argument(
        "--base-url",
        default=None,
        help="adresse des QR codes, enregistrée pour l'événement (réglage base_url)",
    )
    s.add_argument(
        "--saisie-joueurs",
        action="store_true",
        help="les joueurs proposent leur résultat depuis leur téléphone (si arbitre phones on)",
    )
    p = command(sub, "publish", cmd_publish_site, file="FICHIER")
    p.add_argument("outdir", metavar="DOSSIER")
    q = command(sub, "qr", cmd_qr, file="FICHIER", tournament="la section (défaut : l'accueil)")
    q.add_argument("out", metavar="SORTIE.png|.svg")
    q.add_argument("--page", default=None, help="la page dans la section (ex. classement/)")
    q.add_argument("--base-url", default=None, help="adresse publique (défaut : réglage base_url)")
