"""Players proposing their result (or their check-in) from a phone; the arbiter confirms.

Why: at a venue the arbiter's day goes to collecting results board by board. A player
who scans the table card proposes the result; nothing is recorded until the arbiter
confirms it with one key, and only when both players said the same thing. A code is
one player's (issue 51): his seat — board, colour, opponent — in one round, or his
check-in; it is a keyed digest of that seat, from a secret kept in the event file and
never published, so a code cannot be guessed from another, says who proposes (no side
is ever asked), dies when the seat changes, and is compared in constant time.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass

from .models import Result

CODE_LENGTH = 10  # base32 letters: 50 bits, never typed (the QR code carries it)
PROPOSALS_PER_PLAYER = 5  # a player may change his mind; past that it is a flood
SIDES = ("white", "black")
SIDE_WORDS = {"white": "Blancs", "black": "Noirs"}
SAME_PHONE = "même téléphone"

# what a player may propose: a game's three results, or that the opponent never came
PROPOSABLE = frozenset(
    {
        Result.WHITE_WINS,
        Result.DRAW,
        Result.BLACK_WINS,
        Result.WHITE_FORFEIT_WIN,
        Result.BLACK_FORFEIT_WIN,
    }
)


def _digest(secret: str, message: str) -> str:
    import hashlib  # here: the app's first paint reads who reported, never a code
    import hmac

    mac = hmac.new(bytes.fromhex(secret), message.encode(), hashlib.sha256).digest()
    return base64.b32encode(mac).decode()[:CODE_LENGTH].lower()


@dataclass(frozen=True)
class Seat:
    """One player's place in a round: what his code is made from. Another game, another
    opponent, the other colour: another seat, so the former code no longer works."""

    tournament_id: int
    round_number: int
    board: int
    game_id: int
    white_id: int
    black_id: int
    side: str  # "white" or "black"

    @property
    def player_id(self) -> int:
        return self.white_id if self.side == "white" else self.black_id


def seat_code(secret: str, seat: Seat) -> str:
    """A player's code for his own board of one round: it proposes as him, there only."""
    s = seat
    return _digest(
        secret,
        f"seat:{s.tournament_id}:{s.round_number}:{s.board}:{s.game_id}:"
        f"{s.white_id}:{s.black_id}:{s.side}",
    )


def checkin_code(secret: str, tournament_id: int, player_id: int) -> str:
    """A player's own check-in code, given on paper before round 1."""
    return _digest(secret, f"checkin:{tournament_id}:{player_id}")


def same_code(given: str, expected: str) -> bool:
    """Compared in constant time: the time taken tells nothing of how close a guess was."""
    import hmac

    return hmac.compare_digest(given.strip().lower().encode(), expected.encode())


@dataclass(frozen=True)
class BoardProposals:
    """What the phones said of one board, and what the arbiter may do with it."""

    board: int
    white: Result | None  # each side's latest proposal
    black: Result | None
    recorded: Result | None  # the result already on the board, if any
    same_phone: bool = False  # both proposals from one device (or one address): flagged

    @property
    def agreed(self) -> Result | None:
        """The result both players proposed, on a board with no result yet."""
        if self.recorded is None and self.white is not None and self.white == self.black:
            return self.white
        return None

    @property
    def conflict(self) -> bool:
        """Two different proposals, or one that differs from the result recorded."""
        said = {r for r in (self.white, self.black) if r is not None}
        if self.recorded is not None:
            return bool(said - {self.recorded})
        return len(said) > 1

    @property
    def label(self) -> str:
        """« 1-0 proposé (2/2) », « 1-0 proposé (1/2) », « conflit : 1-0 / 0-1 »."""
        said = [r for r in (self.white, self.black) if r is not None]
        if not said:
            return ""
        if self.conflict:
            if self.recorded is not None:
                return (
                    f"conflit : {' / '.join(r.label for r in said)} (saisi {self.recorded.label})"
                )
            return f"conflit : {self.white.label if self.white else '?'} / " + (
                self.black.label if self.black else "?"
            )
        if self.recorded is not None:
            return ""  # the phones agree with what is recorded: nothing to do
        flag = f", {SAME_PHONE}" if self.same_phone and len(said) == 2 else ""
        return f"{said[0].label} proposé ({len(said)}/2{flag})"
