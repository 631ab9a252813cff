"""The player's screens at a phone's size (41×40: a phone held upright, the page's 16-pixel
font): what is typed comes back ready to go on with, and nothing stands empty on the screen."""

from __future__ import annotations

from pathlib import Path

from textual import events
from textual.widgets import Footer, Input, OptionList

from lastround.screens.join_steps import JoinFormScreen
from lastround.screens.rftg.cards_join import JoinCardsScreen
from lastround.shell.join_app import JoinApp
from tests.support.join_play import Host, on_step, shown, take_seat, until
from tests.support.rftg_play import letters_for
from tests.support.table_sessions import ready_for_seats

PHONE = (41, 40)


async def test_a_draft_that_comes_back_is_typed_on_after_not_replaced(tmp_path: Path) -> None:
    """The search typed before a dropped link comes back with the cursor at its end and
    nothing selected: the next letter goes on after it (it replaced the whole search)."""
    host = Host(ready_for_seats("rftg", tmp_path))
    first = JoinApp(tmp_path)
    async with first.run_test(size=PHONE) as pilot:
        await take_seat(pilot, first, 0)
        await pilot.press(*letters_for("Alpha Centauri"), "enter", *"min")
    again = JoinApp(tmp_path)
    async with again.run_test(size=PHONE) as pilot:
        await take_seat(pilot, again, 0)
        assert isinstance(again.screen, JoinCardsScreen)
        search = again.screen.query_one("#search", Input)
        assert search.has_focus and search.value == "min"
        assert search.selection.is_empty and search.cursor_position == 3
        await pilot.press("i")
        assert shown(again, "#search") == "mini"
    host.leave()


async def test_a_number_that_comes_back_is_typed_on_after(tmp_path: Path) -> None:
    """Every field typed in: the last one typed is where the typing goes on, after its text."""
    host = Host(ready_for_seats("rftg", tmp_path))
    first = JoinApp(tmp_path)
    async with first.run_test(size=PHONE) as pilot:
        await take_seat(pilot, first, 0)
        await pilot.press(*letters_for("Alpha Centauri"), "enter", "enter")
        await until(pilot, lambda: on_step(first, "counts-0"), "the counts", host)
        await pilot.press("1", "enter", "2", "enter", "3")
        await until(pilot, lambda: getattr(first.screen.focused, "value", "") == "3", "typed")
    again = JoinApp(tmp_path)
    async with again.run_test(size=PHONE) as pilot:
        await take_seat(pilot, again, 0)
        await until(pilot, lambda: on_step(again, "counts-0"), "the counts again", host)
        assert isinstance(again.screen, JoinFormScreen)
        field = again.screen.focused
        assert isinstance(field, Input) and field.id == "field-goods" and field.value == "3"
        assert field.selection.is_empty and field.cursor_position == 1
        await pilot.press("4")
        assert field.value == "34"
    host.leave()


async def test_the_suggestions_take_no_room_while_they_have_nothing(tmp_path: Path) -> None:
    """Under the empty search, nothing: no empty box (it showed three grey lines). The
    suggestions show as soon as a letter finds a card, and go again once the search is
    emptied."""
    host = Host(ready_for_seats("rftg", tmp_path))
    app = JoinApp(tmp_path)
    async with app.run_test(size=PHONE) as pilot:
        await take_seat(pilot, app, 0)
        suggestions = app.screen.query_one("#suggestions", OptionList)

        async def rows_shown() -> int:
            await pilot.pause()
            return suggestions.region.height

        assert suggestions.option_count == 0 and await rows_shown() == 0
        await pilot.press(*"alp")
        assert suggestions.option_count and await rows_shown() == 3
        await pilot.press(*["backspace"] * 3)
        assert await rows_shown() == 0
    host.leave()


async def test_a_paste_too_long_is_refused_in_words_read_whole(tmp_path: Path) -> None:
    """The refusal wraps whole above the footer at a phone's widths (at 43 columns its last
    line, "10,000).", was under the footer: the toast was measured for a width it was not
    drawn at)."""
    host = Host(ready_for_seats("rftg", tmp_path))
    for width in (35, 41, 43, 47):
        app = JoinApp(tmp_path)
        async with app.run_test(size=(width, 40), notifications=True) as pilot:
            await take_seat(pilot, app, 1)
            app.post_message(events.Paste("Alpha Centauri\n" * 1000))
            await until(pilot, lambda: bool(pilot.app.screen.query("Toast")), "the refusal")
            await pilot.pause()
            toast, footer = app.screen.query_one("Toast"), app.screen.query_one(Footer)
            assert toast.region.bottom <= footer.region.y, (width, toast.region)
            assert "10,000)." in app.export_screenshot(), width
    host.leave()
