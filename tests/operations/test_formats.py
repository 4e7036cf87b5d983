"""The format registry: one format a system, asked what it does, and nothing above the
operations asking which system a tournament is."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from arbitre_tui.operations import EventService, OperationError
from arbitre_tui.operations.formats import FORMATS, Format, format_of
from arbitre_tui.operations.templates import create_from_template
from arbitre_tui.rules.models import System

from ..conftest import ROOT
from ..helpers.cli import arbitre

SRC = ROOT / "src" / "arbitre_tui"
ABOVE_OPERATIONS = ("faces", "publish", "views")
# Left to move, each with the work that removes it (the list may only shrink).
PENDING: dict[str, str] = {}


def _asks_the_system(path: Path) -> list[int]:
    """Lines where a module compares something with a ``System`` member."""
    lines = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "System"
            and node.attr.isupper()
        ):
            lines.append(node.lineno)
    return lines


def test_every_system_has_its_format() -> None:
    assert set(FORMATS) == set(System)
    for system in System:
        fmt = FORMATS[system]
        assert isinstance(fmt.label, str) and fmt.label
        for attribute in Format.__annotations__:
            assert hasattr(fmt, attribute), (system, attribute)
    assert FORMATS[System.KNOCKOUT].has_bracket and FORMATS[System.TEAM_CUP].by_teams
    assert FORMATS[System.SWISS].explains_pairings
    assert FORMATS[System.ROUND_ROBIN].round_robin_tiebreaks


def test_nothing_above_the_operations_asks_which_system_a_tournament_is() -> None:
    asking: dict[str, list[int]] = {}
    for layer in ABOVE_OPERATIONS:
        for path in sorted((SRC / layer).rglob("*.py")):
            lines = _asks_the_system(path)
            if lines:
                asking[str(path.relative_to(SRC))] = lines
    unexpected = {name: lines for name, lines in asking.items() if name not in PENDING}
    assert not unexpected, f"ask the format (operations/formats) instead: {unexpected}"
    done = set(PENDING) - set(asking)
    assert not done, f"no longer asking the system: remove from PENDING {done}"


def test_an_absence_excludes_where_the_format_says_so(tmp_path: Path) -> None:
    """002 (Swiss): the absentee is excluded from later rounds; a round robin: not."""
    service = create_from_template(tmp_path / "m.sqlite", "marina-viva")
    for p in service.store.players(service.tournament("open-c").id or 0):
        service.check_in(p.id or 0)
    t = service.tournament("open-c")
    assert format_of(t).absence_excludes(t)
    service.pair_round("open-c", seed=1)
    done = service.forfeit("open-c", 1, "white")
    assert done.excluded == [done.game.white_id]
    assert service.store.player(done.game.white_id).excluded  # type: ignore[union-attr]
    kept = service.forfeit("open-c", 2, "black", keep=True)
    assert kept.excluded == []
    assert not service.store.player(kept.game.black_id or 0).excluded  # type: ignore[union-attr]


def test_the_command_line_records_an_absence_the_same_way_in_every_format(
    rr: EventService, tmp_path: Path
) -> None:
    rr.pair_round("rr", seed=1)
    path = rr.path
    rr.close()
    out = arbitre("absent", str(path), "1", "white")
    assert out.returncode == 0, out.stderr
    # the board with its players (issue 49.4: was « Échiquier 1 : −/+ (forfait) enregistré. »)
    assert re.fullmatch(
        r"Échiquier 1 : −/\+ — \S.* – \S.* \(forfait\) : enregistré\.", out.stdout.strip()
    )
    assert "exclu" not in out.stdout  # a round robin excludes nobody


def test_a_cup_is_drawn_not_paired(tmp_path: Path) -> None:
    service = create_from_template(tmp_path / "cup.sqlite", "coupe-alsace")
    with pytest.raises(OperationError, match="se tirent au sort"):
        service.pair_round(service.store.tournaments()[0].key)


def _imports_at_run_time(path: Path) -> set[str]:
    """Modules a file imports when it runs (not those under ``if TYPE_CHECKING``)."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and getattr(child.test, "id", "") == "TYPE_CHECKING":
                continue
            if isinstance(child, ast.ImportFrom):
                found.add("." * child.level + (child.module or ""))
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return found


@pytest.mark.parametrize("name", ["swiss", "knockout", "cup", "standings", "engines"])
def test_format_operations_do_not_import_the_event_service_back(name: str) -> None:
    """The 5-file cycle (event ⇄ swiss, knockout, cup, standings) is gone: they receive
    the service, they do not import it."""
    assert ".event" not in _imports_at_run_time(SRC / "operations" / f"{name}.py")
    for path in (SRC / "operations" / "formats").glob("*.py"):
        assert "..event" not in _imports_at_run_time(path), path.name


def test_a_knockout_refuses_a_half_point_bye(ko_file: Path) -> None:
    """000: a knockout has no ½-point bye on request (issue 16); refused, nothing written."""
    service = EventService(ko_file)
    player = service.store.players(service.tournament("open-ko").id or 0)[0]
    before = service.store.snapshot()
    service.close()
    out = arbitre("bye", str(ko_file), str(player.id), "2")
    assert out.returncode == 2, out.stdout
    assert "pas de bye ½ point sur demande" in out.stderr and "Traceback" not in out.stderr
    assert EventService(ko_file).store.snapshot() == before
