"""The BG Stats QR code in a real terminal (tmux), in the smallest window the screen claims it
fits: the characters tmux shows are read back and decoded, as drawn for a light-on-dark
terminal and, after I, for a dark-on-light one."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from lastround.records.play_log import bgstats_scan_link
from lastround.screens.qr import window_needed
from lastround.session.files import read_session
from lastround.widgets.qr_code import code_size
from tests.e2e.tty import Terminals
from tests.support.history_data import EXAMPLES
from tests.support.qr_reading import DARK, LIGHT, decoded

pytestmark = pytest.mark.e2e

LASTROUND = str(Path(sys.executable).with_name("lastround"))
NAME = "rftg-4-players.toml"
QUADRANT_BLOCKS = set(" ▘▝▖▗▌▐▀▄▚▞▙▟▛▜█")


def code_on(screen: str, width: int, cells: int) -> list[str] | None:
    """The code's lines on a screen `width` wide: the `cells` lines under the first, centred;
    None while they hold anything but quadrant blocks (the screen before it)."""
    left = (width - cells) // 2
    lines = [line.ljust(width)[left:left + cells] for line in screen.splitlines()[1:1 + cells]]
    return lines if len(lines) == cells and set("".join(lines)) <= QUADRANT_BLOCKS else None


def test_the_code_scans_from_a_real_terminal_either_way_round(terminals: Terminals,
                                                              tmp_path: Path) -> None:
    link = bgstats_scan_link(read_session(EXAMPLES / NAME), NAME)
    window, cells = window_needed(link), code_size(link).width

    def scans(screen: str, drawn: int) -> bool:
        lines = code_on(screen, window.width, cells)
        return lines is not None and decoded(lines, drawn=drawn) == [link]

    term = terminals.start([LASTROUND, "--saves", str(tmp_path / "saves"), "replay",
                            str(EXAMPLES / NAME)],
                           env={"LASTROUND_CONFIG": str(tmp_path / "config.toml"),
                                "LANG": "C.UTF-8"},
                           size=(window.width, window.height))
    term.wait_for("Replay")
    term.keys("b")
    term.wait_until(lambda screen: scans(screen, LIGHT), "the code drawn light, scanning")
    term.keys("i")  # for a terminal with dark text on a light background
    term.wait_until(lambda screen: scans(screen, DARK), "the code drawn dark, scanning")
