"""Pilot tests: Galileo's final scoring form grouped as the player board, with running totals,
the components' limits, a second Enter for an unusual multiplier, and Bruno's cellar at setup
(issue 15, items 6–10 and 32)."""

from __future__ import annotations

import time
import tomllib
from pathlib import Path

from textual.widgets import Static

from lastround.app import LastRoundApp
from lastround.screens.breakdown import BreakdownScreen
from lastround.screens.form import FormScreen
from lastround.session.files import write_session
from lastround.session.session import Session
from tests.support.galileo_play import (
    TAB_LIMIT,
    THREE_PLAYERS,
    Table,
    saved_session,
    set_field,
    shown_text,
)
from tests.support.helpers import FIXED_TIME, make_test_app, only_session

ADA_FORM = "scores-0"


def opened_at(saves: Path, stop_at: str, table: Table = THREE_PLAYERS) -> LastRoundApp:
    return make_test_app(saves, command="resume", file=saved_session(saves, table, stop_at))


def text_of(app: LastRoundApp, selector: str) -> str:
    return " ".join(shown_text(app.screen.query_one(selector, Static)).split())


def message(app: LastRoundApp) -> str:
    return text_of(app, "#message")


async def test_the_form_is_grouped_as_the_player_board(saves: Path) -> None:
    app = opened_at(saves, ADA_FORM)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        headings = [" ".join(shown_text(h).split())
                    for h in app.screen.query(".group-heading").results(Static)]
        names = [h.split(" ·")[0] for h in headings]
        assert names == ["Score track", "University", "Cellar", "Tribunal", "Tie-breaks"]


async def test_the_running_total_follows_what_is_typed(saves: Path) -> None:
    app = opened_at(saves, ADA_FORM)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await set_field(pilot, "track_position", 62)
        await set_field(pilot, "met_1", 3)
        await set_field(pilot, "row_1", 2)
        await set_field(pilot, "cellar_1", 1)
        await set_field(pilot, "tribunal", 4)
        await pilot.pause()
        total = text_of(app, "#running-total")
        assert "Ada so far" in total and "= 64" in total, total  # 62 + 6 − 8 + 4
        assert "University · 6 VP" in text_of(app, "#group-university")
        assert "Cellar · -8 VP" in text_of(app, "#group-cellar")
        await set_field(pilot, "flipped", True)
        await pilot.pause()
        assert "= 164" in text_of(app, "#running-total")


async def test_a_keystroke_on_the_form_stays_quick(saves: Path) -> None:
    """Each keystroke re-totals a copy of the session: that must not slow typing down."""
    app = opened_at(saves, ADA_FORM)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, FormScreen)
        start = time.perf_counter()
        for _ in range(20):
            screen.show_running_total()
        per_total = (time.perf_counter() - start) / 20
        keys = list("1234567") * 3
        start = time.perf_counter()
        for key in keys:
            await pilot.press(key)
        await pilot.pause()
        per_key = (time.perf_counter() - start) / len(keys)
        print(f"\nscores form: {per_key * 1000:.1f} ms a keystroke (Pilot), "
              f"{per_total * 1000:.1f} ms of it the running total")
        assert per_total < 0.02


async def test_more_inquisitors_than_the_game_has_are_refused_at_the_field(saves: Path) -> None:
    app = opened_at(saves, ADA_FORM)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await set_field(pilot, "cellar_1", 40)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, FormScreen) and app.screen.step.id == ADA_FORM
        assert "33" in message(app)
        assert "33" in text_of(app, "#error-cellar_1")


async def test_a_dice_total_no_game_can_have_is_refused(saves: Path) -> None:
    app = opened_at(saves, ADA_FORM)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await set_field(pilot, "dice", 999)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.step.id == ADA_FORM  # type: ignore[attr-defined]
        assert "180" in text_of(app, "#error-dice")


async def test_an_unusual_multiplier_asks_for_a_second_enter(saves: Path) -> None:
    app = opened_at(saves, ADA_FORM)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await set_field(pilot, "met_1", 2)
        await set_field(pilot, "row_1", 7)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.step.id == ADA_FORM  # type: ignore[attr-defined]
        assert "row multiplier: 7 is above any seen (4): Enter again to keep it" in message(app)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.step.id == "scores-1"  # type: ignore[attr-defined]
    assert only_session(saves)["players"][0]["university"][0]["multiplier"] == 7


async def test_bruno_s_cellar_is_chosen_at_setup(saves: Path) -> None:
    app = make_test_app(saves, command="new", game="galileo")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*"Ada", "tab", *"Bo")
        await set_field(pilot, "cellar", "Bruno's tile")
        await set_field(pilot, "cellar_values", "-6 -3 -1 +1 +2")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.step.id == "table"  # type: ignore[attr-defined]
    assert only_session(saves)["cellar_values"] == [-6, -3, -1, 1, 2]


async def test_the_summary_shows_bruno_s_cellar_signed(saves: Path) -> None:
    session = Session.new("galileo", seed=1, created=FIXED_TIME)
    session.confirm(session.steps()[0], {"players": ["Ada", "Bo"], "luna": False,
                                         "cellar": "Bruno's tile",
                                         "cellar_values": "-6 -3 -1 +1 +2"}, at=FIXED_TIME)
    path = saves / "bruno.toml"
    write_session(path, session.data)
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        assert "-6 / -3 / -1 / +1 / +2" in text_of(app, "#summary-table")


async def test_the_breakdown_says_to_flip_the_score_token(saves: Path) -> None:
    table = Table(players=("Ada", "Bo"), first="Ada", trigger="Bo",
                  scores=({"track_position": 95, "tribunal": 8}, {"track_position": 40}))
    app = opened_at(saves, "breakdown", table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, BreakdownScreen)
        assert "flip your Score token" in text_of(app, "#details")



def with_bruno_s_cellar(path: Path) -> Path:
    """The session file with Bruno's five-space cellar."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    data["cellar_values"] = [-6, -3, -1, 1, 2]
    write_session(path, data)
    return path


async def test_tab_to_farewell_scrolls_it_above_the_running_total(saves: Path) -> None:
    """With a five-space cellar at 80×24, Tab from cellar space 5 focused Farewell behind the
    running total docked under the fields: a typed 1 showed nothing."""
    path = with_bruno_s_cellar(saved_session(saves, THREE_PLAYERS, ADA_FORM))
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(TAB_LIMIT):
            if app.focused is not None and app.focused.id == "field-farewell":
                break
            await pilot.press("tab")
        await pilot.press("1")
        await pilot.pause()
        farewell = app.screen.query_one("#field-farewell")
        total = app.screen.query_one("#running-total")
        assert app.focused is farewell
        assert not farewell.region.overlaps(total.region)
        assert farewell.region.y >= app.screen.query_one(".step-body").region.y
