"""Exports: one finished session as Markdown, every session as one CSV.

Text from history records and the rules' results, no Textual. The app's exports
(`export_session` from replay, `export_sessions` from history) go into the saves folder's
exports/; `lastround export` prints the same text or writes it where asked. Every write
goes through write_export, which never writes through a link inside the saves folder.
The Markdown pastes into a chat: the table of totals, the winner, the notes, then each
player's breakdown as the final scores screen shows it. The CSV has one row per player per
session with each scoring part under its `lastround score --json` name, then what decided
the winner and each game's own columns (see lastround.records.export_facts). The README's export
section names every section and column: they are kept as they are.
"""

from __future__ import annotations

import csv
import io
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from lastround.games import game_ids
from lastround.games.base import Result
from lastround.records.export_facts import game_columns, has_editions, tiebreak_columns
from lastround.records.final_scores import Breakdown, Column, final_scores
from lastround.records.history import record_of
from lastround.records.replay_text import correction_notes
from lastround.records.session_record import PlayerResult, SessionRecord
from lastround.session.files import atomic_write
from lastround.session.opening import checked
from lastround.session.safe_read import SaveError
from lastround.session.terminal_safe import visible

EXPORTS = "exports"  # the subfolder of the saves folder that exports are written into
CSV_NAME = "sessions.csv"
NOT_FINISHED = "the session is not finished: there are no final scores yet"


def markdown_cell(text: str) -> str:
    """Text that stays itself inside a Markdown table cell, or anywhere in the Markdown: no
    emphasis, HTML tag, entity or link (a name is text, wherever the Markdown is pasted), and
    nothing that drives a terminal it is printed on (see lastround.session.terminal_safe)."""
    return re.sub(r"([\\|*_`<>&\[\]])", r"\\\1", visible(text))


# What a spreadsheet reads a cell starting with as a formula (OWASP's "CSV injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: object) -> object:
    """A text cell as shown (see sessions_csv), and never a formula: a leading ' keeps it
    text in a spreadsheet. Numbers stay numbers."""
    if not isinstance(value, str):
        return value
    text = visible(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def session_markdown(record: SessionRecord, result: Result, notes: Sequence[str] = ()) -> str:
    """A finished session: the edition, then its final scores (`result` is the rules' score
    of the same session) with `notes` under the tie-break.

    ValueError when the session has no totals to show (unfinished or unreadable).
    """
    if not record.scored:
        raise ValueError(record.error or NOT_FINISHED)
    lines = [f"**{record.title}**, {markdown_cell(record.date)} UTC", ""]
    if record.edition:
        lines += [f"Edition: {markdown_cell(record.edition)}", ""]
    return "\n".join(lines + scores_markdown(final_scores(result, notes))) + "\n"


def scores_markdown(scores: Breakdown) -> list[str]:
    """The table of totals (a winner's name starred, their total bold), the winner, each line
    of the tie-break and each note its own paragraph, then each player's breakdown."""
    lines = [table_row([column.heading for column in scores.columns]),
             "| --- |" + " ---: |" * (len(scores.columns) - 1)]
    for row in scores.rows:
        lines.append(table_row([markdown_score_cell(column, cell, row.winner)
                                for column, cell in zip(scores.columns, row.cells, strict=True)]))
    lines += ["", markdown_cell(scores.verdict)]
    for note in [*scores.tiebreak, *scores.notes]:
        lines += ["", markdown_cell(note)]
    return [*lines, "", "**Breakdown**", *breakdown_markdown(scores)]


def markdown_score_cell(column: Column, cell: str, winner: bool) -> str:
    if column.kind == "player":
        return markdown_cell(cell) + (" ★" if winner else "")
    return f"**{cell}**" if winner and column.kind == "total" else cell


def breakdown_markdown(scores: Breakdown) -> list[str]:
    """Each player's scoring lines as the final scores screen lists them: what scored, the
    points, how they were earned; one table a player, under their name and total."""
    lines: list[str] = []
    for player in scores.details:
        lines += ["", f"**{markdown_cell(player.name)}**, {player.total} points", "",
                  "| What | Points | How |", "| --- | ---: | --- |"]
        lines += [table_row([markdown_cell(line.label), line.points, markdown_cell(line.how)])
                  for line in player.lines]
    return lines


def table_row(cells: Sequence[str]) -> str:
    """A Markdown table row; an empty cell is one space wide."""
    return "|" + "|".join(f" {cell} " if cell else " " for cell in cells) + "|"


def games_in_order(records: Iterable[SessionRecord]) -> list[str]:
    """The games of `records` in the games' own order (an unknown game after them, by id)."""
    known = list(game_ids())
    return sorted({r.game for r in records},
                  key=lambda g: (known.index(g) if g in known else len(known), g))


def part_columns(records: Iterable[SessionRecord]) -> list[str]:
    """Every scoring part found, grouped by game in the games' own order."""
    records = list(records)
    columns: list[str] = []
    for game in games_in_order(records):
        for record in (r for r in records if r.game == game):
            for player in record.players:
                columns += [p for p in player.parts if p not in columns]
    return columns


def fact_columns(records: Iterable[SessionRecord]) -> list[str]:
    """Each game's own columns (edition, counts, tie-break values), in the games' order."""
    records = list(records)
    columns: list[str] = []
    for game in games_in_order(records):
        tiebreaks = max(len(p.tiebreak) for r in records if r.game == game for p in r.players)
        columns += [c for c in game_columns(game, tiebreaks) if c not in columns]
    return columns


def player_facts(record: SessionRecord, player: PlayerResult) -> dict[str, object]:
    """A player's cells in the game's own columns: the edition, the counts, the tie-break."""
    facts: dict[str, object] = {"edition": visible(record.edition)} if (
        has_editions(record.game)) else {}
    facts.update(player.counts)
    facts.update(zip(tiebreak_columns(record.game, len(player.tiebreak)), player.tiebreak,
                     strict=True))
    return facts


def sessions_csv(records: Iterable[SessionRecord]) -> str:
    """One row per player per finished session, oldest session first, seats in order.

    Unfinished and unreadable sessions have no scores and are left out.
    """
    scored = sorted((r for r in records if r.scored), key=lambda r: (r.created, r.file))
    parts, facts = part_columns(scored), fact_columns(scored)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    # Every text cell as shown by lastround.session.terminal_safe.visible, and never a formula
    # (csv_cell): the CSV may be printed on a terminal (`lastround export --csv`) or opened in
    # a spreadsheet, and a file's name is anything its folder allows.
    writer.writerow(["file", "date", "game", "player", "seat", *parts, "total", "place",
                     "winner", "decided_by", *facts])
    for record in scored:
        for player in record.players:
            own = player_facts(record, player)
            row = [record.file, record.created, record.game, player.name, player.seat,
                   *(player.parts.get(p, "") for p in parts), player.total, player.place,
                   "yes" if player.name in record.winners else "no", record.decided_by,
                   *(own.get(c, "") for c in facts)]
            writer.writerow([csv_cell(cell) for cell in row])
    return out.getvalue()


def markdown_name(session_file: str) -> str:
    return f"{session_file.removesuffix('.toml')}.md"


def finished_markdown(record: SessionRecord, data: Mapping[str, Any], result: Result) -> str:
    """A finished session's Markdown with, under it, the tie-break's reasons and every
    correction made after the game. ValueError when `record` has no final scores."""
    return session_markdown(record, result, correction_notes(data))


def export_session(saves: Path, file: str, data: Mapping[str, Any]) -> Path:
    """Write the Markdown of session `file` (checked as opening it would be) into the saves
    folder's exports, and say where. ValueError when it has no final scores; SaveError or
    OSError when it can't be written."""
    opened = checked(data)  # checked and totalled once, as opening the file would be
    record = record_of(file, opened)
    if opened.result is None:
        raise ValueError(record.error or NOT_FINISHED)
    text = finished_markdown(record, data, opened.result)
    target = saves / EXPORTS / markdown_name(file)
    write_export(saves, target, text)
    return target


def export_sessions(saves: Path, records: Iterable[SessionRecord]
                    ) -> tuple[Path, list[SessionRecord]]:
    """Write every finished session among `records` into one CSV in the saves folder's
    exports: where, and the sessions written. SaveError or OSError when it can't be."""
    scored = [r for r in records if r.scored]
    target = saves / EXPORTS / CSV_NAME
    write_export(saves, target, sessions_csv(scored))
    return target, scored


def write_export(saves: Path, target: Path, text: str) -> None:
    """Write an export atomically (OSError when it can't be). Nothing of Last Round's is
    written outside the saves folder through a link: a link on the way from the saves folder
    to `target` (a linked `exports/`) is refused with SaveError, one line."""
    link = link_on_the_way(saves, target.parent)
    if link is not None:
        raise SaveError(f"{link} is a symbolic link: Last Round never writes through a link "
                        "in the saves folder")
    atomic_write(target, text)


def link_on_the_way(saves: Path, folder: Path) -> Path | None:
    """The first symbolic link among the folders below `saves` down to `folder`, when
    `folder` is inside it (the saves folder itself is the user's to choose)."""
    top, inside = Path(os.path.abspath(saves)), Path(os.path.abspath(folder))
    if not inside.is_relative_to(top):
        return None
    below = Path()
    for part in inside.relative_to(top).parts:
        below /= part
        if (top / below).is_symlink():
            return saves / below  # as the saves folder was given
    return None
