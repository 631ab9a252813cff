"""A step being typed survives the app being killed (SIGKILL: a crash) or hung up on (SIGHUP: a
dropped SSH link), in a real terminal: the next start shows the step exactly as it was left,
and nothing typed was confirmed on the way.
"""

from __future__ import annotations

import signal
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from lastround.session.drafts import draft_path
from lastround.session.files import read_session
from tests.e2e.test_crash_resume import kill, start
from tests.e2e.tty import Terminal, Terminals
from tests.support import rftg_play

pytestmark = pytest.mark.e2e

SIGNALS = {"SIGKILL": signal.SIGKILL, "SIGHUP": signal.SIGHUP}
RESTORED = "What was typed here before is back"


@dataclass(frozen=True)
class Typing:
    """A step typed part-way: where, the keys, what the draft file then holds, what shows."""

    step: str
    shows: str  # on screen once the step is open
    keys: Callable[[Terminal], None]
    drafted: str  # in the draft file once everything is typed
    back: tuple[str, ...]  # on screen when the step comes back


def cards(term: Terminal) -> None:
    for number, (letters, name) in enumerate((("new sp", "New Sparta"),
                                              ("space ma", "Space Marines")), start=1):
        term.type(letters)
        term.keys("Enter")
        term.wait_for(f"{number}. {name}")
    term.type("mini")


def counts(term: Terminal) -> None:
    term.type("13\t2x")  # a wrong value is kept as it was typed, too


TYPINGS = {
    "cards": Typing("tableau-1", "Bo: tableau", cards, 'search = "mini"',
                    ("1. New Sparta", "2. Space Marines", "mini")),
    "counts": Typing("counts-1", "Bo: chips", counts, 'hand = "2x"', ("13", "2x", "✗ Cards")),
}


def wait_for_file(path: Path, text: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not (path.exists() and text in path.read_text()):
        assert time.monotonic() < deadline, f"never {text!r} in {path}"
        time.sleep(0.05)


@pytest.mark.parametrize("signal_name", SIGNALS)
@pytest.mark.parametrize("typing", TYPINGS)
def test_what_was_typed_in_a_step_comes_back_after_a_kill_or_a_hang_up(
    tmp_path: Path, terminals: Terminals, typing: str, signal_name: str
) -> None:
    how = TYPINGS[typing]
    saves = tmp_path / "saves"
    saves.mkdir()
    path = rftg_play.saved_session(saves, rftg_play.FOUR_PLAYERS, upto=how.step)
    confirmed = read_session(path)
    term = start(terminals, saves, "resume", str(path))
    term.wait_for(how.shows)
    how.keys(term)
    wait_for_file(draft_path(path), how.drafted)  # on disk as it was typed

    kill(term, SIGNALS[signal_name])

    assert read_session(path) == confirmed, "a draft is never written into the session"
    if signal_name == "SIGKILL":
        again = start(terminals, saves, "resume", str(path))
    else:  # a dropped link: the next start offers the session; Enter resumes it
        again = start(terminals, saves)
        again.wait_for("Enter to resume")
        again.keys("Enter")
    again.wait_for(how.shows, RESTORED, *how.back)
