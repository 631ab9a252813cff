"""Galileo Galilei's table aids: the summary of every source of points and the dice faces
with their colour-blind marks, as the help screens show them. Pure."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from lastround.games.base import signed


class ScoreRow(NamedTuple):
    source: str
    when: str
    value: str


def score_summary(cellar: Sequence[int]) -> tuple[ScoreRow, ...]:
    """Every source of points, with the cellar in play (Bruno's tile has its own values)."""
    cellar_row = f"{' / '.join(signed(v) for v in cellar)} for each Inquisitor, by its space"
    return (
        *SCORE_SUMMARY[:6],
        ScoreRow("Cellar", "game end", cellar_row),
        *SCORE_SUMMARY[7:],
    )


SCORE_SUMMARY: tuple[ScoreRow, ...] = (
    ScoreRow("Major Objects", "when observed", "the VP printed on the card"),
    ScoreRow("Constellation spots", "when observed", "the VP shown at the spot"),
    ScoreRow("Objectives", "at cleanup", "7 to the first to meet one, 3 to each later player"),
    ScoreRow("Rewards", "during play", "VP from library rows, comet pages, Scale rows and tiles"),
    ScoreRow("Reputation overflow", "at an interrogation", "±2 when the Tribunal token runs off"),
    ScoreRow("University", "game end", "times met × row multiplier, for each Scale tile"),
    ScoreRow("Cellar", "game end", "-8 / -4 / -2 / +1 for each Inquisitor, by its space"),
    ScoreRow("Reputation", "game end", "the Tribunal token's space, -10 … +10"),
    ScoreRow("Appendix comets", "at cleanup", "1 VP for each comet there"),
)

DICE_MARKS: dict[str, str] = {"yellow": "right", "red": "left", "blue": "under"}
DIE_MARK = "•"


def die_face_text(colour: str, value: int) -> list[str]:
    """A small boxed die showing `value` with its colour-blind mark, readable without colour.

    Yellow puts the dot right of the number, red left of it, blue under it.
    """
    side = DICE_MARKS.get(colour.strip().casefold())
    if side is None:
        raise ValueError(f"unknown die colour {colour!r}; known: {', '.join(DICE_MARKS)}")
    number = str(value)
    width = len(number) + 4  # a space and a dot slot either side of the number

    def mark(where: str) -> str:
        return DIE_MARK if side == where else " "

    top = f" {mark('left')}{number}{mark('right')} "
    under = f"  {mark('under')}".ljust(width)  # the number starts in column 2
    return [f"┌{'─' * width}┐", f"│{top}│", f"│{under}│", f"└{'─' * width}┘"]
