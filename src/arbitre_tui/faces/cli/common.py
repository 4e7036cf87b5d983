"""What every command module needs: open the event, print JSON."""

from __future__ import annotations

import argparse
import contextlib
import inspect
import json
import os
import sys
from collections.abc import Callable, Collection
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import round_number, section_key

if TYPE_CHECKING:
    from ...operations import EventService
    from ...rules.models import StoredTournament


def open_event(path: str, check: bool = True, read_only: bool = False) -> EventService:
    """The EventService for ``path``; imported here so `arbitre --help` stays fast.
    ``read_only``: the command only reads (show, round, standings, export): an event on a
    write-protected medium is still opened, read-only."""
    from ...operations import EventService

    if not read_only:  # a write may wait for another station's: said (issue 53.7)
        from .waiting import listen

        listen()
    service = EventService(path, check=check, read_only=read_only)
    _opened.append(service)
    for note in service.recovered:  # a crash's leftovers, repaired or to repair
        print(note, file=sys.stderr)
    return service


# The events a command opened: `main()` closes them when the command ends, whatever way
# it ends, rather than leaving it to the interpreter's exit (a command run in a process
# that goes on, as the tests and a shell's `arbitre` helpers do, keeps no file held).
_opened: list[EventService] = []


def close_opened() -> None:
    """Close every event this command opened (a closed one twice is harmless). A close
    that fails changes nothing saved (each action was committed before it said so): the
    others are still closed, and the command's own answer stands."""
    while _opened:
        with contextlib.suppress(Exception):
            _opened.pop().close()


def open_tournament(
    args: argparse.Namespace, read_only: bool = False
) -> tuple[EventService, StoredTournament]:
    """The event of ``FICHIER`` and the section ``--tournoi`` names (the only one when not
    given): what most commands act on, looked up once the same way for all."""
    service = open_event(args.file, read_only=read_only)
    return service, service.tournament(args.tournoi)


def print_json(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2, default=str))


# a registration list of 100 000 players is 10 Mo, a TRF of 3 000 players 2 Mo: past
# this, a file read whole is no such list (/dev/zero, a disk image chosen by mistake)
READ_LIMIT = 64 * 1024 * 1024


def read_input(path: str, what: str, limit: int = READ_LIMIT) -> bytes:
    """The bytes of a file a command reads whole (a registration CSV, a TRF), read by
    pieces and refused past ``limit``: never a MemoryError on /dev/zero or a pipe that
    never ends; a folder or nothing there said as such. The refusal's modules are
    imported only to refuse: pair-trf opens no store (tests/faces/cli/test_cli_imports)."""
    chunks: list[bytes] = []
    size = 0
    with open(path, "rb") as stream:
        while chunk := stream.read(1024 * 1024):
            size += len(chunk)
            if size > limit:
                from ...operations import OperationError
                from ...operations.outputs import what_is

                kind = what_is(Path(path))
                raise OperationError(
                    f"{path} : plus de {limit // (1024 * 1024)} Mo lus sans en voir la fin : "
                    f"ce n'est pas un {what}{f' ; {kind}' if kind else ''}. Rien n'a été "
                    "enregistré."
                )
            chunks.append(chunk)
    return b"".join(chunks)


def read_trf(path: str) -> Any:
    """The one TRF reader of pair-trf, check-pairings and tiebreaks.

    Strict: fixed columns checked, each player's points equal to his results; a fault is
    refused with the file, the line and the reason, whichever command read it. A file that
    is not UTF-8 (older programs write Windows-1252) is read as such, and said so, rather
    than with its accented names turned into « � ».
    """
    from ...rules import trf
    from ...rules.errors import RuleError
    from ...rules.text import NAMES, UTF8, decode

    raw = read_input(path, "fichier TRF")
    if raw.startswith(b"SQLite format 3\0"):  # an event given for its TRF: said as such
        from ...operations import OperationError

        raise OperationError(
            f"{path} est une base SQLite (un tournoi ?), pas un fichier TRF : exportez-le "
            "d'abord (arbitre export trf FICHIER SECTION SORTIE.trf)."
        )
    text, encoding = decode(raw)
    if encoding != UTF8:
        print(f"Attention : {path} n'est pas en UTF-8 ; lu en {NAMES[encoding]}.", file=sys.stderr)
    try:
        return trf.parse(text)
    except RuleError as exc:
        from ...operations import OperationError

        raise OperationError(f"{path} : {exc.message}") from None


def write_out(out: Path, data: str | bytes, encoding: str = "utf-8") -> None:
    """An export written whole or not at all (a hidden partial put in place once written,
    what a killed export left in that folder removed first: issue 53.9); text as given,
    its line ends untouched."""
    from ...publish.whole import write_whole

    raw = data if isinstance(data, bytes) else data.encode(encoding)
    write_whole(out, lambda path: path.write_bytes(raw))


COMPANIONS = ("-wal", "-shm", "-journal")
BACKUPS = ".sauvegardes"


def output(path: str, *read: str) -> Path:
    """Where a command writes (a page, a PDF, a TRF, a QR code): never over a file it read,
    nor over any event's file, SQLite companion or backup (store.files says which)."""
    out = Path(path)
    beside = {os.path.realpath(f"{r}{end}") for r in read for end in COMPANIONS}
    if os.path.realpath(out) in beside:  # SQLite's own files beside an event: its results
        _refuse_output(f"{path} est un fichier du tournoi (son journal SQLite) : il serait perdu.")
    if out.is_file() and any(Path(r).is_file() and out.samefile(r) for r in read):
        _refuse_output(f"{path} est le fichier lu : il serait écrasé.")
    if out.exists() or out.name.endswith(COMPANIONS) or BACKUPS in str(out.resolve()):
        from ...operations.outputs import why_not_write  # not for `generate` to a new file

        why = why_not_write(out)
        if why is not None:
            _refuse_output(f"{why}.")
    return out


def _refuse_output(what: str) -> None:
    from ...operations import OperationError  # only now: `pair-trf` loads no store

    raise OperationError(f"{what} Choisissez un autre fichier de sortie.")


def group(
    sub: argparse._SubParsersAction[argparse.ArgumentParser],
    name: str,
    about: str,
    description: str | None = None,
    metavar: str = "ACTION",
) -> argparse._SubParsersAction[argparse.ArgumentParser]:
    """A command whose actions are its sub-commands (`arbitre cup draw …`), declared as
    every group is: its French help, then one ACTION (or ``metavar``), required."""
    p = sub.add_parser(name, help=about, description=description or about)
    return p.add_subparsers(dest=f"{name}_command", required=True, metavar=metavar)


FILE_HELP = "le fichier de l'événement (.sqlite)"
PLAYER_HELP = (
    "N° du joueur (arbitre players list ; -t si plusieurs tournois) ou morceau unique de son nom"
)
TOURNAMENT_HELP = "le tournoi (section), si le fichier en a plusieurs"


def add_file(p: argparse.ArgumentParser) -> None:
    """``FICHIER``: the event file, the first argument of most commands."""
    p.add_argument("file", metavar="FICHIER", help=FILE_HELP)


def add_tournament(p: argparse.ArgumentParser) -> None:
    """``--tournoi CLÉ``: the section, when the file has several."""
    p.add_argument("--tournoi", "-t", metavar="CLÉ", type=section_key, help=TOURNAMENT_HELP)


def add_round(p: argparse.ArgumentParser) -> None:
    """``--ronde N``: the round a command acts on, the last one when not given."""
    p.add_argument(
        "--ronde",
        "-r",
        type=round_number,
        default=None,
        help="numéro de ronde (défaut : la dernière)",
    )


def command(
    sub: argparse._SubParsersAction[argparse.ArgumentParser],
    name: str,
    func: Callable[[argparse.Namespace], int],
    *,
    file: str | None = None,
    file_help: str | None = None,
    tournament: str | None = None,
    json: str | None = None,
) -> argparse.ArgumentParser:
    """One sub-command, as every command of `arbitre` is declared: the file first when it
    takes one (``file`` is its metavar), then the section (``tournament``: its help) and
    ``--json`` (its help) — the arguments nearly every command shares, written once.

    Its French help is its handler's docstring, as in the standard library's `cmd` and in
    click: the first paragraph for the list of commands, the paragraphs after it (or the
    first again) for its own ``--help``.
    What a command does for the arbiter is then written once, above the code that does it.
    """
    about, description = help_of(func)
    p = sub.add_parser(name, help=about, description=description)
    if file is not None:
        p.add_argument("file", metavar=file, help=file_help)
    if tournament is not None:
        p.add_argument("--tournoi", "-t", metavar="CLÉ", type=section_key, help=tournament)
    if json is not None:
        p.add_argument("--json", action="store_true", help=json)
    p.set_defaults(func=func)
    return p


def help_of(func: Callable[[argparse.Namespace], int]) -> tuple[str, str]:
    """A handler's help (its docstring's first paragraph) and description (the paragraphs
    after it, or the help again when there are none)."""
    doc = inspect.getdoc(func) or ""  # none under `python -OO`: commands work, unexplained
    about, _, more = doc.partition("\n\n")
    return about, more or about


def player_id(
    service: EventService,
    typed: str,
    section: str | None = None,
    among: Collection[int] | None = None,
) -> int:
    """The player a command names: his N° (the pairing number `players list`, the grille
    and the TRF show, in ``section`` — or the event's only section, or the only one where
    that N° is taken) or a piece of the name that fits one player only; a number or a
    piece that fits several is refused with each of them, none guessed (issue 49.5).
    ``among``: the players a piece of name is looked for first (a cup team's roster)."""
    from ...operations import OperationError
    from ...rules.lookup import matching
    from ...views.reader import Reader

    text = typed.strip()
    reader = Reader(service)
    with reader.consistent():
        sections = [reader.tournament(section)] if section else reader.tournaments()
        numbers = {t.id: reader.numbers(t) for t in sections}
        named = [(p.name, (p, t)) for t in sections for p in reader.players(t)]
    where = f" en {sections[0].name}" if section else ""
    if text.isdigit():
        from .errors import whole_number

        try:
            number = whole_number(text)  # past SQLite's 64 bits: « trop grand »
        except argparse.ArgumentTypeError as exc:
            raise OperationError(str(exc)) from None
        found = [(p, t) for _, (p, t) in named if numbers[t.id].get(p.id) == number]
        if not found:
            raise OperationError(
                f"Aucun joueur n° {number}{where} : le N° que montre arbitre players list, "
                "ou un morceau du nom."
            )
        if len(found) > 1:
            shown = "\n".join(f"  N° {number} {p.name} ({t.name} : -t {t.key})" for p, t in found)
            raise OperationError(
                f"N° {number} : un joueur dans chaque tournoi : précisez le tournoi (-t CLÉ) "
                f"ou un morceau du nom.\n{shown}"
            )
        return found[0][0].id
    found = matching(text, named)
    if among is not None and len(found) > 1:  # one of the team before any other
        found = [(p, t) for p, t in found if p.id in among] or found
    if not found:
        raise OperationError(
            f"Aucun joueur « {text[:40]} »{where} : un N° (arbitre players list) ou un "
            "morceau du nom."
        )
    if len(found) > 1:
        shown = "\n".join(
            f"  N° {numbers[t.id].get(p.id, '?'):<4} {p.name} ({t.name})" for p, t in found[:20]
        )
        more = f"\n  … et {len(found) - 20} autre(s)" if len(found) > 20 else ""
        raise OperationError(
            f"« {text[:40]} » désigne {len(found)} joueurs{where} : précisez le nom ou "
            f"donnez le N°.\n{shown}{more}"
        )
    return found[0][0].id


def number_of(service: EventService, pid: int) -> int | None:
    """The player's N° (pairing number) in his section, as every face shows it."""
    from ...views.reader import Reader

    reader = Reader(service)
    with reader.consistent():
        tid = service.player(pid).tournament_id
        t = next((t for t in reader.tournaments() if t.id == tid), None)
        return reader.numbers(t).get(pid) if t is not None else None


def board_said(service: EventService, game: Any, result: str) -> str:
    """« Échiquier 1 : 1-0 — BŒUF François – PERRIN Gaël »: the board with its players."""
    white = service.player(game.white_id).name
    black = service.player(game.black_id).name if game.black_id else "exempt"
    return f"Échiquier {game.board} : {result} — {white} – {black}"


def who(service: EventService, pid: int) -> str:
    """« LEFÈVRE Hélène (N° 12) »: a player as every confirmation names them, with the
    N° the arbiter sees and types (issue 49.5)."""
    number = number_of(service, pid)
    return f"{service.player(pid).name} (N° {number if number is not None else '?'})"
