"""`arbitre`: every action of the app, scriptable.

Exit codes: 0 done; 2 refused (bad input or a rule: nothing changed); 1 file problem.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from types import SimpleNamespace
from typing import Any, cast

from .common import close_opened
from .errors import (
    FrenchParser,
    commits,
    committed_since,
    last_guard,
    os_reason,
    output_lost,
    refuse,
    standard_streams,
    with_saved,
)


class _Ignored:
    """What a command not typed is declared on: nothing, its parser is never built."""

    def __getattr__(self, _name: str) -> Callable[..., _Ignored]:
        return lambda *_args, **_kwargs: self


class _Only:
    """The sub-commands as every command module declares them, building only the one typed:
    `arbitre result …` builds one parser, not 77 (about 10 ms of its start)."""

    def __init__(self, real: argparse._SubParsersAction[argparse.ArgumentParser], only: str):
        self.real, self.only = real, only

    def add_parser(self, name: str, **kwargs: Any) -> Any:
        return self.real.add_parser(name, **kwargs) if name == self.only else _Ignored()


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line; with ``only``, just that command's parser (the others are
    declared on nothing), for a command typed — `--help` and errors build them all.
    Each command's arguments are declared beside its handler, by its module's ``register``."""
    parser: argparse.ArgumentParser = FrenchParser(
        prog="arbitre", description="Arbitrage d'échecs au clavier."
    )
    real = parser.add_subparsers(dest="command", required=True, metavar="COMMANDE")
    sub = real if only is None else cast("argparse._SubParsersAction[Any]", _Only(real, only))
    from . import event, launch, rounds, setup

    launch.register(sub)  # demo, new, open
    event.register(sub)  # show, journal, undo, redo, backup, restore
    rounds.register(sub)  # checkin, pair, round, result, … cadence, draws
    setup.players_group(sub)
    if only is not None and only in real.choices:
        return parser  # one of the commands above: the others' modules stay unread
    from . import (
        cup,
        knockout,
        pairing,
        papi,
        ratings,
        reporting,
        settings,
        standings,
        swiss,
        verification,
        web,
    )

    setup.register(sub)
    reporting.register(sub)
    standings.register(sub)
    settings.register(sub)
    pairing.register(sub)
    swiss.register(sub)
    web.register(sub)
    knockout.register(sub)
    cup.register(sub)
    verification.register(sub)
    ratings.register(sub)
    papi.register(sub)  # after swiss: beside `export trf`
    return parser


def _errors() -> Any:
    """The store's errors, as the operations name them, imported only when an exception is
    being handled (an ``except`` clause is evaluated then): `--help` and `pair-trf` never
    load the store or SQLite, and no face imports the store."""
    from ...operations import (
        BackupFailed,
        CommitUncertain,
        ForbiddenOpen,
        NeedsConfirmation,
        OperationError,
        StoreError,
    )

    return SimpleNamespace(
        BackupFailed=BackupFailed,
        CommitUncertain=CommitUncertain,
        ForbiddenOpen=ForbiddenOpen,
        StoreError=StoreError,
        NeedsConfirmation=NeedsConfirmation,
        OperationError=OperationError,
    )


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command typed, read by its parser alone; anything else (no command, an option
    first, a name unknown) by the whole command line, for its French help and errors."""
    words = list(sys.argv[1:] if argv is None else argv)
    first = words[0] if words and not words[0].startswith("-") else None
    if first is not None:
        parser = build_parser(first)
        real = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        if first in real.choices:
            return _no_extras(parser, *parser.parse_known_args(words))
    parser = build_parser()
    return _no_extras(parser, *parser.parse_known_args(words))


def _no_extras(
    parser: argparse.ArgumentParser, args: argparse.Namespace, extras: list[str]
) -> argparse.Namespace:
    """Words left over are refused by the command they were typed to (its usage and its
    « --help »), not by `arbitre` as a whole."""
    while extras:
        subs = next((a for a in parser._actions if isinstance(a, argparse._SubParsersAction)), None)
        chosen = getattr(args, subs.dest, None) if subs else None
        if subs is None or chosen not in subs.choices:
            parser.error(f"arguments en trop ou inconnus : {' '.join(extras)}")
        parser = subs.choices[chosen]
    return args


def main(argv: Sequence[str] | None = None) -> int:
    standard_streams()
    args = _parse(argv)
    try:
        return _run(args)
    finally:
        close_opened()


def _run(args: argparse.Namespace) -> int:
    """The command, and every failure said in French with its exit code; a failure after
    the command had committed something says what is saved (never « rien n'a été
    enregistré » then)."""
    mark = commits()
    try:
        code: int = args.func(args)
        sys.stdout.flush()  # a closed pipe shows here, not in the interpreter's exit
        lost = output_lost()
        if lost is None:
            return code
        if isinstance(lost, BrokenPipeError):
            return 141  # the reader left (`arbitre round … | head`): quietly, as Unix tools do
        saved = committed_since(mark)
        done = f" Enregistré : {' ; '.join(saved)}." if saved else ""
        return refuse(
            f"Erreur : la sortie de la commande n'a pas pu être écrite ({os_reason(lost)}) : "
            f"la commande est pourtant allée à son terme.{done}",
            1,
        )
    except Exception as exc:  # the messages below, then what was saved before the error
        return _failure(exc, committed_since(mark))
    except KeyboardInterrupt as exc:
        return last_guard(exc, committed_since(mark))


def _failure(exc: Exception, saved: list[str]) -> int:
    """One failure said in French; ``saved``: what this command committed before it."""
    if saved:
        note = f"Déjà enregistré par cette commande avant l'erreur : {' ; '.join(saved)}."
    else:
        note = ""
    try:
        raise exc
    except _errors().CommitUncertain as exc:  # read back: refused if nothing reached the file
        if exc.saved is False:
            return refuse(with_saved(f"Refusé : {exc.message}", note), 1 if note else 2)
        return refuse(f"Attention : {exc.message}", 1)
    except _errors().BackupFailed as exc:
        return refuse(f"Attention : {exc.message}", 1)
    except _errors().NeedsConfirmation as exc:
        return refuse(f"Refusé : {exc.message} Relancez avec --confirm pour confirmer.")
    except _errors().OperationError as exc:
        word = "Erreur" if note else "Refusé"  # after a commit: not « nothing changed »
        return refuse(with_saved(f"{word} : {exc.message}", note), 1 if note else 2)
    except _errors().StoreError as exc:  # 2: nothing changed, the arbiter can fix it
        if exc.damaged or note:
            return refuse(with_saved(f"Erreur : {exc.message}", note), 1)
        return refuse(f"Refusé : {exc.message}")
    except _errors().ForbiddenOpen as exc:  # an output path that is the event file itself
        return refuse(f"Refusé : {exc} Choisissez un autre fichier de sortie.")
    except BrokenPipeError:  # written past sys.stdout (its buffer): the reader left
        return 141
    except Exception as exc:  # the last guard: never a traceback
        return last_guard(exc, saved)


if __name__ == "__main__":
    raise SystemExit(main())
