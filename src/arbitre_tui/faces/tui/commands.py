"""Every operation by its French name: the palette (`ctrl+p`, palette.py) and its actions.

The palette lists what the keys do and what used to need the command line during an
event (closing knockout registration, a late entry, printouts, the TRF export…). Each
entry calls the same operation as the command, through the app (one transaction, the
same questions and refusals). Imported when the palette first opens.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .messages import RunInBackground
from .panes import REGISTRY
from .prompts import ChoicePrompt, ConfirmPrompt, TextPrompt

if TYPE_CHECKING:
    from ...operations import EventService
    from .host import Host


@dataclass(frozen=True)
class Command:
    name: str  # what the arbiter types to find it
    help: str
    run: Callable[[Host], Awaitable[None] | None]


def _pane_action(pane: str, action: str) -> Callable[[Host], Awaitable[None]]:
    """Show a pane, then run one of its key's actions on it."""

    async def run(app: Host) -> None:
        await app.run_action(f"show('{pane}')")
        await app.run_action(action, app.query_one(f"#{pane}"))

    return run


def _show_and_say(pane: str, text: str) -> Callable[[Host], Awaitable[None]]:
    """A decision taken inside a screen of that pane: show the pane, say the keys."""

    async def run(app: Host) -> None:
        await app.run_action(f"show('{pane}')")
        app.set_status(text)

    return run


def _app_action(action: str) -> Callable[[Host], Awaitable[None]]:
    async def run(app: Host) -> None:
        await app.run_action(action)

    return run


# -- operations that were on the command line only -----------------------------------


def close_registration(app: Host) -> None:
    """`arbitre ko close-registration`: the entry list is fixed, the format chosen."""
    t = app.tournament
    if t is None:
        return
    from ...operations import knockout

    key = t.key
    app.ask(
        ConfirmPrompt(
            f"Clôturer les inscriptions de {t.name} (la liste et le format sont figés) ?",
            lambda: app.run_operation(
                lambda s: knockout.close_registration(s, key),
                done=lambda fmt: f"Inscriptions closes ({t.name}) : {fmt.case}",
            ),
            on_cancel=app.cancelled,
        )
    )


def parse_entry(text: str) -> tuple[str, str, int | None] | None:
    """« DUPONT Jean 1850 » → (surname, first name, rating); None without a surname."""
    words = text.split()
    rating = int(words.pop()) if words and words[-1].isdigit() else None
    if not words:
        return None
    return words[0], " ".join(words[1:]), rating


def entry_read(text: str) -> str | None:
    """What the late entry's line reads as (« DUPONT Jean, Elo 1850 »), shown as typed."""
    entry = parse_entry(text)
    if entry is None:
        return None
    surname, first, rating = entry
    return f"{surname} {first}".rstrip() + (f", Elo {rating}" if rating else ", sans Elo")


def enter_team(app: Host) -> None:
    """`arbitre cup team`: one more team of a club (its roster: an import with « equipe »)."""
    from ...operations.formats import format_of

    cups = [t for t in app.reader.tournaments() if format_of(t).by_teams]
    if not cups:
        app.refuse("Aucune compétition par équipes dans ce fichier.")
        return
    key, name = cups[0].key, cups[0].name

    def enter(club: str) -> None:
        app.run_operation(
            lambda s: s.enter_team(key, club), done=lambda team: f"Équipe engagée : {team.name}"
        )

    app.ask(TextPrompt(f"Engager en {name} une équipe du club :", enter, on_cancel=app.cancelled))


def register_late_player(app: Host) -> None:
    """`arbitre register`: a late entry (refused if not eligible), checked in."""
    t = app.tournament
    if t is None:
        return
    from ...rules.models import Player

    key = t.key

    def register(text: str) -> None:
        entry = parse_entry(text)
        if entry is None:
            return
        surname, first, rating = entry

        def op(s: EventService) -> str:
            # registered and checked in: one operation, one undo
            from ...operations import OperationError
            from ...rules.validation import InputError, validated

            try:
                player = validated(
                    Player, surname=surname, first_name=first, rating_fide=rating, checked_in=True
                )
            except InputError as exc:  # pydantic's English never reaches the arbiter
                raise OperationError(f"{exc.message} : rien n'a été inscrit.") from None
            pid = s.register_player(key, player)
            from ...views.reader import Reader

            reader = Reader(s)  # his N°, as Joueurs shows it (issue 49.5)
            return f"{player.name} (N° {reader.numbers(reader.tournament(key)).get(pid, '?')})"

        app.run_operation(op, done=lambda who: f"Inscrit et pointé : {who} en {t.name}")

    app.ask(
        TextPrompt(
            f"Inscrire en {t.name} — NOM Prénom Elo :",
            register,
            find=entry_read,
            nothing="NOM attendu",
            on_cancel=app.cancelled,
        )
    )


def _out_path(app: Host, suffix: str) -> Path:
    """Beside the event file: « open-2027-classement-open-a.pdf »."""
    return app.service.path.with_name(f"{app.service.path.stem}-{suffix}")


def export_trf(app: Host) -> None:
    """`arbitre export trf`: the section in TRF-2026, written beside the event file."""
    t = app.tournament
    if t is None:
        return
    from ...operations import trf_export

    key, out = t.key, _out_path(app, f"{t.key}.trf")

    def write(s: EventService) -> str:
        text, warnings = trf_export.export_trf_checked(s, key)
        out.write_text(text, encoding="utf-8", newline="")
        return " — ".join([str(out), *warnings])  # transliterated names, a date unknown…

    app.post_message(
        RunInBackground(write, done=lambda where: f"TRF-2026 écrit : {where}", busy="export TRF")
    )


def print_pdf(app: Host) -> None:
    """`arbitre print`: a printout of the section in PDF, written beside the event file."""
    t = app.tournament
    if t is None:
        return
    from ...publish.pdf import DOCUMENTS

    key = t.key
    letters = "123456789abcdefghijklmopqrsuvwxyz"  # « n », « t »: the app's keys stay free

    def build(what: str) -> None:
        out = _out_path(app, f"{what}-{key}.pdf")

        def write(s: EventService) -> str:
            from ...publish.pdf import build as build_pdf

            out.write_bytes(build_pdf(s, what, key))
            return str(out)

        app.post_message(
            RunInBackground(write, done=lambda where: f"PDF écrit : {where}", busy="impression")
        )

    listed = [
        d.name for d in DOCUMENTS.values() if not d.per_match
    ]  # a match prints from its screen
    choices = [(letters[i], what, what) for i, what in enumerate(listed)]
    app.ask(ChoicePrompt(f"Imprimer ({t.name}) en PDF :", choices, build, on_cancel=app.cancelled))


def parse_points(text: str) -> tuple[float, float] | None:
    """« 1.5 0.5 » (or « 1,5 0,5 ») → the two players' points of a two-game mini-match."""
    words = text.replace(",", ".").split()
    if len(words) != 2:
        return None
    try:
        a, b = float(words[0]), float(words[1])
    except ValueError:
        return None
    if not (0 <= a <= 2 and 0 <= b <= 2 and a + b == 2 and (2 * a).is_integer()):
        return None
    return a, b


def points_read(text: str) -> str | None:
    """« 1,5 0,5 » read as « 1½ – ½ », as a French score sheet writes it (issue 49.9)."""
    from ...rules.figures import half

    points = parse_points(text)
    return f"{half(points[0])} – {half(points[1])}" if points else None


def playoff_result(app: Host) -> None:
    """`arbitre playoff … --match`: the next mini-match of a youth play-off (003)."""
    t = app.tournament
    if t is None:
        return
    from ...operations import OperationError, playoffs

    key = t.key
    try:
        groups = playoffs.playoff_groups(app.service, key)
    except OperationError as exc:
        app.refuse(exc.message)
        return
    known = set(groups) | set(app.reader.playoffs(t))
    if not known:
        app.refuse(f"Aucun barrage à jouer en {t.name}.")
        return
    names = {pid: p.name for pid, p in app.reader.people(t).items()}
    from ...rules.youth import PLAYOFF_PURPOSE

    labels = {which: f"barrage {words}" for which, words in PLAYOFF_PURPOSE.items()}

    def chosen(which: str) -> None:
        if which not in app.reader.playoffs(t):  # announced: a complete tie drawn first
            app.run_operation(
                lambda s: playoffs.playoff_seeds(s, key, which),
                done=lambda drawn: (
                    "Têtes de série du barrage tirées au sort : "
                    + ", ".join(names.get(pid, str(pid)) for pid in drawn)
                    if drawn
                    else "Barrage : têtes de série dans l'ordre du classement"
                ),
                then=lambda _drawn: ask(which, later=True),
            )
            return
        ask(which)

    def ask(which: str, later: bool = False) -> None:
        """``later``: asked once the draw is written — after the keys typed meanwhile,
        so never on top of a prompt they opened (app.ask_when_free)."""
        try:
            status = playoffs.playoff_status(app.service, key, which)
        except OperationError as exc:
            app.refuse(exc.message)
            return
        if not status.pending:
            places = ", ".join(names.get(pid, str(pid)) for pid in status.places or [])
            app.set_status(f"{labels.get(which, which)} joué : {places}")
            return
        a, b = status.pending[0]

        def record(text: str) -> None:
            points = parse_points(text)
            if points is None:
                return
            app.run_operation(
                lambda s: playoffs.playoff_result(s, key, which, a, b, points[0], points[1]),
                done=lambda status: (
                    f"Barrage : {names.get(a)} {points_read(text)} {names.get(b)}"
                    " — enregistré" + (f". {status.lot}" if status.lot else "")
                ),
            )

        (app.ask_when_free if later else app.ask)(
            TextPrompt(
                f"{names.get(a)} – {names.get(b)} : points de chacun (ex. 1,5 0,5) :",
                record,
                find=points_read,
                nothing="deux points dont la somme fait 2",
                on_cancel=app.cancelled,
            )
        )

    choices = [(str(i + 1), labels.get(w, w), w) for i, w in enumerate(sorted(known))]
    app.ask(ChoicePrompt(f"Barrage ({t.name}) :", choices, chosen, on_cancel=app.cancelled))


def qualifiers(app: Host) -> None:
    """`arbitre qualifiers`: who qualifies (youth), play-offs still to play said first."""
    t = app.tournament
    if t is None:
        return
    from ...operations import playoffs

    try:
        out = playoffs.qualifiers(app.service, t.key)
    except Exception as exc:  # an OperationError: not a youth section
        app.refuse(getattr(exc, "message", str(exc)))
        return
    names = {pid: p.name for pid, p in app.reader.people(t).items()}
    pending = " ; barrage à jouer : " + ", ".join(out["pending"]) if out.get("pending") else ""
    qualified = ", ".join(names[pid] for pid in out["qualified"])
    app.set_status(f"Qualifiés ({t.name}) : {qualified}{pending}")


def add_section(app: Host) -> None:
    """L'événement, then the form of a new section (`E` then `a`)."""
    from .event_screen import EventScreen

    app.action_event()
    screen = app.screen
    if isinstance(screen, EventScreen):
        screen.action_add_section()


COMMANDS: list[Command] = [
    Command(
        "Réglages du tournoi : voir, modifier", ", (virgule)", lambda app: app.action_settings()
    ),
    Command(
        "Événement : nom, lieu, dates, arbitres, tournois", "E", lambda app: app.action_event()
    ),
    Command("Événement : ajouter un tournoi", "E puis a", add_section),
    Command(
        "Journal des opérations : qui a fait quoi, annulées ou non",
        "J",
        lambda app: app.action_journal(),
    ),
    Command("Ronde : apparier la ronde suivante", "a dans Ronde", _pane_action("ronde", "pair")),
    Command("Ronde : clôturer la ronde", "x dans Ronde", _pane_action("ronde", "close_round")),
    Command("Ronde : aller à l'échiquier", "g dans Ronde", _pane_action("ronde", "jump")),
    Command("Ronde : forfait", "f dans Ronde", _pane_action("ronde", "forfeit_menu")),
    Command("Ronde : publier les appariements", "P dans Ronde", _pane_action("ronde", "publish")),
    Command("Ronde : explications", "e dans Ronde", _pane_action("ronde", "explain")),
    Command(
        "Joueurs : pointer tous les joueurs qui l'ont proposé (téléphones)",
        "P dans Joueurs",
        _pane_action("joueurs", "confirm_checkins"),
    ),
    Command(
        "QR : ouvrir ou fermer la saisie par les joueurs (téléphones)",
        "o dans QR",
        _pane_action("qr", "toggle_phones"),
    ),
    Command(
        "QR : débloquer les téléphones (codes faux, routeur partagé)",
        "L dans QR",
        _pane_action("qr", "unlock_phones"),
    ),
    Command(
        "Ronde : confirmer le résultat proposé par les joueurs (téléphones)",
        "o dans Ronde : l'échiquier sélectionné",
        _pane_action("ronde", "confirm_proposal"),
    ),
    Command(
        "Ronde : confirmer tous les résultats proposés d'accord",
        "O dans Ronde : chaque échiquier où les deux joueurs proposent le même résultat",
        _pane_action("ronde", "confirm_proposals"),
    ),
    Command(
        "Ronde : vérifier les résultats sur les feuilles signées",
        "v dans Ronde : seconde saisie",
        _pane_action("ronde", "verify_mode"),
    ),
    Command(
        "Ronde : trancher un écart avec la feuille",
        "T dans Ronde",
        _pane_action("ronde", "settle"),
    ),
    Command(
        "Cadence : début de ronde (heure)", "d dans Cadence", _pane_action("cadence", "round_start")
    ),
    Command(
        "Incidents : coup illégal (Blancs)",
        "w dans Incidents",
        _pane_action("incidents", "incident('white', 'illegal_move')"),
    ),
    Command(
        "Incidents : coup illégal (Noirs)",
        "x dans Incidents",
        _pane_action("incidents", "incident('black', 'illegal_move')"),
    ),
    Command(
        "Incidents : manque de respect envers l'arbitre",
        "! dans Incidents",
        _pane_action("incidents", "disrespect"),
    ),
    Command(
        "Joueurs : pointage par le nom", "/ dans Joueurs", _pane_action("joueurs", "check_in_mode")
    ),
    Command("Joueurs : bye ½ point", "h dans Joueurs", _pane_action("joueurs", "bye_mode")),
    Command("Joueurs : retirer un joueur", "w dans Joueurs", _pane_action("joueurs", "withdraw")),
    Command(
        "Joueurs : maintenir après un forfait (keep)",
        "m dans Joueurs",
        _pane_action("joueurs", "keep"),
    ),
    Command("Joueurs : inscrire un joueur en retard", "NOM Prénom Elo", register_late_player),
    Command(
        "Joueurs : inscrire avec la fiche complète (absent des listes)",
        "a dans Joueurs, puis Entrée",
        _pane_action("joueurs", "new_player"),
    ),
    Command(
        "Joueurs : fiche du joueur (corriger un champ)",
        "F dans Joueurs",
        _pane_action("joueurs", "player_form"),
    ),
    Command(
        "Joueurs : supprimer une inscription (jamais apparié)",
        "Suppr dans Joueurs",
        _pane_action("joueurs", "remove_player"),
    ),
    Command(
        "Joueurs : inscrire depuis la liste Elo (FIDE, FFE)",
        "a dans Joueurs : id FIDE, licence ou début du nom",
        _pane_action("joueurs", "register_from_list"),
    ),
    Command("K.O. : clôturer les inscriptions", "liste et format figés", close_registration),
    Command(
        "K.O. : tirer un repêché", "l dans Repêchage", _pane_action("repechage", "lucky('draw')")
    ),
    Command("Coupe : engager une équipe", "nom du club ; effectif par import", enter_team),
    Command("Coupe : tirer le tour", "d dans Coupe", _pane_action("coupe", "draw_round")),
    Command("Coupe : ouvrir un match", "Entrée dans Coupe", _pane_action("coupe", "open_match")),
    Command(
        "Coupe : irrégularité de composition",
        "i dans un match",
        _show_and_say("coupe", "Irrégularité : ouvrez le match (Entrée), puis i."),
    ),
    Command(
        "Coupe : composition remise à une heure donnée",
        "V dans un match",
        _show_and_say("coupe", "Heure de remise : ouvrez le match (Entrée), composez, puis V."),
    ),
    Command(
        "Coupe : matériel manquant",
        "m dans un match",
        _show_and_say("coupe", "Matériel manquant : ouvrez le match (Entrée), puis m."),
    ),
    Command(
        "Coupe : décision du directeur",
        "d dans un match",
        _show_and_say("coupe", "Décision du directeur : ouvrez le match (Entrée), puis d."),
    ),
    Command("Jeunes : résultat d'un barrage", "mini-match blitz, points de chacun", playoff_result),
    Command("Jeunes : qualifiés", "après barrages", qualifiers),
    Command(
        "Coupe : procès-verbal en PDF",
        "p dans un match",
        _show_and_say("coupe", "Procès-verbal : ouvrez le match (Entrée), puis p."),
    ),
    Command(
        "QR : adresse des résultats (téléphones)",
        "a dans QR ; vide : détectée",
        _pane_action("qr", "set_address"),
    ),
    Command(
        "QR : serveur web des résultats (démarrer, arrêter)",
        "w dans QR",
        _pane_action("qr", "toggle_server"),
    ),
    Command("Imprimer en PDF", "appariements, classement, grille…", print_pdf),
    Command(
        "Classement : grille américaine",
        "g dans Classement (+7B, =12N, -3B)",
        _pane_action("classement", "toggle_grille"),
    ),
    Command(
        "Homologation : rapport technique et procès-verbal en PDF",
        "rapport-technique, proces-verbal-tournoi",
        print_pdf,
    ),
    Command("Exporter le TRF-2026", "à côté du fichier de l'événement", export_trf),
    Command("Annuler la dernière opération de ce poste", "ctrl+z", _app_action("undo")),
    # every pane by its name, from the same registry as its key and its tab
    *(Command(f"Volet {s.label}", s.key, _app_action(f"show('{s.id}')")) for s in REGISTRY),
    Command("Section suivante", "Tab", _app_action("next_tournament")),
    Command("Changer de thème", "t", _app_action("next_theme")),
    Command("Toutes les touches", "?", _app_action("toggle_keys")),
]
