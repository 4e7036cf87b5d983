"""One person, once: an entry against everyone already registered in the event.

Why one rule: `register`, the import, a correction, a move and the app's forms all ask
it, inside their transaction, and refuse in the same words. A licence or a FIDE id is a
person: refused anywhere in the event, the section named, unless a section lets its
players play another one too (setting several_sections, on by default for a blitz side
event). The same surname, first name and birth date is a probable double, refused unless
the arbiter says it is another person (`--homonyme`, « o » in the app).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .models import Player, StoredPlayer, Tournament
from .names import fold


def several_sections(t: Tournament) -> bool:
    """Whether ``t``'s players may also play another section of the event: its setting,
    else yes for a blitz (a side event), no otherwise."""
    from .rating_lists import rating_kind
    from .settings import section_settings

    chosen = section_settings(t).several_sections
    if chosen is not None:
        return chosen
    first = min(t.time_controls, default=None)
    return first is not None and rating_kind(t.time_controls[first]) == "blitz"


def _who(name: str) -> str:
    return " ".join(fold(name).casefold().replace("-", " ").split())


def _licence(code: str | None) -> str:
    return (code or "").strip().upper()


@dataclass
class _Entry:
    player: StoredPlayer
    section: Tournament


@dataclass
class Registered:
    """Everyone registered in the event, indexed by what makes a person one."""

    by_fide: dict[int, list[_Entry]] = field(default_factory=dict)
    by_licence: dict[str, list[_Entry]] = field(default_factory=dict)
    by_person: dict[tuple[str, str, str], list[_Entry]] = field(default_factory=dict)


def registered(entries: Iterable[tuple[Tournament, StoredPlayer]]) -> Registered:
    """The index of the event's registrations (each with its section)."""
    out = Registered()
    for t, p in entries:
        entry = _Entry(p, t)
        if p.fide_id:
            out.by_fide.setdefault(p.fide_id, []).append(entry)
        if licence := _licence(p.ffe_code):
            out.by_licence.setdefault(licence, []).append(entry)
        if p.birth_date is not None:
            key = (_who(p.surname), _who(p.first_name), p.birth_date.isoformat())
            out.by_person.setdefault(key, []).append(entry)
    return out


class ProbableDouble(Exception):
    """Same surname, first name and birth date as a registered player: the arbiter says
    whether it is another person (the message is the question's ground)."""


def entry_fault(
    new: Player,
    here: Tournament,
    known: Registered,
    *,
    exclude: int | None = None,
    homonym: bool = False,
) -> str | None:
    """Why ``new`` cannot be entered in ``here`` (None: it can). Raises ProbableDouble
    for a same name and birth date unless ``homonym``. ``exclude``: the registration
    being corrected or moved (not a second entry of itself)."""
    allows = several_sections(here)

    def counts(entry: _Entry) -> bool:
        if entry.player.id == exclude:
            return False
        if entry.section.id == here.id:
            return True  # twice in one section: never, withdrawn or not
        return not entry.player.withdrawn and not (allows or several_sections(entry.section))

    def said(entry: _Entry, what: str, agreed: str = "") -> str:
        who = f"{entry.player.name} (inscr. {entry.player.id})"  # not his N° (49.5)
        if entry.section.id == here.id:
            return f"{what} déjà inscrit{agreed} dans ce tournoi : {who}"
        return f"déjà inscrit en {entry.section.name} ({what} : {who}){other}"

    other = "" if allows else " ; un joueur par tournoi, sauf réglage several_sections"
    if new.fide_id:
        for entry in known.by_fide.get(new.fide_id, []):
            if counts(entry):
                return said(entry, f"identifiant FIDE {new.fide_id}")
    if licence := _licence(new.ffe_code):
        for entry in known.by_licence.get(licence, []):
            if counts(entry):
                return said(entry, f"licence {licence}", "e")
    if new.birth_date is None or homonym:
        return None
    key = (_who(new.surname), _who(new.first_name), new.birth_date.isoformat())
    for entry in known.by_person.get(key, []):
        if counts(entry) and not _told_apart(new, entry.player):
            where = "ce tournoi" if entry.section.id == here.id else entry.section.name
            raise ProbableDouble(
                f"{new.name}, né(e) le {new.birth_date:%d/%m/%Y} : probable doublon de "
                f"{entry.player.name} (inscr. {entry.player.id}), déjà inscrit en {where} sous "
                "les mêmes nom, prénom et date de naissance"
            )
    return None


def _told_apart(a: Player, b: Player) -> bool:
    """Two FIDE ids, or two licences, that differ: two people, whatever their names."""
    if a.fide_id and b.fide_id and a.fide_id != b.fide_id:
        return True
    return bool(a.ffe_code and b.ffe_code and _licence(a.ffe_code) != _licence(b.ffe_code))


def same_person(a: Player, b: Player) -> bool:
    """Two registrations of one person: same FIDE id, else same licence, else the same
    surname, first name and birth date (a cup line-up reads the person, not the entry:
    004 art. 3.1)."""
    if a.fide_id and b.fide_id:
        return a.fide_id == b.fide_id
    if a.ffe_code and b.ffe_code:
        return _licence(a.ffe_code) == _licence(b.ffe_code)
    return (
        a.birth_date is not None
        and a.birth_date == b.birth_date
        and fold(a.surname).casefold() == fold(b.surname).casefold()
        and fold(a.first_name).casefold() == fold(b.first_name).casefold()
    )
