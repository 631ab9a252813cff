"""Table mode over SSH, as docs/table-mode.md sets up a `table` account: the test's own
OpenSSH server on 127.0.0.1 forces `lastround join --saves S` on whoever logs in (ForceCommand),
and the players connect with a plain `ssh -tt`, asking for no command. The host plays at
the machine.

A player's link drops mid-tableau (the ssh client killed): on reconnecting the seat is theirs
to claim again and what they had typed is back. The host's app is killed (SIGKILL): every seat
confirmed is in the file, and resuming reopens the table, where an entry sent while the host
was away waits to be taken. The game then finishes with the example's file: nothing lost.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from lastround.session.files import read_session
from lastround.session.table import Table
from tests.e2e.conftest import SshServer
from tests.e2e.table_keys import (
    Seats,
    comparable,
    entered_by,
    join,
    open_table,
    press,
    single_terminal_file,
    start_host,
    step_presses,
    tableau_presses,
    wait_entered,
    wait_for_words,
)
from tests.e2e.test_crash_resume import kill
from tests.e2e.tty import Terminal, Terminals, apps_using
from tests.support.table_sessions import ready_for_seats

pytestmark = pytest.mark.e2e

TYPED_BEFORE_THE_DROP = 3  # of the cards of Jonas's tableau


def wait_until(check: Callable[[], bool], what: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.05)


def confirmed(path: Path) -> set[str]:
    return {str(e["step"]) for e in read_session(path)["log"] if not e.get("partial")}


@dataclass
class AtTheTable:
    """The host at the machine and the players over ssh, at the example's table."""

    terminals: Terminals
    server: SshServer
    seats: Seats
    host: Terminal

    @property
    def table(self) -> Table:
        return Table(self.seats.path)

    def connect(self, seat: int) -> Terminal:
        """Log in with no command (ForceCommand's join), join the table, claim the seat."""
        term = self.terminals.start(self.server.login())
        join(term, self.seats.names, seat)
        term.wait_for(self.seats.own(seat)[0][0].title)
        return term


def drop_and_reconnect(at: AtTheTable) -> None:
    """Jonas's link drops part-way through his tableau, his typing on disk as a draft; he
    claims his seat again, finds it, and finishes."""
    jonas = at.connect(1)
    (tableau, cards), (counts, values) = at.seats.own(1)
    typed = cards["tableau"][:TYPED_BEFORE_THE_DROP]
    press(jonas, tableau_presses(typed)[:-1])  # without the last Enter, which would send it
    jonas.wait_for(f"{len(typed)}. {typed[-1]}")
    draft = at.table.folder / ".seat-1.draft"
    wait_until(lambda: draft.exists() and typed[-1] in draft.read_text(), "the draft on disk")
    os.kill(jonas.pid, signal.SIGKILL)  # the ssh client: the link is gone at once
    jonas.wait_ended()
    saves = at.seats.path.parent
    wait_until(lambda: not apps_using(saves, "join"), "the far side's join ended")

    jonas = at.connect(1)  # the seat is his to claim again, his typing back
    jonas.wait_for(*(f"{n}. {name}" for n, name in enumerate(typed, start=1)))
    assert tableau.id not in confirmed(at.seats.path), "a draft is never an entry"
    press(jonas, tableau_presses(cards["tableau"][len(typed):]))
    jonas.wait_for(counts.title)
    press(jonas, step_presses(counts, values, joiner=True))
    wait_entered(jonas, at.seats, 1)


def kill_and_resume_the_host(at: AtTheTable) -> None:
    """Priya's tableau is entered, then the host's app is killed; her counts, sent while the
    host is away, wait on disk and are taken once the host has resumed."""
    path, table = at.seats.path, at.table
    priya = at.connect(2)
    (tableau, cards), (counts, values) = at.seats.own(2)
    press(priya, step_presses(tableau, cards, joiner=True))
    priya.wait_for(counts.title)
    kill(at.host, signal.SIGKILL)
    before = read_session(path)
    assert {"tableau-1", "counts-1", "tableau-2"} <= confirmed(path)
    assert table.is_open(), "the table outlives the host's app"

    press(priya, step_presses(counts, values, joiner=True))
    wait_until(lambda: (offer := table.offer_of(2)) is not None and offer.step == "counts-2",
               "Priya's counts sent")
    wait_for_words(priya, "The host is away")
    assert f"✓ {counts.title}" not in priya.screen()

    at.host = start_host(at.terminals, path.parent, path)  # the table reopens by itself
    at.host.wait_for(at.seats.first().title, "Table: ")
    wait_entered(priya, at.seats, 2)
    assert read_session(path)["log"][: len(before["log"])] == before["log"]


def test_a_dropped_player_and_a_killed_host_lose_nothing_confirmed(
    table_ssh_server: SshServer, terminals: Terminals, tmp_path: Path
) -> None:
    saves = tmp_path / "saves"
    seats = Seats("rftg", ready_for_seats("rftg", saves))
    at = AtTheTable(terminals, table_ssh_server, seats, start_host(terminals, saves, seats.path))
    open_table(at.host, seats.first())
    drop_and_reconnect(at)
    kill_and_resume_the_host(at)

    luis = at.connect(3)
    for number in range(2):  # Maya at the host's keyboard, Luis at his own, at once
        for seat, term in ((0, at.host), (3, luis)):
            step, values = seats.own(seat)[number]
            term.wait_for(step.title)
            press(term, step_presses(step, values, joiner=seat != 0))
    wait_entered(luis, seats, 3)
    at.host.wait_for("Final scores", "✓ Saved: the game is finished")

    data = read_session(seats.path)
    assert comparable(data) == comparable(single_terminal_file("rftg", tmp_path / "single"))
    assert entered_by(data) == {step.id: (None if seat == 0 else seats.names[seat])
                                for seat in range(4) for step, _values in seats.own(seat)}
