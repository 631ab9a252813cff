"""What a session's record keeps beside the scores for the exports, and the CSV columns that
show it: the edition whose card values scored, the counts each player entered that the
scores don't show, and the rules' tie-break values.

Pure: no Textual, no I/O. The rules give every number; nothing here totals anything.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lastround.games import plugin_of
from lastround.games.plugin import GamePlugin, load


def _plugin(game: str) -> GamePlugin | None:
    try:
        return plugin_of(game)
    except KeyError:  # a game this Last Round doesn't know: no columns of its own
        return None


def has_editions(game: str) -> bool:
    """Whether the game's sessions name an edition (the `edition` key of the save format)."""
    plugin = _plugin(game)
    return plugin is not None and plugin.has_editions


def counts(game: str) -> tuple[str, ...]:
    """The counts a player enters that are no scoring part, under their save-file keys (which
    are also their CSV columns): Race for the Galaxy's cards in hand and goods on worlds."""
    plugin = _plugin(game)
    return plugin.count_columns if plugin else ()


def session_boxes(data: Mapping[str, Any]) -> tuple[tuple[str, int | None], ...]:
    """The expansions the session was played with, as (title, BoardGameGeek id or None)."""
    plugin = _plugin(str(data.get("game")))
    if plugin is None or not plugin.boxes_of:
        return ()
    boxes: tuple[tuple[str, int | None], ...] = load(plugin.boxes_of)(data)
    return boxes


def session_edition(data: Mapping[str, Any]) -> str:
    """The edition whose card values scored (the rules' own default when the file names
    none), with the expansions played ("2nd + The Gathering Storm"); "" for a game of one
    edition. The data has passed the rules' checks."""
    plugin = _plugin(str(data.get("game")))
    if plugin is None or not plugin.has_editions:
        return ""
    edition: str = load(plugin.edition_of)(data)  # only a session of the game loads its rules
    boxes = [title for title, _ in session_boxes(data)]
    return " + ".join([edition, ", ".join(boxes)]) if boxes else edition


def player_counts(game: str, player: Mapping[str, Any]) -> dict[str, int]:
    """The player's entered counts of the game's `counts` (those present), by key."""
    return {key: int(player[key]) for key in counts(game) if key in player}


def tiebreak_columns(game: str, count: int) -> tuple[str, ...]:
    """The columns of a game's `count` tie-break values (PlayerScore.tiebreak) in the order
    they count, named by the game (`tiebreak_1`... for a game without names for them)."""
    plugin = _plugin(game)
    named = plugin.tiebreak_columns if plugin else ()
    return named if len(named) == count else tuple(f"tiebreak_{n}" for n in range(1, count + 1))


def game_columns(game: str, tiebreaks: int) -> list[str]:
    """A game's columns after the common ones: the edition, the counts, the tie-break values."""
    edition = ["edition"] if has_editions(game) else []
    return [*edition, *counts(game), *tiebreak_columns(game, tiebreaks)]
