"""No import cycle in the house (issue 28.2): grimp, import-linter's own graph builder,
read on the installed package.

At run time there is none: a module that imports another never comes back to itself.
One cycle remains that exists only for the type checker (``if TYPE_CHECKING:``): the
app's screens that name ``ArbitreApp``. It is listed below and may only shrink. The
operations' cycle went with the typed event context (issue 28.1): an operation names
``EventContext``, which calls none of them."""

from __future__ import annotations

import grimp
import pytest

PACKAGE = "arbitre_tui"

# Modules still in a cycle through type-only imports; each must still be in one (so the
# list shrinks when a cycle is broken) and no other module may join them.
TYPE_ONLY = {
    "faces.tui.app",
    "faces.tui.commands",
    "faces.tui.event_screen",
    "faces.tui.palette",
    "faces.tui.settings_screen",
}


def in_cycles(exclude_type_checking: bool) -> dict[str, set[str]]:
    """Each module on a cycle, with the modules it imports along one."""
    graph = grimp.build_graph(
        PACKAGE, exclude_type_checking_imports=exclude_type_checking, cache_dir=None
    )
    found: dict[str, set[str]] = {}
    for importer in graph.modules:
        for imported in graph.find_modules_directly_imported_by(importer):
            if imported != importer and graph.chain_exists(importer=imported, imported=importer):
                short = importer.removeprefix(f"{PACKAGE}.")
                found.setdefault(short, set()).add(imported.removeprefix(f"{PACKAGE}."))
    return found


@pytest.fixture(scope="module")
def run_time() -> dict[str, set[str]]:
    return in_cycles(exclude_type_checking=True)


@pytest.fixture(scope="module")
def typed() -> dict[str, set[str]]:
    return in_cycles(exclude_type_checking=False)


def test_no_module_comes_back_to_itself_at_run_time(run_time: dict[str, set[str]]) -> None:
    assert run_time == {}, f"import cycle: {run_time}"


def test_type_only_cycles_only_shrink(typed: dict[str, set[str]]) -> None:
    assert set(typed) <= TYPE_ONLY, f"a new cycle: {sorted(set(typed) - TYPE_ONLY)}"
    assert set(typed) >= TYPE_ONLY, f"broken, remove from TYPE_ONLY: {TYPE_ONLY - set(typed)}"
