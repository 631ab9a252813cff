"""One session as the home list and history show it: its record, read from its file by
lastround.records.history (or from its game's plugin, for a shipped example).

Apart from history's reading and figures: the home's first frame shows records and needs
none of the rules, files or checks that reading one takes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from lastround.games import game_title


def when(stamp: str) -> str:
    """2026-11-28T22:43:00Z → 2026-11-28 22:43 (UTC, as saved)."""
    return stamp[:16].replace("T", " ") if stamp else "?"


@dataclass(frozen=True)
class PlayerResult:
    name: str
    seat: int  # 1-based, clockwise
    total: int | None = None  # None until the session is finished and totals
    parts: Mapping[str, int] = field(default_factory=dict)
    place: int | None = None
    tiebreak: tuple[int, ...] = ()  # the rules' tie-break values, in the order they count
    counts: Mapping[str, int] = field(default_factory=dict)  # see export_facts.counts


@dataclass(frozen=True)
class SessionRecord:
    """One session file as history shows it; `error` (one line) for a file that can't be used."""

    file: str  # the file's name inside the saves folder
    game: str = ""
    created: str = ""
    status: str = ""
    players: tuple[PlayerResult, ...] = ()
    winners: tuple[str, ...] = ()
    decided_by: str = ""
    corrected: bool = False
    error: str = ""
    edition: str = ""  # the edition whose card values scored, for a game that has editions

    @property
    def title(self) -> str:
        return game_title(self.game)

    @property
    def scored(self) -> bool:
        """Finished and totalled: it counts in the figures and the CSV."""
        return not self.error and self.status == "finished" and all(
            p.total is not None for p in self.players) and bool(self.players)

    @property
    def date(self) -> str:
        return when(self.created)
