"""A field that holds exactly what was typed.

Textual's Input can refuse a character silently (a type or length limit): `2.5` became `25`
with nothing said. An Entry takes every character; the screen checks the text as it changes
and says under the field what is wrong, and Enter refuses the step until it is right.
Its text is selected when the focus reaches it by a key (see lastround.widgets.key_order), so typing
replaces a value shown there.
"""

from __future__ import annotations

from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import Input


class Entry(Input):
    # Input measures its text as its virtual size, a reactive that lays out the screen when it
    # changes: every key typed laid out the whole screen again (a third of a key's time on a
    # full form). A field's size never depends on its text here (the stylesheet sets its
    # width), so the measure is kept and the field redrawn, without a layout; scrolling along
    # a long text reads it all the same.
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    def __init__(self, value: str = "", *, id: str | None = None, classes: str = "",
                 placeholder: str = "") -> None:
        super().__init__(value, placeholder=placeholder, id=id, classes=classes, compact=True,
                         select_on_focus=False)  # selected at once by focus_now, not later

    def on_mount(self) -> None:
        # Without a terminal nobody sees a blink, and a picture of the screen (a snapshot)
        # must not depend on the moment it is taken.
        self.cursor_blink = not self.app.is_headless
