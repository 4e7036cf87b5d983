"""Writing a TRF-2026 text in plain ASCII, and the tournament section's header."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from ..names import ascii_only
from .model import TrfPlayer, TrfTournament


def _fmt_points(value: float) -> str:
    return f"{value:4.1f}"


def ascii_text(text: str) -> str:
    """``text`` in plain ASCII, one byte per position (see the module's docstring)."""
    return ascii_only(text)


def _one_for_one(line: str) -> str:
    """A record kept verbatim, in ASCII letter for letter: its columns stay where they were."""
    if line.isascii():
        return line
    return "".join(ch if ch.isascii() else (ascii_text(ch)[:1] or "?") for ch in line)


def format_player(p: TrfPlayer) -> str:
    """A 001 line (or a national record's, after its code) in ASCII: folded first, then
    padded, so that each field starts at its position counted in bytes or characters."""
    sex = ascii_text(p.sex[:1]) or " "
    head = (
        f"001 {p.start:4d} {sex}{ascii_text(p.title):>3.3} {ascii_text(p.name):<33.33} "
        f"{(str(p.rating) if p.rating else ''):>4} {ascii_text(p.federation):<3.3} "
        f"{ascii_text(p.fide_id):>11.11} {ascii_text(p.birth):<10.10} "
        f"{_fmt_points(p.points)} {(str(p.rank) if p.rank else ''):>4}"
    )
    cells = []
    for r in p.rounds:
        opp = f"{r.opponent:4d}" if r.opponent else "0000"
        cells.append(f"  {opp} {r.colour} {r.result}")
    return (head + "".join(cells)).rstrip()


SCORING_DEFAULTS = {"W": 1.0, "D": 0.5, "L": 0.0, "A": 0.0, "P": 1.0, "X": 0.5}


def _scoring_line(scoring: dict[str, float]) -> str:
    """Record 162 with only the values that differ from the defaults, "" when none does.

    As the reference engine writes it: bbpPairings refuses « A » and « X » in a 162
    (it reads W D L Z P), so the usual scoring (1, ½, 0, forfeit 0, bye 1) is left to the
    defaults that every reader shares. Symbol at column 6, value in 7-10, every 9.
    """
    cells = [
        f" {k}{scoring[k]:4.1f}   "
        for k, default in SCORING_DEFAULTS.items()
        if abs(scoring[k] - default) > 1e-9
    ]
    return ("162 " + "".join(cells)).rstrip() if cells else ""


def write(t: TrfTournament, newline: str = "\r") -> str:
    """Write TRF-2026. Lines end with CR as the format says (``newline`` to change it)."""
    out: list[str] = []
    for code, value in t.headers.items():
        if code in ("202", "XXC", "112"):
            continue
        out.append(ascii_text(f"{code} {value}".rstrip()))
        if code == "102":  # the deputies follow the chief arbiter
            out.extend(ascii_text(f"112 {name}") for name in t.deputies)
    if "102" not in t.headers:
        out.extend(ascii_text(f"112 {name}") for name in t.deputies)
    if t.rounds:
        out.append(f"142 {t.rounds}")
    if t.initial_colour:
        out.append(f"152 {t.initial_colour.upper()}")
    scoring = _scoring_line(t.scoring)
    if scoring:
        out.append(scoring)
    if t.tiebreaks:
        out.append("202 " + ",".join(t.tiebreaks))
    for comment in t.comments:
        out.append(ascii_text(f"### {comment}".rstrip()))
    for p in sorted(t.players.values(), key=lambda p: p.start):
        out.append(format_player(p))
    for kind, rnd, ids in t.announced_byes:
        out.append(f"240 {kind} {rnd:3d} " + " ".join(f"{i:4d}" for i in ids))
    for first, last, ids in t.prohibited:
        out.append(f"260 {first:3d} {last:3d} " + " ".join(f"{i:4d}" for i in ids))
    out.extend(a.line() for a in t.acceleration)
    out.extend(_one_for_one(line) for line in t.other)
    return newline.join(out) + newline


# -- the tournament section: one header for the event's export and the generator --------
@dataclass(frozen=True, slots=True)
class EventHeader:
    """What the TRF-2026 header says of an event (records 012 to 222), as the event holds
    it; ``round_dates`` are the rounds written in the file, None where the date is not
    known."""

    name: str
    city: str = ""
    federation: str = ""
    start: dt.date | None = None
    end: dt.date | None = None
    kind: str = ""  # 092, in words
    chief_arbiter: str = ""
    deputies: tuple[str, ...] = ()
    time_control: str = ""  # 122, as arbiters write it
    time_control_code: str = ""  # 222, encoded
    round_dates: tuple[dt.date | None, ...] = ()
    controller: str = ""  # 182, the program (or person) that made the pairings
    kind_code: str = ""  # 192, FIDE's code of the pairing system


ROUND_DATES_COLUMN = 92  # 132: round 1's date in 92-99, round 2's in 102-109 …


def round_dates_line(dates: tuple[dt.date | None, ...]) -> str:
    """Record 132's value (after « 132 »): each date YY/MM/DD over its round's cell."""
    cells = [d.strftime("%y/%m/%d") if d else " " * 8 for d in dates]
    return (" " * (ROUND_DATES_COLUMN - 5) + "  ".join(cells)).rstrip()


def set_header(t: TrfTournament, h: EventHeader) -> list[str]:
    """Write the event's records 012…222 into ``t`` (its players already in it, for 062 and
    072); return, in French, what the rating officer will miss. A record with nothing to
    say is left out (never an empty 132)."""
    warnings: list[str] = []
    records: dict[str, str] = {
        "012": h.name,
        "022": h.city,
        "032": h.federation,
        "042": h.start.strftime("%Y/%m/%d") if h.start else "",
        "052": h.end.strftime("%Y/%m/%d") if h.end else "",
        "062": str(len(t.players)),
        "072": str(sum(1 for p in t.players.values() if p.rating > 0)),
        "092": h.kind,
        "102": h.chief_arbiter,
        "122": h.time_control,
    }
    known = [d for d in h.round_dates if d is not None]
    if known:
        records["132"] = round_dates_line(h.round_dates)
    records |= {"182": h.controller, "192": h.kind_code, "222": h.time_control_code}
    for code in (*records, "132"):  # the event's records replace whatever was there
        t.headers.pop(code, None)
    # the records in their numbers' order, before whatever else the file says
    t.headers = {code: value for code, value in records.items() if value} | t.headers
    t.deputies = [d for d in h.deputies if d.strip()]
    mandatory = {
        "012": "nom du tournoi",
        "022": "lieu",
        "032": "fédération",
        "042": "date de début",
        "052": "date de fin",
        "102": "arbitre principal",
    }
    missing = [f"{what} ({code})" for code, what in mandatory.items() if not records[code]]
    if missing:
        warnings.append(
            "TRF : la FIDE exige pour l'homologation ce que l'événement ne dit pas : "
            + ", ".join(missing)
            + " (arbitre event set …)."
        )
    unknown = [str(k) for k, d in enumerate(h.round_dates, start=1) if d is None]
    if unknown:
        warnings.append(
            "TRF : date inconnue pour la ronde "
            + ", ".join(unknown)
            + (" (record 132 non écrit)" if not known else " (case laissée vide au 132)")
            + " ; notez le début de chaque ronde (arbitre round-start FICHIER --ronde N "
            "--when AAAA-MM-JJTHH:MM, ou l'horloge des rondes)."
        )
    return warnings
