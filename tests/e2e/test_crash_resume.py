"""Killed or hung up at any step, nothing confirmed is lost.

For every step of both games' procedures: the session is written confirmed up to that step
(in process, to keep the run short), the real command resumes it in a real terminal, the
step is answered and confirmed with keys, and the app is killed the moment the next step is
drawn: SIGKILL (a crash, no clean-up at all) or SIGHUP (a dropped SSH link). Then the
session file must be whole and hold every confirmed entry, no temporary file may be left,
and a new start must resume at the next step: with `lastround resume FILE` after a crash,
from the home screen's list after a hang-up.
"""

from __future__ import annotations

import os
import signal
import socket
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from lastround.session.files import read_session
from lastround.session.locks import Holder, lock_path, read_holder
from tests.e2e.tty import Terminal, Terminals
from tests.support import galileo_play, rftg_play

pytestmark = pytest.mark.e2e  # tmux missing: the `terminals` fixture skips, saying why

LASTROUND = str(Path(sys.executable).with_name("lastround"))

SIGNALS = {"SIGKILL": signal.SIGKILL, "SIGHUP": signal.SIGHUP}

RFTG = rftg_play.Table(seats=(
    rftg_play.Seat("Ada", totals=(20, 6), chips=14, hand=3, goods=1),
    rftg_play.Seat("Bo", cards=("Old Earth", "Rebel Base", "Mining World"), chips=13, hand=2,
                   goods=2),
))
GALILEO = galileo_play.Table(
    players=("Ada", "Bo"), first="Ada", trigger="Bo",
    draws={1: (galileo_play.Draw(box=12, card="Vega"),)},
    scores=({"track_position": 62}, {"track_position": 48}),
)


@dataclass(frozen=True)
class Step:
    """One step: how to answer it by keys, what then shows, and what the file must hold."""

    game: str
    id: str
    answer: Callable[[Terminal], None]
    next_shows: str  # on screen once the step is confirmed (and so saved)
    holds: Callable[[dict[str, Any]], bool]


def fill(term: Terminal, *fields: tuple[str, str]) -> None:
    """Type each value into the field with that label (Tab between them), then Enter."""
    for number, (label, value) in enumerate(fields):
        if number:
            term.keys("Tab")
        term.wait_focus(label)
        term.keys("C-a", "C-k")  # replace what is pre-filled
        term.type(value)
    term.keys("Enter")


def answer_checklist(term: Terminal) -> None:
    term.wait_for("Tick")  # the list has the focus
    term.keys(*["Space"] * 6)  # each tick moves on to the next item
    term.wait_for("[x] 6.")
    term.keys("Enter")


def answer_quick_entry(term: Terminal) -> None:
    term.keys("C-t")
    fill(term, ("Printed VP of the tableau", "20"), ("6-cost development bonuses", "6"))


def answer_cards(term: Terminal, cards: tuple[str, ...]) -> None:
    for count, name in enumerate(cards, start=1):
        term.type(rftg_play.letters_for(name))
        term.wait_for(f"{name}  (")  # the search lists it first
        term.keys("Enter")
        term.wait_for(f"Tableau: {count} card")
    term.keys("Enter")


def answer_trigger(term: Terminal) -> None:
    term.wait_focus("Whose turn emptied the deck")
    term.keys("Right")
    term.wait_for("(•) Bo")
    term.keys("Enter")


def answer_turns(term: Terminal) -> None:
    """The rest of Bo's turn ended, a draw for a display gap in Ada's turn, both final turns
    ended, then on to the scores."""
    term.keys("Enter")
    term.wait_for("▶ 1. Ada")
    term.keys("d")
    term.wait_for("Unused Tier III cards in the box")
    type_into(term, "Unused Tier III cards in the box", "12")
    term.keys("Enter")
    term.wait_for("Card taken")
    type_into(term, "Card taken", "Vega")
    term.keys("Enter")
    term.wait_for("1. turn 1, Ada, display gap")
    term.keys("Enter")
    term.wait_for("✓ 1. Ada")
    term.keys("Enter")
    term.wait_for("Every turn is played")
    term.keys("Enter")


def type_into(term: Terminal, label: str, text: str) -> None:
    """Type into a box's field (its label has no focus mark): again if the first keys came
    before the field took the focus."""
    for seconds in (3, 3, 30):
        term.type(text)
        try:
            term.wait_until(lambda shown: shows_in_field(shown, label, text),
                            f"{text!r} in {label!r}", seconds)
            return
        except AssertionError:
            continue
    raise AssertionError(f"{text!r} never went into {label!r}")


def shows_in_field(shown: str, label: str, text: str) -> bool:
    """Whether a line shows the label with the text after it (a field and what it holds)."""
    return any(label in line and text in line.split(label, 1)[1] for line in shown.splitlines())


def start(terminals: Terminals, saves: Path, *args: str) -> Terminal:
    return terminals.start([LASTROUND, "--saves", str(saves), *args],
                           env={"LASTROUND_CONFIG": str(saves.parent / "config.toml")})


def app_pid(term: Terminal) -> int:
    """The lastround process: the pane's own process (env execs it), or else its child."""
    pid = term.pid
    for _ in range(3):
        if "lastround" in Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace"):
            return pid
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        if not children:
            break
        pid = int(children[0])
    raise AssertionError(f"no lastround process under pane process {term.pid}")


def kill(term: Terminal, signal_number: int) -> None:
    """The signal to the app, then wait until it has ended."""
    os.kill(app_pid(term), signal_number)
    term.wait_ended()


def player(data: dict[str, Any], seat: int) -> dict[str, Any]:
    found: dict[str, Any] = data["players"][seat]
    return found


def seat(term: Terminal) -> None:
    term.wait_focus("Seat 1")
    term.type("Ada")
    term.keys("Tab")
    term.wait_focus("Seat 2")
    term.type("Bo")
    term.keys("Enter")


STEPS = [
    Step("rftg", "setup", seat, "Does the game end?",
         lambda d: [p["name"] for p in d["players"]] == ["Ada", "Bo"] and d["edition"] == "2nd"),
    Step("rftg", "end-check-0", lambda t: fill(t, ("Most face-up cards", "12")),
         "Finish the round",
         lambda d: d["end_checks"][0]["largest_tableau"] == 12 and d["end_checks"][0]["ends"]),
    Step("rftg", "finish-round", answer_checklist, "Ada: tableau", lambda d: True),
    Step("rftg", "tableau-0", answer_quick_entry, "Ada: chips",
         lambda d: (player(d, 0)["tableau_vp"], player(d, 0)["bonus_vp"]) == (20, 6)),
    Step("rftg", "counts-0",
         lambda t: fill(t, ("VP chips", "14"), ("Cards in hand", "3"), ("Goods on worlds", "1")),
         "Bo: tableau", lambda d: (player(d, 0)["chips"], player(d, 0)["goods"]) == (14, 1)),
    Step("rftg", "tableau-1", lambda t: answer_cards(t, RFTG.seats[1].cards), "Bo: chips",
         lambda d: player(d, 1)["tableau"] == list(RFTG.seats[1].cards)),
    Step("rftg", "counts-1",
         lambda t: fill(t, ("VP chips", "13"), ("Cards in hand", "2"), ("Goods on worlds", "2")),
         "Final scores", lambda d: (player(d, 1)["chips"], player(d, 1)["hand"]) == (13, 2)
         and finished_by(d, "Ada")),
    Step("galileo", "setup", seat, "First player and Subjects",
         lambda d: [p["name"] for p in d["players"]] == ["Ada", "Bo"]),
    Step("galileo", "table", lambda t: t.keys("Enter"), "The deck is empty",
         lambda d: d["first_player"] == 0 and len(set(d["subjects"])) == 4),
    Step("galileo", "trigger", answer_trigger, "Who still plays",
         lambda d: d["trigger"] == {"player": 1, "how": "display"}),
    Step("galileo", "final-turns", answer_turns, "Ada: final scoring",
         lambda d: d["turns_done"] == 2 and [x["card"] for x in d["draws"]] == ["Vega"]),
    Step("galileo", "scores-0", lambda t: fill(t, ("Score track position", "62")),
         "Bo: final scoring", lambda d: player(d, 0)["track"] == 62),
    Step("galileo", "scores-1", lambda t: fill(t, ("Score track position", "48")),
         "Final scores", lambda d: player(d, 1)["track"] == 48 and finished_by(d, "Ada")),
]


def finished_by(data: dict[str, Any], winner: str) -> bool:
    """The last value confirmed finishes the game in the same save, the final scores logged."""
    winners: list[str] = data["log"][-1]["values"]["winners"]
    return data["status"] == "finished" and winners == [winner]


def written_up_to(saves: Path, step: Step) -> Path:
    """The session confirmed up to `step`, as the app saves it (not for the first step)."""
    if step.game == "rftg":
        return rftg_play.saved_session(saves, RFTG, upto=step.id)
    return galileo_play.saved_session(saves, GALILEO, step.id)


@pytest.mark.parametrize("signal_name", SIGNALS)
@pytest.mark.parametrize("step", STEPS, ids=[f"{s.game}-{s.id}" for s in STEPS])
def test_a_confirmed_step_survives_the_app_being_killed(
    tmp_path: Path, terminals: Terminals, step: Step, signal_name: str
) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    if step.id == "setup":
        before: list[dict[str, Any]] = []
        term = start(terminals, saves, "new", step.game)
    else:
        path = written_up_to(saves, step)
        before = read_session(path)["log"]
        term = start(terminals, saves, "resume", str(path))
    term.wait_for("— Step ")
    step.answer(term)
    term.wait_for(step.next_shows)  # confirmed: saved before this was drawn

    kill(term, SIGNALS[signal_name])

    (path,) = saves.glob("*.toml")
    data = read_session(path)  # whole and valid
    assert data["log"][: len(before)] == before, "every earlier entry is still there"
    confirmed = [e["step"] for e in data["log"] if not e.get("partial")]
    if data["status"] == "finished":  # the breakdown's entry was saved with the last value
        confirmed.remove("breakdown")
    assert confirmed[-1] == step.id and step.holds(data), data
    left = sorted(p.name for p in saves.iterdir() if p.name.startswith("."))
    assert not [n for n in left if n.endswith(".tmp")], f"temporary files left: {left}"
    if signal_name == "SIGHUP":
        assert not lock_path(path).exists(), "a hang-up releases the session's lock"

    if signal_name == "SIGKILL":  # a crash: straight back in with `lastround resume FILE`
        again = start(terminals, saves, "resume", str(path))
    else:  # a dropped link: the next start lists the session first; Enter opens it
        again = start(terminals, saves)
        again.wait_for("★ Ada" if data["status"] == "finished" else "in progress")
        again.keys("Enter")
    if data["status"] == "finished":  # it opens as a replay, read-only
        again.wait_for("Replay", "★ Ada")
    else:  # at the next step, the one the kill came after
        shown = again.wait_for(step.next_shows, "— Step ")
        assert "Read-only" not in shown, "a killed app's stale lock is taken over"
        assert read_holder(lock_path(path)) == Holder(app_pid(again), socket.gethostname())
    assert read_session(path)["log"] == data["log"], "resuming changes nothing"
