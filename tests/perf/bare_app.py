"""The floors every figure is measured against: bare Textual apps.

    python bare_app.py          header, one line, footer (start-up and memory)
    python bare_app.py minimal  one line and nothing else: the least a Textual app loads and
                                draws (the start-up floor)
    python bare_app.py typing   the same with an input to type into (the floor for typed keys)
    python bare_app.py screens  Enter shows a new screen: header, one line, four labelled
                                inputs, footer (the floor for a key that changes the step)

Only App and Static are imported at the top, so the minimal app loads no other widget.
"""

from __future__ import annotations

import sys

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

FIELDS = 4  # about the fields of a Race for the Galaxy step


class MinimalApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("Minimal Textual app")


class BareApp(App[None]):
    TITLE = "Bare"

    def compose(self) -> ComposeResult:
        from textual.widgets import Footer, Header

        yield Header()
        yield Static("Bare Textual app")
        yield Footer()


class TypingApp(BareApp):
    def compose(self) -> ComposeResult:
        from textual.widgets import Footer, Header, Input

        yield Header()
        yield Static("Bare Textual app")
        yield Input(placeholder="type here")
        yield Footer()


class FieldsScreen(Screen[None]):
    BINDINGS = [Binding("enter", "next", "Next", priority=True)]

    def __init__(self, number: int) -> None:
        super().__init__()
        self.number = number

    def compose(self) -> ComposeResult:
        from textual.containers import Horizontal, VerticalScroll
        from textual.widgets import Footer, Header, Input, Label

        yield Header()
        yield Static(f"Bare Textual app, screen {self.number}")
        with VerticalScroll():
            for field in range(FIELDS):
                with Horizontal(classes="row"):
                    yield Label(f"Field {field + 1}")
                    yield Input(str(field), compact=True)
        yield Footer()

    def action_next(self) -> None:
        self.app.switch_screen(FieldsScreen(self.number + 1))


class ScreensApp(App[None]):
    CSS = ".row { height: auto; } Label { width: 30; }"

    def on_mount(self) -> None:
        self.push_screen(FieldsScreen(1))


if __name__ == "__main__":
    apps: dict[str, type[App[None]]] = {"minimal": MinimalApp, "typing": TypingApp,
                                         "screens": ScreensApp}
    apps.get(sys.argv[1] if len(sys.argv) > 1 else "", BareApp)().run()
