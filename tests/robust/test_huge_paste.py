"""A paste larger than any field takes is refused whole, in words, on the host's app and on a
player's own terminal: a 20 MB paste once took a joiner to 1.1 GB of memory and wrote a
20 MB draft, and the ✗ line echoed it all."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual import events
from textual.widgets import Input

from lastround.session.table import table_folder
from lastround.shell.join_app import JoinApp
from lastround.widgets.key_order import PASTE_LIMIT
from tests.robust.support import keep_notices, notices
from tests.support.helpers import make_test_app
from tests.support.join_play import NARROW, Host, on_step, take_seat, until
from tests.support.table_sessions import ready_for_seats

HUGE = "Galactic Federation\n" * (20 * 2**20 // 20)  # 20 MiB


async def test_a_huge_paste_is_refused_in_words_and_a_normal_one_taken(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    keep_notices(monkeypatch)
    app = make_test_app(tmp_path, command="new", game="rftg")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        field = app.screen.focused
        assert isinstance(field, Input)
        app.post_message(events.Paste(HUGE))
        await pilot.pause()
        assert field.value == ""
        said = notices(app)[-1]
        assert said.startswith("Not pasted: 20,971,520 characters") and len(said) < 120
        assert f"at most {PASTE_LIMIT:,}" in said
        app.post_message(events.Paste("Ada"))
        await pilot.pause()
        assert field.value == "Ada"


async def test_a_huge_paste_on_a_players_own_terminal_is_refused_and_no_draft_grows(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    keep_notices(monkeypatch)
    path = ready_for_seats("rftg", tmp_path)
    host = Host(path)
    app = JoinApp(tmp_path)
    try:
        async with app.run_test(size=NARROW) as pilot:
            await take_seat(pilot, app, 1, host)
            await until(pilot, lambda: on_step(app, "tableau-1"), "Jonas's tableau")
            app.post_message(events.Paste(HUGE))
            await pilot.pause()
            assert notices(app)[-1].startswith("Not pasted: 20,971,520 characters")
            drafts = list(table_folder(path).glob(".seat-1.draft"))
            assert all(draft.stat().st_size < 4096 for draft in drafts)
    finally:
        host.leave()
