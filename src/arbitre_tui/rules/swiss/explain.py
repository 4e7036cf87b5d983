"""Why a round's pairing is what it is: floaters, colour rules, criteria not met.

The engine optimises; this module reads the result back in the arbiter's terms so
the Swiss pane and the checker can say, player by player, what happened.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, cast

from .model import DOWN, NONE, UP, ColourNote, Explanation, Floater, PairingFacts, RoundPairing

if TYPE_CHECKING:
    from .model import ColourRule

# French labels for the criteria the explanation counts (keys are stable identifiers).
CRITERIA = {
    "colour_preference": "préférences de couleur non satisfaites",
    "strong_preference": "préférences fortes non satisfaites",
    "absolute_topscorers": "préférences absolues non satisfaites (meneurs, dernière ronde)",
    "downfloat_repeated": "flotteurs descendants déjà descendus à la ronde précédente",
    "upfloat_repeated": "flotteurs montants déjà montés à la ronde précédente",
    "downfloat_repeated_2": "flotteurs descendants déjà descendus deux rondes avant",
    "upfloat_repeated_2": "flotteurs montants déjà montés deux rondes avant",
}
RULES = {
    "E.1": "les deux préférences sont satisfaites",
    "E.2": "la préférence la plus forte est satisfaite",
    "E.3": "alternance depuis la dernière ronde où les couleurs différaient",
    "E.4": "la préférence du mieux classé est satisfaite",
    "E.5": "couleur initiale selon le numéro du mieux classé",
}


def explain(
    engine: PairingFacts, result: RoundPairing, notes: list[tuple[int, int, str]]
) -> Explanation:
    out = Explanation()
    unmet = dict.fromkeys(CRITERIA, 0)
    idx = engine.index
    s = engine.s

    def floater(v: int, direction: Literal["down", "up"], opp: int | None) -> None:
        out.floaters.append(
            Floater(
                player=engine.sp[v].id + 1,
                direction=direction,
                score=s[v],
                opponent_score=None if opp is None else s[opp],
            )
        )
        if direction == "down":
            unmet["downfloat_repeated"] += engine.f1[v] == DOWN
            unmet["downfloat_repeated_2"] += engine.f2[v] == DOWN
        else:
            unmet["upfloat_repeated"] += engine.f1[v] == UP
            unmet["upfloat_repeated_2"] += engine.f2[v] == UP

    for white, black, rule in notes:
        out.colours.append(ColourNote(white=white, black=black, rule=cast("ColourRule", rule)))
        a, b = idx[white - 1], idx[black - 1]
        if s[a] != s[b]:
            hi, lo = (a, b) if s[a] > s[b] else (b, a)
            floater(hi, "down", lo)
            floater(lo, "up", hi)
        pa, pb = engine.sp[a], engine.sp[b]
        if pa.preference != NONE and pa.preference == pb.preference:
            unmet["colour_preference"] += 1
            if pa.absolute and pb.absolute:
                unmet["absolute_topscorers"] += 1
            elif (pa.strong or pa.absolute) and (pb.strong or pb.absolute):
                unmet["strong_preference"] += 1
    if result.bye is not None:
        floater(idx[result.bye - 1], "down", None)
    out.unmet = {k: v for k, v in unmet.items() if v}
    return out
