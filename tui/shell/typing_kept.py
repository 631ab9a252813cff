"""What is typed in the step shown, kept as its draft after each key (lastround.session.drafts):
by the host's session walk into the session's drafts, by a player's own terminal into the
seat's. The screen says what is typed (StepScreen.typed); the keeping is the app's."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # loaded with a session's screens, not at start
    from lastround.games.base import Step
    from lastround.screens.step import StepScreen
    from lastround.session.drafts import DraftValues


class KeepsDrafts(Protocol):
    def keep_draft(self, step: Step, values: DraftValues | None) -> str | None: ...


def keep_typed(screen: StepScreen, keeper: KeepsDrafts) -> None:
    """Keep what is typed in `screen`'s step; a failure to is said in a toast."""
    typed = screen.typed()
    if typed is None:
        return
    failure = keeper.keep_draft(screen.step, typed.values)
    if failure:
        screen.notify(failure, title="Draft not kept", severity="warning")
