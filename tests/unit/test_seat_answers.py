"""A player's terminal believes only answers the session file bears out.

Anyone in the table folder's group can write a `seat-N.answer`: a forged "entered" once made
a joiner show "Entered" and drop its draft though nothing was recorded. Only the host's app
writes the session, and it answers "entered" once the entry is saved there.
"""

from __future__ import annotations

from pathlib import Path

from lastround.session.files import read_session
from lastround.session.keeper import Keeper
from lastround.session.outcomes import Refused, TableClosed
from lastround.session.seat import Seat
from lastround.session.table import Answer, Table, table_folder
from tests.conftest import FIXED_TIME
from tests.support.join_play import Host
from tests.support.table_sessions import ready_for_seats, seat_entries

JONAS = 1
STEP, VALUES = seat_entries("rftg")[JONAS][0]


def test_a_forged_entered_answer_is_not_believed_and_the_offer_still_waits(
        tmp_path: Path) -> None:
    path = ready_for_seats("rftg", tmp_path)
    host = Host(path)
    seat = Seat.take(Table(path), JONAS)
    try:
        step = next(s for s in seat.own_steps() if s.id == STEP)
        assert seat.send(step, VALUES) is None
        offer = seat.pending
        assert offer is not None
        Table(path).answer(JONAS, Answer(offer.id, STEP, "entered"))  # not the host's app
        assert seat.answer() is None
        assert seat.pending == offer, "still waiting for the host"
        assert host.serve() == 1  # the host takes it, saves, then answers
        answer = seat.answer()
        assert answer is not None and answer.outcome == "entered"
        assert seat.entered(step) and seat.pending is None
    finally:
        seat.release()
        host.leave()


def test_a_refusal_needs_nothing_from_the_file(tmp_path: Path) -> None:
    """A refusal keeps what was typed, so it is taken as it comes."""
    path = ready_for_seats("rftg", tmp_path)
    host = Host(path)
    seat = Seat.take(Table(path), JONAS)
    try:
        step = next(s for s in seat.own_steps() if s.id == STEP)
        seat.send(step, VALUES)
        assert seat.pending is not None
        Table(path).answer(JONAS, Answer(seat.pending.id, STEP, "refused", "", "no"))
        answer = seat.answer()
        assert answer is not None and answer.outcome == "refused"
    finally:
        seat.release()
        host.leave()


def test_the_hosts_keeper_takes_an_offer_whose_entered_answer_was_forged(tmp_path: Path) -> None:
    """A forged "entered" once also made the host's app take the offer as answered: it was
    never recorded, and the seat waited for ever."""
    path = ready_for_seats("rftg", tmp_path)
    keeper = Keeper(tmp_path, clock=lambda: FIXED_TIME, seed=1)
    try:
        keeper.open(path)
        assert keeper.open_table(None) is None
        offer = Table(path).send(JONAS, STEP, VALUES)  # Jonas's terminal
        Table(path).answer(JONAS, Answer(offer.id, STEP, "entered"))  # anyone in the group
        news = keeper.look_at_table()
        assert news is not None and [type(n).__name__ for n in news] == ["SeatEntered"]
        assert STEP in read_session(path)["log"][-1]["step"]
    finally:
        keeper.close_table()
        keeper.release_lock()


def test_the_host_closes_a_table_whose_folder_was_moved_or_replaced(tmp_path: Path) -> None:
    path = ready_for_seats("rftg", tmp_path)
    keeper = Keeper(tmp_path, clock=lambda: FIXED_TIME, seed=1)
    try:
        keeper.open(path)
        assert keeper.open_table(None) is None
        folder = table_folder(path)
        folder.rename(tmp_path / "moved-away")
        folder.symlink_to(tmp_path / "moved-away")
        news = keeper.look_at_table()
        assert news is not None and len(news) == 1 and isinstance(news[0], TableClosed)
        assert "was moved or replaced" in news[0].why and keeper.table is None
    finally:
        keeper.release_lock()


def test_renaming_a_player_is_refused_while_the_table_is_open(tmp_path: Path) -> None:
    """Renaming Luis to Lou with the table open once moved the session to a new name, left
    the table under the old one, and the game never finished."""
    path = ready_for_seats("rftg", tmp_path)
    before = path.read_bytes()
    keeper = Keeper(tmp_path, clock=lambda: FIXED_TIME, seed=1)
    try:
        keeper.open(path)
        assert keeper.open_table(None) is None
        session = keeper.session
        assert session is not None
        setup = session.steps()[0]
        values = dict(session.values_for(setup))
        values["players"] = [*values["players"][:3], "Lou"]
        outcome = keeper.confirm(setup, values, undo_agreed=True)
        assert isinstance(outcome, Refused) and outcome.field == "players"
        assert "table is open" in outcome.reason
        assert path.read_bytes() == before and table_folder(path).is_dir()
        assert session.players[3] == "Luis"
        values["players"] = list(session.players)  # the same names: confirmed as ever
        assert not isinstance(keeper.confirm(setup, values), Refused)
    finally:
        keeper.close_table()
        keeper.release_lock()
