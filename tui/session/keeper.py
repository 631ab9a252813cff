"""The session keeper: the open session and everything that changes or writes it. No Textual.

The app (lastround.app) holds one and shows what it answers (lastround.session.outcomes): what to
show next, a refusal to say at its field, a change the table must agree to first, a failed save.
It never draws anything, and nothing else replaces a session's data. It keeps whether the
session is read-only, its lock and saves (lastround.session.safekeeping), its drafts, corrections
after the game, and the host's table (each seat's offer taken by the rules, saved, answered).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lastround.games.base import RulesError, Step
from lastround.session.clock import now_stamp
from lastround.session.drafts import Drafts, DraftValues, draft_path
from lastround.session.locks import SessionLock
from lastround.session.outcomes import (
    AskFirst,
    Confirmed,
    Finished,
    Home,
    Next,
    NotOpened,
    NotSaved,
    Opened,
    Refused,
    Stay,
    TableClosed,
    TableNews,
)
from lastround.session.safe_read import SaveError
from lastround.session.safekeeping import Safekeeping, load_session
from lastround.session.session import Session

if TYPE_CHECKING:  # loaded once a table is opened: they are not on the home's first frame
    from lastround.session.table import Table

PAUSE_MESSAGE = ("Saved. The game goes on: open this session again at the end of the "
                 "next round.")


# The players' terminals hold their seats by these names, and the session's file is named so.
TABLE_KEEPS_NAMES = ("The table is open to the players' own terminals under these names: "
                     "they can't change until the game is finished (a correction can then).")

class Keeper:
    """The open session's one owner."""

    def __init__(self, saves: Path, *, clock: Callable[[], str] = now_stamp,
                 seed: int | None = None) -> None:
        self.saves = saves  # where new sessions go (Ctrl+S may change it)
        self.clock = clock
        self.seed = seed
        self.session: Session | None = None
        self.read_only = False
        self.unsaved = False  # the last save failed: the session lives only in memory
        self.safe = Safekeeping()
        self.drafts: Drafts | None = None  # the open session's, once it has a file
        self.table: Table | None = None  # opened by the host (F4)
        self.table_seen: int | None = None  # the table folder's time at the last look

    @property
    def lock(self) -> SessionLock | None:
        return self.safe.lock

    def release_lock(self) -> None:  # on a hang-up too (lastround.shell.hangup)
        if self.table is not None:
            self.table.let_go()
        self.safe.release_lock()

    # opening and closing ------------------------------------------------------------------
    def new_session(self, game_id: str) -> Session:
        session = Session.new(game_id, seed=self.seed, created=self.clock())
        self.session, self.read_only = session, False
        return session

    def begin(self, session: Session) -> None:
        """Keep `session`, new (not yet saved, made ahead of time), for writing: it starts now."""
        session.data["created"] = self.clock()
        self.session, self.read_only = session, False

    def open(self, path: Path, *, read_only: bool = False) -> Opened | NotOpened:
        """Open the session at `path`: for writing, with its lock (and its table, when it is
        still open), unless it is finished or `read_only` (`lastround replay`, an example)."""
        try:
            session = load_session(path, to_fix=not read_only, early=True)  # see load_session
        except SaveError as error:
            return NotOpened(str(error))
        self.session = session
        self.read_only = read_only or session.finished
        if session.finished and not read_only:
            self.close_left_open(path)
        if self.read_only:
            return Opened(0, replay=True)
        refused = self.safe.take_lock(path)
        if refused is not None:  # another app is writing it: look, don't touch
            self.read_only = True
            return Opened(session.resume_index(), read_only_why=refused)
        index = session.resume_index()
        not_saved = None
        if session.steps()[index].kind == "breakdown":
            # Every value is confirmed (saved by a version that finished only on Enter at
            # the final scores): the game is over, so it is saved as finished now.
            with suppress(RulesError):  # it does not total: the final scores say why
                session.finish_with_breakdown(at=self.clock())
            if session.finished:
                not_saved = self.save()
                if not_saved is None:
                    self.drop_drafts()
                    self.read_only = True
                    self.close_left_open(path)
        self.reopen_table()
        return Opened(index, not_saved=not_saved)

    def read_whole(self, whole: Session) -> None:
        """The whole file of the session opened early (load_session) is read: it is open now."""
        if self.session is not None and self.session.path == whole.path:
            self.session = whole

    def close(self) -> None:
        """Nothing more is written to it: its lock goes (an open table stays open: see host)."""
        self.close_table()
        self.session = None
        self.safe.release_lock()

    # confirming a step ----------------------------------------------------------------------
    def confirm(self, step: Step, values: dict[str, Any], *, partial: bool = False,
                undo_agreed: bool = False) -> Confirmed:
        """Record `step` with `values` and save it before answering what to show next.

        With `partial`, progress inside the step is saved and the step stays. A changed
        answer that would undo what was recorded after it is asked first (`AskFirst`),
        unless the table agreed. The last value before the final scores finishes the game
        in the same save (with the table open: the last seat's steps, whichever came last).
        """
        session = self.session
        assert session is not None and not self.read_only
        if not partial and not undo_agreed and (undoes := self.what_it_undoes(step, values)):
            return AskFirst(undoes)
        players_before = session.players
        if self.table is not None and values.get("players", players_before) != players_before:
            return Refused(TABLE_KEEPS_NAMES, "players")
        # Gone back to and changed, undoing nothing: the later steps stand as confirmed.
        corrected = not undo_agreed and step.id in session.confirmed()
        try:
            changed = session.confirm(step, values, at=self.clock(), partial=partial)
        except RulesError as error:
            return Refused(error.message, error.key)
        if partial:
            why = self.save()
            return Stay() if why is None else NotSaved(why)
        return self.save_confirmed(session, step, changed, players_before,
                                   corrected=corrected and changed)

    def save_confirmed(self, session: Session, step: Step, changed: bool,
                       players_before: list[str], *, corrected: bool = False) -> Confirmed:
        """Save a confirmed step (finishing the game when it was the last) and say what
        comes next: the next step, or after a correction that undid nothing, the first
        step not yet confirmed."""
        if (session.finishes_with(step) or self.table_finishes()) and not session.finished:
            with suppress(RulesError):  # it does not total: the breakdown says why
                session.finish_with_breakdown(at=self.clock())
        note = None
        if changed or session.finished or self.unsaved:
            why, note = self.save_named(players_before)
            if why is not None:
                return NotSaved(why, note)
        self.keep_draft(step, None)  # confirmed: what was typed is in the session now
        if session.finished:
            self.finished()
            return Finished(note)
        steps = session.steps()
        index = session.index_of(step.id) + 1
        if corrected:
            index = max(index, session.resume_index())
        if self.table is not None:  # the host's next step skips what the players entered
            from lastround.session.table_offers import next_for_host

            index = next_for_host(session, index)
        if index < len(steps) and steps[index].pause_before:
            return Home(PAUSE_MESSAGE, note)
        return Next(min(index, len(steps) - 1), note)

    def what_it_undoes(self, step: Step, values: dict[str, Any]) -> str | None:
        """The game's sentence for what confirming `values` would undo (None: nothing)."""
        session = self.session
        assert session is not None
        if session.unchanged(step, values):
            return None
        try:
            return session.game.resets(session.data, step, values) or None
        except RulesError:
            return None  # a refused value: confirming says why, at its field

    def keep_earlier(self, step: Step) -> None:
        self.keep_draft(step, None)  # the table kept the earlier answer: the typing goes

    def finish_now(self) -> Finished | Refused | NotSaved:
        """Finish (and save) a session whose every value is confirmed; Refused when it does
        not total."""
        session = self.session
        assert session is not None and not self.read_only
        try:
            session.finish_with_breakdown(at=self.clock())
        except RulesError as error:
            where = f"{error.key}: " if error.key else ""
            return Refused(f"Can't finish yet: {where}{error.message}")
        why = self.save()
        if why is not None:
            return NotSaved(why)
        self.finished()
        return Finished()

    def finished(self) -> None:
        """Saved as finished: the table closes, no draft is left, and it is only read now."""
        self.close_table(close=True)
        self.drop_drafts()
        self.read_only = True

    # corrections after the game ---------------------------------------------------------------
    def correct(self, session: Session, step_id: str,
                values: dict[str, Any]) -> Refused | NotSaved | None:
        """Correct a step of the finished `session` and save it (its log keeps the old values):
        None once saved, else why not, the session left as it was."""
        from lastround.session.correcting import corrected

        try:
            trial = corrected(session, step_id, values, at=self.clock())
        except RulesError as error:
            return Refused(error.message, error.key)
        path = session.path
        refused = self.safe.take_lock(path) if path is not None else None
        if refused is not None:  # another app is writing it (or it can't be locked)
            return Refused(refused)
        self.session = session  # the session written
        why = self.replace_data(trial.data)
        return None if why is None else NotSaved(why)

    # saving ---------------------------------------------------------------------------------
    def save(self) -> str | None:
        """Write the session now (holding its lock): None once written, else why not."""
        session = self.session
        assert session is not None
        why = self.safe.write(session, self.saves)
        self.unsaved = why is not None
        return why

    def save_named(self, players_before: list[str]) -> tuple[str | None, str | None]:
        """Save; when the players changed, under the name the new players give (see
        Safekeeping.move_due), else under the old one. Returns why it was not saved (None
        once saved) and why the file kept its old name (None: no such news)."""
        session = self.session
        assert session is not None
        if not self.safe.move_due(session, players_before):
            return self.save(), None
        kept_name = self.safe.move_to_players_names(session)
        if kept_name is None:
            self.unsaved = False
            return None, None
        return self.save(), kept_name

    def replace_data(self, data: dict[str, Any]) -> str | None:
        """Make `data` the open session's and save it; when it can't be saved, the session
        is left as it was. The one place a session's data is replaced."""
        session = self.session
        assert session is not None
        kept, session.data = session.data, data
        why = self.save()
        if why is not None:
            session.data = kept
        return why

    def save_elsewhere(self, folder: Path) -> str | None:
        """Save the open session in `folder`, the saves folder now: None once saved, else why."""
        session = self.session
        assert session is not None
        why = self.safe.save_elsewhere(session, folder)
        if why is None:
            self.saves = folder
            self.unsaved = False
        return why

    # drafts: what is typed before Enter ---------------------------------------------------------
    def session_drafts(self) -> Drafts | None:
        """The open session's drafts, while this app holds its lock (else another may type)."""
        session = self.session
        if (session is None or session.path is None or self.read_only or session.finished
                or self.safe.lock is None):
            return None
        if self.drafts is None or self.drafts.path != draft_path(session.path):
            self.drafts = Drafts(session.path)
        return self.drafts

    def draft_for(self, step: Step) -> DraftValues | None:
        drafts = self.session_drafts()
        if drafts is None or self.session is None:
            return None
        return drafts.get(step.id, self.session.entries_of(step.id))

    def keep_draft(self, step: Step, values: DraftValues | None) -> str | None:
        """Keep what is typed in `step` (None: nothing beyond what it showed); the first
        failure to keep it, as a line to show."""
        drafts = self.session_drafts()
        if drafts is None or self.session is None:
            return None
        return drafts.put(step.id, self.session.entries_of(step.id), values)

    def drop_drafts(self) -> None:
        """The session is finished: no step is left to type in."""
        session = self.session
        if session is not None and session.path is not None:
            with suppress(OSError):
                draft_path(session.path).unlink(missing_ok=True)
        self.drafts = None

    # the table (table mode, the host's side) ----------------------------------------------------
    def can_open_table(self) -> bool:
        session = self.session
        return (self.table is None and session is not None and session.path is not None
                and not self.read_only and not session.finished)

    def open_table(self, host_seat: int | None) -> str | None:
        """Open the session's table to the players' terminals, all but `host_seat` (the
        seat entered on the host's screen; None: every seat joins): None once open, else why
        not."""
        session = self.session
        if not self.can_open_table() or session is None or session.path is None:
            return "no session is open for writing"
        from lastround.session.table import Table

        return self.host(Table(session.path), host_seat, new=True)

    def host(self, table: Table, host_seat: int | None, *, new: bool = False) -> str | None:
        try:
            table.open()
            table.keep_seat(host_seat, say_so=new)
        except OSError as error:
            return str(error.strerror or error)
        self.table, self.table_seen = table, None
        return None

    def reopen_table(self) -> None:
        """A session opened for writing whose table is still open (the host resumed after a
        drop): the players' seats, drafts and waiting offers are all still there."""
        session = self.session
        if session is not None and session.path is not None and not self.read_only:
            from lastround.session.table import Table

            table = Table(session.path)
            if table.is_open() and not session.finished:
                self.host(table, table.host_seat())  # as it was kept before the drop

    @staticmethod
    def close_left_open(path: Path) -> None:  # a finished game's table (lastround.session.table)
        from lastround.session.table import close_left_open

        close_left_open(path)

    def close_table(self, *, close: bool = False) -> None:
        """Stop hosting the table; `close` it too (the game finished: no seat is left)."""
        if self.table is not None:
            if close:
                self.table.close()
            self.table.let_go()
        self.table, self.table_seen = None, None

    def look_at_table(self) -> list[TableNews] | None:
        """Take what the seats sent since the last look: None when the table is unchanged."""
        table, session = self.table, self.session
        if table is None or session is None or session.path != table.session_path:
            self.close_table()
            return None
        if not table.in_place():  # moved away, or a link or another folder put in its place
            self.close_table()
            return [TableClosed(f"{table.folder.name} was moved or replaced, so the table is "
                                "closed: F4 opens it again")]
        changed = table.changed_since(self.table_seen)
        if changed is None:
            return None
        from lastround.session.table_offers import take_offers

        news = take_offers(session, table, self.clock, self.replace_data)
        # What could not be saved stays unanswered: taken again at a later look.
        self.table_seen = None if any(isinstance(n, NotSaved) for n in news) else changed
        if session.finished:
            self.finished()
        return news

    def table_finishes(self) -> bool:
        """With the table open, the game finishes once every seat's steps are in, whichever
        was entered last."""
        from lastround.games.seats import all_entered

        session = self.session
        return (self.table is not None and session is not None
                and all_entered(session.steps(), session.confirmed()))
