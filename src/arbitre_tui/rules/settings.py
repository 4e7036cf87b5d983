"""Every choice an organiser can make, typed, with its default in one place.

Why: the regulations leave points open (the README of the regulations records the
decision taken on each), and each decision is a setting the organiser may change. A
setting read anywhere goes through ``setting(t, name)``: the value written for the
tournament, else its regulation's profile (000, 002, 003, 004), else the default here.
A name nobody knows is refused with « vouliez-vous dire … ? », a value of the wrong
type in French — when the event is created from a template, or when it is changed.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import urlsplit

from pydantic import TypeAdapter, ValidationError

from .errors import RuleError
from .models import Tournament


@dataclass(frozen=True)
class Setting:
    """One setting: its type (checked by pydantic), its default, what it means."""

    kind: Any
    default: Any
    help: str


Clock = str  # « hh:mm »: the settings named in CLOCKS are checked as such
CLOCKS = frozenset({"day_start", "latest_end", "match_start", "result_deadline"})


def _s(kind: Any, default: Any, help: str) -> Setting:
    return Setting(kind, default, help)


SETTINGS: dict[str, Setting] = {
    # the event's rules
    "regulation": _s(Literal["000", "002", "003", "004"] | None, None, "règlement appliqué"),
    "fide_rated": _s(bool, False, "homologué FIDE"),
    "lateness_minutes": _s(int, 0, "retard toléré (min) avant le forfait"),
    "illegal_moves_to_lose": _s(int, 2, "coups illégaux qui perdent la partie"),
    "forfeit_excludes": _s(bool | None, None, "un forfait sans excuse exclut (002)"),
    "unrated_rating": _s(int | None, None, "Elo donné aux non classés (départages)"),
    "verify_results": _s(bool, False, "chaque feuille vérifiée avant la clôture"),
    # homologation (FFE): the technical report's cover page
    "homologation_number": _s(str | None, None, "numéro d'homologation FFE"),
    "organiser": _s(str | None, None, "organisateur (club, structure)"),
    "venue": _s(str | None, None, "lieu (salle, adresse)"),
    "chief_arbiter": _s(str | None, None, "arbitre principal (nom, titre)"),
    "arbiters": _s(list[str], [], "arbitres adjoints (noms, titres)"),
    # knockout (000)
    "fee": _s(float, 0, "droit d'inscription (€)"),
    "decider": _s(Literal["armageddon", "blitz", "rating"], "armageddon", "départage d'une nulle"),
    "round1_draw": _s(Literal["random", "seeded"], "random", "ronde 1 : au sort ou par Elo"),
    "third_place_game": _s(bool, False, "match pour la 3e place"),
    # Swiss (002, 003)
    "fees": _s(dict[str, Any], {}, "droits d'inscription par catégorie"),
    "half_point_byes_max": _s(int, 2, "byes ½ point par joueur au plus"),
    "half_point_byes_forbidden_rounds": _s(list[int], [], "rondes sans bye ½ point"),
    "publish_min_before_minutes": _s(int, 60, "appariements publiés au moins (min) avant"),
    "pairing_engine": _s(Literal["internal", "external"], "internal", "moteur d'appariement"),
    "external_engine": _s(str | None, None, "commande du moteur externe (second avis)"),
    "acceleration": _s(Literal["baku"] | None, None, "accélération (baku)"),
    "initial_colour": _s(Literal["w", "b", "draw"], "draw", "couleur initiale (draw : au sort)"),
    # a rapid or blitz section rated by the standard rating where the player has no rapid
    # or blitz one (FIDE's lists, the FFE's base: registration and check)
    "rating_standard_fallback": _s(
        bool, False, "Elo rapide/blitz effectif : l'Elo lent à défaut (listes Elo)"
    ),
    "cycles": _s(int, 1, "toutes rondes : nombre de cycles"),
    # sections and youth (002, 003)
    "category": _s(str | None, None, "catégorie d'âge (U8, U10F…)"),
    "girls_only": _s(bool, False, "réservé aux filles"),
    "min_rating": _s(int | None, None, "Elo minimal"),
    "max_rating": _s(int | None, None, "Elo maximal"),
    "max_age": _s(int | None, None, "âge maximal au 1er janvier"),
    "age_reference_year": _s(int | None, None, "année de référence des âges"),
    "youth_format": _s(bool, False, "format décidé par les entrées (003)"),
    "seeded_qualifiers": _s(int, 0, "qualifiés d'office de la catégorie (003)"),
    "qualifying_round": _s(bool, False, "premier tour qualificatif (003, titre IV)"),
    "qualifying_points": _s(float, 3, "points qui qualifient au premier tour"),
    # prizes
    "prizes": _s(list[dict[str, Any]], [], "table des prix"),
    "prize_settings": _s(dict[str, Any], {}, "partage des prix (Hort, seuil, catégories)"),
    "prize_fund": _s(float | None, None, "fonds des prix (€)"),
    "prizes_in_goods": _s(bool, False, "prix en nature"),
    # the clock board
    "day_start": _s(Clock | None, None, "début de la première ronde du jour (hh:mm)"),
    "latest_end": _s(Clock | None, None, "fin au plus tard (hh:mm ; défaut 23:00)"),
    "break_minutes": _s(int, 10, "pause entre deux rondes (min)"),
    # team cup (004)
    "holder": _s(str | None, None, "club tenant de la Coupe (défaut : palmarès)"),
    "last_finalist": _s(
        str | None, None, "club finaliste de la dernière édition (défaut : palmarès)"
    ),
    "licence_deadline": _s(dt.date | None, None, "licence au plus tard le"),
    "board_colours_home": _s(str, "WBBW", "couleurs du recevant par échiquier"),
    "match_start": _s(Clock, "09:00", "heure des matchs (hh:mm)"),
    "lineup_minutes_before": _s(int, 15, "composition remise au moins (min) avant"),
    "result_deadline": _s(Clock | None, None, "résultat transmis avant (hh:mm)"),
    "max_non_eu": _s(int, 1, "joueurs non UE au plus"),
    "max_transferred": _s(int, 2, "mutés au plus"),
    "min_french": _s(int, 3, "joueurs français au moins"),
    "equipment_counts_as_player_forfeit": _s(
        bool, False, "matériel manquant compté comme joueur forfait (3-0)"
    ),
}

# The event's own settings (the venue: one address for every section), in the event row.
# An empty ``base_url`` means « détectée automatiquement »: the address is found on the
# machine's interfaces each time it is used (publish/address.py), so a file made on a
# laptop and carried to the Pi, or a Pi moved from the venue Wi-Fi to its own hotspot,
# still prints an address the phones reach. A value written here wins (a reverse proxy,
# a name such as http://arbitre.local:8080 the organiser knows the phones resolve).
EVENT_SETTINGS: dict[str, Setting] = {
    "base_url": _s(str | None, None, "adresse des résultats pour les téléphones (vide : détectée)"),
    "serve_host": _s(str, "0.0.0.0", "adresse d'écoute du serveur des résultats"),
    # who runs the event, for every document and the TRF header (012…132); a section's own
    # ``chief_arbiter`` / ``arbiters`` setting, where written, wins for that section
    "federation": _s(str, "", "fédération organisatrice (code FIDE à 3 lettres, TRF 032)"),
    "chief_arbiter": _s(str | None, None, "arbitre principal (NOM Prénom ; TRF 102)"),
    "arbiters": _s(list[str], [], "arbitres adjoints (NOM Prénom ; TRF 112)"),
}
URLS = frozenset({"base_url"})
HOSTS = frozenset({"serve_host"})

# The decisions each regulation takes where it differs from the defaults.
PROFILES: dict[str, dict[str, Any]] = {
    "000": {"illegal_moves_to_lose": 3, "lateness_minutes": 5, "decider": "armageddon"},
    "002": {
        "lateness_minutes": 30,
        "forfeit_excludes": True,
        "half_point_byes_max": 2,
        "half_point_byes_forbidden_rounds": [8, 9],
        "fide_rated": True,  # « classement Elo FIDE »
    },
    "003": {},
    "004": {"lateness_minutes": 60, "fide_rated": True},  # « Homologation FIDE »
}


def _clock(name: str, value: Any) -> None:
    if value is None:
        return
    try:
        dt.time.fromisoformat(str(value))
    except ValueError:
        raise RuleError(
            f"Réglage « {name} » : une heure hh:mm est attendue, pas « {value} »."
        ) from None


# a machine's name or address: letters, digits, dots, hyphens (colons: IPv6); no space
_HOST = re.compile(r"[\w.:-]+")


def _host(name: str, value: Any) -> None:
    if not _HOST.fullmatch(str(value)):
        raise RuleError(
            f"Réglage « {name} » : une adresse de cette machine est attendue (0.0.0.0 : tout "
            f"le réseau ; 127.0.0.1 : elle seule), pas « {value} »."
        )


def _url(name: str, value: Any) -> Any:
    """``http://host[:port][/path]``, no trailing slash; « 192.168.1.20:8080 » gets http://."""
    if value is None or not str(value).strip():
        return None
    text = str(value).strip()
    if "://" not in text:
        text = "http://" + text
    try:
        parts = urlsplit(text)  # raises on an IPv6 address left open (« http://[::1 »)
        parts.port  # noqa: B018 - raises on a port out of range
    except ValueError:
        parts = urlsplit("")
    host = parts.hostname or ""
    if (
        parts.scheme not in ("http", "https")
        or not _HOST.fullmatch(host)
        or parts.query
        or parts.fragment
    ):
        raise RuleError(
            f"Réglage « {name} » : une adresse http://… est attendue "
            f"(ex. http://192.168.1.20:8080), pas « {value} »."
        )
    return text.rstrip("/")


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
            f"Réglage « {name} » ({help}) : valeur « {value} » refusée (de {low} à {high})."
        )


def unknown(name: str, table: dict[str, Setting] = SETTINGS) -> RuleError:
    """« réglage inconnu « lateness » — vouliez-vous dire « lateness_minutes » ? »"""
    import difflib  # only to suggest a name: a setting read need not load it

    close = difflib.get_close_matches(name, table, n=1, cutoff=0.5)
    hint = f" — vouliez-vous dire « {close[0]} » ?" if close else ""
    return RuleError(f"Réglage inconnu « {name} »{hint}")


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


def check(name: str, value: Any, table: dict[str, Setting] = SETTINGS) -> Any:
    """The value as the setting's type, or a French refusal (``table``: the
    tournament's settings, or EVENT_SETTINGS)."""
    known = table.get(name)
    if known is None:
        raise unknown(name, table)
    try:
        typed = TypeAdapter(known.kind).validate_python(value)
    except ValidationError:
        raise RuleError(
            f"Réglage « {name} » ({known.help}) : valeur « {value} » refusée "
            f"(attendu : {_expected(known.kind)})."
        ) from None
    _bounded(name, typed, known.help)  # a number: its own bounds (minutes, Elo, counts)
    if any(not 0 <= n <= NUMBER_MAX for n in _numbers(typed)):  # in lists too; nan fails
        raise RuleError(
            f"Réglage « {name} » ({known.help}) : valeur « {value} » refusée (un nombre "
            f"positif ou nul, au plus {NUMBER_MAX}, est attendu)."
        )
    if name in CLOCKS:
        _clock(name, typed)
    if name in URLS:
        return _url(name, typed)
    if name in HOSTS:
        _host(name, typed)
    return typed.isoformat() if isinstance(typed, dt.date) else typed


def check_all(settings: dict[str, Any], table: dict[str, Setting] = SETTINGS) -> dict[str, Any]:
    """A whole settings mapping (a template's): every name known, every value typed."""
    return {name: check(name, value, table) for name, value in settings.items()}


def parse(name: str, text: str, table: dict[str, Setting] = SETTINGS) -> Any:
    """A value typed on the command line or in the app: JSON when it reads as JSON
    (true, 30, [8, 9]), else the text itself; « aucun » clears it."""
    word = text.strip().lower()
    if word in ("aucun", "none", "null", ""):
        return check(name, None, table)
    if word in ("oui", "vrai", "non", "faux"):
        return check(name, word in ("oui", "vrai"), table)
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
    if name in table and table[name].kind == list[str]:
        # names typed as they are said: « MARTIN Paul », « MARTIN Paul; KLEIN Léa »
        return check(name, [part.strip() for part in text.split(";") if part.strip()], table)
    return check(name, text, table)


def setting(t: Tournament, name: str) -> Any:
    """What applies: the tournament's value, else its regulation's profile, else the
    default — the one place a default is written."""
    if name not in SETTINGS:
        raise unknown(name)
    if name in t.settings:
        return t.settings[name]
    profile = PROFILES.get(str(t.settings.get("regulation") or ""), {})
    return profile.get(name, SETTINGS[name].default)


# What a section may write for itself and otherwise takes from the event (who arbitrates).
FROM_EVENT = frozenset({"chief_arbiter", "arbiters"})


def setting_or_event(t: Tournament, event_settings: dict[str, Any], name: str) -> Any:
    """A setting the event holds for all its sections (the arbiters): the section's own
    value where written, else the event's, else the default."""
    if name in FROM_EVENT and name not in t.settings and event_settings.get(name):
        return event_settings[name]
    return setting(t, name)


def where(t: Tournament, name: str) -> Literal["tournoi", "règlement", "défaut"]:
    """Where the value that applies comes from (shown beside it)."""
    if name in t.settings:
        return "tournoi"
    if name in PROFILES.get(str(t.settings.get("regulation") or ""), {}):
        return "règlement"
    return "défaut"


def _expected(kind: Any) -> str:
    """The type in words, for a refusal."""
    words = {
        bool: "oui/non (true/false)",
        int: "un nombre entier",
        float: "un nombre",
        str: "un texte",
        dt.date: "une date AAAA-MM-JJ",
    }
    parts = [a for a in getattr(kind, "__args__", (kind,)) if a is not type(None)]
    choices = [p for p in parts if isinstance(p, str)]
    choices += [c for a in parts for c in getattr(a, "__args__", ()) if isinstance(c, str)]
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
        return f"{value:g}"
    if isinstance(value, (list, dict)):
        text = json.dumps(value, ensure_ascii=False)
        return text if len(text) <= 24 else text[:23] + "…"
    return str(value)
