"""What a session's record keeps beside the scores for the exports, and the CSV columns that
show it: the edition whose card values scored, the counts each player entered that the
scores don't show, and the rules' tie-break values.

Pure: no Textual, no I/O. The rules give every number; nothing here totals anything.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# Per game, the counts a player enters that are no scoring part, under their save-file keys
# (which are also their CSV columns): Race for the Galaxy's cards in hand and goods on worlds.
COUNTS: dict[str, tuple[str, ...]] = {"rftg": ("hand", "goods")}

# Per game, the CSV columns of the rules' tie-break values (PlayerScore.tiebreak), in the
# order they count. Race for the Galaxy: cards in hand plus goods; Galileo Galilei: dice
# values left, then Quadrant tokens left.
TIEBREAK_COLUMNS: dict[str, tuple[str, ...]] = {
    "rftg": ("tiebreak_hand_plus_goods",),
    "galileo": ("tiebreak_dice", "tiebreak_quadrants"),
}

# The games whose sessions name an edition (the `edition` key of the save format).
EDITIONS = ("rftg",)


def session_edition(data: Mapping[str, Any]) -> str:
    """The edition whose card values scored (the rules' own default when the file names
    none); "" for a game of one edition. The data has passed the rules' checks."""
    if data.get("game") not in EDITIONS:
        return ""
    from tui.games.rftg.entries import edition_of  # only a session of the game loads its rules

    return edition_of(data)


def player_counts(game: str, player: Mapping[str, Any]) -> dict[str, int]:
    """The player's entered counts of COUNTS[game] (those present), by key."""
    return {key: int(player[key]) for key in COUNTS.get(game, ()) if key in player}


def tiebreak_columns(game: str, count: int) -> tuple[str, ...]:
    """The columns of a game's `count` tie-break values (`tiebreak_1`... for a game without
    names for them)."""
    named = TIEBREAK_COLUMNS.get(game, ())
    return named if len(named) == count else tuple(f"tiebreak_{n}" for n in range(1, count + 1))


def game_columns(game: str, tiebreaks: int) -> list[str]:
    """A game's columns after the common ones: the edition, the counts, the tie-break values."""
    edition = ["edition"] if game in EDITIONS else []
    return [*edition, *COUNTS.get(game, ()), *tiebreak_columns(game, tiebreaks)]
