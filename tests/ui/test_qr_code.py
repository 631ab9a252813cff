"""B on the final scores and in replay shows the play's BG Stats import link as a QR code.

The drawn characters are read back from the screen, made a bitmap (each cell two modules, one
above the other) and decoded by a real QR reader (zxing-cpp) as a phone sees the code on a
terminal with light text on a dark background: the drawn characters light, the rest dark.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import zxingcpp
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import Footer, Static

from screens.breakdown import BreakdownScreen
from screens.help import HelpScreen
from screens.qr import QrScreen
from screens.replay import ReplayScreen
from tests.helpers import make_test_app
from tests.history_data import EXAMPLE_FILES, EXAMPLES
from tests.rftg_play import FOUR_PLAYERS, saved_session
from tui.app import LastRoundApp
from tui.records.play_log import bgstats_link
from tui.session.files import read_session
from tui.widgets.qr_code import QrCode, code_size

BIG = (125, 64)  # room for either example's code
PIXELS = 4  # each module this many pixels square, as a camera would see it
LIGHT, DARK = 255, 0


def drawn_lines(app: LastRoundApp) -> list[str]:
    """The code's characters as the screen draws them, every line its full width."""
    code = app.screen.query_one(QrCode)
    assert app.screen.region.contains_region(code.region), "the whole code is on screen"
    width, height = code.region.size
    strips = code.render_lines(Region(0, 0, width, height))
    return [strip.text.ljust(width) for strip in strips]


def bitmap(lines: list[str], *, drawn: int) -> memoryview:
    """A grey image of the lines: `drawn` where a half block is drawn, the other grey where not."""
    ground = LIGHT + DARK - drawn
    rows: list[list[int]] = []
    for line in lines:
        rows.append([drawn if cell in "█▀" else ground for cell in line])  # upper halves
        rows.append([drawn if cell in "█▄" else ground for cell in line])  # lower halves
    pixels = bytes(value for row in rows for _ in range(PIXELS)
                   for value in row for _ in range(PIXELS))
    return memoryview(pixels).cast("B", (len(rows) * PIXELS, len(rows[0]) * PIXELS))


def decoded(lines: list[str], *, drawn: int = LIGHT) -> list[str]:
    """What the reader finds, told not to try the code inverted: the colours must be right."""
    return [found.text for found in zxingcpp.read_barcodes(bitmap(lines, drawn=drawn),
                                                           try_invert=False)]


async def press(pilot: Pilot[None], *keys: str) -> None:
    await pilot.press(*keys)
    await pilot.pause()


@pytest.mark.parametrize("name", EXAMPLE_FILES)
async def test_b_in_replay_shows_a_code_that_scans_to_the_link(saves: Path, name: str) -> None:
    link = bgstats_link(read_session(EXAMPLES / name), name)
    app = make_test_app(saves, command="replay", file=EXAMPLES / name)
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await press(pilot, "b")
        assert isinstance(app.screen, QrScreen)
        assert "Scan with your phone: BG Stats opens this play" in str(
            app.screen.query_one("#qr-what", Static).render())
        lines = drawn_lines(app)
        assert (len(lines[0]), len(lines)) == code_size(link)
        assert decoded(lines) == [link]
        assert decoded(lines, drawn=DARK) == [], "drawn dark, the code reads only inverted"
        await press(pilot, "i")  # for a terminal with dark text on a light background
        assert decoded(drawn_lines(app), drawn=DARK) == [link]
        await press(pilot, "escape")
        assert isinstance(app.screen, ReplayScreen)


async def test_b_on_the_final_scores_of_a_game_just_finished(saves: Path) -> None:
    path = saved_session(saves, FOUR_PLAYERS, upto="breakdown", name="game.toml")
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, BreakdownScreen) and app.read_only
        await press(pilot, "b")
        assert isinstance(app.screen, QrScreen)
        assert decoded(drawn_lines(app)) == [bgstats_link(read_session(path), "game.toml")]
        await press(pilot, "escape")
        assert isinstance(app.screen, BreakdownScreen)


async def test_at_80_by_24_it_says_how_big_the_window_must_be_and_shows_the_link(
    saves: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    name = "rftg-4-players.toml"
    link = bgstats_link(read_session(EXAMPLES / name), name)
    needed = code_size(link)
    app = make_test_app(saves, command="replay", file=EXAMPLES / name)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "b")
        screen = app.screen
        assert isinstance(screen, QrScreen)
        assert not screen.query_one("#qr-code-box").display
        message = str(screen.query_one("#qr-small", Static).render())
        assert (f"needs a window of at least {needed.width}×{needed.height + 2}; "
                "this one is 80×24") in message
        assert str(screen.query_one("#qr-link", Static).render()).replace("\n", "") == link
        copied: list[str] = []
        monkeypatch.setattr(app, "copy_to_clipboard", copied.append)
        await press(pilot, "c")
        assert copied == [link]
        await pilot.resize_terminal(*BIG)  # enlarged: the code shows
        await pilot.pause()
        assert screen.query_one("#qr-code-box").display
        assert decoded(drawn_lines(app)) == [link]
        await press(pilot, "escape")
        assert isinstance(app.screen, ReplayScreen)


@pytest.mark.parametrize("size", [(80, 24), (76, 22)], ids=["80x24", "minimum"])
async def test_the_final_scores_footer_shows_b_within_its_width(saves: Path,
                                                                size: tuple[int, int]) -> None:
    path = saved_session(saves, FOUR_PLAYERS, upto="breakdown", name="game.toml")
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(Footer)
        keys: dict[str, Any] = {key.key_display: key  # type: ignore[attr-defined]
                                for key in footer.query("FooterKey")}  # Textual's own class
        assert keys["b"].description == "BG Stats"
        assert keys["b"].region.right <= footer.region.right


async def test_replay_lists_b_in_f1_its_footer_being_full(saves: Path) -> None:
    app = make_test_app(saves, command="replay", file=EXAMPLES / "rftg-4-players.toml")
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "f1")
        assert isinstance(app.screen, HelpScreen)
        assert any(row.startswith("  b ") and "BG Stats" in row
                   for row in app.screen.keys.splitlines()), app.screen.keys


async def test_a_light_theme_draws_the_dark_modules(saves: Path) -> None:
    name = "galileo-4-players.toml"
    link = bgstats_link(read_session(EXAMPLES / name), name)
    app = make_test_app(saves, command="replay", file=EXAMPLES / name)
    async with app.run_test(size=BIG) as pilot:
        app.theme = "textual-light"
        await press(pilot, "b")
        assert decoded(drawn_lines(app), drawn=DARK) == [link]


async def test_a_link_too_long_for_any_code_is_shown_alone_saying_why(
    saves: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Four players named with 20 emoji each: their names, URL-encoded, fill 3,000 characters,
    more than the largest QR code holds."""
    text = (EXAMPLES / "rftg-4-players.toml").read_text()
    for seat, name in enumerate(["Maya", "Jonas", "Priya", "Luis"]):
        text = text.replace(f'"{name}"', '"' + chr(0x1F600 + seat) * 20 + '"')
    path = saves / "emoji.toml"
    path.write_text(text)
    link = bgstats_link(read_session(path), path.name)
    app = make_test_app(saves, command="replay", file=path)
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        await press(pilot, "b")
        screen = app.screen
        assert isinstance(screen, QrScreen) and not screen.query(QrCode)
        message = str(screen.query_one("#qr-small", Static).render())
        assert "too long for a QR code" in message, message
        assert str(screen.query_one("#qr-link", Static).render()).replace("\n", "") == link
        copied: list[str] = []
        monkeypatch.setattr(app, "copy_to_clipboard", copied.append)
        await press(pilot, "i", "c")  # nothing to invert; the link is copied
        assert copied == [link]
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert "too long for a QR code" in str(screen.query_one("#qr-small", Static).render())
        await press(pilot, "escape")
        assert isinstance(app.screen, ReplayScreen)
