"""In a real terminal, no session file can set the window title or write the clipboard.

Files whose strings carry OSC 52 (write the clipboard), OSC 2 (set the title) and CSI 2J
(blank the screen) are replayed, page by page, in a tmux pane that lets programs write its
clipboard (`set-clipboard on`), then listed on the home screen and in history beside a good
session whose file name carries the same. Once a log entry's time blanked half the replay
screen and a player's name in the log set the pane's title. Afterwards the pane's title is
its own and tmux holds no pasted buffer.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.e2e.tty import Terminal, Terminals
from tests.robust.test_hostile_strings import GALILEO, RFTG

pytestmark = pytest.mark.e2e

LASTROUND = str(Path(sys.executable).with_name("lastround"))
DRIVES = "\\u001b]52;c;cHduZWQ=\\u0007\\u001b]2;pwned\\u0007\\u001b[2J"
FILES = {
    "created": RFTG.replace('created = "2026-11-27T21:52:00Z"', f'created = "{DRIVES}"'),
    "log-at": RFTG.replace('at = "2026-11-27T21:55:00Z"', f'at = "{DRIVES}"'),
    "log-player": RFTG.replace('player = "Maya"', f'player = "{DRIVES}"'),
    "draw-card": GALILEO.replace('card = "Andromeda Nebula"}]}', f'card = "{DRIVES}"}}]}}'),
}


def untouched(term: Terminal, title: str) -> bool:
    return (term.tmux("display-message", "-p", "-t", term.name, "#{pane_title}") == title
            and term.tmux("list-buffers") == "")


@pytest.mark.parametrize("name", FILES)
def test_replaying_a_hostile_file_drives_nothing(
    tmp_path: Path, terminals: Terminals, name: str
) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    path = saves / f"{name}.toml"
    path.write_text(FILES[name])
    term = terminals.start([LASTROUND, "--saves", str(saves), "replay", str(path)],
                           env={"LASTROUND_CONFIG": str(tmp_path / "config.toml")})
    term.tmux("set-option", "-s", "set-clipboard", "on")
    title = term.tmux("display-message", "-p", "-t", term.name, "#{pane_title}")
    term.wait_for("Last Round")
    term.keys(*["Right"] * 30)  # every page of the replay, when it opens
    term.wait_until(lambda shown: "wins" in shown or "control character" in shown,
                    "the final scores, or the file refused")
    term.keys("C-q")
    term.wait_ended()
    assert untouched(term, title), "the title or the clipboard was written"
    assert path.read_text() == FILES[name]


def test_the_lists_show_hostile_names_and_errors_driving_nothing(
    tmp_path: Path, terminals: Terminals
) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    for name, text in FILES.items():
        (saves / f"{name}.toml").write_text(text)
    (saves / "good\x1b]52;c;cHduZWQ=\x07\x1b]2;pwned\x07.toml").write_text(RFTG)
    term = terminals.start([LASTROUND, "--saves", str(saves)],
                           env={"LASTROUND_CONFIG": str(tmp_path / "config.toml")})
    term.tmux("set-option", "-s", "set-clipboard", "on")
    title = term.tmux("display-message", "-p", "-t", term.name, "#{pane_title}")
    term.wait_for("Sessions: unfinished first")
    term.keys(*["Down"] * len(FILES))
    term.keys("h")
    term.wait_for("sessions")
    term.keys(*["Down"] * len(FILES))
    term.keys("Escape")
    shown = term.wait_for("Sessions: unfinished first")
    term.keys("q")
    term.wait_ended()
    assert untouched(term, title), "the title or the clipboard was written"
    assert "Sessions" in shown
