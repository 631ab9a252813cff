"""Pilot tests: a Race for the Galaxy end of game walked with the keys a table would press."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from textual.widgets import DataTable, Input, OptionList

from lastround.app import LastRoundApp, make_app
from lastround.records.score_command import main_score
from lastround.screens.breakdown import BreakdownScreen
from lastround.screens.checklist import ChecklistScreen
from lastround.screens.form import FormScreen
from lastround.screens.home import HomeScreen
from lastround.screens.rftg.cards import CardsScreen
from lastround.screens.setup import SetupScreen
from lastround.screens.step import StepScreen
from lastround.session.files import read_session
from lastround.session.session import Session
from tests.support.helpers import make_test_app, only_session
from tests.support.rftg_play import (
    ADA,
    BO,
    EXAMPLE,
    FOUR_PLAYERS,
    Seat,
    Table,
    message,
    pick_cards,
    play_counts,
    play_end_check,
    play_finish_round,
    play_setup,
    play_tableau,
    play_to_breakdown,
    press,
    saved_session,
    shown,
    two_players,
)

SIZE = (80, 24)
EXAMPLES = Path(__file__).resolve().parents[2] / "saves" / "examples"
EXAMPLE_NAME = "rftg-4-players.toml"

# Worked by hand from /work/shared/rules/rftg-six-dev-formulas.md (2nd edition):
#
# Ada: printed VP Old Earth 2 + Investment Credits 1 + Research Labs 2 + Galactic Federation 0
#   + Galactic Renaissance 0 + Public Works 1 + Diversified Economy 2 + Artist Colony 1
#   + Galactic Trendsetters 3 + Expedition Force 1 + Consumer Markets 3 + Interstellar Bank 1 = 17.
#   Galactic Federation: 2 six-cost developments (itself, Galactic Renaissance) × 2 = 4, plus
#   7 other developments (Investment Credits, Research Labs, Public Works, Diversified Economy,
#   Expedition Force, Consumer Markets, Interstellar Bank) × 1 = 7: 11.
#   Galactic Renaissance: 9 chips ÷ 3 = 3, plus Research Labs, Galactic Trendsetters and
#   Artist Colony × 3 = 9: 12.  Total 17 + 9 chips + 11 + 12 = 49.
# Bo: printed VP New Sparta 1 + Space Marines 1 + Rebel Outpost 5 + Drop Ships 2 + New Galactic
#   Order 0 + Rebel Warrior Race 2 + Lost Alien Warship 3 + Former Penal Colony 1 + Pirate World 2
#   + Rebel Underground 4 + Contact Specialist 1 = 22.
#   New Galactic Order, unconditional Military: New Sparta +2, Space Marines +2, Rebel Outpost +1,
#   Drop Ships +3, New Galactic Order +2, Rebel Warrior Race +1, Lost Alien Warship +2,
#   Former Penal Colony +1, Contact Specialist −1 = 13.  Total 22 + 10 chips + 13 = 45.
# Cy: printed VP 1 + 1 + 2 + 2 + 3 + 2 + 0 + 1 + 1 + 1 = 14; Merchant Guild: 7 production worlds
#   (Earth's Lost Colony, Gem World, Comet Zone, Mining World, Lost Species Ark World,
#   Distant World, New Vinland) × 2 = 14, plus 3 goods × 1 (2nd edition) = 17.
#   Total 14 + 16 chips + 17 = 47.
# Dee (quick entry): 24 + 11 chips + 9 = 44.
BY_HAND = {
    "Ada": {"tableau": 17, "chips": 9, "bonus": 11 + 12},
    "Bo": {"tableau": 22, "chips": 10, "bonus": 13},
    "Cy": {"tableau": 14, "chips": 16, "bonus": 17},
    "Dee": {"tableau": 24, "chips": 11, "bonus": 9},
}


def new_rftg(saves: Path) -> LastRoundApp:
    return make_test_app(saves, command="new", game="rftg")


def step_id(app: LastRoundApp) -> str:
    screen = app.screen
    assert isinstance(screen, StepScreen), screen
    return screen.step.id


def listed(app: LastRoundApp) -> list[str]:
    screen = app.screen
    assert isinstance(screen, CardsScreen)
    return list(screen.cards)


def suggestions(app: LastRoundApp) -> list[str]:
    options = app.screen.query_one("#suggestions", OptionList)
    return [str(options.get_option_at_index(i).id) for i in range(options.option_count)]


def score_rows(text: str, names: list[str]) -> dict[str, int]:
    """Each player's total as the breakdown's score table shows it."""
    totals = {}
    for line in text.splitlines():
        cells = line.split()
        if cells and cells[0] in names:
            totals[cells[0]] = int(cells[-2])
    return totals


# --- the example file ------------------------------------------------------------------------


def ticking_clock(start: datetime, step: timedelta = timedelta(minutes=3)) -> Callable[[], str]:
    """A clock that moves on by `step` each time it is read, so the log reads like an evening."""
    ticks = itertools.count()
    return lambda: (start + step * next(ticks)).strftime("%Y-%m-%dT%H:%M:%SZ")


async def write_example(folder: Path) -> Path:
    """Play EXAMPLE through the app into `folder` and name the file EXAMPLE_NAME.

    Run once to refresh saves/examples:
    .venv/bin/python -c "import asyncio, pathlib; from tests.ui.test_rftg_flow import
    write_example; asyncio.run(write_example(pathlib.Path('saves/examples')))"
    """
    folder.mkdir(parents=True, exist_ok=True)
    clock = ticking_clock(datetime(2026, 11, 27, 21, 52, tzinfo=UTC))
    app = make_app(folder, clock=clock, seed=4812, command="new", game="rftg")
    async with app.run_test(size=SIZE) as pilot:
        await play_to_breakdown(pilot, EXAMPLE)
        assert isinstance(app.screen, BreakdownScreen)
        written = app.screen.session.path
        await press(pilot, "enter")
        assert isinstance(app.screen, HomeScreen)
    assert written is not None
    return written.replace(folder / EXAMPLE_NAME)


def test_the_rftg_example_is_there_and_scores(capsys: pytest.CaptureFixture[str]) -> None:
    """Luis 16 + 12 chips + Free Trade Association 15 + Galactic Renaissance 10 = 53 beats
    Jonas 14 + 15 chips + Galactic Federation 9 + New Economy 14 = 52."""
    path = EXAMPLES / EXAMPLE_NAME
    data = read_session(path)
    assert data["status"] == "finished" and data["game"] == "rftg"
    assert sum(p["chips"] for p in data["players"]) == 49  # one beyond the pool of 48
    assert all(10 <= len(p["tableau"]) <= 13 and p["hand"] <= 10 for p in data["players"])
    assert main_score(path, as_json=True) == 0
    result = json.loads(capsys.readouterr().out)
    assert {p["name"]: p["total"] for p in result["players"]} == {
        "Maya": 46, "Jonas": 52, "Priya": 39, "Luis": 53}
    assert result["winners"] == ["Luis"] and result["decided_by"] == "score"


async def test_the_rftg_example_is_what_the_app_writes_today(tmp_path: Path) -> None:
    written = await write_example(tmp_path / "examples")
    assert read_session(written) == read_session(EXAMPLES / EXAMPLE_NAME)


# --- a whole end of game ---------------------------------------------------------------------


async def test_a_four_player_game_from_a_cold_start_to_a_saved_finished_file(
    saves: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    app = new_rftg(saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await play_setup(pilot, FOUR_PLAYERS)
        assert isinstance(app.screen, FormScreen) and step_id(app) == "end-check-0"
        assert "The pool started with 48 chips." in shown(app, ".step-text")
        await play_end_check(pilot, 12)
        assert isinstance(app.screen, ChecklistScreen)
        assert "The game ends at the end of this round: a tableau has 12 cards" in shown(
            app, ".step-text")
        await play_finish_round(pilot)
        for index, seat in enumerate(FOUR_PLAYERS.seats):
            assert isinstance(app.screen, CardsScreen) and step_id(app) == f"tableau-{index}"
            await play_tableau(pilot, seat)
            assert step_id(app) == f"counts-{index}"
            await play_counts(pilot, seat)
        assert isinstance(app.screen, BreakdownScreen)
        shown_result = app.screen.session.score()
        table_text, winner = shown(app, "#scores"), shown(app, "#winner")
        details = shown(app, "#details")
        path = app.screen.session.path
        await press(pilot, "enter")
        assert isinstance(app.screen, HomeScreen)
        assert "★ Ada" in str(app.screen.query_one(DataTable).get_row_at(0))
    assert path is not None

    on_screen = {p.name: p.total for p in shown_result.players}
    assert score_rows(table_text, FOUR_PLAYERS.names) == on_screen
    assert "★ Ada wins" in winner
    assert "Galactic Federation: 2 six-cost developments × 2, 7 other developments × 1" in " ".join(
        details.split())

    assert main_score(path, as_json=True) == 0
    scored = json.loads(capsys.readouterr().out)
    assert {p["name"]: p["total"] for p in scored["players"]} == on_screen
    assert {p["name"]: p["parts"] for p in scored["players"]} == BY_HAND
    assert on_screen == {"Ada": 49, "Bo": 45, "Cy": 47, "Dee": 44}
    assert scored["winners"] == ["Ada"] and scored["decided_by"] == "score"

    data = read_session(path)
    assert data["status"] == "finished" and data["edition"] == "2nd"
    assert [p.get("tableau") for p in data["players"][:3]] == [
        list(ADA.cards), list(BO.cards), list(FOUR_PLAYERS.seats[2].cards)]
    assert data["players"][3]["tableau_vp"] == 24 and data["players"][3]["bonus_vp"] == 9
    assert "tableau" not in data["players"][3]
    assert data["end_checks"] == [
        {"largest_tableau": 12, "pool_exhausted": False, "mid_consume": False, "ends": True}]
    assert [entry["step"] for entry in data["log"]] == [
        "setup", "end-check-0", "finish-round",
        "tableau-0", "counts-0", "tableau-1", "counts-1", "tableau-2", "counts-2",
        "tableau-3", "counts-3", "breakdown"]
    assert data["log"][-1]["values"]["totals"] == on_screen


# --- the end check ---------------------------------------------------------------------------


async def test_a_game_that_goes_on_goes_home_and_reopens_at_the_next_end_check(
    saves: Path,
) -> None:
    app = new_rftg(saves)
    async with app.run_test(size=SIZE) as pilot:
        await play_setup(pilot, two_players((3, 2), (4, 0)))
        await play_end_check(pilot, 9)
        assert isinstance(app.screen, HomeScreen)
        assert "in progress" in str(app.screen.query_one(DataTable).get_row_at(0))
        data = only_session(saves)
        assert data["status"] == "in-progress"
        assert data["end_checks"] == [
            {"largest_tableau": 9, "pool_exhausted": False, "mid_consume": False, "ends": False}]

        await press(pilot, "enter")  # reopen from the home list
        assert isinstance(app.screen, FormScreen) and step_id(app) == "end-check-1"
        assert shown(app, ".step-text").startswith("Check 2: at the last check the game went on.")
        assert app.screen.query_one("#field-largest_tableau", Input).value == "9"
        await play_end_check(pilot, 11)  # still no trigger: home again
        assert isinstance(app.screen, HomeScreen)
    path = sorted(saves.glob("*.toml"))[0]
    assert len(read_session(path)["end_checks"]) == 2

    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert step_id(app) == "end-check-2"
        assert shown(app, ".step-text").startswith("Check 3:")
        await play_end_check(pilot, 11, pool_exhausted=True, mid_consume=True)
        assert isinstance(app.screen, ChecklistScreen)
        verdict = " ".join(shown(app, ".step-text").split())
        assert "the VP chip pool is empty" in verdict and "extra chips" in verdict
    assert read_session(path)["end_checks"][-1]["ends"] is True


# --- the card picker -------------------------------------------------------------------------


async def test_the_picker_refuses_an_unknown_card_and_names_the_closest(saves: Path) -> None:
    path = saved_session(saves, FOUR_PLAYERS, upto="tableau-0")
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert step_id(app) == "tableau-0"
        # An expansion card: Enter names its box and adds nothing; the list holds guesses.
        await press(pilot, *"Terraforming Engineers", "enter", "enter")
        assert listed(app) == []
        assert message(app).startswith(
            "✗ Terraforming Engineers belongs to The Brink of War, which is not in this game: "
            "Enter adds nothing.")
        assert suggestions(app) == ["Terraforming Robots"]
        # Letters that spell no card at all and nothing close.
        await press(pilot, "home", "ctrl+k", *"xyzzy", "enter")
        assert message(app) == '✗ "xyzzy" is not a base-game card'
        assert suggestions(app) == [] and listed(app) == []
        # A misspelling: refused with the closest names; ↓ ↑ choose, and Enter takes the choice.
        await press(pilot, "home", "ctrl+k", *"gem wrold", "enter")
        assert "did you mean Gem World" in message(app) and listed(app) == []
        assert suggestions(app)[0] == "Gem World"
        await press(pilot, "down", "up", "enter")
        assert listed(app) == ["Gem World"] and message(app) == ""
        # Punctuation alone lists nothing (it once listed the alphabet's first cards).
        await press(pilot, *"--", "enter")
        assert suggestions(app) == [] and listed(app) == ["Gem World"]
        assert "not a base-game card" in message(app)
    assert "tableau" not in read_session(path)["players"][0]


async def test_the_picker_refuses_more_copies_than_the_deck_holds(saves: Path) -> None:
    path = saved_session(saves, FOUR_PLAYERS, upto="tableau-1")  # Ada's tableau is confirmed
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert step_id(app) == "tableau-1"
        # Galactic Federation: one copy, already in Ada's tableau.
        await press(pilot, *"gal fed", "enter")
        assert listed(app) == []
        assert message(app) == ("✗ Galactic Federation: the deck has 1 copy but 2 are listed "
                                "(other tableaux 1, this tableau 1)")
        # Public Works: two copies, Ada has one, so Bo may list one.
        await press(pilot, "home", "ctrl+k", *"pub", "enter")
        assert listed(app) == ["Public Works"] and message(app) == ""
        # A second one in this tableau: one copy of a development a tableau (issue 15, 17).
        await press(pilot, *"pub", "enter")
        assert "Public Works is listed twice" in message(app)
        # New Galactic Order twice in one tableau.
        await press(pilot, "home", "ctrl+k", *"new gal", "enter", *"new gal", "enter")
        assert listed(app) == ["Public Works", "New Galactic Order"]
        assert "New Galactic Order is listed twice" in message(app)
        # Ctrl+R takes the last card off; the refused card was never added.
        await press(pilot, "ctrl+r")
        assert listed(app) == ["Public Works"] and message(app) == ""


async def test_quick_entry_and_back_keeps_the_list_and_names_the_mode_in_the_footer(
    saves: Path,
) -> None:
    path = saved_session(saves, FOUR_PLAYERS, upto="tableau-0")
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pick_cards(pilot, ["Old Earth", "Gem World"])

        def footer() -> set[str]:
            return {b.binding.description for b in app.screen.active_bindings.values()
                    if b.binding.show}

        # Tab into the list to remove any card (Ctrl+R, out of the footer, still takes the last).
        assert {"Edit list", "Quick entry"} <= footer() and "List cards" not in footer()
        assert not app.screen.query("#field-tableau_vp"), "quick entry is built on first use"
        await press(pilot, "ctrl+t")
        assert "List cards" in footer() and not {"Edit list", "Quick entry"} & footer()
        assert app.focused is app.screen.query_one("#field-tableau_vp", Input)
        await press(pilot, "ctrl+r")  # does nothing in quick entry
        await press(pilot, "ctrl+t")
        assert listed(app) == ["Old Earth", "Gem World"]
        await press(pilot, "ctrl+t", *"18", "tab", *"4", "enter")
        assert step_id(app) == "counts-0"
    player = read_session(path)["players"][0]
    assert (player["tableau_vp"], player["bonus_vp"]) == (18, 4) and "tableau" not in player


# --- ties ------------------------------------------------------------------------------------


async def test_a_tie_on_vp_is_broken_by_hand_plus_goods(saves: Path) -> None:
    """Ada 20 + 14 chips + 6 = 40; Bo 2 + 7 + 6 + 5 + 5 + 2 + 13 chips = 40.
    Ada 3 in hand + 2 goods = 5 beats Bo 4 + 0 = 4."""
    app = new_rftg(saves)
    async with app.run_test(size=SIZE) as pilot:
        await play_to_breakdown(pilot, two_players((3, 2), (4, 0)))
        assert isinstance(app.screen, BreakdownScreen)
        assert shown(app, "#winner").strip() == "★ Ada wins on the tie-break"
        explained = " ".join(shown(app, "#tiebreak").split())
        assert "Ada and Bo tie on 40 VP." in explained
        assert "Ada 3 + 2 = 5, Bo 4 + 0 = 4. Ada wins." in explained
        result = app.screen.session.score()
        await press(pilot, "enter")
    assert result.winners == ("Ada",) and result.decided_by == "tiebreak"
    assert only_session(saves)["log"][-1]["values"]["winners"] == ["Ada"]


async def test_a_tie_on_hand_plus_goods_too_is_a_shared_victory(saves: Path) -> None:
    app = new_rftg(saves)
    async with app.run_test(size=SIZE) as pilot:
        await play_to_breakdown(pilot, two_players((3, 1), (4, 0)))
        assert shown(app, "#winner").strip() == "★ Ada and Bo share the victory"
        explained = " ".join(shown(app, "#tiebreak").split())
        assert "Ada 3 + 1 = 4, Bo 4 + 0 = 4." in explained
        assert "Still tied, so Ada and Bo share the victory." in explained
        rows = [line.split() for line in shown(app, "#scores").splitlines()[1:] if line.strip()]
        assert [(row[0], row[-2], row[-1]) for row in rows] == [
            ("Ada", "40", "1"), ("Bo", "40", "1")]
        await press(pilot, "enter")
    assert only_session(saves)["log"][-1]["values"]["winners"] == ["Ada", "Bo"]


# --- going back and coming back --------------------------------------------------------------


async def test_escape_from_a_tableau_goes_back_with_the_cards_kept(saves: Path) -> None:
    path = saved_session(saves, FOUR_PLAYERS, upto="tableau-0")
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pick_cards(pilot, ADA.cards[:3])
        await press(pilot, "escape")
        assert isinstance(app.screen, ChecklistScreen)  # finish-round, already ticked
        await press(pilot, "enter")
        assert step_id(app) == "tableau-0" and listed(app) == list(ADA.cards[:3])
        await pick_cards(pilot, ADA.cards[3:])
        await press(pilot, "enter")
        assert step_id(app) == "counts-0"
        await press(pilot, "escape")
        assert step_id(app) == "tableau-0" and listed(app) == list(ADA.cards)
        await press(pilot, "enter")
        await play_counts(pilot, ADA)
        assert step_id(app) == "tableau-1"
        await pick_cards(pilot, BO.cards[:2])
        await press(pilot, "escape", "escape")  # to counts-0, then Ada's tableau again
        assert step_id(app) == "tableau-0" and listed(app) == list(ADA.cards)
        await press(pilot, "enter", "enter")
        assert step_id(app) == "tableau-1" and listed(app) == list(BO.cards[:2])
    session = Session(read_session(path), path)
    assert session.steps()[session.resume_index()].id == "tableau-1"  # Bo's list is progress


async def test_resuming_a_half_done_session_lands_at_the_first_unconfirmed_step(
    saves: Path,
) -> None:
    app = new_rftg(saves)
    async with app.run_test(size=SIZE) as pilot:
        await play_setup(pilot, FOUR_PLAYERS)
        await play_end_check(pilot, 12)
        await play_finish_round(pilot)
        await play_tableau(pilot, ADA)
        await play_counts(pilot, ADA)
        assert step_id(app) == "tableau-1"
        await press(pilot, "ctrl+q")
    assert not app.is_running

    app = make_test_app(saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "in progress" in str(app.screen.query_one(DataTable).get_row_at(0))
        await press(pilot, "enter")
        assert isinstance(app.screen, CardsScreen) and step_id(app) == "tableau-1"
        assert listed(app) == []
        await press(pilot, "escape")  # the step before is Ada's counts, as entered
        assert isinstance(app.screen, FormScreen) and step_id(app) == "counts-0"
        assert app.screen.query_one("#field-chips", Input).value == str(ADA.chips)
        await press(pilot, "escape")
        assert listed(app) == list(ADA.cards)


# --- the edition ------------------------------------------------------------------------------


@pytest.mark.parametrize(("edition", "bmtw_vp", "guild"), [("1st", 2, 2), ("2nd", 1, 2 + 3)])
async def test_the_edition_chosen_at_setup_changes_what_cards_score(
    saves: Path, edition: str, bmtw_vp: int, guild: int
) -> None:
    """Black Market Trading World prints 2 VP in the 1st edition, 1 in the 2nd; Merchant Guild
    adds 1 per good (3 here) only in the 2nd, on top of 2 per production world (Gem World)."""
    ada = Seat("Ada", cards=("Old Earth", "Black Market Trading World", "Gem World",
                             "Merchant Guild"), chips=10, hand=2, goods=3)
    table = Table(seats=(ada, Seat("Bo", totals=(20, 0), chips=8)), edition=edition)
    app = new_rftg(saves)
    async with app.run_test(size=SIZE) as pilot:
        await play_setup(pilot, table)
        await play_end_check(pilot, 12)
        await play_finish_round(pilot)
        await press(pilot, *"bmtw")
        assert str(app.screen.query_one(OptionList).get_option_at_index(0).prompt) == (
            f"▶ Black Market Trading World  (world, {bmtw_vp} VP)")
        await press(pilot, "home", "ctrl+k")
        await play_tableau(pilot, ada)
        await play_counts(pilot, ada)
        await play_tableau(pilot, table.seats[1])
        await play_counts(pilot, table.seats[1])
        assert isinstance(app.screen, BreakdownScreen)
        details = " ".join(shown(app, "#details").split())
        ada_score = app.screen.session.score().players[0]
    assert f"Black Market Trading World {bmtw_vp}" in details
    assert ada_score.parts == {"tableau": 2 + bmtw_vp + 1, "chips": 10, "bonus": guild}
    assert only_session(saves)["edition"] == edition
