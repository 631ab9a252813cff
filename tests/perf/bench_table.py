"""Table mode: wall time to enter the 4-player Race for the Galaxy example's own steps of every
seat (tableaux card by card, then chips, hand and goods) with four players typing at their own
terminals (`lastround join`), against one terminal typing every seat's steps in turn.

Every key is sent alone with tmux send-keys at the same pace in both runs (each of PACES in
turn), each pane driven by a thread of its own; each step's keys start once its screen
is drawn, as a player reads before typing. The clock runs from the first step on screen (every
player seated) until the host's app shows the final scores; the runs alternate, so machine
load hits both alike. Goal: the table takes ≤ 0.35× the single terminal's time.
"""

from __future__ import annotations

import statistics
import subprocess
import tempfile
import threading
import time
from pathlib import Path

from tests.e2e.table_keys import (
    Press,
    Seats,
    join,
    one_key_at_a_time,
    open_table,
    start_host,
    start_joiner,
    step_presses,
)
from tests.e2e.tty import Terminal, Terminals
from tests.perf.measure import compile_sources, report, spread
from tests.support.table_sessions import ready_for_seats

# Seconds from one key to the next: a quick typist (about 8 keys a second, faster than most
# players at a table), and a script's burst, where drawing and the trips to the host weigh most.
PACES = (0.120, 0.020)
PAIRS = 2
GOAL = 0.35
LOOK = 0.05  # how often a typist looks at its screen (each look is a tmux process)
TIMEOUT = 120.0


def wait_for(term: Terminal, text: str) -> None:
    deadline = time.perf_counter() + TIMEOUT
    while text not in term.screen():
        if time.perf_counter() > deadline:
            raise TimeoutError(f"{text!r} never appeared:\n{term.screen()}")
        time.sleep(LOOK)


class Keyboard:
    """tmux send-keys for one pane through a tmux client kept open (control mode): a key
    costs a line written, not a tmux process started, so four typists load the machine no
    more than one does."""

    def __init__(self, term: Terminal) -> None:
        self.name = term.name
        self.client = subprocess.Popen(
            [term.tmux_path, "-S", str(term.socket), "-C", "attach-session", "-t", term.name],
            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            text=True)

    def send(self, kind: str, key: str) -> None:
        assert self.client.stdin is not None
        typed = f"-l -- {quoted(key)}" if kind == "text" else key
        self.client.stdin.write(f"send-keys -t {self.name} {typed}\n")
        self.client.stdin.flush()

    def close(self) -> None:
        if self.client.stdin is not None:
            self.client.stdin.close()
        self.client.wait()


def quoted(letter: str) -> str:
    """A letter as a word of tmux's command language."""
    return '"\'"' if letter == "'" else f"'{letter}'"


def paced(keyboard: Keyboard, presses: list[Press], pace: float) -> None:
    """One key at a time, `pace` seconds apart."""
    due = time.perf_counter()
    for kind, key in one_key_at_a_time(presses):
        time.sleep(max(0.0, due - time.perf_counter()))
        keyboard.send(kind, key)
        due += pace


def type_seats(term: Terminal, seats: Seats, numbers: list[int], joiner: bool,
               pace: float) -> int:
    """Each step of the seats in turn, once its screen shows; the keys sent."""
    sent, keyboard = 0, Keyboard(term)
    try:
        for seat in numbers:
            for step, values in seats.own(seat):
                wait_for(term, step.title)
                presses = step_presses(step, values, joiner)
                paced(keyboard, presses, pace)
                sent += len(one_key_at_a_time(presses))
    finally:
        keyboard.close()
    return sent


def host_at_first_seat(terminals: Terminals, saves: Path) -> tuple[Seats, Terminal]:
    """The 4-player RftG example's session in `saves`, ready for its seats, open in the
    host's app at the first seat's step."""
    seats = Seats("rftg", ready_for_seats("rftg", saves))
    host = start_host(terminals, saves, seats.path)
    wait_for(host, seats.first().title)
    return seats, host


def one_terminal(tmux: str, folder: Path, pace: float) -> tuple[float, int]:
    """Seconds for one terminal to enter every seat, and the keys it took."""
    folder.mkdir()
    terminals = Terminals(tmux, folder)
    try:
        seats, host = host_at_first_seat(terminals, folder / "saves")
        started = time.perf_counter()
        keys = type_seats(host, seats, [0, 1, 2, 3], joiner=False, pace=pace)
        wait_for(host, "Final scores")
        return time.perf_counter() - started, keys
    finally:
        terminals.close()


def four_players(tmux: str, folder: Path, pace: float) -> tuple[float, int]:
    """Seconds for four players at their own terminals, and the most keys one of them took."""
    folder.mkdir()
    terminals = Terminals(tmux, folder)
    try:
        saves = folder / "saves"
        seats, host = host_at_first_seat(terminals, saves)
        open_table(host, seats.first(), host_only=True)  # all four seats join
        panes = []
        for seat in range(4):
            pane = start_joiner(terminals, saves)
            join(pane, seats.names, seat)
            wait_for(pane, seats.own(seat)[0][0].title)
            panes.append(pane)
        keys = [0] * 4

        def typist(seat: int) -> None:
            keys[seat] = type_seats(panes[seat], seats, [seat], joiner=True, pace=pace)

        threads = [threading.Thread(target=typist, args=(seat,)) for seat in range(4)]
        started = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        wait_for(host, "Final scores")
        return time.perf_counter() - started, max(keys)
    finally:
        terminals.close()


def main() -> None:
    import shutil

    tmux = shutil.which("tmux")
    if tmux is None:
        print("table: tmux is not installed; skipped")
        return
    compile_sources()
    for pace in PACES:
        measure_at(tmux, pace)


def measure_at(tmux: str, pace: float) -> None:
    alone, table = [], []
    with tempfile.TemporaryDirectory() as folder:
        for run in range(PAIRS):
            seconds, alone_keys = one_terminal(tmux, Path(folder) / f"alone-{run}", pace)
            alone.append(seconds)
            seconds, table_keys = four_players(tmux, Path(folder) / f"table-{run}", pace)
            table.append(seconds)
    ratio = statistics.median(table) / statistics.median(alone)
    print(f"one terminal, every seat ({alone_keys} keys, {pace * 1000:.0f} ms apart): "
          f"{spread(alone)} s")
    print(f"four players at their own terminals (at most {table_keys} keys each): "
          f"{spread(table)} s")
    floor = table_keys / alone_keys
    print(f"the keys alone at that pace: {alone_keys * pace:.2f} s against "
          f"{table_keys * pace:.2f} s ({floor:.2f}×); the rest is drawing the steps and, at "
          "the table, each step's trip to the host and back")
    report(f"table / one terminal, keys {pace * 1000:.0f} ms apart", f"{ratio:.2f}×",
           f"≤ {GOAL}×", ratio <= GOAL)


if __name__ == "__main__":
    main()
