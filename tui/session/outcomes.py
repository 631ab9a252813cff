"""What the session keeper (lastround.session.keeper) answers, for the app to show: small values,
no Textual. The keeper never draws anything; the app turns each of these into a screen."""

from __future__ import annotations

from dataclasses import dataclass


# What confirming a step answers ------------------------------------------------------------
@dataclass(frozen=True)
class Next:
    """Saved: show step `index`. `note`: why the file kept its old name, to warn about."""

    index: int
    note: str | None = None


@dataclass(frozen=True)
class Stay:
    """Progress inside the step is saved: the step stays on screen."""


@dataclass(frozen=True)
class Home:
    """Saved; the game pauses here (between rounds): back to the home screen, saying so."""

    message: str
    note: str | None = None


@dataclass(frozen=True)
class Finished:
    """Saved as finished: the final scores are shown read-only."""

    note: str | None = None


@dataclass(frozen=True)
class Refused:
    """Nothing was recorded: `reason` is said at `field` ("" for the step as a whole)."""

    reason: str
    field: str = ""


@dataclass(frozen=True)
class AskFirst:
    """The new answer would undo what was recorded after it: ask the table, then confirm
    again with `undo_agreed`."""

    what_it_undoes: str


@dataclass(frozen=True)
class NotSaved:
    """Recorded in memory but not written: `why` says so (Ctrl+S saves elsewhere)."""

    why: str
    note: str | None = None


Confirmed = Next | Stay | Home | Finished | Refused | AskFirst | NotSaved


# What opening a file answers ---------------------------------------------------------------
@dataclass(frozen=True)
class Opened:
    """The session is open: show step `index`, or the replay."""

    index: int
    replay: bool = False  # finished, or opened only to look at: shown as a replay
    read_only_why: str | None = None  # another app holds its lock: shown read-only
    not_saved: str | None = None  # finished on opening, but that could not be saved


@dataclass(frozen=True)
class NotOpened:
    why: str


# What a look at the open table found ---------------------------------------------------------
@dataclass(frozen=True)
class SeatEntered:
    """A player entered `step_id` from their own terminal (saved)."""

    player: str
    step_id: str


@dataclass(frozen=True)
class SeatConflict:
    """An offer refused over something another seat listed too: the host is told."""

    text: str


@dataclass(frozen=True)
class TableClosed:
    """The host can no longer keep the table open (its folder was moved or replaced)."""

    why: str


TableNews = SeatEntered | SeatConflict | Finished | NotSaved | TableClosed
