"""The time as a session file records it: UTC, to the second (`created`, each log entry's `at`).

Its own module: the app takes it as its clock before any session is open, and loads no
session for it."""

from __future__ import annotations

from datetime import UTC, datetime


def now_stamp() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
