"""What is typed in a step before it is confirmed, kept for the open session (see
tui.session.drafts): mixed into LastRoundApp, which asks for it as the step screens type."""

from __future__ import annotations

from contextlib import suppress

from tui.games.base import Step
from tui.session.drafts import Drafts, DraftValues, draft_path
from tui.session.locks import SessionLock
from tui.session.owner import Session


class Drafting:
    """The open session's drafts, while what is typed in it is this app's to keep."""

    drafts: Drafts | None = None  # the open session's, once it has a file
    session: Session | None  # set by the app
    read_only: bool
    lock: SessionLock | None

    def session_drafts(self) -> Drafts | None:
        """The open session's drafts, while this app holds the session's lock (another app
        may be typing in it)."""
        session = self.session
        if (session is None or session.path is None or self.read_only or session.finished
                or self.lock is None):
            return None
        if self.drafts is None or self.drafts.path != draft_path(session.path):
            self.drafts = Drafts(session.path)
        return self.drafts

    def draft_for(self, step: Step) -> DraftValues | None:
        drafts = self.session_drafts()
        if drafts is None or self.session is None:
            return None
        return drafts.get(step.id, self.session.entries_of(step.id))

    def keep_draft(self, step: Step, values: DraftValues | None) -> None:
        """Keep what is typed in `step` (None: nothing beyond what it showed)."""
        drafts = self.session_drafts()
        if drafts is None or self.session is None:
            return
        try:
            if values is None:
                drafts.drop(step.id)
            else:
                drafts.keep(step.id, self.session.entries_of(step.id), values)
        except OSError:
            pass  # a draft only spares retyping; the confirmed steps are saved and said so

    def drop_drafts(self) -> None:
        """The session is finished: no step is left to type in."""
        session = self.session
        if session is not None and session.path is not None:
            with suppress(OSError):
                draft_path(session.path).unlink(missing_ok=True)
        self.drafts = None
