"""Table mode on the host's screen: F4 opens the table on a player's step, what the players
send from their own terminals is taken in by the host's app (the only writer of the file),
every seat's standing is shown, and the game finishes when the last seat is in.

The players' terminals are simulated here by writing their offers into the table's
mailboxes (lastround.session.table), exactly as `lastround join` does.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList

from lastround.screens.host_seat import NOBODY
from lastround.screens.step import StepScreen
from lastround.session.files import read_session
from lastround.session.locks import Locked
from lastround.session.table import Table, table_folder
from lastround.session.table_offers import HOST_SEAT_REFUSED
from tests.support.helpers import make_test_app
from tests.support.join_play import ask_which_seat, until
from tests.support.rftg_play import shown
from tests.support.table_sessions import EXAMPLES, EXAMPLES_FOLDER, ready_for_seats, seat_entries

SIZE = (80, 24)


def line(app: Any, selector: str) -> str:
    """What a line of the screen shows; "" while the screen is still being built (a step
    the host's app shows anew when a player enters it)."""
    return shown(app, selector) if app.screen.query(selector) else ""


def on_step(app: Any, step_id: str) -> bool:
    return isinstance(app.screen, StepScreen) and app.screen.step.id == step_id


async def open_table(pilot: Pilot[Any], app: Any, *keys: str) -> None:
    """F4, then the host's seat chosen with `keys` (Enter alone: the first seat)."""
    await ask_which_seat(pilot, app)
    await pilot.press(*keys, "enter")
    await until(pilot, lambda: app.keeper.table is not None, "the table open")


async def open_on_first_seat(pilot: Pilot[Any], app: Any) -> None:
    """Every seat from the players' own terminals (simulated here): the host keeps none."""
    await until(pilot, lambda: on_step(app, "tableau-0"), "the first seat's tableau")
    await open_table(pilot, app, "end")


async def test_f4_opens_the_table_on_a_players_step_and_shows_every_seat(tmp_path: Path) -> None:
    """"On each per-player step the host's screen shows every seat as waiting / typing /
    entered ✓ / refused ✗, with names." F4 is offered (in the footer) on a player's step."""
    path = ready_for_seats("rftg", tmp_path)
    app = make_test_app(tmp_path, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: on_step(app, "tableau-0"), "the first seat's tableau")
        assert any(b.binding.key == "f4" for b in app.active_bindings.values() if b.enabled)
        await open_table(pilot, app)
        await until(pilot, lambda: table_folder(path).is_dir(), "the table's folder")
        await until(pilot, lambda: "Table: Maya waiting" in line(app, "#table-line"),
                       "the seats' line")
        assert "Jonas waiting · Priya waiting · Luis waiting" in shown(app, "#table-line")
        assert not any(b.binding.key == "f4" for b in app.active_bindings.values()
                       if b.enabled), "F4 is gone once the table is open"


async def test_the_players_entries_are_taken_saved_and_finish_the_game(tmp_path: Path) -> None:
    """"Whatever a player confirms is checked by the same rules as if the host typed it …
    and goes into the log with who entered it (by = "<seat name>")": every seat sent from
    a terminal of its own, the host's app saves each, then answers, and the last one in
    finishes the game with the same scores as the example typed on one terminal."""
    path = ready_for_seats("rftg", tmp_path)
    table = Table(path)
    app = make_test_app(tmp_path, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await open_on_first_seat(pilot, app)
        offers = {}
        for seat, steps in seat_entries("rftg").items():
            step_id, values = steps[0]
            offers[seat] = table.send(seat, step_id, values)
        await until(pilot, lambda: all(
            (a := table.answer_of(s)) is not None and a.id == o.id for s, o in offers.items()),
            "every tableau answered")
        assert {table.answer_of(s).outcome for s in offers} == {"entered"}  # type: ignore[union-attr]
        await until(pilot, lambda: "Maya entered ✓ · Jonas entered ✓" in line(
            app, "#table-line"), "the entered seats shown")
        for seat, steps in seat_entries("rftg").items():
            table.send(seat, *steps[1])
        await until(pilot, lambda: read_session(path)["status"] == "finished", "finished")
        await until(pilot, lambda: "the game is finished" in line(app, "#message"),
                       "the final scores on the host's screen")
    data = read_session(path)
    example = read_session(EXAMPLES_FOLDER / EXAMPLES["rftg"])
    assert data["players"] == example["players"]
    by = {(e["step"], e.get("by")) for e in data["log"] if e.get("player")}
    assert ("tableau-2", "Priya") in by and ("counts-3", "Luis") in by
    assert data["log"][-1]["values"] == example["log"][-1]["values"]
    assert not table_folder(path).exists(), "a finished game's table is closed"


async def test_a_refused_entry_is_answered_with_its_reason_and_nothing_is_saved(
        tmp_path: Path) -> None:
    """A value the host's own screen would refuse (hand above 10) is refused for the player's
    terminal too, at its field, and the session file is not touched."""
    path = ready_for_seats("rftg", tmp_path)
    table = Table(path)
    before = path.read_text()
    app = make_test_app(tmp_path, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await open_on_first_seat(pilot, app)
        offer = table.send(1, "counts-1", {"chips": 3, "hand": 11, "goods": 0})
        await until(pilot, lambda: (a := table.answer_of(1)) is not None and a.id == offer.id,
                       "the answer")
        answer = table.answer_of(1)
        assert answer is not None and answer.outcome == "refused" and answer.key == "hand"
        assert "at most 10" in answer.message
    assert path.read_text() == before


async def test_a_seat_entered_while_the_host_shows_it_is_shown_as_entered(tmp_path: Path) -> None:
    """The host may be looking at the very step a player enters: the screen shows the
    player's values at once and says who entered them."""
    path = ready_for_seats("galileo", tmp_path)
    table = Table(path)
    app = make_test_app(tmp_path, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: on_step(app, "scores-0"), "the first seat's scores")
        await open_table(pilot, app, "end")
        step_id, values = seat_entries("galileo")[0][0]
        table.send(0, step_id, values)
        await until(pilot, lambda: "Marta entered this step" in line(app, "#message"),
                       "who entered it")
        assert "Marta entered ✓" in shown(app, "#table-line")


async def test_a_resumed_host_reopens_its_table_and_takes_what_was_sent_meanwhile(
        tmp_path: Path) -> None:
    """"A host who drops resumes and finds every confirmed seat": the table folder outlives
    the host's app, and an offer sent while the host was away is taken on resuming."""
    path = ready_for_seats("rftg", tmp_path)
    table = Table(path)
    app = make_test_app(tmp_path, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await open_on_first_seat(pilot, app)
        first = table.send(2, *seat_entries("rftg")[2][0])
        await until(pilot, lambda: table.answer_of(2) is not None, "the first answer")
    assert table_folder(path).is_dir(), "the table stays open while the host is away"
    sent_away = table.send(2, *seat_entries("rftg")[2][1])
    assert first.id != sent_away.id
    again = make_test_app(tmp_path, command="resume", file=path)
    async with again.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: (a := table.answer_of(2)) is not None
                       and a.id == sent_away.id, "the offer sent meanwhile answered")
    steps = [e["step"] for e in read_session(path)["log"]]
    assert "tableau-2" in steps and "counts-2" in steps


async def test_a_conflict_between_seats_is_shown_on_the_hosts_screen_too(tmp_path: Path) -> None:
    """"A conflict is shown to both players concerned": when the other tableau is one the
    host typed (the host's own seat), the host's screen says it, naming the card."""
    path = ready_for_seats("rftg", tmp_path)
    table = Table(path)
    app = make_test_app(tmp_path, command="resume", file=path)
    maya = seat_entries("rftg")[0][0][1]["tableau"]
    said: list[str] = []
    app.notify = lambda message, **options: said.append(message)  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        await open_on_first_seat(pilot, app)
        table.send(0, "tableau-0", {"tableau": maya})
        await until(pilot, lambda: "Maya entered ✓" in line(app, "#table-line"), "Maya in")
        table.send(1, "tableau-1", {"tableau": ["Alpha Centauri", "Mining Robots"]})
        await until(pilot, lambda: any("Alpha Centauri" in m for m in said),
                       "the conflict on the host's screen")
        answer = table.answer_of(1)
        assert answer is not None and answer.outcome == "refused"
        notice = table.notice_of(0)
        assert notice is not None and "Jonas also listed Alpha Centauri" in notice.text


async def test_the_host_keeps_its_own_seat_from_the_players_terminals(tmp_path: Path) -> None:
    """"A joiner can claim the host's own seat and replace its unconfirmed values": F4 asks
    which seat is the host's (the first, offered first); no terminal can claim it, and what is
    sent for it is refused. The other seats join as before."""
    path = ready_for_seats("rftg", tmp_path)
    table = Table(path)
    app = make_test_app(tmp_path, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: on_step(app, "tableau-0"), "the first seat's tableau")
        await ask_which_seat(pilot, app)
        listed = app.screen.query_one("#host-seat-list", OptionList)
        assert [str(listed.get_option_at_index(i).prompt) for i in range(listed.option_count)
                ] == ["Maya", "Jonas", "Priya", "Luis", NOBODY]
        assert listed.highlighted == 0
        await pilot.press("enter")
        await until(pilot, lambda: app.keeper.table is not None, "the table open")
        assert table.host_seat() == 0
        with pytest.raises(Locked):
            table.claim(0)
        maya, jonas = seat_entries("rftg")[0][0][1], seat_entries("rftg")[1][0][1]
        table.send(0, "tableau-0", maya)
        await until(pilot, lambda: table.answer_of(0) is not None, "the host's answer")
        answer = table.answer_of(0)
        assert answer is not None and answer.outcome == "refused"
        assert answer.message == HOST_SEAT_REFUSED
        table.send(1, "tableau-1", jonas)
        await until(pilot, lambda: "Jonas entered ✓" in line(app, "#table-line"), "Jonas in")
        assert "tableau-0" not in {e["step"] for e in read_session(path)["log"]}
    table.claim(0).release()  # let go once the host's app has ended


async def test_escape_on_which_seat_opens_no_table(tmp_path: Path) -> None:
    path = ready_for_seats("rftg", tmp_path)
    app = make_test_app(tmp_path, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: on_step(app, "tableau-0"), "the first seat's tableau")
        await ask_which_seat(pilot, app)
        await pilot.press("escape")
        await until(pilot, lambda: on_step(app, "tableau-0"), "back on the step")
        assert app.keeper.table is None and not table_folder(path).exists()


async def test_a_host_that_cant_save_says_so_once_and_takes_the_entry_when_it_can(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The host is told once why saving failed (not at every look); the player's entry waits
    in its mailbox and is taken once saving works again, without anyone sending it again."""
    path = ready_for_seats("rftg", tmp_path)
    app = make_test_app(tmp_path, command="resume", file=path)
    said: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await open_on_first_seat(pilot, app)
        keeper = app.keeper
        real_save = keeper.replace_data
        failing = [True]

        def save(data: dict[str, Any]) -> str | None:
            return "the disk is full" if failing[0] else real_save(data)

        monkeypatch.setattr(keeper, "replace_data", save)
        monkeypatch.setattr(app.walk, "say_not_saved", said.append)
        step_id, values = seat_entries("rftg")[1][0]
        Table(path).send(1, step_id, values)
        await until(pilot, lambda: said == ["the disk is full"], "the host told")
        seen_tries = Table(path).notice_of(1)
        failing[0] = False
        await until(pilot, lambda: step_id in {e["step"] for e in read_session(path)["log"]},
                    "taken once saving works")
        assert said == ["the disk is full"], "said once, not at every try"
        assert seen_tries is not None and "kept and will be sent again" in seen_tries.text
        answer = Table(path).answer_of(1)
        assert answer is not None and answer.outcome == "entered"
