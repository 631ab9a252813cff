"""Galileo Galilei's final scoring: each player's parts and the lines behind them, the
tie-breaks, and the points the entries give so far. Pure."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lastround.games.base import Line, PlayerScore, Result, RulesError, rank_winners, signed
from lastround.games.galileo.board import PARTS, TRACK_LAP
from lastround.games.galileo.cellar import cellar_values
from lastround.games.galileo.entries import Entries, Tile, read_players
from lastround.games.values import is_int
from lastround.games.words import join_names


def university_lines(tiles: Sequence[Tile]) -> list[Line]:
    """Per Scale tile: times met × the row multiplier; a token on the stairs scores nothing."""
    lines = []
    for tile in tiles:
        if tile.multiplier == 0:
            lines.append(Line("university", tile.subject, 0, "still on the stairs"))
            continue
        points = tile.met * tile.multiplier
        detail = f"{tile.met} × {tile.multiplier} = {points}"
        lines.append(Line("university", tile.subject, points, detail))
    return lines


def cellar_lines(cellar: Sequence[int], values: Sequence[int], farewell: int) -> list[Line]:
    """Each Inquisitor scores the value below its space; those sent away score nothing."""
    lines = []
    for space, (count, value) in enumerate(zip(cellar, values, strict=True), start=1):
        points = count * value
        detail = f"{count} × {signed(value)} = {signed(points)}"
        lines.append(Line("cellar", f"Cellar space {space} ({signed(value)})", points, detail))
    if farewell:
        lines.append(Line("cellar", "Farewell", 0, f"{farewell} sent away, scoring nothing"))
    return lines


def track_line(entries: Entries) -> Line:
    """The track total; how it was read off the board when the display keys agree with it."""
    position, flipped = entries.track_position, entries.flipped
    detail = ""
    if (
        position is not None
        and flipped is not None
        and position + TRACK_LAP * flipped == entries.track
    ):
        detail = f"position {position}, token flipped (+100)" if flipped else f"position {position}"
    return Line("track", "Score track", entries.track, detail)


def tribunal_line(space: int) -> Line:
    return Line("tribunal", "Tribunal", space, f"token on space {signed(space)}")


def flip_note(track: int, total: int) -> str:
    """What final scoring asks of the Score token ("past 100 points, flip your Score token")."""
    if track < TRACK_LAP <= total:
        return "final scoring takes you past 100: flip your Score token"
    if total < TRACK_LAP <= track:
        return "final scoring takes you back below 100: turn your Score token back"
    return ""


def score_player(entries: Entries, values: Sequence[int]) -> PlayerScore:
    """One player's parts (track, university, cellar, tribunal) and the lines behind them."""
    lines = [
        track_line(entries),
        *university_lines(entries.university),
        *cellar_lines(entries.cellar, values, entries.farewell),
        tribunal_line(entries.tribunal),
    ]
    parts = {part: sum(line.points for line in lines if line.part == part) for part in PARTS}
    note = flip_note(entries.track, sum(parts.values()))
    if note:
        track = lines[0]
        lines[0] = Line(track.part, track.label, track.points,
                        "; ".join(filter(None, (track.detail, note))))
    return PlayerScore(entries.name, parts, tuple(lines), (entries.dice, entries.quadrants))


TIE_BREAKS: tuple[str, ...] = ("dice values left", "Quadrant tokens left")


def tie_explanation(tied: Sequence[PlayerScore]) -> tuple[str, ...]:
    """How a tie on the top total is broken: dice values left, then Quadrants, then shared."""
    sentences = [f"{join_names([p.name for p in tied])} tie on {tied[0].total}."]
    contenders = list(tied)
    for number, label in enumerate(TIE_BREAKS, start=1):
        compared = ", ".join(f"{p.name} {p.tiebreak[number - 1]}" for p in contenders)
        sentences.append(f"Tie-break {number}, {label}: {compared}.")
        best = max(p.tiebreak[number - 1] for p in contenders)
        contenders = [p for p in contenders if p.tiebreak[number - 1] == best]
        if len(contenders) == 1:
            sentences.append(f"{contenders[0].name} wins.")
            return tuple(sentences)
        if number < len(TIE_BREAKS):
            sentences.append(f"Still tied: {join_names([p.name for p in contenders])}.")
    sentences.append(f"{join_names([p.name for p in contenders])} share the win.")
    return tuple(sentences)


def score(data: Mapping[str, Any]) -> Result:
    """Total every player and name the winners; RulesError on a missing or broken key."""
    values = cellar_values(data)
    return score_entries(read_players(data), values)


def score_entries(players: Sequence[Entries], values: Sequence[int]) -> Result:
    """Total the players' checked entries and name the winners."""
    scores = tuple(score_player(entries, values) for entries in players)
    winners, decided_by, tied = rank_winners(scores)
    explanation = tie_explanation(tied) if len(tied) > 1 else ()
    return Result("galileo", scores, winners, decided_by, explanation)


# --- Points so far ----------------------------------------------------------------------------


def _tile_points(tile: object) -> int | None:
    if isinstance(tile, Mapping) and is_int(tile.get("met")) and is_int(tile.get("multiplier")):
        return int(tile["met"]) * int(tile["multiplier"])
    return None


def parts_so_far(player: Mapping[str, Any], cellar: Sequence[int]) -> dict[str, int]:
    """The parts a player's entries give so far, in scoring order; a part with nothing well
    formed entered yet is left out. Reads leniently: never raises."""
    parts: dict[str, int] = {}
    if is_int(player.get("track")):
        parts["track"] = player["track"]
    tiles = player.get("university")
    if isinstance(tiles, Sequence) and not isinstance(tiles, str):
        points = [p for p in map(_tile_points, tiles) if p is not None]
        if points:
            parts["university"] = sum(points)
    counts = player.get("cellar")
    if isinstance(counts, Sequence) and not isinstance(counts, str):
        # zip stops at the shorter: a cellar typed for other values scores what matches
        parts["cellar"] = sum(n * v for n, v in zip(counts, cellar, strict=False) if is_int(n))
    if is_int(player.get("tribunal")):
        parts["tribunal"] = player["tribunal"]
    return parts


def so_far(data: Mapping[str, Any]) -> tuple[PlayerScore, ...]:
    """Each seated player's points from what is entered so far, in seat order (Game.so_far)."""
    players = data.get("players")
    if not isinstance(players, Sequence) or isinstance(players, str):
        return ()
    try:
        cellar = cellar_values(data)
    except RulesError:
        cellar = ()  # no cellar points until the values are readable
    return tuple(
        PlayerScore(str(p.get("name", "")), parts_so_far(p, cellar))
        for p in players
        if isinstance(p, Mapping)
    )
