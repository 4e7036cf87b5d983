"""`arbitre`: every action of the app, scriptable.

Exit codes: 0 done; 2 refused (bad input or a rule: nothing changed); 1 file problem.
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

from .common import (
    FILE_HELP,
    PLAYER_HELP,
    TOURNAMENT_HELP,
    add_round,
    board_said,
    close_opened,
    command,
    group,
    number_of,
    open_event,
    open_tournament,
    output,
    player_id,
    print_json,
    who,
    write_out,
)
from .errors import (
    RESULT_DASH_WORDS,
    FrenchParser,
    commits,
    committed_since,
    count,
    last_guard,
    moment,
    os_reason,
    output_lost,
    refuse,
    section_key,
    standard_streams,
    with_saved,
)

DEMO_FILE = "demo-arbitre.sqlite"

INCIDENT_ALIASES = {
    "illegal": "illegal_move",
    "illegal_move": "illegal_move",
    "coup": "illegal_move",
    "ring": "device_ring",
    "sonnerie": "device_ring",
    "device_ring": "device_ring",
    "device": "device_use",
    "appareil": "device_use",
    "device_use": "device_use",
    "respect": "disrespect",
    "irrespect": "disrespect",
    "disrespect": "disrespect",
    "late": "lateness",
    "retard": "lateness",
    "lateness": "lateness",
    "other": "other",
    "controle": "check_refused",
    "refus-controle": "check_refused",
    "check_refused": "check_refused",
}


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


def _run_app(path: Path, args: argparse.Namespace) -> int:
    import gc

    gc.disable()  # until the first paint, the app's imports included (see ArbitreApp)
    from ..tui.app import ArbitreApp

    app = ArbitreApp(
        path, theme_name=args.theme, tournament=getattr(args, "tournoi", None), freeze_start=True
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
    service.close()
    return _run_app(Path(args.file), args)


def cmd_players_list(args: argparse.Namespace) -> int:
    """lister les joueurs"""
    from ...rules.models import as_data
    from ...views.players import build
    from ...views.reader import Reader

    service, t = open_tournament(args)
    reader = Reader(service)
    if args.json:  # every registration field, for the arbiter's own use
        numbers = reader.numbers(t)  # « number »: the N° (49.5); « id »: the registration
        print_json(
            [{**as_data(p, json=True), "number": numbers.get(p.id)} for p in reader.players(t)]
        )
        return 0
    roster = build(reader, t)
    if roster.provisional:  # issue 49.5: the N° before the draw is the initial order
        print("N° provisoires (ordre initial) : fixés par l'appariement de la ronde 1.")
    for p in roster.players:
        flags = ("P" if p.checked_in else "-") + ("€" if p.paid else "-")
        print(f"{p.number:5d} {flags} {p.name:<32} {p.rating:5d} {p.club}")
    print(f"{roster.checked_in} pointé(s) / {len(roster.players)} inscrit(s)")
    return 0


def cmd_checkin(args: argparse.Namespace) -> int:
    """pointer un joueur"""
    service = open_event(args.file)
    pid = player_id(service, args.player, args.tournoi)
    player, checked = service.player(pid), not args.cancel
    if player.checked_in == checked:  # nothing to write: the file stays as it is
        state = "déjà pointé(e)" if checked else "pas pointé(e)"
        print(f"{who(service, pid)} : {state}, rien n'a changé.")
        return 0
    note = service.check_in(pid, checked)
    print(("Pointage annulé" if args.cancel else "Pointé") + f" : {who(service, pid)}")
    if note:  # 002: an unpaid entry is not final
        print(f"Attention : {note}", file=sys.stderr)
    return 0


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


def cmd_pair(args: argparse.Namespace) -> int:
    """apparier la ronde suivante"""
    from ...operations.registration import not_final_entries
    from ...rules.open_rules import unpaid_warning

    service, t = open_tournament(args)
    if not args.sans_non_pointes:  # round 1 leaves no one aside without a word (49.7)
        from ...operations import OperationError
        from ...operations.rounds import left_out_of_round_one

        question = left_out_of_round_one(service, t.key)
        if question is not None:
            raise OperationError(
                f"{question} Rien n'est apparié : --sans-non-pointes pour apparier sans "
                "eux, ou arbitre checkin FICHIER JOUEUR pour les pointer."
            )
    rnd = service.pair_round(t.key, seed=args.seed, exempt_holes=args.exempt_holes)
    print(f"{t.name} : ronde {rnd.number} appariée.")
    _print_round(_round_sheet(service, t, rnd.number))
    if unpaid := not_final_entries(service, t.key):  # 002: not final until paid
        print(f"Attention : {unpaid_warning(unpaid)}", file=sys.stderr)
    return 0


def _print_round(sheet: Any) -> None:
    for b in sheet.boards:
        black = b.black.name if b.black else (b.bye_label or "exempt")
        print(f"  {b.board:3d}  {b.white.name:<30} {b.result_label or '…':^5} {black}")
    for p in sheet.sitting_out:  # a round robin's rest (issue 29.6)
        print(f"    —  {p.name:<30} {'':^5} ne joue pas")


def _round_sheet(service: Any, t: Any, number: int | None = None) -> Any:
    from ...views.reader import Reader
    from ...views.round_sheet import build

    return build(Reader(service), t, number)


def cmd_round(args: argparse.Namespace) -> int:
    """afficher les appariements d'une ronde"""
    from ...views.reader import as_json

    service, t = open_tournament(args, read_only=True)
    sheet = _round_sheet(service, t, args.ronde)
    if args.json:  # the boards, each with its players, result and labels; [] when none
        print_json(as_json(sheet.boards))
        return 0
    if not sheet.number:
        print("Aucune ronde appariée.")
        return 0
    print(f"{t.name} — ronde {sheet.number}{' (close)' if sheet.closed else ''}")
    _print_round(sheet)
    return 0


def cmd_print_round(args: argparse.Namespace) -> int:
    """appariements d'une ronde, page imprimable (HTML A4)"""
    from ...publish.html.pairings import round_html

    service = open_event(args.file)
    out = output(args.out, args.file)
    write_out(out, round_html(service, args.tournoi, args.ronde))
    print(f"Appariements imprimables : {args.out}")
    return 0


def cmd_result(args: argparse.Namespace) -> int:
    """saisir un résultat"""
    from ...operations.event import forfeit_side

    service, t = open_tournament(args)
    if side := forfeit_side(args.result):  # a forfeit: `absent`'s one path (issue 35)
        done = service.forfeit(
            t.key, args.board, side, round_number=args.ronde, confirm=args.confirm
        )
        assert done.game.result is not None
        print(f"{board_said(service, done.game, done.game.result.label)} (forfait) : enregistré.")
        for pid in done.excluded:
            print(
                f"  {who(service, pid)} exclu des rondes suivantes (arbitre keep "
                f"{number_of(service, pid)} -t {t.key} pour le garder)"
            )
        return 0
    game = service.record_result(t.key, args.board, args.result, args.ronde, confirm=args.confirm)
    shown = game.result.label if game.result else args.result  # always set once recorded
    if service.journal.last_args.get("unchanged"):  # journaled all the same (issue 29.4)
        print(f"{board_said(service, game, shown)} : inchangé (déjà saisi).")
        return 0
    print(f"{board_said(service, game, shown)} : enregistré.")
    return 0


def cmd_incident(args: argparse.Namespace) -> int:
    """noter un incident (coup illégal, appareil, retard)"""
    from ...operations import OperationError
    from ...operations.formats import format_of

    service, t = open_tournament(args)
    kind = INCIDENT_ALIASES.get(args.kind, args.kind)
    if format_of(t).by_teams:  # a cup's board is a match's (issue 30.23)
        from ...operations import cup

        if args.match is None:
            raise OperationError(
                f"{t.name} se joue par matchs : précisez le match (--match N ; les matchs "
                "du tour : arbitre cup status)."
            )
        iid = cup.record_incident(
            service, t.key, args.match, args.board, args.colour, kind, args.note,
            confirm=args.confirm,
        )  # fmt: skip
        print(f"Incident n° {iid} enregistré.")
        return 0
    if args.match is not None:
        raise OperationError(f"--match : pour une coupe seulement ({t.name} se joue par rondes).")
    iid = service.record_incident(
        t.key, args.board, args.colour, kind, args.note, args.ronde, confirm=args.confirm
    )
    print(f"Incident n° {iid} enregistré.")
    return 0


def cmd_close_round(args: argparse.Namespace) -> int:
    """clôturer la ronde (et sauvegarder)"""
    service, t = open_tournament(args)
    out = service.close_round(t.key, args.ronde)
    print(f"Ronde close ; sauvegarde {out}")
    return 0


def cmd_round_start(args: argparse.Namespace) -> int:
    """noter l'heure de début de la ronde"""
    service, t = open_tournament(args)
    when = args.when or dt.datetime.now().replace(microsecond=0)
    service.set_round_start(t.key, when, args.ronde)
    print(f"Début de ronde : {when.isoformat(timespec='minutes')}")
    return 0


def cmd_cadence(args: argparse.Namespace) -> int:
    """la cadence : horaires des rondes, ronde en cours, parties en cours"""
    from ...views.clock_board import build
    from ...views.reader import Reader, as_json

    service, t = open_tournament(args, read_only=True)
    now = args.when or dt.datetime.now().replace(microsecond=0)
    board = build(Reader(service), t, now)
    if args.json:
        print_json({**as_json(board), "clock": board.clock_lines(now)})
        return 0
    print(board.title)
    for line in board.clock_lines(now):
        print(f"  {line}")
    if not board.rows:
        print("  Aucune cadence définie.")
    for r in board.rows:  # the Cadence pane's columns
        print(f"  {r.number:>3}  {r.stage:<15} {r.cadence:<14} {r.start:<12} {r.end:<12} {r.flag}")
    print(board.playing_title)
    for g in board.playing:
        print(f"  {g.board:>4}  {g.white} – {g.black}")
    return 0


def cmd_draws(args: argparse.Namespace) -> int:
    """lister les tirages au sort et les rejouer"""
    from ...views.draws import build
    from ...views.reader import Reader

    view = build(Reader(open_event(args.file)), None)
    for d in view.draws:
        print(
            f"{d.id:4d} {d.at} {d.purpose:<26} {d.kind:8} graine {d.seed:<20} "
            f"{'rejoué : identique' if d.same else 'REJOUÉ : DIFFÉRENT'}"
        )
    return 0 if all(d.same for d in view.draws) else 3


def _add_file(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FICHIER", help=FILE_HELP)


def _add_tournament(p: argparse.ArgumentParser) -> None:
    p.add_argument("--tournoi", "-t", metavar="CLÉ", type=section_key, help=TOURNAMENT_HELP)


def _add_ui(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--theme", default=None, help="thème : arbitre (défaut) ou contraste (projecteur)"
    )
    p.add_argument(
        "--no-mouse", action="store_true", help="désactiver la souris (conseillé en SSH)"
    )


class _Ignored:
    """What a command not typed is declared on: nothing, its parser is never built."""

    def __getattr__(self, _name: str) -> Callable[..., _Ignored]:
        return lambda *_args, **_kwargs: self


class _Only:
    """The sub-commands as every command module declares them, building only the one typed:
    `arbitre result …` builds one parser, not 77 (about 10 ms of its start)."""

    def __init__(self, real: argparse._SubParsersAction[argparse.ArgumentParser], only: str):
        self.real, self.only = real, only

    def add_parser(self, name: str, **kwargs: Any) -> Any:
        return self.real.add_parser(name, **kwargs) if name == self.only else _Ignored()


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line; with ``only``, just that command's parser (the others are
    declared on nothing), for a command typed — `--help` and errors build them all."""
    parser: argparse.ArgumentParser = FrenchParser(
        prog="arbitre", description="Arbitrage d'échecs au clavier."
    )
    real = parser.add_subparsers(dest="command", required=True, metavar="COMMANDE")
    sub = real if only is None else cast("argparse._SubParsersAction[Any]", _Only(real, only))

    def add(
        name: str,
        func: Callable[[argparse.Namespace], int],
        setup: Callable[[argparse.ArgumentParser], None],
    ) -> None:
        if only is None or name == only:
            setup(command(sub, name, func))

    def demo(p: argparse.ArgumentParser) -> None:
        p.add_argument("file", nargs="?", default=DEMO_FILE, metavar="FICHIER")
        p.add_argument("--no-open", action="store_true", help="créer sans ouvrir l'application")
        p.add_argument("--keep", action="store_true", help=argparse.SUPPRESS)
        _add_ui(p)

    def new(p: argparse.ArgumentParser) -> None:
        from .setup import add_event_options

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
        _add_file(p)
        add_event_options(p)

    def open_(p: argparse.ArgumentParser) -> None:
        _add_file(p)
        _add_tournament(p)
        _add_ui(p)

    def json_only(p: argparse.ArgumentParser) -> None:
        _add_file(p)
        p.add_argument("--json", action="store_true", help="sortie JSON complète")

    def journal(p: argparse.ArgumentParser) -> None:
        json_only(p)
        p.add_argument("--limit", type=count, default=None, help="les N dernières opérations")

    def undo(p: argparse.ArgumentParser) -> None:
        _add_file(p)
        p.add_argument(
            "--id",
            type=int,
            default=None,
            help="numéro d'opération (défaut : la dernière de ce poste)",
        )
        p.add_argument(
            "--confirm", action="store_true", help="confirmer (appariement, clôture, tirage)"
        )

    def redo(p: argparse.ArgumentParser) -> None:
        _add_file(p)
        p.add_argument("--confirm", action="store_true", help="confirmer (tirage…)")

    def backup(p: argparse.ArgumentParser) -> None:
        _add_file(p)
        p.add_argument(
            "dest", nargs="?", help="fichier de destination (défaut : dossier .sauvegardes)"
        )

    def restore(p: argparse.ArgumentParser) -> None:
        _add_file(p)
        p.add_argument(
            "backup", nargs="?", help="sauvegarde à restaurer (défaut : la plus récente intacte)"
        )
        p.add_argument("--list", action="store_true", help="lister les sauvegardes")

    def checkin(p: argparse.ArgumentParser) -> None:
        _add_file(p)
        p.add_argument("player", metavar="JOUEUR", help=PLAYER_HELP)
        p.add_argument("--cancel", action="store_true", help="annuler le pointage")
        _add_tournament(p)

    def pair(p: argparse.ArgumentParser) -> None:
        _add_file(p)
        _add_tournament(p)
        p.add_argument(
            "--seed", type=int, default=None, help="graine imposée du tirage (rejouer un tirage)"
        )
        p.add_argument(
            "--exempt-holes",
            action="store_true",
            help="K.O. : qualifier l'adversaire d'un trou que personne n'a comblé",
        )
        p.add_argument(
            "--sans-non-pointes",
            action="store_true",
            help="ronde 1 : apparier sans les inscrits non pointés (sinon refusé)",
        )

    def round_(p: argparse.ArgumentParser) -> None:
        json_only(p)
        _add_tournament(p)
        add_round(p)

    def result(p: argparse.ArgumentParser) -> None:
        assert isinstance(p, FrenchParser)
        p.dash_values = RESULT_DASH_WORDS  # `-+`, `--` are results here, not options
        _add_file(p)
        p.add_argument("board", type=int, metavar="ÉCHIQUIER")
        p.add_argument(
            "result",
            metavar="RÉSULTAT",
            help="1 (ou 1-0), = (1/2, nulle), 0 (0-1), +- (forfait-noirs), -+ (forfait-blancs), "
            "-- (double-forfait)",
        )
        _add_tournament(p)
        add_round(p)
        p.add_argument("--confirm", action="store_true", help="remplacer un résultat déjà saisi")

    def incident(p: argparse.ArgumentParser) -> None:
        _add_file(p)
        p.add_argument("board", type=int, metavar="ÉCHIQUIER")
        p.add_argument(
            "kind",
            choices=sorted(INCIDENT_ALIASES),
            metavar="TYPE",
            help="illegal (coup illégal), ring (sonnerie), device (usage d'appareil), "
            "respect (manque de respect envers l'arbitre), late (retard), controle (refus de "
            "contrôle anti-triche), other (autre)",
        )
        p.add_argument("colour", choices=["white", "black", "blancs", "noirs"], metavar="COULEUR")
        p.add_argument("--note", default="", help="texte libre joint à l'incident")
        p.add_argument(
            "--confirm",
            action="store_true",
            help="confirmer la perte de la partie (coup illégal de trop, usage d'appareil)",
        )
        p.add_argument(
            "--match",
            type=int,
            metavar="MATCH",
            help="coupe : le match du tour (ÉCHIQUIER est alors l'échiquier 1 à 4 du match)",
        )
        _add_tournament(p)
        add_round(p)

    def close(p: argparse.ArgumentParser) -> None:
        _add_file(p)
        _add_tournament(p)
        add_round(p)

    def start(p: argparse.ArgumentParser) -> None:
        close(p)
        p.add_argument(
            "--when",
            type=moment,
            default=None,
            help="JJ/MM/AAAA HH:MM ou AAAA-MM-JJTHH:MM (défaut : maintenant)",
        )

    add("demo", cmd_demo, demo)
    add("new", cmd_new, new)
    add("open", cmd_open, open_)
    add("show", cmd_show, json_only)
    add("journal", cmd_journal, journal)
    add("undo", cmd_undo, undo)
    add("redo", cmd_redo, redo)
    add("backup", cmd_backup, backup)
    add("restore", cmd_restore, restore)
    add("checkin", cmd_checkin, checkin)
    add("pair", cmd_pair, pair)
    add("round", cmd_round, round_)
    add("result", cmd_result, result)

    def print_round(p: argparse.ArgumentParser) -> None:
        _add_file(p)
        p.add_argument("out", metavar="SORTIE.html", help="page HTML à imprimer (A4)")
        _add_tournament(p)
        add_round(p)

    add("print-round", cmd_print_round, print_round)
    add("incident", cmd_incident, incident)
    add("close-round", cmd_close_round, close)
    add("round-start", cmd_round_start, start)

    def cadence(p: argparse.ArgumentParser) -> None:
        _add_file(p)
        _add_tournament(p)
        p.add_argument("--json", action="store_true", help="sortie JSON complète")
        p.add_argument(
            "--when",
            type=moment,
            default=None,
            help="à l'heure JJ/MM/AAAA HH:MM (défaut : maintenant)",
        )

    add("cadence", cmd_cadence, cadence)
    add("draws", cmd_draws, _add_file)

    psub = group(sub, "players", "joueurs : import, liste, correction, suppression, changement")
    from .imports import import_command

    import_command(psub)
    command(
        psub,
        "list",
        cmd_players_list,
        file="FICHIER",
        file_help=FILE_HELP,
        tournament=TOURNAMENT_HELP,
        json="sortie JSON",
    )
    from .setup import players_commands

    players_commands(psub)

    if only is not None and only in real.choices:
        return parser  # one of this module's commands: the others' modules stay unread
    from . import (
        cup,
        knockout,
        pairing,
        papi,
        ratings,
        reporting,
        settings,
        setup,
        standings,
        swiss,
        verification,
        web,
    )

    setup.register(sub)
    reporting.register(sub)
    standings.register(sub)
    settings.register(sub)
    pairing.register(sub)
    swiss.register(sub)
    web.register(sub)
    knockout.register(sub)
    cup.register(sub)
    verification.register(sub)
    ratings.register(sub)
    papi.register(sub)  # after swiss: beside `export trf`
    return parser


def _errors() -> Any:
    """The store's errors, as the operations name them, imported only when an exception is
    being handled (an ``except`` clause is evaluated then): `--help` and `pair-trf` never
    load the store or SQLite, and no face imports the store."""
    from ...operations import (
        BackupFailed,
        CommitUncertain,
        ForbiddenOpen,
        NeedsConfirmation,
        OperationError,
        StoreError,
    )

    return SimpleNamespace(
        BackupFailed=BackupFailed,
        CommitUncertain=CommitUncertain,
        ForbiddenOpen=ForbiddenOpen,
        StoreError=StoreError,
        NeedsConfirmation=NeedsConfirmation,
        OperationError=OperationError,
    )


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command typed, read by its parser alone; anything else (no command, an option
    first, a name unknown) by the whole command line, for its French help and errors."""
    words = list(sys.argv[1:] if argv is None else argv)
    first = words[0] if words and not words[0].startswith("-") else None
    if first is not None:
        parser = build_parser(first)
        real = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        if first in real.choices:
            return _no_extras(parser, *parser.parse_known_args(words))
    parser = build_parser()
    return _no_extras(parser, *parser.parse_known_args(words))


def _no_extras(
    parser: argparse.ArgumentParser, args: argparse.Namespace, extras: list[str]
) -> argparse.Namespace:
    """Words left over are refused by the command they were typed to (its usage and its
    « --help »), not by `arbitre` as a whole."""
    while extras:
        subs = next((a for a in parser._actions if isinstance(a, argparse._SubParsersAction)), None)
        chosen = getattr(args, subs.dest, None) if subs else None
        if subs is None or chosen not in subs.choices:
            parser.error(f"arguments en trop ou inconnus : {' '.join(extras)}")
        parser = subs.choices[chosen]
    return args


def main(argv: Sequence[str] | None = None) -> int:
    standard_streams()
    args = _parse(argv)
    try:
        return _run(args)
    finally:
        close_opened()


def _run(args: argparse.Namespace) -> int:
    """The command, and every failure said in French with its exit code; a failure after
    the command had committed something says what is saved (never « rien n'a été
    enregistré » then)."""
    mark = commits()
    try:
        code: int = args.func(args)
        sys.stdout.flush()  # a closed pipe shows here, not in the interpreter's exit
        lost = output_lost()
        if lost is None:
            return code
        if isinstance(lost, BrokenPipeError):
            return 141  # the reader left (`arbitre round … | head`): quietly, as Unix tools do
        saved = committed_since(mark)
        done = f" Enregistré : {' ; '.join(saved)}." if saved else ""
        return refuse(
            f"Erreur : la sortie de la commande n'a pas pu être écrite ({os_reason(lost)}) : "
            f"la commande est pourtant allée à son terme.{done}",
            1,
        )
    except Exception as exc:  # the messages below, then what was saved before the error
        return _failure(exc, committed_since(mark))
    except KeyboardInterrupt as exc:
        return last_guard(exc, committed_since(mark))


def _failure(exc: Exception, saved: list[str]) -> int:
    """One failure said in French; ``saved``: what this command committed before it."""
    if saved:
        note = f"Déjà enregistré par cette commande avant l'erreur : {' ; '.join(saved)}."
    else:
        note = ""
    try:
        raise exc
    except _errors().CommitUncertain as exc:  # read back: refused if nothing reached the file
        if exc.saved is False:
            return refuse(with_saved(f"Refusé : {exc.message}", note), 1 if note else 2)
        return refuse(f"Attention : {exc.message}", 1)
    except _errors().BackupFailed as exc:
        return refuse(f"Attention : {exc.message}", 1)
    except _errors().NeedsConfirmation as exc:
        return refuse(f"Refusé : {exc.message} Relancez avec --confirm pour confirmer.")
    except _errors().OperationError as exc:
        word = "Erreur" if note else "Refusé"  # after a commit: not « nothing changed »
        return refuse(with_saved(f"{word} : {exc.message}", note), 1 if note else 2)
    except _errors().StoreError as exc:  # 2: nothing changed, the arbiter can fix it
        if exc.damaged or note:
            return refuse(with_saved(f"Erreur : {exc.message}", note), 1)
        return refuse(f"Refusé : {exc.message}")
    except _errors().ForbiddenOpen as exc:  # an output path that is the event file itself
        return refuse(f"Refusé : {exc} Choisissez un autre fichier de sortie.")
    except BrokenPipeError:  # written past sys.stdout (its buffer): the reader left
        return 141
    except Exception as exc:  # the last guard: never a traceback
        return last_guard(exc, saved)


if __name__ == "__main__":
    raise SystemExit(main())
