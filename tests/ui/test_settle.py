"""The Pilot's wait (tests/support/settle.py): it returns once the app is settled, having let
run what was ready and what was due within HORIZON, and it is not held by an exiting app's
timers."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tests.support import settle
from tests.support.helpers import make_test_app
from tests.support.settle import HORIZON, NeverSettled, until_settled


async def test_what_is_ready_or_due_within_the_horizon_runs_and_what_is_later_waits() -> None:
    loop = asyncio.get_running_loop()
    ran: list[str] = []
    loop.call_soon(ran.append, "ready")
    loop.call_later(HORIZON / 2, ran.append, "soon")
    later = loop.call_later(60, ran.append, "later")
    assert await until_settled(max_sleep=30)
    assert ran == ["ready", "soon"]
    later.cancel()


async def test_a_chain_of_callbacks_runs_to_its_end() -> None:
    loop = asyncio.get_running_loop()
    ran: list[int] = []

    def step(n: int) -> None:
        ran.append(n)
        if n < 50:
            loop.call_soon(step, n + 1)

    loop.call_soon(step, 0)
    assert await until_settled(max_sleep=30)
    assert ran == list(range(51))


async def test_an_exiting_apps_timers_do_not_hold_the_wait(saves: Path) -> None:
    """Textual's timers keep their schedule while the app exits but act no more (quit before
    the first screen is whole, and its repaint timer ticks every frame until the test ends):
    the wait settles on what is ready, where those timers would hold it until max_sleep."""
    app = make_test_app(saves)
    async with app.run_test(size=(80, 24)):
        app.exit()
        assert await until_settled(max_sleep=10)
        assert not app.is_running


async def test_an_app_held_back_longer_than_textuals_second_is_waited_for() -> None:
    """A busy machine can keep an app from settling for more than the second Textual's own
    wait gives it (a CI run's snapshot was taken with the step still being drawn): the wait
    is called as Textual calls it, and returns only once the work is done."""
    loop = asyncio.get_running_loop()
    ran: list[int] = []
    started = loop.time()

    def step(n: int) -> None:  # work that keeps the loop busy for 1.5 s, as a loaded CI does
        ran.append(n)
        if loop.time() - started < 1.5:
            loop.call_later(HORIZON / 5, step, n + 1)

    loop.call_soon(step, 0)
    assert await until_settled(0)  # Textual's Pilot: wait_for_idle(0), max_sleep left at 1
    assert loop.time() - started >= 1.5 and ran == list(range(len(ran)))


async def test_an_app_that_never_settles_fails_the_wait_by_name(
        monkeypatch: pytest.MonkeyPatch) -> None:
    loop = asyncio.get_running_loop()
    monkeypatch.setattr(settle, "LIMIT", 0.2)
    never = loop.call_soon(lambda: None)

    def again() -> None:
        nonlocal never
        never = loop.call_soon(again)

    loop.call_soon(again)
    with pytest.raises(NeverSettled, match="never settled"):
        await until_settled(0)
    never.cancel()
