"""Table mode in real terminals, shared by the tmux and ssh tests and the benchmark: the host's
app and the players' `lastround join`, the keys each seat's own steps take, and the finished
file a single terminal makes, to compare a table's file with.

A seat's keys come from the example's own values (tests/support/table_sessions.py): the tableau card
by card (a few letters, Enter on the first suggestion, Enter on the empty search), the forms
field by field. The host moves between fields with Tab and replaces a value with Ctrl+A
Ctrl+K; a joiner needs neither (Down, Backspace), as on a phone.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from lastround.games.base import Field, Step
from lastround.games.seats import seat_steps
from lastround.session.files import read_session
from lastround.session.session import Session
from tests.e2e.tty import LASTROUND, Terminal, Terminals
from tests.support import rftg_play
from tests.support.table_sessions import ready_for_seats, seat_entries

Press = tuple[str, str]  # ("key", a tmux key name) or ("text", letters typed as they are)
ENTRY_TIME = "2026-12-01T00:00:00Z"


# --- the commands ---------------------------------------------------------------------------


def start_host(terminals: Terminals, saves: Path, path: Path) -> Terminal:
    """`lastround --saves S resume FILE` in an 80×24 pane."""
    return terminals.start([LASTROUND, "--saves", str(saves), "resume", str(path)],
                           env={"LASTROUND_CONFIG": str(saves.parent / "host-config.toml")})


def start_joiner(terminals: Terminals, saves: Path,
                 size: tuple[int, int] = (80, 24)) -> Terminal:
    """`lastround join --saves S` in a pane of its own."""
    return terminals.start([LASTROUND, "join", "--saves", str(saves)],
                           env={"LASTROUND_CONFIG": str(saves.parent / "joiner-config.toml")},
                           size=size)


def open_table(host: Terminal, first: Step, *, host_only: bool = False) -> None:
    """On the first player's step, F4 opens the table: it says so under the step, above
    the seats' line. The host keeps the first seat (the players join the others), or with
    `host_only` none ("Nobody", the list's last line): every seat joins."""
    host.wait_for(first.title)
    host.keys("F4")
    host.wait_for("which seat is yours?")
    if host_only:
        host.keys("End")
    host.keys("Enter")
    host.wait_for("The table is open", "Table: ")


def flat(screen: str) -> str:
    """The screen's words in one line: text wrapped in a box or a narrow pane reads whole."""
    return " ".join(re.sub(r"[│┃▌▐▎▊█╭╮╰╯─]", " ", screen).split())


def wait_for_words(term: Terminal, *texts: str) -> str:
    return term.wait_until(lambda shown: all(t in flat(shown) for t in texts),
                           f"{texts!r} on the screen (wrapped or not)")


def join(term: Terminal, names: Sequence[str], seat: int) -> None:
    """Join the only open table and claim the seat: the list of seats is in seat order and
    starts on the first, so ↓ `seat` times, then Enter."""
    term.wait_for("Join a table", names[-1])  # the table's row lists its players
    term.keys("Enter")
    term.wait_for("Which seat is yours?", names[-1])
    term.keys(*["Down"] * seat, "Enter")


# --- the keys of a seat's steps -------------------------------------------------------------


def send(term: Terminal, kind: str, what: str) -> None:
    """One press: a named key, or letters as typed ("--": a "-2" is text, not an option)."""
    if kind == "text":
        term.tmux("send-keys", "-t", term.name, "-l", "--", what)
    else:
        term.keys(what)


def press(term: Terminal, presses: Iterable[Press]) -> None:
    for kind, what in presses:
        send(term, kind, what)


def one_key_at_a_time(presses: Iterable[Press]) -> list[Press]:
    """Letters split into single keys (a pace of one key at a time)."""
    return [(kind, part) for kind, what in presses
            for part in (what if kind == "text" else [what])]


def tableau_presses(cards: Sequence[str]) -> list[Press]:
    presses: list[Press] = []
    for name in cards:
        presses += [("text", rftg_play.letters_for(name)), ("key", "Enter")]
    return [*presses, ("key", "Enter")]  # on the empty search: the tableau is done


def field_presses(field: Field, value: Any, joiner: bool) -> list[Press]:
    """A field left as shown takes no key; a pre-filled number is cleared first."""
    if value == field.default:
        return []
    if field.kind in ("bool", "choice"):
        options = field.choices or (False, True)
        moves = options.index(value) - options.index(field.default)
        return [("key", "Right" if moves > 0 else "Left")] * abs(moves)
    clear = [("key", "BSpace")] * 3 if joiner else [("key", "C-a"), ("key", "C-k")]
    return [*(clear if field.default is not None else []), ("text", str(value))]


def form_presses(step: Step, values: dict[str, Any], joiner: bool) -> list[Press]:
    presses: list[Press] = []
    for number, field in enumerate(step.fields):
        if number:
            presses.append(("key", "Down" if joiner else "Tab"))
        presses += field_presses(field, values[field.key], joiner)
    return [*presses, ("key", "Enter")]


def step_presses(step: Step, values: dict[str, Any], joiner: bool) -> list[Press]:
    if step.kind == "cards":
        return tableau_presses(values["tableau"])
    return form_presses(step, values, joiner)


class Seats:
    """An example game's seats at the point where the players enter their own steps."""

    def __init__(self, game: str, path: Path) -> None:
        self.game = game
        self.path = path
        session = Session(read_session(path), path)
        self.names = list(session.players)
        self.steps = session.steps()
        self.entries = seat_entries(game)

    def own(self, seat: int) -> list[tuple[Step, dict[str, Any]]]:
        """The seat's own steps, each with the example's values."""
        values = dict(self.entries[seat])
        return [(step, values[step.id]) for step in seat_steps(self.steps, seat)]

    def first(self) -> Step:
        return seat_steps(self.steps, 0)[0]


def wait_entered(term: Terminal, seats: Seats, seat: int) -> str:
    """The player's own steps listed as entered ("Entered ✓", or the final scores once the
    game is over: the last to send may never see the first)."""
    return term.wait_for(*(f"✓ {step.title}" for step, _values in seats.own(seat)))


# --- the file a single terminal makes -------------------------------------------------------


def single_terminal_file(game: str, folder: Path) -> dict[str, Any]:
    """The example entered seat by seat at one terminal, from the same starting file."""
    path = ready_for_seats(game, folder)
    session = Session(read_session(path), path)
    for seat in sorted(seats := seat_entries(game)):
        for step_id, values in seats[seat]:
            step = next(s for s in session.steps() if s.id == step_id)
            session.confirm(step, values, at=ENTRY_TIME)
    session.finish_with_breakdown(at=ENTRY_TIME)
    return session.data


def comparable(data: dict[str, Any]) -> dict[str, Any]:
    """What must match a single terminal's file: the players, the status and the log in the
    procedure's order (a table's entries arrive as each player confirms), without when and by
    whom each entry was made."""
    data = copy.deepcopy(data)
    order = {step.id: number for number, step in enumerate(Session(data, None).steps())}
    log = [{k: v for k, v in entry.items() if k not in ("at", "by")} for entry in data["log"]]
    log.sort(key=lambda entry: order[entry["step"]])  # stable: a step's entries keep their order
    return {"players": data["players"], "status": data["status"], "log": log}


def entered_by(data: dict[str, Any]) -> dict[str, str | None]:
    """Who sent each seat's entry from their own terminal (None: typed at the host's)."""
    return {str(entry["step"]): entry.get("by") for entry in data["log"] if "player" in entry}
