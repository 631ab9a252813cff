"""What the robustness tests share: the notifications an app showed."""

from __future__ import annotations

from typing import Any
from weakref import WeakKeyDictionary

import pytest
from textual.app import App

SHOWN: WeakKeyDictionary[App[Any], list[str]] = WeakKeyDictionary()


def keep_notices(monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep each message LastRoundApp.notify hands to Textual's own (which shows it as a
    toast), for `notices`."""
    textual_notify = App.notify

    def kept(self: App[Any], message: str, **options: Any) -> None:
        SHOWN.setdefault(self, []).append(message)
        textual_notify(self, message, **options)

    monkeypatch.setattr(App, "notify", kept)


def notices(app: App[Any]) -> list[str]:
    """The messages of the notifications the app has shown, oldest first."""
    return list(SHOWN.get(app, []))
