"""One error path for the command line: French argparse, French refusals, a last guard.

Every refusal is one French sentence on stderr that says what is wrong and what to do,
exit 2 — bad input, a rule, and whatever the arbiter can fix with nothing changed: a path,
a folder, rights, a full disk, a foreign WAL; a damaged file, a medium that fails, a
command stopped after it saved something, exit 1; anything unforeseen is logged with its
traceback to a file and the arbiter reads a short French message with its path.
Light on purpose: nothing heavy is imported until an error actually happens.
"""

from __future__ import annotations

import argparse
import datetime as dt
import errno
import gettext
import os
import re
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn, TypeVar

from ..crash import crash_log

# results typed on a command line that look like options (rules.models reads the words)
RESULT_DASH_WORDS = {"-+": "forfait-blancs", "--": "double-forfait", "-/+": "forfait-blancs"}
RESULT_DASH_WORDS |= {"--+": "forfait-blancs", "-/-": "double-forfait", "---": "double-forfait"}


# what a value is called in the help when its option gives no metavar (argparse would
# write the option's English name: « --limit LIMIT »)
METAVARS = {
    "limit": "N",
    "id": "N",
    "seed": "GRAINE",
    "round": "N",
    "unrated": "ELO",
    "list": "CODES",
    "host": "ADRESSE",
    "port": "PORT",
    "base_url": "URL",
    "seconds": "SECONDES",
    "encoding": "ENCODAGE",
    "when": "QUAND",
    "match_day": "JJ/MM/AAAA",
    "season": "SAISON",
    "theme": "THÈME",
    "dest": "DESTINATION",
    "backup": "SAUVEGARDE",
}


LOCALE = Path(__file__).parent / "locale"
DOMAIN = "argparse"  # locale/fr/LC_MESSAGES/argparse.po: argparse's msgids, in French


@contextmanager
def speaking_french() -> Iterator[None]:
    """argparse's own words in French while it speaks: it asks gettext for each
    (``from gettext import gettext as _``, the default domain), so our catalogue is made
    gettext's default domain and French its language (``LANGUAGE``, which gettext reads
    before LC_ALL, LC_MESSAGES and LANG) — gettext's public switches, put back after, so
    nothing else of the process is changed and no child process inherits them."""
    gettext.bindtextdomain(DOMAIN, str(LOCALE))
    domain, language = gettext.textdomain(), os.environ.get("LANGUAGE")
    gettext.textdomain(DOMAIN)
    os.environ["LANGUAGE"] = "fr"
    try:
        yield
    finally:
        gettext.textdomain(domain)
        if language is None:
            os.environ.pop("LANGUAGE", None)
        else:
            os.environ["LANGUAGE"] = language


class _Formatter(argparse.HelpFormatter):
    """Help lines that never split a name at its hyphen (« proces-verbal-tournoi »)."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        import textwrap

        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)


class _Once(argparse.Action):
    """An option's value given twice (`-t open-a … -t open-b`): argparse kept the last
    one silently; which one the arbiter meant is not ours to guess. Otherwise argparse's
    « store »: the value kept under its name."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        given: set[str] = getattr(parser, "given", set())
        if self.dest in given:
            raise argparse.ArgumentError(self, "donné deux fois : gardez-en un seul")
        given.add(self.dest)
        setattr(namespace, self.dest, values)


class FrenchParser(argparse.ArgumentParser):
    """argparse speaking French: usage, help, errors (one « Refusé : » line, exit 2).

    Its words come from the catalogue (``speaking_french``) in every public method where
    argparse asks for them: building (titles, ``-h``), reading, help and usage, errors.
    ``dash_values`` maps values that look like options (the results ``-+``, ``--``) to
    what they mean, so ``arbitre result F 1 -+ -t open-a`` needs no ``--`` trick.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)  # its titles put in French when shown (_in_french)
        self.dash_values: dict[str, str] = {}
        self.register("type", int, whole_number)  # every `type=int` of every command
        self.register("action", None, _Once)  # every option with one value
        self.register("action", "store", _Once)
        self.given: set[str] = set()

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        action = super().add_argument(*args, **kwargs)
        if action.metavar is None and action.nargs != 0 and action.dest in METAVARS:
            action.metavar = METAVARS[action.dest]
        return action

    def _in_french(self) -> None:
        """The words argparse wrote at build (« options », « -h »'s help), in French: only
        a help or a usage shows them, so the catalogue (and ``locale``, which gettext
        imports to find it) is read then, not at each command's start (issue 56.4). A
        word already in French is no msgid: gettext gives it back as it is."""
        for group in self._action_groups:
            if group.title:
                group.title = gettext.gettext(group.title)
        for action in self._actions:
            if isinstance(action, argparse._HelpAction) and action.help:
                action.help = gettext.gettext(action.help)

    def format_usage(self) -> str:
        with speaking_french():
            self._in_french()
            return super().format_usage()

    def format_help(self) -> str:
        with speaking_french():
            self._in_french()
            return super().format_help()

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        if self.dash_values:
            args = self._dash_words(list(sys.argv[1:] if args is None else args))
        self.given = set()
        with speaking_french():
            parsed, extras = super().parse_known_args(args, namespace)
            assert parsed is not None
            return parsed, self._late_positionals(parsed, extras)

    def _late_positionals(self, namespace: argparse.Namespace, extras: list[str]) -> list[str]:
        """Optional positionals typed after an option (`verify F -t open-a 1 =`): argparse
        3.11 leaves them empty and the words over (« arguments en trop »); they take them."""
        for action in self._get_positional_actions():
            if not extras or extras[0].startswith("-") or action.nargs != "?":
                continue
            if getattr(namespace, action.dest) is action.default:
                try:
                    value = self._get_value(action, extras[0])
                    self._check_value(action, value)
                except argparse.ArgumentError as exc:
                    self.error(str(exc))
                setattr(namespace, action.dest, value)
                extras = extras[1:]
        return extras

    def _dash_words(self, args: list[str]) -> list[str]:
        """``--`` is the value (a double forfeit) unless a value follows it."""
        out = []
        for i, arg in enumerate(args):
            following = args[i + 1] if i + 1 < len(args) else None
            separator = arg == "--" and following is not None and not self._is_option(following)
            out.append(arg if separator else self.dash_values.get(arg, arg))
        return out

    def _is_option(self, arg: str) -> bool:
        return arg.split("=", 1)[0] in self._option_string_actions

    def error(self, message: str) -> NoReturn:
        message = said(message.rstrip("."))
        self.exit(
            2,
            f"Refusé : {message}. Voyez « {self.prog} --help ».\n{self.format_usage()}",
        )


# -- argparse types: French refusals for the values typed on the command line --------------

# SQLite's INTEGER: a number past it stopped the command inside SQLite's driver
LARGEST = 2**63 - 1


def whole_number(text: str) -> int:
    """What ``type=int`` reads (FrenchParser registers it): digits 0-9 with a sign, spaces
    around; not « 1_0 » nor other scripts' digits (Python's int() takes both), and nothing
    past SQLite's 64-bit integers."""
    value = text.strip()
    if not re.fullmatch(r"[-+]?[0-9]+", value):
        raise argparse.ArgumentTypeError(f"valeur entière invalide « {text} »")
    number = int(value)
    if abs(number) > LARGEST:
        raise argparse.ArgumentTypeError(f"nombre « {text} » trop grand")
    return number


# no tournament plays more; standings count every round up to the one asked for
ROUNDS_MAX = 999


def round_number(text: str) -> int:
    """A round typed (``--ronde``, ``--round``): 1 to 999 (a 0 was read as « the last »)."""
    number = whole_number(text)
    if not 1 <= number <= ROUNDS_MAX:
        raise argparse.ArgumentTypeError(
            f"ronde « {text} » impossible : les rondes se numérotent de 1 à {ROUNDS_MAX}"
        )
    return number


def count(text: str) -> int:
    """How many (``--limit``): 1 or more."""
    number = whole_number(text)
    if number < 1:
        raise argparse.ArgumentTypeError(f"nombre « {text} » : 1 au moins")
    return number


def rating(text: str) -> int:
    """An Elo typed (``--unrated``): 0 to 4000, as the rating settings hold."""
    number = whole_number(text)
    if not 0 <= number <= 4000:
        raise argparse.ArgumentTypeError(f"classement Elo « {text} » impossible : de 0 à 4000")
    return number


def section_key(text: str) -> str:
    """``--tournoi``: a section's key, never blank — an empty one was once read as « no
    section named » and the command went to the default section."""
    if not text.strip():
        raise argparse.ArgumentTypeError(
            "clé de tournoi vide : donnez la clé d'une section (arbitre show FICHIER les liste)"
        )
    return text


def seconds(text: str) -> float:
    """``--seconds``: 0 or more, « 7,5 » as well as « 7.5 » (not nan, inf, -5)."""
    value = text.strip().replace(",", ".")
    if not re.fullmatch(r"[0-9]+(\.[0-9]*)?", value):
        raise argparse.ArgumentTypeError(
            f"durée « {text} » illisible : un nombre de secondes, 0 ou plus (ex. 15)"
        )
    return float(value)


def port(text: str) -> int:
    """``--port``: 0 (the system chooses) to 65535."""
    number = whole_number(text)
    if not 0 <= number <= 65535:
        raise argparse.ArgumentTypeError(
            f"port « {text} » impossible : de 1 à 65535 (0 : choisi par le système)"
        )
    return number


def listen_host(text: str) -> str:
    """``--host``: an IP address or a machine's name as the system resolves it (253
    characters, labels of 63: a name past them stopped the server inside idna)."""
    from ...rules.text import shown

    host = text.strip()
    try:
        ascii_host = host.encode("idna")
    except UnicodeError:
        ascii_host = b""
    if not host or not ascii_host or len(ascii_host) > 253:
        raise argparse.ArgumentTypeError(
            f"adresse d'écoute « {shown(text)} » impossible : une adresse IP (0.0.0.0, "
            "192.168.1.10) ou le nom d'une machine (253 caractères au plus, 63 entre deux points)"
        )
    return host


_When = TypeVar("_When", dt.date, dt.datetime)


def moment(text: str) -> dt.datetime:
    """``--when``: AAAA-MM-JJTHH:MM, or HH:MM for today; the venue's clock (no time zone:
    one recorded once stopped publish-round and absent, compared with the naive now)."""
    from ...rules.figures import parse_moment

    text = text.strip()
    try:
        if re.fullmatch(r"\d{1,2}[:h]\d{2}", text):
            hours, minutes = re.split("[:h]", text)
            return dt.datetime.combine(dt.date.today(), dt.time(int(hours), int(minutes)))
        value = parse_moment(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"heure « {text} » illisible : écrivez JJ/MM/AAAA HH:MM (26/06/2027 14:00), "
            "AAAA-MM-JJTHH:MM ou HH:MM pour aujourd'hui"
        ) from None
    if value.tzinfo is not None:
        raise argparse.ArgumentTypeError(
            f"heure « {text} » : écrivez-la sans fuseau horaire, à l'heure de la salle "
            "(2027-06-26T14:00)"
        )
    return _plausible(value, text)


def day(text: str) -> dt.date:
    """A day: JJ/MM/AAAA or AAAA-MM-JJ (rules/figures.parse_day), a real one."""
    from ...rules.figures import parse_day

    try:
        value = parse_day(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"jour « {text} » illisible ou impossible : écrivez JJ/MM/AAAA (26/06/2027)"
        ) from None
    return _plausible(value, text)


def _plausible(value: _When, text: str) -> _When:
    """A tournament's day: this century (« 0001-01-01 » is a slip of the keyboard)."""
    if not 2000 <= value.year <= 2099:
        raise argparse.ArgumentTypeError(f"date « {text} » invraisemblable (années 2000 à 2099)")
    return value


def round_range(text: str) -> tuple[int, int]:
    """``--rounds N-M``; N alone: from N to the end (0); -M: from the first, as before."""
    match = re.fullmatch(r"\s*(\d{0,3})\s*(?:-\s*(\d{0,3}))?\s*", text)
    if not match or not re.search(r"\d", text):
        raise argparse.ArgumentTypeError(
            f"rondes « {text} » illisibles : écrivez N-M (3-5), ou N (à partir de N)"
        )
    return int(match.group(1) or 1), int(match.group(2) or 0)


def birth_date(text: str) -> dt.date:
    """``--naissance``: the CSV import's reading (AAAA-MM-JJ or JJ/MM/AAAA, a real date)."""
    from ...rules.errors import RuleError
    from ...rules.registration import parse_birth_date

    try:
        value = parse_birth_date(text)
    except RuleError as exc:
        raise argparse.ArgumentTypeError(exc.message) from None
    if value is None:
        raise argparse.ArgumentTypeError("date de naissance vide : AAAA-MM-JJ ou JJ/MM/AAAA")
    return value


# -- the last guard --------------------------------------------------------------------------


def refuse(message: str, code: int = 2) -> int:
    """Print one French refusal (or file error) and give the exit code."""
    print(said(message), file=sys.stderr)
    return code


# a value quoted in a message (« … ») longer than this is cut to its beginning
_QUOTED = re.compile(r"«\s?([^«»]{200,}?)\s?»")
_RUN = re.compile(r"\S{300,}")


def said(message: str) -> str:
    """A message as the terminal shows it: a value typed or read that is very long cut to
    its first 40 characters and « … » (a pasted file is not said back whole), a byte that
    was not UTF-8 as « � » (never « \\udcff »)."""
    from ...rules.text import shown

    message = _QUOTED.sub(lambda m: f"« {shown(m.group(1))} »", message)
    message = _RUN.sub(lambda m: shown(m.group()), message)
    return shown(message, len(message))


def last_guard(exc: BaseException, saved: Sequence[str] = ()) -> int:
    """What no handler of main() knew: French words where we have them, else a logged crash.
    ``saved``: what the command had committed before it (then never « pas enregistrée »)."""
    note = (
        f"Déjà enregistré par cette commande avant l'erreur : {' ; '.join(saved)}." if saved else ""
    )
    if isinstance(exc, KeyboardInterrupt):
        if note:
            return refuse(f"Interrompu (Ctrl-C). {note}", 130)
        return refuse("Interrompu (Ctrl-C) : l'opération en cours n'a pas été enregistrée.", 130)
    known = _known(exc)
    if known is not None:
        message, code = known
        return refuse(with_saved(message, note), code)
    try:
        where = str(crash_log(exc))
    except Exception:  # the logger must not fail in its turn: the message is still said
        where = "(impossible d'écrire le journal d'erreurs)"
    what = note or "l'opération en cours n'a pas été enregistrée."
    return refuse(
        f"Erreur inattendue ({type(exc).__name__}) : la commande s'est arrêtée ; {what} Le "
        f"détail est dans {where} : joignez ce fichier à votre signalement.",
        1,
    )


# what a message says when nothing was saved: not said once the command has committed
_NOTHING_SAVED = re.compile(
    r"\s*[:;(]?\s*(rien n'a été (enregistré|modifié)|l'opération en cours n'a pas été "
    r"enregistrée)\s*\)?\s*([.;]|(?=\s))",
)


def with_saved(message: str, note: str) -> str:
    """``message``, and what the command had saved before it failed (``note``): a claim
    that nothing was saved is taken out then, since it would be false."""
    if not note:
        return message
    return f"{_NOTHING_SAVED.sub('.', message).rstrip('.')}. {note}"


def commits() -> int:
    """How many transactions this process has committed (0 while no store is loaded: the
    store is not imported for this; ``operations.saved``)."""
    from ...operations.saved import commits as counted

    return counted()


def committed_since(mark: int) -> list[str]:
    """What this process committed after ``mark``, in the arbiter's words."""
    from ...operations.saved import committed_since as since

    return since(mark)


class _Output:
    """The standard output of a command: a reader gone (a closed pipe, a terminal closed,
    a launcher that gave none) never stops the command — what it saves is saved whole and
    said on stderr if it fails; what it would have printed is dropped."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream
        self.lost: BaseException | None = None

    def write(self, text: str) -> int:
        if self.lost is None:
            try:
                return int(self._stream.write(text))
            except (OSError, ValueError) as exc:
                self._lose(exc)
        return len(text)

    def flush(self) -> None:
        if self.lost is None:
            try:
                self._stream.flush()
            except (OSError, ValueError) as exc:
                self._lose(exc)

    def _lose(self, exc: BaseException) -> None:
        """From now on nothing is written; fd 1 points at /dev/null so that the
        interpreter's last flush of what is buffered cannot fail in its turn."""
        self.lost = exc
        try:
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, self._stream.fileno())
            os.close(null)
        except (OSError, ValueError, AttributeError):
            pass

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def standard_streams() -> None:
    """A command started with a standard descriptor closed (a service, cron, a launcher):
    /dev/null takes its number, before anything opens a file that would take it (an event
    file on fd 1 would receive what is printed); stdout made tolerant (:class:`_Output`)."""
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            opened = os.open(os.devnull, os.O_RDWR)  # the lowest free number: ``fd``
            if opened != fd:
                os.dup2(opened, fd)
                os.close(opened)
    if sys.stdout is None:
        sys.stdout = open(1, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
    if sys.stderr is None:
        sys.stderr = open(2, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
    if not isinstance(sys.stdout, _Output):
        sys.stdout = _Output(sys.stdout)


def output_lost() -> OSError | None:
    """Why stdout could not be written while the command printed (None: it could): a
    closed pipe (the reader left), a disk full, a terminal gone."""
    out = sys.stdout
    if not isinstance(out, _Output) or out.lost is None:
        return None
    lost = out.lost
    return lost if isinstance(lost, OSError) else OSError(errno.EBADF, str(lost))


def _known(exc: BaseException) -> tuple[str, int] | None:
    pydantic_core = sys.modules.get("pydantic_core")
    if pydantic_core is not None and isinstance(exc, pydantic_core.ValidationError):
        from ...rules.errors import validation_message

        return f"Refusé : {validation_message(exc)} : corrigez-le puis relancez.", 2
    rule_error = sys.modules.get("arbitre_tui.rules.errors")
    if rule_error is not None and isinstance(exc, rule_error.RuleError):
        return f"Refusé : {exc.message}", 2
    sqlite3 = sys.modules.get("sqlite3")
    if sqlite3 is not None and isinstance(exc, sqlite3.DatabaseError) and _damage(exc):
        from ...operations import sqlite_reason

        return (
            f"Erreur : le fichier de l'événement est endommagé ({sqlite_reason(exc)}) : rien "
            "n'a été modifié. Restaurez la dernière sauvegarde : arbitre restore FICHIER.",
            1,
        )
    # what the arbiter can fix (a path, a folder, rights, room on the disk): exit 2 as a
    # refusal, whichever command met it (issue 53.9); a medium failing: 1
    if isinstance(exc, IsADirectoryError):
        return f"Refusé : {exc.filename} est un dossier : donnez le chemin d'un fichier.", 2
    if isinstance(exc, NotADirectoryError):
        return f"Refusé : {exc.filename} : un élément du chemin n'est pas un dossier.", 2
    if isinstance(exc, PermissionError):
        return (
            f"Refusé : accès refusé à {exc.filename} : vérifiez les droits du fichier "
            "et de son dossier.",
            2,
        )
    if isinstance(exc, FileNotFoundError) and exc.filename:
        folder = Path(exc.filename).parent
        if not folder.is_dir():  # most often an output in a folder not made yet
            return (
                f"Refusé : le dossier {folder} n'existe pas : créez-le, ou donnez un autre "
                f"chemin que {exc.filename}.",
                2,
            )
        return f"Refusé : fichier introuvable : {exc.filename}", 2
    if isinstance(exc, OSError) and exc.errno == errno.ENOSPC:
        return (
            "Refusé : écriture impossible, disque plein : ce qui était en cours d'écriture "
            "est incomplet. Libérez de la place puis recommencez.",
            2,
        )
    if isinstance(exc, OSError) and exc.errno == errno.EROFS:
        return (
            f"Refusé : {exc.filename or 'la destination'} est sur un support en lecture "
            "seule : choisissez un autre endroit.",
            2,
        )
    if isinstance(exc, OSError) and exc.filename:
        return f"Erreur : {exc.filename} illisible ou inaccessible ({os_reason(exc)}).", 1
    if isinstance(exc, OSError) and exc.errno:
        return f"Erreur : {os_reason(exc)} : la commande s'est arrêtée.", 1
    return None


def _damage(exc: BaseException) -> bool:
    """SQLite read a damaged file (any other of its errors is a fault of ours: logged)."""
    text = str(exc).lower()
    return any(words in text for words in ("malformed", "could not decode", "corrupt"))


# the system's reasons (os.strerror says them in English), the ones a venue meets
_REASONS = {
    errno.ENOENT: "introuvable",
    errno.EEXIST: "existe déjà",
    errno.EACCES: "accès refusé",
    errno.EPERM: "opération non permise",
    errno.ENOSPC: "disque plein",
    errno.EROFS: "support en lecture seule",
    errno.EIO: "erreur de lecture ou d'écriture du support (retiré ou défaillant ?)",
    errno.ENAMETOOLONG: "nom trop long",
    errno.ELOOP: "trop de liens symboliques",
    errno.ENOTEMPTY: "dossier non vide",
    errno.EISDIR: "c'est un dossier",
    errno.ENOTDIR: "un élément du chemin n'est pas un dossier",
    errno.ENXIO: "périphérique absent",
    errno.ENODEV: "périphérique absent",
    errno.EFBIG: "fichier trop gros",
    errno.EMFILE: "trop de fichiers ouverts",
    errno.ENFILE: "trop de fichiers ouverts",
    errno.EBUSY: "occupé",
    errno.EINVAL: "chemin refusé par le système",
}


def os_reason(exc: OSError) -> str:
    """Why the system refused, in French; else its code (ENOTSUP), never its English. (A
    host that cannot be listened on is said by faces.web.server.listen_refusal.)"""
    if exc.errno in _REASONS:
        return _REASONS[exc.errno]
    name = errno.errorcode.get(exc.errno or 0)
    return f"erreur système {name}" if name else "erreur d'accès"
