"""`lastround export [FILE] [--csv | --bgstats | --bgstats-link | --bgg] [--out PATH]`:
Markdown of one session, or CSV of them all; or one session as a play for BG Stats or
BoardGameGeek (tui/records/play_log.py).

Without the interface: imports neither Textual nor tomlkit. Standard output by default;
`--out` writes the file atomically. Nothing is written into the saves folder: the CSV of
every session uses history's index as it is, if there is one, and keeps no new one.
Exit status 0, or 2 with one line on standard error.
"""

from __future__ import annotations

import sys
from pathlib import Path

from lastround.records.export import finished_markdown, sessions_csv, write_export
from lastround.records.history import checked_record
from lastround.records.play_log import play_log_text
from lastround.records.session_record import SessionRecord
from lastround.session.folder import saves_folder
from lastround.session.opening import not_finished, open_session
from lastround.session.safe_read import SaveError


def one_session(file: Path, as_csv: bool, play_log: str | None = None) -> str:
    data, result = open_session(file)  # checked and totalled once, as every reader does
    if result is None:
        raise not_finished(file, data)
    record = checked_record(file.name, data, result)
    if not record.scored:
        raise SaveError(f"{file}: the session is not finished: there are no final scores yet")
    if play_log is not None:
        return play_log_text(play_log, data, file.name, result)
    if as_csv:
        return sessions_csv([record])
    return finished_markdown(record, data, result)


def every_session(folder: Path) -> tuple[str, list[SessionRecord]]:
    """The CSV of every finished session, and the records left out of it."""
    from lastround.records.index import load_history

    if not folder.is_dir():
        raise SaveError(f"{folder}: no such saves folder")
    records = load_history(folder, keep_index=False)  # read-only: nothing beside the sessions
    return sessions_csv(records), [r for r in records if not r.scored]


def left_out_note(records: list[SessionRecord]) -> str:
    unreadable = sum(1 for r in records if r.error)
    unfinished = len(records) - unreadable
    counts = [f"{n} {what}" for n, what in ((unfinished, "unfinished"),
                                              (unreadable, "unreadable")) if n]
    return f"left out {' and '.join(counts)} session{'s' if len(records) > 1 else ''}"


def main_export(file: Path | None, *, as_csv: bool, out: Path | None,
                saves: str | None, play_log: str | None = None) -> int:
    left_out: list[SessionRecord] = []
    if play_log is not None and file is None:
        print(f"lastround: --{play_log} needs a session FILE", file=sys.stderr)
        return 2
    try:
        if file is not None:
            text = one_session(file, as_csv, play_log)
        else:
            text, left_out = every_session(saves_folder(saves))
    except SaveError as error:
        print(f"lastround: {error}", file=sys.stderr)
        return 2
    if left_out:
        print(f"lastround: {left_out_note(left_out)}", file=sys.stderr)
    if out is None:
        sys.stdout.write(text)
        return 0
    try:
        write_export(saves_folder(saves), out, text)  # never through a link in the saves folder
    except SaveError as error:
        print(f"lastround: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"lastround: {out}: can't be written: {error.strerror or error}", file=sys.stderr)
        return 2
    print(f"lastround: wrote {out}", file=sys.stderr)
    return 0
