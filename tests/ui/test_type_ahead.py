"""Every key lands where it was typed: a whole end of game pressed with no pause at all gives
the same session file as the same keys pressed one at a time.

Keys arrive in bursts over SSH and are handled late on a busy machine. The app handles each
key to its end before the next, and keys typed while a new step is built wait for it.
"""

from __future__ import annotations

import os
from pathlib import Path

from textual.widgets import Input

from lastround.app import LastRoundApp
from lastround.screens.galileo.draw import DrawScreen
from lastround.screens.galileo.turns import TurnsScreen
from lastround.screens.history import HistoryScreen
from lastround.screens.replay import ReplayScreen
from lastround.screens.rftg.cards import CardsScreen
from lastround.session.files import read_session
from tests.support import galileo_play, rftg_play
from tests.support.helpers import make_test_app, only_session
from tests.support.history_data import copy_examples, write_toy
from tests.support.type_ahead import Recorder, burst, paste

SIZE = (80, 24)


def session_text(saves: Path) -> str:
    files = sorted(saves.glob("*.toml"))
    assert len(files) == 1, files
    return files[0].read_text()


def step_id(app: LastRoundApp) -> str:
    return app.walk.current_step.id


async def slow_and_burst(tmp_path: Path, game: str, play: object) -> tuple[str, str, list[str]]:
    """Play `game` with `play(recorder)` key by key, then press the same keys as one burst in
    a fresh app: both session files, and the keys."""
    slow, fast = tmp_path / "slow", tmp_path / "fast"
    slow.mkdir()
    fast.mkdir()
    app = make_test_app(slow, command="new", game=game)
    async with app.run_test(size=SIZE) as pilot:
        recorder = Recorder(pilot)
        await play(recorder)  # type: ignore[operator]
    app = make_test_app(fast, command="new", game=game)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, recorder.keys)
    return session_text(slow), session_text(fast), recorder.keys


async def test_a_whole_race_for_the_galaxy_end_pressed_at_once_saves_what_slow_keys_save(
    tmp_path: Path,
) -> None:
    async def play(pilot: Recorder) -> None:
        await rftg_play.play_to_breakdown(pilot, rftg_play.FOUR_PLAYERS)  # type: ignore[arg-type]
        await pilot.press("enter")  # the final scores (finished with the last count): home

    slow, fast, keys = await slow_and_burst(tmp_path, "rftg", play)
    assert 'status = "finished"' in slow and len(keys) > 150
    assert fast == slow


async def test_a_whole_galileo_end_pressed_at_once_saves_what_slow_keys_save(
    tmp_path: Path,
) -> None:
    async def play(pilot: Recorder) -> None:
        await galileo_play.play_to_breakdown(pilot, galileo_play.THREE_PLAYERS,  # type: ignore[arg-type]
                                             galileo_play.THREE_PLAYER_TURNS)
        await pilot.press("enter")

    slow, fast, keys = await slow_and_burst(tmp_path, "galileo", play)
    assert 'status = "finished"' in slow and 'card = "Andromeda Nebula"' in slow
    assert len(keys) > 50
    assert fast == slow


async def test_names_and_tabs_typed_as_one_write_land_in_their_seats(saves: Path) -> None:
    """`Ada` Tab `Bo` Tab `Cy` Enter in one write used to put `AdaBoCy` in seat 1."""
    app = make_test_app(saves, command="new", game="rftg")
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, [*"Ada", "tab", *"Bo", "tab", *"Cy", "enter"])
        assert step_id(app) == "end-check-0"
    assert [p["name"] for p in only_session(saves)["players"]] == ["Ada", "Bo", "Cy"]


async def test_keys_typed_right_after_enter_go_to_the_next_step(saves: Path) -> None:
    """Enter, then the next step's keys at once: none is lost or lands in the step left."""
    app = make_test_app(saves, command="new", game="rftg")
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, [*"Ada", "tab", *"Bo", "enter",
                            "ctrl+a", "ctrl+k", *"12", "enter",  # a new screen: the end check
                            *["space"] * 6, "enter"])    # another: the checklist
        assert isinstance(app.screen, CardsScreen) and step_id(app) == "tableau-0"
    data = only_session(saves)
    assert data["end_checks"][0]["largest_tableau"] == 12
    assert [e["step"] for e in data["log"]] == ["setup", "end-check-0", "finish-round"]


async def test_cards_searched_and_added_in_one_burst_are_each_added(saves: Path) -> None:
    """`eps` Enter `gem` Enter once made one search for `epsgem`."""
    path = rftg_play.saved_session(saves, rftg_play.FOUR_PLAYERS, upto="tableau-0")
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, [*"eps", "enter", *"gem", "enter", *"old ea", "enter"])
        assert isinstance(app.screen, CardsScreen)
        assert app.screen.cards == ["Epsilon Eridani", "Gem World", "Old Earth"]
        await burst(pilot, [*"lost", "down", "enter", "enter"])  # the 2nd suggestion, then done
        assert step_id(app) == "counts-0"
    tableau = read_session(path)["players"][0]["tableau"]
    assert tableau[:3] == ["Epsilon Eridani", "Gem World", "Old Earth"] and len(tableau) == 4


async def test_a_pasted_list_of_cards_adds_each_as_if_typed(saves: Path) -> None:
    path = rftg_play.saved_session(saves, rftg_play.FOUR_PLAYERS, upto="tableau-0")
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await paste(pilot, "Old Earth\nGem World, Mining World\n")
        screen = app.screen
        assert isinstance(screen, CardsScreen)
        assert screen.cards == ["Old Earth", "Gem World", "Mining World"]
        # The first name refused stops the list there, kept in the search with the rest.
        await paste(pilot, "Comet Zone, Zzyzx Nebula, Space Port")
        assert screen.cards == ["Old Earth", "Gem World", "Mining World", "Comet Zone"]
        assert screen.query_one("#search", Input).value == "Zzyzx Nebula, Space Port"
        assert "✗" in str(screen.query_one("#message").render())


async def test_a_draw_typed_in_one_burst_is_recorded_on_the_turn_it_was_made(
    saves: Path,
) -> None:
    """d, the count, Enter, the card, Enter and End turn at once: the draw belongs to the
    turn being played, not the next one."""
    table = galileo_play.THREE_PLAYERS
    path = galileo_play.saved_session(saves, table, "final-turns")
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, TurnsScreen)
        await burst(pilot, ["enter", "enter", "d", "ctrl+a", "ctrl+k", *"12", "enter",
                            *"Andromeda Nebula", "enter", "enter"])
        assert not isinstance(app.screen, DrawScreen)
    data = read_session(path)
    assert data["turns_done"] == 2
    assert [(d["turn"], d["card"]) for d in data["draws"]] == [(2, "Andromeda Nebula")]


async def test_history_filtered_and_opened_in_one_burst_opens_the_filtered_session(
    saves: Path,
) -> None:
    """`/`, a player's name, Enter, Enter: the replay opened is that player's session."""
    write_toy(saves, "a.toml", "2026-10-01T20:00:00Z", {"Ada": 30, "Bo": 20})
    write_toy(saves, "b.toml", "2026-10-08T20:00:00Z", {"Cy": 25, "Priya": 21})
    write_toy(saves, "c.toml", "2026-10-15T20:00:00Z", {"Ada": 40, "Cy": 35})
    app = make_test_app(saves, command="history")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        await burst(pilot, ["slash", *"priya", "enter", "enter"])
        assert isinstance(app.screen, ReplayScreen)
        assert "Priya" in app.screen.session.players


async def test_a_correction_typed_in_one_burst_corrects_what_was_typed(saves: Path) -> None:
    """c, two entries down, Enter, the new chips over the selected old ones, Enter."""
    (path, _) = copy_examples(saves)
    app = make_test_app(saves, command="replay", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await burst(pilot, ["c", "down", "down", "enter", *"30", "enter"])
        assert isinstance(app.screen, ReplayScreen)
    data = read_session(path)
    assert data["log"][-1]["correction"] and data["players"][0]["chips"] == 30


async def test_the_home_list_takes_arrows_and_enter_typed_with_the_next_step(
    saves: Path,
) -> None:
    """↓ Enter and the resumed step's keys at once: the second session opens and takes them."""
    older = rftg_play.saved_session(saves, rftg_play.FOUR_PLAYERS, upto="counts-0",
                                    name="a.toml")
    os.utime(older, (1_700_000_000, 1_700_000_000))  # listed second: newest first
    rftg_play.saved_session(saves, rftg_play.FOUR_PLAYERS, upto="counts-1", name="b.toml")
    app = make_test_app(saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await burst(pilot, ["down", "enter", *"5", "tab", *"1", "tab", *"0", "enter"])
        assert app.session is not None and app.session.path == older
        assert app.walk.current_step.id == "tableau-1"
    assert read_session(older)["players"][0]["chips"] == 5
