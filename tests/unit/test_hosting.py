"""The host's side of table mode (lastround.session.table_offers): what a player confirms on their
own terminal "is checked by the same rules as if the host typed it" and "goes into the log with
who entered it (by = <seat name>)", while "the host's app stays the only writer of the
session file". A simulated host here: the session's lock held in-process, no app."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from lastround.session.files import read_session, write_session
from lastround.session.locks import SessionLock
from lastround.session.session import Session
from lastround.session.table import Answer, Offer, Table
from lastround.session.table_offers import seat_status, table_line, take_offer
from tests.support.table_sessions import (
    EXAMPLES,
    EXAMPLES_FOLDER,
    example_log,
    ready_for_seats,
    seat_entries,
)

AT = "2026-11-29T20:30:00Z"


class Host:
    """The host's app reduced to what it does with the table: take each offer, save the
    session, then answer and pass on the notices."""

    def __init__(self, path: Path) -> None:
        self.lock = SessionLock.acquire(path)
        self.session = Session(read_session(path), path)
        self.table = Table(path)
        self.table.open()

    def take(self, seat: int, offer: Offer) -> Answer:
        taken = take_offer(self.session, seat, offer, AT)
        if taken.data is not None:
            self.session.data = taken.data
            assert self.session.path is not None
            write_session(self.session.path, self.session.data)
        for other, text in taken.notices.items():
            self.table.notify(other, text)
        self.table.answer(seat, taken.answer)
        return taken.answer

    def look(self) -> list[Answer]:
        return [self.take(seat, offer) for seat, offer in list(self.table.offers(4))]


@pytest.fixture(params=["rftg", "galileo"])
def game(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def host(saves: Path) -> Iterator[Host]:
    hosting = Host(ready_for_seats("rftg", saves))
    yield hosting
    hosting.lock.release()


def values_of(game: str, seat: int, step_id: str) -> dict[str, Any]:
    return dict(next(v for s, v in seat_entries(game)[seat] if s == step_id))


def offer(step: str, values: dict[str, Any], offer_id: str = "o1") -> Offer:
    return Offer(offer_id, step, values)


# entered ------------------------------------------------------------------------------------
def test_a_valid_offer_is_entered_with_who_entered_it_in_the_log(host: Host) -> None:
    """"goes into the log with who entered it (by = <seat name>)"."""
    counts = values_of("rftg", 2, "counts-2")
    taken = take_offer(host.session, 2, offer("counts-2", counts), AT)
    assert taken.answer == Answer("o1", "counts-2", "entered")
    assert taken.data is not None and taken.notices == {}
    entry = taken.data["log"][-1]
    assert entry == {"step": "counts-2", "at": AT, "player": "Priya", "by": "Priya",
                     "values": counts}
    assert taken.data["players"][2] | counts == taken.data["players"][2]


def test_the_session_handed_in_is_not_changed_the_caller_saves_the_copy(host: Host) -> None:
    """"the host's app stays the only writer of the session file": take_offer writes nothing
    and leaves the host's session as it was until the host saves what it returns."""
    before = copy.deepcopy(host.session.data)
    on_disk = Path(str(host.session.path)).read_bytes()
    taken = take_offer(host.session, 0, offer("counts-0", values_of("rftg", 0, "counts-0")), AT)
    assert taken.data is not None and taken.data != before
    assert host.session.data == before
    assert Path(str(host.session.path)).read_bytes() == on_disk


def test_the_last_seat_entered_finishes_the_game_as_one_terminal_would(
    saves: Path, game: str,
) -> None:
    hosting = Host(ready_for_seats(game, saves))
    try:
        entries = seat_entries(game)
        for seat in (2, 0, 3, 1):
            for step_id, values in entries[seat]:
                assert not hosting.session.finished
                sent = hosting.table.send(seat, step_id, values)
                assert hosting.look() == [Answer(sent.id, step_id, "entered")]
                assert hosting.table.answer_of(seat) == Answer(sent.id, step_id, "entered")
        saved = read_session(hosting.table.session_path)
    finally:
        hosting.lock.release()
    example = read_session(EXAMPLES_FOLDER / EXAMPLES[game])
    assert saved["status"] == "finished"
    assert saved["log"][-1]["step"] == "breakdown"
    assert saved["log"][-1]["values"] == example_log(game)[-1]["values"]
    assert saved["players"] == example["players"]


# refused -----------------------------------------------------------------------------------
def refused(session: Session, seat: int, sent: Offer) -> Answer:
    taken = take_offer(session, seat, sent, AT)
    assert taken.data is None, "nothing to save when refused"
    assert taken.answer.outcome == "refused"
    assert taken.answer.id == sent.id
    return taken.answer


def test_another_seat_s_step_or_a_table_wide_step_is_refused(host: Host) -> None:
    counts = values_of("rftg", 1, "counts-1")
    assert "not this seat's" in refused(host.session, 0, offer("counts-1", counts)).message
    assert "not this seat's" in refused(host.session, 0, offer("finish-round", {})).message
    assert "not this seat's" in refused(host.session, 4, offer("counts-4", counts)).message
    assert "not this seat's" in refused(host.session, 0, offer("breakdown", {})).message


def test_an_offer_before_the_seats_open_is_refused_naming_where_the_host_is(
    saves: Path,
) -> None:
    path = ready_for_seats("rftg", saves)
    session = Session(read_session(path), path)
    session.data["log"] = [e for e in session.log if e["step"] != "finish-round"]
    answer = refused(session, 0, offer("counts-0", values_of("rftg", 0, "counts-0")))
    assert "still at" in answer.message
    finish_round = next(s for s in session.steps() if s.id == "finish-round")
    assert finish_round.title in answer.message


def test_an_offer_after_the_game_is_finished_is_refused(host: Host) -> None:
    host.session.data["status"] = "finished"
    answer = refused(host.session, 0, offer("counts-0", values_of("rftg", 0, "counts-0")))
    assert "already finished" in answer.message


@pytest.mark.parametrize(("step", "values", "key"), [
    ("counts-0", {"chips": 201, "hand": 4, "goods": 2}, "chips"),
    ("counts-0", {"chips": 14, "hand": True, "goods": 2}, "hand"),
    ("counts-0", {"chips": 14, "hand": 4}, "goods"),
    ("tableau-0", {"tableau": ["Alpha Centauri", "Nowhere World"]}, "tableau"),
    ("tableau-0", {"tableau_vp": -1, "bonus_vp": 0}, "tableau_vp"),
])
def test_bad_values_are_refused_and_the_answer_names_the_field(
    host: Host, step: str, values: dict[str, Any], key: str,
) -> None:
    answer = refused(host.session, 0, offer(step, values))
    assert answer.key == key
    assert answer.message


def test_a_conflict_refuses_the_second_tableau_and_tells_the_first_player(host: Host) -> None:
    """"a conflict is shown to both players concerned": Jonas holds the one Galactic
    Federation; Priya listing it too is refused, and Jonas is told that Priya listed it."""
    host.take(1, host.table.send(1, "tableau-1", values_of("rftg", 1, "tableau-1")))
    priya = [*values_of("rftg", 2, "tableau-2")["tableau"], "Galactic Federation"]
    taken = take_offer(host.session, 2, offer("tableau-2", {"tableau": priya}), AT)
    assert (taken.answer.outcome, taken.answer.key) == ("refused", "tableau")
    assert "Galactic Federation" in taken.answer.message
    assert list(taken.notices) == [1]
    assert "Priya" in taken.notices[1] and "Galactic Federation" in taken.notices[1]
    host.take(2, host.table.send(2, "tableau-2", {"tableau": priya}))
    notice = host.table.notice_of(1)
    assert notice is not None and notice.text == taken.notices[1]


def test_a_conflict_over_a_card_two_others_hold_tells_them_both(host: Host) -> None:
    for seat in (1, 3):  # each lists one of the deck's two Consumer Markets
        step = f"tableau-{seat}"
        host.take(seat, host.table.send(seat, step, values_of("rftg", seat, step)))
    maya = [*values_of("rftg", 0, "tableau-0")["tableau"], "Consumer Markets"]
    taken = take_offer(host.session, 0, offer("tableau-0", {"tableau": maya}), AT)
    assert taken.answer.outcome == "refused"
    assert sorted(taken.notices) == [1, 3]
    assert all("Maya" in text for text in taken.notices.values())


def test_the_same_offer_taken_twice_is_recorded_once(host: Host) -> None:
    """A host killed between saving and answering takes the offer again on resuming."""
    sent = host.table.send(0, "counts-0", values_of("rftg", 0, "counts-0"))
    first = take_offer(host.session, 0, sent, AT)
    assert first.data is not None
    write_session(host.table.session_path, first.data)
    host.lock.release()  # killed before answering
    resumed = Host(host.table.session_path)
    try:
        assert resumed.session.entries_of("counts-0") == 1
        assert resumed.look() == [Answer(sent.id, "counts-0", "entered")]
        assert resumed.session.entries_of("counts-0") == 1
        assert read_session(host.table.session_path)["log"] == resumed.session.log
        assert list(resumed.table.offers(4)) == []
    finally:
        resumed.lock.release()


# how the seats stand ----------------------------------------------------------------------
def test_each_seat_s_standing_and_the_table_line(host: Host) -> None:
    """"every seat as waiting / typing / entered ✓ / refused ✗, with names"."""
    table, step = host.table, next(s for s in host.session.steps() if s.id == "counts-0")
    host.take(0, table.send(0, "counts-0", values_of("rftg", 0, "counts-0")))
    table.send(1, "counts-1", values_of("rftg", 1, "counts-1"))  # sent, not yet taken
    host.take(3, table.send(3, "counts-3", {"chips": 999, "hand": 3, "goods": 2}))
    stand = {seat: seat_status(host.session, table, seat, f"counts-{seat}") for seat in range(4)}
    assert stand == {0: "entered", 1: "typing", 2: "waiting", 3: "refused"}
    assert table_line(host.session, table, step) == (
        "Table: Maya entered ✓ · Jonas typing… · Priya waiting · Luis refused ✗")


def test_a_seat_held_with_a_draft_is_typing_and_a_draft_alone_is_not(host: Host) -> None:
    table = host.table
    table.drafts(2).keep("counts-2", 0, {"chips": "8"})
    assert seat_status(host.session, table, 2, "counts-2") == "waiting", "nobody holds it"
    seat = table.claim(2)
    try:
        assert seat_status(host.session, table, 2, "counts-2") == "typing"
    finally:
        seat.release()


def test_a_refusal_on_another_step_does_not_mark_this_one_refused(host: Host) -> None:
    host.take(0, host.table.send(0, "tableau-0", {"tableau": ["Nowhere World"]}))
    assert seat_status(host.session, host.table, 0, "tableau-0") == "refused"
    assert seat_status(host.session, host.table, 0, "counts-0") == "waiting"
