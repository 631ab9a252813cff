"""No colour needed: the home list marks its row with a symbol and offers the unfinished
session; a colour-blind-safe theme ships, can be chosen from the palette and is remembered."""

from __future__ import annotations

import colorsys
import os
from pathlib import Path

import pytest
from textual.color import Color
from textual.widgets import DataTable, Static

from lastround.screens.home import MARK, HomeScreen
from lastround.session.files import write_session
from lastround.session.session import Session
from lastround.shell.config import config_path
from lastround.shell.themes import COLOURBLIND
from tests.support.every_screen import palette
from tests.support.helpers import make_test_app


def toy_session(saves: Path, name: str, *, finished: bool, mtime: int) -> Path:
    session = Session.new("toy", seed=1, created="2026-11-29T20:00:00Z")
    session.confirm(session.steps()[0], {"players": ["Ada", "Bo"], "colour": "red"})
    if finished:
        session.confirm(session.steps()[1], {})
        for step in session.steps()[2:4]:
            session.confirm(step, {"points": 5, "coins": 0, "bonus": False})
        session.finish()
    path = saves / name
    write_session(path, session.data)
    os.utime(path, (mtime, mtime))
    return path


def marks(table: DataTable[object]) -> list[str]:
    return [str(table.get_row_at(row)[0]) for row in range(table.row_count)]


async def test_the_highlighted_session_is_marked_by_a_symbol(saves: Path) -> None:
    toy_session(saves, "a.toml", finished=True, mtime=1_000)
    toy_session(saves, "b.toml", finished=True, mtime=2_000)
    app = make_test_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert marks(table) == [MARK, " "]
        await pilot.press("down")
        await pilot.pause()
        assert marks(table) == [" ", MARK]


async def test_an_unfinished_session_comes_first_and_enter_resumes_it(saves: Path) -> None:
    toy_session(saves, "unfinished.toml", finished=False, mtime=1_000)
    toy_session(saves, "newer-finished.toml", finished=True, mtime=2_000)
    app = make_test_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert "in progress" in [str(cell) for cell in table.get_row_at(0)]
        offer = str(app.screen.query_one("#resume-line", Static).render())
        assert offer == "Unfinished: unfinished.toml — Enter to resume"
        await pilot.press("down")
        await pilot.pause()
        assert str(app.screen.query_one("#resume-line", Static).render()) == ""
        await pilot.press("up", "enter")
        await pilot.pause()
        assert app.session is not None and app.walk.current_step.id == "round"


async def test_no_color_is_honoured(saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_test_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.no_color and isinstance(app.screen, HomeScreen)


def hue(colour: str) -> float:
    red, green, blue = Color.parse(colour).normalized
    return colorsys.rgb_to_hsv(red, green, blue)[0] * 360


def test_the_colour_blind_theme_pairs_blue_with_orange_and_has_no_red_or_green() -> None:
    signals = [COLOURBLIND.primary, COLOURBLIND.secondary, COLOURBLIND.accent,
               COLOURBLIND.warning, COLOURBLIND.error, COLOURBLIND.success]
    for colour in signals:
        assert colour is not None
        assert not 75 <= hue(colour) <= 165, f"{colour} is a green"
        assert 15 <= hue(colour) <= 345, f"{colour} is a red"
    assert 180 <= hue(str(COLOURBLIND.success)) <= 240  # fine: blue
    assert 15 <= hue(str(COLOURBLIND.error)) <= 45  # a problem: orange


async def test_the_colour_blind_theme_is_chosen_in_the_palette_and_remembered(
    saves: Path,
) -> None:
    app = make_test_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await palette(pilot, "colour-blind")
        assert app.theme == COLOURBLIND.name
    assert f'theme = "{COLOURBLIND.name}"' in config_path().read_text()
    again = make_test_app(saves)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert again.theme == COLOURBLIND.name


async def test_any_theme_chosen_from_the_theme_list_is_remembered(saves: Path) -> None:
    app = make_test_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await palette(pilot, "theme…")
        await palette(pilot, "nord", open_it=False)
        assert app.theme == "nord"
    assert make_test_app(saves).theme == "nord"


def test_an_unknown_or_broken_config_starts_with_the_default(saves: Path) -> None:
    default = make_test_app(saves).theme
    config_path().write_text('theme = "no-such-theme"\n')
    assert make_test_app(saves).theme == default
    config_path().write_text("theme = = broken")
    assert make_test_app(saves).theme == default
