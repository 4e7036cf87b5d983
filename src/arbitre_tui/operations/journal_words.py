"""How a journal record says itself in French (issue 54.2): each field's type carries its
words (``Annotated[…, Words(…)]``), so the journal's line is rendered from the record's
type — a « ronde » says « ronde 3 », a registration « joueur inscr. 4 » — never guessed
from the name of a key.

A field is said in the head (« échiquier 5, 1-0 »: ``rank`` orders them) or among the
details after « — »; ``Said`` is the base of every operation's record
(operations/journal_args/), and overrides what its operation says first.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable, Mapping
from typing import Annotated, Any, ClassVar, get_args, get_origin

from ..rules.models import IncidentKind, Result
from ..store.journal_args import JournalArgs, hints
from .registry import label


@dataclasses.dataclass(frozen=True, slots=True)
class Words:
    """How one field is said: ``say`` its value (None: nothing worth saying); ``rank``:
    its place in the head (None: a detail)."""

    say: Callable[[Any], str | None]
    rank: int | None = None


SIDES = {
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
UNCHANGED = "inchangé (même résultat saisi à nouveau)"


def result_words(value: object) -> str:
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
    """« 16/01/2027 14:00 » for an ISO time; anything else as written."""
    try:
        at = dt.datetime.fromisoformat(str(value))
    except ValueError:
        return str(value)
    return at.strftime("%d/%m/%Y %H:%M")


def _numbers(values: object) -> str:
    if isinstance(values, list | tuple):
        return ", ".join(str(v) for v in values)
    return str(values)


def value_words(value: object) -> str:
    """Any value in words: « oui », « (vide) », a list with commas."""
    if value is True:
        return "oui"
    if value is False:
        return "non"
    if value is None or value == "":
        return "(vide)"
    if isinstance(value, list | tuple):
        return ", ".join(value_words(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k} = {value_words(v)}" for k, v in value.items())
    return str(value)


def _match(value: object) -> str:
    if isinstance(value, list | tuple) and len(value) == 4:
        a, b, pa, pb = value
        return f"joueurs inscr. {a} et {b}, {value_words(pa)}–{value_words(pb)}"
    return f"match {value}"


def _rounds(value: object) -> str:
    if isinstance(value, list | tuple) and len(value) == 2:
        first, last = value
        return f"rondes {first} à {last}" if last else f"dès la ronde {first}"
    return f"rondes {value_words(value)}"


def _which(value: object) -> str:
    from ..rules.youth import PLAYOFF_PURPOSE

    return PLAYOFF_PURPOSE.get(str(value), str(value))


def _if(text: Callable[[Any], str]) -> Callable[[Any], str | None]:
    """Said only when set (a 0, an empty text: nothing)."""
    return lambda v: text(v) if v else None


# the head: round, board, name, then what the operation says of them
Round = Annotated[int | None, Words(_if(lambda v: f"ronde {v}"), 0)]
Tour = Annotated[int | None, Words(_if(lambda v: f"tour {v}"), 0)]  # a cup plays tours
Board = Annotated[int | None, Words(_if(lambda v: f"échiquier {v}"), 1)]
Name = Annotated[str | None, Words(_if(str), 2)]
Unchanged = Annotated[bool | None, Words(_if(lambda v: UNCHANGED), 9)]  # issue 29.4
# the details
Section = Annotated[str | None, Words(_if(lambda v: f"tournoi {v}"))]
Registration = Annotated[int | None, Words(lambda v: f"joueur inscr. {v}")]  # not the N° (49.5)
Registrations = Annotated[tuple[int, ...] | None, Words(lambda v: f"joueurs inscr. {_numbers(v)}")]
ResultValue = Annotated[str | None, Words(result_words)]
Side = Annotated[str | None, Words(lambda v: SIDES.get(str(v), str(v)))]
Colour = Annotated[str | None, Words(lambda v: _COLOURS.get(str(v), str(v)))]
Incident = Annotated[str | None, Words(_incident_words)]
CheckedIn = Annotated[bool | None, Words(_if(lambda v: "pointé"))]
Paid = Annotated[bool | None, Words(lambda v: "payé" if v else "non payé")]
OptOut = Annotated[bool | None, Words(lambda v: "ne pas publier" if v else "publier")]
Open = Annotated[bool | None, Words(lambda v: "ouverte" if v else "fermée")]
City = Annotated[str | None, Words(_if(lambda v: f"à {v}"))]
Changes = Annotated[dict[str, Any] | None, Words(_if(value_words))]
Start = Annotated[str | None, Words(lambda v: f"début {_when(v)}")]
At = Annotated[str | None, Words(lambda v: f"signalé le {_when(v)}")]
Match = Annotated[int | tuple[Any, ...] | None, Words(_match)]
Team = Annotated[int | None, Words(lambda v: f"équipe n° {v}")]
Club = Annotated[str | None, Words(_if(lambda v: f"club {v}"))]
Rounds = Annotated[tuple[int | None, ...] | None, Words(_rounds)]
Purpose = Annotated[str | None, Words(_which)]
Who = Annotated[str | None, Words(lambda v: f"par {_WHO.get(str(v), str(v))}")]
Reason = Annotated[str | None, Words(lambda v: f"motif : {v}")]
Boards = Annotated[tuple[int, ...] | int | None, Words(lambda v: f"échiquiers {_numbers(v)}")]
Season = Annotated[str | None, Words(lambda v: f"saison {v}")]
Finalist = Annotated[str | None, Words(_if(lambda v: f"finaliste {v}"))]
Kept = Annotated[
    str | None,
    Words(lambda v: {"saisie": "la saisie gardée", "feuille": "la feuille gardée"}.get(v, v)),
]
Address = Annotated[str | None, Words(_if(lambda v: f"depuis {v}"))]
Entries = Annotated[int | None, Words(lambda v: f"{v} inscrits")]
System = Annotated[str | None, Words(lambda v: f"système {v}")]
Checked = Annotated[bool | None, Words(lambda v: None)]  # said in the head, if at all
Note = Annotated[str | None, Words(lambda v: None)]  # kept for the program, not said
Count = Annotated[int | None, Words(lambda v: None)]  # kept for the program, not said
Numbers = Annotated[tuple[int, ...] | None, Words(lambda v: None)]  # kept, not said
Texts = Annotated[tuple[str, ...] | None, Words(lambda v: None)]  # kept, not said


def _words(hint: Any) -> Words | None:
    if get_origin(hint) is Annotated:
        return next((m for m in get_args(hint)[1:] if isinstance(m, Words)), None)
    return None


def steps_words(steps: tuple[str, ...]) -> str | None:
    said = [label(str(s)) for s in steps]
    return f"avec : {', '.join(said)}" if said else None


def said_as_written(key: str, value: Any) -> str | None:
    """What no field names (an old row's key, a nested operation's): « clé : valeur »."""
    if key == "steps" and isinstance(value, list | tuple):
        return steps_words(tuple(str(s) for s in value))
    return f"{key} : {value_words(value)}"


@dataclasses.dataclass(frozen=True, kw_only=True)
class Said(JournalArgs):
    """A record that says itself: its head (``describe``, what undo says: « échiquier 5,
    1-0 ») and its line (``line``, `arbitre journal`'s: the head, then the details)."""

    ROUND_ON_SCREEN: ClassVar[bool] = False  # the head leaves the round out (a result's)

    def opening(self, op: str) -> list[str]:
        """What the head starts with: the operation's label, unless it says it better."""
        return [label(op)]

    def _head(self, with_round: bool) -> list[str]:
        types_ = hints(type(self))
        ranked: list[tuple[int, str]] = []
        for f in dataclasses.fields(self):
            words = _words(types_[f.name])
            value = getattr(self, f.name)
            if words is None or words.rank is None or value is None:
                continue
            if words.rank == 0 and not with_round:
                continue
            if (text := words.say(value)) is not None:
                ranked.append((words.rank, text))
        return [text for _, text in sorted(ranked, key=lambda r: r[0])]

    def describe(self, op: str) -> str:
        """French words for the entry, for « Annulé : … »."""
        return ", ".join(self.opening(op) + self._head(not self.ROUND_ON_SCREEN))

    def details(self) -> list[str]:
        types_ = hints(type(self))
        out: list[str] = []
        for key, value in self.items():
            if key in types_:
                if key == "steps":
                    text = steps_words(value)
                else:
                    words = _words(types_[key])
                    if words is not None and words.rank is not None:
                        continue
                    text = words.say(value) if words else said_as_written(key, value)
            else:
                text = said_as_written(key, value)
            if text:
                out.append(text)
        return out

    def line(self, op: str) -> str:
        """The entry as `arbitre journal` prints it: its words, then every other argument
        in French (« inscription, MARTIN Paul — tournoi open-a »), never raw JSON."""
        said = self.describe(op)
        if self.ROUND_ON_SCREEN and (r := getattr(self, "round", None)):
            said = f"ronde {r}, {said}"  # a listing has no round on screen
        details = self.details()
        return f"{said} — {' ; '.join(details)}" if details else said


def record_of(cls: type[Said], stored: Mapping[str, Any]) -> JournalArgs:
    """The record of a stored row (any format); a shape that does not fit its type is
    kept as written (PlainArgs), never refused: the journal always opens."""
    from ..store.journal_args import PlainArgs

    try:
        return cls.from_stored(stored)
    except TypeError:
        return PlainArgs.of(stored)
