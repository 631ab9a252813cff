"""Correcting a finished game: pick a step, change its values on its usual screen, save.

The step's own screen is reused, pre-filled with the latest values; Enter saves the
correction (a new log entry keeping the old values), Esc leaves the entry as it was.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from lastround.games.base import Step
from lastround.records.corrections import Correctable
from lastround.screens.form import FormScreen
from lastround.screens.messages import Corrected
from lastround.screens.step import StepDrafts, StepScreen
from lastround.screens.step_kinds import correction_screen_class
from lastround.session.outcomes import NotSaved, Refused
from lastround.session.session import Session
from lastround.widgets.dialog import Dialog, DialogScreen
from lastround.widgets.footer import SteadyFooter
from lastround.widgets.key_order import focus_now
from lastround.widgets.plain import Plain

# The highlighted row's mark, in its text: it reads without colour (as the home list's).
MARK = "▶ "


class CorrectionPicker(DialogScreen[str | None]):
    """Which confirmed step to correct; the current replay entry's step is highlighted."""

    BINDINGS = [
        Binding("enter", "pick", "Correct this", id="pick-correction", priority=True,
                tooltip="Reopen the highlighted step with its values"),
        Binding("escape", "cancel", "Cancel", id="cancel-correction",
                tooltip="Correct nothing"),
    ]

    def __init__(self, choices: Sequence[Correctable], current: str | None) -> None:
        super().__init__()
        self.choices = list(choices)
        self.current = current

    def compose(self) -> ComposeResult:
        with Dialog(id="correction-box"):
            yield Plain("Correct an entry after the game", classes="step-title")
            yield Plain("The log keeps what was entered before; the totals and the winner "
                         "are worked out again.", id="correction-intro")
            yield OptionList(*(Option(self.prompt(c, False), id=c.step.id)
                               for c in self.choices),
                             id="correction-steps", markup=False)  # titles hold names
        yield SteadyFooter(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        ids = [c.step.id for c in self.choices]
        options.highlighted = ids.index(self.current) if self.current in ids else 0
        focus_now(options)

    @staticmethod
    def prompt(choice: Correctable, highlighted: bool) -> str:
        return (MARK if highlighted else " " * len(MARK)) + choice.label

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """The mark follows the highlight: only the highlighted row carries it."""
        options = event.option_list
        for index, choice in enumerate(self.choices):
            prompt = self.prompt(choice, index == event.option_index)
            if str(options.get_option_at_index(index).prompt) != prompt:
                options.replace_option_prompt_at_index(index, prompt)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_pick(self) -> None:
        options = self.query_one(OptionList)
        if options.highlighted is not None:
            self.dismiss(options.get_option_at_index(options.highlighted).id)

    def action_cancel(self) -> None:
        self.dismiss(None)


class Correcting(StepScreen):
    """What a step screen does differently when it corrects a finished game.

    Placed after the step's own screen class in the bases, so that class's Enter handling
    (the card picker adds a card first) still runs before the correction is saved.
    """

    BINDINGS = [
        Binding("enter", "confirm", "Save correction", id="confirm", priority=True,
                tooltip="Save the corrected values (the log keeps the old ones)"),
        Binding("escape", "back", "Cancel", id="back",
                tooltip="Leave the entry as it was"),
    ]

    def __init__(self, session: Session, step: Step, index: int, drafts: StepDrafts,
                 on_saved: Callable[[], None]) -> None:
        super().__init__(session, step, index, drafts)
        self.on_saved = on_saved

    @property
    def read_only(self) -> bool:
        return False  # the replay is read-only; this screen is how it changes

    def on_mount(self) -> None:
        self.sub_title = "Correction after the game"

    def action_confirm(self) -> None:
        values = self.values()
        if values is not None:
            self.save_correction(values)

    def action_back(self) -> None:
        self.app.pop_screen()

    def save_correction(self, values: dict[str, Any]) -> None:
        self.app.post_message(Corrected(self, self.session, self.step, values))

    def correction_answered(self, not_saved: Refused | NotSaved | None) -> None:
        """The keeper's answer to the correction (None: saved)."""
        if isinstance(not_saved, Refused):
            self.refuse(not_saved.field, not_saved.reason)
            return
        if not_saved is not None:  # the typed values stay on screen to try again
            self.notify(not_saved.why, title="Not saved", severity="error", timeout=15)
            self.say(not_saved.why)
            return
        self.app.pop_screen()
        self.on_saved()


class CorrectForm(FormScreen, Correcting):
    pass


def correction_screen(kind: str) -> type[Correcting]:
    """The step's screen correcting it: the form's here, a game's own kind's from the game's
    screens (lastround.screens.step_kinds)."""
    screen = correction_screen_class(kind)
    assert issubclass(screen, Correcting)
    return screen
