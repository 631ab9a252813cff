"""Pilot tests: replaying the shipped examples, correcting a finished game, exporting it."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, Input, Static

from lastround.app import LastRoundApp
from lastround.screens.correction import CorrectForm, CorrectionPicker
from lastround.screens.home import HomeScreen
from lastround.screens.replay import ReplayScreen
from lastround.screens.rftg.cards_correction import CorrectCards
from lastround.session.files import read_session
from tests.support.galileo_play import shown_text
from tests.support.helpers import FIXED_TIME, make_test_app
from tests.support.history_data import EXAMPLE_FILES, copy_examples


def page_text(app: LastRoundApp) -> str:
    """The page's title and body as the terminal shows them (the whole body, scrolled or not),
    with every run of spaces and line breaks made one space: wrapping depends on the width."""
    screen = app.screen
    body = screen.query_one("#replay-body").query(Static).results(Static)
    text = " ".join(shown_text(shown) for shown in
                    [screen.query_one("#replay-title", Static), *body] if shown.display)
    return " ".join(text.split())


def replay_screen(app: LastRoundApp) -> ReplayScreen:
    assert isinstance(app.screen, ReplayScreen)
    return app.screen


def spy_on_notices(app: LastRoundApp) -> list[str]:
    """Every notification's message, in order (they are what the table is told)."""
    said: list[str] = []
    app.notify = lambda message, **options: said.append(message)  # type: ignore[method-assign]
    return said


async def press(pilot: Pilot[None], *keys: str) -> None:
    await pilot.press(*keys)
    await pilot.pause()


@pytest.mark.parametrize("name", EXAMPLE_FILES)
async def test_an_example_replays_from_the_first_step_to_the_last_and_back(
    saves: Path, name: str,
) -> None:
    copy_examples(saves)
    path = saves / name
    before = path.read_bytes()
    log = read_session(path)["log"]
    app = make_test_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        table.move_cursor(row=table.get_row_index(str(path)))
        await press(pilot, "enter")  # a finished session opens as a replay, at its scores
        screen = replay_screen(app)
        assert screen.page == len(log) and "Breakdown of the final scores" in page_text(app)
        await press(pilot, "home")
        seen = []
        for number, entry in enumerate(log, start=1):
            assert screen.page == number - 1
            assert f"entry {number} of {len(log)}" in str(screen.sub_title)
            if "player" in entry:
                assert f"asked: {entry['player']}" in page_text(app)
            seen.append(page_text(app))
            await press(pilot, "right")
        assert screen.page == len(log) and "★" in page_text(app)
        await press(pilot, "right")  # nothing after the scores
        assert screen.page == len(log)
        for number in range(len(log), 0, -1):
            await press(pilot, "left")
            assert page_text(app) == seen[number - 1]
        await press(pilot, "left")  # nothing before the first entry
        assert screen.page == 0
        await press(pilot, "end")
        assert screen.page == len(log)
        await press(pilot, "escape")
        assert isinstance(app.screen, HomeScreen) and app.session is None
    assert path.read_bytes() == before, "replay never changes the file"


async def test_the_galileo_replay_shows_the_cards_drawn_when_they_were_drawn(saves: Path) -> None:
    _, path = copy_examples(saves)
    app = make_test_app(saves, command="replay", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "home", *["right"] * 3)
        assert "Andromeda Nebula ← drawn now" in page_text(app)
        await press(pilot, *["right"] * 3)
        assert "Orion Nebula ← drawn now" in page_text(app)
        assert "Andromeda Nebula" in page_text(app)
        await press(pilot, "end")
        assert "the 9th of 14: Andromeda Nebula" in page_text(app)


async def correct_mayas_chips(pilot: Pilot[None], app: LastRoundApp, chips: str) -> None:
    await press(pilot, "c")
    assert isinstance(app.screen, CorrectionPicker)
    await press(pilot, "down", "down", "enter")  # end check, Maya's tableau, Maya's counts
    assert isinstance(app.screen, CorrectForm) and app.screen.step.id == "counts-0"
    field = app.screen.query_one("#field-chips", Input)
    assert field.value == "14", "pre-filled with what was entered"
    field.value = chips
    await press(pilot, "enter")


async def test_a_correction_after_the_game_changes_the_winner_and_shows_in_replay(
    saves: Path,
) -> None:
    path, _ = copy_examples(saves)
    entries = len(read_session(path)["log"])
    app = make_test_app(saves, command="replay", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "★ Luis wins" in page_text(app)
        await correct_mayas_chips(pilot, app, "30")
        screen = replay_screen(app)
        assert screen.page == entries + 1
        assert "★ Maya wins" in page_text(app)
        assert ("✎ corrected after the game: Maya: chips, hand and goods on "
                f"{FIXED_TIME[:10]} {FIXED_TIME[11:16]}") in page_text(app)
        await press(pilot, "left")
        shown = page_text(app)
        assert "✎ correction after the game" in shown and "asked: Maya" in shown
        assert "VP chips" in shown and "14" in shown and "30" in shown
        assert "✎ The winner changed: Luis → Maya" in shown
    data = read_session(path)
    assert data["status"] == "finished" and data["players"][0]["chips"] == 30
    assert len(data["log"]) == entries + 1
    assert data["log"][-1] == {"step": "counts-0", "at": FIXED_TIME, "player": "Maya",
                               "values": {"chips": 30, "hand": 4, "goods": 2},
                               "correction": True, "old": {"chips": 14, "hand": 4, "goods": 2}}


async def test_a_tableau_is_corrected_on_the_card_picker(saves: Path) -> None:
    path, _ = copy_examples(saves)
    app = make_test_app(saves, command="replay", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "c", "down", "enter")
        assert isinstance(app.screen, CorrectCards) and app.screen.step.id == "tableau-0"
        await press(pilot, "ctrl+r", "enter")  # the last card was not in the tableau
        assert isinstance(app.screen, ReplayScreen)
    data = read_session(path)
    assert "Terraforming Robots" not in data["players"][0]["tableau"]
    assert "Terraforming Robots" in data["log"][-1]["old"]["tableau"]


async def test_escape_leaves_the_entry_as_it_was(saves: Path) -> None:
    path, _ = copy_examples(saves)
    before = path.read_bytes()
    app = make_test_app(saves, command="replay", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "c", "escape")
        assert isinstance(app.screen, ReplayScreen)
        await press(pilot, "c", "down", "down", "enter")
        app.screen.query_one("#field-chips", Input).value = "30"
        await press(pilot, "escape")
        assert isinstance(app.screen, ReplayScreen) and "★ Luis wins" in page_text(app)
    assert path.read_bytes() == before


async def test_a_correction_that_changes_nothing_is_refused_on_screen(saves: Path) -> None:
    path, _ = copy_examples(saves)
    before = path.read_bytes()
    app = make_test_app(saves, command="replay", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "c", "down", "down", "enter", "enter")
        assert isinstance(app.screen, CorrectForm)
        assert "nothing was changed" in str(app.screen.query_one("#message", Static).render())
    assert path.read_bytes() == before


async def test_x_writes_the_final_scores_as_markdown_into_exports(saves: Path) -> None:
    path, _ = copy_examples(saves)
    before = path.read_bytes()
    app = make_test_app(saves, command="replay", file=path)
    said = spy_on_notices(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "x")
    target = saves / "exports" / "rftg-4-players.md"
    assert said == [f"Final scores written as Markdown to {target}"]
    assert "| Luis ★ | 16 | 12 | 25 | **53** | 1 |" in target.read_text("utf-8")
    assert path.read_bytes() == before


async def test_an_unfinished_session_replays_without_correcting_or_exporting(saves: Path) -> None:
    from tests.support.galileo_play import THREE_PLAYERS, saved_session

    path = saved_session(saves, THREE_PLAYERS, "scores-1")
    before = path.read_bytes()
    app = make_test_app(saves, command="replay", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Can't total yet" in page_text(app)
        await press(pilot, "c", "x")
        assert isinstance(app.screen, ReplayScreen)
        assert not (saves / "exports").exists()
    assert path.read_bytes() == before


@pytest.mark.parametrize("size", [(80, 24), (76, 22)], ids=["80x24", "minimum"])
@pytest.mark.parametrize("keys", [(), ("home", "right"), ("c",), ("c", "down", "down", "enter")],
                         ids=["scores", "entry", "picker", "correction"])
async def test_every_replay_screen_fits_with_its_whole_footer(
    saves: Path, size: tuple[int, int], keys: tuple[str, ...],
) -> None:
    from textual.widgets import Footer

    _, galileo = copy_examples(saves)  # the game with the most keys
    app = make_test_app(saves, command="replay", file=galileo)
    async with app.run_test(size=size) as pilot:
        await press(pilot, *keys)
        footer = app.screen.query_one(Footer)
        shown = list(footer.query("FooterKey"))  # Textual's own class
        assert shown and all(key.region.right <= footer.region.right for key in shown)
        focused = app.screen.focused
        assert focused is not None and focused.region.bottom <= size[1] - 1
