"""Replay: a session's log step by step, read-only, ending on its final scores.

← and → move through the log entries (Home and End jump to the first and to the scores);
each shows what was entered, by whom, and how the running totals moved. The page after the
last entry is the breakdown. `c` corrects an entry of a finished game (logged, never
overwritten); `x` writes the final scores as Markdown into the saves folder's exports/.
Nothing here writes the session file except a confirmed correction.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from screens.breakdown import details_table, score_table, winner_text
from screens.messages import LeaveReplay
from tui.games.base import RulesError
from tui.records.corrections import correctable_steps
from tui.records.replay import Moment, Standing, drift, final_result, replay
from tui.records.replay_text import correction_notes
from tui.records.session_record import when
from tui.session.session import Session
from tui.widgets.footer import SteadyFooter
from tui.widgets.key_order import focus_now
from tui.widgets.plain import Plain, PlainTable
from tui.widgets.title_bar import TitleBar

if TYPE_CHECKING:
    from screens.step import StepDrafts

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

# The latest corrections the final page lists; earlier ones are counted in one line.
NOTES_SHOWN = 10


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
        Binding("end", "go(-1)", "Scores", id="replay-scores", priority=True, show=False,
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
        self.moments = replay(session.data)
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
        yield SteadyFooter(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.show()
        focus_now(self.query_one("#replay-body"))

    def help_text(self) -> str:
        return HELP

    # pages --------------------------------------------------------------------
    @property
    def pages(self) -> int:
        return len(self.moments) + 1

    def show(self) -> None:
        if self.page < len(self.moments):
            moment = self.moments[self.page]
            title = moment.title + (f" ({moment.player})" if moment.player and
                                    moment.player not in moment.title else "")
            self.sub_title = f"Replay · entry {moment.number} of {len(self.moments)}"
            body = moment_page(moment)
        else:
            title = "Breakdown of the final scores"
            self.sub_title = "Replay · final scores"
            body = self.final_page()
        self.query_one("#replay-title", Static).update(title)
        self.query_one("#replay-page", Static).update(body)
        self.query_one("#replay-body", VerticalScroll).scroll_home(animate=False)
        self.refresh_bindings()

    def final_page(self) -> RenderableType:
        parts: list[RenderableType] = []
        if not self.moments:
            parts.append(Text("This file has no log: only its final scores can be shown."))
        try:
            result = final_result(self.session.data)
        except RulesError as error:
            parts.append(Text(f"✗ Can't total yet: {error.key}: {error.message}"))
            return Group(*parts)
        parts += [score_table(result), Text(""), winner_text(result)]
        if result.explanation:
            parts += [Text(""), Text("\n".join(result.explanation))]
        notes = correction_notes(self.session.data)
        if len(notes) > NOTES_SHOWN:  # thousands of lines took seconds to draw
            notes = [f"✎ {len(notes) - NOTES_SHOWN} earlier corrections after the game: each "
                     "is an entry of the replay", *notes[-NOTES_SHOWN:]]
        other = drift(self.session.data, self.moments)
        if notes or other:
            parts += [Text(""), *(Text(line) for line in [*notes, other] if line)]
        breakdown = self.session.steps()[-1]
        for text in (breakdown.text, breakdown.notes):  # notes: Galileo's Tier III draws
            if text:
                parts += [Text(""), Text(text)]
        parts += [Text(""), details_table(result)]
        return Group(*parts)

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
        if action in ("correct", "export", "bgstats"):
            return self.session.finished and self.scores()
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
        from tui.records.export import export_session
        from tui.session.safe_read import SaveError

        try:
            target = export_session(self.saves, self.path_name, self.session.data)
        except (OSError, ValueError, SaveError) as error:
            self.notify(f"Not exported: {error}", title="Export", severity="error")
            return
        self.notify(f"Final scores written as Markdown to {target}", title="Exported")

    def action_bgstats(self) -> None:
        from screens.qr import QrScreen, link_for

        self.app.push_screen(QrScreen(link_for(self.session)))

    def action_correct(self) -> None:
        from screens.correction import CorrectionPicker

        choices = correctable_steps(self.session)
        if not choices:
            self.notify("This session has no counted entry to correct.", severity="warning")
            return
        current = self.moments[self.page].step_id if self.page < len(self.moments) else None
        self.app.push_screen(CorrectionPicker(choices, current), self.open_correction)

    def open_correction(self, step_id: str | None) -> None:
        from screens.correction import correction_screen

        if step_id is None:
            return
        choice = next(c for c in correctable_steps(self.session) if c.step.id == step_id)
        self.app.push_screen(correction_screen(choice.step.kind)(
            self.session, choice.step, choice.index, self.drafts, self.corrected))

    def corrected(self) -> None:
        """A correction was saved: replay again and show where the scores stand now."""
        self.moments = replay(self.session.data)
        self.page = len(self.moments)
        self.show()
        self.notify(f"Correction saved to {self.path_name}; the log keeps the old values.",
                    title="Corrected")
