"""Replay: a session's log step by step, read-only, ending on its final scores.

← and → move through the log entries (Home and End jump to the first and to the scores);
each shows what was entered, by whom, and how the running totals moved. The page after the
last entry is the breakdown. `c` corrects an entry of a finished game (logged, never
overwritten); `x` writes the final scores as Markdown into the saves folder's exports/.
Nothing here writes the session file except a confirmed correction.

A long finished file opens on its final scores read from the file's head (lastround.session.early),
and its log is read by a worker while they are shown: until then the page says so, and the
keys that need the log wait for it (the app holds them, in order: `holds_key`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static
from textual.worker import Worker, WorkerState

from lastround.games.base import RulesError
from lastround.records.corrections import correctable_steps
from lastround.records.final_scores import Breakdown, final_scores
from lastround.records.replay import Moment, Standing, final_result, log_lines, replay
from lastround.records.session_record import when
from lastround.records.whole_reading import WholeReading, read_whole
from lastround.screens.messages import LeaveReplay, LogRead
from lastround.session.early import EarlySession, same_head
from lastround.session.session import Session
from lastround.widgets.final_scores import FinalScores
from lastround.widgets.footer import SteadyFooter
from lastround.widgets.key_order import OrderedKeys, focus_now
from lastround.widgets.plain import Plain, PlainTable
from lastround.widgets.title_bar import TitleBar

if TYPE_CHECKING:
    from lastround.screens.step import StepDrafts

HELP = """\
Replay walks through everything the table confirmed, in the order it happened. Each page
is one entry of the session's log: what was entered, by whom when one player was asked,
and how the running totals moved: until every player is counted, each player's points so
far, from the parts entered (named beside them). The page after the last entry is the
breakdown of the final scores.

Correct an entry with C when something was miscounted: pick the step, change its values
and confirm. The correction is added to the log beside the old values, the totals and the
winner are worked out again, and the breakdown says the session was corrected.

X writes the final scores as a Markdown table into the exports folder of the saves folder,
ready to paste into a chat. B shows the play as a QR code: a phone scans it and BG Stats
opens the play to save."""

# Keys taken at once while the log is read: leaving, quitting, help. Others wait for it.
TAKEN_WHILE_READING = ("escape", "ctrl+q", "f1")


def number_text(value: int | None) -> str:
    return "—" if value is None else str(value)


def totals_table(moment: Moment) -> Table:
    table = PlainTable(box=None, pad_edge=False, show_edge=False, header_style="bold")
    table.add_column("Player")
    table.add_column("Before", justify="right")
    table.add_column("After", justify="right", style="bold")
    table.add_column("Change")
    for standing in moment.standings:
        crown = " ★" if standing.winner else ""
        table.add_row(f"{standing.name}{crown}", number_text(standing.shown_before),
                      number_text(standing.shown_after), moved_text(standing))
    return table


def moved_text(standing: Standing) -> str:
    """How the player's points moved, and while the table is not all counted, from what."""
    change = standing.change
    if change is None:
        return "nothing entered yet"
    moved = f"{change:+d}" if change else "="
    if standing.counted:
        return moved
    parts = standing.so_far_after.parts if standing.so_far_after else ()
    return f"{moved} so far ({', '.join(parts)})"


def counted_note(moment: Moment) -> str:
    """Whether the numbers are totals yet, said once under the table."""
    standings = moment.standings
    if not all(s.counted for s in standings):
        return ("Points so far, from the parts entered (named beside them): the totals "
                "show once every player is counted.")
    if any(s.before is None for s in standings):
        return "Every player is counted now: these are the totals."
    return ""


def entered_table(moment: Moment) -> Table:
    table = PlainTable(box=None, pad_edge=False, show_edge=False, show_header=False, expand=True)
    table.add_column("What", max_width=40)
    table.add_column("Value", ratio=1)
    for what, value in moment.entered:
        table.add_row(what, value)
    return table


def changes_table(moment: Moment) -> Table:
    table = PlainTable(box=None, pad_edge=False, show_edge=False, header_style="bold")
    table.add_column("Corrected", max_width=40)
    table.add_column("Was", max_width=30)
    table.add_column("Now", max_width=30)
    for what, was, now in moment.changes:
        table.add_row(what, was, now)
    return table


def moment_page(moment: Moment) -> RenderableType:
    asked = f" · asked: {moment.player}" if moment.player else ""
    parts: list[RenderableType] = [
        Text(f"{when(moment.at)} UTC · {moment.kind}{asked}"),
    ]
    if moment.problem:
        parts.append(Text(f"✗ This entry could not be replayed: {moment.problem}"))
    if moment.changes:
        parts += [Text(""), changes_table(moment)]
    else:
        parts += [Text(""), Text("Entered", style="bold"), entered_table(moment)]
    parts += [Text(""), Text("Running totals", style="bold"), totals_table(moment)]
    if note := counted_note(moment):
        parts.append(Text(note))
    if moment.winner_changed:
        parts.append(Text(""))
        parts.append(Text(f"✎ The winner changed: {' and '.join(moment.winners_before)} → "
                          f"{' and '.join(moment.winners_after)}", style="bold"))
    return Group(*parts)


class ReplayScreen(Screen[None]):
    BINDINGS = [
        # Priority: the scrolling body would otherwise take ←→ and Home/End for itself.
        # Each pair shares one footer entry, so every key fits in 80 columns.
        Binding("left", "move(-1)", "Step", id="replay-earlier", priority=True,
                key_display="←→", tooltip="The log entry before (←) or after (→) this one"),
        Binding("right", "move(1)", "Later", id="replay-later", priority=True, show=False,
                tooltip="The next log entry (the final scores come last)"),
        Binding("home", "go(0)", "First/scores", id="replay-first", priority=True,
                key_display="Home/End", tooltip="The first entry (Home) or the final scores (End)"),
        Binding("end", "go(-1)", "Breakdown", id="replay-scores", priority=True, show=False,
                tooltip="The final scores, after the last entry"),
        Binding("c", "correct", "Correct", id="correct-entry",
                tooltip="Correct an entry of this finished game (the log keeps the old values)"),
        Binding("x", "export", "Export", id="export-markdown",
                tooltip="Write the final scores as a Markdown table into the exports folder"),
        # Not in the footer, which has no room left at 76 columns: F1 and the palette list it.
        Binding("b", "bgstats", "BG Stats", id="bgstats-qr", show=False,
                tooltip="The play as a QR code: a phone scans it and BG Stats opens the play"),
        Binding("escape", "close", "Close", id="close-replay",
                tooltip="Leave the replay (nothing in the file changes)"),
    ]

    LOOKS_BACK = True  # the app leaves out its Galileo entry aids (F2, F3) here

    def __init__(self, session: Session, drafts: StepDrafts, saves: Path, *,
                 leaving_exits: bool = False) -> None:
        super().__init__()
        self.session = session
        self.drafts = drafts  # a correction's screen reads what was typed in it before
        self.saves = saves  # the exports' folder is in it
        # Opened from the command line (`lastround replay FILE`): Esc goes back to the shell.
        self.leaving_exits = leaving_exits
        # A long file opened on its head (lastround.session.early): its log is read once shown.
        self.reading = isinstance(session, EarlySession)
        self.moments: Sequence[Moment] = () if self.reading else replay(session.data)
        self.lines: Sequence[str] = () if self.reading else log_lines(session.data,
                                                                       self.moments)
        self.keys_waiting = 0  # typed while the log is read: said on the page
        self.page = len(self.moments)  # opens on the final scores

    @property
    def path_name(self) -> str:
        return self.session.path.name if self.session.path else "this session"

    def compose(self) -> ComposeResult:
        self.title = self.session.title
        yield TitleBar()
        yield Plain("", id="replay-title", classes="step-title")
        with VerticalScroll(id="replay-body") as body:
            body.can_focus = True  # ↑↓ and PgUp/PgDn scroll a long page
            yield Plain("", id="replay-page")
            yield FinalScores(id="replay-scores")
        yield SteadyFooter(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.show()
        focus_now(self.query_one("#replay-body"))
        if self.reading and self.session.path is not None:  # once the final scores are drawn:
            # reading the log holds the interpreter for as long as it takes
            self.call_after_refresh(self.run_worker, partial(read_whole, self.session.path),
                                    name="replay-log", thread=True, exit_on_error=False)

    # the log, read while the final scores are shown ---------------------------------------------
    def holds_key(self, event: events.Key | events.Paste) -> bool:
        """Whether a key waits for the log (the app holds it, in order,
        lastround.widgets.key_order):
        moving through the log, correcting or exporting need all of it."""
        if not self.reading or (isinstance(event, events.Key)
                                and event.key in TAKEN_WHILE_READING):
            return False
        waiting = len(self.app.held) if isinstance(self.app, OrderedKeys) else 1
        if waiting != self.keys_waiting:  # asked again as each key comes
            self.keys_waiting = waiting
            self.show()
        return True

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.name != "replay-log" or event.state not in (WorkerState.SUCCESS,
                                                                     WorkerState.ERROR):
            return
        whole = event.worker.result
        if not isinstance(whole, WholeReading) or whole.session is None:
            self.refused(whole.refused if isinstance(whole, WholeReading) else
                         f"{self.path_name}: can't be read: {event.worker.error}")
            return
        same = same_head(self.session.data, whole.session.data)
        self.session, self.moments, self.lines = whole.session, whole.moments, whole.lines
        self.reading = False
        self.app.post_message(LogRead(self, whole.session))
        self.page = len(self.moments)
        self.show()
        if not same:  # the log's part of the file changed what its head said
            self.notify("The whole file gives other final scores than its first part: "
                        "these are the whole file's.", title="Read again", severity="warning")
        if isinstance(self.app, OrderedKeys):
            self.app.hold_for(self)  # the keys typed meanwhile, in turn

    def refused(self, why: str) -> None:
        """The whole file is refused: as if it had never opened (the same one line)."""
        self.notify(why, title="Can't open", severity="error")
        self.app.post_message(LeaveReplay(self))  # to the screen under it, never out

    def help_text(self) -> str:
        return HELP

    # pages --------------------------------------------------------------------
    @property
    def pages(self) -> int:
        return len(self.moments) + 1

    def show(self) -> None:
        scores: Breakdown | None = None
        if self.page < len(self.moments):
            moment = self.moments[self.page]
            title = moment.title + (f" ({moment.player})" if moment.player and
                                    moment.player not in moment.title else "")
            self.sub_title = f"Replay · entry {moment.number} of {len(self.moments)}"
            body: RenderableType = moment_page(moment)
        else:
            title = "Breakdown of the final scores"
            self.sub_title = "Replay · final scores" + (" · reading the log…" if self.reading
                                                         else "")
            body, scores = self.final_page()
        self.query_one("#replay-title", Static).update(title)
        page = self.query_one("#replay-page", Static)
        page.update(body)
        page.display = bool(body)
        self.query_one(FinalScores).show(scores)
        self.query_one(FinalScores).display = scores is not None
        self.query_one("#replay-body", VerticalScroll).scroll_home(animate=False)
        self.refresh_bindings()

    def final_page(self) -> tuple[str, Breakdown | None]:
        """What is said above the final scores (no log, no totals), and the scores."""
        said = ("" if self.moments or self.reading
                else "This file has no log: only its final scores can be shown.")
        try:
            result = final_result(self.session.data)
        except RulesError as error:
            problem = f"✗ Can't total yet: {error.key}: {error.message}"
            return "\n".join(filter(None, (said, problem))), None
        lines = [self.reading_line()] if self.reading else self.lines
        breakdown = self.session.steps()[-1]  # its notes: Galileo's Tier III draws
        return said, final_scores(result, ["\n".join(lines), breakdown.text, breakdown.notes])

    def reading_line(self) -> str:
        waiting = self.keys_waiting
        keys = ("" if not waiting else ": the key typed is taken once it is read" if waiting == 1
                else f": the {waiting} keys typed are taken once it is read")
        return f"⋯ Reading the log (its entries and corrections){keys}…"

    def action_move(self, delta: int) -> None:
        self.go_to(self.page + delta)

    def action_go(self, page: int) -> None:
        self.go_to(page % self.pages)

    def go_to(self, page: int) -> None:
        page = max(0, min(page, self.pages - 1))
        if page != self.page:
            self.page = page
            self.show()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Correcting and exporting need a finished session with final scores."""
        if action in ("correct", "export", "bgstats"):  # with the whole log, once read
            return None if self.reading else (self.session.finished and self.scores())
        return True

    def scores(self) -> bool:
        try:
            final_result(self.session.data)
        except RulesError:
            return False
        return True

    # actions ------------------------------------------------------------------
    def action_close(self) -> None:
        # The session's lock was held only while a correction was saved: let go, then leave.
        self.app.post_message(LeaveReplay(self, exits=self.leaving_exits))

    def action_export(self) -> None:
        from lastround.records.export import export_session
        from lastround.session.safe_read import SaveError

        try:
            target = export_session(self.saves, self.path_name, self.session.data)
        except (OSError, ValueError, SaveError) as error:
            self.notify(f"Not exported: {error}", title="Export", severity="error")
            return
        self.notify(f"Final scores written as Markdown to {target}", title="Exported")

    def action_bgstats(self) -> None:
        from lastround.screens.qr import QrScreen, link_for

        self.app.push_screen(QrScreen(link_for(self.session)))

    def action_correct(self) -> None:
        from lastround.screens.correction import CorrectionPicker

        choices = correctable_steps(self.session)
        if not choices:
            self.notify("This session has no counted entry to correct.", severity="warning")
            return
        current = self.moments[self.page].step_id if self.page < len(self.moments) else None
        self.app.push_screen(CorrectionPicker(choices, current), self.open_correction)

    def open_correction(self, step_id: str | None) -> None:
        from lastround.screens.correction import correction_screen

        if step_id is None:
            return
        choice = next(c for c in correctable_steps(self.session) if c.step.id == step_id)
        self.app.push_screen(correction_screen(choice.step.kind)(
            self.session, choice.step, choice.index, self.drafts, self.corrected))

    def corrected(self) -> None:
        """A correction was saved: replay again and show where the scores stand now."""
        self.moments = replay(self.session.data)
        self.lines = log_lines(self.session.data, self.moments)
        self.page = len(self.moments)
        self.show()
        self.notify(f"Correction saved to {self.path_name}; the log keeps the old values.",
                    title="Corrected")
