"""What an incident costs, by the regulation the event runs under (its profile).

Why a table per regulation: the same fact has different consequences. A phone used at
the board excludes in the charity knockout (000 art. 6.3: « Utilisation active =
Exclusion immédiate »), while 002 punishes a phone on oneself — on, off or ringing — by
the loss of the game (« infraction sanctionnée par la perte de la partie »), without
exclusion. Where a regulation says nothing, a device used at the board excludes (cheating,
FIDE Laws 12.9) and a ringing one is a recorded warning (the arbiter may do more).
Disrespect to the arbiters excludes at once in 000 (préambule); elsewhere it is recorded
for the arbiter to decide.
"""

from __future__ import annotations

from dataclasses import dataclass

from .models import IncidentKind


@dataclass(frozen=True)
class Consequence:
    """What recording the incident does; ``asks`` makes the app ask first (o/n)."""

    loses_game: bool = False
    excludes: bool = False
    why: str = ""

    @property
    def asks(self) -> bool:
        return self.loses_game or self.excludes

    def question(self, what: str) -> str:
        """« Usage d'un appareil : exclusion (…). Confirmez ? » — the o/n the arbiter
        answers in the app (the command line adds how: --confirm)."""
        if self.excludes:
            effect = "exclusion (partie perdue, éliminé, ni repêchage ni prix)"
        else:
            effect = "partie perdue"
        return f"{what} : {effect} — {self.why}. Confirmez ?"


_RECORDED = Consequence()
# 002: « Refus de contrôle : perte de la partie »; the same wherever the text is silent
# (FIDE anti-cheating regulations): the loss, not an exclusion.
_CHECK_REFUSED = Consequence(True, False, "refus de contrôle anti-triche")

PROFILES: dict[str, dict[IncidentKind, Consequence]] = {
    "000": {
        IncidentKind.DEVICE_USE: Consequence(True, True, "règlement, art. 6.3"),
        IncidentKind.DEVICE_RING: _RECORDED,  # art. 6.3: « sonnerie = avertissement »
        IncidentKind.DISRESPECT: Consequence(True, True, "règlement, préambule"),
    },
    "002": {
        IncidentKind.DEVICE_USE: Consequence(True, False, "règlement : appareil sur soi"),
        IncidentKind.DEVICE_RING: Consequence(True, False, "règlement : appareil sur soi"),
        IncidentKind.DISRESPECT: _RECORDED,
        IncidentKind.CHECK_REFUSED: Consequence(True, False, "règlement : refus de contrôle"),
    },
}
# 003 art. 4 and 004: the FIDE Laws « entièrement appliquées » — a phone on oneself,
# ringing or not, loses the game (Laws 11.3.b); cheating proved is for the arbiter to add.
_FIDE_LAWS = {
    IncidentKind.DEVICE_USE: Consequence(True, False, "Règles du jeu FIDE 11.3.b"),
    IncidentKind.DEVICE_RING: Consequence(True, False, "Règles du jeu FIDE 11.3.b"),
    IncidentKind.DISRESPECT: _RECORDED,
}
PROFILES["003"] = _FIDE_LAWS
PROFILES["004"] = _FIDE_LAWS
DEFAULT: dict[IncidentKind, Consequence] = {
    IncidentKind.DEVICE_USE: Consequence(True, True, "triche : Règles du jeu FIDE 12.9"),
    IncidentKind.DEVICE_RING: _RECORDED,
    IncidentKind.DISRESPECT: _RECORDED,
    IncidentKind.CHECK_REFUSED: _CHECK_REFUSED,
}


def consequence(regulation: str | None, kind: IncidentKind) -> Consequence:
    """The consequence of ``kind`` under ``regulation`` (illegal moves: counted apart)."""
    return PROFILES.get(regulation or "", DEFAULT).get(kind, DEFAULT.get(kind, _RECORDED))
