"""The FFE's base as the FFE ships it (issue 32 point 3): Papi's Data.mdb read through
mdbtools' `mdb-export` (table JOUEUR), birth dates asked with -T (NeLe is a DateTime
column: -D alone leaves mdbtools' two-digit default), rows without a licence skipped and
counted, unreadable birth dates said, no empty lists file after a failed first import.

No Access file can be written here, so `mdb-export` is a stand-in on PATH that answers as
mdbtools 1.0 does for the JOUEUR table's columns (and as it does without -T)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from arbitre_tui.operations.rating_lists import Lists

from ..helpers.cli import ROOT

STAND_IN = r"""#!/usr/bin/env python3
import os, sys
args = sys.argv[1:]
if os.path.basename(sys.argv[0]) == "mdb-tables":  # mdb-tables -1 FILE
    sys.stdout.write("JOUEUR\nCLUB\n")
    sys.exit(0)
if args[-1] not in ("JOUEUR", "CLUB") or not args[-2].endswith(".mdb"):
    sys.exit("table inconnue")
if args[-1] == "CLUB":  # the club's name and league are CLUB's, by ClubRef
    sys.stdout.write('Ref,Nom,Ligue,Commune\n12,"Echiquier Nanceien","LOR","Nancy"\n'
                     '260,"Echiquier Quimpérois","BRE","Quimper"\n')
    sys.exit(0)
iso = "-T" in args and args[args.index("-T") + 1] == "%Y-%m-%d"
def day(y, m, d):
    return f"{y:04d}-{m:02d}-{d:02d}" if iso else f"{m:02d}/{d:02d}/{y % 100:02d} 00:00:00"
rows = [
    'Ref,NrFFE,Nom,Prenom,Sexe,NeLe,Cat,AffType,Elo,Rapide,Blitz,Federation,ClubRef,FideCode,FideTitre,Fide,RapideFide,BlitzFide',
    f'1079938,"K12345","DUPONT","Jeanne","F",{day(2012, 3, 14)},"BenF","A",2110,2050,1999,"FRA",12,651095,"ff","F","F","N"',
    f'2,"M54321","BÉRANGER","Sébastien","M",{day(1965, 11, 2)},"SenM","B",1400,1400,0,"FRA",260,,,"E","N",""',
    f'3,"","SANSLICENCE","Paul","M",{day(1990, 1, 1)},"SenM","",0,0,0,"FRA",12,,,"","",""',
    f'4,"N11111","DATEFAUSSE","Luc","M",bientôt,"SenM","A",1500,0,0,"FRA",12,,,"N","",""',
]
sys.stdout.buffer.write(("\n".join(rows) + "\n").encode("utf-8"))
"""


def _arbitre(*args: str, cwd: Path, path: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "arbitre_tui.faces.cli.main", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src"), "PATH": path},
    )


def _data_mdb(folder: Path) -> Path:
    """The first bytes of an Access file (Jet 4), as Papi's Data.mdb begins."""
    mdb = folder / "Data.mdb"
    mdb.write_bytes(b"\x00\x01\x00\x00Standard Jet DB\x00" + b"\x00" * 4000)
    return mdb


def _stand_in(folder: Path, *, with_t: bool = True) -> str:
    bin_dir = folder / "bin"
    bin_dir.mkdir()
    script = STAND_IN if with_t else STAND_IN.replace('"-T" in args and ', "False and ")
    for name in ("mdb-export", "mdb-tables"):
        exe = bin_dir / name
        exe.write_text(script.replace("#!/usr/bin/env python3", f"#!{sys.executable}"), "utf-8")
        exe.chmod(0o755)
    return f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"


def test_data_mdb_is_read_through_mdb_export_with_its_birth_dates(tmp_path: Path) -> None:
    _data_mdb(tmp_path)
    path = _stand_in(tmp_path)
    done = _arbitre("ratings", "import", "Data.mdb", cwd=tmp_path, path=path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "base FFE : 3 joueurs importés de Data.mdb" in done.stdout
    assert "1 ligne(s) sans numéro de licence ignorée(s)" in done.stdout
    assert "1 date(s) de naissance illisible(s) (colonne NeLe)" in done.stdout
    dupont = _arbitre("ratings", "find", "k12345", cwd=tmp_path, path=path).stdout
    assert "DUPONT Jeanne" in dupont and "2012" in dupont and "lent 2110" in dupont
    assert "licence K12345 A" in dupont  # the licence type kept (AffType)
    assert (
        "licence M54321 B" in _arbitre("ratings", "find", "m54321", cwd=tmp_path, path=path).stdout
    )
    assert "SANSLICENCE" not in _arbitre("ratings", "find", "sansl", cwd=tmp_path, path=path).stdout
    # issue 50.6: the club's name from table CLUB by ClubRef, and the FFE's keys kept
    assert "— Echiquier Nanceien —" in dupont
    with Lists(tmp_path / "listes-elo.sqlite") as lists:
        jeanne = lists.known(None, "K12345").ffe
        seb = lists.known(None, "M54321").ffe
    assert jeanne is not None and seb is not None
    assert (jeanne.ffe_ref, jeanne.club_ref, jeanne.league, jeanne.club) == (
        1079938,
        12,
        "LOR",
        "Echiquier Nanceien",
    )
    assert (jeanne.standard_kind, jeanne.rapid_kind, jeanne.blitz_kind) == ("F", "F", "N")
    assert (seb.club, seb.league, seb.standard_kind, seb.rapid_kind) == (
        "Echiquier Quimpérois",
        "BRE",
        "E",
        "N",
    )


def test_without_t_every_birth_date_is_said_unreadable_never_dropped_silently(
    tmp_path: Path,
) -> None:
    """What the documented -D gave: DateTime cells in mdbtools' default form."""
    _data_mdb(tmp_path)
    path = _stand_in(tmp_path, with_t=False)
    done = _arbitre("ratings", "import", "Data.mdb", cwd=tmp_path, path=path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "3 date(s) de naissance illisible(s)" in done.stdout


def test_without_mdbtools_a_french_sentence_and_no_lists_file(tmp_path: Path) -> None:
    _data_mdb(tmp_path)
    empty = tmp_path / "vide"
    empty.mkdir()
    done = _arbitre("ratings", "import", "Data.mdb", cwd=tmp_path, path=str(empty))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "demande mdbtools" in done.stderr and "apt install mdbtools" in done.stderr
    assert not (tmp_path / "listes-elo.sqlite").exists()
    find = _arbitre("ratings", "find", "dupont", cwd=tmp_path, path=str(empty))
    assert find.returncode == 2 and "aucune liste Elo" in find.stderr


def test_a_registration_from_the_base_keeps_its_ffe_keys_and_estimates(tmp_path: Path) -> None:
    """Issue 50.3: RefFFE, ClubRef and Ligue from the FFE's base go into the registration
    (Papi's JOUEUR carries them), and an estimated rating stays E, not N."""
    from arbitre_tui.operations import EventService
    from arbitre_tui.rules.models import System, TimeControl, Tournament

    _data_mdb(tmp_path)
    assert _arbitre("ratings", "import", "Data.mdb", cwd=tmp_path, path=_stand_in(tmp_path))
    service = EventService(tmp_path / "open.sqlite", create=True)
    service.create_event("Open de Nancy", "Nancy")
    slow = TimeControl(base_minutes=90, increment_seconds=30)
    service.add_tournament(
        Tournament(key="o", name="Open", system=System.SWISS, rounds_planned=5,
                   time_controls={n: slow for n in range(1, 6)})
    )  # fmt: skip
    with Lists(tmp_path / "listes-elo.sqlite") as lists:
        jeanne = lists.registration(lists.find("K12345", limit=1)[0], service.tournament("o"))
        seb = lists.registration(lists.find("M54321", limit=1)[0], service.tournament("o"))
    assert (jeanne.ffe_ref, jeanne.club_ref, jeanne.league) == (1079938, 12, "LOR")
    assert (seb.ffe_ref, seb.club_ref, seb.league) == (2, 260, "BRE")
    assert seb.rating_kinds == "EN-"  # standard estimated, rapid national, no blitz
    assert jeanne.rating_kinds == "FFN"  # as the base says: FIDE standard and rapid (was NNN)
    pid = service.register_player("o", seb)
    stored = service.store.player(pid)
    service.close()
    assert stored is not None
    assert (stored.ffe_ref, stored.club_ref, stored.league, stored.rating_kinds) == (
        2, 260, "BRE", "EN-"
    )  # fmt: skip
