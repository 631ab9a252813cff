"""B on the final scores and in replay shows the play's BG Stats import link as a QR code.

The drawn characters are read back from the screen, made a bitmap
(tests.support.qr_reading: each cell two modules across and two down, twice as tall as wide)
and decoded by a real QR reader (zxing-cpp) as a phone sees the code on a terminal with light
text on a dark background: the drawn characters light, the spaces dark.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import segno
from textual.geometry import Region, Size
from textual.pilot import Pilot
from textual.widgets import Footer, Static

from lastround.app import LastRoundApp
from lastround.records.play_log import bgstats_scan_link
from lastround.screens.breakdown import BreakdownScreen
from lastround.screens.help import HelpScreen
from lastround.screens.qr import QrScreen, window_needed
from lastround.screens.replay import ReplayScreen
from lastround.session.files import read_session
from lastround.widgets import qr_code
from lastround.widgets.qr_code import QrCode, code_size
from tests.support.helpers import make_test_app
from tests.support.history_data import EXAMPLE_FILES, EXAMPLES
from tests.support.qr_reading import DARK, decoded
from tests.support.rftg_play import FOUR_PLAYERS, saved_session

BIG = (80, 60)  # room for either example's code


def example_link(name: str) -> str:
    return bgstats_scan_link(read_session(EXAMPLES / name), name)


def drawn_lines(app: LastRoundApp) -> list[str]:
    """The code's characters as the screen draws them, every line its full width."""
    code = app.screen.query_one(QrCode)
    assert app.screen.region.contains_region(code.region), "the whole code is on screen"
    width, height = code.region.size
    strips = code.render_lines(Region(0, 0, width, height))
    return [strip.text.ljust(width) for strip in strips]


async def press(pilot: Pilot[None], *keys: str) -> None:
    await pilot.press(*keys)
    await pilot.pause()


def test_a_four_player_example_needs_76_by_53() -> None:
    """The README's figure: either example's code is 51 cells square; the app needs 76 columns."""
    assert [code_size(example_link(name)) for name in EXAMPLE_FILES] == [Size(51, 51)] * 2
    assert [window_needed(example_link(name)) for name in EXAMPLE_FILES] == [Size(76, 53)] * 2


@pytest.mark.parametrize("name", EXAMPLE_FILES)
async def test_b_in_replay_shows_a_code_that_scans_to_the_link(saves: Path, name: str) -> None:
    """In the smallest window the screen claims the code fits, it is whole and scans."""
    link = example_link(name)
    needed = window_needed(link)
    app = make_test_app(saves, command="replay", file=EXAMPLES / name)
    async with app.run_test(size=(needed.width, needed.height)) as pilot:
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


async def test_a_line_shorter_the_code_is_not_drawn(saves: Path) -> None:
    name = EXAMPLE_FILES[0]
    needed = window_needed(example_link(name))
    app = make_test_app(saves, command="replay", file=EXAMPLES / name)
    size = (needed.width, needed.height - 1)
    async with app.run_test(size=size) as pilot:
        await press(pilot, "b")
        assert not app.screen.query_one("#qr-code-box").display
        assert "needs a window of at least 76×53" in str(
            app.screen.query_one("#qr-small", Static).render())


async def test_b_on_the_final_scores_of_a_game_just_finished(saves: Path) -> None:
    path = saved_session(saves, FOUR_PLAYERS, upto="breakdown", name="game.toml")
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, BreakdownScreen) and app.walk.read_only
        await press(pilot, "b")
        assert isinstance(app.screen, QrScreen)
        assert decoded(drawn_lines(app)) == [bgstats_scan_link(read_session(path), "game.toml")]
        await press(pilot, "escape")
        assert isinstance(app.screen, BreakdownScreen)


async def test_at_80_by_24_it_says_how_big_the_window_must_be_and_shows_the_link(
    saves: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A four-player play needs a version-19 code (the link is about 780 characters): 101
    modules square with its quiet zone, 51 cells. At 80×24 there are 22 lines for it, 44
    modules: a version-4 code at most, 78 characters, and the link's fixed start takes 51."""
    name = "rftg-4-players.toml"
    link = example_link(name)
    app = make_test_app(saves, command="replay", file=EXAMPLES / name)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "b")
        screen = app.screen
        assert isinstance(screen, QrScreen)
        assert not screen.query_one("#qr-code-box").display
        message = str(screen.query_one("#qr-small", Static).render())
        assert "needs a window of at least 76×53; this one is 80×24" in message
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


async def test_without_colour_the_code_is_its_characters_alone(
    saves: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """NO_COLOR: every cell of the code in one style, so only the characters tell the
    modules apart, and they scan (light drawn, as on a light-on-dark terminal)."""
    monkeypatch.setenv("NO_COLOR", "1")  # read by Textual when the app is made
    name = EXAMPLE_FILES[0]
    link = example_link(name)
    app = make_test_app(saves, command="replay", file=EXAMPLES / name)
    async with app.run_test(size=BIG) as pilot:
        await press(pilot, "b")
        code = app.screen.query_one(QrCode)
        strips = code.render_lines(Region(0, 0, *code.region.size))
        styles = {segment.style.clear_meta_and_links() for strip in strips for segment in strip
                  if segment.style is not None}
        assert len(styles) == 1, styles
        assert decoded(drawn_lines(app)) == [link]


async def test_a_light_theme_draws_the_dark_modules(saves: Path) -> None:
    name = "galileo-4-players.toml"
    link = example_link(name)
    app = make_test_app(saves, command="replay", file=EXAMPLES / name)
    async with app.run_test(size=BIG) as pilot:
        app.theme = "textual-light"
        await press(pilot, "b")
        assert decoded(drawn_lines(app), drawn=DARK) == [link]


async def test_a_link_too_long_for_any_code_is_shown_alone_saying_why(
    saves: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Six players named with 20 emoji each: their names, URL-encoded, fill 2,880 characters
    of a link of almost 4,000, more than the largest QR code holds."""
    lines = ['format = 1', 'game = "rftg"', 'status = "finished"',
             'created = "2026-11-27T21:52:00Z"',
             'expansions = ["gathering-storm", "rebel-vs-imperium"]']
    for seat in range(6):
        lines += ["[[players]]", f'name = "{chr(0x1F600 + seat) * 20}"', "tableau_vp = 20",
                  f"bonus_vp = {seat}", "chips = 10", "hand = 2", "goods = 1"]
    path = saves / "emoji.toml"
    path.write_text("\n".join(lines) + "\n")
    link = bgstats_scan_link(read_session(path), path.name)
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


async def test_the_code_is_made_once_however_often_the_window_resizes(
    saves: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A resize asks whether the code fits: the code is made once for its link (segno took
    about 90 ms for a four-player link, on every resize), whichever way it is drawn."""
    made: list[str] = []
    make = segno.make

    def counted(link: str, **options: Any) -> Any:
        made.append(link)
        return make(link, **options)

    monkeypatch.setattr(segno, "make", counted)
    qr_code.matrix.cache_clear()  # made by an earlier test in this process
    qr_code.drawn_lines.cache_clear()
    name = EXAMPLE_FILES[0]
    app = make_test_app(saves, command="replay", file=EXAMPLES / name)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "b")
        for size in [BIG, (80, 24), (90, 60), BIG, (76, 22), BIG]:
            await pilot.resize_terminal(*size)
            await pilot.pause()
        assert app.screen.query_one("#qr-code-box").display
        await press(pilot, "i")
        await press(pilot, "i")
        assert decoded(drawn_lines(app)) == [example_link(name)]
    assert made == [example_link(name)]
