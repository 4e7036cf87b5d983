"""Papi's file as Papi writes it (issue 50): an event from nothing through the CLI — a
rapid section with SAD, a homologation number, long names, B licences, estimated ratings —
exported, read back with mdbtools and access-parser, imported and exported again: every
cell of INFO and JOUEUR comes back but those Papi recomputes (docs/papi.md)."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
import subprocess
from pathlib import Path

import pytest

from ..helpers.cli import arbitre, run_here

LONG = "CHÂTEAUBRIAND-SAINT-ÉVREMOND"  # 28 characters: Papi's Nom holds 20
# nom, prenom, sexe, licence, type, elo_fide, elo_ffe, lent, rapide, blitz, ref_ffe, club ref, ligue
PLAYERS = (
    (LONG, "Marie-Thérèse", "F", "A10001", "A", "", "1610", "1650N", "1610N", "", "501", "12", "PAC"),
    ("DE LA FONTAINE-MÉRIGNAC", "Jean-Baptiste", "M", "B10002", "B", "", "1200E", "1250E",
     "1200E", "1180E", "502", "12", "PAC"),
    ("O'NEILL", "Siobhan", "F", "B10003", "B", "2105", "", "2200F", "2105F", "2080F", "503",
     "40", "IDF"),
    ("D'ARTAGNAN", "Charles", "M", "A10004", "A", "1840", "", "1900F", "1840F", "1795F", "504",
     "40", "IDF"),
    ("BÉRANGER", "Élodie", "F", "A10005", "A", "", "1450", "", "1450N", "", "505", "0", "BRE"),
    ("PETIT", "Luc", "M", "", "", "", "", "", "", "", "", "", ""),
)  # fmt: skip
HEADER = ("nom", "prenom", "sexe", "licence", "type_licence", "elo_fide", "elo_ffe",
          "elo_lent", "elo_rapide", "elo_blitz", "ref_ffe", "ref_club", "ligue")  # fmt: skip
RECOMPUTED = {"Ref", "Nr", "Pts", "PtA", "PtF", "Dep1", "Dep2", "Dep3", "Place", "Perf",
              "Board", "Flotteur"}  # fmt: skip


def build(path: Path) -> None:
    f = str(path)
    run_here("new", f, "--nom", "Open de Provence", "--lieu", "Aix", "--du", "2027-07-01",
             "--au", "2027-07-01", "--arbitre", "REGAUD Denis")  # fmt: skip
    run_here("section", "add", f, "rapide", "--nom", "Rapide", "--systeme", "suisse",
             "--rondes", "7", "--cadence", "15+10")  # fmt: skip
    run_here("settings", "set", f, "acceleration", "sad", "-t", "rapide")
    run_here("settings", "set", f, "homologation_number", "66363", "-t", "rapide")
    rows = io.StringIO()
    csv.writer(rows, lineterminator="\n").writerows([HEADER, *PLAYERS])
    players = path.parent / "joueurs.csv"
    players.write_text(rows.getvalue(), "utf-8")
    run_here("players", "import", f, str(players), "-t", "rapide")
    for number in range(1, len(PLAYERS) + 1):
        run_here("checkin", f, str(number))
    run_here("pair", f, "-t", "rapide")
    for board in ("1", "2", "3"):
        run_here("result", f, board, "1", "-t", "rapide")


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("fidele") / "provence.sqlite"
    build(path)
    return path


def table(path: Path, name: str) -> list[dict[str, str]]:
    out = subprocess.run(["mdb-export", "-D", "%Y-%m-%d", str(path), name],
                         capture_output=True, text=True, check=True).stdout  # fmt: skip
    return list(csv.DictReader(io.StringIO(out)))


def exported(event: Path, out: Path, long_names: bool = True) -> Path:
    done = arbitre("export", "papi", str(event), "rapide", str(out), "--confirm")
    assert done.returncode == 0, done.stderr
    said = f"Nom raccourci (20 caractères dans Papi) : {LONG} Marie-Thérèse" in done.stdout
    assert said == long_names
    return out


@pytest.mark.slow
def test_a_long_name_is_asked_never_cut_silently(event: Path, tmp_path: Path) -> None:
    out = tmp_path / "refus.papi"
    done = arbitre("export", "papi", str(event), "rapide", str(out))
    assert done.returncode == 2 and not out.exists()
    assert f"{LONG} Marie-Thérèse → CHÂTEAUBRIAND-SAINT-" in done.stderr
    assert "DE LA FONTAINE-MÉRIGNAC Jean-Baptiste → DE LA FONTAINE-MÉRIG" in done.stderr
    assert "--confirm" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.slow
def test_info_says_what_the_section_is(event: Path, tmp_path: Path) -> None:
    info = {r["Variable"]: r["Value"] for r in table(exported(event, tmp_path / "a.papi"), "INFO")}
    assert len(info) == 177
    assert info["Nom"] == "Open de Provence - Rapide"
    assert (info["ClassElo"], info["Cadence"], info["Homologation"]) == ("Rapide", "15+10", "66363")
    assert info["Pairing"] == "SAD" and info["EloBase1"] != "0" and info["EloBase2"] != "0"
    assert (info["Dep1"], info["Dep2"], info["Dep3"]) == (
        "Brésilien",
        "Solkoff",
        "Nombre de Victoires",
    )
    assert info["Arbitre"] == "REGAUD Denis" and info["Lieu"] == "Aix"
    # Papi's defaults for what the event does not say
    assert info["ClassementClubMethode"] == "SommeDesPoints" and info["PrixCatInferieur"] == "OUI"
    assert info["FormatSaisie"] == "International" and info["DecomptePoints"] == "NON"


@pytest.mark.slow
def test_joueur_carries_each_cadence_and_the_ffe_fields(event: Path, tmp_path: Path) -> None:
    rows = {r["Nom"]: r for r in table(exported(event, tmp_path / "b.papi"), "JOUEUR")}
    jb = rows["DE LA FONTAINE-MÉRIG"]
    assert (jb["AffType"], jb["RefFFE"], jb["ClubRef"], jb["Ligue"]) == ("B", "502", "12", "PAC")
    assert (jb["Elo"], jb["Fide"], jb["Rapide"], jb["RapideFide"]) == ("1250", "E", "1200", "E")
    assert (jb["Blitz"], jb["BlitzFide"]) == ("1180", "E")
    siobhan = rows["O'NEILL"]
    assert (siobhan["AffType"], siobhan["Rapide"], siobhan["RapideFide"]) == ("B", "2105", "F")
    assert (siobhan["Elo"], siobhan["Fide"], siobhan["Blitz"]) == ("2200", "F", "2080")
    assert (rows["BÉRANGER"]["Blitz"], rows["BÉRANGER"]["BlitzFide"]) == ("1399", "E")
    assert rows["BÉRANGER"]["ClubRef"] == "0"
    assert (rows["PETIT"]["AffType"], rows["PETIT"]["Rapide"], rows["PETIT"]["RapideFide"]) == (
        "N", "1399", "E")  # fmt: skip
    assert rows["CHÂTEAUBRIAND-SAINT-"]["Prenom"] == "Marie-Thérèse"


@pytest.mark.slow
def test_access_parser_reads_the_same_cells(event: Path, tmp_path: Path) -> None:
    from access_parser import AccessParser  # type: ignore[import-untyped]

    path = exported(event, tmp_path / "c.papi")
    db = AccessParser(str(path))
    info = db.parse_table("INFO")
    assert dict(zip(info["Variable"], info["Value"], strict=True))["ClassElo"] == "Rapide"
    joueur = db.parse_table("JOUEUR")
    mdb = table(path, "JOUEUR")
    for column in ("Nom", "AffType", "Rapide", "RapideFide", "Ligue", "RefFFE"):
        assert [str(v) if v not in (None, "") else "" for v in joueur[column]] == [
            r[column] for r in mdb
        ], column


@pytest.mark.slow
def test_import_then_export_gives_back_every_cell(event: Path, tmp_path: Path) -> None:
    first = exported(event, tmp_path / "first.papi")
    again = tmp_path / "again.sqlite"
    done = arbitre("import", "papi", str(first), str(again), "--cle", "rapide")
    assert done.returncode == 0, done.stderr
    assert "Attention" not in done.stdout  # SAD is this program's too: nothing to warn of
    con = sqlite3.connect(again)
    rated = dict(con.execute("SELECT surname, coalesce(rating_fide, rating_ffe) FROM players"))
    settings = json.loads(con.execute("SELECT settings FROM tournaments").fetchone()[0])
    con.close()
    assert rated["O'NEILL"] == 2105 and rated["DE LA FONTAINE-MÉRIG"] == 1200  # rapid ones
    assert settings["acceleration"] == "sad" and settings["homologation_number"] == "66363"
    second = exported(again, tmp_path / "second.papi", long_names=False)
    info_a, info_b = table(first, "INFO"), table(second, "INFO")
    assert [(r["Variable"], r["Value"]) for r in info_a] == [
        (r["Variable"], r["Value"]) for r in info_b
    ]
    a = {(r["Nom"], r["Prenom"]): r for r in table(first, "JOUEUR")}
    b = {(r["Nom"], r["Prenom"]): r for r in table(second, "JOUEUR")}
    assert a.keys() == b.keys()
    name_a = {r["Ref"]: k for k, r in a.items()}
    name_b = {r["Ref"]: k for k, r in b.items()}
    compared = 0
    for key, row in a.items():
        for column, value in row.items():
            if column in RECOMPUTED:
                continue
            other = b[key][column]
            if column.endswith("Adv"):  # an opponent: by who they are, not by their Ref
                same = name_a.get(value, value) == name_b.get(other, other)
            else:
                same = other == value
            assert same, (key, column)
            compared += 1
    assert compared == len(a) * (113 - len(RECOMPUTED))


def test_the_name_is_never_repeated() -> None:
    """« Blitz » imported is event « Blitz », section « Blitz »: written « Blitz », not
    « Blitz - Blitz » (every round trip added one); an event and its section, once each."""
    from arbitre_tui.publish.papi.info import info_rows
    from arbitre_tui.rules.models import System, Tournament

    def nom(event: str, section: str) -> str | None:
        t = Tournament(key="k", name=section, system=System.SWISS, rounds_planned=5)
        return dict(info_rows({"name": event}, t, [], "Suisse", 0))["Nom"]

    assert nom("Blitz", "Blitz") == "Blitz"
    assert nom("7e festival d'Allauch", "A") == "7e festival d'Allauch - A"
    assert nom("7e festival d'Allauch - A", "A") == "7e festival d'Allauch - A"
