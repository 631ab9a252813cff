"""Table mode from phones: wall time to enter the 4-player Race for the Galaxy example's own
steps of every seat with four phones (Debian's chromium at 390×844, through `lastround
serve`), against one terminal typing every seat's steps in turn (bench_table's run).

The host's app runs in an 80×24 tmux pane and opens the table to every seat ("Nobody"), to
phones too (`p`: its own `lastround serve`, on loopback, as its settings say), so the clock
also takes in how the host's app stops serving once the game is finished.
Each phone types its own seat's keys one at a time at the same pace as the single terminal,
the phone's way: letters and Enter in the card search, a number and Enter per field. The
clock runs from every phone on its first step (the single terminal: from the first step on
screen) until the host's app shows the final scores. Goal: as bench_table's, ≤ 0.35×.
"""

from __future__ import annotations

import asyncio
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.async_api import Browser, async_playwright

from lastround.games.base import Step
from tests.e2e.table_keys import Press, Seats, one_key_at_a_time, tableau_presses
from tests.e2e.tty import Terminals
from tests.perf.bench_table import host_at_first_seat, one_terminal, wait_for
from tests.perf.measure import compile_sources, report, spread
from tests.serve.phone import ARGS, CHROMIUM, Phone

PACES = (0.120, 0.020)  # `python -m tests.perf.bench_phones 0.12`: one pace only
PAIRS = 2
GOAL = 0.35
HOST_SETTINGS = 'serve_address = "127.0.0.1"\nserve_port = 0\n'  # never the room's network


def phone_presses(step: Step, values: dict[str, object]) -> list[Press]:
    """A seat's step as a phone's keyboard types it: the tableau as at a terminal, a form
    field by field, each value then Enter (the last Enter sends it)."""
    if step.kind == "cards":
        return tableau_presses(values["tableau"])  # type: ignore[arg-type]
    presses: list[Press] = []
    for field in step.fields:
        if values[field.key] != field.default:
            presses.append(("text", str(values[field.key])))
        presses.append(("key", "Enter"))
    return presses


async def type_seat(phone: Phone, seats: Seats, seat: int, pace: float) -> tuple[int, float]:
    """How many keys the seat took, and when its last one was sent."""
    sent = 0
    for step, values in seats.own(seat):
        await phone.wait_for(step.title, seconds=120)
        due = time.perf_counter()
        for kind, key in one_key_at_a_time(phone_presses(step, values)):
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
            if kind == "text":
                await phone.page.keyboard.type(key)
            else:
                await phone.page.keyboard.press(key)
            due += pace
            sent += 1
    return sent, time.perf_counter()


async def four_phones(browser: Browser, folder: Path,
                      pace: float) -> tuple[float, float, int]:
    """Seconds for four phones, each entering its own seat (to the host's final scores, and
    to the last phone's last key), and the most keys one took."""
    folder.mkdir()
    terminals = Terminals(tmux_path(), folder)
    saves = folder / "saves"
    try:
        (folder / "host-config.toml").write_text(HOST_SETTINGS)  # start_host's settings
        seats, host = host_at_first_seat(terminals, saves)
        host.keys("F4")
        wait_for(host, "which seat is yours?")
        host.keys("End", "p")  # Nobody, and phones: every seat joins from a phone
        wait_for(host, "Serve the table to phones")
        host.keys("Enter")  # where the settings say: loopback, any free port
        wait_for(host, "or type: http://127.0.0.1:")
        [link] = re.findall(r"http://127\.0\.0\.1:\d+/\w+/", host.screen())
        host.keys("Escape")  # back to the step, as the host would
        phones = []
        for seat in range(4):
            phone = await Phone.open(browser, link)
            await phone.wait_for("Join a table")
            await phone.tap_terminal()
            await phone.type("1")
            await phone.wait_for("Which seat is yours?")
            await phone.type(str(seat + 1))
            phones.append(phone)
        started = time.perf_counter()
        typed = await asyncio.gather(*(type_seat(phone, seats, seat, pace)
                                       for seat, phone in enumerate(phones)))
        await asyncio.to_thread(wait_for, host, "Final scores")
        seconds = time.perf_counter() - started
        last_key = max(at for _, at in typed) - started
        for phone in phones:
            await phone.close()
        return seconds, last_key, max(keys for keys, _ in typed)
    finally:
        terminals.close()


def tmux_path() -> str:
    import shutil

    found = shutil.which("tmux")
    assert found is not None
    return found


async def measure_at(browser: Browser, pace: float) -> None:
    alone, table, last_keys = [], [], []
    with tempfile.TemporaryDirectory() as folder:
        for run in range(PAIRS):
            seconds, alone_keys = await asyncio.to_thread(
                one_terminal, tmux_path(), Path(folder) / f"alone-{run}", pace)
            alone.append(seconds)
            seconds, last_key, phone_keys = await four_phones(
                browser, Path(folder) / f"phones-{run}", pace)
            table.append(seconds)
            last_keys.append(last_key)
    ratio = statistics.median(table) / statistics.median(alone)
    after = statistics.median([t - k for t, k in zip(table, last_keys, strict=True)])
    print(f"one terminal, every seat ({alone_keys} keys, {pace * 1000:.0f} ms apart): "
          f"{spread(alone)} s")
    print(f"four phones (at most {phone_keys} keys each): {spread(table)} s to the host's "
          f"final scores, {spread(last_keys)} s to the last phone's last key "
          f"({statistics.median(last_keys) / statistics.median(alone):.2f}×); the final "
          f"scores {after:.2f} s after it")
    report(f"four phones / one terminal, keys {pace * 1000:.0f} ms apart", f"{ratio:.2f}×",
           f"≤ {GOAL}×", ratio <= GOAL)


async def run() -> None:
    if not CHROMIUM.exists():
        print(f"phones: {CHROMIUM} is not installed; skipped")
        return
    compile_sources()
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        for pace in [float(a) for a in sys.argv[1:]] or PACES:
            await measure_at(browser, pace)
        await browser.close()


def main() -> None:
    asyncio.run(run())


if __name__ == "__main__":
    main()
