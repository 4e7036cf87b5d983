"""The small traps of issue 49.10 (and 49.9's dates), through the command line on an event
created from nothing with long accented names: `settings show` lists the section's own
system, event dates typed JJ/MM/AAAA, the demo's TRF header complete, the README's own
event runnable as written after its install."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

from arbitre_tui.rules.settings import SETTINGS, SYSTEMS

from ...helpers.cli import ROOT, arbitre, run_here
from ...helpers.desk_event import KEY, PLAYERS_CSV, new_event


def _names(out: str) -> set[str]:
    return {line.split()[0] for line in out.splitlines() if line.startswith("  ") and line.split()}


def test_settings_show_lists_the_settings_of_the_sections_system(tmp_path: Path) -> None:
    path = new_event(tmp_path)
    swiss = run_here("settings", "show", str(path), "-t", KEY)
    names = _names(swiss)
    assert {"acceleration", "half_point_byes_max", "initial_colour", "prizes"} <= names
    assert not names & {"decider", "third_place_game", "holder", "match_start", "cycles"}
    assert "réglages d'autres systèmes non listés : --tous" in swiss
    every = _names(run_here("settings", "show", str(path), "-t", KEY, "--tous"))
    assert set(SETTINGS) <= every
    run_here("section", "add", str(path), "ko", "--nom", "K.O. de l'Île", "--systeme", "ko",
             "--rondes", "3")  # fmt: skip
    knockout = _names(run_here("settings", "show", str(path), "-t", "ko"))
    assert {"decider", "third_place_game"} <= knockout
    assert not knockout & {"acceleration", "holder", "cycles"}
    # a setting the tournament wrote is listed whatever its system
    run_here("settings", "set", str(path), "cycles", "2", "-t", KEY)
    assert "cycles" in _names(run_here("settings", "show", str(path), "-t", KEY))
    assert set(SYSTEMS) <= set(SETTINGS)  # no name misspelt in the table


def test_event_dates_typed_the_french_way(tmp_path: Path) -> None:
    path = tmp_path / "ete.sqlite"
    run_here("new", str(path), "--nom", "Open d'Été", "--du", "10/04/2027", "--au", "12/04/2027")
    assert "du 10/04/2027 au 12/04/2027" in run_here("event", "show", str(path))
    run_here("event", "set", str(path), "--au", "2027-04-13")  # ISO still read
    assert "au 13/04/2027" in run_here("event", "show", str(path))
    before = path.read_bytes()
    refused = arbitre("event", "set", str(path), "--du", "31/02/2027")
    assert refused.returncode == 2 and "écrivez JJ/MM/AAAA" in refused.stderr
    assert path.read_bytes() == before
    run_here("section", "add", str(path), "cup", "--nom", "Coupe", "--systeme", "coupe",
             "--rondes", "3")  # fmt: skip
    said = run_here("settings", "set", str(path), "licence_deadline", "20/01/2027", "-t", "cup")
    assert "licence_deadline = 20/01/2027" in said


def test_the_demo_trf_names_its_federation_and_chief_arbiter(tmp_path: Path) -> None:
    path = tmp_path / "demo.sqlite"
    assert arbitre("demo", str(path), "--no-open").returncode == 0
    out = tmp_path / "open-a.trf"
    run_here("export", "trf", str(path), "open-a", str(out))
    records = re.split(r"\r\n|\r|\n", out.read_text(encoding="ascii"))
    assert "032 FRA" in records
    assert any(r.startswith("102 ") and len(r) > 5 for r in records), records[:15]


def test_the_readme_own_event_runs_as_written_after_its_install(tmp_path: Path) -> None:
    """The README's block, run by a shell from a folder laid out as the clone (its
    `.venv`), with a players' list of twelve long names."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split("## Votre propre événement")[1].split("```sh\n")[1].split("```")[0]
    assert block.lstrip().startswith('export PATH="$PWD/.venv/bin:$PATH"')
    (tmp_path / ".venv").symlink_to(ROOT / ".venv")
    rows = PLAYERS_CSV.splitlines()
    more = [r.replace(",FRA,", ",BEL,").replace("Échecs", "Échecs 2") for r in rows[1:5]]
    more = [f"{r.split(',')[0]}-BIS,{','.join(r.split(',')[1:])}" for r in more]
    (tmp_path / "inscrits.csv").write_text("\n".join([*rows, *more]) + "\n", encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV",)}
    env["PATH"] = "/usr/bin:/bin"  # no arbitre on the PATH but the one activated
    # the block checks in player 12; the others before its pairing
    pre = "\n".join(f"arbitre checkin printemps.sqlite {n}" for n in range(2, 12))
    block = block.replace("arbitre pair printemps.sqlite", pre + "\narbitre pair printemps.sqlite")
    done = subprocess.run(["bash", "-e", "-c", block], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "command not found" not in done.stderr
    assert "ronde 1 appariée" in done.stdout


ENGLISH = ("the", "and", "of", "is", "are", "which", "with", "when", "this", "that")
FRENCH = ("le", "la", "les", "et", "des", "est", "sont", "qui", "avec", "quand", "du", "un")


def _english_words(text: str) -> tuple[int, int]:
    """(English, French) function words in the prose (code blocks and `code` left out)."""
    prose = re.sub(r"`[^`]*`", "", re.sub(r"```.*?```", "", text, flags=re.S))
    words = re.findall(r"[a-zàâçéèêëîïôûùüÿœ]+", prose.lower())
    return sum(words.count(w) for w in ENGLISH), sum(words.count(w) for w in FRENCH)


def test_the_docs_are_in_french() -> None:
    """Issue 49.10: docs/ is read by French arbiters — each file's prose in French (five of
    six were in English): English function words are quotes at most, one in fifty."""
    english, french = _english_words("This page is the checker's, and the tests of it.")
    assert english > french  # an English page would be caught
    docs = sorted((ROOT / "docs").glob("*.md"))
    assert len(docs) >= 6
    for doc in docs:
        english, french = _english_words(doc.read_text(encoding="utf-8"))
        assert french > 50 and english * 50 < french, (doc.name, english, french)
