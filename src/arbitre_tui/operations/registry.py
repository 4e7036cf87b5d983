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

from enum import StrEnum


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
