"""The field row (tui/widgets/field_row.py): a label, the field, and what is wrong with what
was typed, said under the row; the one way every screen builds one."""

from __future__ import annotations

from pathlib import Path

from textual.app import App, ComposeResult
from textual.widgets import Input

from lastround.widgets.error_line import ErrorLine
from lastround.widgets.field_row import FieldRow

ROOT = Path(__file__).resolve().parents[2]


class OneField(App[None]):
    def compose(self) -> ComposeResult:
        yield FieldRow("Chips", Input(id="chips"), message_id="error-chips")
        yield Input(id="after")


async def test_a_row_says_a_problem_under_itself_and_takes_it_back() -> None:
    app = OneField()
    async with app.run_test(size=(80, 24)) as pilot:
        row = app.query_one(FieldRow)
        assert not app.query(ErrorLine), "no line is built before there is something to say"
        assert row.say("") is False and not app.query(ErrorLine)
        assert row.say("enter a whole number") is True
        await pilot.pause()
        line = app.query_one("#error-chips", ErrorLine)
        assert [w.id for w in app.screen.children] == [None, "error-chips", "after"]
        assert str(line.render()) == "✗ enter a whole number"
        assert not line.has_class("-empty")
        assert row.say("") is False
        assert line.has_class("-empty") and str(line.render()) == "", "hidden (app.tcss)"


def test_no_screen_builds_a_field_row_by_hand() -> None:
    """The label, the field and the line under them are one widget wherever they are shown."""
    sources = [*ROOT.glob("screens/**/*.py"), *ROOT.glob("tui/widgets/*.py")]
    by_hand = [path.relative_to(ROOT).as_posix() for path in sources
               if path.name != "field_row.py"
               and ('"field-row' in (text := path.read_text("utf-8")) or '"field-label"' in text)]
    assert by_hand == []
