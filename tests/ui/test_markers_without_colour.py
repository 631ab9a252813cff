"""What colour would show reads without it, in glyphs the Linux console can draw (issue 15,
item 29): the correction list marks its highlighted row with ▶, and the command palette
draws no 🔎 (the console's font has no emoji: it would show a blank or a box)."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.command import CommandPalette
from textual.widgets import DataTable, OptionList

from lastround.screens.correction import CorrectionPicker
from tests.support.helpers import make_test_app
from tests.support.history_data import copy_examples
from tests.support.rftg_play import FOUR_PLAYERS, letters_for, saved_session

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def no_colour(keep_machine_out: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")


def prompts(options: OptionList) -> list[str]:
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


async def test_the_correction_list_marks_the_highlighted_row(saves: Path) -> None:
    path, _ = copy_examples(saves)
    app = make_test_app(saves, command="replay", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, CorrectionPicker) and app.no_color
        options = app.screen.query_one(OptionList)
        shown = prompts(options)
        assert shown[0].startswith("▶ ") and all(p.startswith("  ") for p in shown[1:])
        await pilot.press("down", "down")
        await pilot.pause()
        shown = prompts(options)
        assert [p[:2] for p in shown[:4]] == ["  ", "  ", "▶ ", "  "]
        assert shown[2][2:] == app.screen.choices[2].label, "the row's words are unchanged"


def drawn_text(svg: str) -> str:
    return "".join(html.unescape(t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", svg))


async def test_the_command_palette_draws_no_emoji(saves: Path) -> None:
    path = saved_session(saves, FOUR_PLAYERS, upto="counts-0")
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        drawn = drawn_text(app.export_screenshot())
    assert "🔎" not in drawn
    assert all(cell_len(char) == 1 for char in drawn if char.strip()), "no double-width glyph"


async def test_history_marks_the_highlighted_row(saves: Path) -> None:
    copy_examples(saves)
    app = make_test_app(saves, command="history")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = app.screen.query_one(DataTable)

        def marks() -> list[str]:
            return [str(table.get_row(key)[0]) for key in table.rows]

        assert marks() == ["▶", " "]
        await pilot.press("down")
        await pilot.pause()
        assert marks() == [" ", "▶"]


def marked_rows(options: OptionList) -> list[int]:
    return [i for i in range(options.option_count)
            if str(options.get_option_at_index(i).prompt).startswith("▶ ")]


async def test_the_card_picker_marks_the_highlighted_suggestion_and_the_chosen_card(
    saves: Path,
) -> None:
    path = saved_session(saves, FOUR_PLAYERS, upto="tableau-0")
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*letters_for("Alpha Centauri"), "enter", *"min")
        await pilot.pause()
        suggestions = app.screen.query_one("#suggestions", OptionList)
        assert marked_rows(suggestions) == [0]
        await pilot.press("down")
        await pilot.pause()
        assert marked_rows(suggestions) == [1]
        cards = app.screen.query_one("#tableau-cards", OptionList)
        assert marked_rows(cards) == [], "unfocused, no card looks chosen"
        await pilot.press("ctrl+a", "ctrl+k", "tab")  # the search emptied, into the list
        await pilot.pause()
        assert app.focused is cards and marked_rows(cards) == [cards.highlighted]
        assert str(cards.get_option_at_index(0).prompt) == "▶  1. Alpha Centauri 0"
        await pilot.press("tab")  # back to the search: no card looks chosen
        await pilot.pause()
        assert marked_rows(cards) == []
