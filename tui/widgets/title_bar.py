"""The top line of every screen: the title and what the step is, centred.

It looks exactly like Textual's Header with no icon and no clock, but is one widget where
the Header is four, and it watches only its own screen (the Header also watches the app,
which keeps every screen's Header alive). Each step change builds one, so this is measured
in the time a key takes (tests/perf/bench_keys.py).
"""

from __future__ import annotations

from textual.widgets import Static


class TitleBar(Static):
    DEFAULT_CSS = """
    TitleBar {
        dock: top;
        width: 100%;
        height: 1;
        background: $panel;
        color: $foreground;
        /* where the Header's icon (8 cells) and clock space (10 cells) would be */
        padding: 0 10 0 8;
        text-wrap: nowrap;
        text-overflow: ellipsis;
        content-align: center middle;
    }
    """

    def on_mount(self) -> None:
        self.watch(self.screen, "title", self.show_title)
        self.watch(self.screen, "sub_title", self.show_title)

    def show_title(self) -> None:
        screen, app = self.screen, self.app
        title = app.title if screen.title is None else screen.title
        sub_title = app.sub_title if screen.sub_title is None else screen.sub_title
        self.update(app.format_title(title, sub_title), layout=False)  # one line, always
