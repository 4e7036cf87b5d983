"""Which station wrote: the terminal's name as the journal stores it, and as arbiters say it."""

from __future__ import annotations

import getpass
import os


def terminal_name() -> str:
    """Who is typing: user, terminal, host — so the journal says which station.

    ``ARBITRE_POSTE`` names the station explicitly. Without a terminal (a script, a
    service) the user and host alone: every command of one user there is one station.
    With one, the login session too (its leader's pid, « #4121 »): an SSH session that
    dropped does not hand its undo to the next login given the same /dev/pts/N, while the
    app and the commands typed in one shell stay one station (issue 29.4).
    """
    named = os.environ.get("ARBITRE_POSTE")
    if named:
        return named
    try:
        user = getpass.getuser()
    except Exception:
        user = "?"
    # the terminal itself first: two tmux windows of one SSH session are two stations
    try:
        tty = os.ttyname(0)
    except OSError:
        tty = os.environ.get("SSH_TTY", "")
    host = os.uname().nodename  # socket.gethostname() without loading socket at start
    if not tty:
        return f"{user}@{host}"
    try:
        session = f"#{os.getsid(0)}"
    except OSError:
        session = ""
    return f"{user}@{host}:{tty}{session}"


def station_label(terminal: str) -> str:
    """The station as an arbiter names it: the name given (ARBITRE_POSTE), else its
    terminal and who (« pts/3, arbitre@pi »), never the login session's number."""
    if "@" not in terminal:
        return terminal
    who, _, tty = terminal.partition(":")
    tty = tty.split("#")[0].removeprefix("/dev/")
    return f"{tty}, {who}" if tty else who


def other_station(terminal: str) -> str:
    """« poste pts/3, arbitre@pi », or the name given when it says poste already."""
    label = station_label(terminal)
    return label if label.lower().startswith("poste") else f"poste {label}"
