"""Strings from a session file can't drive the terminal.

A session file comes from anywhere (a friend, a synced folder, a hand edit). Every string in
it once reached the terminal raw: `created` carrying OSC 52 made `lastround export --csv`
write the terminal's clipboard, a log entry's `at = "\\u001b[2J"` blanked half the replay
screen, a player in the log set the pane's title, a card name rang the bell. Now a file
holding a control character (C0, DEL, C1) or a bidirectional control anywhere, in a text or
a key, is refused in one line that shows the character escaped; file names and an index
changed by hand are shown escaped. Every kind of string field is tried with every payload
through `score`, `score --json`, `export`, `export --csv`, replay, resume, the home list and
history; no output may hold such a character, and no file may change.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from lastround.cli import main
from lastround.records.index import INDEX_NAME, load_history
from lastround.screens.history import HistoryScreen
from lastround.screens.home import HomeScreen
from tests.robust.support import notices
from tests.support.helpers import GALILEO_EXAMPLE, RFTG_EXAMPLE, make_test_app

ROOT = Path(__file__).resolve().parents[2]
RFTG = RFTG_EXAMPLE
GALILEO = GALILEO_EXAMPLE

# What each does on a terminal, written as TOML escapes.
PAYLOADS = {
    "OSC 52 clipboard": "\\u001b]52;c;cHduZWQ=\\u0007",
    "window title": "\\u001b]2;pwned\\u0007",
    "CSI 2J blank": "\\u001b[2J",
    "BEL": "\\u0007",
    "C1 CSI": "\\u009b2J",
    "RLO override": "\\u202e",
    "newline": "\\n",
}

# Each kind of string field: the file, the text to find, and what replaces it (§: the payload).
FIELDS = {
    "created": (RFTG, 'created = "2026-11-27T21:52:00Z"', 'created = "2026-11-27§"'),
    "player name": (RFTG, 'name = "Maya"', 'name = "Ma§ya"'),
    "card in a tableau": (RFTG, '"Gem World"', '"Gem§World"'),
    "log step": (RFTG, 'step = "setup"', 'step = "setup§"'),
    "log at": (RFTG, 'at = "2026-11-27T21:55:00Z"', 'at = "§"'),
    "log player": (RFTG, 'player = "Maya"', 'player = "§Maya"'),
    "setup players": (RFTG, 'values = {players = ["Maya"', 'values = {players = ["M§aya"'),
    "a values key": (RFTG, "values = {players = [", 'values = {"x§" = 1, players = ['),
    "a top-level key": (RFTG, "seed = 4812", 'seed = 4812\n"note§" = "hi"'),
    "edition": (RFTG, 'edition = "2nd"', 'edition = "2nd§"'),
    "galileo draw card": (GALILEO, 'card = "Andromeda Nebula"}]}', 'card = "Andro§"}]}'),
    "galileo subject": (GALILEO, '"Comets"', '"Com§ets"'),
    "galileo trigger how": (GALILEO, 'how = "reward"', 'how = "reward§"'),
    "galileo log player": (GALILEO, 'player = "Marta"', 'player = "Marta§"'),
}


def hostile_text(field: str, payload: str) -> bytes:
    text, old, new = FIELDS[field]
    assert old in text, old
    return text.replace(old, new.replace("§", PAYLOADS[payload]), 1).encode()


def corpus(folder: Path) -> dict[Path, bytes]:
    """Every field with every payload, one file each."""
    files = {}
    for field in FIELDS:
        for number, payload in enumerate(PAYLOADS):
            path = folder / f"{field.replace(' ', '-')}-{number}.toml"
            files[path] = hostile_text(field, payload)
            path.write_bytes(files[path])
    return files


# Written out here, not taken from the app: the test says for itself what may not pass.
DRIVING = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")


def drives_nothing(output: str) -> bool:
    """No character that could drive a terminal, but the newlines that end lines."""
    return DRIVING.search(output.replace("\n", "")) is None


@pytest.fixture
def hostile(saves: Path) -> dict[Path, bytes]:
    return corpus(saves)


def unchanged(files: dict[Path, bytes]) -> bool:
    return all(path.read_bytes() == content for path, content in files.items())


@pytest.mark.parametrize("command", [["score"], ["score", "--json"], ["export"],
                                     ["export", "--csv"]])
def test_every_command_refuses_every_hostile_string_in_one_escaped_line(
    hostile: dict[Path, bytes], command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    for path in hostile:
        assert main([*command, str(path)]) == 2, path
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1 and drives_nothing(err), repr(err)
        assert str(path) in err and "control character" in err, err
    assert unchanged(hostile)


def test_the_csv_of_every_session_shows_no_hostile_string(
    saves: Path, hostile: dict[Path, bytes], capsys: pytest.CaptureFixture[str]
) -> None:
    """Refused files are left out (and counted); a good file with a hostile name is in, its
    name escaped."""
    named = saves / "\x1b]52;c;cHduZWQ=\x07\u202e.toml"
    named.write_text(RFTG)
    assert main(["--saves", str(saves), "export", "--csv"]) == 0
    out, err = capsys.readouterr()
    assert drives_nothing(out) and drives_nothing(err), (out, err)
    assert f"left out {len(hostile)} unreadable sessions" in err
    assert "\\x1b]52;c;cHduZWQ=\\x07\\u202e.toml,2026-11-27T21:52:00Z,rftg,Maya" in out
    assert unchanged(hostile)


async def test_replay_resume_home_and_history_show_no_hostile_string(
    saves: Path, hostile: dict[Path, bytes]
) -> None:
    app = make_test_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        home = app.screen
        assert isinstance(home, HomeScreen)
        for path in hostile:
            for read_only in (True, False):  # replay, then resume
                app.walk.open_file(path, read_only=read_only)
                await pilot.pause()
                assert app.screen is home and app.session is None
                said = notices(app)[-1]
                assert str(path) in said and "control character" in said, said
                assert drives_nothing(said), said
        assert drives_nothing(app.export_screenshot())
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        for _ in hostile:  # every row, its error line shown under the list
            assert drives_nothing(app.export_screenshot())
            await pilot.press("down")
    assert unchanged(hostile)


async def test_an_index_changed_by_hand_shows_no_hostile_string(saves: Path) -> None:
    """The index is only a cache of what the files say: a row no file could hold is read
    again from its file."""
    for number in range(6):  # enough files for the index to be used
        (saves / f"s{number}.toml").write_text(RFTG)
    load_history(saves)  # the index the home list and history keep (export only reads it)
    with sqlite3.connect(saves / INDEX_NAME) as index:
        players = json.dumps([["\x1b]2;pwned\x07", 1, {}, 1]])
        index.execute("UPDATE sessions SET players = ?, created = ?", (players, "\x1b[2J"))
    index.close()
    app = make_test_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert drives_nothing(app.export_screenshot())
        await pilot.press("h")
        await pilot.pause()
        shown = app.export_screenshot()
        assert drives_nothing(shown) and "Maya" in shown


# A file name that is not UTF-8: 0xFF, then 0x9B (on a terminal, an 8-bit CSI).
NOT_UTF8 = os.fsdecode(b"a\xff\x9b.toml")


@pytest.mark.parametrize("form", ["--bgstats", "--csv", "--bgg", "--bgstats-link", "folder"])
def test_a_file_name_that_is_not_utf8_is_exported_escaped(saves: Path, form: str) -> None:
    path = saves / NOT_UTF8
    path.write_text(RFTG)
    args = (["--saves", str(saves), "export", "--csv"] if form == "folder"
            else ["export", str(path), form])
    done = subprocess.run([sys.executable, "-m", "lastround", *args], capture_output=True,
                          cwd=ROOT, timeout=60)
    assert done.returncode == 0 and b"Traceback" not in done.stderr, done.stderr
    out = done.stdout.decode("utf-8")  # never a byte that is not UTF-8
    escaped = {"--bgstats-link": "a%5C%5Cudcff%5C%5Cudc9b.toml",  # JSON, URL-encoded
               "--bgstats": "a\\\\udcff\\\\udc9b.toml"}.get(form, "a\\udcff\\udc9b.toml")  # JSON
    assert drives_nothing(out) and escaped in out, out


async def test_history_shows_a_file_name_that_is_not_utf8_escaped(saves: Path) -> None:
    (saves / NOT_UTF8).write_text(RFTG)
    app = make_test_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        assert "Maya" in app.export_screenshot()
