"""The Pilot waits for the app to be settled, not for the machine to look idle.

Textual's Pilot waits after each key (twice) and in each `pause()` with `wait_for_idle`: it
sleeps in 20 ms slices until one passes in which the process used almost no CPU. That costs
20 ms or more per wait even when the app is done at once (about 70% of the Pilot tests' time),
and it reads a process that a busy machine holds back as a settled one.

`until_settled` asks the event loop instead: the app is settled when nothing is ready to run
and no timer is due within `HORIZON` (the screen's next repaint, a focus timer), on two turns
of the loop in a row. A timer due later is left for the test to wait on, as before: a test
that needs one waits for what it does. Once the app is exiting, its timers tick without
acting (Textual's `Timer._tick` checks `App._exit`), so only what is ready counts.

Textual gives up waiting after a second. On a busy machine an app still building a screen can
be held back longer than that, and the test then went on with the app half done: a snapshot
taken with dozens of tasks still ready to run (a CI run failed that way). So the wait goes on
until the app is settled, up to `LIMIT`, and a wait that reaches it fails the test, naming
what was still running.
"""

from __future__ import annotations

import asyncio

import textual.app
import textual.pilot
from textual._context import active_app

# About Textual's own slice: what is due this soon is part of what the key set off.
HORIZON = 0.025
QUIET_TURNS = 2
# Longer than any busy machine holds a settling app back; an app never settled is a defect.
LIMIT = 60.0


def busy(loop: asyncio.AbstractEventLoop, timers_act: bool) -> float | None:
    """None when nothing is ready and no timer that acts is due within HORIZON; otherwise
    how long to wait before looking again (0 when something is ready now)."""
    if loop._ready:  # type: ignore[attr-defined]
        return 0.0
    if not timers_act:
        return None
    now = loop.time()
    soonest = min((handle.when() for handle in loop._scheduled  # type: ignore[attr-defined]
                   if not handle.cancelled()), default=now + HORIZON + 1)
    return max(soonest - now, 0.0) if soonest <= now + HORIZON else None


async def until_settled(min_sleep: float = 0, max_sleep: float = 1) -> bool:
    """Once the app has nothing to do now or within HORIZON: True. Textual's `min_sleep`
    and `max_sleep` are accepted and not needed: the wait lasts as long as the app is busy,
    up to LIMIT, where it raises `NeverSettled`."""
    loop = asyncio.get_running_loop()
    app = active_app.get(None)  # run_test sets it around the test's body
    deadline = loop.time() + max(max_sleep, LIMIT)
    quiet = 0
    while loop.time() < deadline:
        await asyncio.sleep(0)  # every callback ready before this one runs first
        wait = busy(loop, timers_act=app is None or not app._exit)
        if wait is None:
            quiet += 1
            if quiet == QUIET_TURNS:
                return True
            continue
        quiet = 0
        if wait:
            await asyncio.sleep(wait)
    raise NeverSettled(loop)


class NeverSettled(AssertionError):
    """The app was still busy after LIMIT seconds: what it had to run names the culprit."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        ready = [repr(handle)[:120] for handle in list(loop._ready)[:5]]  # type: ignore[attr-defined]
        super().__init__(f"the app never settled in {LIMIT:.0f} s; ready to run: {ready}")


def install() -> None:
    """Pilot's `press` and `pause` (through Textual's key path) wait with `until_settled`.
    Each module must still call the wait by that name: a Textual that renamed it would
    otherwise get a new attribute nobody reads, and the suite would quietly slow down."""
    for module in (textual.app, textual.pilot):
        if not hasattr(module, "wait_for_idle"):
            raise RuntimeError(f"{module.__name__} no longer waits with wait_for_idle")
        module.wait_for_idle = until_settled  # type: ignore[attr-defined]
