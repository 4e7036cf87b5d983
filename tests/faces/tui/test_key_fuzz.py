"""No key sequence crashes the app (issue 53.1).

Random bursts of the app's own keys — every key bound anywhere in the app, and the keys a
prompt answers — at 80×24, 40×12 and 200×60, several seeds. Each burst arrives at once,
as keys typed quickly arrive over SSH: through Pilot, every key of a burst is posted
before the app reads the first; through a real terminal, the real `arbitre open` in tmux
gets each burst in one ``send-keys``. A crash (the app's guard, « Erreur inattendue »)
fails the test with the seed and the keys that led there.

``ARBITRE_FUZZ_SEEDS=N`` runs N seeds instead of the suite's two, ``ARBITRE_FUZZ_KEYS=K``
K keys a seed and size instead of 400 through Pilot and 600 through tmux (6 000 keys in
all: Pilot's, which wait for nothing, cost most of the CPU).
"""

from __future__ import annotations

import importlib
import inspect
import os
import pkgutil
import random
import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual import events
from textual.binding import Binding

import arbitre_tui.faces.tui as tui_package
from arbitre_tui.faces.tui.app import ArbitreApp
from arbitre_tui.operations import EventService

from ...helpers.procs import AppInTmux, free_port, wait_for

SIZES = [(80, 24), (40, 12), (200, 60)]
SEEDS = list(range(int(os.environ.get("ARBITRE_FUZZ_SEEDS", "2"))))
PILOT_KEYS = int(os.environ.get("ARBITRE_FUZZ_KEYS", "400"))
TERMINAL_KEYS = int(os.environ.get("ARBITRE_FUZZ_KEYS", "600"))
QUIT = {"ctrl+q", "ctrl+c"}  # the only keys that end the app on purpose
# what a prompt answers besides the bound keys: figures, a name, its own keys
TYPED = list("0123456789abcdefghijklmnopqrstuvwxyzéABCDEFGHIJ=+-/:.,' ")
PROMPT_KEYS = ["enter", "escape", "backspace", "ctrl+u", "tab", "shift+tab", "up", "down"]


def _modules() -> Iterator[object]:
    for info in pkgutil.walk_packages(tui_package.__path__, tui_package.__name__ + "."):
        yield importlib.import_module(info.name)


def bound_keys() -> list[str]:
    """Every key bound by a class of the app's face (panes, screens, prompts, the app)."""
    keys: set[str] = set()
    for module in _modules():
        for _name, cls in inspect.getmembers(module, inspect.isclass):
            for binding in getattr(cls, "BINDINGS", None) or []:
                key = binding.key if isinstance(binding, Binding) else binding[0]
                keys.update(k.strip() for k in key.split(","))
    return sorted(keys - QUIT)


KEYS = bound_keys()


def _pool() -> list[str]:
    return KEYS + TYPED + PROMPT_KEYS * 3


_NAMES = {
    " ": "space",
    "=": "equals_sign",
    "+": "plus",
    "-": "minus",
    "/": "slash",
    ":": "colon",
    ".": "full_stop",
    ",": "comma",
    "'": "apostrophe",
    "?": "question_mark",
}
_CHARS = {"enter": "\r", "escape": "\x1b", "tab": "\t", "backspace": "\x7f", "space": " "}


def key_event(key: str) -> events.Key:
    """The event the terminal driver posts for a key typed."""
    if len(key) == 1:
        return events.Key(_NAMES.get(key, key), key)
    if key in {v for v in _NAMES.values()}:
        char = next(c for c, n in _NAMES.items() if n == key)
        return events.Key(key, char)
    return events.Key(key, _CHARS.get(key))


def bursts(seed: int, total: int) -> Iterator[list[str]]:
    rnd = random.Random(seed)
    pool = _pool()
    sent = 0
    while sent < total:
        burst = [rnd.choice(pool) for _ in range(rnd.randint(1, 40))]
        sent += len(burst)
        yield burst


def _on_loopback(path: Path) -> None:
    """The results server a random `w` starts listens on this machine only, on a free port."""
    service = EventService(path)
    try:
        service.update_event_settings({"base_url": f"http://127.0.0.1:{free_port()}"})
    finally:
        service.close()


@pytest.fixture
def fuzz_file(demo_file: Path) -> Path:
    _on_loopback(demo_file)
    return demo_file


@pytest.mark.slow
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_random_bursts_through_pilot(
    fuzz_file: Path, tmp_path: Path, size: tuple[int, int], seed: int
) -> None:
    path = tmp_path / "fuzz.sqlite"
    shutil.copy(fuzz_file, path)
    app = ArbitreApp(path)
    sent: list[str] = []
    rnd = random.Random(seed * 7919)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for burst in bursts(seed * 1000 + size[0], PILOT_KEYS):
            for key in burst:
                app.post_message(key_event(key))
            sent.extend(burst)
            await pilot.pause(rnd.choice([0, 0, 0.01, 0.05]))
            assert app._exception is None, (seed, size, sent[-60:])
            assert app.is_running, ("l'application s'est fermée", seed, size, sent[-60:])
        await pilot.pause(0.2)
        assert app._exception is None, (seed, size, sent[-60:])


# the bytes an xterm sends for the named keys
_BYTES = {
    "enter": b"\r",
    "escape": b"\x1b",
    "tab": b"\t",
    "shift+tab": b"\x1b[Z",
    "up": b"\x1b[A",
    "down": b"\x1b[B",
    "right": b"\x1b[C",
    "left": b"\x1b[D",
    "backspace": b"\x7f",
    "space": b" ",
    "delete": b"\x1b[3~",
    "pageup": b"\x1b[5~",
    "pagedown": b"\x1b[6~",
    "home": b"\x1b[H",
    "end": b"\x1b[F",
}


def key_bytes(key: str) -> bytes:
    """What the terminal receives for ``key`` (nothing for a key it has no bytes for here)."""
    if key in _BYTES:
        return _BYTES[key]
    if m := re.fullmatch(r"ctrl\+([a-z])", key):
        return bytes([ord(m.group(1)) - 96])
    if len(key) == 1:
        return key.encode()
    if key in _NAMES.values():
        return next(c for c, n in _NAMES.items() if n == key).encode()
    return b""


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_random_bursts_through_a_real_terminal(
    fuzz_file: Path, tmp_path: Path, size: tuple[int, int]
) -> None:
    path = tmp_path / "fuzz.sqlite"
    shutil.copy(fuzz_file, path)
    # at 40×12 the footer has no room for « Touches »: the title bar says it is drawn
    app = AppInTmux(path, width=size[0], height=size[1], ready=lambda s: "♞" in s)
    sent: list[str] = []
    try:
        for seed in SEEDS:
            for burst in bursts(seed * 1000 + size[0] + 1, TERMINAL_KEYS):
                app.write(b"".join(key_bytes(key) for key in burst))
                sent.extend(burst)
                time.sleep(0.02)  # the next burst comes as the next read, not a wait for a state
                screen = app.screen()
                assert "Erreur inattendue" not in screen, (seed, size, sent[-60:], screen)
                assert app.alive(), (seed, size, sent[-60:], screen)
        # every key read and drawn: the screen stops changing, and shows no crash
        last = [""]

        def settled() -> bool:
            before, last[0] = last[0], app.screen()
            return before == last[0]

        wait_for(settled, 60, "the app to read every key")
        assert "Erreur inattendue" not in last[0], (size, sent[-60:], last[0])
        assert app.alive(), (size, sent[-60:], last[0])
    finally:
        app.close()


@pytest.mark.parametrize("opener", [",", "E"], ids=["reglages", "evenement"])
async def test_a_screen_closed_in_the_burst_that_opened_it(fuzz_file: Path, opener: str) -> None:
    """« 1 , Échap ↓ » in one burst on a board without a result: the result is saved, the
    settings (or the event screen) open, Échap closes them once built, ↓ moves on the
    board list — it killed the app 5 times out of 5 (NoMatches in their on_mount)."""
    app = ArbitreApp(fuzz_file, tournament="open-ko")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g", "1", "7", "enter")
        await pilot.pause()
        for key in ["1", opener, "escape", "down"]:
            app.post_message(key_event(key))
        await pilot.pause(0.3)
        await pilot.pause()
        assert app._exception is None
        assert app.screen.id == "_default", app.screen  # the screen opened is closed
    service = EventService(fuzz_file)
    try:
        t = service.tournament("open-ko")
        last = service.store.rounds(t.id)[-1]
        board = {g.board: g for g in service.store.games(last.id)}[17]
        assert str(board.result) == "1-0"
    finally:
        service.close()


def test_a_screen_closed_in_the_burst_that_opened_it_in_a_terminal(fuzz_file: Path) -> None:
    """The same burst through tmux, as it arrives over SSH: the app lives, the result is in."""
    app = AppInTmux(fuzz_file, "--tournoi", "open-ko")
    try:
        app.keys("g", "1", "7", "Enter")
        app.wait_screen(lambda s: "Aller" not in s.splitlines()[-2], 15, "the jump")
        app.write(b"1,\x1b\x1b[B")  # 1 , Échap ↓ in one write
        last = [""]

        def settled() -> bool:
            before, last[0] = last[0], app.screen()
            saved = "Échiquier 17 : 1-0 — enregistré" in last[0] and before == last[0]
            return saved or "Erreur" in last[0]

        wait_for(settled, 30, "the result saved")
        assert "Erreur inattendue" not in last[0], last[0]
        assert app.alive()
    finally:
        app.close()
