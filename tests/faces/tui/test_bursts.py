"""Keys in one burst through the real terminal do what the same keys typed slowly do.

The real `arbitre open` runs in a pseudo-terminal at 80×24 (tests/helpers/pty_app.py).
Each sequence of issue 14's table, and every prompt, is written once in a single
``os.write`` (as keys typed quickly arrive over SSH) and once one key per write 0.3 s
apart, on two copies of the same file; the records are read back through the
operations layer after the app quit, and must be identical — and right.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from arbitre_tui.operations import EventService
from arbitre_tui.rules.models import Result
from tests.helpers.procs import wait_for
from tests.helpers.pty_app import BACKSPACE, ENTER, ESCAPE, PtyApp, each_mode


def records(path: Path) -> dict[str, Any]:
    """What the file holds that keys can change: results, deciders, players, incidents."""
    service = EventService(path)
    try:
        out: dict[str, Any] = {}
        for t in service.store.tournaments():
            assert t.id is not None
            rounds = service.store.rounds(t.id)
            out[t.key] = {
                "games": [
                    (r.number, g.board, str(g.result), str(g.decider))
                    for r in rounds
                    for g in service.store.games(r.id or 0)
                ],
                "players": [
                    (p.id, p.checked_in, p.withdrawn, p.excluded)
                    for p in service.store.players(t.id)
                ],
                "byes": service.store.bye_requests(t.id),
                "starts": [str(r.start_time) for r in rounds],
                "incidents": [
                    (i.game_id, i.player_id, str(i.kind)) for i in service.store.incidents(t.id)
                ],
            }
        return out
    finally:
        service.close()


def _changed(read: Callable[[], str], before: str) -> str | None:
    """What ``read`` gives once it is no longer ``before`` (nor empty)."""
    now = read()
    return now if now and now != before else None


def _keys(text: str) -> list[str]:
    """One key per character (Entrée, ⌫ and Échap are characters here too)."""
    return list(text)


def _both_ways(
    master: Path, tmp_path: Path, tournament: str, writes: list[str]
) -> tuple[dict[str, Any], dict[str, Any], Path]:
    """The same writes, slowly and in bursts, each on its own copy of ``master``."""

    def run(mode: str) -> tuple[dict[str, Any], Path]:
        path = tmp_path / f"{mode}.sqlite"
        shutil.copy(master, path)
        with PtyApp(path, tournament) as app:
            for write in writes:
                if mode == "slow":
                    app.slowly(_keys(write))
                else:
                    app.burst(_keys(write))
            assert app.quit() == 0
        return records(path), path

    (slow, _), (burst, burst_path) = each_mode(run)
    return slow, burst, burst_path


def _slowly_then_in_a_burst(
    master: Path, tmp_path: Path, tournament: str, keys: list[str]
) -> list[Path]:
    """The same keys (escape sequences kept whole), one per write and in one write, each
    on its own copy of ``master``: the two files (slow first), once the app has quit."""

    def run(mode: str) -> Path:
        path = tmp_path / f"{mode}.sqlite"
        shutil.copy(master, path)
        with PtyApp(path, tournament) as app:
            if mode == "slow":
                app.slowly(keys)
            else:
                app.burst(keys)
            assert app.quit() == 0
        return path

    return each_mode(run)


def _once(path: Path, done: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The records once ``done`` holds for them (bounded): the keys of a burst act while
    the test reads on, and a loaded machine takes its time."""

    def read() -> dict[str, Any] | None:
        recs = records(path)
        return recs if done(recs) else None

    result: dict[str, Any] = wait_for(read, 30, "the keys' effect")
    return result


def _game(recs: dict[str, Any], key: str, board: int) -> tuple[str, str]:
    last = max(g[0] for g in recs[key]["games"])
    return next((g[2], g[3]) for g in recs[key]["games"] if g[0] == last and g[1] == board)


@pytest.mark.slow
def test_knockout_round_keys(ko_master: Path, tmp_path: Path) -> None:
    """The knockout rows of the table, the ⌫ of « Aller à », the loss that asks first."""
    writes = [
        f"g12{ENTER}0",  # board 12: 0-1 (burst: was 1-0 on board 1, then 0-1)
        f"g1{BACKSPACE}7{ENTER}1",  # ⌫ in « Aller à » : board 7 (was 17), 1-0
        f"g6{ENTER}=d1",  # draw, then d: decider 1-0 (issue 29: no longer asked by itself)
        f"g2{ENTER}fb",  # forfeits (burst: b opened Tableau, n switched section…)
        f"g3{ENTER}fn",
        f"g4{ENTER}fd",
        f"g5{ENTER}fz{ESCAPE}",  # no such answer: z cancels (and does nothing), Échap too
        "iwww",  # three illegal moves on board 1: the third loses, asked first
        "x",  # another key cancels the question (and is no incident of Black's)
        "wo",  # asked again, « o »: the third and the loss are recorded
    ]
    slow, burst, _ = _both_ways(ko_master, tmp_path, "open-ko", writes)
    assert burst == slow
    assert _game(burst, "open-ko", 12) == (str(Result.BLACK_WINS), "None")
    assert _game(burst, "open-ko", 7) == (str(Result.WHITE_WINS), "None")
    assert _game(burst, "open-ko", 17) == ("None", "None")
    assert _game(burst, "open-ko", 1) == (str(Result.BLACK_WINS), "None")
    assert _game(burst, "open-ko", 6) == (str(Result.DRAW), str(Result.WHITE_WINS))
    assert _game(burst, "open-ko", 2)[0] == str(Result.BLACK_FORFEIT_WIN)
    assert _game(burst, "open-ko", 3)[0] == str(Result.WHITE_FORFEIT_WIN)
    assert _game(burst, "open-ko", 5) == ("None", "None")
    illegal = [i for i in burst["open-ko"]["incidents"] if i[2] == "illegal_move"]
    assert len(illegal) == 3  # the cancelled one is not written, nor an « x »


@pytest.mark.slow
def test_swiss_forfeit_then_next_section(demo_master: Path, tmp_path: Path) -> None:
    """Open B « fn » then Tab : the absence on Open B, then Open C shows; nothing on C
    (the next section was « n » before issue 29, which is « non » in every question)."""
    service = EventService(demo_master)
    t = service.tournament("open-b")
    rnd = service.current_round(t)
    assert rnd is not None
    board = next(
        g.board
        for g in service.store.games(rnd.id or 0)
        if g.result is None and g.black_id is not None
    )
    service.close()
    before = records(demo_master)
    slow, burst, _ = _both_ways(demo_master, tmp_path, "open-b", [f"g{board}{ENTER}fn\t"])
    assert burst == slow
    assert _game(burst, "open-b", board)[0] == str(Result.WHITE_FORFEIT_WIN)
    assert burst["open-c"] == before["open-c"]


@pytest.mark.slow
def test_players_prompts(demo_master: Path, tmp_path: Path) -> None:
    """Check-in search, a search matching nobody, a half-point bye, a confirmed withdrawal."""
    service = EventService(demo_master)
    players = service.store.players(service.tournament("u10").id or 0)
    service.close()
    target = sorted(players, key=lambda p: p.name)[3]
    prefix = target.surname.lower()[:5]
    writes = [
        f"j/{prefix}{ENTER}",  # checks that player in (burst: b Tableau, t theme, n …)
        f"barox{ENTER}{ESCAPE}",  # nobody: the bell, nobody checked in; Échap ends
        f"h3{ENTER}",  # half-point bye in round 3 for the row under the cursor (that player)
        "wn",  # withdraw asked, « n » : nothing
        "wo",  # withdraw asked, « o » : withdrawn
    ]
    slow, burst, _ = _both_ways(demo_master, tmp_path, "u10", writes)
    assert burst == slow
    state = {p[0]: p for p in burst["u10"]["players"]}
    assert state[target.id] == (target.id, True, True, False)
    assert sum(p[1] for p in burst["u10"]["players"]) == 1
    assert burst["u10"]["byes"] == {3: [target.id]}


DOWN = "\x1b[B"


@pytest.mark.slow
def test_results_typed_ahead_then_a_forfeit_at_normal_speed(
    ko_master: Path, tmp_path: Path
) -> None:
    """Issue 14: 63 results typed ahead while the app is busy, then `f`, `d` 0.3 s apart:
    the `d` was lost. Every result is on its board, and the last board is a double
    forfeit. (The 126 keys are not also sent slowly: 38 s; the records are checked.)"""
    path = tmp_path / "ahead.sqlite"
    shutil.copy(ko_master, path)
    with PtyApp(path, "open-ko") as app:
        app.burst(["1"] * 63)  # one key a board: the selection moves on (issue 49.7)
        app.slowly(["f", "d"])
        assert app.quit() == 0
    recs = records(path)
    for board in range(1, 64):
        assert _game(recs, "open-ko", board) == (str(Result.WHITE_WINS), "None"), board
    assert _game(recs, "open-ko", 64)[0] == str(Result.DOUBLE_FORFEIT)


@pytest.mark.slow
def test_settings_screen_keys(ko_master: Path, tmp_path: Path) -> None:
    """`,` opens Réglages; ↓ ↓ Entrée edits lateness_minutes; the keys typed next are the
    prompt's (⌫ 7 Entrée), then Échap closes: the same in one burst as typed slowly."""
    from arbitre_tui.rules.settings import section_settings

    down = "\x1b[B"
    keys = [",", down, down, ENTER, BACKSPACE, "7", ENTER, ESCAPE]
    values = []
    for path in _slowly_then_in_a_burst(ko_master, tmp_path, "open-ko", keys):
        service = EventService(path)
        values.append(section_settings(service.tournament("open-ko")).lateness_minutes)
        service.close()
    assert values == [7, 7]  # was 5 (000)


@pytest.mark.slow
def test_escape_then_a_key_in_one_read(ko_master: Path, tmp_path: Path) -> None:
    """Échap then a key typed fast arrive in one read, which the terminal names alt+key
    (« \\x1bg »): they are the two keys typed — the prompt closes, the key acts (found by
    the soak: the jump prompt stayed open and swallowed the next keys)."""
    writes = [
        f"g99{ENTER}",  # no board 99: the prompt stays, says why
        f"{ESCAPE}g3{ENTER}1",  # Échap g — board 3: 1-0
        f"g4{ENTER}f{ESCAPE}0",  # forfeit menu closed by Échap, then 0: board 4, 0-1
    ]
    slow, burst, _ = _both_ways(ko_master, tmp_path, "open-ko", writes)
    assert burst == slow
    assert _game(burst, "open-ko", 3) == (str(Result.WHITE_WINS), "None")
    assert _game(burst, "open-ko", 4) == (str(Result.BLACK_WINS), "None")


@pytest.mark.slow
def test_a_cup_match_opens_before_the_keys_typed_after_entree(tmp_path: Path) -> None:
    """Coupe: Entrée opens the match, and the keys typed right after are the match's
    (found by the campaign: the table's own Entrée opened it later, so « ⏎ i v … » changed
    pane, opened the QR address prompt and saved what followed as the address)."""
    from arbitre_tui.operations import cup
    from arbitre_tui.operations.templates import create_from_template

    master = tmp_path / "cup.sqlite"
    service = create_from_template(master, "coupe-alsace")
    t = cup.cup_of(service, None)
    cup.draw(service, None, seed=10)
    drawn = cup.matches(service, t, 1)
    row, m = next((i, x) for i, x in enumerate(drawn) if x.away_team_id)
    service.close()
    # k: Coupe; the cursor on the match; Entrée; espace v: its home line-up, one player
    keys = ["k", *[DOWN] * row, ENTER, " ", "v"]
    for path in _slowly_then_in_a_burst(master, tmp_path, "coupe", keys):
        service = EventService(path)
        try:
            after = next(x for x in cup.matches(service, t, 1) if x.id == m.id)
        finally:
            service.close()
        assert after.lineup_home is not None and len(after.lineup_home) == 1, path.stem


@pytest.mark.slow
def test_escape_then_any_key_in_one_read(ko_master: Path, tmp_path: Path) -> None:
    """Échap then a key that is not a letter or a digit, in one read: Textual's parser
    dropped the Échap (« \\x1b! » is « ! », « \\x1b » « espace » is « espace ») or read
    the two as another key (« \\x1bf » is ctrl+→, « \\x1bb » ctrl+←): the prompt stayed
    open and took the keys meant for the pane (found by the campaign)."""
    writes = [
        f"g3{ENTER}1",  # board 3: 1-0, the selection then on board 4 (issue 49.7)
        f"g{ESCAPE}\x1a",  # the jump prompt closed, then ctrl+z: board 3's 1-0 undone
        f"g{ESCAPE}fb",  # closed, then the forfeit menu on board 4: White absent
        f"iwww{ESCAPE}!bo",  # board 1's loss asked, Échap; disrespect of White, confirmed
        f"j/bar{ESCAPE} ",  # the check-in by name closed, then espace: the first row
    ]
    slow, burst, _ = _both_ways(ko_master, tmp_path, "open-ko", writes)
    assert burst == slow
    assert _game(burst, "open-ko", 4)[0] == str(Result.BLACK_FORFEIT_WIN)
    incidents = [i[2] for i in burst["open-ko"]["incidents"]]
    assert incidents.count("illegal_move") == 2 and incidents.count("disrespect") == 1


# -- issue 29: a key answers only the question on screen ------------------------------


def _boards(path: Path, key: str) -> tuple[list[int], list[int]]:
    """The current round's boards of section ``key`` with a result, and those without."""
    service = EventService(path)
    try:
        rnd = service.current_round(service.tournament(key))
        assert rnd is not None
        games = [g for g in service.store.games(rnd.id or 0) if g.black_id is not None]
        return [g.board for g in games if g.result], [g.board for g in games if not g.result]
    finally:
        service.close()


def test_a_replace_question_answered_nn_keeps_the_section(
    demo_master: Path, tmp_path: Path
) -> None:
    """Issue 29: « nn » to « déjà 1-0 — remplacer ? » moved the station to Open C (`n` was
    also « section suivante ») and the next « g7⏎= » went into Open C. In one write, the
    question is answered « non », the second `n` does nothing, and the draw lands on the
    board of the section on screen."""
    path = tmp_path / "nn.sqlite"
    shutil.copy(demo_master, path)
    _done, empty = _boards(path, "open-b")
    service = EventService(path)
    service.record_result("open-b", empty[0], Result.WHITE_WINS)  # the other station's
    service.close()
    done, empty = _boards(path, "open-b")
    before = records(path)
    played = _game(before, "open-b", done[0])[0]
    other = "0" if played != str(Result.BLACK_WINS) else "1"
    with PtyApp(path, "open-b") as app:
        app.burst(_keys(f"g{done[0]}{ENTER}{other}nng{empty[0]}{ENTER}="))
        assert app.quit() == 0
    after = records(path)
    assert _game(after, "open-b", done[0])[0] == played  # « n »: kept
    assert _game(after, "open-b", empty[0])[0] == str(Result.DRAW)  # in Open B
    for key in after:
        if key != "open-b":
            assert after[key] == before[key], key  # nothing anywhere else
    changed = [g for g in after["open-b"]["games"] if g not in before["open-b"]["games"]]
    assert len(changed) == 1, changed


@pytest.mark.slow
def test_a_knockout_draw_leaves_its_decider_to_enter_and_the_next_board_gets_its_result(
    ko_master: Path, tmp_path: Path
) -> None:
    """Issue 29: after `=` the Armageddon question ignored other keys and took the next
    board's digit: « g17⏎= » then « g18⏎1 » recorded board 17's decider as 1-0 and left
    18 empty. Now the draw is on 17 with its decider still to enter, 18 is 1-0; `d` on 17
    then enters the decider, and a key that is not an answer cancels that question."""
    path = tmp_path / "ko.sqlite"
    shutil.copy(ko_master, path)
    with PtyApp(path, "open-ko") as app:
        app.burst(_keys(f"g17{ENTER}=g18{ENTER}1"))
        # read once the burst's last key has acted (the app drawing nothing for a moment
        # under load does not mean it is done: the file was read too early in a loaded run)
        mid = _once(path, lambda r: _game(r, "open-ko", 18)[0] != "None")
        # d asks; x is no answer: it cancels, and does not ask to close the round (which
        # would take the g): 19 is 0-1
        app.burst(_keys(f"g17{ENTER}dxg19{ENTER}0"))
        between = _once(path, lambda r: _game(r, "open-ko", 19)[0] != "None")
        app.burst(_keys(f"g17{ENTER}d="))  # the Armageddon drawn: Black qualifies
        assert app.quit() == 0
    assert _game(mid, "open-ko", 17) == (str(Result.DRAW), "None")
    assert _game(mid, "open-ko", 18) == (str(Result.WHITE_WINS), "None")
    assert _game(between, "open-ko", 17) == (str(Result.DRAW), "None")
    assert _game(between, "open-ko", 19) == (str(Result.BLACK_WINS), "None")
    final = records(path)
    assert _game(final, "open-ko", 17) == (str(Result.DRAW), str(Result.DRAW))


# -- issue 29.5: « Échap » then « [ » or « O », what begins the terminal's own sequences --

UP, SS3_DOWN, F1, F5 = "\x1b[A", "\x1bOB", "\x1bOP", "\x1b[15~"


@pytest.mark.slow
def test_escape_then_a_bracket_or_o_in_one_read_cancels(ko_master: Path, tmp_path: Path) -> None:
    """« Échap [ » and « Échap O » typed together begin what a terminal's own keys send
    (CSI, SS3: « \\x1b[A » is ↑, « \\x1bOP » F1): still Échap then that key — the prompt
    closes, nothing is swallowed or hangs; an arrow or an F-key sent whole is still that
    key. Each key in its own write, then all in one write: the same records."""
    keys = [
        *["g", "\x1b["],  # the jump prompt closed (« [ » does nothing on the pane)
        *["g", "3", ENTER, "1"],  # board 3: 1-0
        *["g", "\x1bO"],  # closed; « O » : confirm the proposals (there are none)
        *["g", "5", ENTER, "0"],  # board 5: 0-1
        *["g", "\x1b[", DOWN, "1"],  # closed, ↓: board 6, 1-0
        *[SS3_DOWN, SS3_DOWN, "0"],  # ↓ ↓ as SS3 (application cursor keys): board 8, 0-1
        *[UP, F5, F1, "0"],  # ↑: board 7; F5 and F1 do nothing; 0-1
    ]
    # the selection stays where the keys put it (the arrows are what is tested here):
    # the move to the next board after a result (issue 49.7) is turned off
    master = tmp_path / "stay.sqlite"
    shutil.copy(ko_master, master)
    service = EventService(master)
    service.update_event_settings({"next_board_after_result": False})
    service.close()
    recs = []
    for path in _slowly_then_in_a_burst(master, tmp_path, "open-ko", keys):
        recs.append(records(path))
        got = {board: _game(recs[-1], "open-ko", board)[0] for board in range(1, 10)}
        assert got == {
            1: "None",
            2: "None",
            3: str(Result.WHITE_WINS),
            4: "None",
            5: str(Result.BLACK_WINS),
            6: str(Result.WHITE_WINS),
            7: str(Result.BLACK_WINS),
            8: str(Result.BLACK_WINS),
            9: "None",
        }, path.stem
    assert recs[0] == recs[1]


@pytest.mark.slow
def test_escape_then_a_bracket_closes_a_text_prompt(ko_master: Path, tmp_path: Path) -> None:
    """In a prompt that takes any character (the check-in by name), « Échap [ » closes it
    rather than typing « [ »; followed at once by ↓ (« \\x1b[\\x1b[B »), Textual's parser
    turned that Échap into « ^ »: the search stayed open, ↓ cancelled it and espace
    checked in the first row instead of the second."""
    keys = ["j", "/", "\x1b[", DOWN, " "]
    checked = []
    for path in _slowly_then_in_a_burst(ko_master, tmp_path, "open-ko", keys):
        players = records(path)["open-ko"]["players"]
        checked.append([p[0] for p in players if p[1]])
    assert len(checked[0]) == 1, checked  # one at a time: Échap, [, ↓, espace
    assert checked[1] == checked[0], checked


CTRL_U = "\x15"


@pytest.mark.slow
def test_the_qr_address_typed_over_in_one_write(demo_master: Path, tmp_path: Path) -> None:
    """Issue 29.5: the QR address prompt opens with the current address; typed over in one
    write, it is replaced (the keys were added at its end); ⌫ first edits it; ctrl+u
    empties the line."""
    from arbitre_tui.publish.address import base_url

    def address() -> str:
        service = EventService(path)
        try:
            return base_url(service)
        finally:
            service.close()

    path = tmp_path / "qr.sqlite"
    shutil.copy(demo_master, path)
    seen: list[str] = []
    address_at_start = address()
    with PtyApp(path, "open-a") as app:
        for write in (
            f"qahttp://resultats.example/open{ENTER}",  # replaced
            f"a{BACKSPACE}{BACKSPACE}ly{ENTER}",  # edited: « …/oply »
            f"aabc{CTRL_U}http://club.example{ENTER}",  # typed, emptied, typed
        ):
            app.burst(_keys(write))
            # once the write's Entrée has saved something new (each write changes it)
            before = seen[-1] if seen else address_at_start
            seen.append(wait_for(partial(_changed, address, before), 30, "saved"))
        assert app.quit() == 0
    assert seen == [
        "http://resultats.example/open",
        "http://resultats.example/oply",
        "http://club.example",
    ]
