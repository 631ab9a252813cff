"""What a screen may ask its app.

Screens show a step and hand what was typed on; no screen writes the session itself. A step
screen asks its app (`StepOwner`) to confirm, go back or go home, and asks the app's keeper
(`StepKeeper`) for what was typed before: the host's app (tui.app) holds the session keeper
(tui.session.keeper), a player's own terminal (tui.shell.join_app) their seat
(tui.session.seat). The host's other screens ask `Owner`: its keeper, and where to go.
Screens reach the app through `owner_of`, never by importing it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, cast, runtime_checkable

if TYPE_CHECKING:
    from textual.screen import Screen

    from tui.games.base import Step
    from tui.session.drafts import DraftValues
    from tui.session.keeper import Keeper


class StepKeeper(Protocol):
    """What a step screen asks about the session: whether it may type, and its drafts."""

    @property
    def read_only(self) -> bool: ...

    def draft_for(self, step: Step) -> DraftValues | None: ...

    def keep_draft(self, step: Step, values: DraftValues | None) -> str | None:
        """Keep what is typed; the first failure to, as a line to show."""
        ...


class StepOwner(Protocol):
    """What a step screen asks its app: the host's, or a player's own terminal's."""

    @property
    def keeper(self) -> StepKeeper: ...

    def confirm_step(self, values: dict[str, Any], *, partial: bool = False) -> None: ...

    def go_back(self) -> None: ...

    def go_home(self, message: str = "") -> None: ...


class Owner(StepOwner, Protocol):
    """What the host's screens ask the app: its session keeper, its saves folder (the
    keeper's, asked without making one), and where to go."""

    @property
    def keeper(self) -> Keeper: ...

    @property
    def saves(self) -> Path: ...

    def start_new(self, game_id: str) -> None: ...

    def open_file(self, path: Path, *, read_only: bool = False) -> None: ...

    def show_history(self) -> None: ...

    def close_session(self) -> None: ...

    def finish_now(self) -> None: ...


def owner_of(screen: Screen[Any]) -> Owner:
    """The host's app that shows `screen`, as what the screen may ask of it."""
    return cast("Owner", screen.app)


def step_owner_of(screen: Screen[Any]) -> StepOwner:
    """The app that shows the step screen `screen` (the host's or a player's own)."""
    return cast("StepOwner", screen.app)


@runtime_checkable
class ShowsNotices(Protocol):
    """A screen with a line of its own for confirmations, instead of a toast over it."""

    def show_notice(self, text: str) -> bool: ...
