"""The words of issue 29, point 7: what the arbiter reads says it once, in French."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitre_tui.operations import OperationError
from arbitre_tui.operations.templates import create_from_template
from tests.conftest import make_round_robin
from tests.helpers.cli import arbitre


def test_redo_says_retabli_once(tmp_path: Path) -> None:
    path = tmp_path / "rr.sqlite"
    service = make_round_robin(path)
    service.pair_round("rr", seed=1)
    service.close()
    assert arbitre("result", str(path), "1", "1").returncode == 0
    assert arbitre("undo", str(path)).returncode == 0
    out = arbitre("redo", str(path))
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("Rétabli : ") and out.stdout.count("établi") == 1, out.stdout


def test_cup_status_before_the_first_draw_says_so(tmp_path: Path) -> None:
    path = tmp_path / "cup.sqlite"
    create_from_template(path, "coupe-alsace").close()
    out = arbitre("cup", "status", str(path))
    assert out.returncode == 0, out.stderr
    assert "Aucun tour tiré" in out.stdout


def test_a_knockout_paired_before_its_registration_closes_says_cloturez(tmp_path: Path) -> None:
    service = create_from_template(tmp_path / "ko.sqlite", "open-ko")
    try:
        with pytest.raises(OperationError, match="Clôturez d'abord les inscriptions"):
            service.pair_round("open-ko")
    finally:
        service.close()


def test_the_help_of_a_match_names_no_mac_key() -> None:
    """« ctrl+c,super+c Copier » was listed in the help: « ctrl+c » alone."""

    from arbitre_tui.faces.tui.cup_screen import MatchScreen
    from arbitre_tui.faces.tui.help import help_text

    text = help_text("Match", list(MatchScreen.BINDINGS), []).plain
    assert "super+c" not in text and "ctrl+c" in text
