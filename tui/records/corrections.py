"""Corrections after the game: reopen one confirmed step, log the new values beside the old.

Pure: no Textual, no I/O (the app saves). History is never rewritten: a correction is one
more log entry `{step, at, player?, values, correction = true, old}`, and the session stays
finished. A correction is refused when it would change the game's steps (an end check that
no longer ends the game) or leave the table without a total, so a finished session stays one.
"""

from __future__ import annotations

from dataclasses import dataclass

from lastround.games import plugins
from lastround.games.base import Step, StepKind
from lastround.records.session_record import when
from lastround.session.correcting import corrected as corrected  # where the replay finds it
from lastround.session.session import Session

# Steps whose values can be corrected: those that record what was counted, a game adding its
# own (GamePlugin.correction_kinds). Seating, and a game's kinds it leaves out (Galileo's
# final turns with their fair draws), are what the game was: they stay as played.
EVERY_GAMES_CORRECTABLE_KINDS: tuple[StepKind, ...] = ("form",)


def correctable_kinds() -> set[StepKind]:
    return {*EVERY_GAMES_CORRECTABLE_KINDS,
            *(kind for plugin in plugins() for kind in plugin.correction_kinds)}


@dataclass(frozen=True)
class Correctable:
    step: Step
    index: int  # in the procedure
    at: str  # when it was last confirmed or corrected

    @property
    def label(self) -> str:
        return f"{self.step.title}  (entered {when(self.at)})"


def correctable_steps(session: Session) -> list[Correctable]:
    """The confirmed steps a table may correct, in the game's order."""
    kinds = correctable_kinds()
    latest: dict[str, str] = {}
    for entry in session.log:
        if not entry.get("partial"):
            latest[str(entry["step"])] = str(entry.get("at", ""))
    return [Correctable(step, index, latest[step.id])
            for index, step in enumerate(session.steps())
            if step.kind in kinds and step.id in latest]


