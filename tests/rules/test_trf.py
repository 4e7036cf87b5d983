"""TRF-2026: read, write, round trip, and each malformed case with its line number."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitre_tui.rules import trf

from ..conftest import VECTORS

EXAMPLE = (VECTORS / "reference" / "example-trf2026.trf").read_text()
ALL = sorted((VECTORS / "tiebreak").rglob("*.trf")) + sorted((VECTORS / "dutch").glob("t*.trf"))


def _players(t: trf.TrfTournament) -> dict[int, dict[str, object]]:
    return {k: p.dump(exclude={"line"}) for k, p in t.players.items()}


def test_example_headers_and_records() -> None:
    t = trf.parse(EXAMPLE)
    assert t.rounds == 5 and t.initial_colour == "w"
    assert t.tiebreaks == ["BH/C1", "BH", "TPR", "WIN"]
    assert t.headers["012"] == "Open de Test TRF-2026"
    p3 = t.players[3]
    assert (p3.title, p3.name, p3.rating, p3.sex) == ("WFM", "Charlie, Chloe", 2100, "w")
    assert p3.rounds[4].result == "H" and p3.rounds[4].opponent == 0
    assert any(line.startswith("FRA") for line in t.other)


@pytest.mark.parametrize("newline", ["\r", "\n", "\r\n"])
def test_line_endings(newline: str) -> None:
    text = EXAMPLE.replace("\r\n", "\n").replace("\r", "\n").replace("\n", newline)
    assert len(trf.parse(text).players) == 8


@pytest.mark.parametrize("path", ALL[::7], ids=lambda p: p.stem)
def test_round_trip(path: Path) -> None:
    t = trf.parse(path.read_text())
    again = trf.parse(trf.write(t))
    assert _players(again) == _players(t)
    assert (again.rounds, again.initial_colour, again.tiebreaks) == (
        t.rounds,
        t.initial_colour,
        t.tiebreaks,
    )


def test_dutch_case_files_with_xxr_xxc() -> None:
    case = VECTORS / "dutch" / "cases" / "t0001_r03.trf"
    t = trf.parse(case.read_text(), check_scores=False)
    assert t.rounds == 9 and t.initial_colour in ("w", "b")


def _line(text: str, start: int) -> str:
    return next(
        line for line in text.replace("\r", "\n").split("\n") if line.startswith(f"001 {start:4d}")
    )


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda line: line[:98] + "7" + line[99:], "code de résultat « 7 » inconnu"),
        (lambda line: line[:80] + " 9.0" + line[84:], "points inscrits"),
        (lambda line: line[:91] + "   6" + line[95:], "mais 6 joue"),
        (lambda line: line[:95] + "x" + line[96:], "colonnes décalées"),
        (lambda line: line[:48] + "2l00" + line[52:], "classement « 2l00 »"),
        # in an otherwise ASCII line too (the reader skips the check on printable ASCII)
        (lambda line: line[:20] + "\x1b" + line[21:], "Échap) en colonne 21"),
        (lambda line: line[:20] + "\t" + line[21:], "tabulation) en colonne 21"),
        (lambda line: line[:20] + "\x7f" + line[21:], "(code 127, suppression)"),
        (lambda line: line[:20] + "\u202e" + line[21:], "(U+202E) en colonne 21"),
        (lambda line: line[:20] + "\u200b" + line[21:], "invisible (U+200B)"),
    ],
)
def test_malformed_rejected_with_line(mutate, message) -> None:  # type: ignore[no-untyped-def]
    original = _line(EXAMPLE, 1)
    text = EXAMPLE.replace(original, mutate(original))
    number = EXAMPLE.replace("\r", "\n").split("\n").index(original) + 1
    with pytest.raises(trf.TrfError) as exc:
        trf.parse(text)
    assert exc.value.line == number
    assert message in exc.value.message


def test_empty_file_rejected() -> None:
    with pytest.raises(trf.TrfError, match="aucun joueur"):
        trf.parse("012 Rien\n")


def test_text_of_other_programs_is_read_with_its_accents() -> None:
    """One rule for a TRF and a rating list written elsewhere: UTF-8, else Windows-1252
    (Œ, ’), else Latin-1 for the bytes Windows-1252 leaves undefined."""
    from arbitre_tui.rules.text import decode

    assert decode("BÉRANGER Œdipe".encode()) == ("BÉRANGER Œdipe", "utf-8")
    assert decode("ŒUVRARD d’Arc".encode("cp1252")) == ("ŒUVRARD d’Arc", "cp1252")
    assert decode(b"\x81\xe9") == ("\x81é", "latin-1")
    # one stray byte on one line: the other lines' UTF-8 stays as written
    mixed = "BÉRANGER\n".encode() + "MÜLLER\n".encode("cp1252")
    assert decode(mixed) == ("BÉRANGER\nMÜLLER\n", "cp1252")
