"""What an incident costs depends on the regulation (issue 16): a phone loses the game in
002 and excludes in 000; disrespect to the arbiters excludes in 000."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitre_tui.faces.tui.app import ArbitreApp
from arbitre_tui.operations import EventService
from arbitre_tui.operations.templates import create_from_template
from arbitre_tui.rules.incidents import consequence
from arbitre_tui.rules.models import IncidentKind, Result
from arbitre_tui.store.errors import NeedsConfirmation

from ..helpers.cli import arbitre


def test_each_regulation_has_its_consequences() -> None:
    device, ring, rude = IncidentKind.DEVICE_USE, IncidentKind.DEVICE_RING, IncidentKind.DISRESPECT
    assert consequence("000", device).excludes and consequence("000", device).loses_game
    assert not consequence("000", ring).asks  # « sonnerie intempestive = avertissement »
    assert consequence("000", rude).excludes
    assert consequence("002", device).loses_game and not consequence("002", device).excludes
    assert consequence("002", ring).loses_game  # on oneself, even off: the game is lost
    assert not consequence("002", rude).asks


def _open_c_round_1(tmp_path: Path) -> EventService:
    service = create_from_template(tmp_path / "m.sqlite", "marina-viva")
    for p in service.store.players(service.tournament("open-c").id or 0):
        service.check_in(p.id or 0)
    service.pair_round("open-c", seed=1)
    return service


def test_a_phone_loses_the_game_in_002_without_excluding(tmp_path: Path) -> None:
    service = _open_c_round_1(tmp_path)
    with pytest.raises(NeedsConfirmation) as asked:
        service.record_incident("open-c", 1, "black", "device_use")
    assert "partie perdue" in asked.value.message and "exclusion" not in asked.value.message
    service.record_incident("open-c", 1, "black", "device_use", confirm=True)
    game = service.game("open-c", None, 1)[2]
    assert game.result is Result.WHITE_WINS
    assert not service.store.player(game.black_id or 0).excluded  # type: ignore[union-attr]


def test_disrespect_excludes_in_the_knockout_from_the_command_line(ko_file: Path) -> None:
    service = EventService(ko_file)
    game = service.game("open-ko", None, 3)[2]
    service.close()
    asked = arbitre("incident", str(ko_file), "3", "respect", "white")
    assert asked.returncode != 0 and "Confirmez" in asked.stderr + asked.stdout
    done = arbitre("incident", str(ko_file), "3", "respect", "white", "--confirm")
    assert done.returncode == 0, done.stderr
    service = EventService(ko_file)
    assert service.store.player(game.white_id).excluded  # type: ignore[union-attr]
    assert service.game("open-ko", None, 3)[2].result is Result.BLACK_WINS


async def test_disrespect_from_the_incidents_pane(ko_file: Path) -> None:
    app = ArbitreApp(ko_file)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("i", "exclamation_mark", "n")
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
    service = EventService(ko_file)
    game = service.game("open-ko", None, 1)[2]
    assert service.store.player(game.black_id or 0).excluded  # type: ignore[union-attr]
    kinds = [i.kind for i in service.store.incidents(service.tournament("open-ko").id or 0)]
    assert kinds == [IncidentKind.DISRESPECT]


async def test_the_question_before_a_loss_speaks_to_the_arbiter(ko_file: Path) -> None:
    """The o/n before a loss or an exclusion is the arbiter's question, not the command
    line's (it said « Confirmez (--confirm, ou la touche de confirmation). o/n »)."""
    from arbitre_tui.faces.tui.prompts import ConfirmPrompt
    from tests.helpers.screen import bottom_line

    asked = []
    app = ArbitreApp(ko_file)
    async with app.run_test(size=(80, 24)) as pilot:
        for keys in (["i", "w", "w", "w"], ["escape", "e"], ["escape", "exclamation_mark", "b"]):
            await pilot.press(*keys)
            await pilot.pause()
            assert isinstance(app.screen, ConfirmPrompt)
            asked.append(bottom_line(app))
    for question in asked:
        assert "--confirm" not in question and "touche de confirmation" not in question
        assert question.endswith("Confirmez ? o/n"), question
    assert asked[0] == "3e coup illégal : la partie est perdue. Confirmez ? o/n"
