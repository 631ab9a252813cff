"""Ctrl+S: save the open session in another folder, when its own can't be written.

The session stays in memory until a save succeeds; a folder that can't take it either is
said at the field, and another can be typed.
"""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Input

from lastround.screens.messages import SaveElsewhere
from lastround.session.fields import Invalid, parse_text
from lastround.widgets.dialog import Dialog, DialogScreen
from lastround.widgets.entry import Entry
from lastround.widgets.error_line import ErrorLine
from lastround.widgets.footer import SteadyFooter
from lastround.widgets.key_order import focus_now
from lastround.widgets.plain import Plain

FOLDER_LIMIT = 400


class SaveElsewhereScreen(DialogScreen[None]):
    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="cancel-save-elsewhere",
                tooltip="Keep the session in memory without saving it elsewhere"),
        Binding("enter", "save", "Save", id="save-here", priority=True,
                tooltip="Save the session in the folder typed"),
        Binding("f1", "app.help", "Help", id="elsewhere-help", tooltip="Explain this box"),
    ]

    def __init__(self, current: Path) -> None:
        super().__init__()
        self.current = current

    def compose(self) -> ComposeResult:
        with Dialog(id="elsewhere-box"):
            yield Plain("Save this session in another folder", classes="step-title")
            yield Plain(f"Now: {self.current}/", id="elsewhere-now")
            yield Plain("Folder (created if missing):")
            yield Entry(str(self.current), id="elsewhere-folder")
            yield ErrorLine(id="elsewhere-error")
        yield SteadyFooter()

    def on_mount(self) -> None:
        focus_now(self.query_one("#elsewhere-folder", Input))  # selected: typing replaces it

    def help_text(self) -> str:
        return ("The session could not be saved where it is. Type a folder you can write to, "
                "for example your home folder (~), and press Enter. It becomes the saves "
                "folder for the rest of this run. Until a save succeeds nothing is lost "
                "while Last Round stays open.")

    def action_save(self) -> None:
        error = self.query_one("#elsewhere-error", ErrorLine)
        try:
            typed = parse_text(self.query_one("#elsewhere-folder", Input).value, "Folder",
                               FOLDER_LIMIT)
        except Invalid as problem:
            error.show(str(problem))
            return
        self.app.post_message(SaveElsewhere(self, Path(typed).expanduser()))

    def answered(self, failure: str | None, saved_as: Path | None, *, again: bool) -> None:
        """The keeper's answer: why it was not saved, or where it was (`again`: after a
        failed save, so the step's Enter is to be pressed again)."""
        if failure is not None:
            self.query_one("#elsewhere-error", ErrorLine).show(failure)
            return
        self.dismiss(None)
        go_on = " Enter confirms the step again and goes on." if again else ""
        self.notify(f"Saved as {saved_as}.{go_on}", title="Saved", timeout=10)

    def action_cancel(self) -> None:
        self.dismiss(None)
