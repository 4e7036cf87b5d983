"""Re-pair every round of a TRF (from any program) and say where it differs."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..records import Record
from ..trf import TrfTournament
from .dutch import PairingImpossible, pair_round
from .trf_state import state_from_trf


@dataclass(slots=True, kw_only=True)
class RoundCheck(Record):
    round: int
    identical: bool
    missing: list[tuple[int, int]] = field(default_factory=list)  # in the file, not ours
    extra: list[tuple[int, int]] = field(default_factory=list)  # ours, not in the file
    colours: list[tuple[int, int]] = field(default_factory=list)  # same pair, colours swapped
    bye_file: int | None = None
    bye_ours: int | None = None
    error: str | None = None


def played_pairs(t: TrfTournament, rnd: int) -> tuple[set[tuple[int, int]], int | None]:
    """The (white, black) pairs of round ``rnd`` as written, and the pairing-allocated bye."""
    pairs: set[tuple[int, int]] = set()
    bye = None
    for p in t.players.values():
        if len(p.rounds) < rnd:
            continue
        r = p.rounds[rnd - 1]
        if r.opponent:
            if r.colour == "w":
                pairs.add((p.start, r.opponent))
            elif r.colour != "b" and p.start < r.opponent:
                pairs.add((p.start, r.opponent))  # colourless forfeit: keep the pair
        elif r.result == "U":
            bye = p.start
    return pairs, bye


def check_round(t: TrfTournament, rnd: int) -> RoundCheck:
    state = state_from_trf(t, upto=rnd - 1)
    theirs, bye_file = played_pairs(t, rnd)
    try:
        ours = pair_round(state)
    except PairingImpossible as exc:
        return RoundCheck(round=rnd, identical=False, bye_file=bye_file, error=exc.message)
    mine = {(b.white, b.black) for b in ours.boards}
    missing = sorted(theirs - mine)
    extra = sorted(mine - theirs)
    swapped = sorted((w, b) for (w, b) in missing if (b, w) in extra)
    missing = [x for x in missing if x not in swapped]
    extra = [x for x in extra if (x[1], x[0]) not in swapped]
    same = not missing and not extra and not swapped and bye_file == ours.bye
    return RoundCheck(
        round=rnd,
        identical=same,
        missing=missing,
        extra=extra,
        colours=swapped,
        bye_file=bye_file,
        bye_ours=ours.bye,
    )


def check_tournament(t: TrfTournament) -> list[RoundCheck]:
    """One check per round that has at least one game or pairing-allocated bye written."""
    rounds = max((p.present for p in t.players.values()), default=0)
    out = []
    for rnd in range(1, rounds + 1):
        pairs, bye = played_pairs(t, rnd)
        if pairs or bye:
            out.append(check_round(t, rnd))
    return out


def parse_engine_output(text: str) -> tuple[set[tuple[int, int]], int | None]:
    """Read the JaVaFo/bbpPairings output: a count, then ``white black`` (bye ``N 0``)."""
    from ..errors import RuleError

    numbers = text.split()
    try:
        values = [int(x) for x in numbers]
    except ValueError:
        raise RuleError("sortie du moteur illisible : des nombres sont attendus") from None
    if not values or len(values) != 1 + 2 * values[0]:
        raise RuleError("sortie du moteur incomplète : le nombre de lignes ne correspond pas")
    pairs: set[tuple[int, int]] = set()
    bye = None
    for k in range(values[0]):
        white, black = values[1 + 2 * k], values[2 + 2 * k]
        if black == 0:
            bye = white
        else:
            pairs.add((white, black))
    return pairs, bye
