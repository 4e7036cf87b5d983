"""Open Marina Viva (regulation 002): sections, fees, half-point byes.

Its fees' model (``Fees``, pydantic) lives in ``open_models.py``, loaded where a fee is
computed: a check-in or a pairing reads these rules without pydantic's import (about
40 ms on a quiet machine).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from .models import Player, Sex, Title, Tournament
from .settings import section_settings

# the titles that enter free (002): the default of ``open_models.Fees.free_titles``
FREE_TITLES = (Title.GM, Title.IM, Title.WGM, Title.WIM)


@dataclass(frozen=True, kw_only=True, slots=True)
class SectionRule:
    """Who may enter a section: A 1900+, B under 2000, C under 14 on 1 January."""

    name: str
    min_rating: int | None = None
    max_rating: int | None = None
    max_age: int | None = None
    age_reference_year: int | None = None


class FeeTable(Protocol):
    """The fees by category (``open_models.Fees``), as ``fee`` reads them."""

    @property
    def adult(self) -> int: ...
    @property
    def club_member(self) -> int: ...
    @property
    def under_20(self) -> int: ...
    @property
    def free_titles(self) -> list[Title]: ...
    @property
    def member_club(self) -> str: ...


def age_on_first_january(birth: dt.date, year: int) -> int:
    """The age of the FFE's year-of-birth tables (issue 52.12): « moins de 8 ans au 1er
    janvier 2027 » is « né en 2019 ou après » — a child born on 1 January 2019 is U8, as
    one known only by his year (FIDE list: 1 January stands for it)."""
    return year - birth.year - 1


def section_fault(rule: SectionRule, player: Player) -> str | None:
    """Why ``player`` may not enter the section (None: eligible). Rating: FIDE, else FFE."""
    rating = player.rating
    if rule.min_rating is not None and rating < rule.min_rating:
        return f"{rule.name} : {rating or 'non classé'} < {rule.min_rating} (classement FIDE, sinon FFE)"
    if rule.max_rating is not None and rating > rule.max_rating:
        return f"{rule.name} : {rating} > {rule.max_rating}"
    if rule.max_age is not None:
        if player.birth_date is None:
            return f"{rule.name} : date de naissance nécessaire (tournoi réservé aux moins de {rule.max_age + 1} ans)"
        year = rule.age_reference_year or dt.date.today().year
        age = age_on_first_january(player.birth_date, year)
        if age > rule.max_age:
            return f"{rule.name} : {age} ans au 1er janvier {year}, plus de {rule.max_age} ans"
    return None


def club_names(club: str) -> set[str]:
    """Every name a club goes by, folded: the whole, and each side of a dash (« I Scacchi
    Aiaccini – l'Échecs Club Ajaccien » is also « I Scacchi Aiaccini » and « Échecs Club
    Ajaccien »), without a leading « l' », case, accents or repeated spaces."""
    from .names import fold

    def key(text: str) -> str:
        text = " ".join(fold(text).casefold().replace("'", "' ").split())
        return re.sub(r"^(l' ?|le |la |les )", "", text).strip()

    parts = [club, *re.split(r"\s+[–—-]\s+", club)]
    return {k for k in (key(p) for p in parts) if k}


def fee(player: Player, fees: FeeTable, on: dt.date) -> tuple[int, str]:
    """The lowest fee that applies, and its category."""
    options = [(fees.adult, "adulte")]
    if club_names(player.club) & club_names(fees.member_club):
        options.append((fees.club_member, "membre du club"))
    if player.birth_date is not None and age_on_first_january(player.birth_date, on.year) < 20:
        options.append((fees.under_20, "moins de 20 ans"))
    if player.title in fees.free_titles:
        options.append((0, f"titré ({player.title})"))
    return min(options)


def not_final(t: Tournament, player: Player) -> str | None:
    """002: « L'inscription n'est définitive qu'après paiement » — why this entry is not
    final yet (None: it is, or the section's regulation says nothing of it)."""
    if section_settings(t).regulation != "002" or player.paid:
        return None
    if player.title in FREE_TITLES:  # nothing to pay (the default fees' free titles)
        return None
    return "droits non payés : inscription non définitive (règlement 002)"


def unpaid_warning(names: Sequence[str]) -> str:
    """002 « définitive qu'après paiement », said when a round pairs such entries."""
    shown = ", ".join(names[:5]) + (f" et {len(names) - 5} autre(s)" if len(names) > 5 else "")
    return (
        f"{len(names)} inscription(s) non définitive(s), droits non payés (règlement 002) : {shown}"
    )


def half_point_bye_fault(
    round_requested: int,
    last_finished_round: int,
    byes_taken: int,
    max_byes: int = 2,
    forbidden: Sequence[int] = (8, 9),
) -> str | None:
    """A half-point bye is asked before the end of the previous round; two at most; none
    in the last rounds (regulation 002: 8 and 9)."""
    if round_requested in forbidden:
        return f"Pas de bye ½ point en ronde {round_requested} (rondes {', '.join(map(str, forbidden))})."
    if byes_taken >= max_byes:
        return f"Déjà {byes_taken} bye(s) ½ point : {max_byes} au plus par joueur."
    if round_requested - 1 <= last_finished_round and round_requested > 1:
        return (
            f"Trop tard : le bye de la ronde {round_requested} se demande avant la fin de la "
            f"ronde {round_requested - 1}."
        )
    if round_requested <= last_finished_round:
        return f"La ronde {round_requested} est déjà jouée."
    return None


def eligibility_fault(t: Tournament, player: Player) -> str | None:
    """Why a player may not enter this section (regulation 002 A/B/C; None: eligible)."""
    s = section_settings(t)
    fault = _section_fault(t, player)
    if fault is None and s.regulation == "003" and not (player.ffe_code or "").strip():
        # 003 Titre I art. 1: « licenciés à la Fédération Française des Échecs »
        return (
            f"{t.name} : licence FFE nécessaire (championnat ouvert aux licenciés de la "
            "FFE, titre I art. 1) — --licence A12345"
        )
    return fault


def _section_fault(t: Tournament, player: Player) -> str | None:
    s = section_settings(t)
    if s.girls_only and player.sex is not Sex.FEMALE:
        return f"{t.name} : tournoi réservé aux filles"
    max_age = s.max_age
    under = re.fullmatch(r"U(\d{1,2})F?", (s.category or "").strip().upper())
    if max_age is None and under:
        # youth category Uxx (girls: UxxF): under xx on 1 January; playing up is allowed
        max_age = int(under.group(1)) - 1
    if s.min_rating is None and s.max_rating is None and max_age is None:
        return None
    rule = SectionRule(
        name=t.name,
        min_rating=s.min_rating,
        max_rating=s.max_rating,
        max_age=max_age,
        age_reference_year=s.age_reference_year,
    )
    return section_fault(rule, player)
