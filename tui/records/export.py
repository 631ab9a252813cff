"""Exports: one finished session as a Markdown table, every session as one CSV.

Text from history records, no Textual. The app's exports (`export_session` from replay,
`export_sessions` from history) go into the saves folder's exports/; `lastround export`
prints the same text or writes it where asked. Every write goes through write_export, which
never writes through a link inside the saves folder.
The Markdown pastes into a chat as a table; the CSV has one row per player per session with
each scoring part under its `lastround score --json` name.
"""

from __future__ import annotations

import csv
import io
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from tui.games import GAME_MODULES
from tui.games.base import Result, verdict
from tui.records.history import SessionRecord, record_from_data
from tui.records.replay import final_result
from tui.records.replay_text import correction_notes
from tui.session.files import SaveError, atomic_write
from tui.session.plain_text import visible

EXPORTS = "exports"  # the subfolder of the saves folder that exports are written into
CSV_NAME = "sessions.csv"


def markdown_cell(text: str) -> str:
    """Text that stays itself inside a Markdown table cell (and can't drive a terminal the
    Markdown is printed on: see tui.session.plain_text)."""
    return re.sub(r"([\\|*_`])", r"\\\1", visible(text))


def session_markdown(record: SessionRecord, notes: Sequence[str] = ()) -> str:
    """A finished session: players, each part, totals, places, then the winner.

    ValueError when the session has no totals to show (unfinished or unreadable).
    """
    if not record.scored:
        raise ValueError("the session is not finished: there are no final scores yet"
                         if not record.error else record.error)
    parts = list(record.players[0].parts)
    lines = [f"**{record.title}**, {markdown_cell(record.date)} UTC", ""]
    header = ["Player", *(p.capitalize() for p in parts), "Total", "Place"]
    lines.append("| " + " | ".join(header) + " |")
    lines.append("| --- |" + " ---: |" * (len(header) - 1))
    for player in record.players:
        won = player.name in record.winners
        name = markdown_cell(player.name) + (" ★" if won else "")
        total = f"**{player.total}**" if won else str(player.total)
        cells = [name, *(str(player.parts[k]) for k in parts), total, str(player.place)]
        lines.append("| " + " | ".join(cells) + " |")
    winners = [markdown_cell(w) for w in record.winners]
    lines += ["", f"★ {verdict(winners, record.decided_by)}"]
    for note in notes:  # a tie-break's reasons, corrections: each its own paragraph
        lines += ["", visible(note)]
    return "\n".join(lines) + "\n"


def part_columns(records: Iterable[SessionRecord]) -> list[str]:
    """Every scoring part found, grouped by game in the games' own order."""
    by_game: dict[str, list[str]] = {}
    for record in records:
        for player in record.players:
            known = by_game.setdefault(record.game, [])
            known += [p for p in player.parts if p not in known]
    games = sorted(by_game, key=lambda g: (list(GAME_MODULES).index(g) if g in GAME_MODULES
                                           else len(GAME_MODULES), g))
    columns: list[str] = []
    for game in games:
        columns += [p for p in by_game[game] if p not in columns]
    return columns


def sessions_csv(records: Iterable[SessionRecord]) -> str:
    """One row per player per finished session, oldest session first, seats in order.

    Unfinished and unreadable sessions have no scores and are left out.
    """
    scored = sorted((r for r in records if r.scored), key=lambda r: (r.created, r.file))
    parts = part_columns(scored)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    # Every text cell as shown by tui.session.plain_text.visible: the CSV may be printed on a
    # terminal (`lastround export --csv`), and a file's name is anything its folder allows.
    writer.writerow(["file", "date", "game", "player", "seat", *parts, "total", "place",
                     "winner"])
    for record in scored:
        for player in record.players:
            writer.writerow([visible(record.file), visible(record.created), visible(record.game),
                             visible(player.name), player.seat,
                             *(player.parts.get(p, "") for p in parts), player.total,
                             player.place, "yes" if player.name in record.winners else "no"])
    return out.getvalue()


def markdown_name(session_file: str) -> str:
    return f"{session_file.removesuffix('.toml')}.md"


def finished_markdown(record: SessionRecord, data: Mapping[str, Any], result: Result) -> str:
    """A finished session's Markdown with, under it, the tie-break's reasons and every
    correction made after the game. ValueError when `record` has no final scores."""
    return session_markdown(record, [*result.explanation, *correction_notes(data)])


def export_session(saves: Path, file: str, data: Mapping[str, Any]) -> Path:
    """Write the Markdown of session `file` (checked as opening it would be) into the saves
    folder's exports, and say where. ValueError when it has no final scores; SaveError or
    OSError when it can't be written."""
    record = record_from_data(file, data)
    text = finished_markdown(record, data, final_result(data))
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
