"""Round-robin schedules from the FIDE Berger tables (C.05, Annex 1).

Pairing numbers 1..n; an odd field gets a dummy n+1 whose opponent is free that round.
"""

from __future__ import annotations

from .errors import RuleError

Pairing = tuple[int, int]  # (white, black) pairing numbers


def berger_round(players: int, round_number: int) -> list[Pairing]:
    """Boards of one round of the Berger table, in board order.

    ``players`` is made even first (the highest number is the bye for odd fields);
    pairs involving that dummy are kept, so callers see who is free.
    """
    n = players + (players % 2)
    if players < 2:
        raise RuleError("Un tournoi toutes rondes demande au moins 2 joueurs.")
    if not 1 <= round_number <= n - 1:
        raise RuleError(f"La ronde {round_number} n'existe pas pour {players} joueurs.")
    m = n - 1
    pivot = ((round_number - 1) * (n // 2)) % m + 1
    first = (pivot, n) if round_number % 2 == 1 else (n, pivot)
    boards = [first]
    for k in range(1, n // 2):
        white = (pivot + k - 1) % m + 1
        black = (pivot - k - 1) % m + 1
        boards.append((white, black))
    return boards


def berger_schedule(
    players: int, cycles: int = 1, swap_last_two: bool = True
) -> list[list[Pairing]]:
    """Every round of a single or double round robin.

    For a double round robin the second cycle reverses colours; C.05 recommends
    exchanging the last two rounds of the first cycle so nobody gets three equal
    colours in a row across the cycles (``swap_last_two``).
    """
    if not 3 <= players <= 24:
        raise RuleError("Les tables de Berger vont de 3 à 24 joueurs.")
    if cycles not in (1, 2):
        raise RuleError("Un tournoi toutes rondes a un ou deux cycles.")
    n = players + (players % 2)
    first = [berger_round(players, r) for r in range(1, n)]
    if cycles == 1:
        return first
    if swap_last_two and len(first) >= 2:
        first[-1], first[-2] = first[-2], first[-1]
    second = [[(b, w) for (w, b) in rnd] for rnd in first]
    return first + second


def youth_tiebreaks(system: str) -> list[str]:
    """Regulation 003: Sonneborn-Berger in a round robin; in a Swiss median Buchholz,
    Buchholz, then the cumulative score."""
    return ["SB"] if system == "round_robin" else ["BH/M1", "BH", "PS"]


def youth_format(entries: int) -> tuple[str, int]:
    """Regulation 003: the format a youth tournament takes from its entries.

    Returns (system, rounds): ≤ 8 round robin, 9–14 Swiss 5 rounds, ≥ 15 Swiss 7 rounds.
    """
    if entries < 2:
        raise RuleError("Il faut au moins deux joueurs pour un tournoi.")
    if entries <= 8:
        return ("round_robin", entries - 1 + (entries % 2))
    if entries <= 14:
        return ("swiss", 5)
    return ("swiss", 7)
