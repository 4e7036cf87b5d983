"""The header: the icon, « event — section — ronde 3/9 », the clock; one widget."""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from textual.content import Content
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

ICON_WIDTH = 8  # the icon, a column of margin each side, as Textual's header
CLOCK_WIDTH = 10  # « 14:00:00 » and a column each side


def clock_text() -> str:
    """The clock's time (the snapshot tests stop it)."""
    return datetime.now().time().strftime("%X")


class TitleBar(Widget, can_focus=False):
    """Textual's Header, drawn as one widget.

    Textual's Header is four widgets (itself, the icon, the title, the clock), each
    styled, laid out and rendered at every start: ≈ 30 000 Python calls of the app's first
    paint. Here Textual renders the title (centred, cut with « … ») between paddings as
    wide as the icon and the clock, and the line's two ends are drawn over those paddings,
    in the colours Textual's header gives them. The line is drawn again every second for
    the clock (one line: nothing to gain in drawing ten columns alone).
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"title-bar--clock"}
    DEFAULT_CSS = """
    TitleBar {
        dock: top;
        width: 100%;
        height: 1;
        background: $panel;
        color: $foreground;
        padding: 0 10 0 8;
        text-wrap: nowrap;
        text-overflow: ellipsis;
        content-align: center middle;
        & > .title-bar--clock {
            background: $foreground-darken-1 5%;
            color: $foreground;
            text-opacity: 85%;
        }
    }
    """

    def __init__(self, icon: str) -> None:
        super().__init__()
        self.icon = icon

    def on_mount(self) -> None:
        for node in (self.app, self.screen):
            self.watch(node, "title", self._redraw, init=False)
            self.watch(node, "sub_title", self._redraw, init=False)
        self.set_interval(1, self._redraw, name="horloge de l'en-tête")

    def _redraw(self) -> None:
        """A new title, or a second gone by (refresh takes regions: not a watcher itself)."""
        self.refresh()

    def render(self) -> Content:
        title = self.screen.title if self.screen.title is not None else self.app.title
        sub = self.screen.sub_title if self.screen.sub_title is not None else self.app.sub_title
        return self.app.format_title(title, sub)

    def render_lines(self, crop: Region) -> list[Strip]:
        width = self.outer_size.width  # size is the title's, between the two ends
        line = self._styles_cache.render_widget(self, Region(0, 0, width, 1))[0]
        base = self.rich_style
        background = Style(bgcolor=base.bgcolor)
        text = Style(color=base.color, bgcolor=base.bgcolor)
        icon = Strip(
            [
                Segment(" ", background),
                Segment(self.icon, text),
                Segment(" " * (ICON_WIDTH - 3), text + Style(reverse=False)),
                Segment(" ", background),
            ]
        )
        clock_styles = self.get_component_styles("title-bar--clock")
        clock_background = self.styles.background + clock_styles.background
        clock_colour = clock_background.blend(clock_styles.color, clock_styles.text_opacity)
        clock_back = Style(bgcolor=clock_background.rich_color)
        clock = Strip(
            [
                Segment(" ", clock_back),
                Segment(
                    clock_text().center(CLOCK_WIDTH - 2),
                    Style(color=clock_colour.rich_color, bgcolor=clock_background.rich_color),
                ),
                Segment(" ", clock_back),
            ]
        )
        middle = line.crop(ICON_WIDTH, max(width - CLOCK_WIDTH, ICON_WIDTH))
        whole = Strip.join([icon, middle, clock]).crop(crop.x, crop.right)
        return [whole] * crop.height
