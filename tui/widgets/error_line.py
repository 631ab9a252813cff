"""The line under a field that says what is wrong with it, hidden while nothing is."""

from __future__ import annotations

from textual.widgets import Static


class ErrorLine(Static):
    """Shows ``✗ message`` (a symbol, so it reads without colour); takes no room when empty."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id, classes="field-error -empty", markup=False)

    def show(self, message: str) -> None:
        self.update(f"✗ {message}" if message else "")
        self.set_class(not message, "-empty")
