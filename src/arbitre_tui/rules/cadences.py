"""Which rating a section is paired and rated by (issue 50): standard, rapid or blitz,
from its cadence by FIDE's definitions (Laws of Chess, appendices A.1 and B.1), unless
the setting rating_kind says otherwise."""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from .models import Player, TimeControl, Tournament

Kind = Literal["standard", "rapid", "blitz"]
KINDS: tuple[Kind, ...] = ("standard", "rapid", "blitz")


def rating_kind(tc: TimeControl | None) -> Kind:
    """Which list rating the cadence asks (FIDE Laws, appendices A and B).

    The time for 60 moves (every period plus 60 increments): 10 minutes or less is blitz,
    under 60 minutes rapid, else standard. No cadence said: standard.
    """
    if tc is None:
        return "standard"
    minutes = tc.base_minutes + sum(p.minutes for p in tc.periods) + tc.increment_seconds
    if minutes <= 10:
        return "blitz"
    return "rapid" if minutes < 60 else "standard"


def section_kind(t: Tournament) -> Kind:
    """The section's rating: its setting rating_kind, else the one its cadence asks (its
    first round's). Pairing numbers, ARO, performance, checks, TRF and Papi read it."""
    from .settings import section_settings

    if (kind := section_settings(t).rating_kind) is not None:
        return kind
    first = min(t.time_controls) if t.time_controls else None
    return rating_kind(t.time_controls[first] if first is not None else None)


def rated_for(p: Player, kind: Kind, fallback: bool = False) -> Player:
    """A registration whose section rating (rating_fide / rating_ffe) was not given, rated
    by its cadence's rating kept beside (a CSV's elo_rapide, « 1850F »: F FIDE's, else the
    FFE's); with ``fallback`` (setting rating_standard_fallback), the standard one where
    the cadence's is not known."""
    if p.rating_fide or p.rating_ffe:
        return p
    rating, letter = _of_cadence(p, kind, fallback)
    if rating is None:
        return p
    return replace(p, rating_fide=rating) if letter == "F" else replace(p, rating_ffe=rating)


def section_ratings(
    p: Player, kind: Kind, fallback: bool = False
) -> tuple[int | None, int | None] | None:
    """The section's ratings (rating_fide, rating_ffe) of a registration for ``kind``,
    from the cadences' ratings kept beside it — when the section's kind changes after
    registration (its setting rating_kind, or its cadence), so that pairing numbers, ARO
    and the files read the new one (issue 50.1). None where those ratings are not known
    (a rating typed by hand): the registration keeps what it has."""
    if not p.rating_kinds:
        return None
    rating, letter = _of_cadence(p, kind, fallback)
    if rating is None:
        return None, None
    return (rating, None) if letter == "F" else (None, rating)


def _of_cadence(p: Player, kind: Kind, fallback: bool) -> tuple[int | None, str]:
    """The rating kept for ``kind`` and its letter (F FIDE's, else the FFE's); the standard
    one where that cadence has none and ``fallback`` says so."""
    at = KINDS.index(kind)
    rating, letter = getattr(p, f"rating_{kind}"), p.rating_kinds[at : at + 1]
    if rating is None and fallback and kind != "standard":
        rating, letter = p.rating_standard, p.rating_kinds[:1]
    return rating, letter
