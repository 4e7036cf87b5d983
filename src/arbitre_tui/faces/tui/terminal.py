"""The terminal's keys: « Échap » then a key, read together, are the two keys typed.

Typed fast over SSH, « Échap » and the next key arrive in one read (« \\x1b! »). Textual's
parser takes them for alt+key: it drops the Échap before a key that is not a letter or a
digit (« ! », « espace », ctrl+z), and reads some pairs as other keys (« \\x1bf » is
ctrl+→, « \\x1bb » ctrl+←, « \\x1b⌫ » ctrl+w). Nothing here is bound to alt, so this
parser gives back the two keys typed: a prompt closes, then the key acts.

« Échap [ » and « Échap O » begin what the terminal sends for ↑ or F1 (CSI, SS3): Textual
waits for the rest, and when none comes gives back Échap then the keys (issue 29.5). But
when another « Échap » follows (« Échap [ » then ↓, in one read), it gave back the first
Échap as « ^ »: here it stays Échap.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable

from textual import events
from textual._parser import Peek1, Read1, TokenCallback
from textual._xterm_parser import XTermParser
from textual.drivers.linux_driver import LinuxDriver
from textual.message import Message

ESCAPE = "\x1b"
# what may follow Échap in a sequence the terminal sends itself (CSI, SS3, DCS, OSC, ST,
# APC, PM): those are read whole, as Textual does
_INTRODUCERS = frozenset("[O]P\\_^")


class KeysParser(XTermParser):
    """Textual's parser, with « Échap » then a key read as those two keys."""

    def __init__(self, debug: bool = False) -> None:
        self._escape_given = False  # the last key made was Échap: the next token is it
        super().__init__(debug)

    def parse(self, token_callback: TokenCallback[Message]) -> Generator[Read1 | Peek1, str, None]:
        """Textual's parse, its tokens handed on, save one: the « ^ » it makes of an Échap
        given back before another Échap (it replaces the key made just before)."""

        def given(token: Message) -> None:
            escape, self._escape_given = self._escape_given, False
            if escape and isinstance(token, events.Key) and token.key == "circumflex_accent":
                token = events.Key("escape", ESCAPE)
            token_callback(token)

        return super().parse(given)

    def _sequence_to_key_events(self, sequence: str, alt: bool = False) -> Iterable[events.Key]:
        self._escape_given = sequence == ESCAPE and not alt
        typed = sequence if alt else _after_escape(sequence)
        if typed is None:
            yield from super()._sequence_to_key_events(sequence, alt)
            return
        yield events.Key("escape", ESCAPE)
        yield from super()._sequence_to_key_events(typed)


def _after_escape(sequence: str) -> str | None:
    """The key typed after « Échap » when the two came together, else None."""
    if len(sequence) == 2 and sequence[0] == ESCAPE and sequence[1] not in _INTRODUCERS:
        return sequence[1]
    return None


class KeysDriver(LinuxDriver):
    """Textual's Linux driver, reading keys with KeysParser."""

    def run_input_thread(self) -> None:
        from textual.drivers import linux_driver

        # the input loop builds its parser from this module's name (no other way in)
        setattr(linux_driver, "XTermParser", KeysParser)  # noqa: B010
        super().run_input_thread()
