"""The phone's page says in words why its link closed (a table full, a paste too long), and
once the host's game is finished it keeps the final scores in view: no "Disconnected", no
button to a link that is gone. In Debian's chromium at a phone's size; screenshots kept in
the test's folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from aiohttp import web
from playwright.async_api import Browser

from lastround.session.files import read_session, write_session
from lastround.session.session import Session
from lastround.shell import serve, serve_door, serve_joiner
from lastround.shell.phones import listening
from tests.serve.phone import Phone
from tests.serve.served import joiners_of, serving, wait_until
from tests.support.join_play import Host
from tests.support.table_sessions import EXAMPLES, EXAMPLES_FOLDER

DISCONNECTED = "Disconnected"


async def closed_words(phone: Phone, shot: Path) -> str:
    """The words the page shows once its link closed (a screenshot of it kept in `shot`)."""
    dialog = phone.page.locator(".closed-dialog")
    await dialog.wait_for(state="visible", timeout=60_000)
    await phone.page.screenshot(path=str(shot))
    return await dialog.inner_text()


def all_but_the_breakdown(folder: Path) -> Path:
    """The 4-player example with every value confirmed: only the final scores to come."""
    example = read_session(EXAMPLES_FOLDER / EXAMPLES["rftg"])
    session = Session.new("rftg", seed=int(example["seed"]), created=str(example["created"]))
    for entry in example["log"]:
        step = next(s for s in session.steps() if s.id == entry["step"])
        if step.kind == "breakdown":
            break
        session.confirm(step, entry["values"], at=str(entry["at"]),
                        partial=bool(entry.get("partial")))
    path = folder / "rftg-table.toml"
    folder.mkdir(parents=True, exist_ok=True)
    write_session(path, session.data)
    return path


async def test_a_finished_game_leaves_its_final_scores_on_the_phones(
        tmp_path: Path, browser: Browser) -> None:
    saves = tmp_path / "saves"
    host = Host(all_but_the_breakdown(saves))
    with serving(saves, tmp_path, with_host=True) as served:
        phone = await Phone.open(browser, served.url)
        await phone.claim_seat(1, 2)
        await phone.wait_for("Jonas")
        host.session.finish_with_breakdown()
        write_session(host.path, host.session.data)
        await phone.wait_for("final scores")  # the joiner's own screen, as the host saved
        assert served.process.stdin is not None
        served.process.stdin.write(b"finished\n")  # the host's app, as it stops serving
        served.process.stdin.close()
        words = await closed_words(phone, tmp_path / "finished.png")
        assert words == serve_joiner.FINISHED[1] and DISCONNECTED not in words
        assert not await phone.page.locator(".closed-dialog button").is_visible()
        assert served.process.wait(timeout=30) == 0
        assert not joiners_of(saves), "no joiner outlives the server"
    host.leave()


async def test_a_paste_too_long_is_refused_in_words(tmp_path: Path, browser: Browser) -> None:
    saves = tmp_path / "saves"
    Host(all_but_the_breakdown(saves))
    with serving(saves, tmp_path) as served:
        for length, words in ((20_000, serve_joiner.TOO_LONG[1]),
                              (70_000, "more than 10,000 characters")):
            phone = await Phone.open(browser, served.url)
            await phone.wait_for("Join a table")
            await phone.tap_terminal()
            await phone.page.keyboard.insert_text("a" * length)
            said = await closed_words(phone, tmp_path / f"paste-{length}.png")
            assert words in said and DISCONNECTED not in said, said
            await phone.close()
        wait_until(lambda: not joiners_of(saves), "each joiner ended")


async def test_a_table_full_says_so_on_the_phone(
        tmp_path: Path, browser: Browser, monkeypatch: pytest.MonkeyPatch) -> None:
    """The server in this test's own loop, its limit of browsers already reached."""
    monkeypatch.setattr(serve, "MOST_BROWSERS", 0)
    listener = listening("127.0.0.1", 0)
    door = serve_door.new_door("127.0.0.1", listener.getsockname()[1])
    runner = web.AppRunner(serve.TableServer(door, tmp_path).application())
    await runner.setup()
    await web.SockSite(runner, listener).start()
    try:
        phone = await Phone.open(browser, door.url)
        said = await closed_words(phone, tmp_path / "full.png")
        assert said.startswith(serve_joiner.TABLE_FULL[1]) and DISCONNECTED not in said
        assert await phone.page.locator(".closed-dialog button").is_visible()  # join again
    finally:
        await runner.cleanup()
