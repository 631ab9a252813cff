"""Table mode in real terminals: a host and three players, each in a pane of their own on one
tmux server (one player's pane is a phone held upright, 40×16), finish both games' 4-player
examples. The host opens the table with F4 and types the first seat's own steps; the players
run `lastround join` and type theirs at the same time. The finished file is the one a single
terminal makes (when and by whom aside), and each player's entries name them as `by`.

The same card listed by two players beyond the deck's copies is refused to the second to send,
with the reason on their screen, and the first is told who else listed it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from lastround.session.files import read_session
from tests.e2e.table_keys import (
    Seats,
    comparable,
    entered_by,
    join,
    open_table,
    press,
    single_terminal_file,
    start_host,
    start_joiner,
    step_presses,
    tableau_presses,
    wait_entered,
    wait_for_words,
)
from tests.e2e.tty import Terminal, Terminals
from tests.support.table_sessions import ready_for_seats

pytestmark = pytest.mark.e2e

PHONE = (40, 16)


def seated(terminals: Terminals, saves: Path, seats: Seats) -> dict[int, Terminal]:
    """The host's pane (seat 0, the table opened with F4) and a joiner's for seats 1–3, each
    on their first step; seat 1's pane is 40×16."""
    host = start_host(terminals, saves, seats.path)
    open_table(host, seats.first())
    panes = {0: host}
    for seat in (1, 2, 3):
        panes[seat] = start_joiner(terminals, saves, PHONE if seat == 1 else (80, 24))
        join(panes[seat], seats.names, seat)
        panes[seat].wait_for(seats.own(seat)[0][0].title)
    return panes


@pytest.mark.parametrize("game", ["rftg", "galileo"])
def test_a_host_and_three_players_at_their_own_terminals_finish_the_game(
    game: str, terminals: Terminals, tmp_path: Path
) -> None:
    saves = tmp_path / "saves"
    seats = Seats(game, ready_for_seats(game, saves))
    panes = seated(terminals, saves, seats)
    assert terminals.size(panes[1]) == "40x16"

    # Step by step, every seat at once: each pane is sent its keys, then all are waited for.
    for number in range(max(len(seats.own(seat)) for seat in panes)):
        for seat, term in panes.items():
            step, values = seats.own(seat)[number]
            term.wait_for(step.title)
            press(term, step_presses(step, values, joiner=seat != 0))
    panes[0].wait_for("Final scores", "✓ Saved: the game is finished")
    for seat in (1, 2, 3):
        wait_entered(panes[seat], seats, seat)
        panes[seat].wait_for("The game is over")

    data = read_session(seats.path)
    expected = single_terminal_file(game, tmp_path / "single")
    assert comparable(data) == comparable(expected)
    assert entered_by(data) == {
        step.id: (None if seat == 0 else seats.names[seat])
        for seat in panes for step, _values in seats.own(seat)}
    assert not seats.path.with_name(f".{seats.path.name}.table").exists(), "closed when done"


def test_a_card_two_players_list_beyond_the_decks_copies_is_shown_to_both(
    terminals: Terminals, tmp_path: Path
) -> None:
    saves = tmp_path / "saves"
    seats = Seats("rftg", ready_for_seats("rftg", saves))
    host = start_host(terminals, saves, seats.path)
    open_table(host, seats.first())
    first, second = 1, 3  # Jonas sends first, then Luis; the deck has one Alpha Centauri
    panes = {}
    for seat in (first, second):
        panes[seat] = start_joiner(terminals, saves)
        join(panes[seat], seats.names, seat)
        tableau = seats.own(seat)[0][1]["tableau"]
        press(panes[seat], tableau_presses([*tableau, "Alpha Centauri"])[:-1])  # not sent yet
        panes[seat].wait_for(f"{len(tableau) + 1}. Alpha Centauri")

    panes[first].keys("Enter")
    panes[first].wait_for(seats.own(first)[1][0].title)  # entered: on to the counts
    panes[second].keys("Enter")

    wait_for_words(panes[second], "Alpha Centauri: the deck has 1 copy")
    wait_for_words(panes[first], f"{seats.names[second]} also listed Alpha Centauri")
    wait_for_words(host, f"{seats.names[second]} refused ✗")
    data = read_session(seats.path)
    assert [entry["step"] for entry in data["log"]][-1] == "tableau-1"
    assert "Alpha Centauri" in data["players"][first]["tableau"]
    assert "tableau" not in data["players"][second], "the refused tableau is not recorded"
