"""Every journaled operation in one place: its name, its French label, how its undo goes.

The journal stores an operation's name (English, stable: it is in every event file);
the arbiter reads the label (« inscription », « appariement »). Undoing an operation the
players were told of (a pairing, a draw) or that removes many rows at once (an import, a
section) asks first: ``--confirm`` on the command line, « o/n » in the app.

``service.write`` takes an :class:`Operation`, so a name missing here is a type error;
tests/operations/test_operation_registry.py checks every name the code journals has its label here
and that no label is dead.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from ..rules.models import IncidentKind, Result


class Operation(StrEnum):
    """A journaled operation: the name written, its French label, the undo's question.

    ``asks`` is what undoing it would undo, said as the question names it (« Annuler
    l'appariement de la ronde ? »); None: undone at once. ``why`` is the question's reason
    ({players}: how many player rows the undo changes), ``why_redo`` the redo's.
    """

    label: str
    asks: str | None
    why: str
    why_redo: str

    def __new__(
        cls, name: str, label: str, asks: str | None = None, why: str = "", why_redo: str = ""
    ) -> Operation:
        made = str.__new__(cls, name)
        made._value_ = name
        made.label = label
        made.asks = asks
        made.why = why
        made.why_redo = why_redo or why
        return made

    # the event and its sections
    CREATE_EVENT = "create_event", "création de l'événement"
    SET_EVENT = "set_event", "événement modifié"
    UPDATE_EVENT_SETTINGS = "update_event_settings", "réglages de l'événement"
    ADD_TOURNAMENT = (
        "add_tournament",
        "tournoi ajouté",
        "la création du tournoi",
        "Le tournoi sera retiré de l'événement.",
        "Le tournoi reviendra.",
    )
    EDIT_SECTION = "edit_section", "tournoi modifié"
    REMOVE_SECTION = (
        "remove_section",
        "tournoi supprimé",
        "la suppression du tournoi",
        "Le tournoi et ses {players} joueurs reviendront.",
        "Le tournoi et ses {players} joueurs seront de nouveau supprimés.",
    )
    UPDATE_SETTINGS = "update_settings", "réglages"
    # players
    REGISTER_PLAYER = "register_player", "inscription"
    IMPORT_PAPI = "import_papi", "import d'un tournoi Papi"  # creates the event: never undone
    IMPORT_PLAYERS = (
        "import_players",
        "import de joueurs",
        "l'import de joueurs",
        "Les {players} joueurs importés seront retirés.",
        "Les {players} joueurs importés reviendront.",
    )
    EDIT_PLAYER = "edit_player", "joueur corrigé"
    MOVE_PLAYER = "move_player", "joueur changé de tournoi"
    REMOVE_PLAYER = "remove_player", "inscription supprimée"
    CHECK_IN = "check_in", "pointage"
    SET_PAID = "set_paid", "paiement"
    WITHDRAW = "withdraw", "retrait"
    KEEP_PLAYER = "keep_player", "joueur maintenu après forfait"
    PUBLISH_OPT_OUT = "publish_opt_out", "refus de publication"
    REQUEST_BYE = "request_bye", "demande d'exempt"
    PROHIBIT = "prohibit", "appariement interdit"
    # clubs and teams
    ADD_CLUB = "add_club", "club ajouté"
    ADD_TEAM = "add_team", "équipe ajoutée"
    ENTER_TEAM = "enter_team", "équipe engagée"
    # rounds
    PAIR_ROUND = (
        "pair_round",
        "appariement",
        "l'appariement de la ronde",
        "Les joueurs en ont peut-être été informés.",
    )
    FORCE_PAIR = "force_pair", "appariement manuel"
    PUBLISH = "publish", "publication"
    SET_ROUND_START = "set_round_start", "début de ronde"
    CLOSE_ROUND = (
        "close_round",
        "clôture",
        "la clôture de la ronde",
        "Les joueurs en ont peut-être été informés.",
    )
    YOUTH_FORMAT = "youth_format", "formule jeunes"
    # results
    RECORD_RESULT = "record_result", "résultat"
    CLEAR_RESULT = "clear_result", "résultat effacé"
    ABSENT = "absent", "forfait"
    RECORD_INCIDENT = "record_incident", "incident"
    VERIFY_RESULT = "verify_result", "vérification sur la feuille"
    SETTLE_RESULT = "settle_result", "écart tranché"
    RECORD_APPEAL = "record_appeal", "appel"
    PLAYOFF_RESULT = "playoff_result", "départage (barrage)"
    PLAYOFF_SEEDS = (
        "playoff_seeds",
        "têtes de série du barrage",
        "le tirage au sort des têtes de série du barrage",
        "Les joueurs en ont peut-être été informés.",
    )
    # players' phones
    PHONE_REPORTING = "phone_reporting", "saisie par les joueurs"
    PROPOSE_RESULT = "propose_result", "résultat proposé par un joueur"
    PROPOSE_CHECKIN = "propose_checkin", "pointage proposé par un joueur"
    CONFIRM_PROPOSALS = "confirm_proposals", "propositions confirmées"
    # knock-out
    KO_CLOSE_REGISTRATION = (
        "ko_close_registration",
        "clôture des inscriptions",
        "la clôture des inscriptions (et son tirage)",
        "Les joueurs en ont peut-être été informés.",
    )
    RECORD_DECIDER = "record_decider", "départage"
    LUCKY_LOSER_DRAW = (
        "lucky_loser_draw",
        "tirage du repêché",
        "le tirage du repêché",
        "Les joueurs en ont peut-être été informés.",
    )
    LUCKY_LOSER_CONFIRM = "lucky_loser_confirm", "repêché confirmé"
    # team cup
    CUP_DRAW = (
        "cup_draw",
        "tirage de la coupe",
        "le tirage au sort",
        "Les joueurs en ont peut-être été informés.",
    )
    CUP_LINEUP = "cup_lineup", "composition d'équipe"
    CUP_MOVE_PLAYER = "cup_move_player", "joueur changé d'équipe"
    CUP_RESULT = "cup_result", "résultat de match"
    CUP_REPORT = "cup_report", "procès-verbal"
    CUP_CONFIRM = "cup_confirm", "confirmation du match"
    CUP_UNCONFIRM = "cup_unconfirm", "confirmations retirées"
    CUP_BREACH = "cup_breach", "infraction"
    CUP_DIRECTOR = "cup_director", "directeur de match"
    CUP_EQUIPMENT = "cup_equipment", "matériel manquant"
    ROLL_OF_HONOUR = "roll_of_honour", "palmarès"
    # the journal itself (written by store.journal)
    UNDO = "undo", "annulation"


_BY_NAME: dict[str, Operation] = {op.value: op for op in Operation}


def operation(name: str) -> Operation | None:
    """The operation journaled as ``name`` (None: a name no version of the code writes)."""
    return _BY_NAME.get(name)


def label(name: str) -> str:
    """« appariement » for ``pair_round``; an unknown name said as such, never raw."""
    op = operation(name)
    return op.label if op is not None else f"opération « {name} »"


class Wording:
    """What the journal says of its entries, given to the store (store.journal.Wording)."""

    def describe(self, op: str, args: Mapping[str, Any]) -> str:
        return describe_operation(op, args)

    def undo_refusal(self, op: str) -> str | None:
        if op in (Operation.CREATE_EVENT, Operation.IMPORT_PAPI):
            return "La création de l'événement ne s'annule pas."
        return None

    def undo_question(self, op: str, what: str, redo: bool, rows: Mapping[str, int]) -> str | None:
        known = operation(op)
        if known is None or known.asks is None:
            return None
        verb = "Rétablir" if redo else "Annuler"
        why = (known.why_redo if redo else known.why).format_map(defaultdict(int, rows))
        return f"{verb} {known.asks} ({what}) ? {why}"


WORDING = Wording()


_SIDES = {
    "white": "des Blancs",
    "blancs": "des Blancs",
    "black": "des Noirs",
    "noirs": "des Noirs",
    "both": "des deux joueurs",
    "les-deux": "des deux joueurs",
}
_COLOURS = {"white": "Blancs", "blancs": "Blancs", "black": "Noirs", "noirs": "Noirs"}
_WHO = {
    "capitaine-recevant": "capitaine recevant",
    "capitaine-visiteur": "capitaine visiteur",
    "arbitre": "arbitre",
}


def _result_words(value: object) -> str:
    try:
        return Result(str(value)).label
    except ValueError:
        return str(value)


def _incident_words(value: object) -> str:
    try:
        return IncidentKind(str(value)).label
    except ValueError:
        return str(value)


def _when(value: object) -> str:
    """« 16/01 14:00 » for an ISO time; anything else as written."""
    try:
        at = dt.datetime.fromisoformat(str(value))
    except ValueError:
        return str(value)
    return at.strftime("%d/%m/%Y %H:%M")


def _numbers(values: object) -> str:
    if isinstance(values, list | tuple):
        return ", ".join(str(v) for v in values)
    return str(values)


def _value(value: object) -> str:
    if value is True:
        return "oui"
    if value is False:
        return "non"
    if value is None or value == "":
        return "(vide)"
    if isinstance(value, list | tuple):
        return ", ".join(_value(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k} = {_value(v)}" for k, v in value.items())
    return str(value)


UNCHANGED = "inchangé (même résultat saisi à nouveau)"


def describe_operation(op: str, args: Mapping[str, Any]) -> str:
    """French words for a journal entry, for « Annulé : … » (« échiquier 5, 1-0 »)."""
    if op == Operation.UNDO:
        what = args.get("what") or label(str(args.get("op", "?")))
        return f"annulation de « {what} »"
    parts: list[str] = []
    if args.get("round"):  # a cup plays tours
        parts.append(f"{'tour' if op.startswith('cup_') else 'ronde'} {args['round']}")
    if args.get("board"):
        parts.append(f"échiquier {args['board']}")
    if args.get("name"):
        parts.append(str(args["name"]))
    if op == Operation.RECORD_RESULT and args.get("result"):
        parts.append(_result_words(args["result"]))
    elif op == Operation.ABSENT and args.get("side"):
        parts.append(f"forfait {_SIDES.get(str(args['side']), str(args['side']))}")
    elif op == Operation.CHECK_IN and args.get("checked") is False:
        parts.insert(0, "pointage retiré")
    else:
        parts.insert(0, label(op))
    if op == Operation.RECORD_RESULT and parts and parts[0].startswith("ronde"):
        parts = parts[1:]  # « échiquier 5, 1-0 »: the round is the one on screen
    if args.get("unchanged"):  # the same result typed again (issue 29.4)
        parts.append(UNCHANGED)
    return ", ".join(parts)


# what describe_operation already says, not repeated in the journal's details
_SAID = {"round", "board", "name"}


def _detail(op: str, key: str, value: Any) -> str | None:
    """One argument of an entry in French words (None: nothing worth saying)."""
    match key:
        case "tournament" | "key":
            return f"tournoi {value}" if value else None
        case "result":
            return None if op == Operation.RECORD_RESULT else _result_words(value)
        case "side":
            return None if op == Operation.ABSENT else _SIDES.get(str(value), str(value))
        case "checked":
            return None
        case "checked_in":
            return "pointé" if value else None
        case "player":
            return f"joueur inscr. {value}"  # the registration, not the N° (issue 49.5)
        case "players":
            return f"joueurs inscr. {_numbers(value)}"
        case "paid":
            return "payé" if value else "non payé"
        case "opt_out":
            return "ne pas publier" if value else "publier"
        case "enabled":
            return "ouverte" if value else "fermée"
        case "city":
            return f"à {value}" if value else None
        case "changes":
            return _value(value) if value else None
        case "start":
            return f"début {_when(value)}"
        case "at":
            return f"signalé le {_when(value)}"
        case "colour":
            return _COLOURS.get(str(value), str(value))
        case "kind":
            return _incident_words(value)
        case "match":
            if isinstance(value, list) and len(value) == 4:
                a, b, pa, pb = value
                return f"joueurs inscr. {a} et {b}, {_value(pa)}–{_value(pb)}"
            return f"match {value}"
        case "team":
            return f"équipe n° {value}" if value is not None else None
        case "club":
            return f"club {value}" if value else None
        case "rounds":
            if isinstance(value, list) and len(value) == 2:
                first, last = value
                return f"rondes {first} à {last}" if last else f"dès la ronde {first}"
            return f"rondes {_value(value)}"
        case "which":
            from ..rules.youth import PLAYOFF_PURPOSE

            return PLAYOFF_PURPOSE.get(str(value), str(value))
        case "who":
            return f"par {_WHO.get(str(value), str(value))}"
        case "reason":
            return f"motif : {value}"
        case "boards":
            return f"échiquiers {_numbers(value)}"
        case "season":
            return f"saison {value}"
        case "finalist":
            return f"finaliste {value}" if value else None
        case "keep":
            return {"saisie": "la saisie gardée", "feuille": "la feuille gardée"}.get(
                str(value), str(value)
            )
        case "address":
            return f"depuis {value}" if value else None
        case "entries":
            return f"{value} inscrits"
        case "system":
            return f"système {value}"
        case "steps":
            steps = [label(str(s)) for s in value] if isinstance(value, list) else []
            return f"avec : {', '.join(steps)}" if steps else None
        case "target":
            return f"opération n° {value}"
        case "op" | "what":
            return None
    return f"{key} : {_value(value)}"


def journal_line(op: str, args: Mapping[str, Any]) -> str:
    """An entry as `arbitre journal` prints it: its words, then every other argument in
    French (« inscription, MARTIN Paul — tournoi open-a »), never raw JSON."""
    said = describe_operation(op, args)
    if op == Operation.RECORD_RESULT and args.get("round"):
        said = f"ronde {args['round']}, {said}"  # a listing has no round on screen
    details = [
        d for key, value in args.items() if key not in _SAID and (d := _detail(op, key, value))
    ]
    return f"{said} — {' ; '.join(details)}" if details else said
