"""When the host's app can't save, what a player sent is neither refused nor lost: the player
is told in a player's words (no host's key) that it is kept and will be sent again, and it is
taken as soon as the host can save."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lastround.session.files import read_session
from lastround.session.keeper import Keeper
from lastround.session.outcomes import NotSaved, SeatEntered
from lastround.session.session import Session
from lastround.session.table import Table
from lastround.session.table_offers import HOST_CANT_SAVE, take_offers
from tests.conftest import FIXED_TIME
from tests.support.table_sessions import ready_for_seats, seat_entries

STEP, VALUES = seat_entries("rftg")[0][0]


def test_an_unsaved_offer_is_kept_and_the_player_told_to_wait(tmp_path: Path) -> None:
    path = ready_for_seats("rftg", tmp_path)
    table = Table(path)
    table.open()
    session = Session(read_session(path), path)
    table.send(0, STEP, VALUES)
    news = take_offers(session, table, lambda: FIXED_TIME,
                       lambda data: "Operation not permitted: Ctrl+S saves it elsewhere")
    assert [type(n) for n in news] == [NotSaved]
    assert table.answer_of(0) is None, "not refused: still waiting to be taken"
    notice = table.notice_of(0)
    assert notice is not None and notice.text == HOST_CANT_SAVE
    assert "Ctrl" not in notice.text
    saved: list[dict[str, Any]] = []
    news = take_offers(session, table, lambda: FIXED_TIME, lambda data: saved.append(data))
    assert [type(n) for n in news] == [SeatEntered]
    answer = table.answer_of(0)
    assert answer is not None and answer.outcome == "entered" and saved


def test_the_host_tries_again_at_a_later_look_though_nothing_changed(tmp_path: Path) -> None:
    """The table's folder is unchanged after a failed save: the keeper looks again anyway."""
    path = ready_for_seats("rftg", tmp_path)
    keeper = Keeper(tmp_path, clock=lambda: FIXED_TIME, seed=1)
    keeper.open(path)
    assert keeper.open_table(None) is None
    assert keeper.table is not None
    keeper.table.send(0, STEP, VALUES)
    real_save, failing = keeper.replace_data, True

    def save(data: dict[str, Any]) -> str | None:
        return "the disk is full" if failing else real_save(data)

    keeper.replace_data = save  # type: ignore[method-assign]
    assert [type(n) for n in keeper.look_at_table() or []] == [NotSaved]
    failing = False
    assert [type(n) for n in keeper.look_at_table() or []] == [SeatEntered]
    assert STEP in {e["step"] for e in read_session(path)["log"]}
    keeper.close()
