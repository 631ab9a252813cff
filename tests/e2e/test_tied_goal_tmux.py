"""A 4-player Gathering Storm end with a tied "most" goal, typed in a real 80×24 terminal
(tmux) by a table that does not know the tie rule: it marks only the tiles it sees in front
of each player and confirms what each goals step shows. The steps pre-fill the tie from the
cards, so Bo's 3 VP for Production Leader are counted (tests/support/rftg_tied_play.py)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from lastround.session.files import read_session
from tests.e2e.test_expansions_tmux import counts, finish_round, scored, setup, start, tableau
from tests.e2e.tty import Terminal, Terminals
from tests.support.rftg_tied_play import COUNTS, GOAL_VP, PLAYERS, TABLEAUX

pytestmark = pytest.mark.e2e

# The tiles on the table (the options step's rows: six "first" goals, then four "most"):
# Galactic Standard of Living, System Diversity, Overlord Discoveries, Galactic Status,
# Greatest Military, Production Leader.
OPTION_KEYS = ("Right", "Tab", "Right", "Tab", "Right", "Tab", "Tab", "Tab", "Right", "Tab",
               "Right", "Tab", "Tab", "Tab", "Right", "Enter")
# What the table marks on each goals step: only Di's "first" tile (the first row); the
# "most" tiles are left as the step shows them.
GOAL_KEYS = {"Ada": ("Enter",), "Bo": ("Enter",), "Cy": ("Enter",), "Di": ("Right", "Enter")}


class Counted(Terminal):
    """A terminal that counts the keys sent: a named key is one, typed text one a letter."""

    pressed = 0

    def keys(self, *keys: str) -> None:
        self.pressed += len(keys)
        super().keys(*keys)

    def type(self, text: str) -> None:
        self.pressed += len(text)
        super().type(text)


def step_title(shown: str) -> str:
    """The step's title: the line under the title bar."""
    lines = shown.splitlines()
    return lines[1].strip() if len(lines) > 1 else ""


def play_tied(term: Terminal, goal_keys: dict[str, tuple[str, ...]]) -> None:
    """From the home to the final scores, each step as it comes (the goals steps come after
    every tableau, or after each player's counts in older versions)."""
    setup(term, list(PLAYERS), boxes_down=1)
    term.keys(*OPTION_KEYS)
    finish_round(term, 12)
    done = {"Finish the round"}
    while True:
        shown = term.wait_until(lambda s: (step_title(s) not in done and ": " in step_title(s))
                                or "Final scores" in step_title(s), "the next step")
        step = step_title(shown)
        if step.startswith("Final scores"):
            return
        done.add(step)
        name, what = step.split(": ", 1)
        if what == "tableau":
            tableau(term, name, TABLEAUX[name])
        elif what.startswith("chips"):
            counts(term, name, *COUNTS[name])
        else:
            term.keys(*goal_keys[name])


def test_a_table_that_confirms_what_the_goals_steps_show_totals_the_tie(
        terminals: Terminals, tmp_path: Path) -> None:
    began = time.monotonic()
    plain = start(terminals, tmp_path)
    term = Counted(plain.tmux_path, plain.socket, plain.name)
    play_tied(term, GOAL_KEYS)
    seconds = time.monotonic() - began
    files = sorted((tmp_path / "saves").glob("*.toml"))
    data = read_session(files[0])
    assert data["status"] == "finished"
    parts = scored(files[0])
    for name, goals in GOAL_VP.items():
        held = {part.removeprefix("goals: "): vp for part, vp in parts[name].items()
                if part.startswith("goals: ") and vp}
        assert held == goals, name
    print(f"tied-goal flow: {term.pressed} keys, {seconds:.1f} s")  # shown with -s
