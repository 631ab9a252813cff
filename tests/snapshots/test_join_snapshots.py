"""The player's screens at a table (`lastround join`), at 40×16 (a phone held upright) and
80×24: the open tables, the seats, a tableau, the counts, Galileo's scoring, waiting for the
table, and the steps entered. The host is simulated (tests/support/join_play.py)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from lastround.shell.join_app import JoinApp
from tests.support.join_play import (
    NARROW,
    WIDE,
    Host,
    before_the_round_is_finished,
    done,
    joiner,
    on_step,
    shown,
    take_seat,
    until,
)
from tests.support.rftg_play import letters_for
from tests.support.table_sessions import ready_for_seats, seat_entries

SIZES = pytest.mark.parametrize("size", [NARROW, WIDE], ids=["40x16", "80x24"])
RFTG = seat_entries("rftg")
Steps = Callable[[Pilot[Any]], Awaitable[None]]


@pytest.fixture
def host(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Host]:
    """The host at the table of the test's game (`rftg` unless marked), its seats open."""
    game = getattr(request, "param", "rftg")
    table = Host(ready_for_seats(game, tmp_path))
    yield table
    table.leave()


def snap(snap_compare: Any, host: Host, size: tuple[int, int], steps: Steps) -> bool:
    app = JoinApp(host.path.parent)

    async def run_before(pilot: Pilot[Any]) -> None:
        await steps(pilot)
        await pilot.pause(0.1)

    result: bool = snap_compare(app, run_before=run_before, terminal_size=size)
    return result


@SIZES
def test_the_open_tables(snap_compare: Any, host: Host, size: tuple[int, int]) -> None:
    async def steps(pilot: Pilot[Any]) -> None:
        await until(pilot, lambda: "rftg-table.toml" in shown(joiner(pilot), "#tables"), "listed")

    assert snap(snap_compare, host, size, steps)


@SIZES
def test_which_seat(snap_compare: Any, host: Host, size: tuple[int, int]) -> None:
    taken = host.table.claim(1)  # Jonas's terminal

    async def steps(pilot: Pilot[Any]) -> None:
        await until(pilot, lambda: "rftg-table.toml" in shown(joiner(pilot), "#tables"), "listed")
        await pilot.press("enter")
        await until(pilot, lambda: "Jonas (taken)" in shown(joiner(pilot), "#seats"), "the seats")
        await pilot.press("down", "down")

    assert snap(snap_compare, host, size, steps)
    taken.release()


@SIZES
def test_a_tableau_being_listed(snap_compare: Any, host: Host, size: tuple[int, int]) -> None:
    async def steps(pilot: Pilot[Any]) -> None:
        await take_seat(pilot, joiner(pilot), 0)
        for name in RFTG[0][0][1]["tableau"][:4]:
            await pilot.press(*letters_for(name), "enter")
        await pilot.press(*"new")

    assert snap(snap_compare, host, size, steps)


@SIZES
def test_a_tableau_with_the_search_empty(snap_compare: Any, host: Host,
                                         size: tuple[int, int]) -> None:
    """Nothing under the empty search: no empty box of suggestions (the cards just below)."""
    async def steps(pilot: Pilot[Any]) -> None:
        await take_seat(pilot, joiner(pilot), 0)
        for name in RFTG[0][0][1]["tableau"][:2]:
            await pilot.press(*letters_for(name), "enter")

    assert snap(snap_compare, host, size, steps)


@SIZES
def test_the_counts_after_the_tableau(snap_compare: Any, host: Host,
                                      size: tuple[int, int]) -> None:
    async def steps(pilot: Pilot[Any]) -> None:
        await take_seat(pilot, joiner(pilot), 0)
        host.table.send(0, "tableau-0", RFTG[0][0][1])  # sent before, from this seat
        await until(pilot, lambda: on_step(joiner(pilot), "counts-0"), "the counts", host)
        await pilot.press(*"14", "down", "4", "down")

    assert snap(snap_compare, host, size, steps)


@SIZES
@pytest.mark.parametrize("host", ["galileo"], indirect=True)
def test_galileo_scoring(snap_compare: Any, host: Host, size: tuple[int, int]) -> None:
    async def steps(pilot: Pilot[Any]) -> None:
        await take_seat(pilot, joiner(pilot), 2)
        await pilot.press(*"57", "down", "down", "4", "down", "3", "down")

    assert snap(snap_compare, host, size, steps)


@SIZES
def test_waiting_for_the_table(snap_compare: Any, tmp_path: Path,
                               size: tuple[int, int]) -> None:
    host = Host(before_the_round_is_finished(tmp_path / "waiting"))

    async def steps(pilot: Pilot[Any]) -> None:
        await take_seat(pilot, joiner(pilot), 3)
        await until(pilot, lambda: "Finish the round" in shown(joiner(pilot), "#wait-text"), "wait")

    assert snap(snap_compare, host, size, steps)
    host.leave()


@SIZES
def test_the_steps_entered(snap_compare: Any, host: Host, size: tuple[int, int]) -> None:
    async def steps(pilot: Pilot[Any]) -> None:
        await take_seat(pilot, joiner(pilot), 0)
        for seat, entries in ((1, RFTG[1][:1]), (0, RFTG[0])):
            for step_id, values in entries:
                host.table.send(seat, step_id, values)
                await until(pilot, partial(host.has, step_id), "in", host)
        both = "1. ✓ Maya: tableau\n2. ✓ Maya: chips, hand and goods"
        await until(pilot, lambda: done(joiner(pilot), both), "done")
        await until(pilot, lambda: "Jonas" in shown(joiner(pilot), "#done-others"), "the table")

    assert snap(snap_compare, host, size, steps)
