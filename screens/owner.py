"""What a screen may ask the app: the session's one owner.

Screens show a step and hand what was typed to the owner, which changes the session, saves
it and chooses the next screen; no screen writes the session itself. The app (tui.app)
is the owner: screens reach it through `owner_of`, never by importing the app.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, cast, runtime_checkable

if TYPE_CHECKING:
    from textual.screen import Screen

    from tui.games.base import Step
    from tui.session.drafts import DraftValues
    from tui.session.owner import Session


class Owner(Protocol):
    @property
    def saves(self) -> Path: ...

    @property
    def session(self) -> Session | None: ...

    @property
    def read_only(self) -> bool: ...

    @property
    def unsaved(self) -> bool: ...

    # a session --------------------------------------------------------------
    def start_new(self, game_id: str) -> None: ...

    def open_file(self, path: Path, *, read_only: bool = False) -> None: ...

    def show_history(self) -> None: ...

    def go_home(self, message: str = "") -> None: ...

    def close_session(self) -> None: ...

    # its steps --------------------------------------------------------------
    def confirm_step(self, values: dict[str, Any], *, partial: bool = False) -> None: ...

    def go_back(self) -> None: ...

    def finish_now(self) -> None: ...

    def draft_for(self, step: Step) -> DraftValues | None: ...

    def keep_draft(self, step: Step, values: DraftValues | None) -> None: ...

    # after the game, and when its folder can't be written -----------------------
    def apply_correction(self, session: Session, step_id: str,
                         values: dict[str, Any]) -> str: ...

    def save_elsewhere(self, folder: Path) -> str: ...


def owner_of(screen: Screen[Any]) -> Owner:
    """The app that shows `screen`, as what the screen may ask of it."""
    return cast("Owner", screen.app)


@runtime_checkable
class ShowsNotices(Protocol):
    """A screen with a line of its own for confirmations, instead of a toast over it."""

    def show_notice(self, text: str) -> bool: ...
