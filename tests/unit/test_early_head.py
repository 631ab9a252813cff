"""A long finished file's head: opened alone only when it settles the final scores alone,
and never written back (its log is not read)."""

from __future__ import annotations

from pathlib import Path

import pytest

import lastround.session.early
from lastround.session.early import EarlySession, open_early, same_head
from lastround.session.files import read_session, write_session
from lastround.session.safekeeping import Safekeeping, load_session
from tests.support.long_log import galileo_session, rftg_session


@pytest.fixture(autouse=True)
def any_length(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lastround.session.early, "EARLY_FROM", 1)


def test_a_finished_file_opens_on_its_head_with_the_whole_files_data_but_its_log(
    tmp_path: Path,
) -> None:
    for number, session in enumerate((rftg_session(30), galileo_session(40, 3))):
        path = tmp_path / f"{number}.toml"
        write_session(path, session.data)
        early = open_early(path)
        assert isinstance(early, EarlySession)
        whole = read_session(path)
        assert whole["log"] and same_head(early.data, whole)
        assert early.score() == load_session(path).score()


def test_a_short_file_is_read_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "short.toml"
    write_session(path, rftg_session(3).data)
    monkeypatch.setattr(lastround.session.early, "EARLY_FROM", path.stat().st_size + 1)
    assert open_early(path) is None


@pytest.mark.parametrize("change", [
    ('status = "finished"', 'status = "in-progress"'),  # not finished: its steps to resume
    ("format = 1", "format = 1\nlog = []"),  # a log of its own before the tables
    ("format = 1\n", "format = 1\r\n"),  # another editor's line ends
    ('name = "Ada"', 'name = "Bo"'),  # refused: the same name twice
])
def test_a_head_that_does_not_settle_the_scores_alone_leaves_it_to_the_whole_file(
    tmp_path: Path, change: tuple[str, str],
) -> None:
    path = tmp_path / "changed.toml"
    write_session(path, rftg_session(5).data)
    path.write_text(path.read_text().replace(*change, 1))
    assert open_early(path) is None


def test_a_session_whose_log_is_not_read_is_never_written(tmp_path: Path) -> None:
    """Written, it would lose its whole log: the save is refused, the file left as it was."""
    path = tmp_path / "long.toml"
    write_session(path, rftg_session(20).data)
    before = path.read_bytes()
    early = open_early(path)
    assert early is not None
    why = Safekeeping().write(early, tmp_path)
    assert why is not None and "its log is still being read" in why
    assert path.read_bytes() == before
