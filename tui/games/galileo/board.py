"""Galileo Galilei's board as final scoring reads it: the Subjects above the Scale tiles, the
score track, the Tribunal and the seats. Pure."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from lastround.games.base import RulesError
from lastround.games.galileo import PLUGIN
from lastround.games.values import is_int


class Subject(NamedTuple):
    name: str
    meeting: str  # what one "meeting" of the Subject is, counted at the end


SUBJECTS: tuple[Subject, ...] = (
    Subject("Major Objects", "each Major Object in your library (not cards taken face down)"),
    Subject("Library", "each space your least advanced book token has moved"),
    Subject("Inquisitors", "each Inquisitor still in your cellar at the end"),
    Subject("Upgrades", "each of your action tiles turned to its upgraded (gold) side"),
    Subject("Comets", "each comet token taken off your player board"),
    Subject("Constellations", "each constellation token taken off your player board"),
)
SUBJECT_NAMES: tuple[str, ...] = tuple(subject.name for subject in SUBJECTS)
INQUISITORS = "Inquisitors"
SCALE_TILES = 4  # four Scale tiles, each under one Subject tile

TRIBUNAL_LOW, TRIBUNAL_HIGH = -10, 10
TRACK_LAP = 100  # past 100 the Score token is flipped and counting goes round again
PARTS: tuple[str, ...] = ("track", "university", "cellar", "tribunal")  # the spec's order
MIN_PLAYERS, MAX_PLAYERS = PLUGIN.players

TRIGGER_HOWS: tuple[str, ...] = ("display", "reward")

# Casefolded once: every tile of every session file history reads is matched here.
_SUBJECTS_FOLDED: dict[str, str] = {name.casefold(): name for name in SUBJECT_NAMES}


def canonical_subject(name: object, path: str) -> str:
    """The Subject's own spelling for `name` (matched ignoring case and spaces)."""
    if isinstance(name, str):
        known = _SUBJECTS_FOLDED.get(name.strip().casefold())
        if known is not None:
            return known
    raise RulesError(path, f"{name!r} is not a Subject; known: {', '.join(SUBJECT_NAMES)}")


def chosen_subjects(data: Mapping[str, Any]) -> list[str]:
    """The four Subjects in play, left to right; RulesError until they are chosen."""
    subjects = data.get("subjects")
    if not isinstance(subjects, Sequence) or isinstance(subjects, str):
        raise RulesError("subjects", "choose the four Subjects first")
    if len(subjects) != SCALE_TILES:
        raise RulesError("subjects", f"must name {SCALE_TILES} Subjects, not {len(subjects)}")
    return [canonical_subject(s, f"subjects[{i}]") for i, s in enumerate(subjects)]


def name_at(names: Sequence[str], seat: object) -> str | None:
    """The name in `seat`, or None when the seat is not (yet) a valid one."""
    return names[seat] if is_int(seat) and 0 <= seat < len(names) else None

