"""Prompts own their keys (issue 14): questions name who, another key cancels, a prompt
with no valid answer rings and records nothing, and keys queued at once go in order."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual import events
from textual.widgets import DataTable

from arbitre_tui.faces.tui.app import ArbitreApp
from arbitre_tui.faces.tui.prompts import BoardPrompt
from arbitre_tui.operations import EventService
from arbitre_tui.rules.models import StoredPlayer
from arbitre_tui.rules.schedule import parse_time
from tests.helpers.screen import bottom_line, pause_until


def test_clock_times_as_arbiters_type_them() -> None:
    import datetime as dt

    now = dt.time(9, 41)
    assert parse_time("14:05", lambda: now) == dt.time(14, 5)
    assert parse_time("14h05", lambda: now) == dt.time(14, 5)
    assert parse_time("1405", lambda: now) == dt.time(14, 5)
    assert parse_time("9", lambda: now) == dt.time(9, 0)
    assert parse_time("", lambda: now) == now
    assert parse_time("25:00", lambda: now) is None
    assert parse_time("14:75", lambda: now) is None


def _first_row(service: EventService, key: str) -> StoredPlayer:
    """The player on Joueurs' first row: N° 1, the pairing number (issue 49.5)."""
    from arbitre_tui.views.reader import Reader

    reader = Reader(service)
    t = reader.tournament(key)
    numbers = reader.numbers(t)
    return min(reader.players(t), key=lambda p: numbers[p.id])


async def test_withdraw_names_the_player_another_key_cancels_o_withdraws(demo_file: Path) -> None:
    service = EventService(demo_file)
    first = _first_row(service, "open-a")
    app = ArbitreApp(demo_file, tournament="open-a")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("j", "w")
        await pilot.pause()
        assert f"Retirer {first.name}" in bottom_line(app)
        await pilot.press("x")  # another key: no, and it says which key (issue 29)
        await pilot.pause()
        assert bottom_line(app).startswith("Annulé : « x » ne répond pas"), bottom_line(app)
        assert not EventService(demo_file).store.player(first.id or 0).withdrawn  # type: ignore[union-attr]
        await pilot.press("w", "o")
        await pilot.pause()
        assert "retiré(e) — enregistré" in bottom_line(app)
        table = app.query_one("#joueurs-table", DataTable)
        assert str(table.get_row_at(0)[1]).endswith("(retiré)")
    assert EventService(demo_file).store.player(first.id or 0).withdrawn  # type: ignore[union-attr]


async def test_a_moot_change_to_a_player_is_refused_before_any_question(
    demo_file: Path,
) -> None:
    """`m` on a player who is not excluded, `w` on one already withdrawn: the question
    came first, and « oui » was answered by a refusal."""
    from arbitre_tui.faces.tui.prompts import ConfirmPrompt

    service = EventService(demo_file)
    first = _first_row(service, "open-a")
    service.withdraw(first.id or 0)
    service.close()
    before = EventService(demo_file).store.snapshot()
    app = ArbitreApp(demo_file, tournament="open-a")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("j", "m")
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmPrompt)
        assert "pas exclu(e), rien à maintenir" in bottom_line(app), bottom_line(app)
        await pilot.press("w")
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmPrompt)
        assert f"{first.name}" in bottom_line(app) and "déjà retiré(e)" in bottom_line(app)
        assert "(retiré)" not in bottom_line(app)  # « X (retiré) … est déjà retiré(e) »
        await pilot.press("o")  # no question is open: « o » answers nothing
        await pilot.pause()
    assert EventService(demo_file).store.snapshot() == before


async def test_a_round_start_with_no_round_paired_is_refused_before_the_time(
    tmp_path: Path,
) -> None:
    """Cadence `d` before the first pairing asked for the time, then refused it."""
    from arbitre_tui.faces.tui.prompts import TimePrompt
    from arbitre_tui.operations.templates import create_from_template

    path = tmp_path / "open.sqlite"
    create_from_template(path, "marina-viva").close()
    before = EventService(path).store.snapshot()
    app = ArbitreApp(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c", "d")
        await pilot.pause()
        assert not isinstance(app.screen, TimePrompt)
        assert "aucune ronde appariée, pas de début à noter" in bottom_line(app)
        assert app.sub_title.endswith(" — ronde 0/9"), app.sub_title  # not « 0/9 ronde »
    assert EventService(path).store.snapshot() == before


async def test_a_board_that_does_not_exist_rings_and_records_nothing(ko_file: Path) -> None:
    before = EventService(ko_file).store.snapshot()
    app = ArbitreApp(ko_file)
    rings: list[None] = []
    app.bell = lambda: rings.append(None)  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g", "9", "9", "9", "enter", "1", "0")
        await pilot.pause()
        assert isinstance(app.screen, BoardPrompt)  # still asking: 999 is no board
        assert len(rings) >= 1
        await pilot.press("escape")
        await pilot.pause()
        assert bottom_line(app) == "Annulé"
    assert EventService(ko_file).store.snapshot() == before


async def test_a_refused_answer_says_why_on_the_prompt_until_the_next_key(ko_file: Path) -> None:
    app = ArbitreApp(ko_file)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g", "9", "9", "9", "enter")
        await pilot.pause()
        prompt = app.screen
        assert isinstance(prompt, BoardPrompt)
        assert "pas d'échiquier 999 dans la ronde affichée" in prompt.text
        await pilot.press("backspace")
        await pilot.pause()
        assert prompt.text.endswith("99_")  # the reason goes with the next key
        await pilot.press("escape")


def _board_result(path: Path, board: int) -> object:
    """The result on ``board`` of the knockout's current round, as the file has it."""
    service = EventService(path, check=False)
    try:
        rnd = service.current_round(service.tournament("open-ko"))
        assert rnd is not None
        return next(g.result for g in service.store.games(rnd.id) if g.board == board)
    finally:
        service.close()


async def test_keys_queued_at_once_go_in_order_to_the_prompt_they_open(ko_file: Path) -> None:
    """One read of keys (as over SSH), posted together: « g12⏎0 » records 0-1 on 12."""
    app = ArbitreApp(ko_file)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key, char in [("g", "g"), ("1", "1"), ("2", "2"), ("enter", "\r"), ("0", "0")]:
            app.post_message(events.Key(key, char))
        await pause_until(pilot, lambda: _board_result(ko_file, 12) is not None, 30)
    service = EventService(ko_file)
    rnd = service.current_round(service.tournament("open-ko"))
    games = {g.board: g.result for g in service.store.games(rnd.id or 0)}  # type: ignore[union-attr]
    assert games[12] is not None and games[12].value == "0-1"
    assert games[1] is None


async def test_words_typed_keep_their_punctuation(tmp_path: Path) -> None:
    """A club's name, a reason, a note: « ( ) , ° / : » are typed as they are (the text
    prompts took only letters, digits and « -'. », so « n°3 » became « n3 » with a bell
    and « 1,5 0,5 » could not be typed in the play-off prompt that reads it)."""
    from arbitre_tui.operations.templates import create_from_template

    path = tmp_path / "cup.sqlite"
    create_from_template(path, "coupe-alsace").close()
    club = "Cercle d'Échecs (Wissembourg), n°2 / Nord : ÉCW"
    app = ArbitreApp(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p", *"engager une", "enter")
        await pilot.pause()
        for character in club:  # as the terminal sends them (Pilot has no « ° »)
            app.post_message(events.Key(character, character))
        await pilot.pause()
        assert f"{club}_" in bottom_line(app), bottom_line(app)
        await pilot.press("enter")
        await pilot.pause()
        assert bottom_line(app) == f"✓ Équipe engagée : {club} 1"


async def test_a_key_that_is_no_answer_cancels_the_question_says_so_and_does_nothing(
    ko_file: Path,
) -> None:
    """Issue 29: one rule for every prompt. The forfeit menu took `z` with a bell and
    stayed open; the jump prompt the same with a letter. Now the key cancels, the status
    line says which key, and the key is not acted on (`x` would ask to close the round)."""
    from arbitre_tui.faces.tui.prompts import ChoicePrompt, ConfirmPrompt

    before = EventService(ko_file).store.snapshot()
    app = ArbitreApp(ko_file)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f")
        await pilot.pause()
        assert isinstance(app.screen, ChoicePrompt)
        await pilot.press("x")
        await pilot.pause()
        assert not isinstance(app.screen, (ChoicePrompt, ConfirmPrompt))
        assert bottom_line(app).startswith("Annulé : « x » ne répond pas"), bottom_line(app)
        await pilot.press("g", "1", "x")
        await pilot.pause()
        assert not isinstance(app.screen, (BoardPrompt, ConfirmPrompt))
        assert "« x » ne répond pas" in bottom_line(app)
    assert EventService(ko_file).store.snapshot() == before


async def test_the_help_lists_every_question_and_its_keys(ko_file: Path) -> None:
    """`?` lists the questions (Départage, Forfait, Remplacer…) with their answers, and
    Tab as the next section."""
    from textual.widgets import Static

    app = ArbitreApp(ko_file)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        text = str(app.screen.query_one("#help-text", Static).content)
    assert "Les questions et leurs réponses" in text
    for words in ("Départage (Ronde d, K.O.)", "b Blancs absents", "Remplacer un résultat"):
        assert words in text, words
    assert "Tab  Section suivante" in text, text


# -- issue 29.5: a prompt that opens with a value, ctrl+u -----------------------------


def _address(path: Path) -> str:
    from arbitre_tui.publish.address import base_url

    service = EventService(path)
    try:
        return base_url(service)
    finally:
        service.close()


@pytest.mark.slow
async def test_the_qr_address_is_replaced_when_typed_over_and_ctrl_u_empties_any_prompt(
    demo_file: Path,
) -> None:
    """The QR address prompt opens with the current address, selected (reversed): the
    first character typed replaces it (it was added at its end: « http://…/h »); ⌫ first
    edits it (its last character); ctrl+u empties the line, in every prompt."""
    from arbitre_tui.faces.tui.prompts import AddressPrompt

    current = _address(demo_file)
    app = ArbitreApp(demo_file, tournament="open-a")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("q", "a")
        await pilot.pause()
        prompt = app.screen
        assert isinstance(prompt, AddressPrompt)
        assert bottom_line(app) == f"Adresse des QR codes : {current}_"
        line = prompt.typed()
        assert line.plain == f"{current}_"
        assert [(s.start, s.end, str(s.style)) for s in line.spans] == [
            (0, len(current), "reverse")
        ]  # shown selected
        assert "ctrl+u vide" in prompt.hint
        await pilot.press(*"http://resultats.example")
        assert bottom_line(app) == "Adresse des QR codes : http://resultats.example_"
        assert not prompt.typed().spans  # no longer selected
        await pilot.press("ctrl+u")  # the line empty
        assert bottom_line(app) == "Adresse des QR codes : _"
        await pilot.press(*"http://club.example/open", "enter")
        await pilot.pause()
        assert _address(demo_file) == "http://club.example/open"
        await pilot.press("a", "backspace", "backspace", *"ly", "enter")  # ⌫ edits it
        await pilot.pause()
        assert _address(demo_file) == "http://club.example/oply"
        # ctrl+u in a prompt that opens empty: « Aller à » 12, ctrl+u, 3 → board 3
        await pilot.press("r", "g", "1", "2", "ctrl+u", "3")
        assert bottom_line(app).endswith(" 3_"), bottom_line(app)


REFUSAL = ("Refusé : La ronde 3 n'est pas close : saisissez ses résultats puis", "clôturez-la.")


async def test_a_prompt_over_a_two_line_message_shows_both_lines(demo_file: Path) -> None:
    """Issue 29.5: a prompt covers the two bottom lines; over a message of two lines (a
    refusal at 80 columns) it showed the first and hid the second. Now the message shows
    whole above the question; a one-line message is covered whole, as before."""
    from tests.helpers.screen import screen_text

    app = ArbitreApp(demo_file, tournament="open-a")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r", "a")  # round 3 of the Open is not closed: two lines
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("g")
        await pilot.pause()
        bottom = [line.strip() for line in screen_text(app).splitlines()[-4:]]
        assert bottom == [
            *REFUSAL,
            "Aller à l'échiquier : _",
            "Entrée valide · ⌫ efface · ctrl+u vide · Échap annule",
        ], bottom
        await pilot.press("escape", "g")  # « Annulé » : one line, under the prompt
        await pilot.pause()
        bottom = [line.strip() for line in screen_text(app).splitlines()[-3:]]
        assert bottom[1:] == [
            "Aller à l'échiquier : _",
            "Entrée valide · ⌫ efface · ctrl+u vide · Échap annule",
        ], bottom
        assert "Annulé" not in bottom[0] and "Refusé" not in bottom[0], bottom


def test_a_prompt_over_a_two_line_message_in_a_real_terminal(demo_file: Path) -> None:
    """The same at 80×24 in tmux: both lines of the refusal, then the question."""
    from tests.helpers.procs import AppInTmux

    app = AppInTmux(demo_file, "--tournoi", "open-a")
    try:
        app.keys("r", "a")
        app.wait_screen(lambda s: REFUSAL[1] in s, what="the refusal")
        app.keys("g")
        screen = app.wait_screen(lambda s: "Aller à l'échiquier" in s, what="the prompt")
        bottom = [line.strip() for line in screen.rstrip("\n").splitlines()[-4:]]
        assert bottom[:3] == [*REFUSAL, "Aller à l'échiquier : _"], screen
    finally:
        app.close()
