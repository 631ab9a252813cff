"""Every session in the saves folder as one record each, and the figures drawn from them.

Pure: no Textual, no I/O. `lastround.records.index` reads the files (and keeps an index of them);
this module turns session data into records, filters and sorts them, and works out each
player's figures per game and a chart of their scores that reads without colour.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lastround.games import game_title
from lastround.games.base import Result, name_key
from lastround.records.export_facts import player_counts, session_edition
from lastround.records.session_record import PlayerResult, SessionRecord
from lastround.session.opening import OpenedFile, checked, open_file, problem
from lastround.session.safe_read import SaveError
from lastround.session.terminal_safe import one_line


def read_record(folder: Path, name: str) -> SessionRecord:
    """Read and total one file, in one pass (tomllib once), through the one door."""
    path = folder / name
    try:
        opened = open_file(path)
    except SaveError as error:
        return SessionRecord(name, error=str(error).removeprefix(f"{path}: "))
    return record_of(name, opened)


def record_from_data(file: str, data: Mapping[str, Any]) -> SessionRecord:
    """The record of a session already read: checked as the door checks a file."""
    return record_of(file, checked(data))


def record_of(file: str, opened: OpenedFile) -> SessionRecord:
    """A session's record; a finished one is totalled by its game's rules. What opening the
    session would refuse makes it an unreadable record (the game and status still named);
    a refusal of values steps record, one in progress (the app opens it on those steps)."""
    data = opened.data
    if opened.fixes is not None:  # opened on the steps to answer again: a game in progress
        return checked_record(file, data, None)
    if opened.refused is not None:
        return SessionRecord(file, game=str(data["game"]), status=str(data["status"]),
                             error=one_line(problem(opened.refused)))
    return checked_record(file, data, opened.result)


def checked_record(file: str, data: Mapping[str, Any], result: Result | None) -> SessionRecord:
    """The record of a session `check_openable` passed, with the result it gave."""
    game, created, status = str(data["game"]), str(data.get("created", "")), str(data["status"])
    corrected = any(isinstance(e, Mapping) and e.get("correction") for e in data.get("log") or [])
    if result is None:
        names = [str(p["name"]) for p in data.get("players", [])]
        return SessionRecord(file, game, created, status,
                             tuple(PlayerResult(n, seat) for seat, n in enumerate(names, start=1)),
                             corrected=corrected)
    places = {p.name: place for place, p in result.ranking()}
    players = tuple(PlayerResult(p.name, seat, p.total, dict(p.parts), places[p.name],
                                 p.tiebreak, player_counts(game, entered))
                    for seat, (p, entered) in enumerate(zip(result.players, data["players"],
                                                            strict=True), start=1))
    return SessionRecord(file, game, created, status, players, result.winners,
                         result.decided_by, corrected, edition=session_edition(data))


# --- what the table shows -------------------------------------------------------------------


def outcome(record: SessionRecord) -> str:
    if record.error:
        return "✗ unreadable"
    if record.status != "finished":
        return "in progress"
    if not record.winners:
        return "?"
    return "★ " + " & ".join(record.winners)


def scores_text(record: SessionRecord) -> str:
    if record.error:
        return record.error
    if not record.scored:
        return "—"
    return " ".join(str(p.total) for p in record.players)


def matches(record: SessionRecord, text: str) -> bool:
    """Every word of the filter names the game or one of the players (any part of it)."""
    if record.error:
        return True  # an unreadable file is never hidden
    haystack = [record.game, record.title, *(p.name for p in record.players)]
    return all(any(word in h.casefold() for h in haystack) for word in text.casefold().split())


SORTS = ("date", "game", "winner")


def sort_records(records: Iterable[SessionRecord], by: str = "date",
                 descending: bool = True) -> list[SessionRecord]:
    """By date, by game or by winner's name (ties: newest first).

    Unreadable files come last, by name, whatever the order.
    """
    records = list(records)
    readable = [r for r in records if not r.error]
    broken = sorted((r for r in records if r.error), key=lambda r: r.file)
    newest = sorted(readable, key=lambda r: (r.created, r.file), reverse=True)
    if by == "date":
        ordered = newest if descending else newest[::-1]
    elif by == "game":
        ordered = sorted(newest, key=lambda r: r.title.casefold(), reverse=descending)
    elif by == "winner":  # sessions without a winner yet (in progress) after the others
        won = sorted((r for r in newest if r.winners),
                     key=lambda r: " & ".join(r.winners).casefold(), reverse=descending)
        ordered = won + [r for r in newest if not r.winners]
    else:
        raise ValueError(f"unknown sort {by!r}; known: {', '.join(SORTS)}")
    return [*ordered, *broken]


# --- figures ------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerFigures:
    """One player's record at one game. `wins` counts shared victories too."""

    game: str
    name: str
    plays: int
    wins: int
    shared_wins: int
    scores: tuple[int, ...]  # oldest first

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0

    @property
    def average(self) -> float:
        # statistics.fmean's own sum, without loading statistics before the home's first frame
        return math.fsum(self.scores) / len(self.scores) if self.scores else 0.0

    @property
    def best(self) -> int | None:
        return max(self.scores) if self.scores else None


def player_figures(records: Iterable[SessionRecord]) -> list[PlayerFigures]:
    """Per game, per player (names match whatever their case): plays, wins, scores.

    Ordered by game, then most wins, best win rate, best average, name.
    """
    played = sorted((r for r in records if r.scored), key=lambda r: (r.created, r.file))
    tally: dict[tuple[str, str], dict[str, Any]] = {}
    for record in played:
        shared = len(record.winners) > 1
        winners = {name_key(w) for w in record.winners}
        for player in record.players:
            assert player.total is not None
            seen = tally.setdefault((record.game, name_key(player.name)),
                                    {"name": player.name, "wins": 0, "shared": 0, "scores": []})
            seen["name"] = player.name  # the latest spelling
            seen["scores"].append(player.total)
            if name_key(player.name) in winners:
                seen["wins"] += 1
                seen["shared"] += shared
    figures = [PlayerFigures(game, seen["name"], len(seen["scores"]), seen["wins"],
                             seen["shared"], tuple(seen["scores"]))
               for (game, _), seen in tally.items()]
    return sorted(figures, key=lambda f: (game_title(f.game), -f.wins,
                                          -f.win_rate, -f.average, f.name.casefold()))


BARS = "▁▂▃▄▅▆▇█"


def sparkline(scores: Sequence[int], low: int, high: int, width: int = 24) -> str:
    """Scores oldest to newest as bars of eight heights (the latest `width` of them).

    Heights are on the scale low..high, shared by every player of a game so bars compare;
    one glyph per session, so it reads the same without colour.
    """
    shown = scores[-width:]
    if high <= low:
        return BARS[len(BARS) // 2] * len(shown)
    steps = len(BARS) - 1
    return "".join(BARS[round((s - low) / (high - low) * steps)] for s in shown)


def score_range(figures: Iterable[PlayerFigures]) -> tuple[int, int]:
    scores = [s for f in figures for s in f.scores]
    return (min(scores), max(scores)) if scores else (0, 0)
