"""The box every modal shows over the screen below it: one look, in dialog.tcss.

A modal screen is a DialogScreen, which centres its box; the box is a Dialog (its lines as
they come) or a ScrollingDialog (↑↓ and PgUp/PgDn reach a long text). Each modal's own
stylesheet says only how it differs: its width, the most lines it takes, a warning's border.
"""

from __future__ import annotations

from typing import TypeVar

from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen

ResultType = TypeVar("ResultType")


class DialogScreen(ModalScreen[ResultType]):
    """A modal screen whose box sits in the middle of the screen below it. Centred by its
    class, not its type: a screen that mixes in another Screen first (Offstage) is styled
    by that one's type."""

    DEFAULT_CLASSES = "dialog-screen"


class Dialog(Vertical):
    """A modal's box: framed, on the surface colour, 76 columns (an 80-column terminal's
    width less its margins), as tall as its lines."""


class ScrollingDialog(VerticalScroll):
    """A Dialog whose lines scroll when they are more than it may show."""
