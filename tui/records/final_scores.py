"""The final scores as every place shows them: one model, built once from a session's result.

The breakdown screen and replay (lastround.widgets.final_scores), the Markdown export
(lastround.records.export) and `lastround score` (lastround.records.score_command) each draw this
model in their own medium, and nothing else: the columns, their order, the places, the winners,
the words that say who won and why, the notes and each player's scoring lines are decided
here. A layout change (a column moved, renamed, added) is one edit to COLUMNS.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from lastround.games.base import PlayerScore, Result, shown_columns, verdict

# What a column holds: the player's name, one shown scoring part (Race's goals share one:
# lastround.games.base.shown_columns), the total, the place.
Kind = Literal["player", "part", "total", "place"]

# The score table's columns, left to right; "part" stands for every shown part, in order.
COLUMNS: tuple[Kind, ...] = ("player", "part", "total", "place")
HEADINGS: dict[Kind, str] = {"player": "Player", "total": "Total", "place": "Place"}


@dataclass(frozen=True)
class Column:
    heading: str
    kind: Kind


@dataclass(frozen=True)
class Row:
    """One player's cells, in the columns' order (the name as written, numbers as text)."""

    name: str
    cells: tuple[str, ...]
    winner: bool


@dataclass(frozen=True)
class Detail:
    """One scoring line: what scored, the signed points, how they were earned."""

    label: str
    points: str
    how: str


@dataclass(frozen=True)
class PlayerDetails:
    name: str
    total: int
    lines: tuple[Detail, ...]


@dataclass(frozen=True)
class Breakdown:
    game: str
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]  # seat order
    winners: tuple[str, ...]
    verdict: str  # "★ Ada wins on the tie-break"
    tiebreak: tuple[str, ...]  # the tie and the rule that broke it, one line each
    notes: tuple[str, ...]  # paragraphs below: corrections, a game's record of draws
    details: tuple[PlayerDetails, ...]  # seat order


def final_scores(result: Result, notes: Sequence[str] = ()) -> Breakdown:
    """The model of `result`; `notes` are paragraphs shown under the tie-break (empty ones
    are left out)."""
    parts = shown_columns(list(result.players[0].parts) if result.players else [])
    places = {p.name: place for place, p in result.ranking()}
    cells: dict[Kind, Callable[[PlayerScore], list[str]]] = {
        "player": lambda p: [p.name],
        "part": lambda p: [str(sum(p.parts[k] for k in keys)) for _, keys in parts],
        "total": lambda p: [str(p.total)],
        "place": lambda p: [str(places[p.name])],
    }
    columns = tuple(Column(heading, kind) for kind in COLUMNS for heading in (
        [h for h, _ in parts] if kind == "part" else [HEADINGS[kind]]))
    rows = tuple(Row(p.name, tuple(c for kind in COLUMNS for c in cells[kind](p)),
                     p.name in result.winners) for p in result.players)
    return Breakdown(
        result.game, columns, rows, result.winners,
        f"★ {verdict(result.winners, result.decided_by)}", tuple(result.explanation),
        tuple(note for note in notes if note), tuple(player_details(p) for p in result.players))


def player_details(player: PlayerScore) -> PlayerDetails:
    return PlayerDetails(player.name, player.total, tuple(
        Detail(line.label, f"{line.points:+d}", line.detail) for line in player.lines))
