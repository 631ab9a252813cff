"""Input with no bound: numbers of thousands of digits, nesting a hundred thousand deep, a
pipe or a device where a file should be, a file of many megabytes. Each once ended in a
traceback or never ended; each now gives one short line (exit 2), or the file listed as
unreadable, and the file is left as it was.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from textual.widgets import DataTable

from lastround.cli import main
from lastround.records.listing import list_sessions
from lastround.screens.home import HomeScreen
from lastround.shell.config import load_config, save_setting
from tests.robust.support import notices
from tests.support.helpers import GALILEO_EXAMPLE, RFTG_EXAMPLE, make_test_app

ROOT = Path(__file__).resolve().parents[2]
RFTG = RFTG_EXAMPLE
GALILEO = GALILEO_EXAMPLE
LONGEST_LINE = 400  # a message longer than this is no longer "one line" on any screen

HUGE: dict[str, str] = {
    "5000 digits": RFTG.replace("chips = 14", "chips = " + "9" * 5000, 1),
    "a long hex": RFTG.replace("chips = 14", "chips = 0x" + "f" * 5000, 1),
    "a seed of 4300 digits": GALILEO.replace("seed = ", "seed = " + "9" * 4290, 1),
    "a long game name": RFTG.replace('game = "rftg"', 'game = "' + "x" * 5000 + '"', 1),
}


@pytest.mark.parametrize("case", HUGE)
@pytest.mark.parametrize("command", [["score"], ["score", "--json"], ["export"],
                                     ["export", "--csv"]])
def test_a_huge_value_gives_one_short_line(
    saves: Path, case: str, command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    path = saves / "huge.toml"
    path.write_text(HUGE[case])
    assert main([*command, str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err, err[:500]
    assert len(err) < LONGEST_LINE + len(str(path)), len(err)
    assert path.read_text() == HUGE[case]


@pytest.mark.parametrize("command", ["resume", "replay"])
async def test_a_huge_value_in_the_saves_folder_lets_the_app_start(
    saves: Path, command: str
) -> None:
    """Start-up and history list such a file as unreadable; opening it says why."""
    for number, text in enumerate(HUGE.values()):
        (saves / f"huge-{number}.toml").write_text(text)
    assert all(summary.error for summary in list_sessions(saves))
    path = saves / "huge-0.toml"
    app = make_test_app(saves, command=command, file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        (message,) = notices(app)
        assert "far too large" in message and len(message) < LONGEST_LINE + len(str(path))
        await pilot.press("h")
        await pilot.pause()
        assert app.screen.query_one(DataTable).row_count == len(HUGE)


def test_the_real_command_gives_no_traceback_on_a_long_number(saves: Path) -> None:
    path = saves / "huge.toml"
    path.write_text(HUGE["5000 digits"])
    done = subprocess.run([sys.executable, "-m", "lastround", "score", str(path)],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.count("\n") == 1


@pytest.mark.parametrize("where", ["a pipe", "/dev/zero", "a folder"])
def test_score_never_blocks_on_what_is_not_a_file(
    saves: Path, where: str, capsys: pytest.CaptureFixture[str]
) -> None:
    if where == "a pipe":
        path = saves / "pipe.toml"
        os.mkfifo(path)
    elif where == "a folder":
        path = saves / "folder.toml"
        path.mkdir()
    else:
        path = Path(where)
    finished: list[int] = []
    worker = threading.Thread(target=lambda: finished.append(main(["score", str(path)])),
                              daemon=True)
    worker.start()
    worker.join(timeout=60)  # generous: the old code never returned at all
    assert finished == [2], "score returned"
    err = capsys.readouterr().err
    assert "not a session file" in err and err.count("\n") == 1, err


def test_a_file_far_larger_than_any_session_is_refused_unread(
    saves: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saves / "comments.toml"
    path.write_text(RFTG + ("# a long comment\n" * 700_000))  # about 11 MiB
    assert main(["score", str(path)]) == 2
    assert "far larger than any session" in capsys.readouterr().err


@pytest.mark.parametrize("content", [
    "theme = " + "9" * 5000 + "\n",
    "x = " + "[" * 100_000 + "]" * 100_000 + "\n",
    "theme = 0x" + "f" * 5000 + "\n",
])
def test_a_config_file_with_no_bound_means_the_defaults(tmp_path: Path, content: str) -> None:
    config = tmp_path / "config.toml"
    config.write_text(content)
    assert load_config(config) == {}
    save_setting("theme", "textual-dark", config)  # a broken file is written anew
    assert load_config(config) == {"theme": "textual-dark"}


def test_a_config_that_is_a_pipe_means_the_defaults(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    os.mkfifo(config)
    assert load_config(config) == {}


def measured_smaller(monkeypatch: pytest.MonkeyPatch, by: int) -> None:
    """os.fstat in the reading module reports a file `by` bytes smaller than it is, as if it
    grew between being measured and being read."""
    real_fstat = os.fstat

    def fstat(handle: int) -> os.stat_result:
        found = real_fstat(handle)
        fields = list(found)
        fields[6] = max(found.st_size - by, 0)  # st_size
        return os.stat_result(fields)

    monkeypatch.setattr("lastround.session.files.os.fstat", fstat)


def test_a_file_grown_since_measured_is_read_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from lastround.session.safe_read import read_regular_file

    path = tmp_path / "grown.toml"
    path.write_text(RFTG)
    measured_smaller(monkeypatch, 1000)
    assert read_regular_file(path, 2**20) == RFTG.encode()


def test_a_file_grown_past_the_limit_since_measured_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from lastround.session.safe_read import SaveError, read_regular_file

    path = tmp_path / "grown.toml"
    path.write_text(RFTG)
    measured_smaller(monkeypatch, len(RFTG.encode()) - 10)
    with pytest.raises(SaveError, match="far larger than any session"):
        read_regular_file(path, 100)
