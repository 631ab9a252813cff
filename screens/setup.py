"""Who is at the table, in seat order, and the game's own settings."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Label, Static

from screens.form import FormScreen
from tui.fields import Invalid, check_players, parse_name
from tui.games.base import Step
from tui.widgets.error_line import ErrorLine

SEATS = 4


class SetupScreen(FormScreen):
    @classmethod
    def step_layout(cls, step: Step) -> Hashable | None:
        return None  # shown once per session

    def compose_body(self) -> ComposeResult:
        yield Static("Players in seat order (clockwise). Leave unused seats empty.",
                     classes="field-hint")
        seated = self.session.players
        for seat in range(SEATS):
            with Horizontal(classes="field-row"):
                yield Label(f"Seat {seat + 1}", classes="field-label")
                name = seated[seat] if seat < len(seated) else ""
                yield Input(name, id=f"seat-{seat}", max_length=30, placeholder="name",
                            compact=True)
        yield ErrorLine(id="error-seats")
        yield from super().compose_body()

    def values(self) -> dict[str, Any] | None:
        error = self.query_one("#error-seats", ErrorLine)
        names: list[str] = []
        try:
            for seat in range(SEATS):
                raw = self.query_one(f"#seat-{seat}", Input).value
                if raw.strip():
                    names.append(parse_name(raw, f"Seat {seat + 1}"))
            check_players(names)
        except Invalid as problem:
            error.show(str(problem))
            self.say("Fix the players before confirming")
            self.query_one("#seat-0", Input).focus()
            return None
        error.show("")
        values = super().values()
        return None if values is None else {"players": names, **values}
