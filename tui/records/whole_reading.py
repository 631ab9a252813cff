"""The whole file of a session opened on its head (lastround.session.early), read while its final
scores are shown: what opening it the ordinary way gives, its log replayed.

Pure but for reading the file: no Textual. Run in a thread by the replay screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from lastround.records.replay import Moment, log_lines, replay
from lastround.session.safe_read import SaveError
from lastround.session.safekeeping import load_session
from lastround.session.session import Session


@dataclass(frozen=True)
class WholeReading:
    """The whole file: its session, its log replayed and what the final page says of the log
    (log_lines); or the one line refusing it, as opening it the ordinary way says."""

    session: Session | None = None
    moments: Sequence[Moment] = ()
    lines: Sequence[str] = ()
    refused: str = ""


def read_whole(path: Path) -> WholeReading:
    try:
        session = load_session(path)
    except SaveError as error:
        return WholeReading(refused=str(error))
    moments = replay(session.data)
    return WholeReading(session, moments, log_lines(session.data, moments))
