"""A step that only tells the table something; Enter goes on."""

from __future__ import annotations

from screens.step import StepScreen


class InfoScreen(StepScreen):
    BODY_SCROLLS = True
