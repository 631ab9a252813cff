"""What every step screen shares: the heading, Enter to confirm, Esc to go back.

A step screen asks by message (lastround.screens.messages: Confirmed, Back, GoHome) and is told by
calls down (refuse, say, say_later, progress_kept). It reads what was typed before through the
drafts it is handed when made (the host's session keeper, or a player's seat), and hands its
typing to whoever keeps it (`typed`): it writes nothing itself."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, Protocol

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.reactive import Reactive
from textual.widget import Widget
from textual.widgets import Input, Static

from lastround.games.base import Step
from lastround.screens.messages import Back, Confirmed, GoHome
from lastround.screens.offstage import Offstage
from lastround.session.drafts import DraftValues
from lastround.session.session import Session
from lastround.widgets.choice import Choice
from lastround.widgets.footer import SteadyFooter
from lastround.widgets.key_order import focus_now
from lastround.widgets.plain import Plain
from lastround.widgets.title_bar import TitleBar


def field_value(field: Widget) -> str:
    """What a field holds: an Input's text, a Choice's option."""
    return field.value if isinstance(field, (Input, Choice)) else ""


class StepDrafts(Protocol):
    """What a step screen reads of the session's keeping: whether it may type, and what was
    typed before (the host's lastround.session.keeper.Keeper, a player's
    lastround.session.seat.Seat)."""

    @property
    def read_only(self) -> bool: ...

    def draft_for(self, step: Step) -> DraftValues | None: ...


@dataclass(frozen=True)
class Typed:
    """What a step's fields hold, to keep as its draft (None: as shown, nothing typed)."""

    values: DraftValues | None


class StepScreen(Offstage):
    """Base of every screen that shows one step (the app switches between them)."""

    BINDINGS = [
        # Priority, so Enter confirms from any field and the footer always shows it.
        Binding("enter", "confirm", "Confirm", id="confirm", priority=True,
                tooltip="Confirm this step and save it"),
        Binding("escape", "back", "Back", id="back", tooltip="Go back one step"),
    ]

    # The title bar draws itself again when these change (it watches them); Textual would
    # also redraw the whole screen, which a step refilled in place does not need.
    title: Reactive[str | None] = Reactive(None, compute=False, repaint=False)
    sub_title: Reactive[str | None] = Reactive(None, compute=False, repaint=False)

    BODY_SCROLLS = False
    RESTORED = "✎ What was typed here before is back (not yet confirmed: Enter confirms it)"

    def __init__(self, session: Session, step: Step, index: int, drafts: StepDrafts) -> None:
        super().__init__()
        self.drafts = drafts
        self.session = session
        self.step = step
        self.index = index
        self.untouched: DraftValues | None = None  # the fields as shown, before any typing
        self.notice = ""  # a line to show under the step once it is drawn (say_later)
        self.table_text = ""  # table mode's line: kept until the screen is built to show it

    @property
    def read_only(self) -> bool:
        return self.drafts.read_only

    def compose(self) -> ComposeResult:
        self.show_heading()
        yield TitleBar()
        yield Plain(self.step.title, classes="step-title")
        with VerticalScroll(classes="step-body") as body:
            # The fields take focus; a screen without fields scrolls its body by keys.
            body.can_focus = self.BODY_SCROLLS
            if self.step.text:
                yield Plain(self.step.text, classes="step-text")
            yield from self.compose_body()
        # Table mode: how every seat stands (the host's), given before or after it is built.
        yield Plain(self.table_text, id="table-line", classes="-shown" if self.table_text else "")
        # A step asked again says why at once.
        why = f"✗ {self.step.ask_again}" if self.step.ask_again else ""
        yield Plain(why, id="message", classes="message")
        yield SteadyFooter(compact=True, show_command_palette=False)  # room for every step key

    def compose_body(self) -> ComposeResult:
        yield from ()

    def show_heading(self) -> None:
        """The step's number without a total: the procedure grows as it is answered (the
        players seated, an end check reopened each round), so a total would change."""
        self.title = self.session.title
        self.sub_title = "Finished" if self.session.finished else f"Step {self.index + 1}"

    # The same step for the next player ---------------------------------------------------
    # Building a screen costs far more than filling one (bare Textual takes several times as
    # long to show a new screen of fields: tests/perf/bench_keys.py), so a step laid out like
    # the one on screen (each player's final scoring) is shown in the same widgets.
    @classmethod
    def step_layout(cls, step: Step) -> Hashable | None:
        """What decides the widgets this screen builds for `step`; None: built anew each time."""
        return None

    def shows_like(self, session: Session, step: Step) -> bool:
        layout = self.step_layout(step)
        return (session is self.session
                and step.kind == self.step.kind  # the kind names the screen class
                and layout is not None and layout == self.step_layout(self.step))

    def load_step(self, step: Step, index: int) -> None:
        self.step, self.index = step, index
        self.show_heading()
        self.query_one(".step-title", Static).update(step.title)
        for text in self.query(".step-text").results(Static):
            text.update(step.text)
        self.say(step.ask_again)
        self.fill()
        self.focus_typing_place()
        self.query_one(".step-body").scroll_home(animate=False)  # a step text above the fields
        if self.is_current:  # the next player's copy of the step shown (else: when shown)
            self.draw_now()

    def fill(self) -> None:
        """Put this step's values into the widgets (see `load_step`)."""

    def on_mount(self) -> None:
        # Runs after the step class's own on_mount (Textual calls them subclass first).
        self.focus_typing_place()
        if self.notice:
            self.show_notice_line()

    def say_later(self, notice: str) -> None:
        """A line (not a problem: not in the error colour) under the step, once it is drawn."""
        self.notice = notice
        if self.is_mounted:
            self.show_notice_line()

    def show_notice_line(self) -> None:
        line = self.query_one("#message", Static)
        line.update(self.notice)
        line.add_class("-notice")

    def focus_first(self) -> None:
        """Focus the field a player types into first, at once (see lastround.widgets.key_order)."""

    def focus_typing_place(self) -> None:
        """Bring back the draft, if any, and focus where its typing stopped: the first field
        it left empty, else the last one it changed, its cursor after its text (nothing
        selected: the next key goes on with it); without a draft, the first field."""
        fields = list(self.query("Input, Choice"))  # in the order they are shown
        before = [field_value(field) for field in fields]
        if not self.show_draft():
            self.focus_first()
            return
        empty = [field for field in fields if isinstance(field, Input) and not field.value]
        changed = [field for field, was in zip(fields, before, strict=True)
                   if field_value(field) != was]
        resumed = empty[:1] or changed[-1:]
        if resumed and resumed[0].focusable:
            focus_now(resumed[0])
            if isinstance(resumed[0], Input):
                resumed[0].action_end()
        else:
            self.focus_first()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """Mark the focused field's row: its label shows in reverse video, seen without colour."""
        for row in self.query(".field-row"):
            row.set_class(row is event.widget.parent, "-current")

    # drafts: what is typed before Enter, kept on disk as it is typed (lastround.session.drafts)
    def draft(self) -> DraftValues | None:
        """The step's fields as they stand (None: a step with nothing typed in it)."""
        return None

    def restore(self, values: DraftValues) -> None:
        """Put a kept draft back into the fields."""

    def show_draft(self) -> bool:
        """Bring back what was typed in this step before (a dropped link, Esc, Ctrl+O):
        whether there was something to bring back."""
        self.untouched = self.draft()
        kept = None if self.read_only else self.drafts.draft_for(self.step)
        if kept is None or self.untouched is None or kept == self.untouched:
            return False
        try:
            self.restore(kept)
        except (LookupError, TypeError, ValueError):  # edited by hand: start from the step
            return False
        self.query_one("#message", Static).update(self.RESTORED)
        return True

    def typed(self) -> Typed | None:
        """What is typed in this step so far, to keep on disk (see lastround.session.drafts); None
        while there is nothing to keep (not yet built, or read-only)."""
        if self.untouched is None or self.read_only or not self.is_mounted:
            return None
        typed = self.draft()
        return Typed(None if typed == self.untouched else typed)

    def show_table_line(self, text: str) -> None:
        """Table mode: every seat's standing on this kind of step ("" hides the line)."""
        if text == self.table_text:  # looked at many times a second: drawn on change
            return
        self.table_text = text
        for line in self.query("#table-line").results(Static):  # none until built, or once
            line.update(text)                                   # being taken down
            line.set_class(bool(text), "-shown")

    def help_text(self) -> str:
        return self.step.help or self.step.text

    def say(self, message: str) -> None:
        """Show a problem where the player is looking (text, so it reads without colour)."""
        self.query_one("#message", Static).remove_class("-notice")
        self.query_one("#message", Static).update(f"✗ {message}" if message else "")

    def refuse(self, key: str, message: str) -> None:
        """The rules refused a value (key names it): say so; forms show it at the field."""
        self.say(message)

    def values(self) -> dict[str, Any] | None:
        """The step's values, or None after saying what is wrong."""
        return {}

    def progress_kept(self) -> None:
        """The progress this screen confirmed inside its step (Confirmed, partial) is kept:
        a screen showing it as it now stands does so here."""

    def action_confirm(self) -> None:
        if self.read_only:
            self.app.post_message(GoHome(self))
            return
        values = self.values()
        if values is not None:
            self.app.post_message(Confirmed(self, values))

    def action_back(self) -> None:
        self.app.post_message(Back(self))
