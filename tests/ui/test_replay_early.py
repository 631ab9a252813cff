"""A long finished session opens on its final scores, read from the file's head, while its
log is read in a worker: the page is the one the whole reading shows, the steps come once
the log is read, keys typed meanwhile wait for it and act in order, and a file the whole
reading refuses ends with the same one-line refusal as ever."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from textual.widgets import Static

import lastround.screens.replay
import lastround.session.early
from lastround.app import LastRoundApp
from lastround.records.whole_reading import WholeReading, read_whole
from lastround.screens.home import HomeScreen
from lastround.screens.replay import ReplayScreen
from lastround.session.early import EarlySession
from lastround.session.files import write_session
from lastround.session.session import Session
from tests.support.helpers import make_test_app
from tests.support.history_fill import until
from tests.support.long_log import galileo_session, rftg_session
from tests.ui.test_replay_flow import page_text, spy_on_notices

READING = "⋯ Reading the log (its entries and corrections)"
LONG: dict[str, Callable[[], Session]] = {
    "rftg": lambda: rftg_session(40),  # corrections: the final page lists the latest ten
    "galileo": lambda: galileo_session(60, 3),  # turns ended and undone, Tier III draws
}


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """Files from 1 byte are read head first, and the log's reading waits for the gate."""
    opened = threading.Event()
    monkeypatch.setattr(lastround.session.early, "EARLY_FROM", 1)

    def held_reading(path: Path) -> WholeReading:
        opened.wait(timeout=30)
        return read_whole(path)

    monkeypatch.setattr(lastround.screens.replay, "read_whole", held_reading)
    yield opened
    opened.set()


def written(saves: Path, game: str) -> Path:
    path = saves / f"{game}-long.toml"
    write_session(path, LONG[game]().data)
    return path


def replay_of(app: LastRoundApp) -> ReplayScreen:
    assert isinstance(app.screen, ReplayScreen)
    return app.screen


async def read_at_once(path: Path, *keys: str) -> tuple[str, str]:
    """The page and its sub-title as the whole file, read before the replay shows, gives."""
    app = make_test_app(path.parent, command="replay", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not replay_of(app).reading
        await pilot.press(*keys)
        await pilot.pause()
        return page_text(app), str(replay_of(app).sub_title)


@pytest.mark.parametrize("game", LONG)
async def test_the_final_page_shows_before_the_log_is_read_then_the_steps(
    saves: Path, gate: threading.Event, game: str,
) -> None:
    """The early page is the whole reading's, but for the log's lines (the corrections, a
    hand edit's drift), said to be read meanwhile; once read, the page and every step are
    exactly the whole reading's."""
    path = written(saves, game)
    app = make_test_app(saves, command="replay", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = replay_of(app)
        assert screen.reading and not screen.moments
        early = page_text(app)
        assert READING in early and "Breakdown of the final scores" in early
        gate.set()
        await until(pilot, lambda: not screen.reading)
        # the open session is the whole file's now: a correction or an export works on it
        await until(pilot, lambda: app.keeper.session is screen.session)
        assert not isinstance(app.keeper.session, EarlySession)
        lines = " ".join(screen.lines)
        assert " ".join(early.replace(READING + "…", lines).split()) == page_text(app)
        whole_page = page_text(app), str(screen.sub_title)
        await pilot.press("home")
        await pilot.pause()
        first_step = page_text(app)
    with pytest.MonkeyPatch.context() as ordinary:
        ordinary.setattr(lastround.session.early, "EARLY_FROM", 2**40)
        assert await read_at_once(path) == whole_page
        assert (await read_at_once(path, "home"))[0] == first_step
    assert "entry 1 of" not in whole_page[1]


async def test_keys_typed_before_the_log_is_read_wait_for_it_and_act_in_order(
    saves: Path, gate: threading.Event,
) -> None:
    """← ← ← → pressed on the early page: held, said so, then taken in order once the log
    is read, as if typed after (one entry before the last); nothing typed is lost."""
    path = written(saves, "rftg")
    keys = ("left", "left", "left", "right")
    app = make_test_app(saves, command="replay", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = replay_of(app)
        await pilot.press(*keys)
        await pilot.pause()
        assert "the 4 keys typed are taken once it is read" in page_text(app)
        assert screen.sub_title == "Replay · final scores · reading the log…"
        gate.set()
        await until(pilot, lambda: not screen.reading)
        shown = page_text(app), screen.sub_title
    with pytest.MonkeyPatch.context() as ordinary:
        ordinary.setattr(lastround.session.early, "EARLY_FROM", 2**40)
        assert shown == await read_at_once(path, *keys)
    assert "entry 49 of 50" in shown[1]


async def test_escape_leaves_at_once_while_the_log_is_read(
    saves: Path, gate: threading.Event,
) -> None:
    path = written(saves, "galileo")
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.return_code == 0 and not app.is_running


BROKEN_LOGS = {
    "not TOML": "\n[[log]]\nstep = \"breakdown\"\nat = \n",
    "a control character": '\n[[log]]\nstep = "breakdown"\nat = "\\u001b[2J"\n',
    "a step no game has": '\n[[log]]\nstep = "no-such-step"\nat = "2026-11-29T20:30:00Z"\n',
    "a player after the log": '\n[[players]]\nname = "Di"\ntableau = ["Old Earth"]\n',
}


@pytest.mark.parametrize("ending", BROKEN_LOGS.values(), ids=BROKEN_LOGS)
async def test_a_file_the_whole_reading_refuses_ends_on_the_same_refusal(
    saves: Path, gate: threading.Event, ending: str,
) -> None:
    """Its head totals, its log is broken: the early page gives way to the one line the
    whole reading refuses it with, as opening it has always said, on the home screen."""
    path = written(saves, "rftg")
    with path.open("a", encoding="utf-8") as file:
        file.write(ending)
    with pytest.MonkeyPatch.context() as ordinary:
        ordinary.setattr(lastround.session.early, "EARLY_FROM", 2**40)
        app = make_test_app(saves, command="replay", file=path)
        expected = spy_on_notices(app)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen)
    assert len(expected) == 1 and str(path) in expected[0]
    app = make_test_app(saves, command="replay", file=path)
    said = spy_on_notices(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = replay_of(app)
        assert READING in page_text(app)
        await pilot.press("left")
        gate.set()
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        assert said == expected
        assert app.walk.made_keeper is not None and app.walk.made_keeper.session is None
        assert "✗" in str(app.screen.query_one("#session-error", Static).render())
    assert not screen.is_attached


async def test_a_table_after_the_log_shows_the_whole_files_scores_once_read(
    saves: Path, gate: threading.Event,
) -> None:
    """A fourth player a hand edit put after the log: the head's three show first, then
    the whole file's page, as opening it the ordinary way shows it, and the table is told."""
    path = written(saves, "rftg")
    with path.open("a", encoding="utf-8") as file:
        file.write('\n[[players]]\nname = "Di"\ntableau = ["Alpha Centauri"]\n'
                   "chips = 1\nhand = 0\ngoods = 0\n")
    app = make_test_app(saves, command="replay", file=path)
    said = spy_on_notices(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = replay_of(app)
        assert " Di " not in page_text(app).split(" wins")[0]
        gate.set()
        await until(pilot, lambda: not screen.reading)
        shown = page_text(app), screen.sub_title
    with pytest.MonkeyPatch.context() as ordinary:
        ordinary.setattr(lastround.session.early, "EARLY_FROM", 2**40)
        assert shown == await read_at_once(path)
    assert " Di " in shown[0].split(" wins")[0]
    assert said == ["The whole file gives other final scores than its first part: these are "
                    "the whole file's."]
