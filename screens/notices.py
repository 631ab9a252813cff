"""A screen's own line for confirmations, which the apps' `notify` fills instead of covering
the screen with a toast (lastround.shell.look)."""

from __future__ import annotations

from typing import Protocol, runtime_checkable


@runtime_checkable
class ShowsNotices(Protocol):
    """A screen with a line of its own for confirmations, instead of a toast over it."""

    def show_notice(self, text: str) -> bool: ...
