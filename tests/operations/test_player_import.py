"""Player import: every fault reported with its line, all or nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitre_tui.operations import OperationError

HEADER = "nom,prenom,sexe,elo_fide,fide_id,club\n"
GOOD = "Durand,Anne,F,1850,20000001,Colmar\nPetit,Paul,M,1720F,20000002,Sélestat\n"


def _count(rr: object) -> int:
    service = rr
    return len(service.store.players(service.tournament("rr").id))  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("bad_row", "message"),
    [
        (",Jean,M,1600,20000009,Club", "nom manquant"),
        ("Moreau,Jean,M,16 00,20000009,Club", "classement FIDE illisible"),
        ("Moreau,Jean,M,abc,20000009,Club", "classement FIDE illisible"),
        ("Moreau,Jean,M,1600,20000001,Club", "identifiant FIDE 20000001 déjà à la ligne 2"),
        ("Moreau,Jean,X,1600,20000009,Club", "sexe"),
    ],
)
def test_bad_row_refuses_whole_import(rr: object, bad_row: str, message: str) -> None:
    before = _count(rr)
    snapshot = rr.store.snapshot()  # type: ignore[attr-defined]
    data = (HEADER + GOOD + bad_row + "\n").encode()
    with pytest.raises(OperationError) as exc:
        rr.import_players("rr", data)  # type: ignore[attr-defined]
    assert "ligne 4" in exc.value.message and message in exc.value.message
    assert _count(rr) == before
    assert rr.store.snapshot() == snapshot  # type: ignore[attr-defined]


def test_skip_bad_imports_only_good_rows(rr: object) -> None:
    before = _count(rr)
    data = (HEADER + GOOD + ",Sans,M,1500,,Club\nMoreau,Jean,M,1600,20000001,Club\n").encode()
    count, errors = rr.import_players("rr", data, skip_bad=True)  # type: ignore[attr-defined]
    assert count == 2
    assert [line for line, _ in errors] == [4, 5]
    assert _count(rr) == before + 2


def test_duplicate_against_already_registered(rr: object) -> None:
    rr.import_players("rr", (HEADER + GOOD).encode())  # type: ignore[attr-defined]
    with pytest.raises(OperationError, match="ligne 2 : identifiant FIDE 20000001 déjà inscrit"):
        rr.import_players("rr", (HEADER + GOOD).encode())  # type: ignore[attr-defined]


def test_latin1_file_is_refused_with_line_and_imports_with_encoding(rr: object) -> None:
    data = (HEADER + "Lefèvre,Hélène,F,1600,,Sélestat\n").encode("latin-1")
    before = _count(rr)
    with pytest.raises(
        OperationError, match=r"ligne 2 : le fichier n'est pas en UTF-8.*--encoding latin-1"
    ):
        rr.import_players("rr", data)  # type: ignore[attr-defined]
    assert _count(rr) == before
    count, _ = rr.import_players("rr", data, encoding="latin-1")  # type: ignore[attr-defined]
    assert count == 1
    names = [p.name for p in rr.store.players(rr.tournament("rr").id)]  # type: ignore[attr-defined]
    assert "LEFÈVRE Hélène" in names


def test_semicolon_csv_and_registration_order(rr: object) -> None:
    data = b"nom;prenom;elo_fide\nUn;A;1500\nDeux;B;1400\n"
    rr.import_players("rr", data)  # type: ignore[attr-defined]
    players = rr.store.players(rr.tournament("rr").id)[-2:]  # type: ignore[attr-defined]
    assert [p.surname for p in players] == ["Un", "Deux"]
    assert players[0].registered_at < players[1].registered_at


def test_cli_import_reports_and_exits_2(tmp_path: Path, demo_file: Path) -> None:
    import subprocess
    import sys

    csv = tmp_path / "bad.csv"
    csv.write_text(HEADER + ",Jean,M,1600,,Club\n", encoding="utf-8")
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "arbitre_tui.faces.cli.main",
            "players",
            "import",
            str(demo_file),
            str(csv),
            "-t",
            "open-a",
        ],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 2
    assert "ligne 2 : nom manquant" in out.stderr


def _many(rows: int, bad_at: int) -> bytes:
    """``rows`` players, the one at ``bad_at`` (0-based) with an unreadable rating."""
    lines = [HEADER.strip()]
    for i in range(rows):
        rating = "abc" if i == bad_at else str(1000 + i % 1500)
        lines.append(f"Joueur{i:05d},Jean,M,{rating},{30_000_000 + i},Club")
    return ("\n".join(lines) + "\n").encode()


def test_an_import_larger_than_a_batch_is_still_all_or_nothing(rr: object) -> None:
    """Rows are written 500 at a time as the file is read: a fault after the first
    batches still leaves nothing, and --skip-bad keeps every good row."""
    before = _count(rr)
    snapshot = rr.store.snapshot()  # type: ignore[attr-defined]
    with pytest.raises(OperationError, match="ligne 1102 : classement FIDE illisible"):
        rr.import_players("rr", _many(1200, 1100))  # type: ignore[attr-defined]
    assert rr.store.snapshot() == snapshot  # type: ignore[attr-defined]
    count, errors = rr.import_players("rr", _many(1200, 1100), skip_bad=True)  # type: ignore[attr-defined]
    assert count == 1199 and [line for line, _ in errors] == [1102]
    assert _count(rr) == before + 1199


def test_a_file_of_faults_lists_the_first_ones_and_counts_the_rest(rr: object) -> None:
    text = HEADER + "".join(f",Sans,M,1500,{40_000_000 + i},Club\n" for i in range(250))
    with pytest.raises(OperationError) as exc:
        rr.import_players("rr", text.encode())  # type: ignore[attr-defined]
    message = exc.value.message
    assert (
        message.count("nom manquant") == 200 and "… et 50 autre(s) ligne(s) fautive(s)" in message
    )
