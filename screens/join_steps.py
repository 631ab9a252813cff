"""The step screens as a player sees them on their own terminal (`lastround join`).

The host's screens, with keys a phone's keyboard has: on a form Enter goes to the next field
and sends the step from the last one (↓ and ↑ go from field to field too). The heading names
the seat and how far through its steps it is. A game's own kinds have theirs in the game's
screens (lastround.screens.step_kinds).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from textual import events
from textual.binding import Binding, BindingType

from lastround.games.seats import seat_steps
from lastround.screens.form import FormScreen
from lastround.screens.step import StepScreen
from lastround.session.terminal_safe import visible
from lastround.widgets.key_order import focus_now


def out_of_the_footer(bindings: Sequence[BindingType], *keys: str, keep: str = "") -> list[Binding]:
    """The base class's bindings of `keys`, still working but not listed: a 40-column footer
    has room for the keys a player needs (the action `keep` stays listed)."""
    return [replace(b, show=b.show and b.action == keep) for b in bindings
            if isinstance(b, Binding) and b.key in keys]


def seat_heading(screen: StepScreen) -> None:
    """"Race for the Galaxy — Maya 1/2": the game, the seat, its own steps."""
    session, step = screen.session, screen.step
    seat = step.player or 0
    own = [s.id for s in seat_steps(session.steps(), seat)]
    players = session.players
    name = visible(players[seat]) if seat < len(players) else ""
    place = f" {own.index(step.id) + 1}/{len(own)}" if step.id in own else ""
    screen.title = session.title
    screen.sub_title = f"{name}{place}"


class JoinFormScreen(FormScreen):
    BINDINGS = [
        Binding("enter", "confirm", "Next/Send", id="confirm", priority=True,
                tooltip="The next field; the last field's Enter sends the step to the host"),
        # Priority: a choice's own ↑ ↓ give way (← → still change it). Listed in F1 only:
        # a 40-column footer has room for Enter's, which every keyboard has.
        Binding("down", "app.focus_next", "Next", id="next-field", priority=True,
                key_display="↓", tooltip="The next field (as Tab does)", show=False),
        Binding("up", "app.focus_previous", "Prev", id="previous-field",
                priority=True, key_display="↑", tooltip="The field before", show=False),
    ]

    def show_heading(self) -> None:
        seat_heading(self)

    def action_confirm(self) -> None:
        """Enter goes to the next field (a phone's keyboard has neither Tab nor arrows), and
        sends the step from the last one."""
        chain = self.focus_chain
        if not self.read_only and self.focused in chain[:-1]:
            focus_now(chain[chain.index(self.focused) + 1])
        else:
            super().action_confirm()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """The field reached is brought to the middle: at 40×16 the running total, docked
        under the fields, would cover one brought only into view at the bottom."""
        body = self.query_one(".step-body")
        self.call_after_refresh(body.scroll_to_center, event.widget, animate=False)
