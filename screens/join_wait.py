"""A player's screens between their steps (`lastround join`): waiting for the table to reach
them, and their steps entered (any one reopened to change it), then the final scores.

Neither asks anything: the app moves on from them by itself when the host's file changes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import OptionList, Static

from lastround.games.base import Result, verdict
from lastround.screens.join import number_typed, numbered, show_line, show_options
from lastround.session.terminal_safe import visible
from lastround.widgets.footer import SteadyFooter
from lastround.widgets.plain import Plain
from lastround.widgets.title_bar import TitleBar


@dataclass(frozen=True)
class SeatView:
    """What the done screen shows of a seat: its steps (id, title, entered), how the other
    seats stand, and the final scores once the game is finished."""

    game: str
    name: str
    steps: list[tuple[str, str, bool]] = field(default_factory=list)
    others: list[str] = field(default_factory=list)
    result: Result | None = None
    finished: bool = False


class BetweenSteps(Screen[None]):
    """A heading, a body, then a line for the host's notices and one for the host's state."""

    BINDINGS = [Binding("q", "app.quit", "Quit", id="quit-join",
                        tooltip="Leave (what you entered is with the host)")]
    HEADING = ""

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Plain(self.HEADING, id="join-heading", classes="join-heading")
        with VerticalScroll(classes="join-body") as body:
            body.can_focus = False
            yield from self.compose_body()
        yield Plain("", id="join-notice", classes="join-line -empty")
        yield Plain("", id="join-status", classes="join-line -empty")
        yield SteadyFooter(compact=True, show_command_palette=False)

    def compose_body(self) -> ComposeResult:
        yield from ()

    def built(self) -> bool:
        """Whether the lines are there to show things in: not before the screen is built,
        nor once it is taken apart (the app ending, or the screen replaced before its Mount
        handler ran: a player's own steps arriving while the table is looked at). Textual
        removes a screen's widgets one by one, but counts the screen and every widget of it
        as no longer displayed from the moment the removal starts."""
        return self.display and bool(self.query("#join-status"))

    def show_notice(self, text: str) -> bool:
        """A line from the host (another player listed a card of yours): shown here."""
        if not self.built():
            return False
        show_line(self.query_one("#join-notice", Static), visible(text))
        return True

    def show_status(self, text: str) -> None:
        if self.built():
            show_line(self.query_one("#join-status", Static), text)


class WaitScreen(BetweenSteps):
    HEADING = "Waiting for the table"

    def __init__(self) -> None:
        super().__init__()
        self.shown = ("", "", "")

    def compose_body(self) -> ComposeResult:
        yield Plain("", id="wait-text")

    def on_mount(self) -> None:
        self.show(*self.shown)

    def show(self, game: str, name: str, at: str) -> None:
        """The game, the seat, and the table-wide step the host is at (shown once built)."""
        self.shown = (game, name, at)
        self.title, self.sub_title = game, visible(name)
        if self.built():
            self.query_one("#wait-text", Static).update(
                f"The host is at '{visible(at)}': your steps open when the table gets "
                f"there.\n\nYou are {visible(name)}. This screen moves on by itself.")


class DoneScreen(BetweenSteps):
    HEADING = "Entered ✓"
    BINDINGS = [Binding("enter", "reopen", "Change it", id="reopen", priority=True,
                        tooltip="Open the chosen step again: it is sent again once changed")]

    def __init__(self, reopen: Callable[[str], None]) -> None:
        super().__init__()
        self.reopen = reopen
        self.view: SeatView | None = None

    def compose_body(self) -> ComposeResult:
        yield Plain("", id="done-scores", classes="join-line -empty")
        yield Plain("", id="done-hint", classes="join-hint")
        yield OptionList(id="own-steps", classes="join-list", markup=False)
        yield Plain("", id="done-others")

    def on_mount(self) -> None:
        if self.view is not None:
            self.show(self.view)

    def show(self, view: SeatView) -> None:
        """The seat's steps, the other seats, the final scores (shown once built)."""
        self.view = view
        self.title, self.sub_title = view.game, visible(view.name)
        if not self.built():
            return
        finished = view.finished
        self.query_one("#join-heading", Static).update(
            "The game is over: final scores" if finished else self.HEADING)
        show_line(self.query_one("#done-scores", Static), scores_text(view.result))
        self.query_one("#done-hint", Static).update(
            "Your steps:" if finished
            else "Your steps (its number or ↑ ↓, then Enter to change one):")
        show_options(self.query_one("#own-steps", OptionList),
                     numbered([f"{'✓' if entered else '·'} {visible(title)}"
                               for _id, title, entered in view.steps]))
        others = " · ".join(visible(line) for line in view.others)
        self.query_one("#done-others", Static).update(
            "" if finished or not others else f"Table: {others}")
        self.refresh_bindings()

    def on_key(self, event: events.Key) -> None:
        """A digit picks a step, as on the seat list: a phone's keyboard has no arrows."""
        if self.view is not None and not self.view.finished:
            number_typed(event, self.query_one("#own-steps", OptionList))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "reopen":
            return self.view is not None and not self.view.finished
        return True

    def action_reopen(self) -> None:
        chosen = self.query_one("#own-steps", OptionList).highlighted
        if self.view is not None and chosen is not None and chosen < len(self.view.steps):
            self.reopen(self.view.steps[chosen][0])


def scores_text(result: Result | None) -> str:
    """The winners, then every player's total, best first."""
    if result is None:
        return ""
    lines = [f"★ {visible(verdict(result.winners, result.decided_by))}"]
    lines += [f"{place}. {visible(player.name)}  {player.total}"
              for place, player in result.ranking()]
    return "\n".join(lines)
