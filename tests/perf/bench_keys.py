"""Keys: time from a key press to the next screen update, in a real 80×24 terminal (tmux).

A scripted whole procedure of each game (the card picker included) is typed key by key,
each on a screen at rest; each latency runs from `send-keys` until `capture-pane` shows a
different screen (colours and attributes included). Two bare Textual apps are measured the
same way as floors: typing into an input (the method's own cost, tmux round trips included),
and Enter showing a new screen of four labelled inputs (what Textual itself costs for a key
that changes the step). Goal: p95 under 30 ms.
"""

from __future__ import annotations

import contextlib
import statistics
import tempfile
from collections.abc import Iterable
from pathlib import Path

from tests.perf.measure import BARE, LASTROUND, Tmux, compile_sources, percentile, report
from tests.support.rftg_play import letters_for

RFTG_CARDS = ("Old Earth", "Galactic Federation", "Gem World", "Space Marines", "New Sparta",
              "Alien Tech Institute", "Mining League", "Rebel Base")


def rftg_keys() -> Iterable[str]:
    yield from ["r", *"Ada", "Tab", *"Bo", "Enter"]  # setup
    yield from [*"12", "Enter"]  # the end check
    yield from ["Space"] * 6 + ["Enter"]  # the finish-round checklist
    for seat in range(2):
        cards = RFTG_CARDS[seat * 4: seat * 4 + 4]
        for card in cards:
            yield from [*letters_for(card), "Enter"]
        yield "Enter"
        yield from [*"9", "Tab", "3", "Tab", "1", "Enter"]


def galileo_keys() -> Iterable[str]:
    yield from ["g", *"Ada", "Tab", *"Bo", "Tab", *"Cy", "Enter"]  # setup
    yield "Enter"  # first player and subjects as offered
    yield from ["Right", "Enter"]  # whose turn emptied the deck
    yield from ["Enter", "d", *"5", "Enter", *"Orion", "Enter"]  # a turn and a gap draw
    yield from ["Enter"] * 4  # the other final turns, then the first player's scores
    for points in ("62", "48", "71"):  # each player's final scoring, then the breakdown
        yield from [*points, "Enter"]
    yield "Enter"


Timed = list[tuple[float, bool]]  # seconds, and whether the key changed the heading (step)


def typed(command: list[str], ready: str, keys: Iterable[str], cwd: Path) -> Timed:
    terminal = Tmux(command, cwd)
    try:
        terminal.wait_for(ready)
        # The first screen is read for longer than the others: the app starts its warm-up
        # (lastround.shell.warm_up) a moment after it is drawn, and waits that long on purpose.
        terminal.settle(quiet=0.5)
        latencies: Timed = []
        for key in keys:
            # Each key is typed on a screen at rest, as a player reads before typing.
            terminal.settle()
            heading = terminal.screen().split("\n", 1)[0]
            # A key that changes nothing on screen (none should) is not timed.
            with contextlib.suppress(TimeoutError):
                latency = terminal.key_latency(key)
                terminal.settle()
                latencies.append((latency, terminal.screen().split("\n", 1)[0] != heading))
        return latencies
    finally:
        terminal.close()


def figures(values: list[float]) -> str:
    return (f"{len(values)} keys, p50 {statistics.median(values) * 1000:.1f} ms, "
            f"p95 {percentile(values, 0.95) * 1000:.1f} ms, max {max(values) * 1000:.1f} ms")


def p50_p95(values: list[float]) -> str:
    return (f"p50 {statistics.median(values) * 1000:.1f} ms, "
            f"p95 {percentile(values, 0.95) * 1000:.1f} ms")


def report_game(name: str, timed: Timed, floors: dict[bool, list[float]]) -> None:
    """Each kind of key against the goal, beside the bare app's floor for that kind."""
    for changes, kind in ((True, "keys that change the step"), (False, "every other key")):
        values = [seconds for seconds, changed in timed if changed == changes]
        floor = "new screen of 4 fields" if changes else "typing"
        report(f"{name}, {kind}",
               f"{len(values)} keys, {p50_p95(values)} (floor, bare {floor}: "
               f"{p50_p95(floors[changes])})",
               "p95 < 30 ms", percentile(values, 0.95) < 0.030)


def main() -> None:
    compile_sources()
    with tempfile.TemporaryDirectory() as folder:
        cwd = Path(folder)
        bare = typed([*BARE, "typing"], "Bare Textual app", "the quick brown fox jumps" * 2, cwd)
        screens = typed([*BARE, "screens"], "Bare Textual app", ["Enter"] * 20, cwd)
        rftg = typed([str(LASTROUND), "--saves", "s"], "New Race", rftg_keys(), cwd)
        galileo = typed([str(LASTROUND), "--saves", "s"], "New Race", galileo_keys(), cwd)
    print(f"bare Textual app typing (floor): {figures([seconds for seconds, _ in bare])}")
    print("bare Textual app, new screen of 4 fields (floor): "
          f"{figures([seconds for seconds, _ in screens])}")
    floors = {False: [seconds for seconds, _ in bare], True: [seconds for seconds, _ in screens]}
    for name, timed in (("Race for the Galaxy", rftg), ("Galileo Galilei", galileo)):
        print(f"{name}: {figures([seconds for seconds, _ in timed])}")
        report_game(name, timed, floors)
    worst = max(percentile([seconds for seconds, _ in game], 0.95) for game in (rftg, galileo))
    report("key p95", f"{worst * 1000:.1f} ms", "< 30 ms", worst < 0.030)


if __name__ == "__main__":
    main()
