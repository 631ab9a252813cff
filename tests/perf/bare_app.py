"""The floor every figure is measured against: a bare Textual app (header, one line, footer)."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Footer, Header, Input, Static


class BareApp(App[None]):
    TITLE = "Bare"

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("Bare Textual app")
        yield Input(placeholder="type here")
        yield Footer()


if __name__ == "__main__":
    BareApp().run()
