"""Galileo Galilei's final-turns screen, played by keys (issue 15, items 1–5, 11, 12)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import App
from textual.pilot import Pilot

from lastround.screens.galileo.draw import DrawScreen
from lastround.screens.galileo.turns import TurnsScreen
from lastround.session.files import read_session
from tests.support.galileo_play import (
    THREE_PLAYERS,
    Draw,
    Table,
    draw_card,
    saved_session,
    shown_text,
)
from tests.support.helpers import make_test_app

SIZE = (80, 24)
FOUR = Table(players=("Ann", "Bea", "Cal", "Dan"), first="Ann", trigger="Ann",
             draws={1: (Draw(12, "Vega"), Draw(11, "Rigel")),
                    2: (Draw(10, "Deneb"), Draw(9, "Altair")),
                    3: (Draw(8, "Sirius"), Draw(7, "Polaris"))})


def turn_list(app: App[Any]) -> str:
    return shown_text(app.screen.query_one("#turn-list"))


async def resumed(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    assert isinstance(pilot.app.screen, TurnsScreen)


async def test_no_draw_once_every_turn_is_played(saves: Path) -> None:
    """Item 1: after "Every turn is played", d Enter Enter records nothing."""
    path = saved_session(saves, THREE_PLAYERS, "final-turns", turns_done=4)
    async with make_test_app(saves, command="resume", file=path).run_test(size=SIZE) as pilot:
        await resumed(pilot)
        assert "Every turn is played" in turn_list(pilot.app)
        await pilot.press("d")
        await pilot.pause()
        assert not isinstance(pilot.app.screen, DrawScreen)
        await pilot.press("ctrl+a", "ctrl+k", *"9", "enter", "enter")
        await pilot.pause()
    assert len(read_session(path)["draws"]) == 1  # only Ada's, made in turn 2


async def test_the_triggering_players_rest_of_turn_is_listed_and_draws_count_for_them(
    saves: Path,
) -> None:
    """Items 4 and 5: Bo emptied the deck; a gap during the rest of Bo's turn is Bo's."""
    path = saved_session(saves, THREE_PLAYERS, "final-turns")
    async with make_test_app(saves, command="resume", file=path).run_test(size=SIZE) as pilot:
        await resumed(pilot)
        assert "▶ Bo: the rest of this turn  ← now playing" in turn_list(pilot.app)
        await draw_card(pilot, Draw(box=12, card="Vega"))
        shown = shown_text(pilot.app.screen.query_one("#draw-table"))
        assert "1. rest of Bo's turn, display gap: the 8th of 12: Vega" in shown
        await pilot.press("enter")  # Bo's turn is over: Cy finishes the round
        await pilot.pause()
        assert "▶ 1. Cy  ← now playing" in turn_list(pilot.app)
        await draw_card(pilot, Draw(box=11, card="Rigel"))
        assert "2. turn 1, Cy, display gap" in shown_text(pilot.app.screen.query_one("#draw-table"))
    data = read_session(path)
    assert [(d["turn"], d["card"]) for d in data["draws"]] == [(0, "Vega"), (1, "Rigel")]
    assert data["trigger_turn_over"] is True and data["turns_done"] == 0


async def test_x_removes_the_draw_picked_and_keeps_it_in_the_file(saves: Path) -> None:
    """Item 2: a mistaken draw is removed (recorded as a removal), not erased."""
    path = saved_session(saves, FOUR, "final-turns", turns_done=3)
    async with make_test_app(saves, command="resume", file=path).run_test(size=SIZE) as pilot:
        await resumed(pilot)
        await pilot.press("home", "down", "x")  # the 2nd draw, Rigel
        await pilot.pause()
        assert "(removed: by hand)" in shown_text(pilot.app.screen.query_one("#draw-table"))
        assert "Draw 2 removed" in shown_text(pilot.app.screen.query_one("#message"))
    data = read_session(path)
    assert [d.get("removed", False) for d in data["draws"]] == [False, True, *[False] * 4]
    last = data["log"][-1]
    assert last["partial"] and last["values"]["removed_draws"] == [2]


async def test_undoing_a_turn_removes_its_draws_with_a_record(saves: Path) -> None:
    """Item 2: u leaves no draw of a turn now not played listed as if it stood."""
    path = saved_session(saves, THREE_PLAYERS, "final-turns", turns_done=1)
    async with make_test_app(saves, command="resume", file=path).run_test(size=SIZE) as pilot:
        await resumed(pilot)
        await draw_card(pilot, Draw(box=12, card="Vega"))  # turn 2, Ada's
        await pilot.press("u")
        await pilot.pause()
        assert "▶ 1. Cy  ← now playing" in turn_list(pilot.app)
        assert "(removed: turn undone)" in shown_text(pilot.app.screen.query_one("#draw-table"))
    [draw] = read_session(path)["draws"]
    assert draw["card"] == "Vega" and draw["removed"] is True


async def test_changing_the_trigger_resets_the_turns_after_confirming(saves: Path) -> None:
    """Item 3: Esc back to the trigger, pick Cy: the table confirms, the ✓ marks go."""
    path = saved_session(saves, THREE_PLAYERS, "final-turns", turns_done=2)
    async with make_test_app(saves, command="resume", file=path).run_test(size=SIZE) as pilot:
        await resumed(pilot)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("right", "enter")  # whose turn: Bo → Cy
        await pilot.pause()
        assert "marked not played" in pilot.app.export_screenshot().replace("&#160;", " ")
        await pilot.press("enter")  # make the change
        await pilot.pause()
        assert isinstance(pilot.app.screen, TurnsScreen)
        listed = turn_list(pilot.app)
        assert "✓" not in listed and "▶ Cy: the rest of this turn" in listed
    data = read_session(path)
    assert data["trigger"]["player"] == 2 and data["turns_done"] == 0
    assert data["draws"][0]["removed"] is True


async def test_six_draws_scroll_at_76_by_22(saves: Path) -> None:
    """Item 11: with 4 players and 6 draws the arrows reach draw 6 and it is shown."""
    path = saved_session(saves, FOUR, "final-turns", turns_done=3)
    async with make_test_app(saves, command="resume", file=path).run_test(size=(76, 22)) as pilot:
        await resumed(pilot)
        assert "Polaris" not in pilot.app.export_screenshot()
        await pilot.press(*["down"] * 5)
        await pilot.pause()
        assert "Polaris" in pilot.app.export_screenshot()


async def test_the_draw_count_field_has_a_placeholder_and_a_reverse_label(saves: Path) -> None:
    """Item 12: the focused count's label is marked (reverse video, seen without colour)."""
    path = saved_session(saves, THREE_PLAYERS, "final-turns", turns_done=1)
    async with make_test_app(saves, command="resume", file=path).run_test(size=SIZE) as pilot:
        await resumed(pilot)
        await pilot.press("d")
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, DrawScreen)
        row = screen.query_one("#draw-count").parent
        assert row is not None and row.has_class("-current")
        assert "how many" in shown_text(screen.query_one("#draw-count"))


async def test_every_turn_key_fits_the_footer_at_80_columns_and_f2_still_opens(
    saves: Path,
) -> None:
    """With turns ended and draws listed, the footer holds every key of the turn (Remove
    included) inside 80 columns; F2 and F3 still open their boxes from here (F1 lists them)."""
    from textual.widgets import Footer

    from lastround.screens.galileo.extras import ScoreSummaryScreen

    path = saved_session(saves, FOUR, "final-turns", turns_done=3)
    async with make_test_app(saves, command="resume", file=path).run_test(size=SIZE) as pilot:
        await resumed(pilot)
        footer = pilot.app.screen.query_one(Footer)
        keys = list(footer.query("FooterKey"))  # by type name: the class is Textual's own
        inside = [getattr(key, "description", "") for key in keys
                  if key.region.right <= footer.region.right]
        assert len(inside) == len(keys), inside
        assert {"End turn", "Back", "Gap", "Reward", "Undo", "Remove", "Help"} <= set(inside)
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(pilot.app.screen, ScoreSummaryScreen)


# The longest names the app takes (20 characters) and a long card's: no draw fits one line.
LONG_NAMES = Table(players=("Annabelle Fitzgerald", "Bartholomew Quincey", "Cal", "Dan"),
                   first="Annabelle Fitzgerald", trigger="Annabelle Fitzgerald",
                   draws={1: (Draw(12, "Great Andromeda Nebula"), Draw(11, "Rigel", "reward")),
                          2: (Draw(10, "Deneb"),)})

DRAWS_READ = ("1. turn 1, Bartholomew Quincey, display gap: the 8th of 12: Great Andromeda Nebula",
              "2. turn 1, Bartholomew Quincey, constellation reward: the 9th of 11: Rigel "
              "(removed: by hand)",
              "3. turn 2, Cal, display gap: the 6th of 10: Deneb")


def draws_as_read(app: App[Any]) -> tuple[list[str], str]:
    """The draw list's lines as shown, and its words read on from line to line."""
    lines = shown_text(app.screen.query_one("#draw-table")).splitlines()
    return lines, " ".join(" ".join(lines).split())


async def test_a_long_draw_wraps_at_a_word_within_the_window(saves: Path) -> None:
    """Each draw is read whole at 80×24, at a width between and at 76×22: a long line goes
    on below, never cut in a word or past the window."""
    path = saved_session(saves, LONG_NAMES, "final-turns", turns_done=2)
    async with make_test_app(saves, command="resume", file=path).run_test(size=SIZE) as pilot:
        await resumed(pilot)
        await pilot.press("down", "x")  # the reward's draw removed: its line grows
        await pilot.pause()
        for size in (SIZE, (100, 30), (76, 22)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            table = pilot.app.screen.query_one("#draw-table")
            lines, words = draws_as_read(pilot.app)
            assert max(len(line) for line in lines) <= table.region.width - 2, (size, lines)
            shown = DRAWS_READ if size != (76, 22) else DRAWS_READ[:2]  # the list scrolls
            assert all(draw in words for draw in shown), (size, lines)
        await pilot.press("up", "x")  # the arrows still pick a draw by its number
        await pilot.pause()
    assert [draw.get("removed", False) for draw in read_session(path)["draws"]] == [
        True, True, False]
