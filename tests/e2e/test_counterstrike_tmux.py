"""A 4-player Xeno Counterstrike end typed through the app in a real 80×24 terminal (tmux):
the box chosen at setup, a tableau of 15 cards ending the game, every tableau picked card by
card (Scorched-Earth Defense's -1 among them), and `lastround score --json` giving the
totals worked by hand from the card pictures (tests/support/rftg_counterstrike_play.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lastround.session.files import read_session
from tests.e2e.play_keys import wait_for_suggestion
from tests.e2e.test_expansions_tmux import counts, finish_round, scored, start, the_file
from tests.e2e.tty import Terminal, Terminals
from tests.support.rftg_counterstrike_play import FOUR, FOUR_TOTALS

pytestmark = pytest.mark.e2e

XC_DOWN = 6  # "+ Xeno Counterstrike", six rows below the base game


def setup_four(term: Terminal, names: list[str]) -> None:
    """Home, `r`, the players in seat order, Xeno Counterstrike: no options to ask."""
    term.wait_for("New session")
    term.keys("r")
    term.wait_for("Players and edition", "Seat 1")
    for seat, name in enumerate(names):
        if seat:
            term.keys("Tab")
        term.wait_focus(f"Seat {seat + 1}")
        term.type(name)
    for _ in range(6 - len(names) + 1):  # the empty seats, then the edition
        term.keys("Tab")
    term.keys("Tab")
    term.wait_focus("Expansions")
    term.keys(*["Down"] * XC_DOWN)
    term.wait_for("(•) + Xeno Counterstrike")
    term.keys("Enter")


def tableau(term: Terminal, name: str, cards: list[str]) -> None:
    """Each card by its name and Enter, counted in the heading (a long name wraps)."""
    term.wait_for(f"{name}: tableau")
    for number, card in enumerate(cards, start=1):
        term.type(card)
        wait_for_suggestion(term, card, card)
        term.keys("Enter")
        term.wait_for(f"Tableau: {number} card")
    term.keys("Enter")


def test_a_four_player_xeno_counterstrike_end(terminals: Terminals, tmp_path: Path) -> None:
    term = start(terminals, tmp_path)
    setup_four(term, list(FOUR))
    term.wait_for("Does the game end?", "tableau reaches 15 face-up")
    finish_round(term, 15)
    for name, (cards, chips, hand, goods) in FOUR.items():
        tableau(term, name, cards)
        counts(term, name, chips, hand, goods)
    term.wait_for("Final scores", "Di")
    path = the_file(tmp_path)
    data = read_session(path)
    assert data["status"] == "finished" and data["expansions"] == ["xeno-counterstrike"]
    assert [p["tableau"] for p in data["players"]] == [row[0] for row in FOUR.values()]
    parts = scored(path)
    assert {name: sum(p.values()) for name, p in parts.items()} == FOUR_TOTALS
    assert parts["Ada"]["tableau"] == 9  # 10 VP printed and Scorched-Earth Defense's -1
