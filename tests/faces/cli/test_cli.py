"""The `arbitre` command, run as a user would."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbitre_tui.faces.cli.main import build_parser

from ...helpers.cli import arbitre, new_with_fixture_players, start_arbitre


def test_demo_no_open_and_show(tmp_path: Path) -> None:
    path = tmp_path / "d.sqlite"
    out = arbitre("demo", str(path), "--no-open")
    assert out.returncode == 0, out.stderr
    data = json.loads(arbitre("show", str(path), "--json").stdout)
    keys = {t["key"] for t in data["tournaments"]}
    assert keys == {"open-ko", "open-a", "open-b", "open-c", "u8", "u10f", "u10", "u8f", "coupe"}
    assert any(r["closed"] for r in data["rounds"])
    assert any(g["result"] for g in data["games"])


@pytest.mark.parametrize(
    ("template", "counts"),
    [
        ("open-ko", {"open-ko": 137}),
        ("marina-viva", {"open-a": 120, "open-b": 90, "open-c": 40}),
        ("bas-rhin-jeunes", {"u8": 6, "u10f": 12, "u10": 16, "u8f": 20}),
        ("coupe-alsace", {"coupe": 72}),
    ],
)
def test_new_from_template(tmp_path: Path, template: str, counts: dict[str, int]) -> None:
    """A template brings its sections and no player (issue 27); the fixture players are
    then imported as an organiser imports a CSV."""
    path = tmp_path / f"{template}.sqlite"
    out = arbitre("new", "--template", template, str(path))
    assert out.returncode == 0, out.stderr
    data = json.loads(arbitre("show", str(path), "--json").stdout)
    assert {t["key"] for t in data["tournaments"]} == set(counts)
    assert data["players"] == [] and data["teams"] == [] and data["clubs"] == []
    path.unlink()
    new_with_fixture_players(template, path)
    data = json.loads(arbitre("show", str(path), "--json").stdout)
    by_key = {t["id"]: t["key"] for t in data["tournaments"]}
    got: dict[str, int] = {}
    for p in data["players"]:
        got[by_key[p["tournament_id"]]] = got.get(by_key[p["tournament_id"]], 0) + 1
    assert got == counts
    again = arbitre("new", "--template", template, str(path))
    assert again.returncode == 2 and "existe déjà" in again.stderr


def test_youth_formats_follow_entries(tmp_path: Path) -> None:
    from arbitre_tui.operations.templates import create_from_template

    path = tmp_path / "j.sqlite"
    create_from_template(path, "bas-rhin-jeunes").close()  # the fixture players' entries
    data = json.loads(arbitre("show", str(path), "--json").stdout)
    systems = {
        t["key"]: (t["system"], t["rounds_planned"], json.loads(t["tiebreaks"]))
        for t in data["tournaments"]
    }
    assert systems["u8"] == ("round_robin", 5, ["SB"])
    assert systems["u10f"] == ("swiss", 5, ["BH/M1", "BH", "PS"])
    assert systems["u10"] == ("swiss", 7, ["BH/M1", "BH", "PS"])


def test_cup_teams_from_rosters(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    new_with_fixture_players("coupe-alsace", path)
    data = json.loads(arbitre("show", str(path), "--json").stdout)
    assert len(data["teams"]) == 12
    assert len(data["clubs"]) == 8
    per_team: dict[int, int] = {}
    for p in data["players"]:
        per_team[p["team_id"]] = per_team.get(p["team_id"], 0) + 1
    assert set(per_team.values()) == {6}


def test_result_journal_undo_cycle(demo_file: Path) -> None:
    # board 1 holds 0-1 in the demo: replacing it needs --confirm (issue 13)
    refused = arbitre("result", str(demo_file), "1", "1", "-t", "u8")
    assert refused.returncode == 2 and "remplacer" in refused.stderr
    assert arbitre("result", str(demo_file), "1", "1", "-t", "u8", "--confirm").returncode == 0
    journal = json.loads(arbitre("journal", str(demo_file), "--json").stdout)
    assert journal[-1]["op"] == "record_result" and journal[-1]["args"]["result"] == "1-0"
    assert arbitre("undo", str(demo_file)).returncode == 0
    journal = json.loads(arbitre("journal", str(demo_file), "--json").stdout)
    assert journal[-1]["op"] == "undo" and journal[-2]["undone"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("result", "{f}", "9", "1", "-t", "u8"), "Échiquier 9 inconnu"),
        (("result", "{f}", "1", "2-0", "-t", "u8"), "Résultat « 2-0 » impossible"),
        (("result", "{f}", "1", "1", "-t", "nope"), "Tournoi « nope » inconnu"),
        (("result", "{f}", "1", "1"), "Précisez le tournoi"),
        (("result", "{f}", "1", "1", "-t", "u8", "-r", "1"), "La ronde 1 est close"),
    ],
)
def test_refusals_exit_2_and_change_nothing(
    demo_file: Path, args: tuple[str, ...], message: str
) -> None:
    before = arbitre("show", str(demo_file), "--json").stdout
    out = arbitre(*[a.format(f=demo_file) for a in args])
    assert out.returncode == 2
    assert message in out.stderr
    assert arbitre("show", str(demo_file), "--json").stdout == before


def test_open_refuses_a_file_that_is_not_an_event(tmp_path: Path) -> None:
    path = tmp_path / "x.sqlite"
    path.write_bytes(b"hello world, not sqlite" * 10)
    out = arbitre("open", str(path))
    assert out.returncode == 1 and "n'est pas une base arbitre" in out.stderr


def test_backup_and_restore_commands(demo_file: Path) -> None:
    assert arbitre("backup", str(demo_file)).returncode == 0
    listing = arbitre("restore", str(demo_file), "--list").stdout.split()
    assert listing
    assert arbitre("restore", str(demo_file)).returncode == 0
    assert arbitre("show", str(demo_file)).returncode == 0


def test_draws_replay_identically(demo_file: Path) -> None:
    out = arbitre("draws", str(demo_file))
    assert out.returncode == 0
    assert "rejoué : identique" in out.stdout


def test_help_is_complete() -> None:
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    names = set(sub.choices)  # type: ignore[arg-type]
    assert {
        "demo",
        "new",
        "open",
        "show",
        "journal",
        "undo",
        "backup",
        "restore",
        "players",
        "pair",
        "result",
        "incident",
        "close-round",
        "checkin",
        "draws",
    } <= names
    for name, p in sub.choices.items():  # type: ignore[union-attr]
        assert p.description, f"{name} has no help"
        for action in p._actions:
            if action.dest not in ("help",) and action.help is None and action.option_strings:
                pytest.fail(f"{name} {action.option_strings} has no help")


def test_a_closed_pipe_stops_quietly(demo_file: Path) -> None:
    """`arbitre round … | head -1`: the reader leaves early; no traceback, exit 141."""
    proc = start_arbitre("round", str(demo_file), "-t", "open-a")
    assert proc.stdout is not None
    proc.stdout.close()  # the reader is gone before the first line is written
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 141, err
    assert "Traceback" not in err and "Exception" not in err


@pytest.mark.parametrize(
    "words",
    [
        ("players", "import", "{f}", "fixtures/players/ko_137.csv", "-t", "open-ko"),
        ("show", "{f}"),
        ("result", "{f}", "99", "1", "-t", "open-ko"),  # refused: no such board
    ],
)
def test_a_command_leaves_its_event_file_closed(tmp_path: Path, words: tuple[str, ...]) -> None:
    """`main()` closes what the command opened, however it ends, rather than leave it to
    the interpreter's exit: run where the process goes on, the file is free again."""
    from arbitre_tui.faces.cli.main import main
    from arbitre_tui.store.db import is_held

    path = tmp_path / "ko.sqlite"
    assert arbitre("new", "--template", "open-ko", str(path)).returncode == 0
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(Path(__file__).resolve().parents[3])
        main([w.format(f=path) for w in words])
    assert not is_held(path)
