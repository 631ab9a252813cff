"""`lastround join`: a player at a table enters their own steps from their own terminal.

The host is simulated (tests/support/join_play.py): it takes each offer by the same rules as the
host's app, saves, then answers. Most of these run at 40×16, a phone held upright, with
only letters, digits, arrows, Enter and Backspace.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from lastround.screens.help import NO_HELP, HelpScreen
from lastround.screens.join import NO_TABLE, SeatScreen, TablesScreen
from lastround.screens.join_steps import JoinFormScreen
from lastround.screens.join_wait import DoneScreen, WaitScreen
from lastround.screens.rftg.cards_join import JoinCardsScreen
from lastround.session.files import read_session
from lastround.session.table import Answer, Table
from lastround.shell.join_app import HOST_AWAY, SENT, JoinApp
from tests.support.join_play import (
    NARROW,
    WIDE,
    Host,
    before_the_round_is_finished,
    done,
    message,
    on_step,
    shown,
    take_seat,
    until,
)
from tests.support.rftg_play import letters_for
from tests.support.table_sessions import ready_for_seats, seat_entries

RFTG = seat_entries("rftg")
GALILEO = seat_entries("galileo")
MAYA_CARDS = RFTG[0][0][1]["tableau"]


def logged(path: Path, step_id: str) -> dict[str, object]:
    return next(e for e in read_session(path)["log"] if e["step"] == step_id)


async def test_a_player_finds_the_table_once_it_opens_and_claims_a_seat(tmp_path: Path) -> None:
    """"Join a table" lists nothing until the host opens one (it looks again by itself),
    then the game, the players and the file; the seats in order; Jonas's own tableau."""
    path = ready_for_seats("rftg", tmp_path)
    app = JoinApp(tmp_path)
    async with app.run_test(size=NARROW) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TablesScreen)
                    and shown(app, "#tables-hint") == NO_TABLE, "no table open yet")
        host = Host(path)
        await until(pilot, lambda: "rftg-table.toml" in shown(app, "#tables"), "the table")
        assert shown(app, "#tables") == (
            "1. Race for the Galaxy · Maya, Jonas, Priya, Luis · rftg-table.toml")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, SeatScreen)
                    and shown(app, "#seats") == "1. Maya\n2. Jonas\n3. Priya\n4. Luis", "the seats")
        await pilot.press("down", "enter")
        await until(pilot, lambda: on_step(app, "tableau-1"), "Jonas's tableau")
        assert isinstance(app.screen, JoinCardsScreen)
        assert Table(path).held(1)
    assert not Table(path).held(1), "the seat is let go when the app ends"
    host.leave()


async def test_a_phone_picks_the_table_and_the_seat_by_their_numbers(tmp_path: Path) -> None:
    """A phone's keyboard has digits but no arrows: a row's number picks it (a number past
    the rows does nothing)."""
    path = ready_for_seats("rftg", tmp_path)
    host = Host(path)
    app = JoinApp(tmp_path)
    async with app.run_test(size=NARROW) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TablesScreen)
                    and bool(app.screen.tables), "the table")
        await pilot.press("1")
        await until(pilot, lambda: isinstance(app.screen, SeatScreen)
                    and len(app.screen.players) == 4, "the seats")
        await pilot.press("5", "3")
        await until(pilot, lambda: on_step(app, "tableau-2"), "Priya's tableau")
        assert app.seat is not None and app.seat.number == 2 and Table(path).held(2)
    host.leave()


async def test_a_taken_seat_is_refused_and_the_player_picks_again(tmp_path: Path) -> None:
    path = ready_for_seats("rftg", tmp_path)
    host = Host(path)
    other_terminal = Table(path).claim(0)
    app = JoinApp(tmp_path)
    async with app.run_test(size=NARROW) as pilot:
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, SeatScreen)
                    and shown(app, "#seats").startswith("1. Maya (taken)\n2. Jonas\n"), "the seats")
        await pilot.press("enter")
        await until(pilot, lambda: "another terminal holds this seat" in shown(
            app, "#seat-message"), "the refusal")
        assert isinstance(app.screen, SeatScreen) and app.seat is None
        assert shown(app, "#seat-message").startswith("✗ Maya: ")
        await pilot.press("backspace")
        await until(pilot, lambda: isinstance(app.screen, TablesScreen), "back to the tables")
    other_terminal.release()
    host.leave()


async def test_a_second_terminal_cant_take_a_seat_the_first_holds(tmp_path: Path) -> None:
    path = ready_for_seats("rftg", tmp_path)
    host = Host(path)
    first, second = JoinApp(tmp_path), JoinApp(tmp_path)
    async with first.run_test(size=NARROW) as pilot:
        await take_seat(pilot, first, 2)
        async with second.run_test(size=NARROW) as other:
            await other.press("enter")
            await until(other, lambda: "Priya (taken)" in shown(second, "#seats"), "taken")
            await other.press("down", "down", "enter")
            await until(other, lambda: "another terminal" in shown(second, "#seat-message"),
                        "the refusal")
            assert second.seat is None and on_step(first, "tableau-2")
    host.leave()


async def test_a_tableau_and_the_counts_are_typed_and_entered(tmp_path: Path) -> None:
    """Cards by name, Backspace on the empty search takes a wrong one off, Enter sends; the
    host enters it; the counts with ↓ between the fields; the file says who entered them."""
    path = ready_for_seats("rftg", tmp_path)
    host = Host(path)
    app = JoinApp(tmp_path)
    async with app.run_test(size=NARROW) as pilot:
        await take_seat(pilot, app, 0)
        assert on_step(app, "tableau-0")
        for name in [*MAYA_CARDS, "Rebel Outpost"]:
            await pilot.press(*letters_for(name), "enter")
        assert isinstance(app.screen, JoinCardsScreen)
        assert app.screen.cards[-1] == "Rebel Outpost"
        await pilot.press("backspace")  # a mistake: off it comes
        assert app.screen.cards == MAYA_CARDS
        await pilot.press("enter")
        await until(pilot, lambda: message(app) == SENT, "sent")
        await until(pilot, lambda: on_step(app, "counts-0"), "the counts", host)
        assert message(app) == "✓ Entered: Maya: tableau"
        assert isinstance(app.screen, JoinFormScreen)
        await pilot.press("1", "4", "down", "4", "down", "2", "enter")
        await until(pilot, lambda: isinstance(app.screen, DoneScreen), "done", host)
    assert logged(path, "tableau-0")["values"] == {"tableau": MAYA_CARDS}
    assert logged(path, "counts-0")["values"] == {"chips": 14, "hand": 4, "goods": 2}
    assert {logged(path, s)["by"] for s in ("tableau-0", "counts-0")} == {"Maya"}
    host.leave()


async def test_a_refused_value_is_shown_at_its_field_and_the_typing_kept(tmp_path: Path) -> None:
    path = ready_for_seats("rftg", tmp_path)
    host = Host(path)
    table = Table(path)
    app = JoinApp(tmp_path)
    async with app.run_test(size=NARROW) as pilot:
        await take_seat(pilot, app, 1)
        table.send(1, "tableau-1", RFTG[1][0][1])  # sent before a dropped link, say
        await until(pilot, lambda: on_step(app, "counts-1"), "Jonas's counts", host)
        await pilot.press("9", "down", "3", "down", "1", "enter")
        await until(pilot, lambda: app.seat is not None and app.seat.pending is not None, "sent")
        offer = table.offer_of(1)
        assert offer is not None
        # The host's rules say no (as the file's door would), naming the field.
        table.answer(1, Answer(offer.id, "counts-1", "refused", "hand", "Cards in hand: no"))
        await until(pilot, lambda: "Cards in hand: no" in shown(app, "#error-hand"), "refused")
        assert on_step(app, "counts-1") and app.screen.focused is app.screen.query_one(
            "#field-hand")
        assert [shown(app, f"#field-{k}") for k in ("chips", "hand", "goods")] == ["9", "3", "1"]
    host.leave()


async def test_a_card_claimed_by_two_players_is_refused_and_told_to_both(tmp_path: Path) -> None:
    """Jonas lists Maya's start world before Maya's tableau is in: the host refuses his
    (said on his screen), and tells Maya, who sees it on her screen."""
    path = ready_for_seats("rftg", tmp_path)
    host = Host(path)
    table = Table(path)
    maya, jonas = JoinApp(tmp_path), JoinApp(tmp_path)
    async with maya.run_test(size=NARROW) as pilot:
        await take_seat(pilot, maya, 0)
        async with jonas.run_test(size=NARROW) as other:
            await take_seat(other, jonas, 1)
            await other.press(*letters_for("Alpha Centauri"), "enter", "enter")
            await until(other, lambda: jonas.seat is not None and jonas.seat.pending is not None,
                        "Jonas's tableau sent")
            table.send(0, "tableau-0", RFTG[0][0][1])  # Maya's, sent from elsewhere first
            host.serve()
            await until(other, lambda: "Alpha Centauri" in message(jonas), "Jonas refused")
            assert on_step(jonas, "tableau-1")
            assert "Maya listed it too" in message(jonas), "Jonas is told who else has it"
        await until(pilot, lambda: "Jonas also listed Alpha Centauri" in message(maya),
                    "Maya told")
    host.leave()


async def test_the_hosts_own_seat_is_marked_and_refused_with_the_reason(tmp_path: Path) -> None:
    path = ready_for_seats("rftg", tmp_path)
    host = Host(path)
    host.table.keep_host_seat(0)
    app = JoinApp(tmp_path)
    async with app.run_test(size=NARROW) as pilot:
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, SeatScreen)
                    and shown(app, "#seats").startswith("1. Maya (the host's)\n2. Jonas\n"),
                    "the seats")
        await pilot.press("enter")
        await until(pilot, lambda: "host's own seat" in shown(app, "#seat-message"),
                    "the refusal")
        assert app.seat is None and not Table(path).held(0)
    host.leave()


async def test_f1_on_a_players_own_terminal_explains_the_step(tmp_path: Path) -> None:
    """The joiner has the host's help: F1 in the footer, the step's rules and keys, Esc back."""
    path = ready_for_seats("rftg", tmp_path)
    host = Host(path)
    app = JoinApp(tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        await take_seat(pilot, app, 1)
        assert any(b.binding.key == "f1" and b.enabled for b in app.active_bindings.values())
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen) and app.screen.is_mounted,
                    "the help")
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.body != NO_HELP and "6-cost" in app.screen.body
        await pilot.press("escape")
        await until(pilot, lambda: on_step(app, "tableau-1"), "back on the step")
    host.leave()


async def test_galileo_scoring_is_filled_with_enter_between_the_fields(tmp_path: Path) -> None:
    """A phone's keyboard has no arrows: Enter goes to the next field, and the last one's
    Enter sends the step."""
    path = ready_for_seats("galileo", tmp_path)
    host = Host(path)
    values = GALILEO[0][0][1]
    app = JoinApp(tmp_path)
    async with app.run_test(size=NARROW) as pilot:
        await take_seat(pilot, app, 0)
        assert on_step(app, "scores-0") and isinstance(app.screen, JoinFormScreen)
        for field in app.screen.step.fields:
            if field.kind == "int":
                await pilot.press(*str(values[field.key]))
            elif values[field.key] != field.default:
                await pilot.press("space")  # a choice's next option
            assert message(app) != SENT, "nothing is sent before the last field"
            await pilot.press("enter")
        await until(pilot, lambda: done(app, "1. ✓ Marta: final scoring"), "entered", host)
    entry = logged(path, "scores-0")
    assert entry["values"] == values and entry["by"] == "Marta"
    host.leave()


async def test_the_waiting_screen_moves_on_once_the_host_gets_there(tmp_path: Path) -> None:
    path = before_the_round_is_finished(tmp_path)
    host = Host(path)
    app = JoinApp(tmp_path)
    async with app.run_test(size=NARROW) as pilot:
        await take_seat(pilot, app, 3)
        await until(pilot, lambda: isinstance(app.screen, WaitScreen)
                    and "The host is at 'Finish the round'" in shown(app, "#wait-text"),
                    "waiting")
        host.confirm("finish-round", {})
        await until(pilot, lambda: on_step(app, "tableau-3"), "Luis's tableau")
    host.leave()


async def test_the_done_screen_reopens_a_step_and_ends_with_the_final_scores(
        tmp_path: Path) -> None:
    path = ready_for_seats("rftg", tmp_path)
    host = Host(path)
    table = Table(path)
    app = JoinApp(tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        await take_seat(pilot, app, 0)
        for step_id, values in RFTG[0]:
            table.send(0, step_id, values)  # as if typed before a dropped link
            await until(pilot, partial(host.has, step_id), "in", host)
        both = "1. ✓ Maya: tableau\n2. ✓ Maya: chips, hand and goods"
        await until(pilot, lambda: done(app, both), "done")
        assert "Table: Jonas waiting · Priya waiting · Luis waiting" in shown(app, "#done-others")
        await pilot.press("enter")  # the tableau again, to change it
        await until(pilot, lambda: on_step(app, "tableau-0"), "the tableau reopened")
        assert isinstance(app.screen, JoinCardsScreen) and app.screen.cards == MAYA_CARDS
        await pilot.press("enter")  # sent again as it was
        await until(pilot, lambda: done(app, both), "done again", host)
        await pilot.press("2", "enter")  # a phone has no arrows: the number picks the step
        await until(pilot, lambda: on_step(app, "counts-0"), "the counts reopened")
        await pilot.press("enter", "enter", "enter")  # field to field, sent from the last
        await until(pilot, lambda: done(app, both), "done a third time", host)
        for seat in (1, 2, 3):
            for step_id, values in RFTG[seat]:
                table.send(seat, step_id, values)
                await until(pilot, partial(host.has, step_id), "in", host)
        await until(pilot, lambda: "final scores" in shown(app, "#join-heading"), "finished")
        assert shown(app, "#done-scores").startswith("★ Luis wins\n1. Luis  53\n2. Jonas  52")
        assert not any(b.binding.action == "reopen" for b in app.active_bindings.values()
                       if b.enabled), "a finished game is not changed from here"
    host.leave()


async def test_what_was_typed_comes_back_when_the_player_joins_again(tmp_path: Path) -> None:
    path = ready_for_seats("rftg", tmp_path)
    host = Host(path)
    first = JoinApp(tmp_path)
    async with first.run_test(size=NARROW) as pilot:
        await take_seat(pilot, first, 0)
        await pilot.press(*letters_for("Alpha Centauri"), "enter", *"mini")
    again = JoinApp(tmp_path)
    async with again.run_test(size=NARROW) as pilot:
        await take_seat(pilot, again, 0)
        assert isinstance(again.screen, JoinCardsScreen)
        assert again.screen.cards == ["Alpha Centauri"] and shown(again, "#search") == "mini"
        assert "What was typed here before is back" in message(again)
    host.leave()


async def test_the_host_away_is_said_and_the_step_waits_for_them(tmp_path: Path) -> None:
    path = ready_for_seats("galileo", tmp_path)
    host = Host(path)
    app = JoinApp(tmp_path)
    async with app.run_test(size=NARROW) as pilot:
        await take_seat(pilot, app, 1)
        host.leave()
        await until(pilot, lambda: shown(app, "#table-line") == HOST_AWAY, "the host away")
        await pilot.press(*["enter"] * len(app.screen.focus_chain))  # field by field, then sent
        await until(pilot, lambda: message(app) == SENT, "sent, waiting in the mailbox")
        host = Host(path)
        await until(pilot, lambda: isinstance(app.screen, DoneScreen), "entered", host)
        await until(pilot, lambda: shown(app, "#join-status") == "", "the host back")
    host.leave()


async def test_a_finished_game_waits_for_no_host(tmp_path: Path) -> None:
    """Once the final scores are in, the host leaving is nothing to wait for: the players'
    screens keep the scores without "The host is away"."""
    path = ready_for_seats("rftg", tmp_path)
    host = Host(path)
    table = Table(path)
    app = JoinApp(tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        await take_seat(pilot, app, 0)
        for seat in range(4):
            for step_id, values in RFTG[seat]:
                table.send(seat, step_id, values)
                await until(pilot, partial(host.has, step_id), "in", host)
        await until(pilot, lambda: "final scores" in shown(app, "#join-heading"), "finished")
        host.leave()
        app.show_status()  # as the app's own look a few times a second does
        assert shown(app, "#join-status") == ""
        assert "final scores" in shown(app, "#join-heading")
