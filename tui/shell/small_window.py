"""A window below the minimum size: a message covers everything, and the screens underneath
keep what was typed and come back once it is large enough. Mixed into LastRoundApp."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import App
from textual.geometry import Size


class SmallWindow(App[Any]):
    screens_ready = False  # the size is checked once the app has pushed its first screens

    @property
    def is_too_small(self) -> bool:
        from lastround.screens.too_small import TooSmallScreen

        return bool(self.screen_stack) and isinstance(self.screen, TooSmallScreen)

    def on_resize(self, event: events.Resize) -> None:
        if self.screens_ready:
            self.fit_to_terminal(event.size)

    def fit_to_terminal(self, size: Size) -> None:
        """Below the minimum size, cover everything with a message."""
        from lastround.screens.too_small import TooSmallScreen, too_small

        if too_small(size):
            if isinstance(self.screen, TooSmallScreen):
                self.screen.show(size)
            else:
                self.push_screen(TooSmallScreen(size))
        elif self.is_too_small:
            self.pop_screen()
