"""Both games' whole end of game, played in a real terminal by keys and read off the screen.

Each function answers the steps with the keys a person would press, and waits for the next
screen before going on. The tables are those of the Pilot tests (tests/support/rftg_play.py and
tests/support/galileo_play.py), so the expected results are known.
"""

from __future__ import annotations

from functools import partial

from tests.e2e.tty import Terminal
from tests.support import galileo_play, rftg_play

# Ada and Bo on 40 VP each; Ada's 3 cards in hand + 2 goods beat Bo's 4 + 0 on the tie-break.
RFTG_TABLE = rftg_play.two_players((3, 2), (4, 0))
RFTG_WINNER = "★ Ada wins on the tie-break"

GALILEO_TABLE = galileo_play.THREE_PLAYERS
GALILEO_TRACKS = (62, 50, 71)  # each player's score track; everything else stays 0
GALILEO_WINNER = "★ Cy wins"


def marked(done: int, shown: str) -> bool:
    """`done` turns are marked played on the screen shown."""
    return shown.count("✓") == done


def first_suggestion(screen: str, typed: str) -> str:
    """The card the picker would add: the first line of the list under the search field
    (without the ▶ that marks it)."""
    lines = screen.splitlines()
    for number, line in enumerate(lines):
        if line[:45].strip() == typed:
            below = [row[:45].strip().removeprefix("▶ ") for row in lines[number + 1:number + 4]]
            return next((row for row in below if row), "")
    return ""


def wait_for_suggestion(term: Terminal, typed: str, name: str) -> None:
    """The list follows each typed letter: wait until it is the list for all of them."""
    # One line a suggestion: the name, then its kind and VP (shortened where it is long).
    term.wait_until(lambda shown: first_suggestion(shown, typed).startswith(f"{name}  "),
                    f"{name} first in the list for {typed!r}")


def play_rftg(term: Terminal) -> None:
    """From the home screen to the final scores of RFTG_TABLE, every step by keys."""
    term.wait_for("New session")
    term.keys("r")
    term.wait_for("Players and edition", "Seat 1")
    ada, bo = RFTG_TABLE.seats
    term.type(ada.name)
    term.keys("Tab")
    term.wait_focus("Seat 2")
    term.type(bo.name)
    term.keys("Enter")
    term.wait_for("Does the game end?")
    term.type(str(RFTG_TABLE.largest))
    term.keys("Enter")
    term.wait_for("Finish the round", "[ ] 1.")
    for _ in range(6):
        term.keys("Space")  # ticks the item and moves on to the next
    term.wait_for("[x] 6.")
    term.keys("Enter")
    # Ada: quick entry, two numbers.
    term.wait_for("Ada: tableau")
    term.keys("C-t")
    term.wait_for("Quick entry:")
    assert ada.totals is not None
    term.type(str(ada.totals[0]))
    term.keys("Tab")
    term.wait_focus("6-cost development bonuses")
    term.type(str(ada.totals[1]))
    term.keys("Enter")
    play_counts(term, "Ada", ada)
    # Bo: every card picked by a few letters.
    term.wait_for("Bo: tableau")
    for number, name in enumerate(bo.cards, start=1):
        typed = rftg_play.letters_for(name)
        term.type(typed)
        wait_for_suggestion(term, typed, name)
        term.keys("Enter")
        term.wait_for(f"{number}. {name}")
    term.keys("Enter")  # on the empty search: the tableau is done
    play_counts(term, "Bo", bo, refused_hand=99)
    term.wait_for("Final scores", RFTG_WINNER)


def play_counts(term: Terminal, name: str, seat: rftg_play.Seat,
                refused_hand: int | None = None) -> None:
    """Chips, hand, goods; with `refused_hand`, first a hand the rules refuse, then the fix."""
    term.wait_for(f"{name}: chips, hand and goods")
    term.wait_focus("VP chips")
    term.type(str(seat.chips))
    term.keys("Tab")
    term.wait_focus("Cards in hand")
    if refused_hand is not None:
        term.type(str(refused_hand))
        term.keys("Enter")
        term.wait_for("✗", "at most 10")  # marked by a symbol and words, not only by colour
        term.wait_focus("Cards in hand")  # the refused field has the focus again
        term.keys("C-a", "C-k")
    term.type(str(seat.hand))
    term.keys("Tab")
    term.wait_focus("Goods on worlds")
    term.type(str(seat.goods))
    term.keys("Enter")


def play_galileo(term: Terminal) -> None:
    """From the home screen to the final scores of GALILEO_TABLE, every step by keys."""
    table = GALILEO_TABLE
    term.wait_for("New session")
    term.keys("g")
    term.wait_for("Players", "Seat 1")
    for seat, name in enumerate(table.players):
        if seat:
            term.keys("Tab")
        term.wait_focus(f"Seat {seat + 1}")
        term.type(name)
    term.keys("Enter")
    term.wait_for("First player and Subjects", "(•) Ada")
    term.keys("Enter")  # Ada holds the telescope; the four Subjects as they stand
    term.wait_for("The deck is empty")
    term.wait_focus("Whose turn")
    term.keys("Right")  # it emptied on Bo's turn (Ada is the first option)
    term.wait_for("(•) Bo")
    term.keys("Enter")
    term.wait_for("Who still plays", "▶ Bo: the rest of this turn")
    turns = galileo_play.THREE_PLAYER_TURNS
    term.keys("Enter")  # the rest of Bo's turn, in which the deck emptied
    term.wait_for("▶ 1. Cy")
    for turn in range(1, turns + 1):
        for draw in table.draws.get(turn, ()):
            term.keys("d")
            term.wait_for("Unused Tier III cards in the box")
            term.keys("C-a", "C-k")
            term.type(str(draw.box))
            term.keys("Enter")
            term.wait_for(f"Shuffle the {draw.box} unused Tier III cards")
            term.type(draw.card)
            term.keys("Enter")
            term.wait_for(f": {draw.card}")
        term.keys("Enter")
        term.wait_until(partial(marked, turn + 1),
                        f"{turn} turns marked ✓")
    term.wait_for("Every turn is played")
    term.keys("Enter")
    for name, track in zip(table.players, GALILEO_TRACKS, strict=True):
        term.wait_for(f"{name}: final scoring")
        term.wait_focus("Score track position")
        term.keys("C-a", "C-k")
        term.type(str(track))
        term.keys("Enter")
    term.wait_for("Final scores", GALILEO_WINNER)
