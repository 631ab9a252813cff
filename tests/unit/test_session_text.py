"""Saving a long session: tomlkit sees only what is small (tui/session/save_text.py), and every
comment added by hand still survives (counted, never timed)."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import tomlkit

import lastround.session.files
from lastround.session.files import read_session, write_session
from lastround.session.session import Session
from tests.support.long_log import galileo_session, stamp

NOTE = "# Round {}: Ada forgot to move her token; we counted it as it was written.\n"


@pytest.fixture
def parsed(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """The length of every text tomlkit parses, from a save that starts afresh (as the first
    save after opening a file does)."""
    sizes: list[int] = []
    real = tomlkit.parse

    def parse(text: str) -> tomlkit.TOMLDocument:
        sizes.append(len(text))
        return real(text)

    monkeypatch.setattr(tomlkit, "parse", parse)
    monkeypatch.setattr(lastround.session.files, "_last_save", None)
    yield sizes


def long_session(saves: Path, partial: int) -> tuple[Session, Path]:
    session = galileo_session(partial, finish=False)
    session.path = saves / "long.toml"
    write_session(session.path, session.data)
    return session, session.path


def turn_ended(session: Session, number: int) -> None:
    turns = session.steps()[session.index_of("final-turns")]
    session.confirm(turns, session.values_for(turns), at=stamp(number), partial=True)


def with_notes(text: str, before: str, count: int) -> str:
    return text.replace(before, "".join(NOTE.format(n) for n in range(count)) + before, 1)


def test_comments_by_the_thousand_are_kept_without_tomlkit_reading_them(
        saves: Path, parsed: list[int]) -> None:
    """Finding: the first save of a session holding 50 MB of comments blocked the interface
    for 98 s, tomlkit reading every comment a character at a time."""
    session, path = long_session(saves, 5)
    text = with_notes(path.read_text(), "[[players]]", 5000)
    path.write_text(with_notes(text, "format = 1", 5000))
    parsed.clear()
    turn_ended(session, 6)
    write_session(path, session.data)
    saved = path.read_text()
    assert saved.count("# Round 4999:") == 2 and tomllib.loads(saved) == session.data
    assert sum(parsed) < len(saved) / 50, (sum(parsed), len(saved))


def test_a_long_log_keeps_its_text_and_only_new_entries_go_through_tomlkit(
        saves: Path, parsed: list[int]) -> None:
    """Finding: a log of 20,000 entries took a minute and a half to save first, tomlkit
    parsing and printing all of it, then 7 s for every later save."""
    session, path = long_session(saves, 2000)
    marked = path.read_text().replace('at = "2026-11-29T20:00:10Z"\n',
                                      'at = "2026-11-29T20:00:10Z"  # the eleventh turn\n')
    path.write_text(marked)
    parsed.clear()
    for number in range(3):  # the first save after a hand edit, then two more
        turn_ended(session, 2000 + number)
        write_session(path, session.data)
    saved = path.read_text()
    assert "# the eleventh turn" in saved and saved.startswith(marked)
    assert read_session(path) == session.data
    assert sum(parsed) < 2000, parsed


def test_a_changed_entry_is_saved_and_keeps_its_comment(saves: Path) -> None:
    _, path = long_session(saves, 50)
    path.write_text(path.read_text().replace('at = "2026-11-29T20:00:10Z"\n',
                                             'at = "2026-11-29T20:00:10Z"  # keep me\n'))
    lastround.session.files._last_save = None
    data: dict[str, Any] = read_session(path)
    data["log"][13]["values"]["turns_done"] = 2
    write_session(path, data)
    assert read_session(path) == data and "# keep me" in path.read_text()


@pytest.mark.parametrize("layout", ["a table after the log", "a multi-line string"])
def test_a_file_that_cannot_be_cut_is_saved_whole(saves: Path, layout: str) -> None:
    _, path = long_session(saves, 10)
    text = path.read_text()
    if layout == "a table after the log":
        text += "# drawn by hand\n[[notes]]\nwhat = \"a table of our own\"\n"
    else:
        text = text.replace("format = 1", 'memo = """[[log]] # not a comment"""\nformat = 1')
    path.write_text(text)
    lastround.session.files._last_save = None
    data: dict[str, Any] = read_session(path)
    turn_ended(Session(data, path), 11)
    write_session(path, data)
    assert read_session(path) == data
    assert ("# drawn by hand" if layout == "a table after the log"
            else '"""[[log]] # not a comment"""') in path.read_text()
