"""No import cycle in the house (issue 28.2): grimp, import-linter's own graph builder,
read on the installed package.

Not at run time: a module that imports another never comes back to itself. Nor for the
type checker (issue 54.4): the imports under ``if TYPE_CHECKING:`` count too. The app's
palette commands and screens named ``ArbitreApp`` there, while the app imports them; they
name the ``Host`` protocol (faces/tui/host.py) instead. The operations' cycle went with the
typed event context (issue 28.1): an operation names ``EventContext``, which calls none of
them."""

from __future__ import annotations

import grimp
import pytest

PACKAGE = "arbitre_tui"


def graph_of(exclude_type_checking: bool) -> grimp.ImportGraph:
    return grimp.build_graph(
        PACKAGE, exclude_type_checking_imports=exclude_type_checking, cache_dir=None
    )


def in_cycles(graph: grimp.ImportGraph) -> dict[str, set[str]]:
    """Each module on a cycle, with the modules it imports along one."""
    found: dict[str, set[str]] = {}
    for importer in graph.modules:
        for imported in graph.find_modules_directly_imported_by(importer):
            if imported != importer and graph.chain_exists(importer=imported, imported=importer):
                short = importer.removeprefix(f"{PACKAGE}.")
                found.setdefault(short, set()).add(imported.removeprefix(f"{PACKAGE}."))
    return found


@pytest.fixture(scope="module")
def run_time() -> grimp.ImportGraph:
    return graph_of(exclude_type_checking=True)


@pytest.fixture(scope="module")
def typed() -> grimp.ImportGraph:
    return graph_of(exclude_type_checking=False)


def test_no_module_comes_back_to_itself_at_run_time(run_time: grimp.ImportGraph) -> None:
    cycles = in_cycles(run_time)
    assert cycles == {}, f"import cycle: {cycles}"


def test_no_module_comes_back_to_itself_for_the_type_checker(typed: grimp.ImportGraph) -> None:
    cycles = in_cycles(typed)
    assert cycles == {}, f"import cycle through TYPE_CHECKING imports: {cycles}"


def test_the_type_checkers_graph_holds_the_type_only_imports(
    run_time: grimp.ImportGraph, typed: grimp.ImportGraph
) -> None:
    """The graph read for the type checker has the imports under ``if TYPE_CHECKING:``
    (commands.py names the Host protocol only there), the run-time one has not: a cycle
    through them could not hide."""
    importer, imported = f"{PACKAGE}.faces.tui.commands", f"{PACKAGE}.faces.tui.host"
    assert imported in typed.find_modules_directly_imported_by(importer)
    assert imported not in run_time.find_modules_directly_imported_by(importer)
