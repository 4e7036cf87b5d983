"""The settings' model: every setting a field of ``SectionSettings`` (or, for the venue,
``EventSettings``), with its type, default, French label and each regulation's value; the
readers, checks and parsers. Why, and how it is read: the package's docstring
(``rules/settings/__init__.py``), which loads this module on first use."""

from __future__ import annotations

import copy
import datetime as dt
import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Literal, TypeVar, get_args, get_origin

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from ..errors import RuleError
from ..models import Tournament
from ..text import character_fault
from .values import CATEGORIES as CATEGORIES
from .values import FROM_EVENT as FROM_EVENT  # what a section takes from the event
from .values import (
    NAMES_MAX,
    TEXT_MAX,
    Values,
    board_colours,
    category,
    clock,
    given_for,
    host,
    url,
)
from .values import cut as cut

# the checks of a value live with the light reader (values.py), which reads by them too
_clock, _host, _url, _category, _board_colours = clock, host, url, category, board_colours


Clock = Annotated[str, AfterValidator(_clock)]
Text = Annotated[str, Field(max_length=TEXT_MAX)]
Names = Annotated[list[Text], Field(max_length=NAMES_MAX)]
Category = Annotated[str, AfterValidator(_category)]
BoardColours = Annotated[str, AfterValidator(_board_colours)]
Host = Annotated[str, Field(max_length=TEXT_MAX), AfterValidator(_host)]
Url = Annotated[str | None, AfterValidator(_url)]
Regulation = Literal["000", "002", "003", "004"]


def _choice(default: Any, label: str, **by_regulation: Any) -> Any:
    """One setting's default, French label and regulations' values (``r002=30``)."""
    regulations = {name.removeprefix("r"): value for name, value in by_regulation.items()}
    return Field(default, title=label, json_schema_extra={"regulations": regulations})


class SectionSettings(BaseModel):
    """A section's settings, each as it applies (the tournament's, its regulation's, the
    default). Frozen: a change is the journaled operation ``update_settings``."""

    model_config = ConfigDict(frozen=True, extra="ignore", defer_build=True)

    # the event's rules
    regulation: Regulation | None = _choice(None, "règlement appliqué")
    # 002: « classement Elo FIDE » ; 004: « Homologation FIDE »
    fide_rated: bool = _choice(False, "homologué FIDE", r002=True, r004=True)
    lateness_minutes: int = _choice(
        0, "retard toléré (min) avant le forfait", r000=5, r002=30, r004=60
    )
    illegal_moves_to_lose: int = _choice(2, "coups illégaux qui perdent la partie", r000=3)
    forfeit_excludes: bool | None = _choice(None, "un forfait sans excuse exclut (002)", r002=True)
    unrated_rating: int | None = _choice(None, "Elo donné aux non classés (départages)")
    verify_results: bool = _choice(False, "chaque feuille vérifiée avant la clôture")
    # one person in one section (a licence, a FIDE id); a side event (a blitz) takes the
    # players of the main one: empty = yes for a blitz cadence, no otherwise
    several_sections: bool | None = _choice(
        None, "un joueur peut aussi jouer un autre tournoi (défaut : oui pour un blitz)"
    )
    # homologation (FFE): the technical report's cover page
    homologation_number: Text | None = _choice(None, "numéro d'homologation FFE")
    organiser: Text | None = _choice(None, "organisateur (club, structure)")
    venue: Text | None = _choice(None, "lieu (salle, adresse)")
    chief_arbiter: Text | None = _choice(None, "arbitre principal (nom, titre)")
    arbiters: Names = _choice([], "arbitres adjoints (noms, titres)")
    # knockout (000)
    fee: float = _choice(0, "droit d'inscription (€)")
    decider: Literal["armageddon", "blitz", "rating"] = _choice(
        "armageddon", "départage d'une nulle", r000="armageddon"
    )
    round1_draw: Literal["random", "seeded"] = _choice("random", "ronde 1 : au sort ou par Elo")
    third_place_game: bool = _choice(False, "match pour la 3e place")
    # Swiss (002, 003)
    fees: dict[str, Any] = _choice({}, "droits d'inscription par catégorie")
    half_point_byes_max: int = _choice(2, "byes ½ point par joueur au plus", r002=2)
    half_point_byes_forbidden_rounds: list[int] = _choice(
        [], "rondes sans bye ½ point", r002=[8, 9]
    )
    publish_min_before_minutes: int = _choice(60, "appariements publiés au moins (min) avant")
    pairing_engine: Literal["internal", "external"] = _choice("internal", "moteur d'appariement")
    external_engine: Text | None = _choice(None, "commande du moteur externe (second avis)")
    acceleration: Literal["baku", "haley", "haley_degressive", "sad"] | None = _choice(
        None,
        "accélération : baku (FIDE), haley, haley_degressive, sad (FFE ; docs/accelerations.md)",
    )
    # the last pairing number of group A (Haley), of A then B (SAD); empty: the default cut
    acceleration_groups: list[int] = _choice(
        [], "accélération : dernier n° d'appariement du groupe A (puis B pour le SAD)"
    )
    initial_colour: Literal["w", "b", "draw"] = _choice("draw", "couleur initiale (draw : au sort)")
    # a rapid or blitz section rated by the standard rating where the player has no rapid
    # or blitz one (FIDE's lists, the FFE's base: registration and check)
    rating_standard_fallback: bool = _choice(
        False, "Elo rapide/blitz effectif : l'Elo lent à défaut (listes Elo)"
    )
    # the rating the section is paired and rated by; None: its cadence's (FIDE E.01 A.1,
    # B.1: rules.rating_lists.rating_kind)
    rating_kind: Literal["standard", "rapid", "blitz"] | None = _choice(
        None, "Elo de la section : standard, rapid ou blitz (vide : selon la cadence)"
    )
    # a Papi tournament's INFO as imported (Variable -> Value): written back by the export
    # where the event says nothing of its own (issue 50)
    papi_info: dict[str, str] = _choice({}, "variables INFO du fichier Papi importé")
    cycles: int = _choice(1, "toutes rondes : nombre de cycles")
    # sections and youth (002, 003)
    category: Category | None = _choice(None, "catégorie d'âge (U8, U10F…)")
    girls_only: bool = _choice(False, "réservé aux filles")
    min_rating: int | None = _choice(None, "Elo minimal")
    max_rating: int | None = _choice(None, "Elo maximal")
    max_age: int | None = _choice(None, "âge maximal au 1er janvier")
    age_reference_year: int | None = _choice(None, "année de référence des âges")
    youth_format: bool = _choice(False, "format décidé par les entrées (003)")
    seeded_qualifiers: int = _choice(0, "qualifiés d'office de la catégorie (003)")
    qualifying_round: bool = _choice(False, "premier tour qualificatif (003, titre IV)")
    qualifying_points: float = _choice(3, "points qui qualifient au premier tour")
    # prizes
    prizes: list[dict[str, Any]] = _choice([], "table des prix")
    prize_settings: dict[str, Any] = _choice({}, "partage des prix (Hort, seuil, catégories)")
    prize_fund: float | None = _choice(None, "fonds des prix (€)")
    prizes_in_goods: bool = _choice(False, "prix en nature")
    # the clock board
    day_start: Clock | None = _choice(None, "début de la première ronde du jour (hh:mm)")
    latest_end: Clock | None = _choice(None, "fin au plus tard (hh:mm ; défaut 23:00)")
    break_minutes: int = _choice(10, "pause entre deux rondes (min)")
    # team cup (004)
    holder: Text | None = _choice(None, "club tenant de la Coupe (défaut : palmarès)")
    last_finalist: Text | None = _choice(
        None, "club finaliste de la dernière édition (défaut : palmarès)"
    )
    # the season's: 004 art. 1.4 (the cup's trophies name the season from its year)
    licence_deadline: dt.date = _choice(dt.date(2027, 1, 15), "licence au plus tard le")
    # the home team's colour on boards 1 to 4, W or B (004 art. 3.4: White on 1 and 4); a
    # visitor keeping White after a late report takes the other colour on every board
    board_colours_home: BoardColours = _choice("WBBW", "couleurs du recevant par échiquier")
    match_start: Clock = _choice("09:00", "heure des matchs (hh:mm)")
    lineup_minutes_before: int = _choice(15, "composition remise au moins (min) avant")
    max_non_eu: int = _choice(1, "joueurs non UE au plus")
    max_transferred: int = _choice(2, "mutés au plus")
    min_french: int = _choice(3, "joueurs français au moins")
    equipment_counts_as_player_forfeit: bool = _choice(
        False, "matériel manquant compté comme joueur forfait (3-0)"
    )


class EventSettings(BaseModel):
    """The event's own settings (the venue: one address for every section), in the event
    row. An empty ``base_url`` means « détectée automatiquement »: the address is found on
    the machine's interfaces each time it is used (publish/address.py), so a file made on
    a laptop and carried to the Pi still prints an address the phones reach. A value
    written here wins (a reverse proxy, a name the organiser knows the phones resolve)."""

    model_config = ConfigDict(frozen=True, extra="ignore", defer_build=True)

    base_url: Url = _choice(None, "adresse des résultats pour les téléphones (vide : détectée)")
    serve_host: Host = _choice("0.0.0.0", "adresse d'écoute du serveur des résultats")
    # the phones reach the server through one address (a shared router, a proxy): two
    # proposals of a board from that address are no sign of one phone (issue 51)
    phones_shared_address: bool = _choice(
        False, "téléphones derrière une même adresse (routeur partagé, proxy)"
    )
    # who runs the event, for every document and the TRF header (012…132); a section's own
    # ``chief_arbiter`` / ``arbiters`` setting, where written, wins for that section
    federation: Text = _choice("", "fédération organisatrice (code FIDE à 3 lettres, TRF 032)")
    chief_arbiter: Text | None = _choice(None, "arbitre principal (NOM Prénom ; TRF 102)")
    arbiters: Names = _choice([], "arbitres adjoints (NOM Prénom ; TRF 112)")
    # the desk (issue 49.7): after a result the selection moves on, as Papi and
    # Swiss-Manager do (one key a board); off, it stays on the board just entered
    next_board_after_result: bool = _choice(
        True, "après un résultat, passer à l'échiquier suivant sans résultat"
    )


@dataclass(frozen=True)
class Setting:
    """One setting as the faces list it: its type, default, French label, the value each
    regulation gives it, and the model it belongs to — all read from the model's field."""

    kind: Any
    default: Any
    help: str
    regulations: Mapping[str, Any]
    model: type[BaseModel]


def _table(model: type[BaseModel]) -> dict[str, Setting]:
    table = {}
    for name, field in model.model_fields.items():
        extra = field.json_schema_extra
        regulations = extra.get("regulations") if isinstance(extra, dict) else None
        table[name] = Setting(
            field.annotation,
            field.default,
            field.title or name,
            dict(regulations) if isinstance(regulations, dict) else {},
            model,
        )
    return table


SETTINGS: dict[str, Setting] = _table(SectionSettings)
EVENT_SETTINGS: dict[str, Setting] = _table(EventSettings)
REGULATIONS: tuple[str, ...] = get_args(Regulation)
# The decisions each regulation takes where it differs from the defaults (from the model).
PROFILES: dict[str, dict[str, Any]] = {
    code: {name: s.regulations[code] for name, s in SETTINGS.items() if code in s.regulations}
    for code in REGULATIONS
}
# The settings only some systems read (the others read them everywhere): `settings show`
# lists a section's own (issue 49.10), `--tous` every one.
_ONLY: dict[tuple[str, ...], str] = {
    ("knockout",): "decider round1_draw third_place_game",
    ("swiss",): "half_point_byes_max half_point_byes_forbidden_rounds pairing_engine "
    "external_engine acceleration acceleration_groups",
    ("round_robin",): "cycles",
    ("swiss", "round_robin"): "initial_colour youth_format seeded_qualifiers "
    "qualifying_round qualifying_points",
    ("team_cup",): "holder last_finalist licence_deadline board_colours_home match_start "
    "lineup_minutes_before max_non_eu max_transferred min_french "
    "equipment_counts_as_player_forfeit",
}
SYSTEMS: dict[str, frozenset[str]] = {
    name: frozenset(systems) for systems, names in _ONLY.items() for name in names.split()
}


def applies(name: str, system: str) -> bool:
    """Whether a section of ``system`` (« swiss »…) reads the setting ``name``."""
    return name not in SYSTEMS or system in SYSTEMS[name]


# -- reading: the one way ------------------------------------------------------------------

M = TypeVar("M", bound=BaseModel)


def _read(model: type[M], values: Mapping[str, Any]) -> M:
    """The model from stored values. A value written before a bound existed (a file of an
    older version) is read as if unwritten, never a crash: the file is still opened."""
    try:
        return model.model_validate(values)
    except ValidationError as exc:
        bad = {str(error["loc"][0]) for error in exc.errors() if error["loc"]}
        try:
            return model.model_validate({k: v for k, v in values.items() if k not in bad})
        except ValidationError:
            return model()


# the last section read and its settings as written: an import checks every row against
# the same section (eligibility), read again at the cost of a comparison (7 µs, not 40)
_LAST: list[tuple[dict[str, Any], SectionSettings]] = []


def section_settings(t: Tournament, event: EventSettings | None = None) -> SectionSettings:
    """What applies to ``t``: the tournament's value, else its regulation's, else the
    default. With ``event``, the arbiters the section did not write are the event's.
    Frozen and shared with the next read of the same section: its lists and mappings
    are read, never changed (a change is the operation ``update_settings``)."""
    if event is None:
        last = _LAST[0] if _LAST else None
        if last is not None and last[0] == t.settings:
            return last[1]
        model = section_settings(t, EventSettings())
        _LAST[:] = [(copy.deepcopy(t.settings), model)]
        return model
    return _read(SectionSettings, given_for(t.settings, event))


def event_settings(event: Mapping[str, Any] | None) -> EventSettings:
    """The event's own settings from its row (``Reader.event()``); defaults where unwritten."""
    written = (event or {}).get("settings") or {}
    return _read(EventSettings, written if isinstance(written, Mapping) else {})


def listed(settings: BaseModel | Values) -> dict[str, Any]:
    """Every setting by its name, as JSON writes it (`settings show`, the Réglages screen).
    Settings read without the model (values.py) are given to it as they were read."""
    if isinstance(settings, Values):
        model = SectionSettings if settings.model == "section" else EventSettings
        settings = _read(model, settings.given)
    return settings.model_dump(mode="json")


def retired_in(t: Tournament) -> list[str]:
    """The retired settings an older file still holds (shown as ignored, never read)."""
    return [name for name in RETIRED if name in t.settings]


def where(t: Tournament, name: str) -> Literal["tournoi", "règlement", "défaut"]:
    """Where the value that applies comes from (shown beside it)."""
    if name in t.settings:
        return "tournoi"
    if name in PROFILES.get(str(t.settings.get("regulation") or ""), {}):
        return "règlement"
    return "défaut"


# -- writing: every value checked ------------------------------------------------------------


def bounds(name: str) -> tuple[int, int]:
    """What a number setting may be: minutes within a day, an Elo, a count of moves or
    cycles from 1, anything else from 0 (a typo, not a choice, when outside)."""
    if name.endswith("_minutes"):
        return 0, 24 * 60
    if "rating" in name:
        return 0, 4000
    if name in ("illegal_moves_to_lose", "cycles"):
        return 1, 99
    return 0, 10_000_000


def _bounded(name: str, value: Any, help: str) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return
    low, high = bounds(name)
    if not low <= value <= high:
        raise RuleError(
            f"Réglage « {name} » ({help}) : valeur « {cut(value)} » refusée (de {low} à {high})."
        )


# Settings once accepted and read by nothing (issue 28): a file or a template that still
# holds one opens as before (the value is ignored); setting one is refused with the reason.
RETIRED: dict[str, str] = {
    "result_deadline": (
        "l'heure limite de transmission d'un résultat de Coupe est minuit du jour du match "
        "(004 art. 3.9), celle que cup report, l'écran du match et le procès-verbal "
        "appliquent ; ce réglage n'a jamais rien changé"
    ),
}


def unknown(name: str, table: dict[str, Setting] = SETTINGS) -> RuleError:
    """« réglage inconnu « lateness » — vouliez-vous dire « lateness_minutes » ? »"""
    import difflib  # only to suggest a name: a setting read need not load it

    if name in RETIRED and table is SETTINGS:
        return RuleError(f"Réglage « {name} » retiré : {RETIRED[name]}.")

    close = difflib.get_close_matches(name[:100], table, n=1, cutoff=0.5)
    hint = f" — vouliez-vous dire « {close[0]} » ?" if close else ""
    return RuleError(f"Réglage inconnu « {cut(name)} »{hint}")


# minutes, counts, ratings, euros, years: none below 0, none past a billion
NUMBER_MAX = 10**9


def _numbers(value: Any) -> Iterator[float]:
    """Every number a value holds, in its lists and objects too (not oui/non)."""
    if isinstance(value, bool):
        return
    if isinstance(value, (int, float)):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _numbers(item)
    elif isinstance(value, list):
        for item in value:
            yield from _numbers(item)


def _refusal(name: str, known: Setting, value: Any, exc: ValidationError) -> RuleError:
    """The first fault pydantic found, in French, the value cut to fit a line."""
    first = exc.errors()[0]
    ctx = first.get("ctx") or {}
    said = f"Réglage « {name} » ({known.help})"
    if first["type"] == "value_error" and "error" in ctx:
        return RuleError(f"{said} : {ctx['error']}.")
    if first["type"] == "string_too_long":
        size = f"{len(str(first.get('input', ''))):,}".replace(",", "\u202f")
        return RuleError(f"{said} : {size} caractères, {ctx.get('max_length')} au plus.")
    if first["type"] == "too_long":
        return RuleError(f"{said} : {ctx.get('max_length')} noms au plus.")
    return RuleError(
        f"{said} : valeur « {cut(value)} » refusée (attendu : {_expected(known.kind)})."
    )


def check(name: str, value: Any, table: dict[str, Setting] = SETTINGS) -> Any:
    """The value as the setting's type, or a French refusal (``table``: the
    tournament's settings, or EVENT_SETTINGS)."""
    known = table.get(name)
    if known is None:
        raise unknown(name, table)
    for text in value if isinstance(value, list) else [value]:  # the one text rule first
        if isinstance(text, str) and (fault := character_fault(text, lines=True)):
            raise RuleError(f"Réglage « {name} » ({known.help}) : {fault}.")
    try:
        typed = getattr(known.model.model_validate({name: value}), name)
    except ValidationError as exc:
        raise _refusal(name, known, value, exc) from None
    _bounded(name, typed, known.help)  # a number: its own bounds (minutes, Elo, counts)
    if any(not 0 <= n <= NUMBER_MAX for n in _numbers(typed)):  # in lists too; nan fails
        raise RuleError(
            f"Réglage « {name} » ({known.help}) : valeur « {cut(value)} » refusée (un nombre "
            f"positif ou nul, au plus {NUMBER_MAX}, est attendu)."
        )
    return typed.isoformat() if isinstance(typed, dt.date) else typed


def check_all(settings: dict[str, Any], table: dict[str, Setting] = SETTINGS) -> dict[str, Any]:
    """A whole settings mapping (a template's): every name known, every value typed."""
    return {name: check(name, value, table) for name, value in settings.items()}


def section_fault(t: Tournament, changed: set[str] | frozenset[str]) -> str | None:
    """Why the settings ``changed`` cannot hold together in ``t`` (the tournament as it
    would be written), or None: an Elo range upside down, a round with no bye beyond the
    last one. Only the changed names are checked: an older file keeps opening."""
    s = section_settings(t)
    low, high = s.min_rating, s.max_rating
    upside_down = low is not None and high is not None and high < low
    if {"min_rating", "max_rating"} & changed and upside_down:
        return (
            f"Réglage « max_rating » (Elo maximal) : {high} est sous l'Elo minimal "
            f"({low}) ; rien n'a été enregistré."
        )
    if "half_point_byes_forbidden_rounds" in changed:
        beyond = [n for n in s.half_point_byes_forbidden_rounds if not 1 <= n <= t.rounds_planned]
        if beyond:
            return (
                f"Réglage « half_point_byes_forbidden_rounds » (rondes sans bye ½ point) : "
                f"ronde {beyond[0]}, mais {t.name} compte {t.rounds_planned} ronde(s) ; rien "
                "n'a été enregistré."
            )
    return None


def parse(name: str, text: str, table: dict[str, Setting] = SETTINGS) -> Any:
    """A value typed on the command line or in the app: JSON when it reads as JSON
    (true, 30, [8, 9]), else the text itself; « aucun » clears it."""
    word = text.strip().lower()
    if word in ("aucun", "none", "null", ""):
        return check(name, None, table)
    if word in ("oui", "vrai", "non", "faux"):
        return check(name, word in ("oui", "vrai"), table)
    if name in table and _bare(table[name].kind) is dt.date:  # « 15/01/2027 » as typed
        from ..figures import parse_day

        try:
            return check(name, parse_day(text).isoformat(), table)
        except ValueError:
            pass  # the model's own refusal below
    try:
        value = json.loads(text)
    except ValueError:
        value = text
    if value is True or value is False or isinstance(value, (int, float, list, dict)):
        try:
            return check(name, value, table)
        except RuleError:
            if not isinstance(value, (int, float)):
                raise
            # a number where a text is wanted (a homologation number « 64321 »)
    if name in table and get_origin(table[name].kind) is list and _is_text_list(table[name].kind):
        # names typed as they are said: « MARTIN Paul », « MARTIN Paul; KLEIN Léa »
        return check(name, [part.strip() for part in text.split(";") if part.strip()], table)
    return check(name, text, table)


def _bare(kind: Any) -> Any:
    """A type without its Annotated bounds (``Text`` is ``str``)."""
    return get_args(kind)[0] if get_origin(kind) is Annotated else kind


def _is_text_list(kind: Any) -> bool:
    args = get_args(kind)
    return len(args) == 1 and _bare(args[0]) is str


def _expected(kind: Any) -> str:
    """The type in words, for a refusal."""
    words = {
        bool: "oui/non (true/false)",
        int: "un nombre entier",
        float: "un nombre",
        str: "un texte",
        dt.date: "une date JJ/MM/AAAA",
    }
    kind = _bare(kind)
    if get_origin(kind) in (list, dict):
        return "une liste ou un objet JSON"
    parts = [_bare(a) for a in (get_args(kind) or (kind,)) if a is not type(None)]
    if get_origin(kind) is Literal:
        parts = [kind]
    choices = [p for p in parts if isinstance(p, str)]
    choices += [
        c for a in parts if get_origin(a) is Literal for c in get_args(a) if isinstance(c, str)
    ]
    if choices:
        return " ou ".join(choices)
    for base, word in words.items():
        if base in parts:
            return word
    return "une liste ou un objet JSON"


def shown(value: Any) -> str:
    """A value as the arbiter reads it (oui/non, —, JSON cut to fit)."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "oui" if value else "non"
    if isinstance(value, float):
        return f"{value:g}".replace(".", ",")
    if isinstance(value, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        value = dt.date.fromisoformat(value)  # a date written ISO, read the French way
    if isinstance(value, dt.date):
        return value.strftime("%d/%m/%Y")
    if isinstance(value, (list, dict)):
        text = json.dumps(value, ensure_ascii=False)
        return text if len(text) <= 24 else text[:23] + "…"
    return str(value)
