"""SIGHUP (a dropped link) releases the session's lock and ends at once; SIGTERM does the same
after giving the terminal back (see tests/e2e/test_terminate.py for the real thing)."""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext

import pytest

from lastround.shell import hangup


def test_a_hang_up_releases_the_lock_then_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    done: list[str] = []
    monkeypatch.setattr(os, "_exit", lambda code: done.append(f"exit {code}"))
    hangup.hang_up(lambda: done.append("released"))
    assert done == ["released", "exit 129"]


def test_a_hang_up_ends_even_when_releasing_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    codes: list[int] = []
    monkeypatch.setattr(os, "_exit", codes.append)

    def release() -> None:
        raise OSError("the folder is gone")

    with pytest.raises(OSError):
        hangup.hang_up(release)
    assert codes == [128 + signal.SIGHUP]


def test_sigterm_releases_the_lock_gives_the_terminal_back_then_ends(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    done: list[str] = []
    monkeypatch.setattr(os, "_exit", lambda code: done.append(f"exit {code}"))

    @contextmanager
    def terminal_as_before() -> Iterator[None]:
        done.append("terminal back")
        yield
        done.append("terminal taken again")

    hangup.terminate(lambda: done.append("released"), terminal_as_before)
    assert done[:3] == ["released", "terminal back", "exit 143"]


async def test_the_signals_reach_the_event_loop_not_the_middle_of_a_save(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[str] = []
    monkeypatch.setattr(hangup, "hang_up", lambda release: calls.append("hang up"))
    monkeypatch.setattr(hangup, "terminate", lambda release, back: calls.append("leave"))
    loop = asyncio.get_running_loop()
    try:
        hangup.install(lambda: None, nullcontext)
        os.kill(os.getpid(), signal.SIGTERM)
        os.kill(os.getpid(), signal.SIGHUP)
        for _ in range(100):
            await asyncio.sleep(0.01)
            if len(calls) == 2:
                break
        assert sorted(calls) == ["hang up", "leave"]
    finally:
        loop.remove_signal_handler(signal.SIGHUP)
        loop.remove_signal_handler(signal.SIGTERM)
