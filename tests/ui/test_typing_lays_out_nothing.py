"""A key typed into a field redraws the field, and lays out nothing: the screen's layout is
the costliest part of a key (tests/perf/bench_keys.py), and a field's size never depends on
what is typed into it. A text longer than its field still scrolls to keep the cursor shown."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.screen import Screen

from lastround.widgets.entry import Entry
from lastround.widgets.plain import Plain
from tests.support.galileo_play import THREE_PLAYERS, focus_field, saved_session
from tests.support.helpers import make_test_app


@pytest.fixture
def layouts(monkeypatch: pytest.MonkeyPatch) -> list[Screen[Any]]:
    """Each screen laid out, as Textual lays one out (a private name: test_textual_names)."""
    laid_out: list[Screen[Any]] = []
    lay_out = Screen._refresh_layout

    def counted(screen: Screen[Any], *args: Any, **kwargs: Any) -> None:
        laid_out.append(screen)
        lay_out(screen, *args, **kwargs)

    monkeypatch.setattr(Screen, "_refresh_layout", counted)
    return laid_out


async def test_digits_typed_into_a_score_field_lay_out_nothing(
        saves: Path, layouts: list[Screen[Any]]) -> None:
    app = make_test_app(saves, command="resume",
                        file=saved_session(saves, THREE_PLAYERS, "scores-0"))
    async with app.run_test(size=(80, 24)) as pilot:
        field = await focus_field(pilot, "track_position")
        await pilot.press("ctrl+a", "ctrl+k")
        await pilot.pause()
        layouts.clear()
        await pilot.press("6", "2")
        await pilot.pause()
        assert isinstance(field, Entry) and field.value == "62"
        assert "62" in "".join(segment.text for segment in field.render_line(0))
        assert layouts == []


async def test_a_name_longer_than_its_field_scrolls_to_keep_the_cursor_shown(
        saves: Path) -> None:
    app = make_test_app(saves, command="resume",
                        file=saved_session(saves, THREE_PLAYERS, "scores-0"))
    async with app.run_test(size=(80, 24)) as pilot:
        field = await focus_field(pilot, "track_position")
        assert isinstance(field, Entry)
        await pilot.press("ctrl+a", "ctrl+k", *"1234567890" * 3)
        await pilot.pause()
        shown = "".join(segment.text for segment in field.render_line(0))
        assert field.scroll_x > 0 and shown.rstrip().endswith("7890"), (field.scroll_x, shown)
        await pilot.press("home")
        await pilot.pause()
        shown = "".join(segment.text for segment in field.render_line(0))
        assert field.scroll_x == 0 and shown.startswith("1234"), shown


class OneText(App[None]):
    def compose(self) -> ComposeResult:
        yield Plain("Ada so far: 6", id="total")


@pytest.mark.parametrize("new_text, height", [("Ada so far: 62", 1), ("Ada so far: " + "6" * 30, 2),
                                              ("Ada so far:\n62", 2)])
async def test_a_text_that_needs_more_lines_is_still_laid_out(new_text: str, height: int) -> None:
    """Only a one-line text replaced by one that still fits skips the layout."""
    app = OneText()
    async with app.run_test(size=(30, 5)) as pilot:
        total = app.query_one("#total", Plain)
        total.update(new_text)
        await pilot.pause()
        assert total.size.height == height
