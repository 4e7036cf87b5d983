from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from arbitre_tui.operations import EventService
from arbitre_tui.operations.templates import create_demo
from arbitre_tui.publish import address
from arbitre_tui.rules.models import Player, System, TimeControl, Tournament

from .helpers.procs import Station

# pytest keeps each test module's rewritten asserts beside it (__pycache__) and reads them back
# when up to date — but only where bytecode may be written, which PYTHONDONTWRITEBYTECODE (set
# in this workplace) forbids: each worker then rewrote every module on every run, 3 of the 5.7 s
# it took to collect (28.6). Allowed again for the tests' own processes (pytest writes each file
# atomically: workers writing at once are safe); the first run writes, the next ones read.
sys.dont_write_bytecode = False

ROOT = Path(__file__).resolve().parents[1]
# The reference vectors, vendored from ../shared (read-only there): a clone alone runs them.
VECTORS = ROOT / "tests" / "vectors"


# The machine's interfaces as a Pi on the venue Wi-Fi has them: what the app shows does not
# depend on the machine the tests run on (tests/faces/web/test_venue.py reads the real ones).
VENUE = [address.Interface("lo", "127.0.0.1"), address.Interface("wlan0", "192.168.1.20")]
REAL_ADDRESSES = address.machine_addresses


@pytest.fixture(autouse=True)
def venue_network(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(address, "machine_addresses", lambda: list(VENUE))


@pytest.fixture(scope="session")
def demo_master(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("demo") / "demo.sqlite"
    create_demo(path).close()
    return path


@pytest.fixture
def demo_file(demo_master: Path, tmp_path: Path) -> Path:
    """A private copy of the demo event (the WAL is checkpointed at close)."""
    from .helpers.events import copy_event  # it imports this module: not at the top

    return copy_event(demo_master, tmp_path / "demo.sqlite")


def make_round_robin(path: Path, players: int = 6, key: str = "rr") -> EventService:
    service = EventService(path, create=True)
    service.create_event("Test", "Ville")
    tc = TimeControl(base_minutes=25)
    service.add_tournament(
        Tournament(
            key=key,
            name="Toutes rondes",
            system=System.ROUND_ROBIN,
            rounds_planned=players - 1 + players % 2,
            tiebreaks=["SB"],
            time_controls={n: tc for n in range(1, players + 1)},
        )
    )
    for i in range(players):
        service.register_player(
            key,
            Player(
                surname=f"Joueur{i:02d}",
                first_name="A",
                rating_fide=2000 - 10 * i,
                phone=f"06000000{i:02d}",
            ),
        )
    return service


@pytest.fixture
def rr(tmp_path: Path) -> Iterator[EventService]:
    service = make_round_robin(tmp_path / "rr.sqlite")
    yield service
    service.close()


@pytest.fixture(scope="session")
def ko_master(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The open-ko template, registration closed, round 1 paired (seed 21), no result."""
    from arbitre_tui.operations import knockout
    from arbitre_tui.operations.templates import create_from_template

    path = tmp_path_factory.mktemp("ko") / "ko.sqlite"
    service = create_from_template(path, "open-ko")
    knockout.close_registration(service, "open-ko")
    service.pair_round("open-ko", seed=21)
    service.close()
    return path


@pytest.fixture
def ko_file(ko_master: Path, tmp_path: Path) -> Path:
    """A private copy of ``ko_master``."""
    from .helpers.events import copy_event

    return copy_event(ko_master, tmp_path / "ko.sqlite")


# -- issue 13: stations on one file ----------------------------------------------------------
@pytest.fixture(scope="module")
def rr_master(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A round robin of 8 players, round 1 paired (copied by each test that writes to it)."""
    from .helpers.events import round_robin_paired

    return round_robin_paired(tmp_path_factory.mktemp("rr") / "rr.sqlite", 8)


@pytest.fixture
def rr_file(rr_master: Path, tmp_path: Path) -> Path:
    """A private copy of ``rr_master``, for a test that writes to it."""
    from .helpers.events import copy_event

    return copy_event(rr_master, tmp_path / "f.sqlite")


@pytest.fixture
def stations() -> Iterator[list[Station]]:
    """Station processes a test starts; all killed at its end."""
    started: list[Station] = []
    yield started
    for s in started:
        s.kill()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests marked slow first: started last, the soak alone would make the run's tail.

    With xdist's work stealing (pyproject.toml) they all go to one worker, whose waits the
    other workers fill. Shared among the workers (among all, or half of them) instead, on 2
    cores with 4 workers, the cores stayed idle longer at the start: 323 and 317 s against
    311 s (issue 28.6)."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """Workers by default, as the README's command runs the suite: two per core (below),
    an idle one taking half of the busiest one's queue (``--dist worksteal``: with the
    default « load » one worker kept 398 s of tests while the others ran 281 s; 28.6).
    Set here rather than in pyproject's addopts, where ``-n`` made ``pytest -p no:xdist``
    stop on an unknown option (issue 54.5); ``-n 0`` or ``-p no:xdist`` run in one
    process. Before xdist's own hook (a conftest registers after it: called first)."""
    option = config.option
    if not config.pluginmanager.has_plugin("xdist") or hasattr(config, "workerinput"):
        return
    if getattr(option, "numprocesses", 0) is None:
        option.numprocesses = "auto"
        if getattr(option, "dist", "no") == "no":
            option.dist = "worksteal"


@pytest.hookimpl(optionalhook=True)  # xdist's: unknown to pytest without it (-p no:xdist)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: twice the cores (at most four more). Many tests wait on another process
    (a station, the server, the app in a terminal): the extra workers compute meanwhile. On
    2 cores the whole suite took 579 s with 2 workers, 517 s with 3; with workers stealing
    work (pyproject.toml), 343–346 s with 3 (104–109 s of the cores idle) and 313–315 s
    with 4 (18–29 s idle) (issue 28.6)."""
    import os

    cores = os.cpu_count() or 1
    return cores + min(cores, 4)


def pytest_configure(config: pytest.Config) -> None:
    """Compile the sources once, before the workers start. The suite starts hundreds of
    processes (the command line, stations, the app in a terminal, the server); where
    PYTHONDONTWRITEBYTECODE is set (this workplace sets it) no process leaves its bytecode
    behind, so each one compiled every module it imported again: ``arbitre result`` took
    0.170 s of CPU instead of 0.092. pip compiles an installed package the same way; an
    editable install is not compiled. Up-to-date files are skipped (issue 28.6)."""
    if hasattr(config, "workerinput"):  # an xdist worker: the controller did it
        return
    import compileall

    for folder in (ROOT / "src", ROOT / "tests" / "helpers"):
        compileall.compile_dir(folder, quiet=2, workers=0)
