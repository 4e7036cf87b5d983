"""The footer of keys, with « ? Touches » always visible at its right end."""

from __future__ import annotations

from typing import ClassVar, NamedTuple

from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static


class FooterEntry(NamedTuple):
    """One key as the footer shows it: « g Aller », dimmed when it does nothing now."""

    key: str
    shown: str  # the key's name in French (« espace », « Entrée »)
    description: str
    enabled: bool
    own: bool = True  # the screen's or the pane's key; False: the app's (the pane bar's)


def shortened(entries: list[FooterEntry], width: int) -> list[str]:
    """The keys' words for ``width`` columns, as the pane bar shortens the panes' names:
    whole if the pane's own keys hold, else cut to five letters and a dot, else to three;
    the app's keys (the pane bar shows the panes) come after, and any key that does not
    hold is left out whole (« ? Touches » lists them all)."""
    for short in (0, 5, 3):
        words = [
            e.description[:short] + ("." if short > 3 else "")
            if short and len(e.description) > short
            else e.description
            for e in entries
        ]
        used = sum(
            len(f"{e.shown} {w}".rstrip()) + 1 for e, w in zip(entries, words, strict=True) if e.own
        )
        if used - 1 <= width:
            return words
    return words


class KeysLine(Widget, can_focus=False):
    """The screen's keys on one line, drawn as one text.

    Textual's Footer builds a widget per key, each styled, laid out and rendered at every
    start and every change of pane or focus: ≈ 69 000 Python calls of the app's first
    paint for ten keys seen at 80 columns. This line draws the same « k Nom » pairs, in
    the theme's footer colours, as one text cropped at the last column. A click on a key
    types it, as Textual's footer does.
    """

    ALLOW_SELECT = False
    COMPONENT_CLASSES: ClassVar[set[str]] = {"keys-line--key", "keys-line--description"}
    DEFAULT_CSS = """
    KeysLine {
        width: 1fr;
        height: 1;
        text-wrap: nowrap;
        text-overflow: clip;
        background: $footer-item-background;
        & > .keys-line--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        & > .keys-line--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self.entries: list[FooterEntry] = []
        self._spans: list[tuple[int, int, str]] = []  # columns [start, end) of each key

    def show_keys(self, entries: list[FooterEntry]) -> None:
        if entries != self.entries:
            self.entries = entries
            self.refresh()

    def render(self) -> Text:
        key_style = self.get_component_rich_style("keys-line--key")
        description_style = self.get_component_rich_style("keys-line--description")
        dim = Style(dim=True)
        text = Text(no_wrap=True, overflow="crop", end="")
        self._spans = []
        descriptions = shortened(self.entries, self.size.width)
        for entry, description in zip(self.entries, descriptions, strict=True):
            start = text.cell_len
            pair = f"{entry.shown} {description}".rstrip()
            if start + len(pair) > self.size.width:  # never a key cut mid-word (issue 49.1)
                break
            text.append(entry.shown, key_style + dim if not entry.enabled else key_style)
            description = " " + description if description else ""
            text.append(
                description, description_style + dim if not entry.enabled else description_style
            )
            self._spans.append((start, text.cell_len, entry.key))
            text.append(" ")  # the gap between two keys, in the footer's colours
        text.stylize_before(self.rich_style)
        return text

    def on_click(self, event: events.Click) -> None:
        for start, end, key in self._spans:
            if start <= event.x < end:
                if not any(e.enabled for e in self.entries if e.key == key):
                    self.app.bell()  # a key shown dimmed does nothing now
                else:
                    self.app.simulate_key(key)
                return


class KeysFooter(Widget, can_focus=False, can_focus_children=False):
    """The screen's keys, plus the key that lists every key, docked right.

    At 80 columns a pane's own keys fill the line and the app's keys after them are
    cut; the one key that shows them all must never be.
    """

    DEFAULT_CSS = """
    KeysFooter {
        dock: bottom;
        height: 1;
        layout: horizontal;
        color: $footer-foreground;
        background: $footer-background;
    }
    """

    _hidden: frozenset[str] = frozenset()  # ids of bindings not to list (see hide)

    def compose(self) -> ComposeResult:
        yield KeysLine()
        yield Static("[b]?[/b] Touches", id="all-keys")

    def hide(self, ids: frozenset[str]) -> None:
        """Bindings not to list, by id: the keys of panes the section on screen has not
        (typed, such a key still says so on the status line)."""
        if ids != self._hidden:
            self._hidden = ids
            if self.is_mounted:
                self._bindings_changed(self.screen)

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self._bindings_changed(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        """The keys of the focused widget and of every node above it, as Textual's
        footer lists them: shown ones, the first key of each action."""
        if screen is not self.screen:
            return
        entries: list[FooterEntry] = []
        actions: set[str] = set()
        for node, binding, enabled, _tooltip in screen.active_bindings.values():
            if not binding.show or binding.action in actions or binding.id in self._hidden:
                continue
            actions.add(binding.action)
            shown = self.app.get_key_display(binding)
            own = node is not self.app
            entries.append(FooterEntry(binding.key, shown, binding.description, enabled, own))
        self.query_one(KeysLine).show_keys(entries)
