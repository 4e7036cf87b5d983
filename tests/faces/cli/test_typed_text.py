"""Issue 35, points 4, 11 and 15: one rule for every text typed (rules/text.py) — a byte
the terminal sent that is not UTF-8, a control character, a bidi override, a length —,
refused in French by every command that stores text, the file unchanged; messages that
echo a value cut it and never show « \\udcff »; a crash report that cannot fail."""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import pytest

from ...helpers.cli import arbitre, arbitre_bytes, run_here


def _digest(path: Path) -> str:
    data = path.read_bytes()
    for end in ("-wal",):
        side = Path(f"{path}{end}")
        if side.exists():
            data += side.read_bytes()
    return hashlib.sha256(data).hexdigest()


@pytest.fixture(scope="module")
def events(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A Swiss open and a cup created from nothing, as an organiser would (the command
    line's `main()` in this process: the typed text under test goes to the real one)."""
    tmp = tmp_path_factory.mktemp("typed")
    swiss, cup = tmp / "open.sqlite", tmp / "coupe.sqlite"
    steps = [
        ("new", str(swiss), "--nom", "Open d'été"),
        ("section", "add", str(swiss), "open", "--nom", "Open", "--systeme", "suisse"),
        ("new", str(cup), "--nom", "Coupe"),
        ("section", "add", str(cup), "coupe", "--nom", "Coupe", "--systeme", "coupe"),
    ]
    for step in steps:
        rounds = ("--rondes", "5") if step[:2] == ("section", "add") else ()
        rules = ("--reglement", "004") if "coupe" in step[3:4] else ()
        run_here(*step, *rounds, *rules)
    for n in range(1, 5):
        run_here("register", str(swiss), f"Joueur{n}", "--pointe")
    run_here("pair", str(swiss))
    return {"swiss": swiss, "cup": cup}


LATIN1 = "Réclamation".encode("latin-1")  # what a Latin-1 terminal sends
ESC = "R\x1b[2Jclamation"
BEL = "R\x07clamation"
TURNED = "Dupont\u202eTNOPUD"
TWO_LINES = "Colmar\r\nMulhouse"

# (event, the command with TEXT where the text goes): every command that stores free text
COMMANDS = {
    "appeal": ("swiss", "appeal", "{f}", "TEXT"),
    "incident-note": ("swiss", "incident", "{f}", "1", "illegal", "white", "--note", "TEXT"),
    "register-club": ("swiss", "register", "{f}", "Nouveau", "--club", "TEXT"),
    "register-telephone": ("swiss", "register", "{f}", "Nouveau", "--telephone", "TEXT"),
    "register-nom": ("swiss", "register", "{f}", "TEXT"),
    "settings-organiser": ("swiss", "settings", "set", "{f}", "organiser", "TEXT"),
    "cup-team": ("cup", "cup", "team", "{f}", "TEXT"),
    "cup-team-nom": ("cup", "cup", "team", "{f}", "Colmar", "--nom", "TEXT"),
    "cup-breach": ("cup", "cup", "breach", "{f}", "1", "1", "TEXT"),
    "cup-director": ("cup", "cup", "director", "{f}", "1", "1", "--note", "TEXT"),
    "cup-honours": ("cup", "cup", "honours", "{f}", "--season", "2025-2026", "--club", "TEXT"),
    "event-lieu": ("swiss", "event", "set", "{f}", "--lieu", "TEXT"),
}
FAULTS: dict[str, tuple[str | bytes, str]] = {
    "latin-1": (LATIN1, "le terminal n'envoie pas de l'UTF-8"),
    "echap": (ESC, "caractère de contrôle (code 27"),
    "sonnerie": (BEL, "caractère de contrôle (code 7"),
    "u202e": (TURNED, "caractère de sens d'écriture (U+202E) refusé"),
}


@pytest.mark.parametrize("fault", FAULTS)
@pytest.mark.parametrize("command", COMMANDS)
def test_every_free_text_field_refuses_what_is_not_text(
    events: dict[str, Path], command: str, fault: str
) -> None:
    which, *words = COMMANDS[command]
    path = events[which]
    text, said = FAULTS[fault]
    before = _digest(path)
    args = [text if w == "TEXT" else w.replace("{f}", str(path)) for w in words]
    out = arbitre_bytes(*args)
    assert out.returncode == 2, (out.stdout, out.stderr)
    # a telephone has a rule of its own (digits, issue 35 point 12), which refuses first
    assert (said if command != "register-telephone" else "téléphone «") in out.stderr
    assert "Traceback" not in out.stderr and "\\udc" not in out.stderr
    assert "\x1b" not in out.stderr + out.stdout and "\x07" not in out.stderr + out.stdout
    assert "\u202e" not in out.stderr + out.stdout  # echoed, a message is never turned
    assert _digest(path) == before


@pytest.mark.parametrize("command", ["register-club", "cup-team", "event-lieu"])
def test_a_line_break_where_one_line_is_expected_is_refused(
    events: dict[str, Path], command: str
) -> None:
    which, *words = COMMANDS[command]
    path = events[which]
    before = _digest(path)
    out = arbitre(*(TWO_LINES if w == "TEXT" else w.replace("{f}", str(path)) for w in words))
    assert out.returncode == 2, out.stderr
    assert "caractère de contrôle (code 13" in out.stderr
    assert _digest(path) == before


def test_a_paragraph_keeps_its_line_breaks(events: dict[str, Path]) -> None:
    out = arbitre("appeal", str(events["swiss"]), "Appel du joueur 3.\nRejeté.")
    assert out.returncode == 0, out.stderr


def test_the_rule_itself() -> None:
    from arbitre_tui.rules.text import character_fault, shown, text_fault

    assert character_fault("Béranger Œuvre ’t") is None
    assert character_fault("a\nb", lines=True) is None
    assert character_fault("a\nb") is not None
    assert character_fault("a\u2066b") is not None
    assert text_fault("Club", "x" * 201) is not None
    assert text_fault("Club", "x" * 200) is None
    assert shown("x" * 100) == "x" * 40 + "…"
    assert shown("a\udce9") == "a\ufffd"


# -- point 15: what a message echoes ------------------------------------------------------


def test_a_long_value_is_echoed_cut(events: dict[str, Path]) -> None:
    out = arbitre("round", str(events["swiss"]), "-t", "k" * 100_000)
    assert out.returncode == 2
    assert "k" * 40 + "…" in out.stderr
    assert len(out.stderr) < 1000, len(out.stderr)


def test_a_byte_that_is_not_utf8_is_never_shown_as_a_surrogate(events: dict[str, Path]) -> None:
    out = arbitre_bytes("round", str(events["swiss"]), "-t", b"\xe9t\xff")
    assert out.returncode == 2
    assert "\\udc" not in out.stderr
    assert "\ufffdt\ufffd" in out.stderr


# -- the crash report cannot fail --------------------------------------------------------


def test_the_crash_report_is_written_whatever_was_typed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from arbitre_tui.faces.cli.errors import last_guard

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    monkeypatch.setattr(sys, "argv", ["arbitre", "appeal", "R\udce9clamation", "x" * 100_000])
    assert last_guard(RuntimeError("boum \udcff")) == 1
    report = next((tmp_path / "arbitre").glob("erreur-*.txt")).read_text("utf-8")
    assert "R\\udce9clamation" in report and "RuntimeError" in report
    assert "Erreur inattendue (RuntimeError)" in capsys.readouterr().err


def test_the_crash_report_that_cannot_be_written_still_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from arbitre_tui.faces.cli import errors

    def broken(exc: BaseException) -> Path:
        raise UnicodeEncodeError("utf-8", "\udce9", 0, 1, "surrogates not allowed")

    monkeypatch.setattr(errors, "crash_log", broken)
    assert errors.last_guard(RuntimeError("boum")) == 1
    assert "impossible d'écrire le journal d'erreurs" in capsys.readouterr().err


def test_the_app_and_its_forms_reach_the_same_rule(events: dict[str, Path]) -> None:
    """The screen's prompts and forms call the operations the command line calls: the
    incident note, the appeal, the player's form (setup.edit_player) refuse alike."""
    from arbitre_tui.operations import EventService, OperationError
    from arbitre_tui.operations.setup import edit_player
    from arbitre_tui.operations.verification import record_appeal

    path = events["swiss"]
    before = _digest(path)
    service = EventService(path)
    try:
        with pytest.raises(OperationError, match="Échap"):
            service.record_incident("open", 1, "white", "illegal_move", note="x\x1b[31m")
        with pytest.raises(OperationError, match="U\\+202E"):
            record_appeal(service, "open", "Appel\u202e")
        with pytest.raises(OperationError, match="UTF-8"):
            edit_player(service, 1, {"club": "Caf\udce9"})
    finally:
        service.close()
    assert _digest(path) == before
