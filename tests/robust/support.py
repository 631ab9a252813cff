"""What the robustness tests share: reading the app's notifications."""

from __future__ import annotations

from typing import Any

from textual.app import App


def notices(app: App[Any]) -> list[str]:
    """The messages of the notifications on screen now, oldest first."""
    return [notification.message for notification in app._notifications]
