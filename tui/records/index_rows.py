"""History's index rows (lastround.records.index): a session's record as one row of plain text and
numbers, and back, trusting a row only as far as reading its file would."""

from __future__ import annotations

import json
from typing import Any

from lastround.games import plugins
from lastround.records.session_record import PlayerResult, SessionRecord
from lastround.session.safe_read import LARGEST_NUMBER
from lastround.session.terminal_safe import UNSAFE

RECORD_COLUMNS = ("name", "game", "created", "status", "players", "winners", "decided_by",
                  "corrected", "error", "edition")
Row = tuple[Any, ...]  # a record as its RECORD_COLUMNS: plain text and numbers


def records_of(rows: list[Row]) -> list[tuple[SessionRecord, Row]]:
    """The record of each row, beside its row; a damaged row is left out (its file is read
    again)."""
    try:  # one JSON document for every row: far quicker than thousands of small ones
        decoded = json.loads("[" + ",".join(f"[{row[4]},{row[5]}]" for row in rows) + "]")
        if len(decoded) != len(rows):
            raise ValueError("rows and their JSON do not match")
    except (ValueError, TypeError):
        decoded = [decoded_row(row) for row in rows]  # find the damaged rows one by one
    records = []
    most = most_players()
    for row, pair in zip(rows, decoded, strict=True):
        try:
            record = record_of(row, *pair)
            if could_come_from_a_file(record, most) and shows_safely(record):
                records.append((record, row))
        except (ValueError, TypeError, KeyError):
            continue
    return records


def could_come_from_a_file(record: SessionRecord, most_players: int) -> bool:
    """Numbers where reading a file gives numbers, of a size it allows (lastround.session.files),
    and no more players than a game seats: a row changed by hand (a total of "abc" or 1e999,
    parts as a string, 10,000 players) is not trusted. (Its texts: shows_safely.)"""
    if len(record.players) > most_players:
        return False
    numbers: list[Any] = []  # ints, unless the row was changed by hand
    for player in record.players:
        if type(player.parts) is not dict or type(player.counts) is not dict:
            return False
        numbers += [0 if player.total is None else player.total,
                    0 if player.place is None else player.place, *player.parts.values(),
                    *player.counts.values(), *player.tiebreak]
    # Checked all at once, not one by one: history opens thousands of rows.
    return set(map(type, numbers)) <= {int} and (
        not numbers or -LARGEST_NUMBER <= min(numbers) <= max(numbers) <= LARGEST_NUMBER)


def most_players() -> int:
    """The most players any game seats."""
    return max(plugin.players[1] for plugin in plugins())


def shows_safely(record: SessionRecord) -> bool:
    """No text the file itself could hold (see lastround.session.files.check_values) that could
    drive a terminal: an index changed by hand must not get past what reading the file refuses."""
    texts = [record.game, record.created, record.status, record.decided_by, record.error,
             record.edition, *record.winners, *(p.name for p in record.players),
             *(part for p in record.players for part in [*p.parts, *p.counts])]
    # Searched at once, joined: an unsafe character is one character, so it is in the join
    # exactly when it is in one of the texts (one search a record, not twenty).
    return UNSAFE.search("".join(texts)) is None


def decoded_row(row: Row) -> tuple[Any, Any]:
    try:
        return json.loads(row[4]), json.loads(row[5])
    except (ValueError, TypeError):
        return None, None


def record_of(row: Row, players: list[list[Any]], winners: list[str]) -> SessionRecord:
    name, game, created, status, _, _, decided_by, corrected, error, edition = row[
        :len(RECORD_COLUMNS)]
    return SessionRecord(
        file=name, game=game, created=created, status=status,
        players=tuple(PlayerResult(player, seat, total, parts, place, tuple(tiebreak), counts)
                      for seat, (player, total, parts, place, tiebreak, counts)
                      in enumerate(players, start=1)),
        winners=tuple(winners), decided_by=decided_by, corrected=bool(corrected), error=error,
        edition=edition)


def row_of(record: SessionRecord) -> Row:
    players = [[p.name, p.total, dict(p.parts), p.place, list(p.tiebreak), dict(p.counts)]
               for p in record.players]
    return (record.file, record.game, record.created, record.status,
            json.dumps(players, ensure_ascii=False, separators=(",", ":")),
            json.dumps(list(record.winners), ensure_ascii=False, separators=(",", ":")),
            record.decided_by, int(record.corrected), record.error, record.edition)
