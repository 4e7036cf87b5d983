"""Issue 49.3 in the app: the player's form is held to the same rule as `arbitre
register` — a licence already in another section refused with that section named, the
same name and birth date asked first (« o » enters a namesake, « n » writes nothing)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from arbitre_tui.faces.tui.app import ArbitreApp
from arbitre_tui.faces.tui.prompts import ConfirmPrompt

from ...helpers.cli import run_here
from ...helpers.events import from_nothing


def _event(path: Path) -> Path:
    sections = [
        (key, "--nom", name, "--systeme", "suisse", "--rondes", "5")
        for key, name in (("open-a", "Open A"), ("open-b", "Open B"))
    ]
    entry = (
        "DE LA FONTAINE-MÉRIGNAC", "--prenom", "Jean-Baptiste",
        "--naissance", "01/02/1970", "--licence", "B23456", "-t", "open-a",
    )  # fmt: skip
    return from_nothing(path, ["--nom", "Open d'été"], sections, [entry])


def _status(app: ArbitreApp) -> str:
    return str(app.query_one("#status", Static).content)


async def _fill(
    pilot: object, app: ArbitreApp, surname: str, first: str, rest: dict[int, str]
) -> None:
    """The form of `a` (no rating list beside the event): surname, first name, then the
    fields at the given places (Tab from one to the next)."""
    await pilot.press("j", "a")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    await pilot.press(*surname, "tab", *first)  # type: ignore[attr-defined]
    at = 1
    for place in sorted(rest):
        await pilot.press(*["tab"] * (place - at), "ctrl+u", *rest[place])  # type: ignore[attr-defined]
        at = place
    await pilot.press("enter")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]


async def test_the_form_refuses_a_licence_and_asks_for_a_namesake(tmp_path: Path) -> None:
    event = _event(tmp_path / "ete.sqlite")
    app = ArbitreApp(event, tournament="open-b")
    async with app.run_test(size=(80, 24)) as pilot:
        before = app.service.store.snapshot()  # the file is held: read through SQLite
        # PERSON's order: 0 nom, 1 prénom, 4 naissance, 8 licence
        await _fill(pilot, app, "O'NEILL", "Seán", {8: "b23456"})
        assert "déjà inscrit en Open A (licence B23456" in app.screen.problem or (  # type: ignore[attr-defined]
            "déjà inscrit en Open A (licence B23456" in _status(app)
        )
        await pilot.press("escape")
        await pilot.pause()
        assert app.service.store.snapshot() == before
        await _fill(pilot, app, "de la Fontaine-Mérignac", "Jean-Baptiste", {4: "01/02/1970"})
        assert isinstance(app.screen, ConfirmPrompt)
        assert "probable doublon de DE LA FONTAINE-MÉRIGNAC Jean-Baptiste" in _status(app)
        await pilot.press("n")
        await pilot.pause()
        assert app.service.store.snapshot() == before
        await pilot.press("enter")  # the form is still there: submitted again, asked again
        await pilot.pause()
        assert isinstance(app.screen, ConfirmPrompt)
        await pilot.press("o")
        await pilot.pause()
        assert "Inscrit : DE LA FONTAINE-MÉRIGNAC Jean-Baptiste" in _status(app)


def test_the_form_in_a_real_terminal_refuses_a_licence_and_says_a_namesake(
    tmp_path: Path,
) -> None:
    """The same through `arbitre open` in tmux at 80×24, each form typed in one burst: a
    licence of Open A typed in Open B's form is refused with the section named and
    nothing written; a namesake asked « o/n », « o », then registered with his N°."""
    import json

    from ...helpers.procs import AppInTmux

    event = _event(tmp_path / "ete.sqlite")

    def listed() -> list[str]:
        out = run_here("players", "list", str(event), "-t", "open-b", "--json")
        return [f"{p['surname']} {p['first_name']}" for p in json.loads(out)]

    app = AppInTmux(event, "-t", "open-b", ready=lambda s: "Open B" in s and "Touches" in s)
    try:
        app.keys("j")
        app.wait_screen(lambda s: "Joueurs" in s, what="Joueurs")
        # PERSON's order: 0 nom, 1 prénom, 4 naissance, 8 licence
        app.keys("a", "O'NEILL", "Tab", "Seán", *["Tab"] * 7, "C-u", "b23456", "Enter")
        app.wait_screen(lambda s: "déjà inscrit en Open A" in s, what="licence refused")
        app.keys("Escape")
        assert listed() == []
        app.keys("a", "de la Fontaine-Mérignac", "Tab", "Jean-Baptiste", "Tab", "Tab", "Tab")
        app.keys("C-u", "01/02/1970", "Enter")
        app.wait_screen(lambda s: "probable doublon" in s, what="namesake asked")
        app.keys("o")
        app.wait_screen(
            lambda s: "Inscrit : DE LA FONTAINE-MÉRIGNAC Jean-Baptiste (N° 1)" in s, what="saved"
        )
    finally:
        app.close()
    assert listed() == ["de la Fontaine-Mérignac Jean-Baptiste"]  # the surname as typed
