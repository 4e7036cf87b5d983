"""`arbitre event`, `section`, and the players' corrections: the organiser's own event.

Every option is read by the rules' own readers (the cadence, a person's fields as the CSV
reads its columns), so a value means the same typed here, in a file or in the app.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Iterator
from typing import Any

from .common import (
    FILE_HELP,
    PLAYER_HELP,
    TOURNAMENT_HELP,
    command,
    group,
    open_event,
    open_tournament,
    player_id,
    print_json,
    who,
)
from .errors import day, whole_number

WHERE = "le tournoi où chercher le N° du joueur, si le fichier en a plusieurs"

# A person's fields as options: (option, Player's field, help). The CSV's columns, in
# French; `register` takes them all, `players edit` too (with --nom).
PERSON_OPTIONS: tuple[tuple[str, str, str], ...] = (
    ("--prenom", "first_name", "prénom"),
    ("--sexe", "sex", "M ou F"),
    ("--naissance", "birth_date", "date de naissance (AAAA-MM-JJ ou JJ/MM/AAAA)"),
    ("--federation", "federation", "fédération (trois lettres, ex. FRA)"),
    ("--fide-id", "fide_id", "identifiant FIDE"),
    ("--licence", "ffe_code", "licence FFE (ex. A12345)"),
    ("--titre", "title", "titre FIDE (GM, IM, FM, WGM, CM…)"),
    ("--elo", "rating_fide", "classement FIDE (ex. 1850)"),
    ("--elo-ffe", "rating_ffe", "classement FFE (ex. 1720 ou 1720F)"),
    ("--club", "club", "club"),
    ("--telephone", "phone", "téléphone (jamais publié)"),
    ("--email", "email", "courriel (jamais publié)"),
    ("--categorie", "fee_category", "catégorie de droits d'inscription"),
    ("--paye", "paid", "droits payés (oui/non)"),
    ("--paiement", "payment_method", "moyen de paiement (CB, chèque, espèces…)"),
    ("--nationalite", "nationality", "nationalité (coupe)"),
    ("--ue", "eu", "ressortissant de l'UE (oui/non ; coupe)"),
    ("--mute", "transferred", "muté (oui/non ; coupe)"),
    ("--date-licence", "licence_date", "date de la licence (coupe)"),
    ("--joue-national-pour", "plays_national_for", "joue en national pour (coupe)"),
    ("--residence-depuis", "residence_since", "résidence en France depuis (coupe)"),
)


def add_person_options(p: argparse.ArgumentParser, *, with_surname: bool) -> None:
    """The fields of a person, each optional (a text left empty clears it)."""
    if with_surname:
        p.add_argument("--nom", dest="field_surname", default=None, help="nom de famille")
    for option, name, about in PERSON_OPTIONS:
        p.add_argument(option, dest=f"field_{name}", default=None, metavar="TEXTE", help=about)


def person_fields(args: argparse.Namespace) -> dict[str, Any]:
    """The fields typed, read as the CSV reads them (rules.registration.parse_fields)."""
    from ...rules.errors import RuleError
    from ...rules.registration import parse_fields

    raw = {
        key[len("field_") :]: value
        for key, value in vars(args).items()
        if key.startswith("field_") and value is not None
    }
    try:
        return parse_fields(raw)
    except RuleError as exc:
        from ...operations import OperationError

        raise OperationError(exc.message) from None


@contextlib.contextmanager
def homonym_said() -> Iterator[None]:
    """A probable double (same name and birth date) refused with the option that enters
    it all the same, rather than `--confirm`."""
    from ...operations.registration import ProbableDoubleEntry

    try:
        yield
    except ProbableDoubleEntry as exc:
        from ...operations import OperationError

        raise OperationError(
            f"{exc.ground}. Rien n'a été enregistré ; s'il s'agit d'une autre personne, "
            "relancez avec --homonyme."
        ) from None


def _cadence(text: str) -> Any:
    """--cadence, read by rules.cadence (a French refusal, exit 2)."""
    from ...rules.cadence import parse_cadence
    from ...rules.errors import RuleError

    try:
        return parse_cadence(text)
    except RuleError as exc:
        raise argparse.ArgumentTypeError(exc.message) from None


def _rounds(text: str) -> int:
    number = whole_number(text)
    if not 1 <= number <= 30:
        raise argparse.ArgumentTypeError(f"nombre de rondes « {text} » refusé : de 1 à 30")
    return number


def _tiebreaks(text: str) -> list[str]:
    from ...rules.errors import RuleError
    from ...rules.sections import check_tiebreaks

    try:
        return check_tiebreaks(text)
    except RuleError as exc:
        raise argparse.ArgumentTypeError(exc.message) from None


def _setting(text: str) -> tuple[str, Any]:
    """``NOM=VALEUR``: the value read as JSON when it is (numbers, true, lists), else text."""
    import json

    from ...rules.errors import RuleError
    from ...rules.settings import parse

    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise argparse.ArgumentTypeError(f"réglage « {text} » : écrivez NOM=VALEUR")
    try:  # read as `settings set` reads it (« 64321 » a homologation number's text, oui/non)
        return name.strip(), parse(name.strip(), value)
    except RuleError:
        pass  # refused by the operation, with the section's own checks, in its words
    try:
        return name.strip(), json.loads(value)
    except ValueError:
        return name.strip(), value


# -- the event ---------------------------------------------------------------------------


def event_fields(args: argparse.Namespace) -> Any:
    from ...operations.setup import EventFields

    return EventFields(
        name=args.nom,
        city=args.lieu,
        start=args.du,
        end=args.au,
        federation=args.federation,
        chief_arbiter=args.arbitre,
        arbiters=args.adjoint,
    )


def add_event_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--nom", default=None, help="nom de l'événement (« Open de Printemps 2027 »)")
    p.add_argument("--lieu", default=None, help="lieu (ville, salle)")
    p.add_argument("--du", type=day, default=None, metavar="JJ/MM/AAAA", help="premier jour")
    p.add_argument("--au", type=day, default=None, metavar="JJ/MM/AAAA", help="dernier jour")
    p.add_argument("--federation", default=None, metavar="FED", help="fédération (ex. FRA)")
    p.add_argument("--arbitre", default=None, metavar="« NOM Prénom »", help="arbitre principal")
    p.add_argument(
        "--adjoint",
        action="append",
        default=None,
        metavar="« NOM Prénom »",
        help="arbitre adjoint (autant de fois qu'il y en a)",
    )


def cmd_event_set(args: argparse.Namespace) -> int:
    """modifier l'événement : nom, lieu, dates, fédération, arbitres

    modifier le nom, le lieu, les dates, la fédération et les arbitres de l'événement ;
    ils figurent sur chaque document, le site, l'écran mural et l'en-tête du TRF.
    --adjoint remplace la liste des adjoints (donnez-les tous).
    """
    from ...operations.setup import set_event

    changed = set_event(open_event(args.file), event_fields(args))
    print(f"Événement modifié : {', '.join(changed)}.")
    return 0


def cmd_event_show(args: argparse.Namespace) -> int:
    """afficher l'événement : nom, lieu, dates, fédération, arbitres, tournois"""
    from ...views.event import build
    from ...views.reader import Reader

    view = build(Reader(open_event(args.file)))
    print(view.name)
    for label, value in view.fields:
        print(f"  {label:18} {value}")
    for s in view.sections:
        print(
            f"  {s.key:12} {s.name:30} {s.system_label:10} {s.rounds_planned:2d} rondes  {s.cadence}"
        )
    return 0


# -- sections ----------------------------------------------------------------------------


def cmd_section_add(args: argparse.Namespace) -> int:
    """ajouter un tournoi (section) : système, rondes, cadence, départages

    ajouter un tournoi (section), sans joueur. Sans --reglement, les règles FIDE : système
    néerlandais (C.04.3) pour un suisse, tables de Berger (C.05) pour un toutes-rondes,
    départages C.07 (suisse : BH/C1, BH, DE, WIN ; toutes-rondes : DE, WIN, SB, KS).
    Cadence : 90+30 (minutes + secondes par coup), 120/40:60 (120 min pour 40 coups, puis
    60 min), 90/40+30:30+30, ou celle du TRF (40/5400+30:1800+30).
    """
    from ...operations.setup import SectionSpec, add_section
    from ...rules.errors import RuleError
    from ...rules.sections import SYSTEM_LABELS, system_of

    try:
        system = system_of(args.systeme)
    except RuleError as exc:
        from ...operations import OperationError

        raise OperationError(exc.message) from None
    service = open_event(args.file)
    t = add_section(
        service,
        SectionSpec(
            key=args.cle,
            name=args.nom,
            system=system,
            rounds=args.rondes,
            cadence=args.cadence,
            regulation=args.reglement,
            tiebreaks=args.departages,
            settings=dict(args.reglage or []),
        ),
    )
    cadence = f", {args.cadence.label}" if args.cadence else ""
    rules = f"règlement {args.reglement}" if args.reglement else "règles FIDE"
    print(
        f"Tournoi ajouté : {t.key} — {t.name} ({SYSTEM_LABELS[t.system]}, "
        f"{t.rounds_planned} rondes{cadence} ; {rules} ; départages "
        f"{', '.join(t.tiebreaks) or 'aucun'})."
    )
    return 0


def cmd_section_edit(args: argparse.Namespace) -> int:
    """modifier un tournoi : nom, rondes, cadence, départages, réglages

    modifier un tournoi (refusé là où les rondes jouées l'interdisent : moins de rondes que
    d'appariées, la cadence d'une ronde appariée, le règlement après la ronde 1).
    --cadence s'applique aux rondes non appariées, ou à la seule --ronde N.
    """
    from ...operations.setup import edit_section

    service = open_event(args.file)
    changed = edit_section(
        service,
        args.cle,
        name=args.nom,
        rounds=args.rondes,
        cadence=args.cadence,
        cadence_round=args.ronde,
        tiebreaks=args.departages,
        regulation=args.reglement,
        settings=dict(args.reglage or []),
    )
    print(f"Tournoi {args.cle} modifié : {', '.join(changed)}.")
    return 0


def cmd_section_remove(args: argparse.Namespace) -> int:
    """supprimer un tournoi jamais apparié (avec ses inscrits : --confirm)"""
    from ...operations.setup import remove_section

    removed = remove_section(open_event(args.file), args.cle, confirm=args.confirm)
    with_players = f" et ses {removed} inscrit(s)" if removed else ""
    print(f"Tournoi {args.cle}{with_players} supprimé(s) (arbitre undo le rétablit).")
    return 0


def _section_options(p: argparse.ArgumentParser, *, adding: bool) -> None:
    p.add_argument("cle", metavar="CLÉ", help="clé du tournoi (ex. open-a, u12)")
    p.add_argument("--nom", required=adding, default=None, help="nom affiché")
    if adding:
        p.add_argument(
            "--systeme",
            required=True,
            metavar="SYSTÈME",
            help="suisse, toutes-rondes, ko ou coupe",
        )
    p.add_argument("--rondes", type=_rounds, required=adding, default=None, help="de 1 à 30")
    p.add_argument(
        "--cadence", type=_cadence, default=None, help="ex. 90+30, 120/40:60, 90/40+30:30+30"
    )
    p.add_argument(
        "--reglement",
        choices=["000", "002", "003", "004"],
        default=None,
        metavar="RÈGLEMENT",
        help="000, 002, 003 ou 004 (sans : règles FIDE)",
    )
    p.add_argument(
        "--departages",
        type=_tiebreaks,
        default=None,
        metavar="CODES",
        help="départages C.07, ex. BH/C1,BH,PS,WIN",
    )
    p.add_argument(
        "--reglage",
        type=_setting,
        action="append",
        default=None,
        metavar="NOM=VALEUR",
        help="un réglage (arbitre settings list), autant de fois que voulu",
    )


# -- players -----------------------------------------------------------------------------


def cmd_players_remove(args: argparse.Namespace) -> int:
    """supprimer une inscription qui n'a jamais joué (un joueur apparié : withdraw)"""
    from ...operations.setup import remove_player

    service = open_event(args.file)
    pid = player_id(service, args.player, args.tournoi)
    said = who(service, pid)  # his N° goes with him
    remove_player(service, pid)
    print(f"Inscription supprimée : {said} (arbitre undo la rétablit).")
    return 0


def cmd_players_edit(args: argparse.Namespace) -> int:
    """corriger un joueur : chaque champ de l'inscription

    corriger un ou plusieurs champs d'une inscription (un texte vide efface un champ
    facultatif) ; l'admissibilité au tournoi est vérifiée de nouveau.
    """
    from ...operations.setup import edit_player

    service = open_event(args.file)
    pid = player_id(service, args.player, args.tournoi)
    with homonym_said():
        _player, notes = edit_player(service, pid, person_fields(args), homonym=args.homonyme)
    print(f"Fiche corrigée : {who(service, pid)}.")  # a new Elo may change his N°
    for note in notes:
        print(f"Attention : {note}", file=sys.stderr)
    return 0


def cmd_players_move(args: argparse.Namespace) -> int:
    """changer un joueur de tournoi avant son premier appariement"""
    from ...operations.setup import move_player

    service = open_event(args.file)
    pid = player_id(service, args.player, args.tournoi)
    target = move_player(service, pid, args.vers)
    print(f"{who(service, pid)} inscrit(e) désormais en {target.name}.")
    return 0


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


def players_group(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """`arbitre players …`: import, list, remove, edit, move."""
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
    players_commands(psub)


def players_commands(psub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """`players remove`, `edit` and `move`, beside `import` and `list`."""
    p = command(
        psub, "remove", cmd_players_remove, file="FICHIER", file_help=FILE_HELP, tournament=WHERE
    )
    p.add_argument("player", metavar="JOUEUR", help=PLAYER_HELP)
    p = command(
        psub, "edit", cmd_players_edit, file="FICHIER", file_help=FILE_HELP, tournament=WHERE
    )
    p.add_argument("player", metavar="JOUEUR", help=PLAYER_HELP)
    add_person_options(p, with_surname=True)
    p.add_argument(
        "--homonyme",
        action="store_true",
        help="même nom, prénom et naissance qu'un autre inscrit : c'est une autre personne",
    )
    p = command(
        psub, "move", cmd_players_move, file="FICHIER", file_help=FILE_HELP, tournament=WHERE
    )
    p.add_argument("player", metavar="JOUEUR", help=PLAYER_HELP)
    p.add_argument("--vers", required=True, metavar="CLÉ", help="le tournoi d'arrivée")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    esub = group(sub, "event", "l'événement : nom, lieu, dates, fédération, arbitres")
    p = command(esub, "set", cmd_event_set, file="FICHIER", file_help=FILE_HELP)
    add_event_options(p)
    command(esub, "show", cmd_event_show, file="FICHIER", file_help=FILE_HELP)
    ssub = group(sub, "section", "tournois (sections) : ajouter, modifier, supprimer")
    p = command(ssub, "add", cmd_section_add, file="FICHIER", file_help=FILE_HELP)
    _section_options(p, adding=True)
    p = command(ssub, "edit", cmd_section_edit, file="FICHIER", file_help=FILE_HELP)
    _section_options(p, adding=False)
    p.add_argument(
        "--ronde", type=_rounds, default=None, help="la seule ronde dont changer la cadence"
    )
    p = command(ssub, "remove", cmd_section_remove, file="FICHIER", file_help=FILE_HELP)
    p.add_argument("cle", metavar="CLÉ", help="clé du tournoi")
    p.add_argument("--confirm", action="store_true", help="supprimer aussi ses inscrits")
