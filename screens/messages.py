"""What a screen asks of the app that shows it, as messages up: a screen posts one to its app
(`self.app.post_message`: straight into the app's queue, behind the key that asked, which the
ordered key path waits for: lastround.widgets.key_order), and the app (the host's session walk,
lastround.shell.walk, or a player's own terminal, lastround.shell.join_app) routes it. Nothing comes
back in the message: what a screen is told, it is told by a call down (StepScreen.refuse,
say, say_later, progress_kept; Correcting.correction_answered...).

Each message names the screen that posted it (`screen`, as Textual's widget messages name
their widget), so the answer goes to that screen even if another is shown by then.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.message import Message
from textual.screen import Screen

if TYPE_CHECKING:
    from lastround.games.base import Step
    from lastround.session.session import Session


class FromScreen(Message):
    """A screen's request; `screen` is the screen that asks."""

    def __init__(self, screen: Screen[Any]) -> None:
        super().__init__()
        self.screen = screen

    @property
    def control(self) -> Screen[Any]:
        return self.screen


class Confirmed(FromScreen):
    """The step shown is confirmed with these values (`partial`: progress inside the step,
    which stays shown)."""

    def __init__(self, screen: Screen[Any], values: dict[str, Any], *,
                 partial: bool = False) -> None:
        super().__init__(screen)
        self.values = values
        self.partial = partial


class Back(FromScreen):
    """Esc on a step: the step before it (the home from the first, or from a replay's)."""


class GoHome(FromScreen):
    """Back to the home screen (or the seat's own place), `note` said there."""

    def __init__(self, screen: Screen[Any], note: str = "") -> None:
        super().__init__(screen)
        self.note = note


class FinishNow(FromScreen):
    """Finish (and save) a session whose every value is confirmed."""


class StartNew(FromScreen):
    """A new session of the game with this id."""

    def __init__(self, screen: Screen[Any], game_id: str) -> None:
        super().__init__(screen)
        self.game_id = game_id


class OpenFile(FromScreen):
    """A session file: its next step, or its replay (`read_only`: looked at, not changed)."""

    def __init__(self, screen: Screen[Any], path: Path, *, read_only: bool = False) -> None:
        super().__init__(screen)
        self.path = path
        self.read_only = read_only


class ShowHistory(FromScreen):
    """Every finished session, listed."""


class LeaveReplay(FromScreen):
    """Esc on a replay: nothing more is written to its session; then back to the screen
    under it, or out of the app (`exits`: a replay opened from the command line)."""

    def __init__(self, screen: Screen[Any], *, exits: bool = False) -> None:
        super().__init__(screen)
        self.exits = exits


class LogRead(FromScreen):
    """A long file's replay has read its whole log (lastround.session.early): `session` is the
    whole file's, which the open session becomes."""

    def __init__(self, screen: Screen[Any], session: Session) -> None:
        super().__init__(screen)
        self.session = session


class Corrected(FromScreen):
    """A finished game's step corrected with these values; the answer comes down to the
    screen (lastround.screens.correction.Correcting.correction_answered)."""

    def __init__(self, screen: Screen[Any], session: Session, step: Step,
                 values: dict[str, Any]) -> None:
        super().__init__(screen)
        self.session = session
        self.step = step
        self.values = values


class SaveElsewhere(FromScreen):
    """Save the open session in this folder; the answer comes down to the screen
    (lastround.screens.save_elsewhere.SaveElsewhereScreen.answered)."""

    def __init__(self, screen: Screen[Any], folder: Path) -> None:
        super().__init__(screen)
        self.folder = folder
