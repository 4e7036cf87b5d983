"""Issue 35, point 7: the TRF read in its fixed columns, its rounds bounded. A stray
character after the last round's columns, 100 000 trailing spaces, `062 abc`, `142 3`
in a 5-round file, a rating of -100, a line that is no record: each refused in French
with its line by the real `pair-trf` and `tiebreaks`, exit 2, quickly."""

from __future__ import annotations

from pathlib import Path

import pytest

from ...helpers.cli import arbitre


def _line(start: int, name: str, rating: int, rounds: list[tuple[int, str, str]]) -> str:
    points = sum({"1": 1.0, "=": 0.5, "0": 0.0}[r] for _, _, r in rounds)
    raw = f"001 {start:4d} m    {name:<33} {rating:4d} FRA {start:11d} 2000/01/01 "
    raw += f"{points:4.1f} {start:4d}"
    return raw + "".join(f"  {opp:4d} {colour} {result}" for opp, colour, result in rounds)


# four players, five rounds played: 1-2 and 3-4 every round, colours alternating
ROUNDS = 5
PLAYERS = [
    _line(1, "Alpha, Anne", 2000, [(2, "wb"[k % 2], "1") for k in range(ROUNDS)]),
    _line(2, "Bravo, Paul", 1900, [(1, "bw"[k % 2], "0") for k in range(ROUNDS)]),
    _line(3, "Charlie, Zoe", 1800, [(4, "wb"[k % 2], "=") for k in range(ROUNDS)]),
    _line(4, "Delta, Marc", 1700, [(3, "bw"[k % 2], "=") for k in range(ROUNDS)]),
]
GOOD = ["012 Open strict", f"XXR {ROUNDS + 2}", *PLAYERS]

BAD = {
    # the last round's cell ends at column 141: a character there was read as nothing
    "caractere-apres-la-derniere-ronde": (
        [*GOOD[:2], PLAYERS[0] + " x", *PLAYERS[1:]],
        "ligne 3 : ronde 5 : colonnes décalées",
    ),
    # a character in the next cell's last columns became a hidden « Z » round 6
    "caractere-perdu-en-fin-de-case": (
        [*GOOD[:2], PLAYERS[0] + " " * 11 + "x", *PLAYERS[1:]],
        "ligne 3 : ronde 6 : colonnes décalées",
    ),
    "100000-espaces": (
        [*GOOD[:2], PLAYERS[0] + " " * 100_000 + "1", *PLAYERS[1:]],
        "plus de 999 rondes",
    ),
    "062-abc": (["062 abc", *GOOD], "ligne 1 : record 062 : « abc » n'est pas un nombre"),
    "142-3-dans-un-tournoi-de-5": (
        ["012 Open strict", "142 3", *PLAYERS],
        "5 rondes pour le joueur 1, le tournoi en annonce 3 (ligne 2)",
    ),
    "elo-negatif": (
        [*GOOD[:2], PLAYERS[0][:48] + "-100" + PLAYERS[0][52:], *PLAYERS[1:]],
        "ligne 3 : classement -100 impossible",
    ),
    "ligne-hors-enregistrement": (
        [*GOOD[:2], "bonjour tout le monde", *PLAYERS],
        "ligne 3 : « bonjour tout le monde » n'est pas un enregistrement TRF",
    ),
}


def test_the_good_file_is_read(tmp_path: Path) -> None:
    path = tmp_path / "bon.trf"
    path.write_text("\n".join(GOOD) + "\n", encoding="utf-8")
    out = arbitre("tiebreaks", str(path))
    assert out.returncode == 0, out.stderr
    out = arbitre("pair-trf", str(path))
    assert out.returncode == 0, out.stderr


@pytest.mark.parametrize("command", ["pair-trf", "tiebreaks"])
@pytest.mark.parametrize("case", BAD)
def test_a_trf_out_of_its_columns_is_refused(tmp_path: Path, case: str, command: str) -> None:
    lines, said = BAD[case]
    path = tmp_path / "faux.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    before = path.read_bytes()
    out = arbitre(command, str(path), timeout=60)  # a reader that loops fails here
    assert out.returncode == 2, (out.stdout[:300], out.stderr[:300])
    assert said in out.stderr, out.stderr[:300]
    assert "Traceback" not in out.stderr and len(out.stderr) < 600
    assert path.read_bytes() == before
