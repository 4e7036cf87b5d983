"""Rating lists all or nothing (issues 50 point 6 and 53 point 2): each refused import —
an empty list, a header-only FFE CSV, a zip bomb, a damaged archive or list, a Papi
tournament given as the FFE's base — exits 2 with a French sentence and leaves the lists
file byte for byte as it was (its hash before and after), through the real command line."""

from __future__ import annotations

import hashlib
import shutil
import struct
import zipfile
from pathlib import Path

import pytest

from arbitre_tui.operations import rating_lists as ops
from arbitre_tui.rules.rating_lists import ListFault

from ..helpers.cli import run_here
from .test_rating_lists import HEADER, arbitre, lists, lists_master, txt_line, write_fide_txt

__all__ = ["lists", "lists_master"]  # the fixtures, from the module that builds the lists


def _digest(folder: Path) -> str:
    return hashlib.sha256((folder / "listes-elo.sqlite").read_bytes()).hexdigest()


def _refused(folder: Path, *args: str) -> str:
    """`arbitre ratings import …` refused: exit 2, French, the lists file untouched."""
    before = _digest(folder)
    done = arbitre("ratings", "import", *args, cwd=folder)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Traceback" not in done.stderr and "Error" not in done.stderr, done.stderr
    assert _digest(folder) == before, args
    assert not (folder / "listes-elo.sqlite-wal").exists()
    # the lists imported before are all there
    found = arbitre("ratings", "find", "dup", cwd=folder).stdout
    assert "DUPONT Jeanne" in found and "DUPUIS Marc" in found, found
    return done.stderr


def _fide_zip(folder: Path, name: str = "players_list.zip") -> Path:
    """FIDE's TXT list, zipped as FIDE ships it, with 2 000 more players (a member large
    enough to be damaged in its middle)."""
    txt = write_fide_txt(folder / "players_list_foa.txt")
    more = [
        txt_line(**{"ID Number": str(40_000_000 + k), "Name": f"Joueur{k}, Test", "Fed": "FRA"})
        for k in range(2000)
    ]
    txt.write_text(txt.read_text("utf-8") + "\n".join(more) + "\n", encoding="utf-8")
    out = folder / name
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        z.write(txt, "players_list_foa.txt")
    txt.unlink()
    return out


def test_an_empty_list_and_a_header_only_csv_change_nothing(lists: Path) -> None:
    folder = lists.parent
    (folder / "vide.txt").write_text(HEADER + "\n", encoding="utf-8")
    said = _refused(folder, "vide.txt", "--format", "fide-txt")
    assert "aucun joueur dans cette liste — rien n'est changé" in said
    (folder / "vide.csv").write_text("NrFFE;Nom;Prenom;Elo\n", encoding="latin-1")
    said = _refused(folder, "vide.csv")
    assert "vide.csv : aucun joueur dans cette liste — rien n'est changé" in said
    (folder / "rien.txt").write_bytes(b"")
    assert "format de liste non reconnu" in _refused(folder, "rien.txt")


def test_a_zip_bomb_is_refused_by_the_sizes_it_declares(lists: Path) -> None:
    """A member said to inflate to 4 GiB (its central directory's size, as a bomb has it):
    refused before a byte is inflated."""
    folder = lists.parent
    bomb = _fide_zip(folder, "bombe.zip")
    data = bytearray(bomb.read_bytes())
    central = data.rindex(b"PK\x01\x02")
    data[central + 24 : central + 28] = struct.pack("<I", 0xFFFF_FFF0)  # uncompressed size
    bomb.write_bytes(bytes(data))
    said = _refused(folder, "bombe.zip")
    assert "4294 Mo une fois décompressée" in said and "1670 Mo" in said
    assert "archive refusée, rien n'est changé" in said


def test_a_size_lied_about_is_cut_and_a_damaged_archive_refused(lists: Path) -> None:
    folder = lists.parent
    liar = _fide_zip(folder, "menteuse.zip")  # declares 1000 bytes, holds 300 kB
    data = bytearray(liar.read_bytes())
    central = data.rindex(b"PK\x01\x02")
    data[central + 24 : central + 28] = struct.pack("<I", 1000)
    liar.write_bytes(bytes(data))
    assert "rien n'est changé" in _refused(folder, "menteuse.zip")
    damaged = _fide_zip(folder, "abimee.zip")
    data = bytearray(damaged.read_bytes())
    middle = len(data) // 2
    data[middle : middle + 64] = bytes(64)
    damaged.write_bytes(bytes(data))
    said = _refused(folder, "abimee.zip")
    assert "abimee.zip : archive abîmée ou incomplète" in said
    assert "rien n'est changé" in said


def test_inflated_bytes_are_counted_past_the_declared_sizes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The second guard: whatever the archive declares, more than MAX_INFLATED bytes read
    out of a member stop the import."""
    import io

    monkeypatch.setattr(ops, "MAX_INFLATED", 1000)
    stream = io.BufferedReader(ops._Bounded(io.BytesIO(b"x" * 5000)), 256)
    with pytest.raises(ListFault, match="plus de 0 Mo décompressés"):
        stream.read()


def test_a_damaged_list_changes_nothing(lists: Path) -> None:
    folder = lists.parent
    whole = write_fide_txt(folder / "liste.txt").read_text("utf-8")
    (folder / "coupee.txt").write_text(whole[: len(whole) - 40], encoding="utf-8")
    assert "coupée" in _refused(folder, "coupee.txt")
    (folder / "binaire.txt").write_bytes(b"ID Number\x00\x01\x02" + bytes(range(256)) * 10)
    _refused(folder, "binaire.txt")
    (folder / "coupee.xml").write_text(
        '<?xml version="1.0"?>\n<playerslist>\n<player><fideid>1', encoding="utf-8"
    )
    assert "coupée" in _refused(folder, "coupee.xml")


def test_a_papi_tournament_is_refused_as_the_ffe_base(lists: Path) -> None:
    """A Papi file is an Access file too: refused by its name (.papi), and by its tables
    (INFO, JOUEUR, RES) under any name — read through the real mdbtools."""
    folder = lists.parent
    event = folder / "open.sqlite"
    run_here("new", str(event), "--nom", "Open de Colmar")
    run_here(
        "section",
        "add",
        str(event),
        "open",
        "--nom",
        "Open",
        "--systeme",
        "suisse",
        "--rondes",
        "5",
    )
    (folder / "inscrits.csv").write_text("nom,prenom\nDUPONT,Jeanne\nMARTIN,Paul\n", "utf-8")
    run_here("players", "import", str(event), str(folder / "inscrits.csv"), "-t", "open")
    run_here("export", "papi", str(event), "open", str(folder / "tournoi.papi"))
    said = _refused(folder, "tournoi.papi")
    assert "tournoi.papi est un tournoi Papi" in said and "pas la base des joueurs" in said
    assert "Data.mdb" in said
    if shutil.which("mdb-tables") is None:
        pytest.skip("mdbtools absent : le nom .papi seul a été essayé")
    shutil.copyfile(folder / "tournoi.papi", folder / "Data.mdb")
    assert "Data.mdb est un tournoi Papi" in _refused(folder, "Data.mdb")
    assert "est un tournoi Papi" in _refused(folder, "Data.mdb", "--format", "ffe-mdb")
