"""The pairing engines behind one interface: ours in-process, an external program run the
JaVaFo/bbpPairings way; every failure of the external one is a French message."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from arbitre_tui.operations.engines import (
    DutchEngine,
    EngineFailed,
    ExternalEngine,
    second_opinion,
)
from arbitre_tui.rules import trf
from arbitre_tui.rules.swiss.model import SwissState
from arbitre_tui.rules.swiss.trf_state import state_from_trf

from ..conftest import VECTORS

CASE = VECTORS / "dutch" / "cases" / "t0001_r02"


def _state() -> SwissState:
    return state_from_trf(trf.parse(CASE.with_suffix(".trf").read_text(encoding="utf-8")))


def _program(tmp_path: Path, body: str) -> str:
    """A fake engine: a Python script given ``--dutch IN -p OUT``."""
    script = tmp_path / "engine.py"
    script.write_text(
        "import sys\nargs = sys.argv[1:]\n"
        'src, out = args[args.index("--dutch") + 1], args[args.index("-p") + 1]\n' + body
    )
    return f"{sys.executable} {script}"


def test_an_engine_that_gives_the_reference_output_pairs_as_the_reference(
    tmp_path: Path,
) -> None:
    reference = CASE.with_suffix(".out").read_text(encoding="utf-8")
    command = _program(tmp_path, f"open(out, 'w').write({reference!r})\n")
    state = _state()
    theirs = ExternalEngine(command).pair(state, 2)
    ours = DutchEngine().pair(state, 2)
    assert {(b.white, b.black) for b in theirs.boards} == {(b.white, b.black) for b in ours.boards}
    assert theirs.bye == ours.bye
    opinion = second_opinion(ExternalEngine(command), state, ours)
    assert opinion.identical and opinion.error is None
    assert opinion.record()["only_external"] == []


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ("open(out, 'w').write('deux paires')\n", "sortie du moteur illisible"),
        ("open(out, 'w').write('3\\n1 2\\n')\n", "sortie du moteur incomplète"),
        ("sys.stderr.write('boom'); sys.exit(3)\n", "moteur externe en échec (3) : boom"),
    ],
)
def test_a_failing_engine_is_a_french_message(tmp_path: Path, body: str, said: str) -> None:
    engine = ExternalEngine(_program(tmp_path, body))
    with pytest.raises(EngineFailed) as failed:
        engine.pair(_state(), 2)
    assert said in failed.value.message
    opinion = second_opinion(engine, _state(), DutchEngine().pair(_state(), 2))
    assert opinion.record() == {"error": failed.value.message}
    assert opinion.pairing(2) is None


def test_a_missing_program_or_a_hung_one_is_a_french_message(tmp_path: Path) -> None:
    with pytest.raises(EngineFailed) as missing:
        ExternalEngine(str(tmp_path / "absent")).pair(_state(), 2)
    assert missing.value.message.startswith("moteur externe injoignable (introuvable")
    hung = ExternalEngine(_program(tmp_path, "import time; time.sleep(30)\n"), timeout=0.5)
    with pytest.raises(EngineFailed) as late:
        hung.pair(_state(), 2)
    assert late.value.message.startswith("moteur externe sans réponse après 0.5 s")
    for english in ("No such file", "timed out", "Errno"):  # nothing from the library
        assert english not in missing.value.message + late.value.message


def test_our_engine_loads_no_process_machinery() -> None:
    """`pair-trf` imports this module: the external engine's subprocess and temporary
    files (with shutil, threading, selectors) are loaded only when it runs (issue 56.3)."""
    import subprocess

    probe = (
        "import sys, arbitre_tui.operations.engines as e\n"
        "print(sorted(m for m in ('subprocess', 'tempfile', 'shlex') if m in sys.modules))"
    )
    run = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=120
    )
    assert run.stdout.strip() == "[]"
