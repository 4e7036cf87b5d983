"""Papi's players in, whole (issue 32 point 4): `arbitre players import EVENT tournoi.papi`
reads table JOUEUR through mdbtools' `mdb-export` (a stand-in on PATH answering as
mdbtools does: no Access file can be written here) with licence, FIDE id, birth date,
title and the rated flag; a column it does not know is named in the refusal."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from ..helpers.cli import ROOT

HEADER = (
    "Ref,NrFFE,Nom,Prenom,Sexe,NeLe,Cat,AffType,Elo,Rapide,Blitz,Fide,FideCode,FideTitre,"
    "Federation,ClubRef,Club,Ligue,Tel,EMail,Pointe,Rd01Adv,Rd01Cl,Rd01Res"
)
ROWS = [
    '1,"K12345","DUPONT","Jeanne","F",2012-03-14 00:00:00,"BenF","A",2110,2050,1999,1,'
    '651095,"ff","FRA",12,"Echiquier Nanceien","GE","0600000000","j@example.org",1,0,"",0',
    '2,"M54321","BÉRANGER","Sébastien","M",1965-11-02 00:00:00,"VetM","A",1400,1400,0,0,'
    '0,"","FRA",12,"Echiquier Nanceien","GE","","",0,0,"",0',
]


def _stand_in(folder: Path, header: str) -> str:
    bin_dir = folder / "bin"
    bin_dir.mkdir()
    out = "\n".join([header, *ROWS]) + "\n"
    script = (
        f"#!{sys.executable}\n"
        "import sys\n"
        "args = sys.argv[1:]\n"
        "assert args[-1] == 'JOUEUR' and '-T' in args, args\n"
        f"sys.stdout.buffer.write({out.encode('utf-8')!r})\n"
    )
    exe = bin_dir / "mdb-export"
    exe.write_text(script, "utf-8")
    exe.chmod(0o755)
    return f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"


def _arbitre(*args: str, path: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "arbitre_tui.faces.cli.main", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src"), "PATH": path},
    )


def _event(tmp_path: Path, path: str) -> Path:
    event = tmp_path / "e.sqlite"
    for args in (
        ("new", str(event), "--nom", "Open", "--lieu", "Nancy"),
        ("section", "add", str(event), "open", "--nom", "Open", "--systeme", "suisse",
         "--rondes", "5", "--cadence", "90+30"),
    ):  # fmt: skip
        done = _arbitre(*args, path=path)
        assert done.returncode == 0, done.stderr
    (tmp_path / "tournoi.papi").write_bytes(b"\x00\x01\x00\x00Standard Jet DB\x00" + bytes(64))
    return event


def test_papi_players_come_in_whole(tmp_path: Path) -> None:
    path = _stand_in(tmp_path, HEADER)
    event = _event(tmp_path, path)
    done = _arbitre(
        "players", "import", str(event), str(tmp_path / "tournoi.papi"), "-t", "open", path=path
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 joueur(s) importé(s)" in done.stdout
    listed = _arbitre("players", "list", str(event), "-t", "open", "--json", path=path)
    players = {p["surname"]: p for p in json.loads(listed.stdout)}
    dupont = players["DUPONT"]
    assert (
        dupont
        | {
            "ffe_code": "K12345",
            "fide_id": 651095,
            "birth_date": "2012-03-14",
            "title": "WFM",
            "rating_fide": 2110,  # Fide = 1: a FIDE rating
            "rating_ffe": None,
            "sex": "w",
            "club": "Echiquier Nanceien",
        }
        == dupont
    )
    beranger = players["BÉRANGER"]
    assert (beranger["rating_fide"], beranger["rating_ffe"]) == (None, 1400)  # Fide = 0
    assert beranger["fide_id"] is None and beranger["birth_date"] == "1965-11-02"


def test_a_column_papi_has_not_is_named_in_the_refusal(tmp_path: Path) -> None:
    path = _stand_in(tmp_path, HEADER.replace("Ligue", "Couleur"))
    event = _event(tmp_path, path)
    done = _arbitre(
        "players", "import", str(event), str(tmp_path / "tournoi.papi"), "-t", "open", path=path
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "colonne(s) inconnue(s) dans la table JOUEUR : « Couleur »" in done.stderr
    listed = _arbitre("players", "list", str(event), "-t", "open", "--json", path=path)
    assert json.loads(listed.stdout) == []
