"""Pairing engines behind one typed interface: ours (the Dutch engine of rules/swiss) and
an external FIDE-endorsed program (bbpPairings, JaVaFo) asked for a second opinion.

Why a module of its own: the external engine is a subprocess and temporary files — I/O
that neither the rules (pure) nor a write transaction should hold. An engine takes the
engine's input (a ``SwissState``) and gives a ``RoundPairing``; a failure of the external
program is an ``EngineFailed`` with a French message, never a traceback.
(The shape follows python-chess's ``engine.py``: a protocol, a process wrapper, typed
answers.)
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from ..rules import trf as trfmod
from ..rules.errors import RuleError
from ..rules.swiss.checker import parse_engine_output
from ..rules.swiss.dutch import pair_round
from ..rules.swiss.model import Board, RoundPairing, SwissState

TIMEOUT_SECONDS = 120


class EngineFailed(Exception):
    """The external program could not pair (missing, crashed, timed out, unreadable)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class Engine(Protocol):
    """Pairs the next round of a Swiss from the engine's input."""

    def pair(self, state: SwissState, number: int) -> RoundPairing: ...


def available_memory() -> int | None:
    """Bytes this process may still take: the system's free memory (MemAvailable),
    capped by ``ARBITRE_MEMOIRE_MO`` (a shared machine's share); None when unknown."""
    free: int | None = None
    try:
        with open("/proc/meminfo", encoding="ascii") as info:
            for line in info:
                if line.startswith("MemAvailable:"):
                    free = int(line.split()[1]) * 1024
    except (OSError, ValueError):
        free = None
    cap = os.environ.get("ARBITRE_MEMOIRE_MO", "")
    if cap.isdigit():
        free = min(free, int(cap) << 20) if free is not None else int(cap) << 20
    return free


def ensure_pairable(players: int) -> None:
    """The pre-check before any pairing by our engine: a field too big for the memory
    of this machine is refused with the reason, before the engine takes it."""
    from ..rules.swiss.bounds import FieldTooLarge, check_field

    try:
        check_field(players, available_memory())
    except FieldTooLarge as exc:
        from .errors import OperationError  # only now: `pair-trf` loads no store

        raise OperationError(exc.message) from None


class DutchEngine:
    """Ours: FIDE C.04.3 Dutch, in-process (rules/swiss/dutch.py)."""

    def pair(self, state: SwissState, number: int) -> RoundPairing:
        ensure_pairable(len(state.entrants))
        pairing = pair_round(state)
        assert pairing.round == number
        return pairing


@dataclass(frozen=True)
class ExternalEngine:
    """A program called the JaVaFo/bbpPairings way: ``COMMAND --dutch IN.trf -p OUT``."""

    command: str
    timeout: float = TIMEOUT_SECONDS

    def pair(self, state: SwissState, number: int) -> RoundPairing:
        pairs, bye = self.run(state)
        return _pairing(number, sorted(pairs), bye)

    def run(self, state: SwissState) -> tuple[set[tuple[int, int]], int | None]:
        # only here: `pair-trf` and our engine's pairings load no subprocess nor
        # tempfile (with shutil, threading, selectors: a tenth of a small pairing's start)
        import shlex
        import subprocess
        import tempfile

        with tempfile.TemporaryDirectory() as tmp:
            src = Path(tmp) / "in.trf"
            out = Path(tmp) / "out.txt"
            src.write_text(trfmod.write(state_to_trf(state), newline="\n"), encoding="utf-8")
            try:
                run = subprocess.run(
                    [*shlex.split(self.command), "--dutch", str(src), "-p", str(out)],
                    capture_output=True,
                    text=True,
                    timeout=self.timeout,
                )
            except subprocess.TimeoutExpired:
                raise EngineFailed(
                    f"moteur externe sans réponse après {self.timeout:g} s : {self.command}"
                ) from None
            except (OSError, ValueError):  # not found, not executable, unbalanced quotes
                raise EngineFailed(
                    f"moteur externe injoignable (introuvable ou non exécutable) : {self.command}"
                ) from None
            if run.returncode != 0 or not out.exists():
                raise EngineFailed(
                    f"moteur externe en échec ({run.returncode}) : {run.stderr.strip()[:200]}"
                )
            try:
                return parse_engine_output(out.read_text(encoding="utf-8"))
            except RuleError as exc:
                raise EngineFailed(exc.message) from None


@dataclass(frozen=True)
class Opinion:
    """The external engine's pairing of the same input, compared with ours."""

    pairs: list[tuple[int, int]] | None = None
    bye: int | None = None
    identical: bool = False
    only_external: list[tuple[int, int]] = field(default_factory=list)
    only_internal: list[tuple[int, int]] = field(default_factory=list)
    error: str | None = None

    def pairing(self, number: int) -> RoundPairing | None:
        """The external pairing itself (None when the engine failed)."""
        return None if self.pairs is None else _pairing(number, self.pairs, self.bye)

    def record(self) -> dict[str, Any]:
        """As kept in the round's pairing record (and shown by `e` and `arbitre explain`)."""
        if self.error is not None:
            return {"error": self.error}
        return {
            "pairs": self.pairs,
            "bye": self.bye,
            "identical": self.identical,
            "only_external": self.only_external,
            "only_internal": self.only_internal,
        }


def second_opinion(engine: ExternalEngine, state: SwissState, ours: RoundPairing) -> Opinion:
    """Pair the same input with the external engine and say where it differs from ours."""
    try:
        pairs, bye = engine.run(state)
    except EngineFailed as exc:
        return Opinion(error=exc.message)
    mine = {(b.white, b.black) for b in ours.boards}
    return Opinion(
        pairs=sorted(pairs),
        bye=bye,
        identical=pairs == mine and bye == ours.bye,
        only_external=sorted(pairs - mine),
        only_internal=sorted(mine - pairs),
    )


def _pairing(number: int, pairs: list[tuple[int, int]], bye: int | None) -> RoundPairing:
    return RoundPairing(round=number, boards=[Board(white=w, black=b) for w, b in pairs], bye=bye)


def state_to_trf(state: SwissState, rounds: int | None = None) -> trfmod.TrfTournament:
    """A minimal TRF of the engine input (what an external engine needs), with the
    virtual points of an accelerated section as 250 records.

    ``rounds`` keeps only the first rounds of each history: the byes already given for
    the round to come (a ½ point asked, a withdrawal) are then records 240, as TRF-2026
    announces them, so that another program pairs that round as this one does.
    """
    t = trfmod.TrfTournament(rounds=state.total_rounds, initial_colour=state.initial_colour)
    t.headers["XXR"] = str(state.total_rounds)
    for e in state.entrants:
        cells = [
            trfmod.TrfRound(opponent=g.opponent, colour=g.colour or "-", result=g.result)
            for g in e.games[:rounds]
        ]
        t.players[e.number] = trfmod.TrfPlayer(
            start=e.number,
            name=f"Joueur {e.number}",
            rating=e.rating,
            points=sum(t.points_for(c.result) for c in cells),
            rounds=cells,
        )
    # TRF-2026 names the last round (bbpPairings refuses a round 0): « to the end » is the last
    t.prohibited = [(a, b or state.total_rounds, list(ids)) for a, b, ids in state.prohibited]
    if rounds is not None and rounds < state.total_rounds:
        t.announced_byes = announced_byes(state, rounds)
    if state.baku or state.acceleration or any(e.accelerations for e in state.entrants):
        from ..rules.swiss.dutch import virtual_points_by_player

        t.acceleration = trfmod.acceleration_records(virtual_points_by_player(state))
    return t


def announced_byes(state: SwissState, played: int) -> list[tuple[str, int, list[int]]]:
    """Record 240 for round ``played`` + 1: each kind of bye (F, H, Z) and its players."""
    kinds: dict[str, list[int]] = {}
    for e in state.entrants:
        cell = e.games[played] if len(e.games) > played else None
        if cell is not None and not cell.opponent and cell.result in ("F", "H", "Z"):
            kinds.setdefault(cell.result, []).append(e.number)
    return [(kind, played + 1, sorted(ids)) for kind, ids in sorted(kinds.items())]
