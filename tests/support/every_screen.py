"""Every kind of screen of both games, opened part-way through a session, for tests that check
something of each one (help, palette, fit at small sizes, no colour).

`SCREENS` names each case; `open_screen(name, saves)` writes the session it needs into `saves`
and returns the app with the keys to press once it is running. `palette` runs a command.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.command import CommandPalette
from textual.pilot import Pilot

from lastround.app import LastRoundApp
from tests.support import galileo_play, rftg_play
from tests.support.helpers import make_test_app

Opened = tuple[LastRoundApp, tuple[str, ...]]


def _rftg(upto: str, table: rftg_play.Table = rftg_play.EXAMPLE) -> Callable[[Path], Opened]:
    def opened(saves: Path) -> Opened:
        path = rftg_play.saved_session(saves, table, upto=upto, name=f"rftg-{upto}.toml")
        return make_test_app(saves, command="resume", file=path), ()
    return opened


def _galileo(stop_at: str, turns_done: int = 0, keys: tuple[str, ...] = ()
             ) -> Callable[[Path], Opened]:
    def opened(saves: Path) -> Opened:
        path = galileo_play.saved_session(saves, galileo_play.THREE_PLAYERS, stop_at, turns_done)
        return make_test_app(saves, command="resume", file=path), keys
    return opened


def _new(game: str) -> Callable[[Path], Opened]:
    return lambda saves: (make_test_app(saves, command="new", game=game), ())


def _home(saves: Path) -> Opened:
    rftg_play.saved_session(saves, rftg_play.FOUR_PLAYERS, upto="counts-1", name="a.toml")
    return make_test_app(saves), ()


CASES: dict[str, Callable[[Path], Opened]] = {
    "home": _home,
    "rftg-setup": _new("rftg"),
    "rftg-end-check": _rftg("end-check-0"),
    "rftg-finish-round": _rftg("finish-round"),
    "rftg-tableau": _rftg("tableau-0"),
    "rftg-counts": _rftg("counts-0"),
    "rftg-breakdown": _rftg("breakdown"),
    "galileo-setup": _new("galileo"),
    "galileo-table": _galileo("table"),
    "galileo-trigger": _galileo("trigger"),
    "galileo-turns": _galileo("final-turns", turns_done=1),
    "galileo-draw": _galileo("final-turns", turns_done=1, keys=("d",)),
    "galileo-scores": _galileo("scores-0"),
    "galileo-breakdown": _galileo("breakdown"),
    "galileo-summary": _galileo("table", keys=("f2",)),
    "galileo-dice": _galileo("table", keys=("f3",)),
}
SCREENS = tuple(CASES)


def open_screen(name: str, saves: Path) -> Opened:
    return CASES[name](saves)


async def palette(pilot: Pilot[None], query: str, *, open_it: bool = True) -> None:
    """Ctrl+P (unless a palette is already open), type the query, Enter on the best match."""
    if open_it:
        await pilot.press("ctrl+p")
        await pilot.pause()
    assert isinstance(pilot.app.screen, CommandPalette)
    await pilot.press(*query)
    await pilot.app.screen.workers.wait_for_complete()  # the palette searches in a worker
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
